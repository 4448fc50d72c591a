/**
 * Small helpers for the rulebook scenario tests. Nothing here computes a score: every expected
 * number in the scenarios is derived by hand from the rules (see the comments in each test).
 *
 * A scenario is a list of steps `[tile, x, y, rotation, spot?]`. The tiles of the steps become
 * the game's `drawOrder`, so step i is turn i, played by player i % 2 (player 0 moves first).
 * Every step names its tile, so a mistake in a scenario's draw order fails loudly ('wrong-tile').
 *
 * Reminder (x grows east, y grows south; rotation is clockwise; the start tile D is at (0,0)
 * rotation 0 with city N, road E-W, field north of the road (bordering the city), field south).
 */
import {
  applyMove,
  createGame,
  type GameEvent,
  type GameOptions,
  type GameState,
  IllegalMoveError,
  type Move,
  type Position,
  type Rotation,
  type ScoredFeature,
  type Spot,
  scoreFinal,
  validateMove,
} from '../../src/index.js';

export type Step = readonly [tile: string, x: number, y: number, rotation: Rotation, at?: Spot];

export type Extra = Omit<GameOptions, 'players' | 'seed' | 'drawOrder'>;

/** The move a step stands for. */
export function moveOf(step: Step): Move {
  const [tile, x, y, rotation, at] = step;
  return at === undefined ? { tile, x, y, rotation } : { tile, x, y, rotation, meeple: { at } };
}

/** A two-player game (players 'A' = 0 and 'B' = 1) drawing exactly `tiles` first. */
export function newGame(tiles: readonly string[], extra: Extra = {}): GameState {
  return createGame({ players: ['A', 'B'], seed: 1, drawOrder: [...tiles], ...extra });
}

/**
 * Plays the steps from a new game. Returns every state: `states[0]` is the new game and
 * `states[i + 1]` the state after step i.
 */
export function scenario(steps: readonly Step[], extra: Extra = {}, moreTiles: readonly string[] = []): GameState[] {
  let state = newGame([...steps.map((s) => s[0]), ...moreTiles], extra);
  const states = [state];
  for (const step of steps) {
    state = applyMove(state, moveOf(step));
    states.push(state);
  }
  return states;
}

/** The last state of a scenario. */
export function last(states: readonly GameState[]): GameState {
  return states[states.length - 1] as GameState;
}

export const scores = (s: GameState): number[] => s.players.map((p) => p.score);
export const supply = (s: GameState): number[] => s.players.map((p) => p.meeples);

/** Final totals as if the game ended now. */
export const finalScores = (s: GameState): number[] => [...scoreFinal(s).scores];

/** The entries of the final scoring only (phase 'final'). */
export const finalEntries = (s: GameState): ScoredFeature[] => scoreFinal(s).breakdown.filter((e) => e.phase === 'final');

/** Entries that gave points to somebody (features with at least one meeple). */
export const held = (entries: readonly ScoredFeature[]): ScoredFeature[] => entries.filter((e) => e.holders.length > 0);

/** Entries of one kind that gave points to somebody. */
export const heldOf = (entries: readonly ScoredFeature[], kind: ScoredFeature['kind']): ScoredFeature[] =>
  held(entries).filter((e) => e.kind === kind);

/** The 'feature-scored' entries of the last move's events that gave points to somebody. */
export const scoredNow = (s: GameState): ScoredFeature[] =>
  held(s.events.flatMap((e) => (e.type === 'feature-scored' ? [e.score] : [])));

/** Positions as sorted "x,y" strings, to compare tile sets. */
export const cells = (tiles: readonly Position[]): string[] => tiles.map((t) => `${t.x},${t.y}`).sort();

/** Sorted "x,y" strings of literal positions. */
export const cellsOf = (...xy: (readonly [number, number])[]): string[] => xy.map(([x, y]) => `${x},${y}`).sort();

/** The event types of a state's last move, in order. */
export const eventTypes = (s: GameState): GameEvent['type'][] => s.events.map((e) => e.type);

/** The error validateMove reports for a step (or null), and checks applyMove throws the same code. */
export function rejection(state: GameState, move: Move): IllegalMoveError | null {
  const reported = validateMove(state, move);
  let thrown: unknown = null;
  try {
    applyMove(state, move);
  } catch (e) {
    thrown = e;
  }
  if (reported === null) {
    if (thrown !== null) throw new Error(`validateMove accepted the move but applyMove threw ${String(thrown)}`);
    return null;
  }
  if (!(thrown instanceof IllegalMoveError)) throw new Error(`validateMove reported ${reported.code} but applyMove did not throw an IllegalMoveError`);
  if (thrown.code !== reported.code) throw new Error(`validateMove reported ${reported.code} but applyMove threw ${thrown.code}`);
  return reported;
}
