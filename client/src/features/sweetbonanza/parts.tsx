// The pieces of a candy wheel table around the studio: the six bet spots (the numbers with
// what they pay, the bonuses paying their result), a label as a coloured token, the result
// with the player's win, the recent results and the help with the rules and the limits.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

import { useArrowKeys } from '../../lib/a11y/keyboard';
import type { CurrencyStyle, Units } from '../../lib/format/money';
import type { SpotLimit, TableConfig } from '../../lib/session';
import { candyColour, candyLabelOf, isCandyBonus } from '../../lib/table/candy-wheel';
import type { Drawn } from '../../lib/table/results';
import { useAnnounced } from '../../ui/Announcer';
import { HelpActions } from '../../ui/GuideButton';
import { LimitsSummary, LimitsTable } from '../../ui/LimitsTable';
import { Popup } from '../../ui/Popup';
import { SpotButton } from '../../ui/SpotButton';
import { RecentList, ResultWin } from '../../ui/TableResults';
import { type CandyResult, bonusX } from './candy';
import { labelName, labelShort } from './names';
import type { CandyView } from './show-state';

/** A label as a coloured token: the spots, results and the show print them alike. */
export function LabelToken({ label, className = '' }: { label: string; className?: string }) {
  const { t } = useTranslation();
  const { fill, ink } = candyColour(label);
  return (
    <span
      className={`sbz-token ${isCandyBonus(label) || label === 'SUGAR_BOMB' ? 'bonus' : ''} ${className}`}
      style={{ background: fill, color: ink }}
      data-label={label}
    >
      {labelShort(t, label)}
    </span>
  );
}

/** A spot's code from its kind in the limits ("candy_drop" is CANDY_DROP). */
export const spotCode = (kind: string) => kind.toUpperCase();

export const Spots = memo(function Spots({
  spots,
  totals,
  chipIndex,
  currency,
  open,
  winner,
  onPlace,
}: {
  spots: SpotLimit[];
  totals: Map<string, Units>;
  chipIndex: (value: Units) => number;
  currency: CurrencyStyle;
  open: boolean;
  winner: string | null; // once the wheel has stopped for good
  onPlace: (spot: string) => void;
}) {
  const { t } = useTranslation();
  const arrowKeys = useArrowKeys();
  return (
    <div
      className={`sbz-spots ${open ? 'open' : 'closed'}`}
      data-testid="sweetbonanza-spots"
      ref={arrowKeys}
    >
      {spots.map((s) => {
        const code = spotCode(s.kind);
        const label = candyLabelOf(code);
        if (label === null || label === 'SUGAR_BOMB') return null;
        const bonus = isCandyBonus(label);
        return (
          <SpotButton
            key={code}
            code={code}
            name={labelName(t, label)}
            pays={bonus ? t('SBZ_PAYS_BONUS') : t('PAYS', { ratio: s.payout })}
            amount={totals.get(code) ?? 0}
            chipIndex={chipIndex}
            currency={currency}
            open={open}
            won={winner === code}
            className={`sbz-spot ${bonus ? 'bonus' : 'number'}`}
            onPlace={onPlace}
          >
            <LabelToken label={label} className="sbz-spot-token" />
            {bonus && <span className="sbz-spot-name">{labelName(t, label)}</span>}
            <span className="sbz-spot-pays">
              {bonus ? t('SBZ_PAYS_BONUS_SHORT') : t('PAYS_SHORT', { ratio: s.payout })}
            </span>
          </SpotButton>
        );
      })}
    </div>
  );
});

/** The round's result once the wheel and the show are over: what won, and the player's win. */
export function ResultBanner({
  view,
  currency,
  landed,
  candy,
}: {
  view: CandyView;
  currency: CurrencyStyle;
  landed: boolean;
  candy: string; // the player's candy, for a Candy Drop's X
}) {
  const { t } = useTranslation();
  const announced = useAnnounced();
  const r = view.result;
  if (!r || !landed) return null;
  const mine = view.myWin?.gameId === r.gameId ? view.myWin : null;
  const x = bonusX(r, candy);
  return (
    <div
      className="result-banner sbz-result"
      data-testid="result"
      data-label={r.label}
      data-segment={r.final ?? undefined}
      ref={announced}
    >
      <LabelToken label={r.label} className="sbz-result-token" />
      <span className="sbz-result-text">{t('SBZ_LANDED', { label: labelName(t, r.label) })}</span>
      {r.bomb !== null && (
        <span className="result-multiplier" data-testid="result-bomb" data-x={r.bomb}>
          {t('SBZ_RESULT_BOMB', { m: r.bomb })}
        </span>
      )}
      {x !== null && (
        <span className="result-multiplier" data-testid="result-x" data-x={x}>
          {t('SBZ_BONUS_PAYS', { bonus: labelName(t, r.label), x })}
        </span>
      )}
      <ResultWin mine={mine} currency={currency} />
    </div>
  );
}

export function RecentResults({ recent }: { recent: Drawn<CandyResult>[] }) {
  const { t } = useTranslation();
  return (
    <RecentList className="sbz-recent">
      {recent.map((r) => (
        <li key={r.gameId} className="recent" data-label={r.label} data-game={r.gameId}>
          <LabelToken label={r.label} />
          {r.bomb !== null && (
            <span className="sbz-recent-bomb" aria-hidden="true">
              ×{r.bomb}
            </span>
          )}
          <span className="sr-only">{labelName(t, r.label)}</span>
        </li>
      ))}
    </RecentList>
  );
}

/** The rules, and the live limits with what every spot pays. */
export function CandyHelp({
  table,
  currency,
  onClose,
}: {
  table: TableConfig;
  currency: CurrencyStyle;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popup
      title={t('HELP_TITLE', { table: table.name })}
      onClose={onClose}
      testId="sweetbonanza-help"
      actions={<HelpActions tableId={table.tableId} onClose={onClose} />}
    >
      <p>{t('HELP_sweetbonanza')}</p>
      <ul className="sbz-help-list">
        <li>{t('HELP_sweetbonanza_bomb')}</li>
        <li>{t('HELP_sweetbonanza_candy')}</li>
        <li>{t('HELP_sweetbonanza_bubbles')}</li>
        <li>{t('HELP_sweetbonanza_spins')}</li>
      </ul>
      <p data-testid="sweetbonanza-rtp">{t('HELP_sweetbonanza_rtp')}</p>
      <LimitsSummary min={table.limits.min} max={table.limits.max} currency={currency} />
      <LimitsTable
        spots={table.limits.spots}
        currency={currency}
        name={(kind) => labelName(t, spotCode(kind))}
        pays={(s) => (isCandyBonus(spotCode(s.kind)) ? t('SBZ_PAYS_BONUS') : null)}
      />
    </Popup>
  );
}
