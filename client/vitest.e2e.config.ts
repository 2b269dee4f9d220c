// Browser journeys: Playwright (playwright-core) drives Debian's Chromium against the
// real croupierd, which each suite starts on a free port with short rounds.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Two files at once, each with its own croupierd and Chromium: the journeys mostly wait
    // for rounds, so two share the CI machine's two cores (25 minutes one at a time, 15 two
    // at a time). Suites marked concurrent (layout.e2e.ts: independent tables) also run
    // their tests side by side.
    fileParallelism: true,
    maxWorkers: 2,
    maxConcurrency: 3,
    retry: 0,
  },
});
