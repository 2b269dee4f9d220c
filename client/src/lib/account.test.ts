import { describe, expect, it, vi } from 'vitest';

import {
  ACCOUNT_URLS,
  accountApi,
  formOf,
  isAccountsPlayer,
  loginHref,
  logOut,
  parseAccountConfig,
  readAccountConfig,
} from './account';
import type { Http } from './http/http';

const CLUB = {
  accounts: true,
  operatorId: 'club',
  minimumAge: 21,
  freePlay: true,
  currency: 'EUR',
};

describe('player accounts', () => {
  it("reads the casino's account settings; anything unexpected is none", () => {
    expect(parseAccountConfig(CLUB)).toEqual(CLUB);
    expect(parseAccountConfig({ ...CLUB, minimumAge: 'x', freePlay: 1 })).toEqual({
      ...CLUB,
      minimumAge: 18,
      freePlay: false,
    });
    for (const none of [
      { accounts: false },
      null,
      'x',
      { accounts: true },
      { ...CLUB, operatorId: '' },
    ])
      expect(parseAccountConfig(none)).toEqual({ accounts: false });
  });

  it("knows a player of the accounts operator, and no one else's", () => {
    const club = parseAccountConfig(CLUB);
    expect(isAccountsPlayer(club, 'club')).toBe(true);
    expect(isAccountsPlayer(club, 'demo')).toBe(false);
    expect(isAccountsPlayer(club, undefined)).toBe(false);
    expect(isAccountsPlayer({ accounts: false }, 'club')).toBe(false);
    expect(isAccountsPlayer(undefined, 'club')).toBe(false);
  });

  it('gives the login page with its form and the visit launch parameters', () => {
    const here = (search: string) => ({
      href: `https://casino.example/play/lobby${search}`,
      search,
    });
    expect(loginHref(undefined, here(''))).toBe('/play/login');
    expect(loginHref('login', here('?gameId=rou-1'))).toBe('/play/login');
    expect(loginHref('register', here('?lang=de&theme=blue&gameId=rou-1'))).toBe(
      '/play/login?form=register&lang=de&theme=blue',
    );
    expect(formOf('?form=freeplay')).toBe('freeplay');
    expect(formOf('?form=register&lang=de')).toBe('register');
    expect(formOf('?form=admin')).toBe('login');
    expect(formOf('')).toBe('login');
  });

  it('makes the calls with the bodies the server reads, and returns the player', async () => {
    const player = { id: '7', name: 'ann', operatorId: 'club' };
    const http = {
      get: vi.fn(async () => CLUB),
      post: vi.fn(async (path: string) =>
        path === ACCOUNT_URLS.logout ? { loggedOut: true } : { player },
      ),
    } as unknown as Http & { get: ReturnType<typeof vi.fn>; post: ReturnType<typeof vi.fn> };
    const api = accountApi(http);
    expect(await readAccountConfig(http)).toEqual(CLUB);
    expect(http.get).toHaveBeenCalledWith('/api/account/config');
    expect(await api.login('ann', 'secret123')).toEqual(player);
    expect(http.post).toHaveBeenLastCalledWith('/api/account/login', {
      username: 'ann',
      password: 'secret123',
    });
    expect(await api.freePlay('fun@example.com', 'de')).toEqual(player);
    expect(http.post).toHaveBeenLastCalledWith('/api/account/freeplay', {
      email: 'fun@example.com',
      language: 'de',
    });
    const registration = {
      email: 'ann@example.com',
      username: 'ann',
      password: 'secret123',
      voucherId: 'V-1',
      voucherAmount: '25.00',
      birthDate: '1990-04-02',
      termsAccepted: true,
      language: 'en',
    };
    expect(await api.register(registration)).toEqual(player);
    expect(http.post).toHaveBeenLastCalledWith('/api/account/register', registration);
    await logOut(http);
    expect(http.post).toHaveBeenLastCalledWith('/api/account/logout', {});
    // An answer without a player is no sign-in.
    http.post.mockResolvedValueOnce({});
    await expect(api.login('ann', 'x')).rejects.toThrow(/no player/);
  });
});
