// The synthetic studio of a sic bo table: three dice under a glass dome, drawn from the
// table's own events. While the server throws (state 6) the dome shakes and the dice
// tumble; when the result comes they settle on the server's dice, in the order thrown,
// and rest there until the next throw. A result that comes without a visible shake
// (after a reconnect) settles at once, as it does for players who ask for less motion.
import { useTranslation } from 'react-i18next';

import type { Face } from '../../lib/table/dice';
import { useRollingDice } from '../../lib/table/useRollingDice';
import { Die } from '../../ui/Die';

export interface DiceStudioProps {
  shaking: boolean; // the server is throwing (state 6)
  dice: Face[] | null; // this round's throw, in order, once drawn
  resultKey: string | null; // the round the throw belongs to
  rest?: Face[] | null; // the dice at rest before the first throw seen here (the last result)
  onLanded?: (key: string) => void;
}

const FIRST: Face[] = [2, 4, 6];

export function DiceStudio({ shaking, dice, resultKey, rest, onLanded }: DiceStudioProps) {
  const { t } = useTranslation();
  const { phase, shown } = useRollingDice({
    shaking,
    dice,
    resultKey,
    rest,
    first: FIRST,
    onLanded,
  });
  const label =
    phase === 'landed'
      ? t('DICE_RESULT', { dice: dice!.join(', '), total: dice!.reduce((a, b) => a + b, 0) })
      : t('SICBO_SHAKER');
  return (
    <div
      className="sb-shaker"
      role="img"
      aria-label={label}
      data-testid="dice-studio"
      data-phase={phase}
      data-landed={phase === 'landed' ? dice!.join(',') : undefined}
    >
      <div className="sb-dome">
        {[0, 1, 2].map((i) => (
          <span key={i} className={`sb-die sb-die-${i}`}>
            <Die value={shown?.[i] ?? null} size={48} />
          </span>
        ))}
      </div>
      <div className="sb-base" />
    </div>
  );
}
