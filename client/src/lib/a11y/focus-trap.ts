// Keeps Tab and Shift+Tab inside a modal dialog: nothing behind it is reachable while it
// shows. From the dialog itself (it takes the focus as it opens), Tab goes to its first
// control and Shift+Tab to its last; from the last, Tab wraps to the first, and back.
import { useEffect } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** The elements Tab stops on inside `box`, in order. */
export function tabStops(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('disabled') && el.tabIndex >= 0 && !el.closest('[hidden]'),
  );
}

/** Traps Tab inside the element `inside` returns (while it returns one). */
export function useFocusTrap(inside: () => HTMLElement | null): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const box = inside();
      if (!box) return;
      const stops = tabStops(box);
      const active = document.activeElement;
      if (stops.length === 0) {
        e.preventDefault();
        box.focus();
        return;
      }
      const first = stops[0]!;
      const last = stops[stops.length - 1]!;
      const away = !box.contains(active) || active === box;
      if (e.shiftKey && (active === first || away)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || away)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [inside]);
}
