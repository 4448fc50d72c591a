import type { GameState } from '../types.js';

// The moves legalMoves and legalTurns last listed, by state: a move the caller hands back as it was
// listed (the same frozen object, for the same state) is legal and its codes are known, so
// applyMove plays it without reading and checking it again.

interface Listed {
  readonly state: GameState;
  /** The moves as listed (the library's own copy of the references: the caller's array may change). */
  readonly moves: readonly object[];
  /** Each move's codes: one for a step, the tile's and the action's for a whole turn. */
  readonly codes: readonly (readonly number[])[];
}

let last: Listed | null = null;

/** Remembers what was just listed for `state`: `moves[i]` (frozen) plays `codes[i]`. */
export function rememberListed(state: GameState, moves: readonly object[], codes: readonly (readonly number[])[]): void {
  last = { state, moves, codes };
}

/** The codes of `move` when it is one of the moves last listed for `state`, else null. */
export function listedCodes(state: GameState, move: unknown): readonly number[] | null {
  if (last === null || last.state !== state || typeof move !== 'object' || move === null) return null;
  const i = last.moves.indexOf(move);
  return i < 0 ? null : (last.codes[i] as readonly number[]);
}
