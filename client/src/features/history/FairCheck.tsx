// The provably fair check of a settled round (docs/provably-fair.md), opened from the
// history: the round's record (GET /api/ui/fairRound), checked here in the browser by
// lib/fair. It shows the commitment published before betting opened, the revealed server
// seed in a field the player may edit (the check runs again at each change, so one changed
// character shows as a mismatch), the round's client seed, the recorded result (a shoe
// game's cards), and the verdict. Below, the player's own client seed, which their bets
// carry (lib/fair/clientSeed).
//
// A dialog over the history's: Escape closes this one only, and the history's cannot take
// the focus from it.
import { type FormEvent, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

import { type FairRecord, type Verdict, commitmentOf, verifyRound } from '../../lib/fair';
import { getClientSeed, setClientSeed } from '../../lib/fair/clientSeed';
import { type Http, HttpError } from '../../lib/http/http';
import { urlOf } from '../../lib/http/urls';
import { useServices } from '../../lib/session';
import { PlayingCard } from '../../ui/PlayingCard';
import { Popup } from '../../ui/Popup';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; record: FairRecord }
  | { status: 'failed'; notRevealed: boolean };

const isText = (v: unknown): v is string => typeof v === 'string';

/** The record of an answer, or null when it is not one. */
function recordOf(body: unknown): FairRecord | null {
  if (!body || typeof body !== 'object') return null;
  const o = body as Record<string, unknown>;
  const { gameId, tableId, game, variant, hash, serverSeed, clientSeed, result, shoe, cards } = o;
  const { shoeHash, decks } = o;
  if (shoeHash !== undefined && !isText(shoeHash)) return null;
  if (decks !== undefined && typeof decks !== 'number') return null;
  if (![gameId, game, hash, clientSeed, result].every(isText)) return null;
  if (serverSeed !== undefined && !isText(serverSeed)) return null;
  if (shoe !== undefined && !isText(shoe)) return null;
  if (cards !== undefined && !(Array.isArray(cards) && cards.every(isText))) return null;
  return {
    gameId: gameId as string,
    tableId: isText(tableId) ? tableId : '',
    game: game as string,
    variant: isText(variant) ? variant : '',
    hash: hash as string,
    serverSeed,
    clientSeed: clientSeed as string,
    result: result as string,
    shoe,
    shoeHash,
    decks,
    cards: cards as string[] | undefined,
    scripted: o.scripted === true,
  };
}

/** A settled round's record; throws an HttpError (404: not settled or not revealed). */
async function fetchFairRound(http: Http, gameId: string): Promise<FairRecord> {
  const record = recordOf(await http.get<unknown>(urlOf('fairRound'), { gameId }));
  if (!record) throw new Error('fairRound: not a round record');
  return record;
}

/** The check with the seed in the field: an emptied field is a wrong seed, not an unrevealed one. */
function check(record: FairRecord, seed: string): Verdict {
  const verdict = verifyRound({ ...record, serverSeed: seed });
  return verdict.status === 'unrevealed' && record.serverSeed
    ? { status: 'mismatch', expected: '', reason: 'hash' }
    : verdict;
}

function verdictText(t: TFunction, v: Verdict): string {
  switch (v.status) {
    case 'match':
      return t('FAIR_MATCH');
    case 'mismatch':
      // The shoe's commitment is the seed's too (its bytes and the counts).
      return v.reason === 'hash' || v.reason === 'shoe'
        ? t('FAIR_MISMATCH_HASH')
        : t('FAIR_MISMATCH_RESULT', { expected: v.expected || '–' });
    case 'unsupported':
      return t('FAIR_UNSUPPORTED');
    case 'unrevealed':
      return t('FAIR_UNREVEALED');
    case 'scripted':
      return t('FAIR_SCRIPTED');
  }
}

