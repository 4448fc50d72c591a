import type { ModuleMoveErrorCode } from './vocabulary.js';

/**
 * Codes of {@link IllegalMoveError}: the base game's, and those of the rule modules' placement
 * constraints ({@link ModuleMoveErrorCode}). Stable: frontends may switch on them.
 */
export type MoveErrorCode =
  | ModuleMoveErrorCode
  | 'game-finished'
  | 'malformed-move'
  | 'wrong-step'
  | 'wrong-tile'
  | 'cell-occupied'
  | 'not-adjacent'
  | 'edge-mismatch'
  | 'unknown-spot'
  | 'no-feature-at-spot'
  | 'no-meeples-left'
  | 'feature-occupied'
  | 'figure-not-allowed'
  | 'no-own-meeple'
  | 'nothing-to-recall'
  | 'deploy-and-recall'
  /** A rule module's move (or a pass at a module's step) that the rules do not allow now. */
  | 'move-not-allowed';

/** Codes of {@link OptionsError}. */
export type OptionsErrorCode =
  | 'invalid-options'
  | 'unknown-option'
  | 'invalid-players'
  | 'invalid-seed'
  | 'invalid-tile-set'
  | 'invalid-edition'
  | 'invalid-expansion'
  | 'expansion-not-loaded'
  | 'invalid-rule'
  | 'invalid-draw-order'
  | 'invalid-bot-option'
  | 'invalid-buffer'
  | 'invalid-render-option'
  | 'invalid-argument';

/**
 * Codes of {@link StateError}: `invalid-state` (a state or view that is not one this library could
 * have made, with every problem listed), `not-loaded` (an object the library did not make or load:
 * read a saved state with `loadState`, a view with `loadView`), `expansion-not-loaded` (its
 * expansions are not registered), `custom-rule-missing` and `custom-rule-failed` (a custom farmer
 * rule to pass again, or that failed), `invalid-viewer`, `hidden-information` (what a view hides),
 * `view-not-playable` (a view has no bag to play from), `mid-turn` (a set-up begins a turn).
 */
export type StateErrorCode =
  | 'invalid-state'
  | 'expansion-not-loaded'
  | 'custom-rule-missing'
  | 'custom-rule-failed'
  | 'invalid-viewer'
  | 'hidden-information'
  | 'view-not-playable'
  | 'mid-turn'
  | 'not-loaded';

/**
 * Codes of a {@link NotationError}: `invalid-notation` (text that does not follow the grammar of
 * docs/notation.md: a move, a record, a position), `record-not-replayable` (a record whose moves or
 * draws are not the game's: an illegal move, a tile that was not in the bag).
 */
export type NotationErrorCode = 'invalid-notation' | 'record-not-replayable';

/**
 * Codes of a {@link SetupError}: what is wrong with a set-up position. `invalid-setup` for a
 * malformed field or option; the others name the rule a position breaks: a tile not in the game's
 * set (`unknown-tile`), two tiles on one cell (`cell-occupied`), edges that do not match
 * (`edge-mismatch`), a board in pieces (`board-not-connected`), a module's placement rule (e.g.
 * `river-not-continued`), a figure where no figure of its kind can stand (`no-feature-at-spot`,
 * `figure-not-allowed`, `no-own-meeple`, `feature-complete`), more figures than a player owns
 * (`too-many-figures`), a tile to place that fits nowhere (`tile-fits-nowhere`).
 */
export type SetupErrorCode =
  | ModuleMoveErrorCode
  | 'invalid-setup'
  | 'unknown-tile'
  | 'cell-occupied'
  | 'edge-mismatch'
  | 'board-not-connected'
  | 'no-feature-at-spot'
  | 'figure-not-allowed'
  | 'no-own-meeple'
  | 'feature-complete'
  | 'too-many-figures'
  | 'tile-fits-nowhere';

