// The player's settings (SPEC §2 "Settings"; the keys of SPEC §3): the video's quality, a
// volume for each kind of sound, animations, full screen on phones, the quick guide, the
// promotion trophy at the tables, subtitles where the operator offers them, and the chat.
// Each change applies at once (lib/settings) and is saved for the player; a save that
// fails says so and still holds for this visit. A modal dialog opened from the header;
// full screen on phones. Its "Responsible gaming" section has the button that opens the
// player's limits (ResponsibleGaming) in its place.
import './settings.css';

import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useSystemReducesMotion } from '../../lib/a11y/motion';
import { casinoConfigOf } from '../../lib/host/casino-config';
import { urlOf } from '../../lib/http/urls';
import { type SessionState, useServices } from '../../lib/session';
import { subtitlesEnabled } from '../../lib/settings';
import {
  type Settings,
  type SettingKey,
  VIDEO_QUALITIES,
  VOLUME_KEYS,
  type VolumeKey,
  useSetting,
} from '../../lib/settings';
import { useStore } from '../../lib/store';
import { AvatarPicker } from '../../ui/Avatar';
import { Popup } from '../../ui/Popup';

const VOLUME_NAMES: Record<VolumeKey, string> = {
  video_sounds: 'SETTINGS_VIDEO_SOUNDS',
  game_effects: 'SETTINGS_GAME_EFFECTS',
  bg_music: 'SETTINGS_BG_MUSIC',
  vo_music: 'SETTINGS_VOICE',
  dealer_voice: 'SETTINGS_DEALER_VOICE',
};

