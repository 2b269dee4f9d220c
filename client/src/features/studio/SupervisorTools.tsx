// A supervisor's tools at one table (docs/studio.md "The console"): pause and resume,
// switch between human and RNG dealing (at a game that can be dealt by hand; it takes
// effect at the next round), post in the chat as the game host, mute a player for some
// minutes (0 lifts it), announce the table's closing, and the bets list, whose players can
// be picked for the mute. Each form checks what it can before sending (the chat's 1–200
// characters, whole minutes); a refusal shows next to the form.
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatTime } from '../../lib/format/locale';
import type { DealerMode, StudioApi, TableDetail } from './api';
import { amountText } from './model';
import { RefusalText, type Shown, type Where } from './refusal';
import { MODE_TEXT } from './TablesList';

const CHAT_MAX = 200;
const CLOSING_MAX = 120;

type Change = (where: Where, call: () => Promise<TableDetail>) => Promise<boolean>;
type Other = <R>(where: Where, call: () => Promise<R>) => Promise<R | null>;

/** A whole number of minutes from `min` to `max` typed in a field, or null. */
function minutesOf(text: string, min: number, max = Number.MAX_SAFE_INTEGER): number | null {
  if (!/^\d{1,6}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : null;
}

export function SupervisorTools({
  api,
  table,
  change,
  other,
  refuse,
  shown,
}: {
  api: StudioApi;
  table: TableDetail;
  change: Change;
  other: Other;
  refuse: (where: Where, text: string) => void;
  shown: Shown | null;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const minutesField = useRef<HTMLInputElement>(null);
  const [mutePlayer, setMutePlayer] = useState('');
  const pending = useRef(false);

  const once = async (call: () => Promise<unknown>) => {
    if (pending.current) return;
    pending.current = true;
    try {
      await call();
    } finally {
      pending.current = false;
    }
  };

  const target: DealerMode = table.nextDealerMode ?? table.dealerMode;
  const setMode = (mode: DealerMode) =>
    void once(() => change('table', () => api.mode(table.id, mode)));
  const bets = table.bets ?? [];
  return (
    <section className="console-supervisor" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{t('STUDIO_SUPERVISOR_TOOLS')}</h3>
      <div className="console-actions">
        <button
          type="button"
          className="button"
          data-testid="studio-pause"
          data-paused={table.paused}
          onClick={() => void once(() => change('table', () => api.pause(table.id, !table.paused)))}
        >
          {t(table.paused ? 'STUDIO_RESUME' : 'STUDIO_PAUSE')}
        </button>
        {table.humanDealing && (
          <div className="console-mode" role="group" aria-labelledby={`${ids}-mode`}>
            <span id={`${ids}-mode`}>{t('STUDIO_DEALING')}</span>
            {(['human', 'rng'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                className="button"
                data-testid={`studio-mode-${mode}`}
                aria-pressed={target === mode}
                onClick={() => setMode(mode)}
              >
                {t(MODE_TEXT[mode])}
              </button>
            ))}
          </div>
        )}
      </div>
      <RefusalText shown={shown} where="table" />
      <ChatForm table={table} api={api} other={other} refuse={refuse} shown={shown} />
      <MuteForm
        tableId={table.id}
        api={api}
        other={other}
        refuse={refuse}
        shown={shown}
        player={mutePlayer}
        onPlayer={setMutePlayer}
        minutesField={minutesField}
      />
      <ClosingForm table={table} api={api} other={other} refuse={refuse} shown={shown} />
      <div className="console-bets" aria-labelledby={`${ids}-bets`}>
        <h4 id={`${ids}-bets`}>{t('STUDIO_BETS')}</h4>
        {bets.length === 0 ? (
          <p>{t('STUDIO_NO_BETS')}</p>
        ) : (
          <div className="console-scroll">
            <table data-testid="studio-bets">
              <thead>
                <tr>
                  <th scope="col">{t('STUDIO_PLAYER_ID')}</th>
                  <th scope="col">{t('STUDIO_PLAYER_NAME')}</th>
                  <th scope="col">{t('STUDIO_CURRENCY')}</th>
                  <th scope="col" className="console-amount">
                    {t('STUDIO_TOTAL')}
                  </th>
                  <th scope="col">
                    <span className="sr-only">{t('STUDIO_MUTE')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {bets.map((b) => (
                  <tr key={`${b.playerId}-${b.currency}`}>
                    <td>
                      <code>{b.playerId}</code>
                    </td>
                    <td>{b.name}</td>
                    <td>{b.currency}</td>
                    <td className="console-amount">{amountText(b.total)}</td>
                    <td>
                      <button
                        type="button"
                        className="link-button"
                        data-testid={`studio-bet-mute-${b.playerId}`}
                        onClick={() => {
                          setMutePlayer(b.playerId);
                          minutesField.current?.focus();
                        }}
                      >
                        {t('STUDIO_CHOOSE_PLAYER', { name: b.name || b.playerId })}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

interface FormProps {
  api: StudioApi;
  other: Other;
  refuse: (where: Where, text: string) => void;
  shown: Shown | null;
}

function ChatForm({ table, api, other, refuse, shown }: FormProps & { table: TableDetail }) {
  const { t } = useTranslation();
  const ids = useId();
  const [text, setText] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const message = text.trim();
    setDone('');
    if (message.length < 1 || [...message].length > CHAT_MAX)
      return refuse('chat', t('STUDIO_CHAT_INVALID'));
    setBusy(true);
    const r = await other('chat', () => api.chat(table.id, message));
    setBusy(false);
    if (r) {
      setText('');
      setDone(t('STUDIO_CHAT_SENT'));
    }
  };

  const refused = shown?.where === 'chat';
  return (
    <form
      className="console-form"
      noValidate
      onSubmit={(e) => void send(e)}
      aria-labelledby={`${ids}-label`}
    >
      <label className="console-field" htmlFor={`${ids}-text`} id={`${ids}-label`}>
        <span>{t('STUDIO_CHAT')}</span>
      </label>
      <div className="console-entry-row">
        <input
          id={`${ids}-text`}
          data-testid="studio-chat-input"
          value={text}
          maxLength={CHAT_MAX}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={refused || undefined}
          aria-describedby={refused ? `${ids}-error` : undefined}
        />
        <button type="submit" className="button" data-testid="studio-chat-send" aria-busy={busy}>
          {t('STUDIO_CHAT_SEND')}
        </button>
      </div>
      <p className="console-done" role="status">
        {done}
      </p>
      <RefusalText shown={shown} where="chat" id={`${ids}-error`} />
    </form>
  );
}

function MuteForm({
  tableId,
  api,
  other,
  refuse,
  shown,
  player,
  onPlayer,
  minutesField,
}: FormProps & {
  tableId: string;
  player: string;
  onPlayer: (id: string) => void;
  minutesField: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [minutes, setMinutes] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone('');
    const playerId = player.trim();
    const n = minutesOf(minutes, 0);
    if (!playerId || n === null) return refuse('mute', t('STUDIO_MUTE_INVALID'));
    setBusy(true);
    const r = await other('mute', () => api.mute(tableId, playerId, n));
    setBusy(false);
    if (!r) return;
    const until = typeof r.mutedUntil === 'number' && r.mutedUntil > 0 ? r.mutedUntil : null;
    setDone(
      n === 0 || until === null
        ? t('STUDIO_UNMUTED', { player: playerId })
        : t('STUDIO_MUTED', { player: playerId, time: formatTime(until) }),
    );
  };

  const refused = shown?.where === 'mute';
  const described = refused ? `${ids}-error` : undefined;
  return (
    <form
      className="console-form"
      noValidate
      onSubmit={(e) => void send(e)}
      aria-labelledby={`${ids}-title`}
    >
      <h4 id={`${ids}-title`}>{t('STUDIO_MUTE')}</h4>
      <div className="console-entry-row">
        <label className="console-field">
          <span>{t('STUDIO_PLAYER_ID')}</span>
          <input
            data-testid="studio-mute-player"
            value={player}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => onPlayer(e.target.value)}
            aria-invalid={refused || undefined}
            aria-describedby={described}
          />
        </label>
        <label className="console-field console-minutes">
          <span>{t('STUDIO_MUTE_MINUTES')}</span>
          <input
            ref={minutesField}
            data-testid="studio-mute-minutes"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            aria-invalid={refused || undefined}
            aria-describedby={described}
          />
        </label>
        <button type="submit" className="button" data-testid="studio-mute-send" aria-busy={busy}>
          {t('STUDIO_MUTE_SEND')}
        </button>
      </div>
      <p className="console-done" role="status">
        {done}
      </p>
      <RefusalText shown={shown} where="mute" id={`${ids}-error`} />
    </form>
  );
}

function ClosingForm({ table, api, other, refuse, shown }: FormProps & { table: TableDetail }) {
  const { t } = useTranslation();
  const ids = useId();
  const [minutes, setMinutes] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone('');
    const n = minutesOf(minutes, 1, CLOSING_MAX);
    if (n === null) return refuse('closing', t('STUDIO_CLOSING_INVALID'));
    setBusy(true);
    const r = await other('closing', () => api.closing(table.id, n));
    setBusy(false);
    if (r && typeof r.closesAt === 'number')
      setDone(t('STUDIO_CLOSING_SENT', { time: formatTime(r.closesAt) }));
  };

  const refused = shown?.where === 'closing';
  return (
    <form
      className="console-form"
      noValidate
      onSubmit={(e) => void send(e)}
      aria-labelledby={`${ids}-title`}
    >
      <h4 id={`${ids}-title`}>{t('STUDIO_CLOSING')}</h4>
      <div className="console-entry-row">
        <label className="console-field console-minutes">
          <span>{t('STUDIO_CLOSING_MINUTES')}</span>
          <input
            data-testid="studio-closing-minutes"
            type="number"
            inputMode="numeric"
            min={1}
            max={CLOSING_MAX}
            step={1}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            aria-invalid={refused || undefined}
            aria-describedby={refused ? `${ids}-error` : undefined}
          />
        </label>
        <button type="submit" className="button" data-testid="studio-closing-send" aria-busy={busy}>
          {t('STUDIO_CLOSING_SEND')}
        </button>
      </div>
      <p className="console-done" role="status">
        {done}
      </p>
      <RefusalText shown={shown} where="closing" id={`${ids}-error`} />
    </form>
  );
}