/** The problems of a list as the error classes take it (callers may pass anything); never throws. */
function problemList<C extends string>(problems: unknown): Problem<C>[] {
  try {
    return Array.isArray(problems) ? (problems.slice(0, 1000).filter((p) => isProblem(p)) as Problem<C>[]) : [];
  } catch {
    return [];
  }
}

/** A problem as the error classes take it (callers may pass anything). */
function isProblem<C extends string>(p: unknown): p is Problem<C> {
  try {
    return (
      typeof p === 'object' && p !== null && typeof (p as Problem<C>).code === 'string' && typeof (p as Problem<C>).message === 'string'
    );
  } catch {
    return false;
  }
}

/** Every error code this library throws or returns. */
export type ErrorCode = MoveErrorCode | OptionsErrorCode | StateErrorCode | NotationErrorCode | SetupErrorCode;

/** One problem found while checking options or a state: a stable code and a sentence. */
export interface Problem<C extends string = ErrorCode> {
  readonly code: C;
  readonly message: string;
}

/**
 * Base class of every error this library throws. `code` is stable; `message` is for people.
 *
 * @example
 * ```ts
 * import { applyMove, CarcassonneError, createGame } from 'carcassonne-engine';
 *
 * try {
 *   applyMove(createGame({ players: 2, seed: 1 }), { x: 9, y: 9, rotation: 0 });
 * } catch (e) {
 *   if (e instanceof CarcassonneError) console.log(e.name, e.code); // → IllegalMoveError not-adjacent
 * }
 * ```
 */
export class CarcassonneError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  constructor(code: C, message: string) {
    // Made by callers too: anything but strings is written as words, never trusted.
    super(typeof message === 'string' ? message : 'an error');
    this.code = (typeof code === 'string' ? code : 'invalid-argument') as C;
  }

  // Written out (not `new.target.name`): a minifier renames classes, and `name` must not change.
  override name = 'CarcassonneError';
}

/**
 * A move that the rules forbid, or that is not a move at all. Returned by `validateMove`, thrown by `applyMove`.
 *
 * @example
 * ```ts
 * import { applyMove, createGame, IllegalMoveError, validateMove } from 'carcassonne-engine';
 *
 * const state = createGame({ players: 2, seed: 1, drawOrder: ['E'] });
 * const error = validateMove(state, { x: 0, y: 1, rotation: 0 });
 * console.log(error instanceof IllegalMoveError, error?.code); // → true edge-mismatch
 * console.log(error?.message); // → north edge: the tile has a city, the neighbour has a field
 * ```
 */
export class IllegalMoveError extends CarcassonneError<MoveErrorCode> {
  override name = 'IllegalMoveError';
}

/**
 * An error that carries every problem found; `code` is the code of the first.
 *
 * @example
 * ```ts
 * import { createGame, ProblemsError } from 'carcassonne-engine';
 *
 * try {
 *   createGame({ players: 1, seed: 1, tileSet: 'moon' } as never);
 * } catch (e) {
 *   if (e instanceof ProblemsError) console.log(e.problems.map((p) => p.code)); // → [ 'invalid-players', 'invalid-tile-set' ]
 * }
 * ```
 */
export class ProblemsError<C extends ErrorCode> extends CarcassonneError<C> {
  readonly problems: readonly Problem<C>[];
  constructor(problems: readonly Problem<C>[], fallback: Problem<C>) {
    const list = problemList<C>(problems);
    const first = list[0] ?? (isProblem(fallback) ? fallback : ({ code: 'invalid-argument', message: 'a problem' } as Problem<C>));
    super(first.code, list.length > 0 ? list.map((p) => p.message).join('; ') : first.message);
    this.problems = list.length > 0 ? list : [first];
  }

  override name = 'ProblemsError';
}

/**
 * Options that `createGame` cannot accept. `problems` lists every problem found, not only the first.
 *
 * @example
 * ```ts
 * import { createGame, OptionsError } from 'carcassonne-engine';
 *
 * try {
 *   createGame({ players: 2, seed: 1, expansions: ['dragons'] } as never);
 * } catch (e) {
 *   if (e instanceof OptionsError) console.log(e.code, e.problems.length); // → invalid-expansion 1
 * }
 * ```
 */
