import { show } from '../core/guards.js';
import { badArgument, type Engine, isEngine, playTurnListed } from './engine.js';

/**
 * The deepest perft asked for: the count grows fifty- to a hundredfold a move, and so does the
 * time (depth 4 takes seconds to minutes; the fixtures go to 4).
 */
export const PERFT_MAX_DEPTH = 4;

/**
 * Counts the move sequences of `depth` turns from the engine's position, with tiles drawn in the
 * order of its bag: each turn's steps (the tile, then its action when there is an action step), a
 * sequence that ends the game early counting as a leaf. A turn of two steps counts as its tile
 * and action together, as a whole turn would (`legalTurns`). A regression and speed check in the
 * manner of chess perft: any change in move generation changes the count. Throws `OptionsError`
 * `invalid-argument` for a non-engine or a depth that is not a whole number from 0 to 4 (the count,
 * and the time, grow fifty- to a hundredfold a turn).
 *
 * @example
 * ```ts
 * import { Engine, perft } from 'carcassonne-engine/engine';
 *
 * // X first: 18 turns (two placements, each with nine figures or none); then whatever tile comes next.
 * const engine = Engine.create({ players: 2, seed: 1, drawOrder: ['X'] });
 * console.log(perft(engine, 1), perft(engine, 2) > 18); // → 18 true
 * ```
 */
export function perft(engine: Engine, depth: number): number {
  if (!isEngine(engine)) throw badArgument(`perft takes an engine, not ${show(engine)}`);
  if (!(Number.isInteger(depth) && depth >= 0 && depth <= PERFT_MAX_DEPTH)) {
    throw badArgument(`perft's depth is a whole number from 0 to ${PERFT_MAX_DEPTH}, not ${show(depth)}`);
  }
  return count(engine, depth);
}

function count(engine: Engine, depth: number): number {
  if (depth <= 0 || engine.status === 'finished') return 1;
  // Whole turns (each placement with each action its tile allows): a turn is one depth.
  const turns = new Float64Array(engine.maxMoves);
  const n = engine.legalTurns(turns);
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const next = engine.clone();
    playTurnListed(next, turns[i] as number);
    total += count(next, depth - 1);
  }
  return total;
}
