// The player's screen name in the header (SPEC §5 "Nickname"). A button that opens a
// dialog to change it, or plain text when the operator restricts editing
// (casino configuration `restrict_nickname_edit`). The dialog checks the name as it is
// typed (lib/nickname), sends it with PUT /api/user/screenName and shows the server's
// refusal by its code; a saved name shows in the header at once (the session store).
import './screen-name.css';

import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

import { casinoConfigOf } from '../lib/host/casino-config';
import { HttpError } from '../lib/http/http';
import {
  NICKNAME_LIMITS,
  type NicknameErrorKey,
  type NicknameLimits,
  type NicknameProblem,
  nicknameErrorKey,
  nicknameProblem,
  screenNameInfoOf,
} from '../lib/nickname';
import { type SessionState, useServices } from '../lib/session';
import type { Store } from '../lib/store';
import { useStore } from '../lib/store';
import { Popup } from '../ui/Popup';
import { toast } from '../ui/Toaster';
import { urlOf } from '../lib/http/urls';

/** The session with the player's new name. */
export function withPlayerName(s: SessionState, name: string): SessionState {
  if (!s.config || s.config.playerConfig.player.name === name) return s;
  const { playerConfig } = s.config;
  return {
    ...s,
    config: {
      ...s.config,
      playerConfig: { ...playerConfig, player: { ...playerConfig.player, name } },
    },
  };
}

/** The header's name: a button that opens the dialog, or text when editing is restricted. */
export function ScreenName() {
  const { t } = useTranslation();
  const { session } = useServices();
  const name = useStore(session, (s: SessionState) => s.config?.playerConfig.player.name ?? '');
  const rawCasino = useStore(session, (s: SessionState) => s.config?.casinoConfig ?? null);
  const restricted = useMemo(() => casinoConfigOf(rawCasino).restrict_nickname_edit, [rawCasino]);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  if (restricted || !name)
    return (
      <span className="player-name" data-testid="player-name">
        {name}
      </span>
    );
  return (
    <>
      <button
        type="button"
        ref={button}
        className="player-name-button"
        data-testid="player-name"
        aria-label={t('SCREEN_NAME_CHANGE', { name })}
        aria-haspopup="dialog"
        aria-expanded={open}
        title={t('SCREEN_NAME_CHANGE', { name })}
        onClick={() => setOpen(true)}
      >
        <svg
          width={18}
          height={18}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden
          focusable={false}
        >
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5" />
        </svg>
        <span className="player-name-text">{name}</span>
      </button>
      {open &&
        createPortal(
          <ScreenNameDialog current={name} session={session} onClose={close} />,
          document.body,
        )}
    </>
  );
}

type Message = NicknameProblem | { key: NicknameErrorKey } | { key: 'SCREEN_NAME_RESTRICTED' };

/** Keeps Tab and Shift+Tab inside the dialog (a modal: nothing behind it is reachable). */
function useFocusTrap(inside: () => HTMLElement | null) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const box = inside();
      if (!box) return;
      const focusable = [
        ...box.querySelectorAll<HTMLElement>('input, button, [href], select, textarea'),
      ].filter((el) => !el.hasAttribute('disabled') && el.tabIndex >= 0);
      if (focusable.length === 0) return;
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !box.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !box.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [inside]);
}

export function ScreenNameDialog({
  current,
  session,
  onClose,
}: {
  current: string;
  session: Store<SessionState>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { http } = useServices();
  const ids = useId();
  const formId = `${ids}-form`;
  const hintId = `${ids}-hint`;
  const messageId = `${ids}-message`;
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(current);
  const [edited, setEdited] = useState(false); // typed in, or a save was tried
  const [limits, setLimits] = useState<NicknameLimits>(NICKNAME_LIMITS);
  const [editable, setEditable] = useState(true);
  const [serverError, setServerError] = useState<{ key: NicknameErrorKey } | null>(null);
  const [saving, setSaving] = useState(false);
  const editedRef = useRef(false);

  useFocusTrap(
    useCallback(() => input.current?.closest<HTMLElement>('[role="dialog"]') ?? null, []),
  );

  // The field has the focus with the name selected: typing replaces it.
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  // The server's current name and limits (the header's copy may be older).
  useEffect(() => {
    let live = true;
    http
      .get<unknown>(urlOf('screenName'))
      .then((raw) => {
        const info = screenNameInfoOf(raw);
        if (!live || !info) return;
        setLimits(info.limits);
        setEditable(info.editable);
        session.set((s) => withPlayerName(s, info.screenName));
        if (!editedRef.current) setValue(info.screenName);
      })
      .catch(() => {
        /* the header's name and the SPEC limits will do; the PUT decides */
      });
    return () => {
      live = false;
    };
  }, [http, session]);

  const problem = nicknameProblem(value, current, limits);
  const message: Message | null = !editable
    ? { key: 'SCREEN_NAME_RESTRICTED' }
    : (serverError ?? (edited ? problem : null));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (saving || !editable) return;
    editedRef.current = true;
    setEdited(true);
    if (problem) {
      input.current?.focus();
      return;
    }
    setSaving(true);
    setServerError(null);
    try {
      const answer = await http.put<unknown>(urlOf('screenName'), { screenName: value });
      const saved = screenNameInfoOf(answer)?.screenName ?? value;
      session.set((s) => withPlayerName(s, saved));
      toast(t('SCREEN_NAME_SAVED', { name: saved }));
      onClose();
    } catch (err) {
      setServerError({ key: nicknameErrorKey(err instanceof HttpError ? err.code : undefined) });
      setSaving(false);
      input.current?.focus();
    }
  };

  const text = (m: Message) => {
    switch (m.key) {
      case 'SETTINGS_NICKNAME_CHAR':
        return t(m.key, { min: m.min });
      case 'SETTINGS_NICKNAME_CHAR_MAX':
        return t(m.key, { max: m.max });
      default:
        return t(m.key);
    }
  };

  return (
    <Popup
      title={t('SCREEN_NAME_TITLE')}
      onClose={onClose}
      testId="screen-name-dialog"
      actions={
        <>
          <button
            type="submit"
            form={formId}
            className="button"
            data-testid="screen-name-save"
            disabled={saving || !editable}
            aria-busy={saving}
          >
            {t('SCREEN_NAME_SAVE')}
          </button>
          <button
            type="button"
            className="link-button"
            data-testid="screen-name-cancel"
            onClick={onClose}
          >
            {t('SCREEN_NAME_CANCEL')}
          </button>
        </>
      }
    >
      <form id={formId} className="screen-name-form" onSubmit={(e) => void save(e)} noValidate>
        <label htmlFor={`${ids}-input`}>{t('SCREEN_NAME_LABEL')}</label>
        <input
          id={`${ids}-input`}
          ref={input}
          type="text"
          data-testid="screen-name-input"
          value={value}
          readOnly={!editable}
          autoComplete="nickname"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="done"
          aria-invalid={message !== null && editable}
          aria-describedby={`${hintId} ${messageId}`}
          onChange={(e) => {
            editedRef.current = true;
            setEdited(true);
            setServerError(null);
            setValue(e.target.value);
          }}
        />
        <p id={hintId} className="screen-name-hint">
          {t('SCREEN_NAME_HINT', { min: limits.min, max: limits.max })}
        </p>
        <p
          id={messageId}
          className="screen-name-message"
          data-testid="screen-name-message"
          data-key={message?.key ?? ''}
          aria-live="polite"
        >
          {message ? text(message) : ''}
        </p>
      </form>
    </Popup>
  );
}