export class OptionsError extends ProblemsError<OptionsErrorCode> {
  constructor(problems: readonly Problem<OptionsErrorCode>[]) {
    super(problems, { code: 'invalid-options', message: 'invalid options' });
  }

  override name = 'OptionsError';
}

/**
 * A state (usually loaded from JSON) that is not a state this library could have produced, or that needs a custom rule again.
 *
 * @example
 * ```ts
 * import { loadState, StateError } from 'carcassonne-engine';
 *
 * try {
 *   loadState({ version: 2, tileSet: 'moon' });
 * } catch (e) {
 *   // Every problem is listed: five fields missing or wrong, and the unknown tile set.
 *   if (e instanceof StateError) console.log(e.code, e.problems.length, '|', e.problems.at(-1)?.message); // → invalid-state 6 | tileSet must be one of base, pnp-demo, not "moon"
 * }
 * ```
 */
export class StateError extends ProblemsError<StateErrorCode> {
  constructor(problems: readonly Problem<StateErrorCode>[]) {
    super(problems, { code: 'invalid-state', message: 'invalid state' });
  }

  override name = 'StateError';
}

/**
 * A set-up position that no game can go on from. `problems` lists every problem at once, each with
 * its own code (see {@link SetupErrorCode}).
 *
 * @example
 * ```ts
 * import { setupGame, SetupError } from 'carcassonne-engine';
 *
 * try {
 *   setupGame({ players: 2, board: [{ tile: 'D', x: 0, y: 0, rotation: 0 }, { tile: 'E', x: 0, y: -1, rotation: 0 }, { tile: 'Q', x: 5, y: 5, rotation: 0 }] });
 * } catch (e) {
 *   if (e instanceof SetupError) console.log(e.problems.map((p) => p.code)); // → [ 'edge-mismatch', 'board-not-connected' ]
 * }
 * ```
 */
export class SetupError extends ProblemsError<SetupErrorCode> {
  constructor(problems: readonly Problem<SetupErrorCode>[]) {
    super(problems, { code: 'invalid-setup', message: 'invalid set-up' });
  }

  override name = 'SetupError';
}

/** Where in a text a notation problem is: 1-based line and column, and the move number when in a move. */
export interface TextPlace {
  readonly line: number;
  readonly column: number;
  /** The number of the move being read (1 for the first move), or `null` outside the moves. */
  readonly move: number | null;
}

/** A problem of a text: what, and where. */
export interface NotationProblem extends Problem<NotationErrorCode>, TextPlace {}

/**
 * Text that cannot be read (a move, a game record, a position), or a record that does not
 * replay. Lists every problem found, each with its line, column and move number; the message
 * names them ("line 3, column 8 (move 2): …").
 *
 * @example
 * ```ts
 * import { NotationError, parseMove } from 'carcassonne-engine/notation';
 *
 * try {
 *   parseMove('U -1,0 r45');
 * } catch (e) {
 *   if (e instanceof NotationError) console.log(e.code, e.problems[0]?.column); // → invalid-notation 8
 * }
 * ```
 */
export class NotationError extends ProblemsError<NotationErrorCode> {
  declare readonly problems: readonly NotationProblem[];
  constructor(problems: readonly NotationProblem[]) {
    super(
      (problemList(problems) as NotationProblem[]).map((p) => ({
        ...p,
        message: `${placeOf(p)}: ${p.message}`,
      })),
      { code: 'invalid-notation', message: 'invalid notation' },
    );
  }

  override name = 'NotationError';
}

/** "line 3, column 8 (move 2)". */
function placeOf(p: TextPlace): string {
  const n = (v: unknown) => (typeof v === 'number' ? v : '?');
  return `line ${n(p.line)}, column ${n(p.column)}${p.move === null || p.move === undefined ? '' : ` (move ${n(p.move)})`}`;
}
