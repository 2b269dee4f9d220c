// Unit and component tests: beside the code as *.test.ts(x), in jsdom.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

import { textPartsPlugin } from './scripts/text-parts.mjs';

export default defineConfig({
  plugins: [textPartsPlugin(fileURLToPath(new URL('./src', import.meta.url)))],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // On CI's two cores the files run side by side: a test that takes a second alone took
    // more than the default 5 s there (SlotPage's refused answer, whose own waits allow 10).
    testTimeout: 20_000,
    // A file on every core (Vitest's default leaves one for itself: on CI's two cores the
    // files ran one at a time, 197 s at 60 % busy). Each file in a VM context of its own
    // inside a long-lived worker thread: as isolated as a thread per file (each file
    // imports its modules afresh) without a new jsdom and module graph each time, which
    // took 168 of 252 CPU-seconds; here the whole run takes 104 (docs/testing.md).
    maxWorkers: availableParallelism(),
    pool: 'vmThreads',
  },
});
