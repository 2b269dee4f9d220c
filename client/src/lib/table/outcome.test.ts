import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

import en from '../i18n/locales/en.json';
import {
  boomOutcome,
  candyOutcome,
  missedResultText,
  outcomeWords,
  pocketColour,
  shortResult,
  winnerOf,
} from './outcome';
import { initEnglishI18n } from '../i18n';

const EUR = { code: 'EUR', symbol: '€', symbolBefore: true };

beforeAll(async () => {
  await initEnglishI18n(en);
});

describe('outcomes in words', () => {
  it('names every game’s result as a player would say it', () => {
    expect(outcomeWords(i18next.t, 'roulette', '17')).toBe('17 black');
    expect(outcomeWords(i18next.t, 'americanroulette', '00')).toBe('00 green');
    expect(outcomeWords(i18next.t, 'baccarat', 'B 5-9')).toBe('Banker wins, 9 to 5');
    expect(outcomeWords(i18next.t, 'baccarat', 'T 4-4')).toBe('Tie, 4 to 4');
    expect(outcomeWords(i18next.t, 'dragontiger', 'X')).toBe('Tie');
    expect(outcomeWords(i18next.t, 'andarbahar', 'B')).toBe('Bahar wins');
    expect(outcomeWords(i18next.t, 'sicbo', '136|316')).toBe('1, 3, 6, total 10');
    expect(outcomeWords(i18next.t, 'megawheel', '20|7|5x25')).toBe('The wheel stopped on 20');
    expect(outcomeWords(i18next.t, 'onebj', 'D BUST|6D,10D,8H')).toBe('Dealer busts');
    expect(outcomeWords(i18next.t, 'blackjack', 'D 20')).toBe('Dealer has 20');
  });

  it('reads the labels it is given', () => {
    expect(pocketColour('0')).toBe('green');
    expect(pocketColour('37')).toBeNull();
    expect(winnerOf('T', 'dragontiger')).toBe('tiger');
    expect(winnerOf('T 4-4', 'baccarat')).toBe('tie');
  });

  it('tells a missed round by its time and table, not by an id', () => {
    const ts = new Date(2026, 10, 25, 14, 32).getTime();
    const round = { game: 'roulette', table: 'Roulette Azure', ts, result: '17', currency: EUR };
    expect(missedResultText(i18next.t, round)).toBe(
      'While you were away, the 2:32 PM round at Roulette Azure ended: 17 black.',
    );
    expect(missedResultText(i18next.t, { ...round, win: '36.00' })).toBe(
      'While you were away, the 2:32 PM round at Roulette Azure ended: 17 black. You win €36.00.',
    );
    expect(missedResultText(i18next.t, { ...round, win: '0.00' })).not.toContain('win');
  });
});

describe('the game shows', () => {
  const t = i18next.t;

  it('names the candy wheel by its final label, a bonus by its name, with the bomb’s ×M', () => {
    expect(shortResult(t, 'sweetbonanza', '5|7')).toBe('5');
    expect(shortResult(t, 'sweetbonanza', 'CANDY_DROP|2|8,25,3')).toBe('Candy Drop');
    expect(shortResult(t, 'sweetbonanza', 'BUBBLE_SURPRISE|6|x2|11|5,10')).toBe(
      'Bubble Surprise ×2',
    );
    expect(shortResult(t, 'sbz', '1|6|x3|17')).toBe('1 ×3');
    // The gameresult's result is the label alone.
    expect(shortResult(t, 'sweetbonanza', 'SWEET_SPINS')).toBe('Sweet Spins');
    expect(outcomeWords(t, 'sweetbonanza', '5|7')).toBe('The wheel stopped on 5');
    expect(outcomeWords(t, 'sweetbonanza', 'SWEET_SPINS|16|50')).toBe(
      'The wheel stopped on Sweet Spins',
    );
    expect(outcomeWords(t, 'sweetbonanza', 'CANDY_DROP|6|x20|2|8,25,3')).toBe(
      'Sugar Bomb ×20, then the wheel stopped on Candy Drop',
    );
  });

  it('reads a candy wheel text', () => {
    expect(candyOutcome('1|6|x3|17')).toEqual({ label: '1', times: 3 });
    expect(candyOutcome('CANDY_DROP|2|8,25,3')).toEqual({ label: 'CANDY_DROP', times: null });
    expect(candyOutcome('2')).toEqual({ label: '2', times: null });
  });

  it('names boom or bust by its dice and how the bonus ended', () => {
    expect(shortResult(t, 'boomorbust', '3,5')).toBe('3,5');
    expect(shortResult(t, 'boomorbust', '4,4')).toBe('4,4');
    expect(shortResult(t, 'boomorbust', '4,4|16,25,33')).toBe('4,4 · bust on roll 3');
    // Values 1, 2, 3, 6, 7, 1, 2, 3, 6, 7: no bust in ten rolls.
    const ten = '2,2|12,13,14,15,16,21,31,41,51,61';
    expect(shortResult(t, 'boomorbust', ten)).toBe('2,2 · 10 rolls, total 38');
    expect(outcomeWords(t, 'boomorbust', '3,5')).toBe('Red 3, blue 5');
    expect(outcomeWords(t, 'boomorbust', '6,6|66')).toBe('Red 6, blue 6, bust on roll 1');
    expect(outcomeWords(t, 'boomorbust', ten)).toBe('Red 2, blue 2, 10 rolls, total 38');
    expect(outcomeWords(t, 'boomorbust', 'x')).toBe('x');
  });

  it('reads a boom or bust text: the rolls, the bust, the total before it', () => {
    expect(boomOutcome('4,4|16,25,33')).toEqual({
      red: 4,
      blue: 4,
      rolls: [
        [1, 6],
        [2, 5],
        [3, 3],
      ],
      bust: true,
      total: 7 + 3,
    });
    expect(boomOutcome('1,2')).toEqual({ red: 1, blue: 2, rolls: [], bust: false, total: 0 });
    expect(boomOutcome('7,1')).toBeNull();
    expect(boomOutcome('1,1|1')).toBeNull();
  });
});

describe('how big a win looks', () => {
  it('grows with the win beside its stake', async () => {
    const { winTier } = await import('./results');
    const u = (n: number) => n * 100_000;
    expect(winTier({ stake: u(10), win: 0 })).toBe(0);
    expect(winTier({ stake: u(1), win: u(2) })).toBe(1); // even money
    expect(winTier({ stake: u(10), win: u(5) })).toBe(1); // half back
    expect(winTier({ stake: u(1), win: u(9) })).toBe(2); // 8 to 1
    expect(winTier({ stake: u(1), win: u(36) })).toBe(3); // a straight up
    expect(winTier({ stake: u(10), win: u(2000) })).toBe(4); // 199 to 1
  });
});

describe('what a spot pays', () => {
  it('says a super 6 banker as people write it, decimals in the page language', async () => {
    const { paysText } = await import('./pays');
    const { setFormatLocale } = await import('../format/locale');
    expect(paysText(i18next.t, { payout: 1, payoutText: '1,0.5' })).toBe('1 to 1, 0.5 to 1 on a 6');
    expect(paysText(i18next.t, { payout: 8 })).toBe('8 to 1');
    setFormatLocale('de');
    expect(paysText(i18next.t, { payout: 0, payoutText: '0.95' })).toBe('0,95 to 1');
    setFormatLocale('en');
  });
});
