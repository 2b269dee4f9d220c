// Blackjack's panels: the bet-behind settings of a table, auto-play (one-hand infinite)
// with its strategy editor, and the help with the table's limits.
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { CurrencyStyle } from '../../lib/format/money';
import { HttpError } from '../../lib/http/http';
import { type TableConfig, useServices } from '../../lib/session';
import { useStore } from '../../lib/store';
import { LimitsSummary } from '../../ui/LimitsTable';
import { Popup } from '../../ui/Popup';
import { HelpActions } from '../../ui/GuideButton';
import { toast } from '../../ui/Toaster';
import type { Autoplay } from './bj-state';
import {
  type BetBehindSettings,
  DEFAULT_BET_BEHIND,
  DEFAULT_STRATEGY,
  STRATEGY_FIELDS,
  STRATEGY_RANGE,
  type Strategy,
  badStrategyField,
  parseBetBehind,
  strategyOf,
} from './settings';

function useSaveFailed() {
  const { t } = useTranslation();
  return (e: unknown) => {
    const code = e instanceof HttpError ? e.code : undefined;
    toast(
      code !== undefined && code !== 2001
        ? t(`ERROR.${code}` as 'ERROR.1005', { defaultValue: t('BJ_SAVE_FAILED') })
        : t('BJ_SAVE_FAILED'),
      'error',
    );
  };
}

/** A settings popup with Save and Close: a save shows its outcome and closes on success. */
function SavePopup({
  title,
  testId,
  ready,
  onSave,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  ready: boolean;
  /** Saves; false when nothing was sent (the input was refused first). */
  onSave: () => Promise<boolean>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const failed = useSaveFailed();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      if (!(await onSave())) return;
      toast(t('BJ_SAVED'), 'info');
      onClose();
    } catch (e) {
      failed(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popup
      title={title}
      onClose={onClose}
      testId={testId}
      actions={
        <>
          <button
            type="button"
            className="button"
            data-testid={`${testId}-save`}
            disabled={!ready || saving}
            onClick={() => void save()}
          >
            {t('BJ_SAVE')}
          </button>
          <button type="button" className="link-button" onClick={onClose}>
            {t('CLOSE')}
          </button>
        </>
      }
    >
      {children}
    </Popup>
  );
}

const FLAGS = [
  ['doubledown', 'BJ_SETTINGS_DOUBLEDOWN'],
  ['split', 'BJ_SETTINGS_SPLIT'],
  ['insurance', 'BJ_SETTINGS_INSURANCE'],
  ['allowBetBehind', 'BJ_SETTINGS_ALLOW'],
] as const;

/** The player's bet-behind preferences at this table (read as XML, saved as JSON). */
export function BetBehindPopup({ tableId, onClose }: { tableId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [settings, setSettings] = useState<BetBehindSettings | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let live = true;
    http
      .getText('/api/ui/betBehindSettings', { tableId })
      .then((xml) => {
        if (!live) return;
        const parsed = parseBetBehind(xml);
        setSettings(parsed ?? DEFAULT_BET_BEHIND);
        setLoadFailed(parsed === null);
      })
      .catch(() => {
        if (!live) return;
        setSettings(DEFAULT_BET_BEHIND);
        setLoadFailed(true);
      });
    return () => {
      live = false;
    };
  }, [http, tableId]);

  const save = async () => {
    if (!settings) return false;
    await http.post('/api/ui/betBehindSettings', {
      tableId,
      gameType: 'blackjack',
      doubledown: settings.doubledown,
      split: settings.split,
      insurance: settings.insurance,
      allowBetBehind: settings.allowBetBehind,
    });
    return true;
  };

  return (
    <SavePopup
      title={t('BJ_SETTINGS')}
      testId="bj-settings"
      ready={settings !== null}
      onSave={save}
      onClose={onClose}
    >
      {!settings ? (
        <p>{t('LOADING')}</p>
      ) : (
        <fieldset className="bj-settings">
          {loadFailed && <p className="bj-note">{t('BJ_SETTINGS_LOAD_FAILED')}</p>}
          {FLAGS.map(([key, label]) => (
            <label key={key} className="bj-check">
              <input
                type="checkbox"
                data-testid={`bj-settings-${key}`}
                checked={settings[key]}
                onChange={(e) => setSettings({ ...settings, [key]: e.target.checked })}
              />
              <span>{t(label)}</span>
            </label>
          ))}
        </fieldset>
      )}
    </SavePopup>
  );
}

