import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';

import { StudioError, type TableDetail, studioApi } from './api';
import {
  cardText,
  cardsByHand,
  mergeTable,
  refusalOf,
  moneyText,
  streamFailing,
  streamText,
} from './model';

const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

describe('the console model', () => {
  it('words a refusal: the rule of a refused entry, its own text for a known code', () => {
    expect(refusalOf(t, new StudioError(409, 'REFUSED', 'the deal is complete'))).toEqual({
      code: 'REFUSED',
      text: 'the deal is complete',
    });
    expect(refusalOf(t, new StudioError(401, 'BAD_LOGIN', 'bad'))).toEqual({
      code: 'BAD_LOGIN',
      text: 'STUDIO_BAD_LOGIN',
    });
    expect(refusalOf(t, new StudioError(429, 'RATE_LIMITED', '')).text).toBe(
      'STUDIO_TOO_MANY_LOGINS',
    );
    expect(refusalOf(t, new StudioError(400, 'BAD_ACTION', 'no such action: fly')).text).toBe(
      'no such action: fly',
    );
    expect(refusalOf(t, new StudioError(502, 'HTTP_502', '')).text).toBe(
      'STUDIO_ERROR_OTHER {"code":"HTTP_502"}',
    );
  });

  it("groups the entered cards by the game's hands, in dealing order", () => {
    const cards = [
      { hand: 'banker', card: '10D', index: 1 },
      { hand: 'player', card: '9C', index: 0 },
      { hand: 'player', card: 'QS', index: 2 },
    ];
    expect(cardsByHand('baccarat', cards, 'banker')).toEqual([
      { hand: 'player', cards: [cards[1], cards[2]] },
      { hand: 'banker', cards: [cards[0]] },
    ]);
    // Andar bahar: the joker first, a hand with no card yet still listed.
    expect(
      cardsByHand('andarbahar', [{ hand: 'joker', card: '7H', index: 0 }], 'andar').map(
        (h) => h.hand,
      ),
    ).toEqual(['joker', 'andar', 'bahar']);
    expect(cardText(' 10s ')).toBe('10S');
    expect(cardText('t h')).toBe('TH');
  });

  it('writes amounts and the stream health', () => {
    expect(moneyText('1234.50', 'EUR')).toBe('1,234.50 EUR');
    expect(moneyText('n/a', 'EUR')).toBe('n/a EUR');
    expect(streamText(t, null)).toBeNull();
    expect(streamText(t, { state: 'live', renditions: 3 })).toBe(
      'STUDIO_STREAM_RENDITIONS {"state":"live","n":3}',
    );
    expect(streamText(t, { state: 'failed', lastError: 'ffmpeg exited' })).toBe(
      'failed · STUDIO_STREAM_ERROR {"error":"ffmpeg exited"}',
    );
    expect(streamFailing({ state: 'live' })).toBe(false);
    expect(streamFailing({ state: 'unavailable' })).toBe(true);
    expect(streamFailing({ state: 'live', lastError: 'stalled' })).toBe(true);
  });

  it("keeps the round and bets when an answer is the table's row only", () => {
    const shown = {
      id: 'bac-1',
      paused: false,
      round: { cards: [] },
      bets: [{ playerId: 'p', name: 'n', currency: 'EUR', total: '1.00' }],
    } as unknown as TableDetail;
    const merged = mergeTable(shown, { id: 'bac-1', paused: true } as TableDetail);
    expect(merged.paused).toBe(true);
    expect(merged.round).toBe(shown.round);
    expect(merged.bets).toBe(shown.bets);
    expect(mergeTable(shown, { id: 'rou-1' } as TableDetail)).toEqual({ id: 'rou-1' });
  });
});

describe('the console calls', () => {
  it('names a table by its escaped id, and reads a refusal that is not JSON', async () => {
    const fetch = vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const api = studioApi({
      fetch: fetch as unknown as typeof globalThis.fetch,
      cookies: () => '',
    });
    await expect(api.table('a b/c')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
    expect(fetch).toHaveBeenCalledWith('/studio/api/tables/a%20b%2Fc', expect.anything());
    const offline = studioApi({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof globalThis.fetch,
    });
    await expect(offline.me()).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
