// Which part of the texts each key belongs to, so that a page loads only the words it can
// show: a key whose name appears only in one feature's code (src/features/<feature>/)
// belongs to that feature; every other key (used by the shell, by lib/ or ui/, by two
// features, or nowhere that can be seen) belongs to "common", which every page loads.
//
// A key's name "appears" as a string literal ('LOBBY_TITLE', "SPOT_straight") or as the
// fixed start of a template literal (`WINNER_${side}` covers every WINNER_… key,
// `ERROR.${code}` the ERROR group). Plural forms go with their key (LOBBY_PLAYERS covers
// LOBBY_PLAYERS_one, _other…), and a text that nests another ($t(KEY)) takes it along.
// Tests (*.test.*, *.test-util.*) are not the product and are not read.
//
// Used by vite.config.ts (the `?part=` language modules) and by lib/i18n's tests.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

export const COMMON = 'common';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const LITERAL = /'([A-Z][A-Za-z0-9_.]*)'|"([A-Z][A-Za-z0-9_.]*)"|`([A-Z][A-Za-z0-9_.]*)(`|\$\{)/g;

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'locales') out.push(...sourceFiles(path));
    } else if (/\.(ts|tsx)$/.test(name) && !/\.test(-util)?\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** The part a source file's words go to: its feature, else common. */
function partOf(src, file) {
  const [top, feature] = relative(src, file).split(sep);
  return top === 'features' && feature ? feature : COMMON;
}

/**
 * Map from each top-level key of `english` (a language file's texts) to its part, reading
 * the code under `src`.
 */
export function textParts(src, english) {
  const keys = Object.keys(english).filter((k) => !k.startsWith('_'));
  const base = (k) => k.replace(PLURAL, '');
  const users = new Map(keys.map((k) => [k, new Set()]));
  const use = (name, prefix, part) => {
    const top = name.split('.')[0];
    for (const k of keys) {
      const hit = prefix
        ? name.includes('.')
          ? k === top
          : k.startsWith(name)
        : k === top || base(k) === top;
      if (hit) users.get(k).add(part);
    }
  };
  for (const file of sourceFiles(src)) {
    const part = partOf(src, file);
    for (const m of readFileSync(file, 'utf8').matchAll(LITERAL)) {
      if (m[1] ?? m[2]) use(m[1] ?? m[2], false, part);
      else use(m[3], m[4] === '${', part);
    }
  }
  // A text nesting another key takes its users along (until nothing changes).
  for (let changed = true; changed;) {
    changed = false;
    for (const k of keys) {
      const nested = JSON.stringify(english[k]).matchAll(/\$t\(([A-Za-z0-9_.]+)/g);
      for (const [, inner] of nested) {
        const target = users.get(inner.split('.')[0]);
        for (const p of users.get(k))
          if (target && !target.has(p)) {
            target.add(p);
            changed = true;
          }
      }
    }
  }
  const parts = new Map();
  for (const k of keys) {
    const by = users.get(k);
    parts.set(k, by.size === 1 ? [...by][0] : COMMON);
  }
  return parts;
}

/** The texts of `file` (a parsed language file) that belong to `part`. */
export function textsOfPart(file, parts, part) {
  return Object.fromEntries(
    Object.entries(file).filter(([k]) => !k.startsWith('_') && (parts.get(k) ?? COMMON) === part),
  );
}

/**
 * The Vite plugin behind `import.meta.glob('./locales/*.json', { query: '?part=roulette' })`:
 * a language file asked for with `?part=` is a module of that part of it. The parts are
 * worked out once per build.
 */
export function textPartsPlugin(src) {
  const ASKED = /^(.*\.json)\?(?:[^#]*&)?part=(\w+)/;
  const PREFIX = '\0text-part:';
  let parts = null;
  return {
    name: 'croupier-text-parts',
    enforce: 'pre',
    buildStart() {
      parts = null;
    },
    resolveId(source, importer) {
      const m = ASKED.exec(source);
      if (!m) return null;
      const file =
        m[1].startsWith('.') && importer ? resolve(dirname(importer.split('?')[0]), m[1]) : m[1];
      // Named texts-<lang>-<part>.js (its chunk's name), not *.json, so that Vite's JSON
      // handling leaves the module to load().
      const lang = basename(file, '.json');
      return `${PREFIX}${m[2]}|${relative(src, file)}|/texts-${lang}-${m[2]}.js`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [part, path] = id.slice(PREFIX.length).split('|');
      parts ??= textParts(
        src,
        JSON.parse(readFileSync(join(src, 'lib/i18n/locales/en.json'), 'utf8')),
      );
      const file = JSON.parse(readFileSync(join(src, path), 'utf8'));
      return `export default ${JSON.stringify(textsOfPart(file, parts, part))};`;
    },
  };
}