/** The auto-play strategy (GET and PUT /api/bjstrategy/user). */
export function StrategyPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [strategy, setStrategy] = useState<Strategy | null>(null);

  useEffect(() => {
    let live = true;
    http
      .get<unknown>('/api/bjstrategy/user')
      .then((s) => live && setStrategy(strategyOf(s)))
      .catch(() => live && setStrategy(DEFAULT_STRATEGY));
    return () => {
      live = false;
    };
  }, [http]);

  const save = async () => {
    if (!strategy) return false;
    const bad = badStrategyField(strategy);
    if (bad) {
      toast(t('BJ_STRATEGY_INVALID', { field: t(`BJ_STRATEGY_${bad}`) }), 'error');
      return false;
    }
    setStrategy(strategyOf(await http.put<unknown>('/api/bjstrategy/user', { strategy })));
    return true;
  };

  return (
    <SavePopup
      title={t('BJ_STRATEGY_TITLE')}
      testId="bj-strategy"
      ready={strategy !== null}
      onSave={save}
      onClose={onClose}
    >
      {!strategy ? (
        <p>{t('LOADING')}</p>
      ) : (
        <div className="bj-strategy">
          {STRATEGY_FIELDS.map((k) => {
            const [lo, hi] = STRATEGY_RANGE[k];
            const id = `bj-strategy-${k}`;
            return (
              <label key={k} htmlFor={id} className="bj-field">
                <span>{t(`BJ_STRATEGY_${k}`)}</span>
                {k === 'insurance' ? (
                  <select
                    id={id}
                    data-testid={id}
                    value={strategy.insurance}
                    onChange={(e) =>
                      setStrategy({ ...strategy, insurance: Number(e.target.value) })
                    }
                  >
                    {[0, 1, 2].map((n) => (
                      <option key={n} value={n}>
                        {t(`BJ_STRATEGY_INSURANCE_${n}` as 'BJ_STRATEGY_INSURANCE_0')}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={id}
                    data-testid={id}
                    type="number"
                    inputMode="numeric"
                    min={lo}
                    max={hi}
                    value={strategy[k]}
                    onChange={(e) => setStrategy({ ...strategy, [k]: Number(e.target.value) })}
                  />
                )}
              </label>
            );
          })}
        </div>
      )}
    </SavePopup>
  );
}

export const AUTOPLAY_ROUNDS = [5, 10, 25, 50];

/** Auto-play at one-hand infinite: how many rounds, start and stop, and what it is doing. */
export function AutoplayPanel({
  autoplay,
  busy,
  onStart,
  onStop,
  onStrategy,
}: {
  autoplay: Autoplay;
  busy: boolean;
  onStart: (rounds: number) => void;
  onStop: () => void;
  /** Opens the strategy; without it (the UK rules: no auto-play features) no button shows. */
  onStrategy?: () => void;
}) {
  const { t } = useTranslation();
  const { session, saveSetting } = useServices();
  // The first time: the note on how autoplay plays is a callout to acknowledge
  // (autoplay_onboarded); afterwards it stays out of the way.
  const onboarded = useStore(
    session,
    (s) => s.config?.playerConfig.settings.autoplay_onboarded === true,
  );
  const [rounds, setRounds] = useState(10);
  const running = autoplay.state === 'running';
  let status = t(`BJ_AUTOPLAY_${autoplay.state}`, { count: autoplay.roundsLeft });
  if (autoplay.state === 'stopped' && autoplay.reason) {
    const reason = t(`BJ_AUTOPLAY_REASON_${autoplay.reason}` as 'BJ_AUTOPLAY_REASON_player', {
      defaultValue: '',
    });
    if (reason) status = `${status}: ${reason}`;
  }
  return (
    <section className="bj-autoplay" data-testid="bj-autoplay" aria-label={t('BJ_AUTOPLAY')}>
      <h2>{t('BJ_AUTOPLAY')}</h2>
      {!onboarded && (
        <div className="bj-onboarding" role="note" data-testid="bj-autoplay-onboarding">
          <p className="bj-note">{t('BJ_AUTOPLAY_NOTE')}</p>
          <button
            type="button"
            className="link-button"
            onClick={() =>
              void saveSetting('autoplay_onboarded', true).catch(() => {
                /* shown again next time */
              })
            }
          >
            {t('GUIDE_GOT_IT')}
          </button>
        </div>
      )}
      <div className="bj-rounds" role="radiogroup" aria-label={t('BJ_AUTOPLAY_ROUNDS')}>
        {AUTOPLAY_ROUNDS.map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={rounds === n}
            className={`toggle ${rounds === n ? 'on' : ''}`}
            data-testid={`bj-autoplay-rounds-${n}`}
            aria-label={t('BJ_AUTOPLAY_ROUNDS_N', { count: n })}
            disabled={running}
            onClick={() => setRounds(n)}
          >
            {n}
          </button>
        ))}
      </div>
      <div className="bj-autoplay-actions">
        {running ? (
          <button
            type="button"
            className="button"
            data-testid="bj-autoplay-stop"
            disabled={busy}
            onClick={onStop}
          >
            {t('BJ_AUTOPLAY_STOP')}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            data-testid="bj-autoplay-start"
            disabled={busy}
            onClick={() => onStart(rounds)}
          >
            {t('BJ_AUTOPLAY_START')}
          </button>
        )}
        {onStrategy && (
          <button
            type="button"
            className="link-button"
            data-testid="bj-strategy-button"
            onClick={onStrategy}
          >
            {t('BJ_STRATEGY')}
          </button>
        )}
      </div>
      <p
        className="bj-autoplay-state"
        data-testid="bj-autoplay-state"
        data-state={autoplay.state}
        data-rounds-left={autoplay.roundsLeft}
        role="status"
      >
        {status}
      </p>
    </section>
  );
}

/** The rules of the table and its limits. */
export function BjHelpPopup({
  table,
  oneHand,
  currency,
  onClose,
}: {
  table: TableConfig;
  oneHand: boolean;
  currency: CurrencyStyle;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popup
      title={t('HELP_TITLE', { table: table.name })}
      onClose={onClose}
      testId="bj-help"
      actions={<HelpActions tableId={table.tableId} onClose={onClose} />}
    >
      <p>{t(oneHand ? 'HELP_onebj' : 'HELP_blackjack')}</p>
      <LimitsSummary
        min={table.limits.min}
        max={table.limits.tableMax ?? table.limits.max}
        currency={currency}
      />
    </Popup>
  );
}
