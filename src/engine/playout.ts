import { show } from '../core/guards.js';
import { type Kernel, PHASE_ACTION } from '../kernel/index.js';
import { badArgument, playLogged, scratchFor } from './checks.js';
import { type Engine, isEngine } from './engine.js';
import type { MoveCode } from './encode.js';
import type { Random } from './randomness.js';
import { type TurnCode, turnAction, turnTile } from './turns.js';

// Random playouts, and the helpers that play listed codes on an engine (bots, perft).

/**
 * Plays uniformly random legal moves, step by step, until the game ends; returns the number of
 * moves (steps) played. Allocates nothing per move with {@link seededRandom}. A tile step's move is
 * drawn without listing them all: a frontier cell and a rotation are drawn at random and kept when
 * the tile fits there, so every legal placement has the same chance; a tile that fits in few
 * places, a hand of tiles or a tile with a placement rule (the river) lists the placements and
 * draws one, and an action step (a few moves) draws from its list. The moves played differ from a
 * playout that draws from `legalMoves` with the same random numbers.
 *
 * @example
 * ```ts
 * import { Engine, randomPlayout, seededRandom } from 'carcassonne-engine/engine';
 *
 * const engine = Engine.create({ players: 2, seed: 1 });
 * const moves = randomPlayout(engine, seededRandom('playout'));
 * console.log(engine.status, moves === engine.movesPlayed().length, moves >= engine.turn); // → finished true true
 * ```
 */
export function randomPlayout(engine: Engine, random: Random): number {
  if (!isEngine(engine)) throw badArgument(`randomPlayout takes an engine, not ${show(engine)}`);
  if (typeof random !== 'function') throw badArgument(`randomPlayout takes a random function such as seededRandom(1), not ${show(random)}`);
  let n = 0;
  const codes = scratchFor(engine.maxMoves);
  const k = kernelOf(engine);
  while (engine.status === 'playing') {
    playListed(engine, randomMove(k, random, codes) as MoveCode);
    n++;
  }
  return n;
}

// Draws tried before listing the moves: a tile that fits in few of the frontier's cells and
// rotations misses most draws, and a listing with figures costs about as much as this many draws
// (48 left 1.8% of the turns of Traders & Builders games to a listing, 96 leaves 0.2%).
export const SAMPLE_TRIES = 96;

/**
 * A legal move drawn uniformly at random: by rejection (see Kernel.sampleSpan) while draws are
 * cheap, else from the list of every legal move. Either way each legal move has the same chance.
 */
export function randomMove(k: Kernel, random: Random, codes: Int32Array): number {
  const span = k.sampleSpan();
  // One call of random() for both ways: V8 inlines it there, so the number it returns is never
  // written to the heap (a second call site, for the list, was not inlined: 16 bytes a move). The
  // moves are listed through a function of its own (listMoves): calling the kernel's listing here
  // left random() out of line when every step is listed (tests/engine/allocation.test.ts, hands of
  // tiles: 15 bytes a move).
  let listed = -1;
  for (let tries = span === 0 ? 0 : SAMPLE_TRIES; ; tries--) {
    if (tries === 0) listed = listMoves(k, codes);
    const u = below(random, listed < 0 ? span : listed);
    if (listed >= 0) return codes[u] as number;
    const code = k.sampleAt(u);
    if (code >= 0) return code;
  }
}

/** The legal moves of kernel `k`'s step, written into `codes`; their number. */
function listMoves(k: Kernel, codes: Int32Array): number {
  return k.legalMoveCodes(codes);
}

/** A whole number from 0 up to n from random(), which is checked to be a number from 0 up to 1. */
function below(random: Random, n: number): number {
  const r = random();
  if (!(typeof r === 'number' && r >= 0 && r < 1)) throw badArgument(`random() must return a number from 0 up to 1, not ${show(r)}`);
  // Below n: the product of a double below 1 and a whole number rounds to below that number.
  return Math.floor(r * n);
}

/** Plays a code listed by the engine's `legalMoves` for this position, without checking it again. */
export function playListed(engine: Engine, code: MoveCode): void {
  playLogged(kernelOf(engine), code);
}

/** Plays a turn code listed by the engine's `legalTurns` for this position, without checking it again. */
export function playTurnListed(engine: Engine, turn: TurnCode): void {
  const tile = turnTile(turn);
  if (tile < 0) playListed(engine, turnAction(turn));
  else {
    playListed(engine, tile);
    if (kernelOf(engine).phase === PHASE_ACTION) playListed(engine, turnAction(turn));
  }
}

/** The kernel an engine plays on, for the reference bots' evaluation (not part of the engine entry). */
export function kernelOf(engine: Engine): Kernel {
  return engine['k'];
}
