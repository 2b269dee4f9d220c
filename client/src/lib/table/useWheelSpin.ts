// The motion of a wheel that the server spins (the money wheels): while it spins it turns;
// when the segment comes it slows down, without a jump in speed, and stops with that
// segment under the pointer, where it rests until the next spin. A segment that comes
// without a visible spin (after a reconnect), or for players who ask for less motion, turns
// it there at once, unless the game asks for a spin from rest (`spinUp`: a re-spin).
import { type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react';

import { motionReduced } from '../a11y/motion';
import { landingProgress, landingRotation, segmentAt } from './wheel-geometry';

const SPIN_DEG_PER_MS = 0.3;
export const LAND_MS = 2200;
const LAND_FAST_MS = 400;
/** A spin from rest travels at least this far. */
const SPIN_UP_TRAVEL = 720;

export type WheelPhase = 'idle' | 'spinning' | 'landing' | 'landed';

export interface WheelSpinOptions {
  count: number; // the wheel's segments
  spinning: boolean; // the server spins
  segment: number | null; // where it stops, once known
  resultKey: string | null; // the landing it belongs to (a round, a re-spin)
  /** A landing not preceded by a spin turns the wheel from rest, in full, instead of at once. */
  spinUp?: boolean;
  onLanded?: (key: string) => void;
}

interface Motion {
  rotation: number; // degrees, clockwise
  spun: boolean; // the wheel was spinning when the segment came
  lastT: number | null;
}

/**
 * Turns the element `rotor` refers to (an SVG group: its transform) and tells the phase and
 * the segment it stopped on.
 */
export function useWheelSpin<E extends Element>({
  count,
  spinning,
  segment,
  resultKey,
  spinUp = false,
  onLanded,
}: WheelSpinOptions): { rotor: RefObject<E | null>; phase: WheelPhase; landed: number | null } {
  const rotor = useRef<E>(null);
  const motion = useRef<Motion>({ rotation: 0, spun: false, lastT: null });
  // Where the wheel stopped, and for which landing.
  const [stopped, setStopped] = useState<{ key: string; segment: number } | null>(null);
  const landedEvent = useEffectEvent((key: string) => onLanded?.(key));

  const phase: WheelPhase =
    segment !== null && resultKey !== null
      ? stopped?.key === resultKey
        ? 'landed'
        : 'landing'
      : spinning
        ? 'spinning'
        : 'idle';

  useEffect(() => {
    const m = motion.current;
    if (phase === 'idle') m.spun = false;
    if (phase !== 'spinning' && phase !== 'landing') return;
    const still = motionReduced();
    const turn = () => rotor.current?.setAttribute('transform', `rotate(${m.rotation})`);
    let frame = 0;
    let draw: (now: number) => void;
    if (phase === 'spinning') {
      m.spun = true;
      m.lastT = null;
      draw = (now) => {
        if (!still && m.lastT !== null) m.rotation += SPIN_DEG_PER_MS * (now - m.lastT);
        m.lastT = now;
        turn();
        frame = requestAnimationFrame(draw);
      };
    } else {
      const key = resultKey!;
      const fromRest = !m.spun && spinUp && !still;
      const fast = (!m.spun || still) && !fromRest;
      const ms = fast ? LAND_FAST_MS : LAND_MS;
      // Travel far enough that the landing starts at the speed the wheel spun at.
      const from = m.rotation;
      const travel = fast ? 180 : fromRest ? SPIN_UP_TRAVEL : (SPIN_DEG_PER_MS * ms) / 3;
      const to = landingRotation(from, segment!, count, travel);
      const v0 = fast || fromRest ? 0 : (SPIN_DEG_PER_MS * ms) / (to - from);
      m.spun = false;
      let start: number | null = null;
      draw = (now) => {
        start ??= now;
        const p = Math.min(1, (now - start) / ms);
        m.rotation = from + (to - from) * landingProgress(p, v0);
        if (p >= 1) {
          m.rotation = to % 360;
          turn();
          setStopped({ key, segment: segmentAt(m.rotation, count) });
          landedEvent(key);
          return;
        }
        turn();
        frame = requestAnimationFrame(draw);
      };
    }
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [phase, count, segment, resultKey, spinUp]);

  return { rotor, phase, landed: phase === 'landed' ? stopped!.segment : null };
}
