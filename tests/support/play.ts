import fc from 'fast-check';
import {
  applyMove,
  createGame,
  type FarmerRuleName,
  type GameOptions,
  type GameState,
  legalMoves,
  type Move,
} from 'carcassonne-engine';

export const FARMER_RULES: readonly FarmerRuleName[] = ['farm-3', 'farm-3-once', 'city-4', 'none'];

/** Options of a random game: players, seed, tile set, edition and farmer rule. */
export const gameOptions: fc.Arbitrary<GameOptions> = fc.record({
  players: fc.integer({ min: 2, max: 5 }),
  seed: fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
  tileSet: fc.constantFrom('base' as const, 'pnp-demo' as const),
  edition: fc.constantFrom('first' as const, 'second' as const, 'current' as const),
  rules: fc.record({ farmers: fc.constantFrom(...FARMER_RULES), smallCity: fc.constantFrom(2 as const, 4 as const) }),
});

/** Move choices: an index into legalMoves per turn (taken modulo its length). */
export const choices = fc.array(fc.nat(), { minLength: 80, maxLength: 80 });

export interface Played {
  readonly states: GameState[];
  readonly moves: Move[];
}

/**
 * Plays a game with moves picked by `picks` (index modulo the number of legal moves, cycling
 * through picks), up to `maxTurns` moves. `states[i+1]` follows `states[i]` by `moves[i]`.
 */
export function play(options: GameOptions, picks: readonly number[], maxTurns = Infinity): Played {
  let s = createGame(options);
  const states = [s];
  const moves: Move[] = [];
  for (let i = 0; s.status === 'playing' && i < maxTurns; i++) {
    const legal = legalMoves(s);
    const m = legal[(picks[i % picks.length] ?? 0) % legal.length] as Move;
    s = applyMove(s, m);
    moves.push(m);
    states.push(s);
  }
  return { states, moves };
}

/** Tiny deterministic generator for tests that need many choices. */
export function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x >>> 8;
  };
}

/** Plays a whole game choosing uniformly with `lcg(seed)`. */
export function playSeeded(options: GameOptions, seed: number): Played {
  const r = lcg(seed);
  let s = createGame(options);
  const states = [s];
  const moves: Move[] = [];
  while (s.status === 'playing') {
    const legal = legalMoves(s);
    const m = legal[r() % legal.length] as Move;
    s = applyMove(s, m);
    moves.push(m);
    states.push(s);
  }
  return { states, moves };
}

/** True when every object and array reachable from `v` is frozen. */
export function deeplyFrozen(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return true;
  if (!Object.isFrozen(v)) return false;
  return Object.values(v).every(deeplyFrozen);
}
