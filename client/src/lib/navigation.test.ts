import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  currentLocation,
  followLink,
  isAppPath,
  navigate,
  replaceQuery,
  subscribeLocation,
  withStickyParams,
} from './navigation';

function click(a: HTMLElement, extra: Partial<MouseEventInit> = {}): boolean {
  const ev = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...extra });
  let followed = false;
  const listener = (e: Event) => {
    followed = followLink(e as MouseEvent);
    e.preventDefault(); // jsdom cannot load other pages
  };
  document.addEventListener('click', listener);
  a.dispatchEvent(ev);
  document.removeEventListener('click', listener);
  return followed;
}

function link(href: string, attrs: Record<string, string> = {}): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  a.innerHTML = '<span>go</span>';
  document.body.append(a);
  return a;
}

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('navigation', () => {
  it('goes to a client page in place, and the back button returns', async () => {
    window.history.replaceState(null, '', '/play/lobby');
    const seen: string[] = [];
    const stop = subscribeLocation(() => seen.push(currentLocation().pathname));
    const before = window.history.length;
    navigate('/play/roulette?gameId=rou-1');
    expect(window.location.pathname).toBe('/play/roulette');
    expect(currentLocation()).toEqual({ pathname: '/play/roulette', search: '?gameId=rou-1' });
    expect(window.history.length).toBe(before + 1);
    window.history.back();
    await vi.waitFor(() => expect(currentLocation().pathname).toBe('/play/lobby'));
    expect(seen).toEqual(['/play/roulette', '/play/lobby']);
    stop();
  });

  it('keeps the visit-long launch parameters the new address does not set', () => {
    window.history.replaceState(null, '', '/play/lobby?lobbyInFrame=true&lang=de&tab=roulette');
    navigate('/play/baccarat?gameId=bac-1&lang=fr');
    const q = new URLSearchParams(window.location.search);
    expect(q.get('gameId')).toBe('bac-1');
    expect(q.get('lobbyInFrame')).toBe('true');
    expect(q.get('lang')).toBe('fr'); // set by the link
    expect(q.has('tab')).toBe(false); // not a launch parameter of the visit
    const url = withStickyParams(new URL('http://x/play/lobby'), new URLSearchParams('theme=blue'));
    expect(url.search).toBe('?theme=blue');
  });

  it('replaces the query without a history entry', () => {
    window.history.replaceState(null, '', '/play/lobby?lang=de');
    const before = window.history.length;
    replaceQuery({ tab: 'baccarat' });
    expect(currentLocation().search).toBe('?lang=de&tab=baccarat');
    replaceQuery({ tab: null });
    expect(currentLocation().search).toBe('?lang=de');
    expect(window.history.length).toBe(before);
  });

  it('follows only plain clicks on links to client pages', () => {
    window.history.replaceState(null, '', '/play/lobby');
    expect(click(link('/play/roulette?gameId=rou-1').querySelector('span')!)).toBe(true);
    expect(window.location.search).toBe('?gameId=rou-1');
    window.history.replaceState(null, '', '/play/lobby');
    expect(click(link('/play/roulette?gameId=rou-2'), { ctrlKey: true })).toBe(false);
    expect(click(link('/play/roulette?gameId=rou-2'), { button: 1 })).toBe(false);
    expect(click(link('/play/roulette?gameId=rou-2', { target: '_blank' }))).toBe(false);
    expect(click(link('/play/error?code=EV01'))).toBe(false);
    expect(click(link('https://elsewhere.example/play/lobby'))).toBe(false);
    expect(window.location.pathname).toBe('/play/lobby');
  });

  it('knows the client pages', () => {
    expect(isAppPath('/play/lobby')).toBe(true);
    expect(isAppPath('/play/multi-baccarat')).toBe(true);
    expect(isAppPath('/play/error')).toBe(false);
    expect(isAppPath('/play/login')).toBe(false); // no session there: a page of its own
    expect(isAppPath('/play/loginx')).toBe(true);
    expect(isAppPath('/api/ui/balance')).toBe(false);
    expect(isAppPath('/player')).toBe(false);
  });
});
