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

/** The lists a language file keeps beside its texts (lib/i18n, scripts/languages.mjs). */
const LISTS = ['_fallback', '_review', '_same'];

function textsOf(file: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(file).filter(([k]) => !LISTS.includes(k)));
}

function list(file: Record<string, unknown>, name: string): string[] {
  const v = file[name] ?? [];
  expect(Array.isArray(v), name).toBe(true);
  return v as string[];
}

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
    const mine = leaves(textsOf(byLang[lang]!));
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
    for (const [key, text] of leaves(textsOf(byLang[lang]!))) {
      const base = pluralBase(key);
      if (base) {
        // A plural form uses the placeholders of English's `other` form, and may leave out
        // the count where its words make the number plain (Russian "one" covers 21 too).
        const other = placeholders(String(english.get(base)));
        const mine = placeholders(String(text));
        expect(
          mine.every((p) => other.includes(p)) &&
            other.every((p) => p === 'count' || mine.includes(p)),
          `${lang}: ${key} ${mine.join()} vs ${other.join()}`,
        ).toBe(true);
      } else {
        expect(placeholders(String(text)), `${lang}: ${key}`).toEqual(
          placeholders(String(english.get(key))),
        );
      }
    }
  });

  it.each(others)('%s marks its English fallbacks and its English-alike texts honestly', (lang) => {
    const file = byLang[lang]!;
    const mine = leaves(textsOf(file));
    const fallback = new Set(list(file, '_fallback'));
    const same = new Set(list(file, '_same'));
    const review = list(file, '_review');
    for (const name of LISTS) {
      const l = list(file, name);
      expect(new Set(l).size, `${lang}: repeated ${name} keys`).toBe(l.length);
      for (const key of l) expect(mine.has(key), `${lang}: ${name} lists ${key}`).toBe(true);
    }
    for (const key of fallback)
      expect(mine.get(key), `${lang}: fallback ${key} is not English's text`).toBe(
        english.get(key),
      );
    for (const key of [...same, ...review])
      expect(fallback.has(key), `${lang}: ${key} is a fallback`).toBe(false);
    for (const [key, text] of mine) {
      const source = english.get(key) ?? english.get(pluralBase(key) ?? '');
      if (same.has(key)) expect(text, `${lang}: ${key} is listed as English's`).toBe(source);
      else if (!fallback.has(key))
        expect(
          text,
          `${lang}: ${key} is English but listed neither as same nor as fallback`,
        ).not.toBe(source);
    }
    // Texts rightly the same as English's are names and short formats, never sentences.
    for (const key of same)
      expect(
        String(mine.get(key))
          .split(/\s+/)
          .filter((w) => /\p{L}/u.test(w)).length,
        `${lang}: ${key} in _same`,
      ).toBeLessThanOrEqual(6);
  });

  it('translates every language in full: no English copies left', () => {
    for (const lang of others)
      expect(list(byLang[lang]!, '_fallback'), `${lang}: English copies`).toEqual([]);
  });
});
