// Whether the app moves: the player's animations setting (anim_enable) and the system's
// reduced-motion preference, either of which turns motion off. The app writes the answer
// on <html data-anim="on|off"> (app/settings-effects), which the style sheets read; code
// that animates by itself (the wheels, the dice) asks motionReduced() when it starts.
import { useSyncExternalStore } from 'react';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function systemReducesMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia(REDUCED_MOTION_QUERY).matches;
}

export function motionReduced(): boolean {
  return document.documentElement.dataset.anim === 'off' || systemReducesMotion();
}

function subscribeMotion(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

/** Whether the system asks for reduced motion, following its changes. */
export function useSystemReducesMotion(): boolean {
  return useSyncExternalStore(subscribeMotion, systemReducesMotion, () => false);
}
