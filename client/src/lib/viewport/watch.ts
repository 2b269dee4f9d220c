// Follows the window's size and writes the SPEC §9 layout flags on <body> (see
// viewport.ts) on load, resize and orientationchange; components that need them in
// JavaScript read the same value through useLayout().
import { type Store, createStore } from '../store';
import { type Layout, computeLayout, layoutAttributes } from './viewport';

/** Whether the page runs inside a frame (a cross-origin parent counts too). */
export function isFramed(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true; // some browsers throw when the top window is cross-origin
  }
}

export function measure(win: Window, inFrame: boolean): Layout {
  return computeLayout({ width: win.innerWidth, height: win.innerHeight, inFrame });
}

/** The current layout; null until the watcher starts. */
export const layoutStore: Store<Layout | null> = createStore<Layout | null>(null);

export function applyLayout(layout: Layout, target: HTMLElement): void {
  for (const [name, value] of Object.entries(layoutAttributes(layout)))
    if (target.getAttribute(name) !== value) target.setAttribute(name, value);
}

export interface WatchOptions {
  /** The launch parameter lobbyInFrame; the page also counts as framed when it is. */
  lobbyInFrame?: boolean;
  win?: Window;
  target?: HTMLElement;
}

/** Starts following the viewport; returns the function that stops it. */
export function startViewportWatcher(options: WatchOptions = {}): () => void {
  const win = options.win ?? window;
  const target = options.target ?? win.document.body;
  const inFrame = options.lobbyInFrame === true || isFramed(win);
  const update = () => {
    const next = measure(win, inFrame);
    applyLayout(next, target);
    const prev = layoutStore.get();
    if (!prev || Object.keys(next).some((k) => next[k as keyof Layout] !== prev[k as keyof Layout]))
      layoutStore.set(next);
  };
  update();
  win.addEventListener('resize', update);
  win.addEventListener('orientationchange', update);
  win.visualViewport?.addEventListener('resize', update);
  return () => {
    win.removeEventListener('resize', update);
    win.removeEventListener('orientationchange', update);
    win.visualViewport?.removeEventListener('resize', update);
  };
}
