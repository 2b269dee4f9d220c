// The smaller pieces of the roulette table: the round banner with its countdown, the
// result, the recent numbers, the chip tray, the bet buttons and the limits popup.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type CurrencyStyle, type Units, formatMoney, units } from '../../lib/format/money';
import type { TableConfig } from '../../lib/session';
import { Chip } from '../../ui/Chip';
import { Popup } from '../../ui/Popup';
import { colourOf } from './spots';
import { pocketLabel } from './wheel';
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
        {pocketLabel(n)}
      </span>
      <span className="result-colour">{t(`COLOUR_${colourOf(n)}`)}</span>
      {view.resultMultiplier && (
        <span className="result-multiplier" data-testid="result-multiplier">
          {t(view.multipliers.some((m) => m.x === 0) ? 'POWER_UP_HIT' : 'LUCKY_HIT', {
            number: pocketLabel(view.resultMultiplier.number),
            x: view.resultMultiplier.x,
          })}
        </span>
      )}
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
          {pocketLabel(r.number)}
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

/** Help for the table: its rules (per variant) and its live limits and payouts. */
export function LimitsPopup({
  table,
  currency,
  onClose,
  initialTab = 'payouts',
}: {
  table: TableConfig;
  currency: CurrencyStyle;
  onClose: () => void;
  initialTab?: 'rules' | 'payouts';
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'rules' | 'payouts'>(initialTab);
  const money = (text: string) => formatMoney(units(text), currency);
  const variant = (['european', 'american', 'mega', 'powerup'] as const).find(
    (v) => v === table.variant,
  );
  const tabButton = (id: 'rules' | 'payouts', label: string) => (
    <button
      type="button"
      role="tab"
      id={`help-tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`help-panel-${id}`}
      className={`tab ${tab === id ? 'selected' : ''}`}
      onClick={() => setTab(id)}
    >
      {label}
    </button>
  );
  return (
    <Popup
      title={
        tab === 'rules'
          ? t('HELP_TITLE', { table: table.name })
          : t('LIMITS_TITLE', { table: table.name })
      }
      onClose={onClose}
      testId="limits-popup"
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('CLOSE')}
        </button>
      }
    >
      <div className="tabs" role="tablist">
        {tabButton('rules', t('HELP_TAB_RULES'))}
        {tabButton('payouts', t('HELP_TAB_PAYOUTS'))}
      </div>
      {tab === 'rules' ? (
        <div
          role="tabpanel"
          id="help-panel-rules"
          aria-labelledby="help-tab-rules"
          data-testid="help-rules"
        >
          <p>{t(`HELP_${variant ?? 'european'}`, { max: table.limits.maxMultiplier })}</p>
          {table.tableType === 'autoroulette' && <p>{t('HELP_autoroulette')}</p>}
          {table.seats > 0 && <p>{t('HELP_private', { seats: table.seats })}</p>}
          {table.specialBallEvery > 0 && (
            <p>{t('HELP_SPECIAL_BALL', { every: table.specialBallEvery })}</p>
          )}
          {!table.limits.oppositeBetsAllowed && <p>{t('LIMITS_OPPOSITE_NOT_ALLOWED')}</p>}
        </div>
      ) : (
        <div role="tabpanel" id="help-panel-payouts" aria-labelledby="help-tab-payouts">
          <dl className="limits-summary">
            <dt>{t('LIMITS_MIN')}</dt>
            <dd>{money(table.limits.min)}</dd>
            <dt>{t('LIMITS_MAX')}</dt>
            <dd>{money(table.limits.max)}</dd>
            <dt>{t('LIMITS_INSIDE')}</dt>
            <dd>{money(table.limits.insideMax)}</dd>
            <dt>{t('LIMITS_OUTSIDE')}</dt>
            <dd>{money(table.limits.outsideMax)}</dd>
            {table.limits.tableMin !== table.limits.min && (
              <>
                <dt>{t('LIMITS_TABLE_MIN')}</dt>
                <dd>{money(table.limits.tableMin)}</dd>
              </>
            )}
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
                <tr key={s.kind} data-kind={s.kind}>
                  <th scope="row">{t(`KIND_${s.kind}` as 'KIND_red')}</th>
                  <td>
                    {t('PAYS', { ratio: s.payout })}
                    {s.kind === 'straight' && table.limits.maxMultiplier > 0 && (
                      <>
                        {' '}
                        <span className="multiplier-note">
                          ({t('HELP_MULTIPLIER')}:{' '}
                          {t('PAYS', { ratio: table.limits.maxMultiplier })} max)
                        </span>
                      </>
                    )}
                  </td>
                  <td>{money(s.max)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {!table.limits.oppositeBetsAllowed && <p>{t('LIMITS_OPPOSITE_NOT_ALLOWED')}</p>}
        </div>
      )}
    </Popup>
  );
}
