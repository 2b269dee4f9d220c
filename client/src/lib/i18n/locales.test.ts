// The language files against English: every key, the same placeholders, and honest
// fallback marks (a key marked fallback holds English's text; a key not marked is
// translated, unless its text is legitimately the same as English's).
import { describe, expect, it } from 'vitest';

import { LANGUAGE_FILES } from './languages';
import en from './locales/en.json';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json', {
  eager: true,
});
const byLang = Object.fromEntries(
  Object.entries(files).map(([path, mod]) => [
    path.replace(/^.*\/(\w+)\.json$/, '$1'),
    mod.default,
  ]),
);

/** Every leaf of a resource tree as dotted key → text. */
function leaves(tree: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [kk, vv] of leaves(v as Record<string, unknown>, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const english = leaves(en);

/** Texts that are the same in every language: the brand, and number-only formats. */
const SAME_EVERYWHERE = new Set([
  'APP_NAME',
  'LOBBY_LIMITS',
  'LATENCY',
  'STATS_PERCENT',
  'PAYS_SHORT',
]);

/**
 * Texts that a language writes exactly as English does (loanwords, game names, and
 * formats such as "Chip {{value}}"). Anything else identical to English must be marked
 * as a fallback.
 */
const ROULETTE = ['da', 'de', 'fr', 'it', 'nl', 'sv', 'tl', 'vi'];
const BACCARAT = ['da', 'es', 'fi', 'hu', 'it', 'nl', 'no', 'sv', 'tl', 'vi'];
const BLACKJACK = [
  ...['da', 'de', 'es', 'fi', 'fr', 'hr', 'hu', 'id', 'it', 'nl', 'no', 'pt', 'ro', 'sv'],
  ...['tl', 'tr', 'vi'],
];
const DRAGONTIGER = [
  ...['da', 'de', 'el', 'es', 'fi', 'fr', 'hu', 'id', 'it', 'nl', 'no', 'pt', 'ro', 'sv'],
  ...['tl', 'tr'],
];
const ANDARBAHAR = [...DRAGONTIGER.filter((l) => l !== 'el'), 'el', 'hr', 'lt', 'lv', 'vi'];
const MULTI_BACCARAT = ['hu', 'it', 'tl'];
// Sic Bo and Mega Wheel keep their names in the languages written in Latin letters
// (Vietnamese calls sic bo Tài Xỉu); the others write them in their own script.
const LATIN_GAME_NAMES = [
  ...['da', 'de', 'es', 'fi', 'fr', 'hr', 'hu', 'id', 'it', 'lt', 'lv', 'nl', 'no', 'pt'],
  ...['ro', 'sv', 'tl', 'tr'],
];
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  ROULETTE,
  LOBBY_TAB_ROULETTE: ROULETTE,
  TABLE_TYPE_roulette: ROULETTE,
  BACCARAT,
  LOBBY_TAB_BACCARAT: BACCARAT,
  TABLE_TYPE_baccarat: BACCARAT,
  BLACKJACK,
  LOBBY_TAB_BLACKJACK: BLACKJACK,
  TABLE_TYPE_blackjack: BLACKJACK,
  DRAGONTIGER,
  LOBBY_TAB_DRAGONTIGER: DRAGONTIGER,
  TABLE_TYPE_dragontiger: DRAGONTIGER,
  ANDARBAHAR,
  LOBBY_TAB_ANDARBAHAR: ANDARBAHAR,
  TABLE_TYPE_andarbahar: ANDARBAHAR,
  MULTI_BACCARAT,
  'TABLE_TYPE_multi-baccarat': MULTI_BACCARAT,
  LOBBY_TAB_SICBO: LATIN_GAME_NAMES,
  TABLE_TYPE_sicbo: LATIN_GAME_NAMES,
  LOBBY_TAB_MEGAWHEEL: LATIN_GAME_NAMES,
  TABLE_TYPE_megawheel: LATIN_GAME_NAMES,
  // The same words: French triple, double; French and Portuguese face; Dutch even.
  SICBO_TRIPLE: ['fr'],
  SICBO_TRIPLE_N: ['fr'],
  SICBO_DOUBLE_N: ['fr'],
  SICBO_GROUP_doubles: ['fr'],
  SICBO_GROUP_triples: ['fr'],
  SICBO_FACE: ['fr', 'pt'],
  SICBO_EVEN: ['nl'],
  MEGAWHEEL_MEGA: ['tl'],
  BONUS_BALANCE: ['da', 'de', 'fi', 'fr', 'hr', 'id', 'it', 'nl', 'no', 'ro', 'sv', 'tl', 'tr'],
  SPEED_DIAL_MENU: ['da', 'fr', 'id', 'it', 'nl', 'pt', 'tl'],
  DEALER: ['da', 'de', 'id', 'nl', 'no', 'ro', 'sv', 'tl'],
  CONNECTION_offline: ['da', 'de', 'it', 'nl', 'pt', 'ro', 'sv', 'tl'],
  CHAT: ['da', 'de', 'es', 'fi', 'fr', 'it', 'nl', 'no', 'pt', 'ro', 'tl'],
  CHIPS: ['de'],
  CHIP_VALUE: ['de', 'id', 'tl', 'vi'],
  ERROR_CODE: ['es', 'tl'],
  LOBBY_TAB_PROMOTIONS: ['fr'],
  LOBBY_MULTI_TABLES: ['fr'],
  LOBBY_FILTERS: ['nl'],
  LOBBY_OPEN: ['nl'],
  HELP: ['nl'],
  HOME: ['tl'],
  CASHIER: ['tl'],
  LOBBY_VIEW_GRID: ['tl'],
  ROUND: ['tl'],
};

/** A plural form a language may add to a key English has in _one/_other form. */
function pluralBase(key: string): string | null {
  const m = /^(.+)_(zero|one|two|few|many|other)$/.exec(key);
  return m && english.has(`${m[1]}_other`) ? `${m[1]}_other` : null;
}

const others = LANGUAGE_FILES.filter((l) => l !== 'en');

describe('language files', () => {
  it('exist for every SPEC language but the alias zh, and nothing else', () => {
    expect(Object.keys(byLang).sort()).toEqual([...LANGUAGE_FILES].sort());
    expect(byLang.zh).toBeUndefined();
    expect(en).not.toHaveProperty('_fallback');
  });

  it.each(others)('%s has every key of English, nested keys too, and no other', (lang) => {
    const texts = { ...byLang[lang]! };
    delete texts._fallback;
    const mine = leaves(texts);
    for (const key of english.keys()) {
      expect(mine.has(key), `${lang}: ${key} missing`).toBe(true);
      expect(typeof mine.get(key), `${lang}: ${key}`).toBe('string');
    }
    for (const key of mine.keys())
      expect(english.has(key) || pluralBase(key) !== null, `${lang}: ${key} is not English's`).toBe(
        true,
      );
  });

  it.each(others)('%s keeps the placeholders of English', (lang) => {
    const texts = { ...byLang[lang]! };
    delete texts._fallback;
    for (const [key, text] of leaves(texts)) {
      const source = english.get(key) ?? english.get(pluralBase(key) ?? '');
      expect(placeholders(String(text)), `${lang}: ${key}`).toEqual(placeholders(String(source)));
    }
  });

  it.each(others)('%s marks its English fallbacks honestly', (lang) => {
    const file = byLang[lang]!;
    const fallback = (file._fallback ?? []) as string[];
    expect(Array.isArray(fallback)).toBe(true);
    expect(new Set(fallback).size, `${lang}: repeated fallback keys`).toBe(fallback.length);
    const texts = { ...file };
    delete texts._fallback;
    const mine = leaves(texts);
    for (const key of fallback) {
      expect(english.has(key), `${lang}: fallback ${key} is no key`).toBe(true);
      expect(mine.get(key), `${lang}: fallback ${key} is not English's text`).toBe(
        english.get(key),
      );
    }
    const marked = new Set(fallback);
    for (const [key, text] of mine) {
      if (marked.has(key) || text !== english.get(key)) continue;
      const allowed = SAME_EVERYWHERE.has(key) || (SAME_AS_ENGLISH[key] ?? []).includes(lang);
      expect(allowed, `${lang}: ${key} is English but not marked as a fallback`).toBe(true);
    }
  });

  it('translates the core texts (header, lobby, errors, bet controls) in every language but nf', () => {
    const core = [
      'BALANCE',
      'BACK_TO_LOBBY',
      'LOADING',
      'LOBBY_TITLE',
      'PLACE_YOUR_BETS',
      'UNDO',
      'CLEAR',
      'DOUBLE',
      'REBET',
      'SESSION_EXPIRED_TITLE',
      'NO_INTERNET_TEXT',
      'ERROR_PAGE_TITLE',
      'EV01_TEXT',
      'ERROR.10104',
    ];
    for (const lang of others.filter((l) => l !== 'nf')) {
      const fallback = new Set((byLang[lang]!._fallback ?? []) as string[]);
      for (const key of core) expect(fallback.has(key), `${lang}: ${key}`).toBe(false);
    }
    // The sic bo and mega wheel tables, whole (their names are SAME_AS_ENGLISH above).
    const tables = [...english.keys()].filter((k) =>
      /^(SICBO_|MEGAWHEEL_|HELP_sicbo$|HELP_megawheel$|DICE_RESULT$|BET_SPOT_LABEL|STATS_ERROR$|TABLE_TYPE_(sicbo|megawheel)$|LOBBY_TAB_(SICBO|MEGAWHEEL)$)/.test(
        k,
      ),
    );
    expect(tables.length).toBeGreaterThan(50);
    for (const lang of others.filter((l) => l !== 'nf')) {
      const fallback = new Set((byLang[lang]!._fallback ?? []) as string[]);
      for (const key of tables) expect(fallback.has(key), `${lang}: ${key}`).toBe(false);
    }
    // nf names no language we can identify: all of it is marked English.
    expect(((byLang.nf!._fallback ?? []) as string[]).length).toBe(english.size);
  });
});
