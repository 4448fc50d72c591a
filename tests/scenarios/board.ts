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
  type TurnMove,
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
export function moveOf(step: Step): TurnMove {
  const [tile, x, y, rotation, at] = step;
  return at === undefined ? { tile, x, y, rotation } : { tile, x, y, rotation, meeple: { at } };
}

/** Plays `steps` (each turned into a move by `toMove`) from a new game drawing their tiles; returns every state. */
function playSteps<S extends readonly [string, ...unknown[]]>(
  steps: readonly S[],
  toMove: (step: S) => TurnMove,
  extra: Extra,
  moreTiles: readonly string[],
  players = 2,
): GameState[] {
  let state = newGame([...steps.map((s) => s[0]), ...moreTiles], extra, players);
  const states = [state];
  for (const step of steps) {
    state = applyMove(state, toMove(step));
    states.push(state);
  }
  return states;
}

/**
 * The 7 tiles that, with the start tile D at (0,0), surround the cell (0,1) south of it: U@0 at
 * (±1,0) (touching (0,1) at a corner), E@90 at (1,1), E@270 at (-1,1), E@180 at (-1..1,2). Every
 * edge facing (0,1) or another ring tile is a field, and none of them completes a road or city.
 */
export const RING: readonly Step[] = [
  ['U', 1, 0, 0],
  ['U', -1, 0, 0],
  ['E', 1, 1, 90],
  ['E', -1, 1, 270],
  ['E', 0, 2, 180],
  ['E', -1, 2, 180],
  ['E', 1, 2, 180],
];

/** The tiles of RING in an order that lies them while (0,1) is still empty: (-1,2) before (0,2). */
export const RING_FIRST: readonly Step[] = [
  ['U', 1, 0, 0],
  ['U', -1, 0, 0],
  ['E', 1, 1, 90],
  ['E', -1, 1, 270],
  ['E', -1, 2, 180],
  ['E', 0, 2, 180],
  ['E', 1, 2, 180],
];

/**
 * A game drawing exactly `tiles` first, between two players ('A' = 0 and 'B' = 1) unless
 * `players` asks for more ('C' = 2, 'D' = 3, …).
 */
export function newGame(tiles: readonly string[], extra: Extra = {}, players = 2): GameState {
  const names = ['A', 'B', 'C', 'D', 'E', 'F'].slice(0, players);
  return createGame({ players: names, seed: 1, drawOrder: [...tiles], ...extra });
}

/**
 * Plays the steps from a new game. Returns every state: `states[0]` is the new game and
 * `states[i + 1]` the state after step i.
 */
