// scripts/text-parts.mjs: which words each page loads.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { textParts, textsOfPart } from '../../../scripts/text-parts.mjs';
import { TEXT_PARTS } from './index';
import en from './locales/en.json';

const SRC = resolve(import.meta.dirname, '../..');

describe('text parts', () => {
  const parts = textParts(SRC, en);

  it('has a part per feature, and the common part', () => {
    const features = readdirSync(resolve(SRC, 'features')).sort();
    expect([...TEXT_PARTS].sort()).toEqual(['common', ...features].sort());
    expect(new Set(parts.values())).toEqual(new Set(TEXT_PARTS));
  });

  it('puts every key in exactly one part, and splits a file without losing a text', () => {
    const keys = Object.keys(en).filter((k) => !k.startsWith('_'));
    expect([...parts.keys()].sort()).toEqual(keys.sort());
    const joined = Object.assign({}, ...TEXT_PARTS.map((p) => textsOfPart(en, parts, p)));
    expect(joined).toEqual(en);
  });

  it('gives a feature the words only its code names, and the shell the rest', () => {
    expect(parts.get('RACETRACK_TITLE')).toBe('roulette'); // only roulette shows it
    expect(parts.get('LOBBY_TITLE')).toBe('lobby');
    expect(parts.get('SICBO_TOTAL')).toBe('sicbo');
    expect(parts.get('BJ_HIT')).toBe('blackjack');
    expect(parts.get('BALANCE')).toBe('common'); // the header
    expect(parts.get('ERROR')).toBe('common'); // `ERROR.${code}` from lib
    expect(parts.get('SKIP_TO_BETS')).toBe('common');
    // A plural goes with its key's other forms.
    expect(parts.get('LOBBY_PLAYERS_one')).toBe(parts.get('LOBBY_PLAYERS_other'));
  });
});