/** The round's record and the verdict, with the server seed open to editing. */
function RoundCheck({ record }: { record: FairRecord }) {
  const { t } = useTranslation();
  const id = useId();
  const revealed = record.serverSeed ?? '';
  const [edited, setEdited] = useState<string | null>(null);
  const field = edited ?? revealed;
  const seed = field.trim();
  const verdict = useMemo(() => check(record, seed), [record, seed]);
  const hash = commitmentOf(seed);
  return (
    <div className="fair-round">
      <p
        className="fair-verdict"
        data-testid="fair-verdict"
        data-status={verdict.status}
        role="status"
        aria-live="polite"
      >
        {verdictText(t, verdict)}
      </p>
      <dl className="fair-facts">
        <dt>{t('HISTORY_GAME_ID')}</dt>
        <dd>{record.gameId}</dd>
        <dt>{t('FAIR_COMMITMENT')}</dt>
        <dd className="fair-hex" data-testid="fair-commitment">
          {record.hash}
        </dd>
      </dl>
      <div className="fair-field">
        <label htmlFor={`${id}-seed`}>{t('FAIR_SERVER_SEED')}</label>
        <textarea
          id={`${id}-seed`}
          className="fair-hex"
          rows={2}
          value={field}
          onChange={(e) => setEdited(e.target.value)}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          aria-describedby={`${id}-seed-note`}
        />
        <p id={`${id}-seed-note`} className="fair-note">
          {t('FAIR_SERVER_SEED_NOTE')}
        </p>
        {field !== revealed && (
          <button type="button" className="fair-button" onClick={() => setEdited(null)}>
            {t('FAIR_SEED_RESTORE')}
          </button>
        )}
      </div>
      <dl className="fair-facts">
        <dt>{t('FAIR_SEED_HASH')}</dt>
        <dd className={hash ? 'fair-hex' : undefined} data-testid="fair-seed-hash">
          {hash || t('FAIR_SEED_FORMAT')}
        </dd>
        <dt>{t('FAIR_CLIENT_SEED')}</dt>
        <dd className="fair-hex" data-testid="fair-client-seed">
          {record.clientSeed || t('FAIR_CLIENT_SEED_NONE')}
        </dd>
        <dt>{t('HISTORY_RESULT')}</dt>
        <dd className="fair-hex" data-testid="fair-result">
          {record.result}
        </dd>
        {record.cards && (
          <>
            <dt>{t('FAIR_CARDS')}</dt>
            <dd>
              <span className="history-cards fair-cards" data-testid="fair-cards">
                {record.cards.map((c, i) => (
                  <PlayingCard key={i} card={c} />
                ))}
              </span>
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}

/** The player's own client seed, changed here for the bets to come. */
function ClientSeedForm() {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(getClientSeed);
  const [saved, setSaved] = useState<'idle' | 'saved' | 'invalid'>('idle');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const seed = value.trim();
    if (setClientSeed(seed)) {
      setValue(seed);
      setSaved('saved');
    } else setSaved('invalid');
  };
  return (
    <form className="fair-my-seed" onSubmit={submit} noValidate>
      <h3 id={`${id}-title`}>{t('FAIR_MY_SEED')}</h3>
      <p id={`${id}-note`} className="fair-note">
        {t('FAIR_MY_SEED_NOTE')}
      </p>
      <div className="fair-my-seed-row">
        <input
          type="text"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setSaved('idle');
          }}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          aria-labelledby={`${id}-title`}
          aria-describedby={saved === 'invalid' ? `${id}-note ${id}-error` : `${id}-note`}
          aria-invalid={saved === 'invalid'}
          data-testid="fair-my-seed"
        />
        <button type="submit" className="fair-button">
          {t('FAIR_MY_SEED_SAVE')}
        </button>
      </div>
      {saved === 'invalid' && (
        <p id={`${id}-error`} className="fair-error" role="alert">
          {t('FAIR_MY_SEED_INVALID')}
        </p>
      )}
      {saved === 'saved' && (
        <p className="fair-saved" role="status">
          {t('FAIR_MY_SEED_SAVED')}
        </p>
      )}
    </form>
  );
}

/**
 * Keeps the focus in this dialog, away from the dialogs that were open under it: the
 * history's takes the focus back to itself each time the page's header renders (its
 * close function is new each time), which would pull the player out of a field as they
 * type. A dialog opened later (a connection alert) still takes the focus.
 */
function useFocusAbove(inside: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const mine = inside.current?.closest<HTMLElement>('[role="dialog"]');
    if (!mine) return;
    const under = [...document.querySelectorAll('[role="dialog"]')].filter((d) => d !== mine);
    let last: HTMLElement = mine;
    const onFocusIn = (e: FocusEvent) => {
      const target = e.target;
      if (!(target instanceof HTMLElement)) return;
      if (mine.contains(target)) last = target;
      else if (under.some((d) => d.contains(target))) (mine.contains(last) ? last : mine).focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [inside]);
}

export default function FairCheck({ gameId, onClose }: { gameId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load & { key: string }>({ status: 'loading', key: '' });
  const key = `${gameId}|${attempt}`;
  const intro = useRef<HTMLParagraphElement>(null);
  useFocusAbove(intro);

  useEffect(() => {
    let live = true;
    fetchFairRound(http, gameId).then(
      (record) => live && setLoad({ status: 'ready', record, key }),
      (e: unknown) =>
        live &&
        setLoad({
          status: 'failed',
          notRevealed: e instanceof HttpError && e.status === 404,
          key,
        }),
    );
    return () => {
      live = false;
    };
  }, [http, gameId, key]);

  // Escape closes this dialog and not the history's under it, which listens on the window
  // too: heard first (the window's capture) and stopped there.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onClose();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);

  const shown: Load = load.key === key ? load : { status: 'loading' };
  return (
    <Popup
      title={t('FAIR_VERIFY_ROUND', { id: gameId })}
      testId="fair-check"
      className="popup-sheet fair-check"
      actions={
        <button type="button" onClick={onClose}>
          {t('CLOSE')}
        </button>
      }
    >
      <p className="fair-note" ref={intro}>
        {t('FAIR_INTRO')}
      </p>
      {shown.status === 'loading' && (
        <p className="popup-note" role="status">
          {t('FAIR_LOADING')}
        </p>
      )}
      {shown.status === 'failed' && (
        <p className="popup-note" role="alert">
          {shown.notRevealed ? (
            t('FAIR_NOT_REVEALED')
          ) : (
            <>
              {t('FAIR_FAILED')}{' '}
              <button type="button" onClick={() => setAttempt((n) => n + 1)}>
                {t('RETRY')}
              </button>
            </>
          )}
        </p>
      )}
      {shown.status === 'ready' && <RoundCheck key={key} record={shown.record} />}
      <ClientSeedForm />
    </Popup>
  );
}
