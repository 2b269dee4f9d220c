// The smaller pieces of the roulette table: the round banner with its countdown, the
// result, the recent numbers, the chip tray, the bet buttons and the limits popup.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type CurrencyStyle, type Units, formatMoney, units } from '../../lib/format/money';
import type { TableConfig } from '../../lib/session';
import { Chip } from '../../ui/Chip';
import { Popup } from '../../ui/Popup';
import { colourOf } from './spots';
import { type RecentResult, type TableView, secondsLeft } from './table-state';

export function RoundBanner({ view }: { view: TableView }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = view.betsOpen ? secondsLeft(view, now) : null;
  let text: string;
  if (view.closed) text = t('TABLE_CLOSED');
  else if (view.state === 21) text = t('ROUND_CANCELLED');
  else if (view.betsOpen) text = view.closingSoon ? t('BETS_CLOSING_SOON') : t('PLACE_YOUR_BETS');
  else if (view.state === 3) text = t('BETS_CLOSED');
  else if (view.state === 6) text = t('WAITING_FOR_RESULT');
  else if (view.state === 24) text = t('RESULT');
  else text = t('WAIT_FOR_NEXT_ROUND');
  const urgent = view.betsOpen && (view.closingSoon || (seconds !== null && seconds <= 5));
  return (
    <div
      className={`round-banner ${urgent ? 'urgent' : ''} ${view.betsOpen ? 'open' : 'closed'}`}
      data-testid="round-state"
      data-state={view.state}
      data-game={view.gameId}
      role="status"
      aria-live="polite"
    >
      <span className="round-text">{text}</span>
      {seconds !== null && (
        <span
          className="countdown"
          data-testid="countdown"
          aria-label={t('SECONDS_LEFT', { seconds })}
        >
          {seconds}
        </span>
      )}
      <span className="round-state">
        {t(`STATE_${view.state}` as 'STATE_2', { defaultValue: '' })}
      </span>
    </div>
  );
}

export function ResultBanner({
  view,
  currency,
  landed,
}: {
  view: TableView;
  currency: CurrencyStyle;
  landed: boolean;
}) {
  const { t } = useTranslation();
  if (!view.result || !landed) return null;
  const n = view.result.number;
  const mine = view.myWin?.gameId === view.result.gameId ? view.myWin : null;
  return (
    <div
      className={`result-banner result-${colourOf(n)}`}
      data-testid="result"
      role="status"
      aria-live="assertive"
    >
      <span className="result-number" data-testid="result-number">
        {n}
      </span>
      <span className="result-colour">{t(`COLOUR_${colourOf(n)}`)}</span>
      {mine && (
        <span
          className="result-win"
          data-testid="result-win"
          data-win={formatMoney(mine.win, currency, { hideCurrency: true })}
        >
          {mine.win > 0 ? t('YOU_WIN', { amount: formatMoney(mine.win, currency) }) : t('NO_WIN')}
        </span>
      )}
    </div>
  );
}

export function RecentNumbers({ recent }: { recent: RecentResult[] }) {
  const { t } = useTranslation();
  return (
    <ol className="recent-numbers" aria-label={t('RECENT_NUMBERS')} data-testid="recent-numbers">
      {recent.map((r) => (
        <li key={r.gameId} className={`recent recent-${colourOf(r.number)}`}>
          {r.number}
        </li>
      ))}
    </ol>
  );
}

export function ChipTray({
  chips,
  selected,
  mobile,
  onSelect,
  currency,
}: {
  chips: Units[];
  selected: Units;
  mobile: boolean;
  onSelect: (value: Units) => void;
  currency: CurrencyStyle;
}) {
  const { t } = useTranslation();
  return (
    <div className="chip-tray" role="radiogroup" aria-label={t('CHIPS')}>
      {chips.map((value, i) => {
        const label = t('CHIP_VALUE', {
          value: formatMoney(value, currency, { avoidTrailingZeros: true }),
        });
        return (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={value === selected}
            aria-label={label}
            className={`chip-button ${value === selected ? 'selected' : ''}`}
            onClick={() => onSelect(value)}
          >
            <Chip value={value} index={i} size={mobile ? 40 : 52} mobile={mobile} />
          </button>
        );
      })}
    </div>
  );
}

export interface ControlsProps {
  canUndo: boolean;
  canClear: boolean;
  canDouble: boolean;
  canRebet: boolean;
  onUndo: () => void;
  onClear: () => void;
  onDouble: () => void;
  onRebet: () => void;
}

export function BetControls(p: ControlsProps) {
  const { t } = useTranslation();
  const button = (label: string, enabled: boolean, onClick: () => void, icon: string) => (
    <button
      type="button"
      className="control"
      disabled={!enabled}
      onClick={onClick}
      aria-label={label}
    >
      <span aria-hidden="true" className="control-icon">
        {icon}
      </span>
      <span className="control-label">{label}</span>
    </button>
  );
  return (
    <div className="bet-controls">
      {button(t('UNDO'), p.canUndo, p.onUndo, '↶')}
      {button(t('CLEAR'), p.canClear, p.onClear, '✕')}
      {button(t('DOUBLE'), p.canDouble, p.onDouble, '×2')}
      {button(t('REBET'), p.canRebet, p.onRebet, '↻')}
    </div>
  );
}

export function LimitsPopup({
  table,
  currency,
  onClose,
}: {
  table: TableConfig;
  currency: CurrencyStyle;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = (text: string) => formatMoney(units(text), currency);
  return (
    <Popup
      title={t('LIMITS_TITLE', { table: table.name })}
      onClose={onClose}
      testId="limits-popup"
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('CLOSE')}
        </button>
      }
    >
      <dl className="limits-summary">
        <dt>{t('LIMITS_MIN')}</dt>
        <dd>{money(table.limits.min)}</dd>
        <dt>{t('LIMITS_MAX')}</dt>
        <dd>{money(table.limits.max)}</dd>
        <dt>{t('LIMITS_INSIDE')}</dt>
        <dd>{money(table.limits.insideMax)}</dd>
        <dt>{t('LIMITS_OUTSIDE')}</dt>
        <dd>{money(table.limits.outsideMax)}</dd>
      </dl>
      <table className="limits-table">
        <thead>
          <tr>
            <th scope="col">{t('LIMITS_BET')}</th>
            <th scope="col">{t('LIMITS_PAYS')}</th>
            <th scope="col">{t('LIMITS_SPOT_MAX')}</th>
          </tr>
        </thead>
        <tbody>
          {table.limits.spots.map((s) => (
            <tr key={s.kind}>
              <th scope="row">{t(`KIND_${s.kind}` as 'KIND_red')}</th>
              <td>{t('PAYS', { ratio: s.payout })}</td>
              <td>{money(s.max)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!table.limits.oppositeBetsAllowed && <p>{t('LIMITS_OPPOSITE_NOT_ALLOWED')}</p>}
    </Popup>
  );
}
