// The smaller pieces of the roulette table: the round banner with its countdown, the
// result, the recent numbers, the bet bar's limits button and the help, limits and payouts
// popup.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type CurrencyStyle, formatMoney, units } from '../../lib/format/money';
import type { TableConfig } from '../../lib/session';
import { Icon } from '../../ui/icons';
import { LimitsTable } from '../../ui/LimitsTable';
import { Popup } from '../../ui/Popup';
import { RecentList, ResultWin } from '../../ui/TableResults';
import { HelpActions } from '../../ui/GuideButton';
import { colourOf } from './spots';
import { pocketLabel } from './wheel';
import type { RecentResult, TableView } from './table-state';
import { useAnnounced } from '../../ui/Announcer';

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
  const announced = useAnnounced();
  if (!view.result || !landed) return null;
  const n = view.result.number;
  const mine = view.myWin?.gameId === view.result.gameId ? view.myWin : null;
  return (
    <div className={`result-banner result-${colourOf(n)}`} data-testid="result" ref={announced}>
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
      <ResultWin mine={mine} currency={currency} />
    </div>
  );
}

export function RecentNumbers({ recent }: { recent: RecentResult[] }) {
  const { t } = useTranslation();
  return (
    <RecentList label={t('RECENT_NUMBERS')} testId="recent-numbers">
      {recent.map((r) => (
        <li key={r.gameId} className={`recent recent-${colourOf(r.number)}`}>
          {pocketLabel(r.number)}
        </li>
      ))}
    </RecentList>
  );
}

/** SPEC §9 "Bet limit panel delayed 500 ms". */
export const LIMITS_PANEL_DELAY_MS = 500;

/**
 * The bet bar's limits button. A pointer's click (a tap, a mouse) asks for the limits panel,
 * which opens 500 ms later (SPEC §9), showing it is coming (aria-busy, the pressed look)
 * meanwhile; more clicks while it comes change nothing (a double tap opens it once). By
 * keyboard (Enter or Space: a click without a pointer, detail 0) it opens at once.
 */
export function LimitsButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [coming, setComing] = useState(false);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return (
    <button
      type="button"
      className={`link-button ${coming ? 'on' : ''}`}
      data-testid="limits-button"
      aria-busy={coming || undefined}
      onClick={(e) => {
        if (timer.current !== null) return;
        if (e.detail === 0) return onOpen();
        setComing(true);
        timer.current = setTimeout(() => {
          timer.current = null;
          setComing(false);
          onOpen();
        }, LIMITS_PANEL_DELAY_MS);
      }}
    >
      <Icon name="limits" />
      <span className="toggle-label">{t('BET_LIMITS')}</span>
    </button>
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
      actions={<HelpActions tableId={table.tableId} onClose={onClose} />}
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
          <LimitsTable
            spots={table.limits.spots}
            currency={currency}
            name={(kind) => t(`KIND_${kind}` as 'KIND_red')}
            note={(spot) =>
              spot.kind === 'straight' &&
              table.limits.maxMultiplier > 0 && (
                <>
                  {' '}
                  <span className="multiplier-note">
                    (
                    {t('HELP_MULTIPLIER_MAX', {
                      kind: t('HELP_MULTIPLIER'),
                      pays: t('PAYS', { ratio: table.limits.maxMultiplier }),
                    })}
                    )
                  </span>
                </>
              )
            }
          />
          {!table.limits.oppositeBetsAllowed && <p>{t('LIMITS_OPPOSITE_NOT_ALLOWED')}</p>}
        </div>
      )}
    </Popup>
  );
}
