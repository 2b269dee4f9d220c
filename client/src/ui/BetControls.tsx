// The betting controls every table shares: the chip tray (one chip chosen) and the undo,
// clear, double and rebet buttons.
import { useTranslation } from 'react-i18next';

import { type CurrencyStyle, type Units, formatMoney } from '../lib/format/money';
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
