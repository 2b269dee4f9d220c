// The promotion trophy ("ear") at a table (SPEC §1, §3 "Promo trophy state: enabled,
// active, minimum bet, tooltip", §4 "Ignored while a free bet is placed", §8; lib/promotions):
// a small trophy button in the bet bar, shown while a promotion runs that plays at this
// table's game family and the player keeps `promo_ear_enabled` on, and hidden while the
// free chip is the chip in play. Gold when the player is opted in, dim when not.
//
// - Its name and tooltip say the promotion, its minimum bet and the player's rank.
// - Pressing it opens a small panel (a disclosure, not a modal): the standing, the minimum
//   bet, and a link to the lobby's Promotions tab (when the player has Croupier's lobby).
//   Escape or a click outside closes it, and the focus goes back to the trophy.
// - Until the player first uses it (`is_first_promo_ear_interaction`), a hint says what it
//   is for a few seconds at each table; the first press sets the setting to false.
// - The tip and the panel open toward the middle of the screen from the trophy.
// - A round's bets that total less than the promotion's minimum bet bring the tip
//   PROMO_BET_BELOWMIN with that amount (SPEC §8) for a few seconds, read to screen readers,
//   and the trophy keeps a mark (and the words in its name) while it holds.
import './promo-trophy.css';

import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type Units, formatMoney } from '../lib/format/money';
import { belowMinBet, scoreText, trophyState, usePromotions } from '../lib/promotions';
import { useServices } from '../lib/session';
import { useSetting } from '../lib/settings';
import { announce } from './Announcer';
import { Icon } from './icons';
import { useLobbyLink } from './LobbyLink';

/** How long the below-minimum tip shows after the bets change (ms). */
export const BELOW_MIN_TIP_MS = 6000;
/** How long the first-use hint shows at a table (ms). */
export const HINT_MS = 8000;

/** The lobby's Promotions tab (lib/navigation follows it in place). */
export const PROMOTIONS_HREF = '/play/lobby?tab=promotions';

export function PromoTrophy({
  family,
  total,
  freeSelected,
}: {
  /** The table's game family (tableConfig.game); null until known. */
  family: string | null;
  /** The player's bets of this round. */
  total: Units;
  /** The free chip is the chip in play (SPEC §4: no trophy then). */
  freeSelected: boolean;
}) {
  const { t } = useTranslation();
  const { currency } = useServices();
  const [enabled] = useSetting('promo_ear_enabled');
  const [firstTime, setFirstTime] = useSetting('is_first_promo_ear_interaction');
  const { info } = usePromotions(enabled && family !== null);
  const lobby = useLobbyLink();
  const trophy = enabled ? trophyState(info, family, freeSelected) : null;
  const ids = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [hintOver, setHintOver] = useState(false);
  // The total whose tip has had its time (or was answered by opening the panel).
  const [tipDone, setTipDone] = useState<Units | null>(null);

  const money = currency();
  const minBet = trophy ? formatMoney(trophy.minBet, money) : '';
  const below = trophy !== null && belowMinBet(total, trophy.minBet);
  const belowText = below ? t('PROMO_BET_BELOWMIN', { amount: minBet }) : '';
  const shown = trophy !== null;

  // The tip: read to screen readers as it comes, for its time on screen.
  useEffect(() => {
    if (!below) return;
    announce(belowText);
    const timer = setTimeout(() => setTipDone(total), BELOW_MIN_TIP_MS);
    return () => clearTimeout(timer);
  }, [below, belowText, total]);

  // The first-use hint: a few seconds after the trophy shows.
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setHintOver(true), HINT_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  const close = useCallback((focus: boolean) => {
    setOpen(false);
    if (focus) button.current?.focus();
  }, []);

  // Escape, or a press outside, closes the panel.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(true);
    };
    const onDown = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) close(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open, close]);

  // The tip and the panel open toward the middle of the screen from where the trophy is
  // (each table lays its bar out its own way): `data-side` says which side it is on.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const r = el.getBoundingClientRect();
    const rtl = getComputedStyle(el).direction === 'rtl';
    const middle = (r.left + r.right) / 2;
    const atStart = rtl ? middle > window.innerWidth / 2 : middle < window.innerWidth / 2;
    el.dataset.side = atStart ? 'start' : 'end';
  });

  if (!trophy) return null;

  const name = trophy.name || t('LOBBY_TAB_PROMOTIONS');
  const standing = !trophy.active
    ? t('PROMO_NOT_IN')
    : trophy.rank !== null
      ? t('PROMO_TROPHY_RANK', { rank: trophy.rank })
      : t('PROMO_NOT_RANKED');
  const label = [
    t('PROMO_TROPHY', { name }),
    t('PROMO_TROPHY_MIN', { amount: minBet }),
    standing,
    belowText,
  ]
    .filter(Boolean)
    .join('. ');
  const hint = firstTime && !used && !hintOver && !open;
  const tip = below && tipDone !== total && !open;
  const toggle = () => {
    if (firstTime && !used)
      void setFirstTime(false).catch(() => {
        /* the hint stays gone for this visit */
      });
    setUsed(true);
    if (below) setTipDone(total);
    setOpen((o) => !o);
  };
  const score = trophy.active && trophy.score ? scoreText(trophy.score, trophy.scoring, money) : '';
  const ownLobby = lobby !== null && lobby.target === undefined;

  return (
    <div
      className="promo-trophy"
      ref={box}
      data-testid="promo-trophy"
      data-active={trophy.active ? 'true' : 'false'}
      data-promotion={trophy.promotionId}
      data-below-min={below ? 'true' : undefined}
    >
      <button
        type="button"
        ref={button}
        className="promo-trophy-button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? `${ids}-panel` : undefined}
        aria-describedby={hint ? `${ids}-hint` : undefined}
        data-testid="promo-trophy-button"
        onClick={toggle}
      >
        <Icon name="trophy" />
        {below && (
          <span className="promo-trophy-mark" aria-hidden="true">
            !
          </span>
        )}
      </button>
      {tip && (
        <p className="promo-trophy-tip" data-testid="promo-bet-below-min">
          {belowText}
        </p>
      )}
      {hint && !tip && (
        <p
          className="promo-trophy-tip promo-trophy-hint"
          id={`${ids}-hint`}
          data-testid="promo-hint"
        >
          {t('PROMO_TROPHY_HINT')}
        </p>
      )}
      {open && (
        <div
          className="promo-pop"
          id={`${ids}-panel`}
          role="group"
          aria-labelledby={`${ids}-title`}
          data-testid="promo-trophy-panel"
        >
          <p className="promo-pop-title" id={`${ids}-title`}>
            <Icon name="trophy" /> <span>{name}</span>
          </p>
          <p data-testid="promo-trophy-standing">
            {standing}
            {score && ` · ${t('PROMO_TROPHY_SCORE', { score })}`}
          </p>
          <p data-testid="promo-trophy-min">{t('PROMO_TROPHY_MIN', { amount: minBet })}</p>
          {below && <p className="promo-pop-warn">{belowText}</p>}
          <p className="promo-pop-actions">
            {ownLobby && (
              <a className="button small" href={PROMOTIONS_HREF} data-testid="promo-trophy-link">
                {t('PROMO_SEE_ALL')}
              </a>
            )}
            <button type="button" className="link-button" onClick={() => close(true)}>
              {t('CLOSE')}
            </button>
          </p>
        </div>
      )}
    </div>
  );
}
