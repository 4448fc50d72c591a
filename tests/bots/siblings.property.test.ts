import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluatorFor } from '../../src/bots/greedy.js';
import { Engine } from '../../src/engine/engine.js';
import { kernelOf } from '../../src/engine/playout.js';
import { seededRandom } from '../../src/engine/randomness.js';
import { gameOptions } from '../support/play.js';

// A bot rates the moves of one turn one after another (greedy, the search's expansions). What it
// reuses from one of those positions to the next (the tiles left, counted once; the fields' cities
// as the final scoring found them) must change nothing: every rating equals that of a new
// evaluator on the position alone.

/** A position some random moves into a game, and an engine for each of its legal moves played. */
function siblings(options: Parameters<typeof Engine.create>[0], moves: number, seed: number) {
  const random = seededRandom(seed);
  const parent = Engine.create(options);
  for (let i = 0; i < moves && parent.status === 'playing'; i++) {
    const legal = parent.legalMoves();
    parent.play(legal[Math.floor(random() * legal.length)] as number);
  }
  if (parent.status !== 'playing') return { parent, children: [] };
  return {
    parent,
    children: parent.legalMoves().map((move) => {
      const e = parent.clone();
      e.play(move);
      return e;
    }),
  };
}

describe('rating the moves of one turn in turn', () => {
  it('each move is rated as a new evaluator rates it alone, whatever the order', () => {
    fc.assert(
      fc.property(gameOptions, fc.integer({ min: 4, max: 70 }), fc.nat(), (options, moves, seed) => {
        const { parent, children } = siblings(options, moves, seed);
        for (const order of [children, children.slice().reverse()]) {
          const shared = evaluatorFor(parent);
          const out = new Float64Array(parent.players);
          const alone = new Float64Array(parent.players);
          order.forEach((child, i) => {
            shared.evaluate(kernelOf(child), out, i > 0);
            evaluatorFor(child).evaluate(kernelOf(child), alone, false);
            expect(Array.from(out)).toEqual(Array.from(alone));
          });
        }
      }),
      { numRuns: 60 },
    );
  });
});
