// Builds the sounds the client ships (public/sounds, not in git), from Debian's espeak-ng
// and sox (with libsox-fmt-mp3), as MP3 (every browser plays it, Safari included):
//
// - effects/chip.mp3, effects/closed.mp3, effects/win.mp3: a chip placed, bets closed, a
//   win (short synthesised tones);
// - music.mp3: a quiet loop of soft chords for the background music;
// - voice/<lang>/<game>-<key>.mp3: the dealer announcing a result, in each SPEC §9
//   voice-over language (cn, es, bn, pt, en, id, ja, th, vi, ko), with the words of that
//   language's file (`voiceLines` below: 95 clips a language). Another language hears
//   English (lib/sound); the subtitles show the words in the player's own language, put
//   together by each game's `dealerLine` (features/<game>/names.ts) from the same keys.
//
// Nothing is rebuilt when the inputs have not changed (a stamp of this script and the
// words). Usage: node scripts/sounds.mjs  (npm run sounds; `npm run build` runs it first)
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const client = join(here, '..');
const locales = join(client, 'src', 'lib', 'i18n', 'locales');
const out = join(client, 'public', 'sounds');

/** The voice-over languages (SPEC §9) and espeak-ng's voice for each. */
export const VOICES = {
  en: 'en-us',
  cn: 'cmn',
  es: 'es',
  bn: 'bn',
  pt: 'pt-br',
  id: 'id',
  ja: 'ja',
  th: 'th',
  vi: 'vi',
  ko: 'ko',
};

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const POCKETS = [...Array.from({ length: 37 }, (_, i) => String(i)), '00'];
const WHEEL_NUMBERS = [1, 2, 5, 8, 10, 15, 20, 30, 40]; // lib/table/money-wheel

/** What the dealer says for a pocket: "22, Black"; zero has no colour. */
export function rouletteWords(pocket, red, black) {
  const n = Number(pocket);
  if (pocket === '0' || pocket === '00') return pocket;
  return `${pocket}, ${RED.has(n) ? red : black}`;
}

/**
 * Every clip of the dealer's voice in one language, `{ game, key, words }` (the file
 * voice/<lang>/<game>-<key>.mp3), where `text(key, values)` is that language's text. Each
 * game's `dealerLine` (features/<game>/names.ts) picks the same key and puts the same
 * words together in the player's language (lib/sound/dealer-lines.test.ts checks both).
 *
 * - roulette-<pocket>: "22, Black" (SPOT_red, SPOT_black), 38;
 * - baccarat-player|banker|tie, dragontiger-dragon|tiger|tie, andarbahar-andar|bahar:
 *   the winner (WINNER_<side>: "Banker wins", "Tie"), 8;
 * - sicbo-<total>-small|big|triple: "Total 10, Small" (SICBO_TOTAL, SICBO_SMALL,
 *   SICBO_BIG, SICBO_TRIPLE): small 4-10 and big 11-17 when not a triple, the six
 *   triples, 20;
 * - megawheel-<number>: "The wheel stopped on 40" (MEGAWHEEL_LANDED), 9;
 * - blackjack-<total>|bj|bust: the dealer's final hand, "Dealer has 18" (BJ_RESULT_total,
 *   two cards or more: 4-21), "Dealer has blackjack", "Dealer busts", 20.
 */
export function voiceLines(text) {
  const lines = [];
  const add = (game, key, words) => lines.push({ game, key, words });
  const [red, black] = [text('SPOT_red'), text('SPOT_black')];
  for (const pocket of POCKETS) add('roulette', pocket, rouletteWords(pocket, red, black));
  const sides = {
    baccarat: ['player', 'banker', 'tie'],
    dragontiger: ['dragon', 'tiger', 'tie'],
    andarbahar: ['andar', 'bahar'],
  };
  for (const [game, list] of Object.entries(sides))
    for (const side of list) add(game, side, text(`WINNER_${side}`));
  const SIZE = { small: 'SICBO_SMALL', big: 'SICBO_BIG', triple: 'SICBO_TRIPLE' };
  for (let total = 3; total <= 18; total++) {
    const sizes = [];
    if (total >= 4 && total <= 17) sizes.push(total <= 10 ? 'small' : 'big');
    if (total % 3 === 0) sizes.push('triple');
    for (const size of sizes)
      add('sicbo', `${total}-${size}`, `${text('SICBO_TOTAL', { total })}, ${text(SIZE[size])}`);
  }
  for (const number of WHEEL_NUMBERS)
    add('megawheel', String(number), text('MEGAWHEEL_LANDED', { number }));
  for (let total = 4; total <= 21; total++)
    add('blackjack', String(total), text('BJ_RESULT_total', { total }));
  add('blackjack', 'bj', text('BJ_RESULT_bj'));
  add('blackjack', 'bust', text('BJ_RESULT_bust'));
  return lines;
}

