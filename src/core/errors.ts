/** Codes of {@link IllegalMoveError}. Stable: frontends may switch on them. */
export type MoveErrorCode =
  | 'game-finished'
  | 'malformed-move'
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
  | 'river-not-continued'
  | 'river-u-turn';

/** Codes of {@link OptionsError}. */
export type OptionsErrorCode =
  | 'invalid-options'
  | 'unknown-option'
  | 'invalid-players'
  | 'invalid-seed'
  | 'invalid-tile-set'
  | 'invalid-edition'
  | 'invalid-expansion'
  | 'invalid-rule'
  | 'invalid-draw-order'
  | 'invalid-bot-option'
  | 'invalid-buffer';

/** Codes of {@link StateError}. */
export type StateErrorCode = 'invalid-state' | 'custom-rule-missing' | 'custom-rule-failed';

/** Every error code this library throws or returns. */
export type ErrorCode = MoveErrorCode | OptionsErrorCode | StateErrorCode;

/** One problem found while checking options or a state: a stable code and a sentence. */
export interface Problem<C extends string = ErrorCode> {
  readonly code: C;
  readonly message: string;
}

/** Base class of every error this library throws. `code` is stable; `message` is for people. */
export class CarcassonneError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  constructor(code: C, message: string) {
    super(message);
    this.code = code;
    this.name = new.target.name;
  }
}

/** A move that the rules forbid, or that is not a move at all. Returned by `validateMove`, thrown by `applyMove`. */
export class IllegalMoveError extends CarcassonneError<MoveErrorCode> {}

/** An error that carries every problem found; `code` is the code of the first. */
export class ProblemsError<C extends ErrorCode> extends CarcassonneError<C> {
  readonly problems: readonly Problem<C>[];
  constructor(problems: readonly Problem<C>[], fallback: Problem<C>) {
    const first = problems[0] ?? fallback;
    super(first.code, problems.length > 0 ? problems.map((p) => p.message).join('; ') : first.message);
    this.problems = problems.length > 0 ? problems : [first];
  }
}

/** Options that `createGame` cannot accept. `problems` lists every problem found, not only the first. */
export class OptionsError extends ProblemsError<OptionsErrorCode> {
  constructor(problems: readonly Problem<OptionsErrorCode>[]) {
    super(problems, { code: 'invalid-options', message: 'invalid options' });
  }
}

/** A state (usually loaded from JSON) that is not a state this library could have produced, or that needs a custom rule again. */
export class StateError extends ProblemsError<StateErrorCode> {
  constructor(problems: readonly Problem<StateErrorCode>[]) {
    super(problems, { code: 'invalid-state', message: 'invalid state' });
  }
}
