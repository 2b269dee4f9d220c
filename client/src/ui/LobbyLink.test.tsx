import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { noLobbyOf } from '../app/start';
import { parseLaunchParams } from '../app/launch';
import en from '../lib/i18n/locales/en.json';
import { initTestI18n } from '../lib/i18n';
import { type AllConfig, type Services, ServicesContext } from '../lib/session';
import { testSession } from '../lib/session.test-util';
import { BackToLobby } from './LobbyLink';

function show(casino: Record<string, unknown>, { noLobby = false, mobile = false } = {}) {
  const config = { casinoConfig: { casino_id: 'op-1', ...casino } } as unknown as AllConfig;
  const services = { session: testSession({ config, noLobby, mobile }) } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <BackToLobby />
    </ServicesContext.Provider>,
  );
  return screen.queryByRole('link', { name: '[[BACK_TO_LOBBY]]' });
}

beforeAll(async () => {
  await initTestI18n(en);
});

afterEach(cleanup);

describe('the way back to the lobby', () => {
  it("is Croupier's lobby, the operator's own where clr names it for the device, or none", () => {
    expect(show({})).toHaveAttribute('href', '/play/lobby');
    cleanup();
    const own = { home_url: 'https://casino.example/', clr_mobile: ['op-1'] };
    expect(show(own)).toHaveAttribute('href', '/play/lobby'); // a desktop: clr_desktop decides
    cleanup();
    const link = show(own, { mobile: true });
    expect(link).toHaveAttribute('href', 'https://casino.example/');
    expect(link).toHaveAttribute('target', '_top');
    cleanup();
    expect(show({ clr_mobile: ['op-1'] }, { mobile: true })).toHaveAttribute('href', '/play/lobby');
    cleanup();
    expect(show({}, { noLobby: true })).toBeNull();
  });

  it('keeps lobby=false for the rest of the visit in the tab', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
    } as unknown as Storage;
    expect(noLobbyOf(parseLaunchParams('?gameId=rou-1'), storage)).toBe(false);
    expect(noLobbyOf(parseLaunchParams('?gameId=rou-1&lobby=false'), storage)).toBe(true);
    expect(noLobbyOf(parseLaunchParams('?gameId=rou-2'), storage)).toBe(true); // a reload, a table
    expect(noLobbyOf(parseLaunchParams('?lobby=false'), null)).toBe(true);
  });
});
