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
//   - "_review" (keys a native speaker should check) and "_same" (keys whose text is rightly
//     the same as English's: names, loanwords, number formats) are kept, in English's
//     order, without keys the file no longer has; "_same" loses a key whose text changed.
// Usage: npm run languages [-- --check] [-- --dir DIR] [-- --merge DIR]. --check writes
// nothing and exits 1 when a file is missing or out of date. --merge DIR first takes a
// translator's delivery: DIR/<lang>.json, flat ("ERROR.1007": "…", plural forms too) with
// optional "_review" and "_same" lists; each text given replaces the file's and stops
// being a fallback.
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
export const REVIEW = '_review';
export const SAME = '_same';
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
  const order = leafPaths(out);
  const listed = (name, keep) => {
    const wanted = new Set(Array.isArray(file?.[name]) ? file[name] : []);
    const list = order.filter((k) => wanted.has(k) && keep(k));
    if (list.length > 0) out[name] = list;
  };
  const english = new Map(leafEntries(en));
  const texts = new Map(leafEntries(out));
  const pluralOther = (k) => english.get(k.replace(/_(zero|one|two|few|many)$/, '_other'));
  listed(REVIEW, (k) => !fallback.includes(k));
  listed(SAME, (k) => !fallback.includes(k) && texts.get(k) === (english.get(k) ?? pluralOther(k)));
  return out;
}

function leafEntries(tree, prefix = '') {
  const out = [];
  for (const [k, v] of Object.entries(tree)) {
    if (k.startsWith('_')) continue;
    const path = prefix ? `${prefix}.${k}` : k;
    if (isTree(v)) out.push(...leafEntries(v, path));
    else out.push([path, v]);
  }
  return out;
}

function leafPaths(tree) {
  return leafEntries(tree).map(([k]) => k);
}

/** A file with a translator's delivery applied (see --merge above). */
export function merge(file, delivery) {
  const out = structuredClone(file);
  const fallback = new Set(Array.isArray(out[FALLBACK]) ? out[FALLBACK] : []);
  for (const [key, text] of Object.entries(delivery)) {
    if (key.startsWith('_') || typeof text !== 'string' || text === '') continue;
    const parts = key.split('.');
    let node = out;
    for (const p of parts.slice(0, -1)) node = isTree(node[p]) ? node[p] : (node[p] = {});
    node[parts[parts.length - 1]] = text;
    fallback.delete(key);
  }
  out[FALLBACK] = [...fallback];
  for (const name of [REVIEW, SAME]) {
    const given = Array.isArray(delivery[name]) ? delivery[name] : [];
    out[name] = [...new Set([...(Array.isArray(out[name]) ? out[name] : []), ...given])];
  }
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
  const mergeAt = argv.indexOf('--merge');
  const deliveries = mergeAt >= 0 ? resolve(argv[mergeAt + 1]) : null;
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
    let current = before === null ? {} : JSON.parse(before);
    const delivery = deliveries ? join(deliveries, `${lang}.json`) : null;
    if (delivery && existsSync(delivery))
      current = merge(current, JSON.parse(readFileSync(delivery, 'utf8')));
    const filled = fill(en, current);
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
