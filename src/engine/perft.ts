import { show } from '../core/guards.js';
import { isModuleCode } from '../api/play/module-moves.js';
import { moveStep, STEP_MODULE } from '../core/move-code.js';
import { badArgument } from './checks.js';
import { type Engine, isEngine } from './engine.js';
import { kernelOf, playListed, playTurnListed } from './playout.js';
import { turnAction } from './turns.js';

/**
 * The deepest perft asked for: the count grows fifty- to a hundredfold a move, and so does the
 * time (depth 4 takes seconds to minutes; the fixtures go to 4).
 */
export const PERFT_MAX_DEPTH = 4;

/**
 * Counts the move sequences of `depth` turns from the engine's position, with tiles drawn in the
 * order of its bag. A turn is every step its tile brings, to the end: the tile, then its action
 * when there is an action step (a figure, a recall, the pass or a rule module's action such as The
 * Tower's floor), with a module's free moves before it (a ransom) and the steps a module adds
 * after it (The Tower's capture and exchange); each way of playing a turn to its end is one turn,
 * and a sequence that ends the game early counts as a leaf. For the base game and the expansions
 * without moves of their own, the turns are `legalTurns`' whole turns. A regression and speed
 * check in the manner of chess perft: any change in move generation changes the count. Throws
 * `OptionsError` `invalid-argument` for a non-engine or a depth that is not a whole number from 0
 * to 4 (the count, and the time, grow fifty- to a hundredfold a turn).
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
  if (engine.step !== 'tile') return rest(engine, depth);
  // Whole turns (each placement with each action its tile allows), played on from where a rule
  // module's move leaves the turn going on (a capture to make, a ransom paid before the action).
  const turns = buffers(depth, engine.maxMoves).turns;
  const n = engine.legalTurns(turns);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const turn = turns[i] as number;
    if (depth === 1 && !isModuleCode(turnAction(turn))) {
      total++;
      continue;
    }
    const next = engine.clone();
    playTurnListed(next, turn);
    total += after(next, depth);
  }
  // A free move before the action (The Tower's ransom) is no part of a whole turn: the turns that
  // begin with one, placement by placement, where the action step offers it.
  if (kernelOf(engine).rules.ruleset.freeSteps) total += freeFirst(engine, depth);
  return total;
}

/** The sequences of `depth` turns whose first turn plays a free move (a ransom) before its action. */
function freeFirst(engine: Engine, depth: number): number {
  const { tiles, actions } = buffers(depth, engine.maxMoves);
  const nt = engine.legalMoves(tiles);
  let total = 0;
  for (let i = 0; i < nt; i++) {
    const placed = engine.clone();
    playListed(placed, tiles[i] as number);
    if (placed.status === 'finished' || placed.step !== 'action') continue;
    const na = placed.legalMoves(actions);
    for (let j = 0; j < na; j++) {
      const code = actions[j] as number;
      if (moveStep(code) < STEP_MODULE) continue;
      const next = placed.clone();
      playListed(next, code);
      total += after(next, depth);
    }
  }
  return total;
}

/** The sequences of `depth` turns from a step just played: the turn goes on, or the next begins. */
function after(next: Engine, depth: number): number {
  if (next.status === 'finished') return 1;
  return next.step !== 'tile' ? rest(next, depth) : count(next, depth - 1);
}

/** The sequences of `depth` turns, the first being the current turn played on from here to its end. */
function rest(engine: Engine, depth: number): number {
  // The rest of a turn may go on a step further (a capture after a floor) at the same depth: one
  // list a step, from a stack of them.
  const moves = stepList(nested++, engine.maxMoves);
  try {
    return restOf(engine, depth, moves);
  } finally {
    nested--;
  }
}

function restOf(engine: Engine, depth: number, moves: Int32Array): number {
  const n = engine.legalMoves(moves);
  const acting = engine.step !== 'tile';
  let total = 0;
  for (let i = 0; i < n; i++) {
    const code = moves[i] as number;
    // The last turn's base actions end it: counted without playing them. A module's moves may
    // open a step of their own (a capture), or keep the action step (a ransom).
    if (depth === 1 && acting && !isModuleCode(code)) {
      total++;
      continue;
    }
    const next = engine.clone();
    playListed(next, code);
    total += after(next, depth);
  }
  return total;
}

/**
 * The lists of one level of the count, kept between calls: engine.maxMoves is a bound of tens of
 * thousands, and a new list of it at each node cost more than the node. A level's lists are read
 * only while its moves are played out, and a level is never entered again inside itself.
 */
interface Level {
  readonly turns: Float64Array;
  readonly tiles: Int32Array;
  readonly actions: Int32Array;
}
const levels: Level[] = [];
function buffers(depth: number, size: number): Level {
  let level = levels[depth];
  if (level === undefined || level.turns.length < size) {
    level = { turns: new Float64Array(size), tiles: new Int32Array(size), actions: new Int32Array(size) };
    levels[depth] = level;
  }
  return level;
}

/** The steps of turns being played on (see rest), one list each. */
const steps: Int32Array[] = [];
let nested = 0;
function stepList(i: number, size: number): Int32Array {
  let list = steps[i];
  if (list === undefined || list.length < size) {
    list = new Int32Array(size);
    steps[i] = list;
  }
  return list;
}
