// (Re)fills every language file from en.json, the source of the keys:
//   - a key English has and the file lacks is added with the English text and listed in the
//     file's top-level "_fallback" (so a translator, and the tests, can see it is English);
//   - a key listed as fallback gets English's current text;
//   - a key English no longer has is removed (extra plural forms of a key English has,
//     such as STATS_GAMES_few next to STATS_GAMES_other, are kept: a language may need more
//     plural forms than English);
//   - every other text (a real translation) is kept;
//   - keys follow English's order, "_fallback" comes last in that order, and the file is
//     formatted by prettier, so running the script twice changes nothing.
// Usage: npm run languages [-- --check] [-- --dir DIR]. --check writes nothing and exits 1
// when a file is missing or out of date.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import * as prettier from 'prettier';

/** Every SPEC §9 language with a file of its own, English excepted (zh loads cn). */
export const LANGUAGES = [
  'ar',
  'bg',
  'cn',
  'da',
  'de',
  'el',
  'es',
  'fa',
  'fi',
  'fr',
  'hi',
  'hu',
  'hy',
  'id',
  'it',
  'ja',
  'ka',
  'ko',
  'lt',
  'lv',
  'nf',
  'nl',
  'no',
  'pt',
  'ro',
  'ru',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'hr',
  'bn',
  'sr',
  'tl',
];

export const FALLBACK = '_fallback';
const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];

const isTree = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The language file `file` brought up to date with `en`. */
export function fill(en, file) {
  const wasFallback = new Set(Array.isArray(file?.[FALLBACK]) ? file[FALLBACK] : []);
  const fallback = [];
  const keep = (value, path) => typeof value === 'string' && value !== '' && !wasFallback.has(path);

  function walk(enNode, node, prefix) {
    const out = {};
    const have = isTree(node) ? node : {};
    for (const [key, english] of Object.entries(enNode)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (isTree(english)) {
        out[key] = walk(english, have[key], path);
        continue;
      }
      if (keep(have[key], path)) {
        out[key] = have[key];
      } else {
        out[key] = english;
        fallback.push(path);
      }
      const plural = /^(.+)_other$/.exec(key);
      if (!plural) continue;
      for (const category of PLURAL_CATEGORIES) {
        const extra = `${plural[1]}_${category}`;
        if (extra in enNode) continue;
        const extraPath = prefix ? `${prefix}.${extra}` : extra;
        if (keep(have[extra], extraPath)) out[extra] = have[extra];
      }
    }
    return out;
  }

  const out = walk(en, file, '');
  if (fallback.length > 0) out[FALLBACK] = fallback;
  return out;
}

export async function format(tree, filepath) {
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(JSON.stringify(tree, null, 2), { ...options, parser: 'json', filepath });
}

function countLeaves(tree) {
  let n = 0;
  for (const v of Object.values(tree)) n += isTree(v) ? countLeaves(v) : 1;
  return n;
}

async function main(argv) {
  const check = argv.includes('--check');
  const dirAt = argv.indexOf('--dir');
  const here = dirname(fileURLToPath(import.meta.url));
  const dir = resolve(
    dirAt >= 0 ? argv[dirAt + 1] : join(here, '..', 'src', 'lib', 'i18n', 'locales'),
  );
  const en = JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8'));
  const total = countLeaves(en);
  const stale = [];
  for (const lang of LANGUAGES) {
    const path = join(dir, `${lang}.json`);
    const before = existsSync(path) ? readFileSync(path, 'utf8') : null;
    const filled = fill(en, before === null ? {} : JSON.parse(before));
    const after = await format(filled, path);
    const english = filled[FALLBACK]?.length ?? 0;
    if (after !== before) {
      stale.push(lang);
      if (!check) writeFileSync(path, after);
    }
    if (!check) console.log(`${lang}: ${total - english}/${total} translated`);
  }
  if (check && stale.length > 0) {
    console.error(`out of date: ${stale.join(', ')} (run npm run languages)`);
    return 1;
  }
  if (check) console.log(`${LANGUAGES.length} language files are up to date`);
  else if (stale.length > 0) console.log(`updated: ${stale.join(', ')}`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
