// randomPlayout draws each tile step's move by rejection (Kernel.sampleSpan / sampleAt) instead of
// listing them all; an action step (a few moves) is listed. Uniformity is checked exactly, not
// statistically: over every draw u below the span, each legal placement of the position comes out
// exactly once and nothing else does.
import { describe, expect, it } from 'vitest';
import { type GameOptions, OptionsError } from 'carcassonne-engine';
import { Engine } from '../../src/engine/engine.js';
import { kernelOf, randomMove, randomPlayout, SAMPLE_TRIES } from '../../src/engine/playout.js';
import { seededRandom } from '../../src/engine/randomness.js';
import { caught } from '../support/caught';

const CONFIGURATIONS: readonly GameOptions[] = [
  { players: 2, seed: 1 },
  { players: 3, seed: 'pnp', tileSet: 'pnp-demo', edition: 'first' },
  { players: 2, seed: 'abbot', expansions: ['abbot'] },
  { players: 4, seed: 'inns', expansions: ['inns-cathedrals'] },
  { players: 2, seed: 'traders', expansions: ['traders-builders'] },
  { players: 5, seed: 'all', expansions: ['river', 'abbot', 'inns-cathedrals', 'traders-builders'] },
  { players: 2, seed: 'hand', rules: { hand: { size: 2, visible: false } } },
  { players: 2, seed: 'table', rules: { table: { minX: -3, maxX: 3, minY: -3, maxY: 3 } } },
];

/** Positions along a few random games of each configuration, every `every` steps (tile and action steps alike). */
function positions(options: GameOptions, games: number, every: number): Engine[] {
  const start = Engine.create(options);
  const random = seededRandom(`positions ${JSON.stringify(options)}`);
  const buffer = new Int32Array(start.maxMoves);
  const found: Engine[] = [];
  for (let g = 0; g < games; g++) {
    const e = start.clone();
    e.shuffleTilesLeft(random);
    for (let step = 0; e.status === 'playing'; step++) {
      if (step % every === g % every) found.push(e.clone());
      const n = e.legalMoves(buffer);
      e.play(buffer[Math.floor(random() * n)] as number);
    }
  }
  return found;
}

describe('random moves by rejection', () => {
  for (const options of CONFIGURATIONS) {
    it(`every legal placement is drawn by exactly one draw, and only legal ones; action steps are listed: ${JSON.stringify(options)}`, () => {
      let sampled = 0;
      let actions = 0;
      for (const e of positions(options, 3, 5)) {
        const k = kernelOf(e);
        const legal = e.legalMoves();
        const span = k.sampleSpan();
        if (e.step === 'action') {
          expect(span).toBe(0);
          actions++;
          continue;
        }
        if (span === 0) continue;
        sampled++;
        const drawn = new Map<number, number>();
        for (let u = 0; u < span; u++) {
          const code = k.sampleAt(u);
          if (code >= 0) drawn.set(code, (drawn.get(code) ?? 0) + 1);
        }
        expect([...drawn.keys()].sort((a, b) => a - b)).toEqual([...legal].sort((a, b) => a - b));
        expect([...drawn.values()].every((times) => times === 1)).toBe(true);
      }
      expect(actions).toBeGreaterThan(5);
      // A hand of tiles or a table's edge (a placement rule for every tile) lists the moves instead.
      if (options.rules?.hand || options.rules?.table) expect(sampled).toBe(0);
      else expect(sampled).toBeGreaterThan(20);
    });
  }

  it('randomMove falls back to the list when the draws miss, and draws from the list uniformly', () => {
    // A random() whose first numbers always miss (u = 0: the first frontier cell, first rotation,
    // first slot) makes randomMove list the moves; the next number picks from the list.
    const e = positions({ players: 2, seed: 3 }, 1, 9).find((p) => {
      const k = kernelOf(p);
      if (p.step !== 'tile') return false;
      const span = k.sampleSpan();
      return span > 0 && k.sampleAt(0) < 0;
    }) as Engine;
    expect(e).toBeDefined();
    const legal = e.legalMoves();
    const scratch = new Int32Array(e.maxMoves);
    for (let j = 0; j < legal.length; j++) {
      let calls = 0;
      const random = () => (calls++ < SAMPLE_TRIES ? 0 : (j + 0.5) / legal.length);
      expect(randomMove(kernelOf(e), random, scratch)).toBe(legal[j]);
      expect(calls).toBe(SAMPLE_TRIES + 1);
    }
  });

  it('over many draws, every move of a position comes out about equally often', () => {
    const e = positions({ players: 2, seed: 'freq', expansions: ['traders-builders', 'abbot'] }, 1, 20).filter(
      (p) => p.step === 'tile',
    )[2] as Engine;
    const legal = e.legalMoves();
    const counts = new Map<number, number>(legal.map((m) => [m, 0]));
    const random = seededRandom('frequencies');
    const scratch = new Int32Array(e.maxMoves);
    const draws = legal.length * 400;
    for (let i = 0; i < draws; i++) {
      const m = randomMove(kernelOf(e), random, scratch);
      counts.set(m, (counts.get(m) as number) + 1);
    }
    expect(counts.size).toBe(legal.length);
    // Chi-square with legal.length - 1 degrees of freedom: far below the 1e-6 tail for these sizes.
    const expected = draws / legal.length;
    const chi = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(legal.length).toBeGreaterThan(10);
    expect(chi).toBeLessThan(legal.length + 8 * Math.sqrt(2 * legal.length));
  });

  it('the largest random() below 1 draws within the span: randomPlayout plays legal moves to the end', () => {
    const top = 1 - 2 ** -53;
    for (const options of CONFIGURATIONS) {
      const e = Engine.create(options);
      expect(randomPlayout(e, () => top)).toBe(e.movesPlayed().length);
      expect(e.status).toBe('finished');
      // The pure API replays every move it played (toState throws on an illegal one).
      expect(e.toState().status).toBe('finished');
    }
  });

  it('randomPlayout refuses a random() outside [0, 1) with the value it returned', () => {
    const e = Engine.create({ players: 2, seed: 1 });
    for (const bad of [1, -0.5, Number.NaN, '0.5']) {
      const err = caught(() => randomPlayout(e.clone(), (() => bad) as () => number), OptionsError);
      expect(err.problems).toMatchObject([{ code: 'invalid-argument' }]);
      expect(err.message).toContain(bad === '0.5' ? '"0.5"' : String(bad));
    }
  });
});
