// The betting controls every table shares: the chip tray (one chip chosen), the undo,
// clear, double and rebet buttons, and the bar that puts them together with the total.
import { useTranslation } from 'react-i18next';

import { type KeyboardEvent, type ReactNode, useRef } from 'react';

import { type CurrencyStyle, type Units, amountText, formatMoney } from '../lib/format/money';
import { Chip } from './Chip';

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
  // A radio group: Tab stops on the chosen chip only; the arrow keys (Home, End) choose
  // the chip beside it and move there, as a row of radio buttons does.
  const tray = useRef<HTMLDivElement>(null);
  const chosen = chips.includes(selected) ? selected : chips[0];
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = chips.indexOf(chosen ?? 0);
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowDown: 1,
      ArrowLeft: rtl ? 1 : -1,
      ArrowUp: -1,
      Home: -at,
      End: chips.length - 1 - at,
    };
    if (!(e.key in step) || chips.length === 0) return;
    e.preventDefault();
    const next = (at + step[e.key]! + chips.length) % chips.length;
    onSelect(chips[next]!);
    tray.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus();
  };
  return (
    <div
      className="chip-tray"
      role="radiogroup"
      aria-label={t('CHIPS')}
      ref={tray}
      onKeyDown={onKeyDown}
    >
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
            tabIndex={value === chosen ? 0 : -1}
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
    <button type="button" className="control" disabled={!enabled} onClick={onClick}>
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

/** What BettingBar needs from a table's betting (lib/table/useBetting). */
export interface BettingState {
  chips: Units[];
  chip: Units;
  selectChip: (value: Units) => void;
  total: Units;
  can: { undo: boolean; clear: boolean; double: boolean; rebet: boolean };
  undo: () => void;
  clear: () => void;
  double: () => void;
  rebet: () => void;
}

/** The bar under every table: chips, the bet buttons, the total bet and a table's extras. */
export function BettingBar({
  betting,
  open,
  mobile,
  currency,
  children,
}: {
  betting: BettingState;
  open: boolean; // bets are open
  mobile: boolean;
  currency: CurrencyStyle;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="controls">
      <ChipTray
        chips={betting.chips}
        selected={betting.chip}
        mobile={mobile}
        onSelect={betting.selectChip}
        currency={currency}
      />
      <BetControls
        canUndo={open && betting.can.undo}
        canClear={open && betting.can.clear}
        canDouble={open && betting.can.double}
        canRebet={open && betting.can.rebet}
        onUndo={betting.undo}
        onClear={betting.clear}
        onDouble={betting.double}
        onRebet={betting.rebet}
      />
      <div className="totals">
        <span className="total-bet" data-testid="total-bet" data-amount={amountText(betting.total)}>
          <span className="label">{t('TOTAL_BET')}</span>{' '}
          <strong>{formatMoney(betting.total, currency)}</strong>
        </span>
        {children}
      </div>
    </section>
  );
}
