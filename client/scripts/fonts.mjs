// Builds the fonts the client ships (public/fonts, not in git): subsetted WOFF2 files of
// Debian's Noto fonts for the scripts of the 37 SPEC languages, and /fonts/languages.json
// (SPEC §7 "language font JSON"), which names each language's font stack and the faces
// behind it. The page loads the faces of its own language only (lib/i18n/fonts.ts), and
// of those only the ones its text needs (each face has a unicode-range).
//
// - Latin, Greek and Cyrillic: Noto Sans, split by unicode-range (basic Latin, extended
//   Latin with Vietnamese, Greek, Cyrillic), so an English page fetches one small file.
// - Arabic and Persian, Devanagari, Bengali, Thai, Georgian, Armenian: the whole script
//   block of its Noto Sans font (shaping needs every form of a letter).
// - Chinese, Japanese, Korean: the characters their language file uses, from Noto Sans
//   CJK SC, JP and KR, plus CJK punctuation (and every kana for Japanese).
// Regular (400) and bold (700). The subsetting is scripts/fonts.py (python3-fonttools);
// it fails the build when a character a language file uses is missing from its font.
//
// Usage: node scripts/fonts.mjs  (npm run fonts; `npm run build` runs it first)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const client = join(here, '..');
const locales = join(client, 'src', 'lib', 'i18n', 'locales');
const out = join(client, 'public', 'fonts');
const NOTO = '/usr/share/fonts/truetype/noto';
const CJK = '/usr/share/fonts/opentype/noto';

/** "0600-06FF" → [0x600 … 0x6ff]. */
function range(spec) {
  const [a, b = a] = spec.split('-').map((h) => parseInt(h, 16));
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}
const ranges = (...specs) => specs.flatMap(range);

/** Code points as a CSS unicode-range. */
export function unicodeRange(points) {
  const sorted = [...new Set(points)].sort((x, y) => x - y);
  const parts = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    const hex = (n) => n.toString(16).toUpperCase();
    parts.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** Every character of a language file's texts (placeholders left out). */
function charactersOf(lang) {
  const file = JSON.parse(readFileSync(join(locales, `${lang}.json`), 'utf8'));
  const chars = new Set();
  const walk = (node) => {
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith('_')) continue;
      if (v && typeof v === 'object') walk(v);
      else for (const c of String(v).replace(/\{\{[^}]*\}\}/g, '')) chars.add(c.codePointAt(0));
    }
  };
  walk(file);
  return [...chars];
}

const WEIGHTS = [
  { weight: 400, name: 'Regular' },
  { weight: 700, name: 'Bold' },
];

// The shared Latin, Greek and Cyrillic family.
const SANS = 'Croupier Sans';
const SANS_PARTS = [
  {
    part: 'latin',
    points: ranges(
      '0020-007E',
      '00A0-00FF',
      '0131',
      '0152-0153',
      '02C6',
      '02DA',
      '02DC',
      '2000-206F',
      '20AC',
      '2122',
      '2190-2193',
      '2212',
      '2215',
      '2248',
      '2260',
      '2264-2265',
      '25CF',
      '2715',
      'FEFF',
      'FFFD',
    ),
  },
  {
    part: 'latin-ext',
    points: ranges(
      '0100-0130',
      '0132-0151',
      '0154-024F',
      '0250-02AF',
      '0300-036F',
      '1E00-1EFF',
      '20A0-20AB',
      '20AD-20CF',
      '2100-2121',
      '2123-214F',
    ),
  },
  { part: 'greek', points: ranges('0370-03FF', '1F00-1FFF') },
  { part: 'cyrillic', points: ranges('0400-052F', '1C80-1C8F', '2116', 'A640-A69F') },
];

// A family per script, with the languages that write in it.
const SCRIPTS = [
  {
    family: 'Croupier Arabic',
    file: 'arabic',
    source: 'NotoSansArabic',
    langs: ['ar', 'fa'],
    points: ranges('0600-06FF', '0750-077F', '08A0-08FF', 'FB50-FDFF', 'FE70-FEFF', '200C-200F'),
  },
  {
    family: 'Croupier Devanagari',
    file: 'devanagari',
    source: 'NotoSansDevanagari',
    langs: ['hi'],
    points: ranges('0900-097F', 'A8E0-A8FF', '1CD0-1CFF', '200C-200D', '25CC'),
  },
  {
    family: 'Croupier Bengali',
    file: 'bengali',
    source: 'NotoSansBengali',
    langs: ['bn'],
    points: ranges('0980-09FF', '0964-0965', '200C-200D', '25CC'),
  },
  {
    family: 'Croupier Thai',
    file: 'thai',
    source: 'NotoSansThai',
    langs: ['th'],
    points: ranges('0E00-0E7F', '25CC'),
  },
  {
    family: 'Croupier Georgian',
    file: 'georgian',
    source: 'NotoSansGeorgian',
    langs: ['ka'],
    points: ranges('10A0-10FF', '1C90-1CBF', '2D00-2D2F'),
  },
  {
    family: 'Croupier Armenian',
    file: 'armenian',
    source: 'NotoSansArmenian',
    langs: ['hy'],
    points: ranges('0530-058F', 'FB13-FB17'),
  },
];

