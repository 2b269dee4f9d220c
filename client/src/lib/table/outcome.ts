// A round's outcome in words, the same for every screen that names one: the lobby's last
// results, the notice of a round that ended while the player was away, and what a screen
// reader announces. Each game's result label (the `result` of a gameresult, SPEC §4) is
// read here: roulette "17" or "00", baccarat "B 5-9" (winner, then the player's and the
// banker's totals), dragon tiger "D"/"T"/"X", andar bahar "A"/"B", sic bo "136", a money
// wheel "20", blackjack "D 20"/"D BJ"/"D BUST", a crash game's crash point "2.37", the
// candy wheel's final label "CANDY_DROP", boom or bust's dice "4,4". A show's whole outcome
// text ("1|6|x3|17", "4,4|16,25,33") is read too, for what it adds: a Sugar Bomb's ×M, the
// bonus rolls.
import type { TFunction } from 'i18next';

import { type CurrencyStyle, formatMoney, units } from '../format/money';
import { formatTime } from '../format/locale';

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** A roulette result's colour ("17" black, "0"/"00" green); null when it is no pocket. */
export function pocketColour(result: string): 'red' | 'black' | 'green' | null {
  const pocket = result.split('|')[0]!.trim();
  if (pocket === '0' || pocket === '00') return 'green';
  if (!/^\d{1,2}$/.test(pocket)) return null;
  const n = Number(pocket);
  if (n < 1 || n > 36) return null;
  return RED.has(n) ? 'red' : 'black';
}

/**
 * The side a card game's result label names: its first letter, read per game (baccarat
 * "B 5-9" is banker and "T" a tie; dragon tiger "T" is tiger and "X" a tie; andar bahar
 * "A"/"B").
 */
export function winnerOf(label: string, game: string): string {
  const letters: Record<string, Record<string, string>> = {
    baccarat: { P: 'player', B: 'banker', T: 'tie' },
    dragontiger: { D: 'dragon', T: 'tiger', X: 'tie' },
    andarbahar: { A: 'andar', B: 'bahar' },
  };
  const w = label.charAt(0);
  return letters[game]?.[w] ?? w.toLowerCase();
}

/** The game family a game kind or game-mode prefix belongs to. */
function familyOf(game: string): string {
  if (game.includes('roulette')) return 'roulette';
  if (game === 'multi-baccarat') return 'baccarat';
  if (game === 'onebj') return 'blackjack';
  if (game === 'spaceman' || game === 'bigbass') return 'crash';
  if (game === 'sbz') return 'sweetbonanza';
  return game;
}

/** The candy wheel's bonuses, by their labels: their names are SBZ_NAME_<label>. */
const CANDY_BONUSES = new Set(['CANDY_DROP', 'BUBBLE_SURPRISE', 'SWEET_SPINS']);

/**
 * A candy wheel outcome: its final label ("5", "CANDY_DROP") and the Sugar Bomb's
 * multiplier, null without one. Reads the whole text ("1|6|x3|17", sweet_bonanza.hpp) or
 * the label alone.
 */
export function candyOutcome(text: string): { label: string; times: number | null } {
  const parts = text.split('|').map((p) => p.trim());
  const bomb = /^x(\d+)$/.exec(parts[2] ?? '');
  return { label: parts[0]!, times: bomb ? Number(bomb[1]) : null };
}

/** The name of a candy wheel label: a bonus's translated name, a number as it is. */
export function candyLabelName(t: TFunction, label: string): string {
  return CANDY_BONUSES.has(label) ? t(`SBZ_NAME_${label}` as 'SBZ_NAME_CANDY_DROP') : label;
}

/** A bonus square's value by the distance between the dice; 0 is a bust (boom_or_bust.hpp). */
const BOOM_VALUES = [0, 1, 2, 3, 6, 7];

export interface BoomOutcome {
  red: number;
  blue: number;
  /** The bonus's rolls, red then blue: until the first double (a bust) or the tenth. */
  rolls: [number, number][];
  /** Whether the bonus ended in a bust (its last roll a double). */
  bust: boolean;
  /** The bonus total before any bust: what a stake kept in to the end would be paid. */
  total: number;
}

/**
 * A boom or bust outcome from its text ("3,5", "4,4|16,25,33") or its dice alone ("4,4");
 * null when it is neither.
 */
export function boomOutcome(text: string): BoomOutcome | null {
  const [dice, bonus] = text.split('|').map((p) => p.trim());
  const m = /^([1-6]),([1-6])$/.exec(dice ?? '');
  if (!m) return null;
  const rolls: [number, number][] = [];
  for (const roll of bonus ? bonus.split(',') : []) {
    if (!/^[1-6]{2}$/.test(roll)) return null;
    rolls.push([Number(roll[0]), Number(roll[1])]);
  }
  const values = rolls.map(([r, b]) => BOOM_VALUES[Math.abs(r - b)]!);
  const bust = values.at(-1) === 0;
  return {
    red: Number(m[1]),
    blue: Number(m[2]),
    rolls,
    bust,
    total: values.reduce((sum, v) => sum + v, 0),
  };
}

