// Unit and component tests: beside the code as *.test.ts(x), in jsdom.
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

import { textPartsPlugin } from './scripts/text-parts.mjs';

export default defineConfig({
  plugins: [textPartsPlugin(fileURLToPath(new URL('./src', import.meta.url)))],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
});
