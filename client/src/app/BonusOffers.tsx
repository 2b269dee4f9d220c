// The bonus acceptance dialog (SPEC §2; docs/protocol.md "Bonuses and free bets"): once the
// page has loaded, the player's pending bonuses (GET /bonus/offers) are offered one at a
// time, the oldest first: the campaign, what it gives (a cash amount, or free chips of a
// value for the games listed), when the offer ends, and that bonus terms require
// play-through (SPEC §9: the amounts are not shown). Accept or Decline answer it (POST
// /bonus/accept, /bonus/decline); the balance and the free chips are read again after.
// Escape, or "Decide later", closes it without an answer: the bonus stays pending and is
// offered again at the next launch. A bonus no longer pending (409 BONUS_UNAVAILABLE, 404)
// is said so in a notice and the dialog moves on; another failure says to retry.
//
// It waits for its turn: not over the preloader, the other popups (an ended session, the
// pause, the reality check, an alert), the quick guide or the Italian session's dialogs
// (lib/dialog-turns: it says when it shows, and those wait for it in turn). The operator's
// hide_bonus hides the bonus balance in the header, not this dialog.
import './bonus.css';

import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

import { applyBalance, refreshBalance } from '../lib/balance';
import { type Bonus, pendingOffers, refreshFreeChips, sessionBonusApi } from '../lib/bonus';
import { useFocusTrap } from '../lib/a11y/focus-trap';
import { dialogTurns, setDialogTurn } from '../lib/dialog-turns';
import { formatDateTime, formatLocale } from '../lib/format/locale';
import { formatMoney } from '../lib/format/money';
import { guideStore } from '../lib/guide';
import { useHostUi } from '../lib/host/context';
import { HttpError } from '../lib/http/http';
import { useServices } from '../lib/session';
import { useStore } from '../lib/store';
import { Popup } from '../ui/Popup';
import { toast } from '../ui/Toaster';

/** The name of each game family a bonus may list (the lobby's and the history's words). */
const FAMILY_NAMES = {
  roulette: 'LOBBY_TAB_ROULETTE',
  baccarat: 'LOBBY_TAB_BACCARAT',
  blackjack: 'LOBBY_TAB_BLACKJACK',
  onebj: 'ONEBJ',
  dragontiger: 'LOBBY_TAB_DRAGONTIGER',
  andarbahar: 'LOBBY_TAB_ANDARBAHAR',
  sicbo: 'LOBBY_TAB_SICBO',
  megawheel: 'LOBBY_TAB_MEGAWHEEL',
  sweetbonanza: 'TABLE_TYPE_sweetbonanza',
  boomorbust: 'TABLE_TYPE_boomorbust',
  crash: 'HISTORY_FAMILY_crash',
} as const;

/** A game family in the player's language; its own name for one the client does not know. */
export function familyName(t: TFunction, family: string): string {
  const key = (FAMILY_NAMES as Record<string, (typeof FAMILY_NAMES)[keyof typeof FAMILY_NAMES]>)[
    family
  ];
  return key ? t(key) : family;
}

