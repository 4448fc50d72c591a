import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// Apps ship this library minified: class names are renamed then, and nothing may depend on them.
describe('the library minified, as an app bundles it', () => {
  it('errors keep their names and codes', async () => {
    const out = fileURLToPath(new URL('../.generated/minified/index.mjs', import.meta.url));
    mkdirSync(fileURLToPath(new URL('../.generated/minified/', import.meta.url)), { recursive: true });
    await build({
      entryPoints: [fileURLToPath(new URL('../../src/index.ts', import.meta.url))],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      external: ['immer'],
      outfile: out,
      logLevel: 'silent',
    });
    const lib = await import(/* @vite-ignore */ out);
    const caught = (f: () => unknown): Error => {
      try {
        f();
      } catch (e) {
        return e as Error;
      }
      throw new Error('no error');
    };
    const move = caught(() => lib.applyMove(lib.createGame({ players: 2, seed: 1 }), { x: 9, y: 9, rotation: 0 }));
    const options = caught(() => lib.createGame({ players: 1, seed: 1 }));
    const state = caught(() => lib.loadState({}));
    expect([move.name, options.name, state.name]).toEqual(['IllegalMoveError', 'OptionsError', 'StateError']);
    expect(String(move)).toBe('IllegalMoveError: (9, 9) touches no tile: a tile must share an edge with a tile on the board');
    expect(move).toBeInstanceOf(lib.CarcassonneError);
    expect(options).toBeInstanceOf(lib.ProblemsError);
    expect(new lib.CarcassonneError('invalid-state', 'x').name).toBe('CarcassonneError');
  });
});
