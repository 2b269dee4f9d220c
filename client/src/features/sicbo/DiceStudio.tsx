// The synthetic studio of a sic bo table: three dice under a glass dome, drawn from the
// table's own events. While the server throws (state 6) the dome shakes and the dice
// tumble; when the result comes they settle on the server's dice, in the order thrown,
// and rest there until the next throw. A result that comes without a visible shake
// (after a reconnect) settles at once, as it does for players who ask for less motion.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Face } from '../../lib/table/dice';
import { Die } from '../../ui/Die';
import { motionReduced } from '../../lib/a11y/motion';

const TUMBLE_MS = 110;
export const SETTLE_MS = 1300;
const SETTLE_FAST_MS = 250;

export interface DiceStudioProps {
  shaking: boolean; // the server is throwing (state 6)
  dice: Face[] | null; // this round's throw, in order, once drawn
  resultKey: string | null; // the round the throw belongs to
  rest?: Face[] | null; // the dice at rest before the first throw seen here (the last result)
  onLanded?: (key: string) => void;
}

export type StudioPhase = 'idle' | 'shaking' | 'landing' | 'landed';

const randomFace = () => (1 + Math.floor(Math.random() * 6)) as Face;

export function DiceStudio({ shaking, dice, resultKey, rest, onLanded }: DiceStudioProps) {
  const { t } = useTranslation();
  const [tumbling, setTumbling] = useState<Face[]>([2, 4, 6]);
  const [settled, setSettled] = useState<{ key: string; dice: Face[] } | null>(null);
  const sawShake = useRef(false);
  const landed = useEffectEvent((key: string) => onLanded?.(key));

  const phase: StudioPhase = dice
    ? settled?.key === resultKey
      ? 'landed'
      : 'landing'
    : shaking
      ? 'shaking'
      : 'idle';

  useEffect(() => {
    if (phase === 'shaking') sawShake.current = true;
  }, [phase]);

  // The faces turn over while the dice are in the air.
  const rolling = phase === 'shaking' || phase === 'landing';
  useEffect(() => {
    if (!rolling) return;
    const timer = setInterval(
      () => setTumbling([randomFace(), randomFace(), randomFace()]),
      TUMBLE_MS,
    );
    return () => clearInterval(timer);
  }, [rolling]);

  // Then they settle on the server's throw.
  useEffect(() => {
    if (!dice || resultKey === null || phase !== 'landing') return;
    const ms = sawShake.current && !motionReduced() ? SETTLE_MS : SETTLE_FAST_MS;
    const timer = setTimeout(() => {
      sawShake.current = false;
      setSettled({ key: resultKey, dice });
      landed(resultKey);
    }, ms);
    return () => clearTimeout(timer);
  }, [dice, resultKey, phase]);

  // At rest between throws the dice show the last one.
  const shown = phase === 'landed' ? dice! : rolling ? tumbling : (settled?.dice ?? rest ?? null);
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
