import type { GameState } from '../types.js';

// The moves legalMoves and legalTurns last listed, by state: a move the caller hands back as it was
// listed (the same frozen object, for the same state) is legal and its codes are known, so
// applyMove plays it without reading and checking it again.

interface Listed {
  readonly state: GameState;
  /** The moves as listed (the library's own copy of the references: the caller's array may change). */
  readonly moves: readonly object[];
  /** Each move's code: a step's, or a whole turn's tile step. */
  readonly codes: readonly number[];
  /** A whole turn's action code per move (legalTurns), or null for steps. */
  readonly actions: readonly number[] | null;
}

let last: Listed | null = null;

/** Remembers what was just listed for `state`: `moves[i]` (frozen) plays `codes[i]`, then `actions[i]` if given. */
export function rememberListed(
  state: GameState,
  moves: readonly object[],
  codes: readonly number[],
  actions: readonly number[] | null,
): void {
  last = { state, moves, codes, actions };
}

/** The codes of `move` when it is one of the moves last listed for `state`, else null. */
export function listedCodes(state: GameState, move: unknown): readonly number[] | null {
  if (last === null || last.state !== state || typeof move !== 'object' || move === null) return null;
  const i = last.moves.indexOf(move);
  if (i < 0) return null;
  const code = last.codes[i] as number;
  return last.actions === null ? [code] : [code, last.actions[i] as number];
}
