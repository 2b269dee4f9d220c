// How much JavaScript each table route loads before the first bet is possible: the
// entry chunk, every chunk it imports statically, and the chunks the table route imports
// (the lazy table page, and the English texts: the common part and the table's own),
// each gzipped at level 9 as the server
// sends it. Reads Vite's build manifest; run after `npm run build`. Roulette first (the
// figure docs/PERFORMANCE.md follows), then sic bo and the mega wheel.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));

// The lazy table page of each route.
const ROUTES = [
  ['roulette', /RouletteTable/],
  ['sicbo', /SicBoTable/],
  ['megawheel', /MegaWheelTable/],
];
// The English texts a route loads: the common part and its own (lib/i18n TEXT_PARTS).
// (with the small chunk of that part's loaders).
const englishTexts = (name) =>
  new RegExp(`/texts-en-(common|${name})\\.js$|lib/i18n/parts/${name}\\.ts$`);

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);

function routeChunks(name, page) {
  // The lazy chunks the table route loads before it can take a bet.
  const texts = englishTexts(name);
  const wanted = (key) => page.test(key) || texts.test(key);
  const needed = new Set();
  function take(key, lazyToo) {
    if (needed.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the manifest`);
    needed.add(key);
    for (const dep of chunk.imports ?? []) take(dep, false);
    // The entry's lazy chunks the route needs, and the texts a part's loader chunk loads.
    if (lazyToo || texts.test(key))
      for (const dep of chunk.dynamicImports ?? []) if (wanted(dep)) take(dep, false);
  }
  take(entry, true);
  return needed;
}

for (const [name, page] of ROUTES) {
  let raw = 0;
  let gzipped = 0;
  const rows = [];
  for (const key of routeChunks(name, page)) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const data = readFileSync(dist + file);
    const gz = gzipSync(data, { level: 9 }).length;
    raw += data.length;
    gzipped += gz;
    rows.push(
      `  ${file.padEnd(42)} ${(data.length / 1024).toFixed(1).padStart(7)} KiB  ${(gz / 1024).toFixed(1).padStart(6)} KiB gz`,
    );
  }
  console.log(
    `${name} table route JavaScript before the first bet (entry + imports + table chunk + English texts):`,
  );
  console.log(rows.join('\n'));
  console.log(
    `  total ${(raw / 1024).toFixed(1)} KiB raw, ${(gzipped / 1024).toFixed(1)} KiB gzipped, ${rows.length} files`,
  );
}
