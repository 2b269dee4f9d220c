// The live multiplier of a flight: one clock per table page, read each animation frame
// from the launch's time and growth on the server's clock, kept in a small store so that
// only what shows it (the big multiplier, the cash-out buttons) renders when it changes.
// While the player asks for less motion (the animations setting, or the system's
// reduced-motion preference: lib/a11y/motion) it is read REDUCED_MS apart instead.
import { useEffect, useMemo } from 'react';

import { motionReduced } from '../../lib/a11y/motion';
import { type Store, createStore, useStore } from '../../lib/store';
import { type Flight, ONE, multiplierNow } from './multiplier';

export const REDUCED_MS = 250;

export interface LiveState {
  x: number; // hundredths
  key: string; // the flight it belongs to ('' when none)
}

export type LiveStore = Store<LiveState>;

export function createLive(): LiveStore {
  return createStore<LiveState>({ x: ONE, key: '' });
}

/** The next value: the flight's multiplier now, never lower than what was shown. */
export function advance(
  prev: LiveState,
  key: string,
  flight: Flight | null,
  crashX: number | null,
  localNow: number,
  serverOffset: number,
): LiveState {
  if (crashX !== null) return prev.x === crashX && prev.key === key ? prev : { x: crashX, key };
  if (!flight) return prev.x === ONE && prev.key === '' ? prev : { x: ONE, key: '' };
  const x = multiplierNow(flight, localNow, serverOffset);
  // The offset is estimated again with each event, so a later estimate may put the clock
  // a few ms back: the number shown never goes down during a flight.
  const shown = prev.key === key ? Math.max(prev.x, x) : x;
  return shown === prev.x && prev.key === key ? prev : { x: shown, key };
}

const frame = (f: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function' && !motionReduced()) {
    const id = requestAnimationFrame(f);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(f, REDUCED_MS);
  return () => clearTimeout(id);
};

/** Runs the clock of `flight` (stopped at `crashX` once it crashed) into a store. */
export function useLiveMultiplier(
  gameId: string,
  flight: Flight | null,
  crashX: number | null,
  serverOffset: number,
): LiveStore {
  const live = useMemo(() => createLive(), []);
  useEffect(() => {
    let cancel = () => {};
    const step = () => {
      live.set((prev) => advance(prev, gameId, flight, crashX, Date.now(), serverOffset));
      if (flight && crashX === null) cancel = frame(step);
    };
    step();
    return () => cancel();
  }, [live, gameId, flight, crashX, serverOffset]);
  return live;
}

export function useLiveX(live: LiveStore): number {
  return useStore(live, (s) => s.x);
}
