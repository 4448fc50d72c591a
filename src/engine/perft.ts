import type { Engine } from './engine.js';

/**
 * Counts the move sequences of length `depth` from the engine's position, with tiles drawn in the
 * order of its bag (a sequence that ends the game early counts as a leaf). A regression and
 * speed check in the manner of chess perft: any change in move generation changes the count.
 *
 * @example
 * ```ts
 * import { Engine, perft } from 'carcassonne-engine/engine';
 *
 * // X first: 18 moves; then whatever tile comes next, over every way X was played.
 * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['X'] });
 * console.log(perft(engine, 1), perft(engine, 2) > 18); // → 18 true
 * ```
 */
export function perft(engine: Engine, depth: number): number {
  if (depth <= 0 || engine.status === 'finished') return 1;
  const moves = new Int32Array(engine.maxMoves);
  const n = engine.legalMoves(moves);
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const next = engine.clone();
    next.play(moves[i] as number);
    total += perft(next, depth - 1);
  }
  return total;
}
