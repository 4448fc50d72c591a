import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { runArena } from '../../scripts/arena-lib.mjs';

// `npm run arena` plays its games in worker threads: the same match gives the same games and the
// same table whatever the number of workers. The worker's game module is bundled from the sources.

async function workerFile(): Promise<string> {
  const dir = fileURLToPath(new URL('../.generated/arena/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: [fileURLToPath(new URL('../../scripts/arena-game.mjs', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'node',
    alias: { 'carcassonne-engine': fileURLToPath(new URL('../../src', import.meta.url)) },
    outfile: `${dir}game.mjs`,
    logLevel: 'silent',
  });
  return new URL('../.generated/arena/game.mjs', import.meta.url).href;
}

describe('arena', () => {
  it('gives the same games on one worker and on two, every deal played from every seat', async () => {
    const file = await workerFile();
    const match = { games: 6, names: ['greedy', 'random'], seed: 'test', workerFile: file };
    const seen: number[] = [];
    const one = await runArena({ ...match, workers: 1, onGame: (_, done) => seen.push(done) });
    const two = await runArena({ ...match, workers: 2 });
    const games = (r: typeof one) => r.results.map(({ g, seats, scores, moves }) => ({ g, seats, scores, moves }));
    expect(games(two)).toEqual(games(one));
    expect(games(one).map((r) => [r.g, r.seats])).toEqual([
      [0, [0, 1]],
      [1, [1, 0]],
      [2, [0, 1]],
      [3, [1, 0]],
      [4, [0, 1]],
      [5, [1, 0]],
    ]);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    const strip = (r: typeof one) => r.stats.map(({ name, wins, score, games, moves }) => ({ name, wins, score, games, moves }));
    expect(strip(two)).toEqual(strip(one));
    // The greedy bot beats random moves every time.
    expect(one.stats[0]).toMatchObject({ name: 'greedy', games: 6, wins: 6 });
  });
});