// Chinese, Japanese and Korean: Noto Sans CJK's SC, JP and KR faces (numbers in the
// collection), subset to what the language's texts use.
const CJK_LANGS = [
  { lang: 'cn', family: 'Croupier SC', file: 'sc', number: 2, extra: [] },
  {
    lang: 'ja',
    family: 'Croupier JP',
    file: 'jp',
    number: 0,
    extra: ranges('3040-30FF', '31F0-31FF'),
  },
  { lang: 'ko', family: 'Croupier KR', file: 'kr', number: 1, extra: ranges('3130-318F') },
];
const CJK_PUNCTUATION = ranges('3000-303F', 'FF01-FF5E', '30FB', '2E80-2E99');

// The rest of each stack: the system's own fonts, for what the shipped faces lack (a
// player's name in another script, emoji).
const SYSTEM = {
  default: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  arabic: '"Noto Naskh Arabic", "Geeza Pro", "Segoe UI", Tahoma, sans-serif',
  devanagari: '"Kohinoor Devanagari", "Nirmala UI", Mangal, sans-serif',
  bengali: '"Kohinoor Bangla", "Bangla Sangam MN", "Nirmala UI", Vrinda, sans-serif',
  thai: 'Thonburi, "Leelawadee UI", Tahoma, sans-serif',
  georgian: '"Helvetica Neue", Sylfaen, sans-serif',
  armenian: 'Mshtakan, Sylfaen, sans-serif',
  sc: '"PingFang SC", "Microsoft YaHei", "Source Han Sans SC", sans-serif',
  jp: '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Yu Gothic UI", Meiryo, sans-serif',
  kr: '"Apple SD Gothic Neo", "Malgun Gothic", sans-serif',
};

export function plan() {
  const faces = [];
  const languages = {};
  const q = (f) => `"${f}"`;
  for (const { weight, name } of WEIGHTS) {
    for (const p of SANS_PARTS)
      faces.push({
        family: SANS,
        weight,
        file: `sans-${p.part}-${weight}.woff2`,
        source: `${NOTO}/NotoSans-${name}.ttf`,
        codepoints: p.points,
      });
    for (const s of SCRIPTS)
      faces.push({
        family: s.family,
        weight,
        file: `${s.file}-${weight}.woff2`,
        source: `${NOTO}/${s.source}-${name}.ttf`,
        codepoints: s.points,
      });
    for (const c of CJK_LANGS) {
      const used = charactersOf(c.lang).filter((p) => p >= 0x2e80);
      faces.push({
        family: c.family,
        weight,
        file: `${c.file}-${weight}.woff2`,
        source: `${CJK}/NotoSansCJK-${name}.ttc`,
        number: c.number,
        codepoints: [...new Set([...used, ...CJK_PUNCTUATION, ...c.extra])],
        required: used,
      });
    }
  }
  for (const s of SCRIPTS)
    for (const l of s.langs) languages[l] = `${q(SANS)}, ${q(s.family)}, ${SYSTEM[s.file]}`;
  for (const c of CJK_LANGS) languages[c.lang] = `${q(SANS)}, ${q(c.family)}, ${SYSTEM[c.file]}`;
  return { default: `${q(SANS)}, ${SYSTEM.default}`, languages, faces };
}

function main() {
  const p = plan();
  for (const f of p.faces)
    if (!existsSync(f.source)) {
      console.error(
        `fonts: ${f.source} is missing (Debian's fonts-noto-core and fonts-noto-cjk; scripts/install-deps installs them)`,
      );
      process.exit(1);
    }
  mkdirSync(out, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'croupier-fonts-'));
  const planFile = join(work, 'plan.json');
  // fonts.py fails when a face's source lacks a character its language file uses.
  writeFileSync(planFile, JSON.stringify({ faces: p.faces }));
  execFileSync('/usr/bin/python3', [join(here, 'fonts.py'), planFile, out], { stdio: 'inherit' });
  const manifest = {
    default: p.default,
    languages: p.languages,
    faces: p.faces.map((f) => ({
      family: f.family,
      weight: f.weight,
      src: `/fonts/${f.file}`,
      unicodeRange: unicodeRange(f.codepoints),
    })),
  };
  writeFileSync(join(out, 'languages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`fonts: ${p.faces.length} faces written to public/fonts`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
