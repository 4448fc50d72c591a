import { show } from '../core/guards.js';
import { readBotOptions } from './bot-options.js';
import { checked } from '../api/state/kernels.js';
import type { GameState, PlayerView } from '../api/types.js';
import type { AnyMove } from '../api/types.js';
import { playerView } from '../api/state/view.js';
import { isViewRecord } from '../api/state/view-input.js';
import { OptionsError } from '../core/errors.js';
import { moveOfTurn } from '../engine/turns.js';
import { kernelOf } from '../engine/playout.js';
import { type MctsOptions, Search } from './search.js';

// Analysis for hint buttons and tutorial commentary: the moves of the player to move, ranked by
// the search mctsBot makes, from what that player can know.

/** Options of {@link analyse}: the search's budget (`iterations`, `timeMs`), `seed` and shape, as {@link MctsOptions}. */
export type AnalysisOptions = MctsOptions;

/** Options of {@link analyseAsync}: those of {@link analyse}, and how to share the thread. */
export interface AsyncAnalysisOptions extends AnalysisOptions {
  /** Stops the analysis: the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Called after each slice of search with the analysis so far (e.g. to show a hint growing). */
  readonly onProgress?: (analysis: Analysis) => void;
  /** Milliseconds of search between two yields to the event loop (default 8). */
  readonly sliceMs?: number;
}

/** A legal move as {@link analyse} rates it: a whole turn at the tile step, an action at the action step. */
export interface RatedMove {
  readonly move: AnyMove;
  /** Playouts the search made through the move (0 for a move it did not search). */
  readonly visits: number;
  /**
   * How the move does for the player to move, from 0 to 1: its mean reward over the search, about
   * its chance of winning (the lead three moves on, squashed by the spread of the points still to
   * come: 0.5 + 0.5 tanh(margin / (3 √(tiles left + 1)))), or `null` for a move not searched.
   */
  readonly value: number | null;
  /** The mover's lead over the best other player just after the move, in points, by the static evaluation (see `evaluate`). */
  readonly margin: number;
}

/** What {@link analyse} found. */
export interface Analysis {
  /** The player to move, whose moves are rated. */
  readonly player: number;
  /** Search iterations (playouts) made. */
  readonly iterations: number;
  /**
   * Every legal move, best first: the searched moves (the best by evaluation, see
   * `MctsOptions.candidates`) in the search's order (with sequential halving, the rounds survived,
   * then value; with `root: 'ucb'`, visits), then the rest by margin. The first is the move
   * `mctsBot` plays with the same options.
   */
  readonly moves: readonly RatedMove[];
}

/**
 * Rates the moves of the player to move by Monte Carlo tree search (the search of `mctsBot`), for
 * a hint button or a tutorial's commentary. It never uses hidden information: a state is analysed
 * as the view of the player to move (`playerView`), so that the analysis of a state and of that
 * view are the same, and what the view hides (the order of the tiles left, the others' hidden
 * hands) is dealt anew at every playout. Deterministic for a given `seed` and `iterations` (the
 * default seed is made of what every player sees); a `timeMs` budget depends on the machine. It
 * runs to its budget without yielding: in a page, use {@link analyseAsync}.
 *
 * @example
 * ```ts
 * import { createGame } from 'carcassonne-engine';
 * import { analyse } from 'carcassonne-engine/bots';
 *
 * // E can close the start tile's city: the hint is the knight that scores it.
 * const state = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['E'] });
 * const analysis = analyse(state, { iterations: 300, seed: 1 });
 * const [best] = analysis.moves;
 * console.log(JSON.stringify(best?.move), best?.margin); // → {"tile":"E","x":0,"y":-1,"rotation":180,"meeple":{"at":"S","kind":"follower"}} 4
 * // Every legal move is rated, best first.
 * console.log(analysis.iterations, analysis.moves.length); // → 300 12
 * ```
 */
export function analyse(state: GameState | PlayerView, asked?: AnalysisOptions): Analysis {
  const options = readBotOptions(asked);
  const search = start(state, options);
  while (!search.done) search.step(64);
  return report(search);
}

/**
 * {@link analyse} without blocking: it searches in slices of `sliceMs` and yields to the event
 * loop between them, so that a page stays responsive; `signal` stops it (the promise rejects with
 * the signal's reason) and `onProgress` sees the analysis after each slice. With the same options
 * it gives the same analysis as {@link analyse} (an `iterations` budget is split into slices, not
 * changed).
 *
 * @example
 * ```ts
 * import { createGame } from 'carcassonne-engine';
 * import { analyse, analyseAsync } from 'carcassonne-engine/bots';
 *
 * const state = createGame({ players: 2, seed: 3 });
 * const slices: number[] = [];
 * const analysis = await analyseAsync(state, { iterations: 400, seed: 2, sliceMs: 1, onProgress: (a) => slices.push(a.iterations) });
 * console.log(JSON.stringify(analysis) === JSON.stringify(analyse(state, { iterations: 400, seed: 2 })), slices.at(-1)); // → true 400
 *
 * const stop = new AbortController();
 * const pending = analyseAsync(state, { timeMs: 60_000, signal: stop.signal });
 * stop.abort(new Error('the player moved'));
 * console.log(await pending.catch((e: Error) => e.message)); // → the player moved
 * ```
 */
export async function analyseAsync(state: GameState | PlayerView, asked?: AsyncAnalysisOptions): Promise<Analysis> {
  const options = readBotOptions(asked);
  const sliceMs = options?.sliceMs ?? 8;
  if (!(sliceMs > 0 && Number.isFinite(sliceMs)))
    throw new OptionsError([{ code: 'invalid-bot-option', message: `sliceMs must be a positive number, not ${show(options?.sliceMs)}` }]);
  const signal = options?.signal;
  signal?.throwIfAborted();
  const search = start(state, options);
  while (!search.done) {
    const until = Date.now() + sliceMs;
    do search.step(8);
    while (!search.done && Date.now() < until);
    options?.onProgress?.(report(search));
    if (search.done) break;
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    signal?.throwIfAborted();
  }
  return report(search);
}

/** A search from the view of the player to move. */
function start(input: GameState | PlayerView, options: AnalysisOptions | undefined): Search {
  const { state } = checked(input);
  const view = isViewRecord(state) ? (state as unknown as PlayerView) : playerView(state as GameState, (state as GameState).currentPlayer);
  return new Search(view, options, 'analyse');
}

/** The analysis a search gives so far. */
function report(search: Search): Analysis {
  const root = search.root;
  const searched = search.candidates();
  const seen = new Set(searched.map((c) => c.move));
  const moves: RatedMove[] = [
    ...searched.map((c) => ({
      move: moveOfTurn(kernelOf(root), c.move),
      visits: c.visits,
      value: c.visits > 0 ? c.value : null,
      margin: c.margin,
    })),
    ...search.ranked
      .filter((r) => !seen.has(r.move))
      .map((r) => ({ move: moveOfTurn(kernelOf(root), r.move), visits: 0, value: null, margin: r.margin })),
  ];
  return { player: search.player, iterations: search.iterations, moves };
}
