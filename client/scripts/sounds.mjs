// Builds the sounds the client ships (public/sounds, not in git), from Debian's espeak-ng
// and sox (with libsox-fmt-mp3), as MP3 (every browser plays it, Safari included):
//
// - effects/chip.mp3, effects/closed.mp3, effects/win.mp3: a chip placed, bets closed, a
//   win (short synthesised tones);
// - music.mp3: a quiet loop of soft chords for the background music;
// - voice/<lang>/roulette-<pocket>.mp3 ("00" on American wheels): the dealer announcing a
//   roulette result ("twenty-two, black"), in each SPEC §9 voice-over language (cn, es,
//   bn, pt, en, id, ja, th, vi, ko), with the colour's word from that language's file
//   (SPOT_red, SPOT_black). Another language hears English (lib/sound); the subtitles
//   show the words in the player's own language.
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

/** What the dealer says for a pocket: "22, Black"; zero has no colour. */
export function rouletteWords(pocket, red, black) {
  const n = Number(pocket);
  if (pocket === '0' || pocket === '00') return pocket;
  return `${pocket}, ${RED.has(n) ? red : black}`;
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

function words(lang) {
  const file = JSON.parse(readFileSync(join(locales, `${lang}.json`), 'utf8'));
  const en = JSON.parse(readFileSync(join(locales, 'en.json'), 'utf8'));
  return { red: file.SPOT_red ?? en.SPOT_red, black: file.SPOT_black ?? en.SPOT_black };
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
  const spoken = Object.fromEntries(Object.keys(VOICES).map((l) => [l, words(l)]));
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
    for (const pocket of POCKETS) {
      const text = rouletteWords(pocket, spoken[lang].red, spoken[lang].black);
      const base = join(out, 'voice', lang, `roulette-${pocket}`);
      tasks.push(async () => {
        await run('espeak-ng', ['-v', voice, '-s', '150', '-w', `${base}.wav`, text]);
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
