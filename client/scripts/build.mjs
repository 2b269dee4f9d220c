// `npm run build`: the fonts, the sounds and the type check side by side (none needs
// another's output), then Vite's bundle of src and public, then the precompressed
// neighbours of its text files. A step that fails stops the build with its exit code.
import { spawn } from 'node:child_process';

function step(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')}: ${signal ?? `exit ${code}`}`)),
    );
  });
}

const node = process.execPath;
const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
try {
  await Promise.all([
    step(node, ['scripts/fonts.mjs']),
    step(node, ['scripts/sounds.mjs']),
    step(bin('tsc'), ['-b']),
  ]);
  await step(bin('vite'), ['build']);
  await step(node, ['scripts/compress.mjs']);
} catch (e) {
  console.error(`build: ${e.message}`);
  process.exit(1);
}
