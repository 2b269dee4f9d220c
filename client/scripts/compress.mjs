// Writes precompressed neighbours (.br and .gz) of the built text assets, which
// croupierd serves to clients that accept them.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../dist/', import.meta.url).pathname;
const TEXT = /\.(js|css|html|svg|json|map|txt|xml)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name)) yield path;
  }
}

let count = 0;
for (const path of files(root)) {
  const data = readFileSync(path);
  if (data.length < 1024) continue; // not worth a second file
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  );
  count++;
}
console.log(`precompressed ${count} files (.gz and .br)`);