// sox synthesis: mono, 22.05 kHz, 48 kbit/s MP3.
const MP3 = ['-r', '22050', '-c', '1', '-C', '48'];
const EFFECTS = {
  chip: ['synth', '0.07', 'sine', '2400', 'fade', '0', '0.07', '0.06', 'vol', '0.6'],
  closed: [
    'synth',
    '0.18',
    'sine',
    '880',
    'sine',
    '660',
    'fade',
    '0.01',
    '0.36',
    '0.1',
    'vol',
    '0.5',
  ],
  win: [
    'synth',
    '0.6',
    'pluck',
    'C5',
    'pluck',
    'E5',
    'pluck',
    'G5',
    'delay',
    '0',
    '0.08',
    '0.16',
    'remix',
    '-',
    'fade',
    '0',
    '0.6',
    '0.3',
    'norm',
    '-3',
  ],
};
const MUSIC = [
  'synth',
  '16',
  'sine',
  'A3',
  'sine',
  'C4',
  'sine',
  'E4',
  'tremolo',
  '0.2',
  '40',
  'remix',
  '-',
  'fade',
  '2',
  '16',
  '2',
  'norm',
  '-18',
];

/** A language's texts, English where it has none, with {{name}} filled in as i18next does. */
export function textsOf(lang) {
  const read = (l) => JSON.parse(readFileSync(join(locales, `${l}.json`), 'utf8'));
  const [file, en] = [read(lang), read('en')];
  return (key, values = {}) =>
    String(file[key] ?? en[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name) =>
      name in values ? String(values[name]) : m,
    );
}

async function limited(tasks, limit) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

async function main() {
  for (const tool of ['espeak-ng', 'sox']) {
    try {
      await run(tool, ['--version']);
    } catch {
      throw new Error(
        `${tool} is missing: install espeak-ng, sox and libsox-fmt-mp3 (scripts/install-deps)`,
      );
    }
  }
  const spoken = Object.fromEntries(Object.keys(VOICES).map((l) => [l, voiceLines(textsOf(l))]));
  const stamp = createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(JSON.stringify(spoken))
    .digest('hex');
  const stampFile = join(out, '.stamp');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'effects'), { recursive: true });

  const tasks = [];
  for (const [name, args] of Object.entries(EFFECTS))
    tasks.push(() => run('sox', ['-n', ...MP3, join(out, 'effects', `${name}.mp3`), ...args]));
  tasks.push(() => run('sox', ['-n', ...MP3, join(out, 'music.mp3'), ...MUSIC]));
  for (const [lang, voice] of Object.entries(VOICES)) {
    mkdirSync(join(out, 'voice', lang), { recursive: true });
    for (const { game, key, words } of spoken[lang]) {
      const base = join(out, 'voice', lang, `${game}-${key}`);
      tasks.push(async () => {
        await run('espeak-ng', ['-v', voice, '-s', '150', '-w', `${base}.wav`, words]);
        await run('sox', [`${base}.wav`, ...MP3, `${base}.mp3`, 'norm', '-3']);
        rmSync(`${base}.wav`);
      });
    }
  }
  await limited(tasks, Math.max(1, cpus().length));
  writeFileSync(stampFile, stamp);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  main().then(
    () => console.log(`sounds: public/sounds ready (${Date.now() - started} ms)`),
    (e) => {
      console.error(`sounds: ${e.message}`);
      process.exit(1);
    },
  );
}
