import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

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
    setupFiles: ['tests/support/fast-check-seed.ts'],
    testTimeout: 120_000,
  },
});
