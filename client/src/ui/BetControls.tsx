// The betting controls every table shares: the chip tray (one chip chosen), the undo,
// clear, double and rebet buttons, and the bar that puts them together with the total.
// With a free-bet bonus active here (lib/bonus), the tray has one more chip: the free chip
// (colour 322300), marked FREE, with a badge of the chips left. The promotion trophy
// (ui/PromoTrophy) sits beside the chips when a promotion plays at this table.
import { useTranslation } from 'react-i18next';

import { type KeyboardEvent, type ReactNode, useRef } from 'react';

import { type CurrencyStyle, type Units, amountText, formatMoney } from '../lib/format/money';
import { formatNumber } from '../lib/format/locale';
import { Chip } from './Chip';
import { PromoTrophy } from './PromoTrophy';

/** The free-bet chip the tray offers (lib/table/useBetting's `free`). */
export interface FreeChipChoice {
  value: Units;
  /** Chips the player may still place. */
  left: number;
  selected: boolean;
  onSelect: () => void;
}

export function ChipTray({
  chips,
  selected,
  mobile,
  onSelect,
  currency,
  free = null,
}: {
  chips: Units[];
  selected: Units;
  mobile: boolean;
  onSelect: (value: Units) => void;
  currency: CurrencyStyle;
  free?: FreeChipChoice | null;
}) {
  const { t } = useTranslation();
  // A radio group: Tab stops on the chosen chip only; the arrow keys (Home, End) choose
  // the chip beside it and move there, as a row of radio buttons does. The free chip
  // comes last.
  const tray = useRef<HTMLDivElement>(null);
  const freeChosen = free?.selected === true;
  const ownSelected = freeChosen ? null : selected;
  const chosen = freeChosen ? null : chips.includes(selected) ? selected : chips[0];
  const count = chips.length + (free ? 1 : 0);
  const choose = (i: number) =>
    free && i === chips.length ? free.onSelect() : onSelect(chips[i]!);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = freeChosen ? chips.length : chips.indexOf(chosen ?? 0);
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const step: Record<string, number> = {
      ArrowRight: rtl ? -1 : 1,
      ArrowDown: 1,
      ArrowLeft: rtl ? 1 : -1,
      ArrowUp: -1,
      Home: -at,
      End: count - 1 - at,
    };
    if (!(e.key in step) || count === 0) return;
    e.preventDefault();
    const next = (at + step[e.key]! + count) % count;
    choose(next);
    tray.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus();
  };
  const size = mobile ? 40 : 52;
  return (
    <div
      className={`chip-tray ${free ? 'has-free' : ''}`}
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
            aria-checked={value === ownSelected}
            aria-label={label}
            tabIndex={value === chosen ? 0 : -1}
            className={`chip-button ${value === ownSelected ? 'selected' : ''}`}
            onClick={() => onSelect(value)}
          >
            <Chip value={value} index={i} size={size} mobile={mobile} />
          </button>
        );
      })}
      {free && (
        <button
          type="button"
          role="radio"
          aria-checked={freeChosen}
          aria-label={t('FREE_CHIP_NAME', {
            value: formatMoney(free.value, currency, { avoidTrailingZeros: true }),
            count: free.left,
          })}
          tabIndex={freeChosen || chosen === undefined ? 0 : -1}
          className={`chip-button free-chip ${freeChosen ? 'selected' : ''}`}
          data-testid="free-chip"
          data-left={free.left}
          onClick={free.onSelect}
        >
          <Chip
            value={free.value}
            index={0}
            size={size}
            mobile={mobile}
            free
            label={t('FREE_CHIP')}
          />
          <span className="free-chip-count" aria-hidden="true">
            ×{formatNumber(free.left)}
          </span>
        </button>
      )}
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
  /** The free-bet chip, when a bonus gives one here. */
  free?: FreeChipChoice | null;
  /** The table's game family (tableConfig.game), for the promotion trophy. */
  family?: string | null;
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
  trophy = true,
  children,
}: {
  betting: BettingState;
  open: boolean; // bets are open
  mobile: boolean;
  currency: CurrencyStyle;
  /** The promotion trophy (SPEC §1); false where a page shows several tables at once. */
  trophy?: boolean;
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
        free={betting.free}
      />
      {trophy && (
        <PromoTrophy
          family={betting.family ?? null}
          total={betting.total}
          freeSelected={betting.free?.selected === true}
        />
      )}
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
