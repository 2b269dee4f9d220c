import { describe, expect, it } from 'vitest';

import { ALL_LANGUAGES, casinoConfigOf, originOf, safeUrl } from './casino-config';

describe('the casino configuration', () => {
  it("takes the server's defaults for everything missing", () => {
    const c = casinoConfigOf(null);
    expect(c).toMatchObject({
      casino_id: '',
      lobby_theme: 'green',
      cashier_url: '',
      exit_url: '',
      home_url: '',
      hide_currency: false,
      chat_disabled: false,
      micro_gaming: false,
      ws_time_in_sec: 2,
      estimated_player_wait_time_in_secs: 5,
      estimated_micro_game_session_time: 20,
      reality_check_interval_min: 0,
      lobby_version: 2,
      host_origins: [],
      tabs_order: ['PROMOTIONS'],
    });
    expect(c.languages).toEqual(ALL_LANGUAGES);
    expect(c.languages).toHaveLength(36); // the 37 of SPEC section 9, zh served as cn
  });

  it('reads what the server sends', () => {
    const c = casinoConfigOf({
      casino_id: 'demo',
      casino_name: 'Demo',
      languages: ['en', 'de'],
      lobby_theme: 'blue',
      cashier_url: 'https://pay.example/cashier',
      exit_url: '/bye',
      tabs_order: ['ROULETTE', 'PROMOTIONS'],
      hide_currency: true,
      chat_disabled: true,
      reality_check_interval_min: 30,
      lobby_version: 1,
      host_origins: ['https://casino.example', 'http://127.0.0.1:8081'],
      my_flag: true,
    });
    expect(c).toMatchObject({
      casino_id: 'demo',
      casino_name: 'Demo',
      languages: ['en', 'de'],
      lobby_theme: 'blue',
      cashier_url: 'https://pay.example/cashier',
      exit_url: '/bye',
      tabs_order: ['ROULETTE', 'PROMOTIONS'],
      hide_currency: true,
      chat_disabled: true,
      reality_check_interval_min: 30,
      lobby_version: 1,
      host_origins: ['https://casino.example', 'http://127.0.0.1:8081'],
    });
    expect(c.flags).toMatchObject({ hide_currency: true, chat_disabled: true, my_flag: true });
  });

  it('refuses malformed values', () => {
    const c = casinoConfigOf({
      lobby_theme: 'red',
      chat_disabled: 'yes',
      ws_time_in_sec: 0,
      estimated_player_wait_time_in_secs: -1,
      reality_check_interval_min: 1.5,
      languages: 'en',
      host_origins: ['javascript:alert(1)', 'https://ok.example/path', 42],
      home_url: 'javascript:alert(1)',
      exit_url: '//evil.example',
    });
    expect(c.lobby_theme).toBe('green');
    expect(c.chat_disabled).toBe(false);
    expect(c.ws_time_in_sec).toBe(2);
    expect(c.estimated_player_wait_time_in_secs).toBe(5);
    expect(c.reality_check_interval_min).toBe(0);
    expect(c.languages).toEqual(ALL_LANGUAGES);
    expect(c.host_origins).toEqual([]); // a list with a non-string is refused whole
    expect(c.home_url).toBe('');
    expect(c.exit_url).toBe('');
  });

  it("reads the Italian market's session flag, off unless it is true", () => {
    expect(casinoConfigOf(null).italian_session).toBe(false);
    expect(casinoConfigOf({ italian_session: 'yes' }).italian_session).toBe(false);
    expect(casinoConfigOf({ italian_session: true }).italian_session).toBe(true);
  });

  it('keeps only safe URLs and real origins', () => {
    expect(safeUrl('/cashier')).toBe('/cashier');
    expect(safeUrl('https://x.example/a?b=1')).toBe('https://x.example/a?b=1');
    expect(safeUrl('data:text/html,hi')).toBe('');
    expect(safeUrl('//x.example')).toBe('');
    expect(originOf('https://ok.example/path')).toBe('https://ok.example');
    expect(originOf('http://127.0.0.1:8081')).toBe('http://127.0.0.1:8081');
    expect(originOf('file:///etc')).toBeNull();
    expect(originOf('casino.example')).toBeNull();
    expect(
      casinoConfigOf({ host_origins: ['https://a.example/', 'https://a.example'] }).host_origins,
    ).toEqual(['https://a.example']);
  });
});
