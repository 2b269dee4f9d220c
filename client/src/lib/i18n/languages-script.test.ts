// scripts/languages.mjs (npm run languages) against a scratch locales directory.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { LANGUAGE_FILES } from './languages';

const SCRIPT = resolve(import.meta.dirname, '../../../scripts/languages.mjs');
const LOCALES = resolve(import.meta.dirname, 'locales');

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout + r.stderr };
}

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe("the script's language list", () => {
  it("is the app's: every file the app can load but English", async () => {
    // @ts-expect-error: a plain ES module without types
    const script = (await import('../../../scripts/languages.mjs')) as { LANGUAGES: string[] };
    expect([...script.LANGUAGES].sort()).toEqual(LANGUAGE_FILES.filter((l) => l !== 'en').sort());
  });
});

const read = (lang: string) =>
  JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Record<string, unknown>;

// Each case runs node and prettier over the files: seconds on a busy two-core machine.
describe('npm run languages', { timeout: 60_000 }, () => {
  it('adds missing keys as marked English, drops gone keys, keeps translations', () => {
    dir = mkdtempSync(join(tmpdir(), 'locales-'));
    const en = {
      HELLO: 'Hello {{name}}',
      BYE: 'Bye',
      ITEMS_one: 'one item',
      ITEMS_other: '{{count}} items',
      ERROR: { '1': 'Broken', '2': 'Worse' },
    };
    writeFileSync(join(dir, 'en.json'), JSON.stringify(en));
    writeFileSync(
      join(dir, 'de.json'),
      JSON.stringify({
        GONE: 'Weg',
        HELLO: 'Hallo {{name}}',
        BYE: 'Bye (old English)',
        ITEMS_one: 'ein Ding',
        ITEMS_other: '{{count}} Dinge',
        ITEMS_few: 'kept: a plural form English has not',
        ERROR: { '2': 'Schlimmer' },
        _fallback: ['BYE'],
      }),
    );
    const first = run('--dir', dir);
    expect(first.code).toBe(0);
    const de = read('de');
    expect(de).toEqual({
      HELLO: 'Hallo {{name}}',
      BYE: 'Bye',
      ITEMS_one: 'ein Ding',
      ITEMS_other: '{{count}} Dinge',
      ITEMS_few: 'kept: a plural form English has not',
      ERROR: { '1': 'Broken', '2': 'Schlimmer' },
      _fallback: ['BYE', 'ERROR.1'],
    });
    // key order follows English, with _fallback last
    expect(Object.keys(de)).toEqual([
      'HELLO',
      'BYE',
      'ITEMS_one',
      'ITEMS_other',
      'ITEMS_few',
      'ERROR',
      '_fallback',
    ]);
    // every other language file is created, all English
    expect(read('ja')._fallback).toEqual([
      'HELLO',
      'BYE',
      'ITEMS_one',
      'ITEMS_other',
      'ERROR.1',
      'ERROR.2',
    ]);
    expect(read('ja').HELLO).toBe('Hello {{name}}');

    // a second run changes nothing, and --check agrees
    const before = readFileSync(join(dir, 'de.json'), 'utf8');
    expect(run('--dir', dir).code).toBe(0);
    expect(readFileSync(join(dir, 'de.json'), 'utf8')).toBe(before);
    expect(run('--check', '--dir', dir).code).toBe(0);

    // English changes: --check fails and writes nothing; a run brings the fallback along
    writeFileSync(join(dir, 'en.json'), JSON.stringify({ ...en, BYE: 'Goodbye', NEW: 'New' }));
    const check = run('--check', '--dir', dir);
    expect(check.code).toBe(1);
    expect(check.out).toContain('de');
    expect(readFileSync(join(dir, 'de.json'), 'utf8')).toBe(before);
    expect(run('--dir', dir).code).toBe(0);
    expect(read('de')).toMatchObject({ BYE: 'Goodbye', NEW: 'New', HELLO: 'Hallo {{name}}' });
    expect(read('de')._fallback).toEqual(['BYE', 'ERROR.1', 'NEW']); // English's order
  });

  it("merges a translator's delivery: texts, plural forms, review and same lists", () => {
    dir = mkdtempSync(join(tmpdir(), 'locales-'));
    const deliveries = mkdtempSync(join(tmpdir(), 'delivery-'));
    const en = {
      HELLO: 'Hello {{name}}',
      LOBBY: 'Lobby',
      ITEMS_one: 'one item',
      ITEMS_other: '{{count}} items',
      ERROR: { '1': 'Broken' },
    };
    writeFileSync(join(dir, 'en.json'), JSON.stringify(en));
    expect(run('--dir', dir).code).toBe(0); // every file starts all English
    writeFileSync(
      join(deliveries, 'ru.json'),
      JSON.stringify({
        HELLO: 'Привет, {{name}}',
        LOBBY: 'Лобби',
        ITEMS_one: '{{count}} предмет',
        ITEMS_few: '{{count}} предмета',
        ITEMS_many: '{{count}} предметов',
        ITEMS_other: '{{count}} предмета',
        _review: ['ITEMS_one'],
      }),
    );
    writeFileSync(
      join(deliveries, 'de.json'),
      JSON.stringify({ 'ERROR.1': 'Kaputt', LOBBY: 'Lobby', _same: ['LOBBY', 'HELLO'] }),
    );
    expect(run('--dir', dir, '--merge', deliveries).code).toBe(0);
    const ru = read('ru');
    expect(ru).toMatchObject({ HELLO: 'Привет, {{name}}', ITEMS_many: '{{count}} предметов' });
    expect(ru._fallback).toEqual(['ERROR.1']);
    expect(ru._review).toEqual(['ITEMS_one']);
    const de = read('de');
    expect(de.ERROR).toEqual({ '1': 'Kaputt' });
    expect(de._fallback).toEqual(['HELLO', 'ITEMS_one', 'ITEMS_other']);
    // "_same" keeps only what is translated and still the same as English.
    expect(de._same).toEqual(['LOBBY']);
    // English changes a text: it is no longer the same, so the mark goes.
    writeFileSync(join(dir, 'en.json'), JSON.stringify({ ...en, LOBBY: 'Lobby room' }));
    expect(run('--dir', dir).code).toBe(0);
    expect(read('de')._same).toBeUndefined();
    rmSync(deliveries, { recursive: true, force: true });
  });

  it('finds the real language files up to date', () => {
    const r = run('--check', '--dir', LOCALES);
    expect(r.out).not.toContain('out of date');
    expect(r.code).toBe(0);
  });
});