export function scenario(steps: readonly Step[], extra: Extra = {}, moreTiles: readonly string[] = []): GameState[] {
  return playSteps(steps, moveOf, extra, moreTiles);
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
export const scoredNow = (s: GameState): ScoredFeature[] => held(s.events.flatMap((e) => (e.type === 'feature-scored' ? [e.score] : [])));

/** Positions as sorted "x,y" strings, to compare tile sets. */
export const cells = (tiles: readonly Position[]): string[] => tiles.map((t) => `${t.x},${t.y}`).sort();

/** Sorted "x,y" strings of literal positions. */
export const cellsOf = (...xy: (readonly [number, number])[]): string[] => xy.map(([x, y]) => `${x},${y}`).sort();

/** The event types of a state's last move, in order. */
export const eventTypes = (s: GameState): GameEvent['type'][] => s.events.map((e) => e.type);

/** The error validateMove reports for a step (or null), and checks applyMove throws the same code. */
export function rejection(state: GameState, move: TurnMove): IllegalMoveError | null {
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
  if (!(thrown instanceof IllegalMoveError))
    throw new Error(`validateMove reported ${reported.code} but applyMove did not throw an IllegalMoveError`);
  if (thrown.code !== reported.code) throw new Error(`validateMove reported ${reported.code} but applyMove threw ${thrown.code}`);
  return reported;
}

/**
 * What a step of an expansion scenario does after placing its tile: deploy a follower on a spot,
 * deploy the abbot (`'abbot:C'` on a cloister, `'abbot:G'` on a garden), or take the abbot back.
 */
export type Act = Spot | 'abbot:C' | 'abbot:G' | 'recall';

/** A step of an expansion scenario: `[tile, x, y, rotation, act?]`. */
export type XStep = readonly [tile: string, x: number, y: number, rotation: Rotation, act?: Act];

/** The move an expansion step stands for (followers, the abbot and the abbot's recall). */
export function moveOfX(step: XStep): TurnMove {
  const [tile, x, y, rotation, act] = step;
  if (act === undefined) return { tile, x, y, rotation };
  if (act === 'recall') return { tile, x, y, rotation, recall: 'abbot' };
  if (act === 'abbot:C' || act === 'abbot:G') return { tile, x, y, rotation, meeple: { at: act === 'abbot:C' ? 'C' : 'G', kind: 'abbot' } };
  return { tile, x, y, rotation, meeple: { at: act } };
}

/** {@link scenario} for expansion steps: plays them from a new game and returns every state. */
export function scenarioX(steps: readonly XStep[], extra: Extra = {}, moreTiles: readonly string[] = []): GameState[] {
  return playSteps(steps, moveOfX, extra, moreTiles);
}

/** The abbots in each player's supply. */
export const abbots = (s: GameState): number[] => s.players.map((p) => p.abbots ?? 0);

/**
 * A whole river, spring to lake, used by several scenarios (11 steps, A plays the even ones):
 *
 *   step  tile              cell   rot  river            turn
 *   0  A  RV-city-road      (1,0)  0    W→E              straight
 *   1  B  RV-straight       (2,0)  0    W→E              straight
 *   2  A  RV-cities         (3,0)  0    W→E              straight
 *   3  B  RV-cloister-road  (4,0)  0    W→E              straight
 *   4  A  RV-curve          (5,0)  0    W→S (river S,W)  right
 *   5  B  RV-straight       (5,1)  90   N→S              straight
 *   6  A  RV-curve          (5,2)  180  N→E (river N,E)  left
 *   7  B  RV-city-curve     (6,2)  90   W→S (river S,W; city N,E)  right
 *   8  A  RV-road-curve     (6,3)  180  N→E (river N,E; road S,W)  left
 *   9  B  RV-bridge         (7,3)  90   W→E (road N,S)   straight
 *  10  A  RV-lake           (8,3)  0    W (end)
 *
 * No two consecutive turns go the same way, and apart from consecutive river tiles no two tiles
 * touch, so every edge matches. Nothing is completed (every city and road runs into an empty cell).
 * `acts` gives step i a meeple (or, with The Abbot, an abbot or a recall); `secondCurve` may be
 * 'RV-curve-garden' (The Abbot's garden copy) for step 6.
 */
export function riverSteps(acts: Partial<Record<number, Act>> = {}, secondCurve = 'RV-curve'): XStep[] {
  const steps: XStep[] = [
    ['RV-city-road', 1, 0, 0],
    ['RV-straight', 2, 0, 0],
    ['RV-cities', 3, 0, 0],
    ['RV-cloister-road', 4, 0, 0],
    ['RV-curve', 5, 0, 0],
    ['RV-straight', 5, 1, 90],
    [secondCurve, 5, 2, 180],
    ['RV-city-curve', 6, 2, 90],
    ['RV-road-curve', 6, 3, 180],
    ['RV-bridge', 7, 3, 90],
    ['RV-lake', 8, 3, 0],
  ];
  return steps.map((s, i) => (acts[i] === undefined ? s : ([s[0], s[1], s[2], s[3], acts[i]] as XStep)));
}

/**
 * What a step of an Inns & Cathedrals scenario does after placing its tile: anything an
 * expansion step does ({@link Act}), or deploy the player's large meeple on a spot (`'large:N'`).
 */
export type ICAct = Act | `large:${Spot}`;

/** A step of an Inns & Cathedrals scenario: `[tile, x, y, rotation, act?]`. */
export type ICStep = readonly [tile: string, x: number, y: number, rotation: Rotation, act?: ICAct];

/** The move an Inns & Cathedrals step stands for (followers, the large meeple, the abbot and its recall). */
export function moveOfIC(step: ICStep): TurnMove {
  const [tile, x, y, rotation, act] = step;
  if (act?.startsWith('large:')) return { tile, x, y, rotation, meeple: { at: act.slice('large:'.length) as Spot, kind: 'large' } };
  return act === undefined ? moveOfX([tile, x, y, rotation]) : moveOfX([tile, x, y, rotation, act as Act]);
}

/** {@link scenario} for Inns & Cathedrals steps: plays them from a new game and returns every state. */
export function scenarioIC(steps: readonly ICStep[], extra: Extra = {}, moreTiles: readonly string[] = []): GameState[] {
  return playSteps(steps, moveOfIC, extra, moreTiles);
}

/** The large meeples in each player's supply. */
export const largeMeeples = (s: GameState): number[] => s.players.map((p) => p.largeMeeples ?? 0);

/**
 * What a step of a Traders & Builders scenario does after placing its tile: anything an Inns &
 * Cathedrals step does ({@link ICAct}), or deploy the player's builder (`'builder:E'`) or pig
 * (`'pig:NNW'`).
 *
 * With builders the players no longer simply alternate (a builder's double turn gives the same
 * player two steps in a row): the engine decides who plays each step; `placements[i].player`
 * records it.
 */
export type TBAct = ICAct | `builder:${Spot}` | `pig:${Spot}`;

/** A step of a Traders & Builders scenario: `[tile, x, y, rotation, act?]`. */
export type TBStep = readonly [tile: string, x: number, y: number, rotation: Rotation, act?: TBAct];

/** The move a Traders & Builders step stands for. */
export function moveOfTB(step: TBStep): TurnMove {
  const [tile, x, y, rotation, act] = step;
  for (const kind of ['builder', 'pig'] as const) {
    if (act?.startsWith(`${kind}:`)) return { tile, x, y, rotation, meeple: { at: act.slice(kind.length + 1) as Spot, kind } };
  }
  return act === undefined ? moveOfIC([tile, x, y, rotation]) : moveOfIC([tile, x, y, rotation, act as ICAct]);
}

/** {@link scenario} for Traders & Builders steps, with `players` players (2 by default). */
export function scenarioTB(steps: readonly TBStep[], extra: Extra = {}, moreTiles: readonly string[] = [], players = 2): GameState[] {
  return playSteps(steps, moveOfTB, extra, moreTiles, players);
}

/** The builders in each player's supply. */
export const builders = (s: GameState): number[] => s.players.map((p) => p.builders ?? 0);

/** The pigs in each player's supply. */
export const pigs = (s: GameState): number[] => s.players.map((p) => p.pigs ?? 0);

/** Each player's goods tokens as [wine, grain, cloth]. */
export const goods = (s: GameState): number[][] => s.players.map((p) => [p.goods?.wine ?? 0, p.goods?.grain ?? 0, p.goods?.cloth ?? 0]);
