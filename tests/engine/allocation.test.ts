import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The engine's play allocates nothing per move: `play`, `legalTurns(buffer)` and `randomPlayout`
// (docs/architecture.md). Measured in a child process (it needs --expose-gc) on the engine bundled
// from the sources: after a full collection the young generation is empty, and with room for
// 64 MB in it no collection runs during the measure, so what it holds then is what was allocated.
// A heap number a move (16 bytes) fails. The deal before a game (shuffleTilesLeft: a view of the
// bag, a few numbers) is measured apart and not counted.

const DIR = fileURLToPath(new URL('../.generated/allocation/', import.meta.url));

const PROBE = `
import v8 from 'node:v8';
import { allExpansions, Engine, randomPlayout, seededRandom, useExpansions } from './engine.mjs';
useExpansions(...allExpansions);
const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_used_size;
const options = JSON.parse(process.argv[2]);
const start = Engine.create(options);
const scratch = start.clone();
const buffer = new Int32Array(start.maxMoves);
const random = seededRandom('allocation');
// The deal before each game allocates a little (a view of the bag); it is counted apart.
const deals = () => {
  for (let g = 0; g < 100; g++) {
    scratch.copyFrom(start);
    scratch.shuffleTilesLeft(random);
  }
  return 0;
};
const playouts = () => {
  let moves = 0;
  for (let g = 0; g < 100; g++) {
    scratch.copyFrom(start);
    scratch.shuffleTilesLeft(random);
    moves += randomPlayout(scratch, random);
  }
  return moves;
};
const listed = () => {
  let moves = 0;
  for (let g = 0; g < 100; g++) {
    scratch.copyFrom(start);
    for (let turn = 0; scratch.status === 'playing'; turn++, moves++) {
      const n = scratch.legalMoves(buffer);
      scratch.play(buffer[(turn * 7919) % n]);
    }
  }
  return moves;
};
// The least of several rounds: until V8 has optimized the code a round may box numbers that the
// optimized code keeps in registers.
const allocated = (run) => {
  for (let i = 0; i < 5; i++) run();
  let least = { bytes: Infinity, moves: 1 };
  for (let round = 0; round < 8; round++) {
    globalThis.gc();
    const before = young();
    const moves = run();
    const bytes = young() - before;
    if (bytes / Math.max(1, moves) < least.bytes / Math.max(1, least.moves)) least = { bytes, moves };
  }
  return least;
};
const dealt = allocated(deals).bytes;
const played = allocated(playouts);
const plain = allocated(listed);
console.log(JSON.stringify({ playouts: (played.bytes - dealt) / played.moves, listed: plain.bytes / plain.moves }));
`;

/** The probe and the engine it imports, written once for every configuration. */
let written: Promise<string> | null = null;
const probe = (): Promise<string> => (written ??= writeProbe());

async function writeProbe(): Promise<string> {
  mkdirSync(DIR, { recursive: true });
  await build({
    // The engine entry, and the expansions registered as an app registers them.
    stdin: {
      contents: "export * from './src/engine/index.ts'; export { allExpansions, useExpansions } from './src/index.ts';",
      resolveDir: fileURLToPath(new URL('../../', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    external: ['immer'],
    outfile: `${DIR}engine.mjs`,
    logLevel: 'silent',
  });
  writeFileSync(`${DIR}probe.mjs`, PROBE);
  return `${DIR}probe.mjs`;
}

describe('the engine allocates nothing per move', () => {
  for (const options of [
    { players: 2, seed: 1 },
    { players: 3, seed: 'traders', expansions: ['traders-builders'] },
    { players: 2, seed: 'all', expansions: ['river', 'abbot', 'inns-cathedrals', 'traders-builders'] },
    // Hands of tiles: every turn lists its moves and draws one from the list.
    { players: 2, seed: 'hand', rules: { hand: { size: 2, visible: false } } },
  ]) {
    it(`random playouts and listed moves: ${JSON.stringify(options)}`, async () => {
      const file = await probe();
      // Optimizing on the main thread: the warm-up ends with optimized code however busy the
      // machine is (on another thread, a busy machine may leave every round unoptimized).
      const flags = ['--expose-gc', '--max-semi-space-size=64', '--no-concurrent-recompilation'];
      const out = execFileSync(process.execPath, [...flags, file, JSON.stringify(options)], { encoding: 'utf8' });
      const bytes = JSON.parse(out) as { playouts: number; listed: number };
      expect(bytes.playouts).toBeLessThan(8);
      expect(bytes.listed).toBeLessThan(8);
    });
  }
});
