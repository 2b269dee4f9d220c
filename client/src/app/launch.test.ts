import { describe, expect, it } from 'vitest';

import { gameMode, gameOfPath, isStudioPath, parseLaunchParams } from './launch';

describe('parseLaunchParams', () => {
  it('reads every SPEC launch parameter', () => {
    expect(
      parseLaunchParams(
        '?gameId=rou-1&tableType=classic&seatNumber=3&lang=DE&lobbyInFrame=true&lobby=main&direct=1&theme=blue&selectedTableType=vip',
      ),
    ).toEqual({
      gameId: 'rou-1',
      tableType: 'classic',
      seatNumber: 3,
      lang: 'de',
      lobbyInFrame: true,
      lobby: 'main',
      direct: true,
      theme: 'blue',
      selectedTableType: 'vip',
    });
  });

  it('defaults to the green theme and no frame', () => {
    expect(parseLaunchParams('')).toEqual({ lobbyInFrame: false, direct: false, theme: 'green' });
    expect(parseLaunchParams('?theme=purple').theme).toBe('green');
  });

  it('ignores malformed values', () => {
    const p = parseLaunchParams('?gameId=<script>&seatNumber=abc&lang=english&lobbyInFrame=yes');
    expect(p.gameId).toBeUndefined();
    expect(p.seatNumber).toBeUndefined();
    expect(p.lang).toBeUndefined();
    expect(p.lobbyInFrame).toBe(false);
  });
});

describe('routing', () => {
  it('takes the game from the second path segment; lobby pages are all', () => {
    expect(gameOfPath('/play/roulette')).toBe('roulette');
    expect(gameOfPath('/play/Baccarat/extra')).toBe('baccarat');
    expect(gameOfPath('/play/lobby')).toBe('all');
    expect(gameOfPath('/play')).toBe('all');
    expect(gameOfPath('/')).toBe('all');
  });

  it("knows the studio console's pages, which are no player's", () => {
    expect(isStudioPath('/studio')).toBe(true);
    expect(isStudioPath('/studio/')).toBe(true);
    expect(isStudioPath('/studio/tables/rou-1')).toBe(true);
    expect(isStudioPath('/studios')).toBe(false);
    expect(isStudioPath('/play/studio')).toBe(false);
    expect(isStudioPath('/')).toBe(false);
  });

  it('builds game_mode', () => {
    expect(gameMode('roulette', 'desktop')).toBe('roulette_desktop');
    expect(gameMode('roulette', 'mobile')).toBe('roulette_mobile');
    expect(gameMode('all', 'mobile')).toBe('lobby_mobile');
    expect(gameMode('andar-bahar', 'desktop')).toBe('andarbahar_desktop');
    // Both crash skins are one game: crash_*.
    expect(gameMode('spaceman', 'mobile')).toBe('crash_mobile');
    expect(gameMode('bigbass', 'desktop')).toBe('crash_desktop');
    // The candy wheel's game mode is sbz_* (SPEC §7).
    expect(gameMode(gameOfPath('/play/sweetbonanza'), 'mobile')).toBe('sbz_mobile');
    expect(gameMode('sweetbonanza', 'desktop')).toBe('sbz_desktop');
    expect(gameMode(gameOfPath('/play/slot'), 'mobile')).toBe('slot_mobile');
    expect(gameMode(gameOfPath('/play/sicbo'), 'desktop')).toBe('sicbo_desktop');
    expect(gameMode(gameOfPath('/play/sicbo'), 'mobile')).toBe('sicbo_mobile');
    expect(gameMode(gameOfPath('/play/megawheel'), 'desktop')).toBe('megawheel_desktop');
    expect(gameMode(gameOfPath('/play/megawheel'), 'mobile')).toBe('megawheel_mobile');
    expect(gameMode(gameOfPath('/play/boomorbust'), 'desktop')).toBe('boomorbust_desktop');
    expect(gameMode(gameOfPath('/play/boomorbust'), 'mobile')).toBe('boomorbust_mobile');
  });
});
