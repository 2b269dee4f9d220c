// Browser journeys: Playwright (playwright-core) drives Debian's Chromium against the
// real croupierd, which each suite starts on a free port with short rounds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // Only suites marked concurrent (layout.e2e.ts: independent tables) run tests side by side.
    maxConcurrency: 3,
    retry: 0,
  },
});
