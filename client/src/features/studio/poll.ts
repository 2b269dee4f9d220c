// Reading something again and again: at once, then `everyMs` after each answer (a slow
// answer never overlaps the next read), until the component goes.
import { useEffect } from 'react';

/** `read` must not throw: it handles its own failures. */
export function usePoll(read: () => Promise<void>, everyMs: number): void {
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      await read();
      if (live) timer = setTimeout(() => void tick(), everyMs);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [read, everyMs]);
}
