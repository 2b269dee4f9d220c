// Boom or bust's studio pieces: the 6×6 grid (rows by the red die, columns by the blue die)
// and the two dice. Before the bonus the grid shows where the dice landed and its diagonal
// of doubles (BOOM); in the bonus it is the bonus grid, whose diagonal is BUST and whose
// other squares show what they add (1, 2, 3, 6, 7), each roll marked where it landed. The
// grid is a table: its headers name the dice, and every square says in words what it is
// and what landed on it.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

import type { Face } from '../../lib/table/dice';
import type { StudioPhase } from '../../lib/table/useRollingDice';
import { Die } from '../../ui/Die';
import type { ShownRoll } from './bob-state';
import { FACES, type Pair, squareValue } from './grid';
import { bonusSquareWords, squareWords } from './names';

export interface GridProps {
  mode: 'main' | 'bonus';
  landed: Pair | null; // main: where the dice landed (once they have)
  rolls: ShownRoll[]; // bonus: the rolls that have landed
  bust: boolean; // the last roll was a BUST
}

export const BoomGrid = memo(function BoomGrid({ mode, landed, rolls, bust }: GridProps) {
  const { t } = useTranslation();
  const latest = rolls.at(-1) ?? null;
  // Each roll by its number in the bonus (1 to 10), where it landed.
  const numbered = rolls.map((r, i) => ({ ...r, n: i + 1 }));
  return (
    <table
      className={`bob-grid mode-${mode} ${bust ? 'busted' : ''}`}
      data-testid="bob-grid"
      data-mode={mode}
      aria-label={t(mode === 'bonus' ? 'BOB_BONUS_GRID' : 'BOB_GRID')}
    >
      <thead>
        <tr>
          <td className="bob-corner" />
          {FACES.map((blue) => (
            <th key={blue} scope="col" className="bob-head bob-head-blue">
              <span className="sr-only">{t('BOB_BLUE', { n: blue })}</span>
              <Die value={blue} size="100%" className="die-blue" />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {FACES.map((red) => (
          <tr key={red}>
            <th scope="row" className="bob-head bob-head-red">
              <span className="sr-only">{t('BOB_RED', { n: red })}</span>
              <Die value={red} size="100%" className="die-red" />
            </th>
            {FACES.map((blue) => (
              <Square
                key={blue}
                red={red}
                blue={blue}
                mode={mode}
                landed={landed !== null && landed.red === red && landed.blue === blue}
                rolls={numbered.filter((r) => r.red === red && r.blue === blue).map((r) => r.n)}
                latest={latest !== null && latest.red === red && latest.blue === blue}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
});

function Square({
  red,
  blue,
  mode,
  landed,
  rolls,
  latest,
}: {
  red: Face;
  blue: Face;
  mode: 'main' | 'bonus';
  landed: boolean;
  rolls: number[]; // the numbers of the rolls that landed here
  latest: boolean;
}) {
  const { t } = useTranslation();
  const doubles = red === blue;
  const value = squareValue(red, blue);
  let label = mode === 'bonus' ? bonusSquareWords(t, red, blue) : squareWords(t, red, blue);
  if (mode === 'main' && landed) label = t('BOB_LANDED_HERE', { square: label });
  if (mode === 'bonus' && rolls.length > 0)
    label = t('BOB_ROLLED_HERE', { square: label, rolls: rolls.join(', ') });
  const hit = mode === 'bonus' ? rolls.length > 0 : landed;
  return (
    <td
      className={[
        'bob-square',
        doubles ? 'diagonal' : `apart-${Math.abs(red - blue)}`,
        hit ? 'hit' : '',
        latest && mode === 'bonus' ? 'latest' : '',
      ].join(' ')}
      aria-label={label}
      data-red={red}
      data-blue={blue}
      data-value={mode === 'bonus' ? value : undefined}
      data-landed={mode === 'main' && landed ? 'true' : undefined}
      data-rolls={mode === 'bonus' && rolls.length > 0 ? rolls.join(',') : undefined}
    >
      <span className="bob-square-text" aria-hidden="true">
        {mode === 'bonus' ? (doubles ? t('BOB_BUST') : `+${value}`) : doubles ? t('BOB_BOOM') : ''}
      </span>
      {mode === 'bonus' && rolls.length > 0 && (
        <span className="bob-roll-mark" aria-hidden="true">
          {rolls.at(-1)}
        </span>
      )}
    </td>
  );
}

/** The red die and the blue die, tumbling or at rest, with their throw in words. */
export function DicePair({
  shown,
  phase,
  label,
}: {
  shown: Face[] | null;
  phase: StudioPhase;
  label: string;
}) {
  return (
    <div
      className={`bob-dice phase-${phase}`}
      role="img"
      aria-label={label}
      data-testid="bob-dice"
      data-phase={phase}
      data-landed={phase === 'landed' && shown ? shown.join(',') : undefined}
    >
      <span className="bob-die bob-die-red">
        <Die value={shown?.[0] ?? null} size="100%" className="die-red" />
      </span>
      <span className="bob-die bob-die-blue">
        <Die value={shown?.[1] ?? null} size="100%" className="die-blue" />
      </span>
    </div>
  );
}
