// Dice thrown in a synthetic studio (sic bo's three under a dome, boom or bust's red and
// blue pair), drawn from a table's own events: while the server throws (`shaking`) the
// faces tumble; when the throw is known they go on tumbling a moment and settle on the
// server's dice, in the order thrown, and rest there until the next throw. A throw that
// comes without a visible shake (after a reconnect, a bonus roll) settles after `directMs`,
// and at once (SETTLE_FAST_MS) for players who ask for less motion.
import { useEffect, useEffectEvent, useRef, useState } from 'react';

import { motionReduced } from '../a11y/motion';
import type { Face } from './dice';

const TUMBLE_MS = 110;
export const SETTLE_MS = 1300;
export const SETTLE_FAST_MS = 250;

export type StudioPhase = 'idle' | 'shaking' | 'landing' | 'landed';

export interface RollingDiceOptions {
  shaking: boolean; // the server is throwing
  dice: Face[] | null; // this throw, in order, once known
  resultKey: string | null; // the throw it belongs to
  rest?: Face[] | null; // the dice at rest before the first throw seen here
  first: Face[]; // the faces shown tumbling before the first tumble
  directMs?: number; // the settle of a throw seen without its shake (default SETTLE_FAST_MS)
  onLanded?: (key: string) => void;
}

export interface RollingDice {
  phase: StudioPhase;
  /** The faces to draw: the settled throw, the tumbling faces, or the last throw at rest. */
  shown: Face[] | null;
}

export const randomFace = () => (1 + Math.floor(Math.random() * 6)) as Face;

export function useRollingDice({
  shaking,
  dice,
  resultKey,
  rest,
  first,
  directMs = SETTLE_FAST_MS,
  onLanded,
}: RollingDiceOptions): RollingDice {
  const [tumbling, setTumbling] = useState<Face[]>(first);
  const [settled, setSettled] = useState<{ key: string; dice: Face[] } | null>(null);
  const sawShake = useRef(false);
  const landed = useEffectEvent((key: string) => onLanded?.(key));
  const count = first.length;

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
      () => setTumbling(Array.from({ length: count }, randomFace)),
      TUMBLE_MS,
    );
    return () => clearInterval(timer);
  }, [rolling, count]);

  // Then they settle on the server's throw.
  useEffect(() => {
    if (!dice || resultKey === null || phase !== 'landing') return;
    const ms = motionReduced() ? SETTLE_FAST_MS : sawShake.current ? SETTLE_MS : directMs;
    const timer = setTimeout(() => {
      sawShake.current = false;
      setSettled({ key: resultKey, dice });
      landed(resultKey);
    }, ms);
    return () => clearTimeout(timer);
  }, [dice, resultKey, phase, directMs]);

  // At rest between throws the dice show the last one.
  const shown = phase === 'landed' ? dice! : rolling ? tumbling : (settled?.dice ?? rest ?? null);
  return { phase, shown };
}
