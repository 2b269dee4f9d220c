// The player's activity for the host page: USER_ACTIVE every 30 s while the player has
// given input (pointer, key, touch, wheel) in the last 30 s (SPEC section 9's heartbeat),
// and INACTIVE once when there has been none for the inactive time (SPEC section 9:
// 20, in minutes), again only after new input and another quiet stretch.
// Both periods are options so that tests run them on fake timers.

export const USER_ACTIVE_EVERY_MS = 30_000;
export const INACTIVE_AFTER_MS = 20 * 60_000;

export const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'];

export interface ActivityOptions {
  /** Where input events arrive (the window). */
  target: EventTarget;
  now?: () => number;
  activeEveryMs?: number;
  inactiveMs?: number;
  onActive: () => void;
  onInactive: (idleMs: number) => void;
}

export function watchActivity(options: ActivityOptions): () => void {
  const now = options.now ?? Date.now;
  const every = options.activeEveryMs ?? USER_ACTIVE_EVERY_MS;
  const inactiveMs = options.inactiveMs ?? INACTIVE_AFTER_MS;
  const startedAt = now();
  let lastInput: number | null = null;
  let inactiveSent = false;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;

  const quietSince = () => lastInput ?? startedAt;

  // One timer for the whole quiet stretch: when it fires early (there was input since),
  // it waits for the rest, so input itself never touches a timer.
  const checkIdle = () => {
    idleTimer = null;
    const idle = now() - quietSince();
    if (idle >= inactiveMs) {
      inactiveSent = true;
      options.onInactive(idle);
    } else {
      idleTimer = setTimeout(checkIdle, inactiveMs - idle);
    }
  };
  idleTimer = setTimeout(checkIdle, inactiveMs);

  const onInput = () => {
    lastInput = now();
    if (inactiveSent) {
      inactiveSent = false;
      if (idleTimer === null) idleTimer = setTimeout(checkIdle, inactiveMs);
    }
  };
  for (const type of INPUT_EVENTS)
    options.target.addEventListener(type, onInput, { capture: true, passive: true });

  const beat = setInterval(() => {
    if (lastInput !== null && now() - lastInput <= every) options.onActive();
  }, every);

  return () => {
    clearInterval(beat);
    if (idleTimer) clearTimeout(idleTimer);
    for (const type of INPUT_EVENTS) options.target.removeEventListener(type, onInput, true);
  };
}