/** Runs a save, reporting a failure to `failed`. */
function saving(save: Promise<void>, failed: (f: boolean) => void): void {
  save.then(
    () => failed(false),
    () => failed(true),
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="settings-section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

function Switch<K extends SettingKey>({
  setting,
  label,
  disabled,
  onFailed,
}: {
  setting: K;
  label: string;
  disabled?: boolean;
  onFailed: (f: boolean) => void;
}) {
  const [value, set] = useSetting(setting);
  return (
    <label className="settings-switch">
      <input
        type="checkbox"
        role="switch"
        checked={value === true && !disabled}
        disabled={disabled}
        data-setting={setting}
        onChange={(e) => saving(set(e.target.checked as Settings[K]), onFailed)}
      />
      <span>{label}</span>
    </label>
  );
}

/** Subtitles (`subtitle_config: { enabled }`), where the operator offers them. */
function SubtitlesSwitch({ onFailed }: { onFailed: (f: boolean) => void }) {
  const { t } = useTranslation();
  const { session, saveSetting } = useServices();
  const on = useStore(session, (s: SessionState) =>
    subtitlesEnabled(s.config?.playerConfig.settings.subtitle_config),
  );
  return (
    <label className="settings-switch">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        data-setting="subtitle_config"
        onChange={(e) =>
          saving(saveSetting('subtitle_config', { enabled: e.target.checked }), onFailed)
        }
      />
      <span>{t('SUBTITLES')}</span>
    </label>
  );
}

/** The versions support asks for (GET /api/ge/versions); nothing until read. */
function Versions() {
  const { t } = useTranslation();
  const { http } = useServices();
  const [v, setV] = useState<{ server: string; client: string } | null>(null);
  useEffect(() => {
    let live = true;
    http
      .get<{ server?: unknown; client?: unknown }>(urlOf('versions'))
      .then((r) => {
        if (live && typeof r.server === 'string' && typeof r.client === 'string')
          setV({ server: r.server, client: r.client });
      })
      .catch(() => {
        /* no line */
      });
    return () => {
      live = false;
    };
  }, [http]);
  if (!v) return null;
  return (
    <p className="settings-note settings-versions" data-testid="versions">
      {t('SETTINGS_VERSIONS', { server: v.server, client: v.client })}
    </p>
  );
}

function Volume({ setting, onFailed }: { setting: VolumeKey; onFailed: (f: boolean) => void }) {
  const { t } = useTranslation();
  const [value, set] = useSetting(setting);
  const [moving, setMoving] = useState<number | null>(null);
  const id = useId();
  const shown = moving ?? value;
  // Saved when the thumb is let go (or at once from the keyboard), not at every step.
  const commit = (v: number) => {
    setMoving(null);
    if (v !== value) saving(set(v), onFailed);
  };
  return (
    <div className="settings-volume">
      <label htmlFor={id}>{t(VOLUME_NAMES[setting] as 'SETTINGS_GAME_EFFECTS')}</label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={5}
        value={shown}
        aria-valuetext={`${shown}%`}
        data-setting={setting}
        onChange={(e) => setMoving(Number(e.target.value))}
        onPointerUp={(e) => commit(Number((e.target as HTMLInputElement).value))}
        onKeyUp={(e) => commit(Number((e.target as HTMLInputElement).value))}
        onBlur={(e) => moving !== null && commit(Number(e.target.value))}
      />
      <output htmlFor={id}>{shown}%</output>
    </div>
  );
}

export default function SettingsPanel({
  onClose,
  onResponsibleGaming,
}: {
  onClose: () => void;
  /** Opens the responsible-gaming screen (the player's limits) instead of the settings. */
  onResponsibleGaming?: () => void;
}) {
  const { t } = useTranslation();
  const { session, saveSetting } = useServices();
  const avatar = useStore(session, (s: SessionState) => s.config?.playerConfig.settings.avatar);
  const rawCasino = useStore(session, (s: SessionState) => s.config?.casinoConfig ?? null);
  const mobile = useStore(session, (s: SessionState) => s.mobile);
  const casino = casinoConfigOf(rawCasino);
  const [quality, setQuality] = useSetting('video_stream');
  const [chatShown] = useSetting('chat_enabled');
  const [failed, setFailed] = useState(false);
  const systemReduces = useSystemReducesMotion();
  const noteId = useId();

  return (
    <Popup
      title={t('SETTINGS')}
      onClose={onClose}
      testId="settings"
      className="popup-sheet settings-panel"
      actions={
        <button type="button" onClick={onClose}>
          {t('CLOSE')}
        </button>
      }
    >
      {failed && (
        <p className="popup-note" role="alert">
          {t('SETTINGS_SAVE_FAILED')}
        </p>
      )}
      <Section title={t('SETTINGS_VIDEO')}>
        <div
          role="radiogroup"
          aria-label={t('SETTINGS_VIDEO_QUALITY')}
          className="settings-choices"
        >
          <span className="settings-label" aria-hidden="true">
            {t('SETTINGS_VIDEO_QUALITY')}
          </span>
          {VIDEO_QUALITIES.map((q) => (
            <label key={q} className="settings-choice">
              <input
                type="radio"
                name="video_stream"
                value={q}
                checked={quality === q}
                data-setting="video_stream"
                onChange={() => saving(setQuality(q), setFailed)}
              />
              <span>{t(`VIDEO_QUALITY_${q}`)}</span>
            </label>
          ))}
        </div>
      </Section>
      <Section title={t('SETTINGS_SOUND')}>
        {VOLUME_KEYS.map((k) => (
          <Volume key={k} setting={k} onFailed={setFailed} />
        ))}
      </Section>
      <Section title={t('SETTINGS_DISPLAY')}>
        <Switch
          setting="anim_enable"
          label={t('SETTINGS_ANIMATIONS')}
          disabled={systemReduces}
          onFailed={setFailed}
        />
        {systemReduces && (
          <p className="settings-note" id={noteId}>
            {t('SETTINGS_REDUCED_MOTION')}
          </p>
        )}
        {mobile && (
          <Switch
            setting="auto_fullscreen"
            label={t('SETTINGS_AUTO_FULLSCREEN')}
            onFailed={setFailed}
          />
        )}
        <Switch setting="show_quick_guide" label={t('SETTINGS_QUICK_GUIDE')} onFailed={setFailed} />
        <Switch
          setting="promo_ear_enabled"
          label={t('SETTINGS_PROMO_TROPHY')}
          onFailed={setFailed}
        />
        {casino.subtitles_available && <SubtitlesSwitch onFailed={setFailed} />}
      </Section>
      <AvatarPicker
        className="settings-section"
        value={typeof avatar === 'string' ? avatar : null}
        onChange={(id) => void saveSetting('avatar', id).catch(() => setFailed(true))}
      />
      {!casino.chat_disabled && (
        <Section title={t('SETTINGS_CHAT')}>
          <Switch setting="chat_enabled" label={t('SETTINGS_CHAT_SHOW')} onFailed={setFailed} />
          <Switch
            setting="showothermessages"
            label={t('SETTINGS_CHAT_OTHERS')}
            disabled={!chatShown}
            onFailed={setFailed}
          />
        </Section>
      )}
      {onResponsibleGaming && (
        <Section title={t('REG_TITLE')}>
          <p className="settings-note">{t('REG_SETTINGS_NOTE')}</p>
          <button
            type="button"
            className="button settings-open-rg"
            data-testid="open-responsible-gaming"
            onClick={onResponsibleGaming}
          >
            {t('REG_OPEN')}
          </button>
        </Section>
      )}
      <Versions />
    </Popup>
  );
}
