import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

// A soak asks the properties for more runs (PROPERTY_RUNS, REFERENCE_RUNS, ENGINE_RUNS; 12 to 25
// by default, `npm run properties` 200 and 100): each test then gets time in proportion, so that
// only a hang or a failure fails it.
const runsAsked = Math.max(...['PROPERTY_RUNS', 'REFERENCE_RUNS', 'ENGINE_RUNS'].map((name) => Number(process.env[name] ?? 0) || 0));
const testTimeout = 120_000 * Math.max(1, runsAsked / 25);

export default defineConfig({
  resolve: {
    alias: [
      { find: /^carcassonne-engine\/engine$/, replacement: src('engine/index.ts') },
      { find: /^carcassonne-engine\/bots$/, replacement: src('bots/index.ts') },
      { find: /^carcassonne-engine\/notation$/, replacement: src('notation/index.ts') },
      { find: /^carcassonne-engine\/render$/, replacement: src('render/index.ts') },
      { find: /^carcassonne-engine\/element$/, replacement: src('element/index.ts') },
      { find: /^carcassonne-engine$/, replacement: src('index.ts') },
    ],
  },
  test: {
    include: ['tests/**/*.test.ts'],
    setupFiles: ['tests/support/fast-check-seed.ts', 'tests/support/expansions.ts'],
    testTimeout,
    // Every core (vitest's default leaves one idle: on a two-core machine, one worker and about
    // 220 s instead of 150 s).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
