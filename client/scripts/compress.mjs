// Writes precompressed neighbours (.br and .gz) of the built text assets, which
// croupierd serves to clients that accept them. The files are compressed on libuv's
// thread pool, so every core works (brotli at quality 11 is most of this step's time).
// Source maps are left as they are: only a browser's developer tools fetch them, and they
// were half the bytes and half this step's time.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = new URL('../dist/', import.meta.url).pathname;
const TEXT = /\.(js|css|html|svg|json|txt|xml)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function compress(path) {
  const data = await readFile(path);
  if (data.length < 1024) return 0; // not worth a second file
  const [g, b] = await Promise.all([
    gz(data, { level: 9 }),
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  ]);
  await Promise.all([writeFile(`${path}.gz`, g), writeFile(`${path}.br`, b)]);
  return 1;
}

const entries = await readdir(root, { recursive: true, withFileTypes: true });
const paths = entries
  .filter((e) => e.isFile() && TEXT.test(e.name))
  .map((e) => join(e.parentPath, e.name));
const done = await Promise.all(paths.map(compress));
console.log(`precompressed ${done.reduce((a, b) => a + b, 0)} files (.gz and .br)`);
