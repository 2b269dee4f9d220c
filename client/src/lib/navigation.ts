// Client-side navigation between the client's pages (/play/<game>…) without reloading:
// history.pushState to go, popstate for the back and forward buttons, and a store of the
// current address that the app renders from. Links stay real <a href> elements (a
// middle click or a modified click opens them normally); a plain click on one that
// leads to a client page is followed in the app.
//
// Some launch parameters hold for the whole visit (SPEC §2: the frame, the language and
// the theme); an in-app address that does not set them keeps the current ones.
import { useSyncExternalStore } from 'react';

export interface AppLocation {
  pathname: string;
  search: string;
}

/** Launch parameters that carry over to every page of the visit. */
export const STICKY_PARAMS = ['lobbyInFrame', 'lang', 'theme'];

const listeners = new Set<() => void>();
let current: AppLocation = read();

function read(): AppLocation {
  if (typeof window === 'undefined') return { pathname: '/', search: '' };
  return { pathname: window.location.pathname, search: window.location.search };
}

function changed(): void {
  const next = read();
  if (next.pathname === current.pathname && next.search === current.search) return;
  current = next;
  for (const l of [...listeners]) l();
}

if (typeof window !== 'undefined') window.addEventListener('popstate', changed);

export function currentLocation(): AppLocation {
  return current;
}

export function subscribeLocation(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current address; the component renders again when it changes. */
export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribeLocation, currentLocation, currentLocation);
}

/**
 * Whether an address is one of the client's pages, which the app can show in place. The
 * error page and the login page are pages of their own, without the app's session.
 */
export function isAppPath(pathname: string): boolean {
  return /^\/play(\/|$)/.test(pathname) && !/^\/play\/(error|login)(\/|$)/.test(pathname);
}

/** The address with the visit's sticky launch parameters added where it does not set them. */
export function withStickyParams(url: URL, from: URLSearchParams): URL {
  const out = new URL(url.href);
  for (const key of STICKY_PARAMS) {
    const value = from.get(key);
    if (value !== null && !out.searchParams.has(key)) out.searchParams.set(key, value);
  }
  return out;
}

/**
 * Goes to `href`: in place (pushState, or replaceState with `replace`) when it is a
 * client page of this origin, else by loading it.
 */
export function navigate(href: string, options: { replace?: boolean } = {}): void {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin || !isAppPath(url.pathname)) {
    window.location.assign(url.href);
    return;
  }
  const target = withStickyParams(url, new URLSearchParams(window.location.search));
  const path = `${target.pathname}${target.search}${target.hash}`;
  if (options.replace) window.history.replaceState(window.history.state, '', path);
  else if (path !== `${window.location.pathname}${window.location.search}${window.location.hash}`)
    window.history.pushState(null, '', path);
  const moved = target.pathname !== current.pathname;
  changed();
  if (moved && !options.replace) document.documentElement.scrollTop = 0;
}

/** Replaces the query of the current address (the lobby's tab), keeping the path. */
export function replaceQuery(params: Record<string, string | null>): void {
  const url = new URL(window.location.href);
  for (const [k, v] of Object.entries(params)) {
    if (v === null) url.searchParams.delete(k);
    else url.searchParams.set(k, v);
  }
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  changed();
}

interface ClickLike {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
  preventDefault(): void;
}

/**
 * Follows a plain click on a link to a client page in place; true when it did. A click
 * with a modifier or another button, a link with a target or a download, and a link
 * elsewhere are left to the browser.
 */
export function followLink(e: ClickLike): boolean {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
    return false;
  const el = e.target instanceof Element ? e.target : null;
  const a = el?.closest('a[href]');
  if (!(a instanceof HTMLAnchorElement)) return false;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download')) return false;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin || !isAppPath(url.pathname)) return false;
  e.preventDefault();
  navigate(url.href);
  return true;
}
