import { describe, expect, it } from 'vitest';

import { type CardView, cardReducer, initialCardView } from './card-state';
import { winnerOf } from '../../lib/table/outcome';
import { baccaratValue, handTotal, parseCard } from './cards';

const run = (events: Record<string, unknown>[]): CardView =>
  events.reduce<CardView>((v, e) => cardReducer(v, e as never, 1000), initialCardView);

describe('cards', () => {
  it('reads the server card text and counts baccarat totals', () => {
    expect(parseCard('10H')).toMatchObject({ rank: '10', suit: 'H', red: true, symbol: '♥' });
    expect(parseCard('KS')).toMatchObject({ rank: 'K', red: false });
    for (const bad of ['', '1S', '11H', 'TS', 'AX', 'as']) expect(parseCard(bad)).toBeNull();
    expect(baccaratValue(parseCard('AD')!)).toBe(1);
    expect(baccaratValue(parseCard('QD')!)).toBe(0);
    expect(handTotal([parseCard('9H'), parseCard('4S')])).toBe(3);
    expect(handTotal([parseCard('7C'), null])).toBe(7);
    expect(winnerOf('B 5-9', 'baccarat')).toBe('banker');
    expect(winnerOf('T 4-4', 'baccarat')).toBe('tie');
    expect(winnerOf('T', 'dragontiger')).toBe('tiger');
    expect(winnerOf('X', 'dragontiger')).toBe('tie');
    expect(winnerOf('A', 'andarbahar')).toBe('andar');
    expect(winnerOf('B', 'andarbahar')).toBe('bahar');
  });
});

describe('cardReducer', () => {
  it('deals cards one at a time, face down while squeezed, and settles with the roads', () => {
    let v = run([
      { type: 'resync', gameId: 'g1', state: 2, betsOpen: true, ts: 1000, shoe: 3, results: [] },
      { type: 'betsclosed', gameId: 'g1' },
      { type: 'squeezer', gameId: 'g1', name: 'Ann', hand: 'player', squeezeMs: 8000 },
      { type: 'card', gameId: 'g1', hand: 'player', index: 0, faceDown: true },
      { type: 'card', gameId: 'g1', hand: 'banker', index: 1, card: 'KH' },
      { type: 'squeeze', gameId: 'g1', index: 0, progress: 0.4 },
    ]);
    expect(v.shoe).toBe(3);
    expect(v.squeeze).toEqual({ name: 'Ann', hand: 'player', you: false, ms: 8000 });
    expect(v.cards).toEqual([
      { hand: 'player', card: null, progress: 0.4 },
      { hand: 'banker', card: 'KH', progress: 1 },
    ]);
    v = cardReducer(
      v,
      { type: 'card', gameId: 'g1', hand: 'player', index: 0, card: '9C', reveal: true },
      2000,
    );
    expect(v.cards[0]).toEqual({ hand: 'player', card: '9C', progress: 1 });
    v = cardReducer(
      v,
      {
        type: 'gameresult',
        gameId: 'g1',
        result: 'P 9-0',
        stake: '5.00',
        win: '10.00',
        cards: [
          { hand: 'player', card: '9C' },
          { hand: 'banker', card: 'KH' },
          { hand: 'player', card: 'QS' },
          { hand: 'banker', card: '10D' },
        ],
        roads: { rows: 6, beadPlate: [{ col: 0, row: 0, winner: 'P' }] },
      },
      3000,
    );
    expect(v.state).toBe(24);
    expect(v.result).toEqual({ gameId: 'g1', label: 'P 9-0' });
    expect(v.cards).toHaveLength(4);
    expect(v.recent[0]!.label).toBe('P 9-0');
    expect(v.roads?.beadPlate).toHaveLength(1);
    expect(v.squeeze).toBeNull();
  });

  it('shows a shoe change and starts the next shoe with empty roads', () => {
    const v = run([
      {
        type: 'resync',
        gameId: 'g1',
        state: 901,
        ts: 1000,
        results: [{ gameId: 'g0', result: 'B 1-8' }],
      },
      { type: 'startshuffling', gameId: 'g2', shoe: 4 },
    ]);
    expect(v.shuffling).toBe(true);
    const after = cardReducer(
      v,
      { type: 'endshuffling', gameId: 'g2', shoe: 4, roads: { rows: 6, beadPlate: [] } },
      1000,
    );
    expect(after).toMatchObject({ shuffling: false, shoe: 4, recent: [] });
    expect(after.roads?.beadPlate).toEqual([]);
  });

  it('takes back a card a human dealer withdrew, with any dealt after it', () => {
    let v = run([
      { type: 'resync', gameId: 'g1', state: 3, ts: 1000, results: [] },
      { type: 'card', gameId: 'g1', hand: 'player', index: 0, of: 1, card: '9C' },
      { type: 'card', gameId: 'g1', hand: 'banker', index: 1, of: 2, card: 'KH' },
      { type: 'card', gameId: 'g1', hand: 'player', index: 2, of: 3, card: '4S' },
    ]);
    expect(v.cards.map((c) => c.card)).toEqual(['9C', 'KH', '4S']);
    // The last card was misread: it is withdrawn (no card text comes with it).
    v = cardReducer(
      v,
      { type: 'card', gameId: 'g1', hand: 'player', index: 2, of: 2, withdrawn: true },
      2000,
    );
    expect(v.cards).toEqual([
      { hand: 'player', card: '9C', progress: 1 },
      { hand: 'banker', card: 'KH', progress: 1 },
    ]);
    // Withdrawn from the second on: the cards after it go too.
    const back = cardReducer(
      v,
      { type: 'card', gameId: 'g1', hand: 'banker', index: 1, of: 1, withdrawn: true },
      2000,
    );
    expect(back.cards).toEqual([{ hand: 'player', card: '9C', progress: 1 }]);
    // The right card comes again at the same index.
    const again = cardReducer(
      back,
      { type: 'card', gameId: 'g1', hand: 'banker', index: 1, of: 2, card: 'QD' },
      3000,
    );
    expect(again.cards.map((c) => c.card)).toEqual(['9C', 'QD']);
    // A withdrawal of a card not shown changes nothing (and never adds a face-down card).
    expect(
      cardReducer(
        again,
        { type: 'card', gameId: 'g1', hand: 'player', index: 5, withdrawn: true },
        3000,
      ).cards,
    ).toEqual(again.cards);
  });
});