/** "Roulette, Baccarat and Sic Bo" in the page's language. */
function listOf(names: string[]): string {
  try {
    return new Intl.ListFormat(formatLocale(), { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

export function BonusOffers({ ready }: { ready: boolean }) {
  const { http, session } = useServices();
  const paused = useHostUi((u) => u.paused);
  const reality = useHostUi((u) => u.realityCheck !== null);
  const popups = useStore(session, (s) => s.popups.length > 0);
  const guide = useStore(guideStore, (g) => g.open);
  const italian = useStore(dialogTurns, (d) => d.italian);
  const [queue, setQueue] = useState<Bonus[]>([]);
  const [total, setTotal] = useState(0);
  const asked = useRef(false);

  useEffect(() => {
    if (!ready || asked.current) return;
    asked.current = true;
    sessionBonusApi(http, session)
      .offers()
      .then((bonuses) => {
        const pending = pendingOffers(bonuses, Date.now());
        setQueue(pending);
        setTotal(pending.length);
      })
      .catch(() => {
        /* no offers this visit: they stay pending for the next */
      });
  }, [ready, http, session]);

  const done = useCallback(
    (bonusId: string) => setQueue((q) => q.filter((b) => b.bonusId !== bonusId)),
    [],
  );
  const stop = useCallback(() => setQueue([]), []);

  const current = queue[0];
  const shows = !!current && ready && !paused && !reality && !popups && !guide && !italian;
  // Said before the browser paints, so that the Italian session's dialog waits at once.
  useLayoutEffect(() => {
    setDialogTurn('bonus', shows);
  }, [shows]);
  useLayoutEffect(() => () => setDialogTurn('bonus', false), []);

  if (!shows || !current) return null;
  return (
    <BonusOffer
      key={current.bonusId}
      bonus={current}
      n={total - queue.length + 1}
      total={total}
      onDone={done}
      onStop={stop}
    />
  );
}

function BonusOffer({
  bonus,
  n,
  total,
  onDone,
  onStop,
}: {
  bonus: Bonus;
  n: number;
  total: number;
  /** The bonus is answered, or left for later: the next one shows. */
  onDone: (bonusId: string) => void;
  /** No more offers this visit (the session ended). */
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const { http, session, currency } = useServices();
  const ids = useId();
  const body = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [failed, setFailed] = useState(false);
  useFocusTrap(
    useCallback(() => body.current?.closest<HTMLElement>('[role="dialog"]') ?? null, []),
  );

  const { bonusId } = bonus;
  const later = useCallback(() => onDone(bonusId), [onDone, bonusId]);

  const answer = async (action: 'accept' | 'decline') => {
    if (busy) return;
    setBusy(action);
    setFailed(false);
    const api = sessionBonusApi(http, session);
    try {
      const r = await (action === 'accept' ? api.accept(bonusId) : api.decline(bonusId));
      if (!applyBalance(session, r.balance)) void refreshBalance(http, session);
      void refreshFreeChips(http, session);
      const name = bonus.campaignName || bonus.bonusCode;
      toast(t(action === 'accept' ? 'BONUS_ACCEPTED' : 'BONUS_DECLINED', { name }));
      onDone(bonusId);
    } catch (e) {
      if (e instanceof HttpError && (e.status === 409 || e.status === 404)) {
        toast(t('BONUS_UNAVAILABLE'), 'warning');
        void refreshBalance(http, session);
        void refreshFreeChips(http, session);
        onDone(bonusId);
      } else if (
        e instanceof HttpError &&
        (e.problem === 'unauthorized' || e.problem === 'restricted')
      ) {
        onStop(); // the session's own popup says what happened
      } else {
        setFailed(true);
        setBusy(null);
      }
    }
  };

  const money = currency();
  const free = bonus.kind === 'free_bet';
  const gives = free
    ? t('BONUS_OFFER_CHIPS', {
        count: bonus.noOfChips,
        value: formatMoney(bonus.chipValue, money, { avoidTrailingZeros: true }),
      })
    : t('BONUS_OFFER_CASH', { amount: formatMoney(bonus.amount, money) });
  const games =
    bonus.games.length === 0
      ? t('BONUS_OFFER_ALL_GAMES')
      : t('BONUS_OFFER_GAMES', { games: listOf(bonus.games.map((g) => familyName(t, g))) });
  const button = (action: 'accept' | 'decline', primary: boolean) => (
    <button
      type="button"
      className={`button ${primary ? 'bonus-primary' : ''}`}
      data-testid={`bonus-${action}`}
      aria-disabled={busy !== null}
      aria-busy={busy === action}
      onClick={() => void answer(action)}
    >
      {t(action === 'accept' ? 'BONUS_ACCEPT' : 'BONUS_DECLINE')}
    </button>
  );

  return (
    <Popup
      title={t('BONUS_OFFER_TITLE')}
      testId="bonus-offer"
      className="bonus-offer"
      describedBy={`${ids}-gives`}
      onClose={later}
      actions={
        <>
          {button('accept', true)}
          {button('decline', false)}
          <button
            type="button"
            className="link-button bonus-later"
            data-testid="bonus-later"
            onClick={later}
          >
            {t('BONUS_LATER')}
          </button>
        </>
      }
    >
      <div ref={body} className="bonus-offer-text">
        {total > 1 && (
          <p className="bonus-offer-count" data-testid="bonus-count">
            {t('BONUS_OFFER_COUNT', { n, total })}
          </p>
        )}
        <div id={`${ids}-gives`}>
          {bonus.campaignName && (
            <p className="bonus-campaign" data-testid="bonus-campaign">
              {bonus.campaignName}
            </p>
          )}
          <p className="bonus-gives" data-testid="bonus-gives">
            {gives}
          </p>
          {free && <p data-testid="bonus-games">{games}</p>}
        </div>
        {bonus.expiresAt !== null && (
          <p data-testid="bonus-expires">
            {t('BONUS_OFFER_EXPIRES', { date: formatDateTime(bonus.expiresAt) })}
          </p>
        )}
        <p className="bonus-terms" data-testid="bonus-terms">
          {t('BONUS_OFFER_TERMS')}
        </p>
        {failed && (
          <p className="bonus-error" role="alert" data-testid="bonus-error">
            {t('ERROR.2001')}
          </p>
        )}
      </div>
    </Popup>
  );
}