/** What a boom or bust bonus came to: "bust on roll 3", "10 rolls, total 42". */
function boomBonusWords(t: TFunction, o: BoomOutcome): string {
  return o.bust
    ? t('OUTCOME_BOB_BUST', { roll: o.rolls.length })
    : t('OUTCOME_BOB_ROLLS', { rolls: o.rolls.length, total: o.total });
}

/**
 * A result's short label, for the panels that list results: the label itself for most
 * games; the candy wheel's final label by its name, with a Sugar Bomb's ×M ("Candy Drop
 * ×3"); boom or bust's dice and how the bonus ended ("4,4 · bust on roll 3").
 */
export function shortResult(t: TFunction, game: string, text: string): string {
  const head = text.split('|')[0]!.trim();
  switch (familyOf(game)) {
    case 'sweetbonanza': {
      const { label, times } = candyOutcome(text);
      const name = candyLabelName(t, label);
      return times === null ? name : `${name} ×${times}`;
    }
    case 'boomorbust': {
      const o = boomOutcome(text);
      if (!o) return head;
      const dice = `${o.red},${o.blue}`;
      return o.rolls.length ? `${dice} · ${boomBonusWords(t, o)}` : dice;
    }
    default:
      return head;
  }
}

/** A result label in words: "17 Black", "Banker wins, 9 to 5", "1, 3, 6, total 10". */
export function outcomeWords(t: TFunction, game: string, label: string): string {
  const family = familyOf(game);
  const head = label.split('|')[0]!.trim();
  switch (family) {
    case 'roulette': {
      const colour = pocketColour(head);
      return colour ? t('RESULT_NUMBER', { number: head, colour: t(`COLOUR_${colour}`) }) : head;
    }
    case 'baccarat':
    case 'dragontiger':
    case 'andarbahar': {
      const winner = t(`WINNER_${winnerOf(head, family)}` as 'WINNER_player');
      const score = /^\w (\d)-(\d)$/.exec(head);
      if (!score) return winner;
      const [a, b] = [Number(score[1]), Number(score[2])];
      return t('OUTCOME_SCORE', { winner, high: Math.max(a, b), low: Math.min(a, b) });
    }
    case 'sicbo': {
      const dice = [...head].map(Number).filter((d) => d >= 1 && d <= 6);
      if (dice.length !== 3) return head;
      return t('DICE_RESULT', { dice: dice.join(', '), total: dice.reduce((x, y) => x + y, 0) });
    }
    case 'megawheel':
      return t('MEGAWHEEL_LANDED', { number: head });
    case 'crash':
      return /^\d+(\.\d{1,2})?$/.test(head) ? t('CRASH_CRASHED_AT', { x: head }) : head;
    case 'sweetbonanza': {
      const candy = candyOutcome(label);
      const name = candyLabelName(t, candy.label);
      return candy.times === null
        ? t('SBZ_LANDED', { label: name })
        : t('OUTCOME_SBZ_LANDED_BOMB', {
            bomb: t('SBZ_NAME_SUGAR_BOMB'),
            x: candy.times,
            label: name,
          });
    }
    case 'boomorbust': {
      const o = boomOutcome(label);
      if (!o) return head;
      const dice = t('BOB_DICE', { red: o.red, blue: o.blue });
      return o.rolls.length ? `${dice}, ${boomBonusWords(t, o)}` : dice;
    }
    case 'blackjack': {
      const dealer = head.replace(/^D\s*/, '');
      if (dealer === 'BJ') return t('BJ_RESULT_bj');
      if (dealer === 'BUST') return t('BJ_RESULT_bust');
      return /^\d+$/.test(dealer) ? t('BJ_RESULT_total', { total: Number(dealer) }) : head;
    }
    default:
      return head;
  }
}

export interface MissedRound {
  game: string;
  table: string; // the table's name
  ts: number; // when the round ended (server time, ms)
  result: string;
  win?: string; // the player's return, when the event carries it
  currency: CurrencyStyle;
}

/**
 * The notice of a round that ended while the player was away, in words: "While you were
 * away, the 14:32 round at Roulette Azure ended: 17 Black. You win €10.00."
 */
export function missedResultText(t: TFunction, r: MissedRound): string {
  const base = {
    time: formatTime(r.ts),
    table: r.table,
    outcome: outcomeWords(t, r.game, r.result),
  };
  const win = r.win !== undefined ? units(r.win) : 0;
  return win > 0
    ? t('AWAY_RESULT_WIN', { ...base, amount: formatMoney(win, r.currency) })
    : t('AWAY_RESULT', base);
}
