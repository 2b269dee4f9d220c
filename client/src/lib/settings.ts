// The player's settings (SPEC §3 "Player settings (saved by key)") as the client reads
// them: each key's type and default (the server's, gateway/player_settings.cpp), read from
// the player configuration and the changes of this visit, and `useSetting`, which applies
// a change at once (every reader sees it) and saves it with savePlayerConfigGeneric.
//
// A saved value of the wrong type reads as the default, so a damaged setting can never
// break a screen.
import { useCallback } from 'react';

import { type SessionState, useServices } from './session';
import { type Store, useStore } from './store';

export const VIDEO_QUALITIES = ['auto', 'high', 'medium', 'low'] as const;
export type VideoQuality = (typeof VIDEO_QUALITIES)[number];

/** The volumes, 0 to 100 (SPEC §3: 20 each, the voice-over 60). */
export const VOLUME_KEYS = [
  'video_sounds',
  'game_effects',
  'bg_music',
  'vo_music',
  'dealer_voice',
] as const;
export type VolumeKey = (typeof VOLUME_KEYS)[number];

export interface Settings {
  video_stream: VideoQuality;
  video_sounds: number;
  game_effects: number;
  bg_music: number;
  vo_music: number;
  dealer_voice: number;
  anim_enable: boolean;
  auto_fullscreen: boolean;
  show_quick_guide: boolean;
  chat_enabled: boolean;
  showothermessages: boolean;
  /** The promotion trophy at the tables (lib/promotions, ui/PromoTrophy). */
  promo_ear_enabled: boolean;
  /** The trophy's one-time hint shows until the player first uses it. */
  is_first_promo_ear_interaction: boolean;
}
export type SettingKey = keyof Settings;

export const SETTING_DEFAULTS: Readonly<Settings> = Object.freeze({
  video_stream: 'auto',
  video_sounds: 20,
  game_effects: 20,
  bg_music: 20,
  vo_music: 60,
  dealer_voice: 20,
  anim_enable: true,
  auto_fullscreen: false,
  show_quick_guide: true,
  chat_enabled: true,
  showothermessages: true,
  promo_ear_enabled: true,
  is_first_promo_ear_interaction: true,
});

/** A stored value read as its setting's type; the default when it is not one. */
export function settingOf<K extends SettingKey>(
  saved: Record<string, unknown> | undefined,
  key: K,
): Settings[K] {
  const fallback = SETTING_DEFAULTS[key];
  const v = saved?.[key];
  if (key === 'video_stream')
    return (VIDEO_QUALITIES.includes(v as VideoQuality) ? v : fallback) as Settings[K];
  if (typeof fallback === 'number') {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return (
      typeof n === 'number' && Number.isFinite(n)
        ? Math.min(100, Math.max(0, Math.round(n)))
        : fallback
    ) as Settings[K];
  }
  return (typeof v === 'boolean' ? v : fallback) as Settings[K];
}

/** The setting's value and a function that changes it: at once here, and on the server. */
export function useSetting<K extends SettingKey>(
  key: K,
): [Settings[K], (value: Settings[K]) => Promise<void>] {
  const { session, saveSetting } = useServices();
  const value = useStore(session, (s: SessionState) =>
    settingOf(s.config?.playerConfig.settings, key),
  );
  // services.saveSetting applies the value to the session first, then saves it.
  const set = useCallback((next: Settings[K]) => saveSetting(key, next), [saveSetting, key]);
  return [value, set];
}

/** Puts a setting's new value in the session, for every reader. */
export function applySetting(session: Store<SessionState>, key: string, value: unknown): void {
  session.set((s) =>
    s.config
      ? {
          ...s,
          config: {
            ...s.config,
            playerConfig: {
              ...s.config.playerConfig,
              settings: { ...s.config.playerConfig.settings, [key]: value },
            },
          },
        }
      : s,
  );
}

/** The saved `subtitle_config` setting: `{ enabled: boolean }` (null until saved). */
export function subtitlesEnabled(v: unknown): boolean {
  return !!v && typeof v === 'object' && (v as { enabled?: unknown }).enabled === true;
}
