/**
 * Traders & Builders (rules-facts §e, §j.6; reference traders-builders.json and README), rulebook
 * scenarios derived by hand:
 * - goods: a completed city scores as usual, then the player who placed the completing tile takes
 *   one token per goods symbol in the whole city, knights or not; cities incomplete at the end give
 *   nothing; at the end, for each kind, every player tied for the most tokens (at least 1) scores 10.
 * - the builder: one per player; it joins a road or city of the tile just placed that holds one of
 *   its owner's meeples; a tile of its owner that extends that road or city gives a second tile
 *   (never a third); it counts for no majority and returns with its feature.
 * - the pig: one per player; it joins a field of the tile just placed that holds one of its
 *   owner's farmers, counts for no majority, stays to the end, and raises its owner's points for
 *   each completed city of that field from 3 to 4 when the owner scores the field.
 * - the special tiles: TB-B (bridge, no junction), TB-J (cloister ending three roads), TB-C
 *   (cottage road end), TB-M/N/P/X (enclosed field, spot I).
 * Ties: every tied player scores in full (§j.8). Current rules unless said: a completed city 2 a
 * tile, a completed road 1 a tile, an incomplete city or road at the end 1 a tile, farmers 'farm-3'.
 *
 * With builders the players do not simply alternate: each step's comment says who plays it
 * (A = player 0, B = 1, C = 2), and the tests check it through `placements[i].player`.
 *
 * Geometry (x grows east, y south; rotation clockwise: N→E→S→W). D at (0,0): city cap N, road
 * E-W, field D.n north of the road (borders the cap), field D.s south. Base tiles at rotation 0
 * (edges N, E, S, W): A cloister with road S (A@90 road W, A@180 road N, A@270 road E); B cloister,
 * all field; E city cap N (E@90 cap E, E@180 cap S, E@270 cap W); H caps N and S, one field between
 * (spot ENE); T city N, E, W with road S (T@180: city E, S, W, road N); U road E-W; V curved road
 * S-W (V@90 W-N, V@180 N-E, V@270 E-S); W junction, roads E, S, W; X crossroads.
 * T&B tiles (traders-builders.json, rotation 0): TB-A cap N, road E ending at it (TB-A@90: city E,
 * road S; TB-A@180: city S, road W); TB-B bridge, roads N-S and E-W crossing without a junction,
 * four corner fields (spots NNW, NNE, ESE, SSW); TB-C cap N, road S ending at the city, road W
 * ending at a cottage; TB-E city E-W with grain, road S (TB-E@90: city N-S, road W, field E);
 * TB-G city N-W with grain (TB-G@180: city S-E); TB-J cloister, roads E, S, W ending at it, fields
 * N (+ the northern halves of E and W), SE, SW; TB-M/N/P/X four-sided cities around an enclosed
 * field (spot I); TB-Q city E-W with wine, fields N and S (TB-Q@90: city N-S); TB-T city N-W with
 * wine (TB-T@180: city S-E, fields N and W); TB-X cities N-W (wine) and E-S.
 */
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  type FarmerInput,
  type FarmerRule,
  farmerRules,
  features,
  type FarmerRuleName,
  type GameState,
  legalTurns,
  loadState,
  type TurnMove,
  validateState,
  scoreFinal,
  type ScoredFeature,
} from '../../src/index.js';
import {
  builders,
  finalEntries,
  finalScores,
  goods,
  heldOf,
  last,
  newGame,
  pigs,
  rejection,
  scenarioTB,
  scoredNow,
  scores,
  supply,
  type Extra,
  type TBStep,
} from './board.js';

const TB = { expansions: ['traders-builders'] } as const;

/** The road, city or field features with a segment on (x, y). */
const featuresAt = (s: GameState, kind: 'road' | 'city' | 'field' | 'cloister', x: number, y: number) =>
  features(s).filter((f) => f.kind === kind && f.segments.some((g) => g.x === x && g.y === y));

/** Who placed each tile after the start tile. */
const movers = (s: GameState): (number | null)[] => s.placements.slice(1).map((p) => p.player);

/** [turn, currentPlayer, whether it is a builder's second tile (extraTurn 'builder')]. */
const turnOf = (s: GameState): [number, number, boolean] => [s.turn, s.currentPlayer, s.extraTurn === 'builder'];

/** All 'feature-scored' entries of the last move (held or not). */
const allScoredNow = (s: GameState): ScoredFeature[] => s.events.flatMap((e) => (e.type === 'feature-scored' ? [e.score] : []));

/** The three goods lines of the final scoring. */
const goodsEntries = (s: GameState): ScoredFeature[] => finalEntries(s).filter((e) => e.kind === 'goods');

const play = (steps: readonly TBStep[], extra: Extra = TB, players = 2): GameState => last(scenarioTB(steps, extra, [], players));

describe('Goods (rules-facts §e "Goods")', () => {
  /**
   * A wine city grown from D's cap:
   *   t0 A: TB-Q@90 at (0,-1): city N-S (wine), its S side on D's cap; knight or not (N).
   *   t1 B: E@180 at (0,-2): cap S closes TB-Q's N side -> completed.
   * City = D, TB-Q, E: 3 tiles, no pennant, 1 wine symbol: 2×3 = 6 to its knights' owner; B placed
   * the completing tile: B takes 1 wine token. The city's id is that of its oldest segment, D's cap.
   */
  const WINE = (knight: boolean): TBStep[] => [knight ? ['TB-Q', 0, -1, 90, 'N'] : ['TB-Q', 0, -1, 90], ['E', 0, -2, 180]];

  it('ZMG T&B rules ("the presence of meeples in the city has no impact"): B completes A\'s city: A scores it (6), B takes its wine token', () => {
    const states = scenarioTB(WINE(true), TB);
    const before = states[1] as GameState;
    expect(featuresAt(before, 'city', 0, 0)[0]).toMatchObject({ complete: false, goods: { wine: 1, grain: 0, cloth: 0 } });
    expect(goods(before)).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    const end = last(states);
    expect(movers(end)).toEqual([0, 1]);
    const [city] = heldOf(scoredNow(end), 'city');
    expect(city).toMatchObject({ complete: true, id: '0,0:N', points: 6, holders: [0], awarded: [6, 0] });
    expect(city?.tiles).toHaveLength(3);
    expect(scores(end)).toEqual([6, 0]);
    // One token per symbol to the completing player (B), none to the knight's owner.
    expect(goods(end)).toEqual([
      [0, 0, 0],
      [1, 0, 0],
    ]);
    expect(end.players[1]?.goods).toEqual({ wine: 1, grain: 0, cloth: 0 });
    // The city is scored first (its knight returns), then B takes the token.
    expect(end.events.map((e) => e.type)).toEqual(['tile-placed', 'feature-scored', 'meeple-returned', 'goods-taken']);
    expect(end.events[3]).toEqual({ type: 'goods-taken', player: 1, city: '0,0:N', wine: 1, grain: 0, cloth: 0 });
    expect(supply(end)).toEqual([7, 7]);
  });

  it('rules-facts §e: a city with goods and no knight at all still gives its completer the tokens (B: 1 wine), though nobody scores it', () => {
    const end = play(WINE(false));
    expect(scores(end)).toEqual([0, 0]);
    expect(goods(end)).toEqual([
      [0, 0, 0],
      [1, 0, 0],
    ]);
    expect(end.events.map((e) => e.type)).toEqual(['tile-placed', 'feature-scored', 'goods-taken']);
    expect(allScoredNow(end)[0]).toMatchObject({ kind: 'city', complete: true, holders: [], awarded: [0, 0] });
  });

  it('rules-facts §e: a player completing their own goods city scores it and takes the tokens (A: 6 and 1 wine)', () => {
    // t0 A: TB-Q@90 (0,-1), knight.  t1 B: U at (1,0) (road continues D's, off the city).
    // t2 A: E@180 at (0,-2) completes the city: 2×3 = 6 to A, and the wine to A.
    const end = play([
      ['TB-Q', 0, -1, 90, 'N'],
      ['U', 1, 0, 0],
      ['E', 0, -2, 180],
    ]);
    expect(scores(end)).toEqual([6, 0]);
    expect(goods(end)).toEqual([
      [1, 0, 0],
      [0, 0, 0],
    ]);
    expect(end.events.at(-1)).toEqual({ type: 'goods-taken', player: 0, city: '0,0:N', wine: 1, grain: 0, cloth: 0 });
  });

  /**
   * wikicarpedia Traders and Builders example: a city with 1 wine and 2 grain symbols.
   *   t0 A: TB-Q@90 at (0,-1) (city N-S, wine), knight (N).
   *   t1 B: TB-E@90 at (0,-2) (city N-S, grain; road W into an empty cell).
   *   t2 A: TB-G@180 at (0,-3) (city S-E, grain).
   *   t3 B: E@270 at (1,-3): cap W closes TB-G's east side -> completed.
   * City X = D, TB-Q, TB-E, TB-G, E: 5 tiles, no pennant: 2×5 = 10 to A; B takes 1 wine, 2 grain.
   */
  const X: TBStep[] = [
    ['TB-Q', 0, -1, 90, 'N'],
    ['TB-E', 0, -2, 90],
    ['TB-G', 0, -3, 180],
    ['E', 1, -3, 270],
  ];

  it('wikicarpedia Traders and Builders: a city with 1 wine and 2 grain gives its completer 1 wine and 2 grain tokens', () => {
    const states = scenarioTB(X, TB);
    expect(featuresAt(states[3] as GameState, 'city', 0, 0)[0]).toMatchObject({ complete: false, goods: { wine: 1, grain: 2, cloth: 0 } });
    const end = last(states);
    const [city] = heldOf(scoredNow(end), 'city');
    expect(city).toMatchObject({ complete: true, id: '0,0:N', points: 10, awarded: [10, 0] });
    expect(city?.tiles).toHaveLength(5);
    expect(goods(end)).toEqual([
      [0, 0, 0],
      [1, 2, 0],
    ]);
    expect(end.events.at(-1)).toEqual({ type: 'goods-taken', player: 1, city: '0,0:N', wine: 1, grain: 2, cloth: 0 });
  });

  it('rules-facts §e ("when a city … is completed"): a goods city incomplete at the end gives no token; it scores like any incomplete city (1×2 = 2)', () => {
    // Only t0 of WINE: D + TB-Q = 2 tiles, open on the north, A's knight.
    const end = play(WINE(true).slice(0, 1));
    expect(goods(end)).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    const cities = heldOf(finalEntries(end), 'city');
    expect(cities).toHaveLength(1);
    expect(cities[0]).toMatchObject({ complete: false, points: 2, awarded: [2, 0] });
    // The three goods lines give nothing: nobody has a token.
    expect(goodsEntries(end).map((e) => [e.id, e.meeples, e.holders, e.awarded])).toEqual([
      ['wine', [0, 0], [], [0, 0]],
      ['grain', [0, 0], [], [0, 0]],
      ['cloth', [0, 0], [], [0, 0]],
    ]);
    expect(finalScores(end)).toEqual([2, 0]);
  });

  it('ZMG T&B rules (10 points per kind, tied players each 10): wine tied 1-1: 10 each; grain B 2: 10 to B; cloth nobody: nothing', () => {
    // X (B completes it: B 1 wine, 2 grain; A 10 for the city), then a second wine city Y below D:
    //   t4 A: TB-T@180 at (0,1) (city S-E, wine; its N field on D's south field).
    //   t5 B: E@270 at (1,1): cap W closes TB-T's east side.
    //   t6 A: E@0 at (0,2): cap N closes TB-T's south side -> Y = 3 tiles, no knight: nobody
    //         scores it; A takes 1 wine.
    // Tokens: A wine 1; B wine 1, grain 2. Final: wine: A and B tied at 1: 10 each. Grain: B 10.
    // Cloth: nobody has any: nothing. A 10 + 10 = 20, B 10 + 10 = 20.
    const states = scenarioTB([...X, ['TB-T', 0, 1, 180], ['E', 1, 1, 270], ['E', 0, 2, 0]], TB);
    const end = last(states);
    expect(movers(end)).toEqual([0, 1, 0, 1, 0, 1, 0]);
    expect(allScoredNow(end)[0]).toMatchObject({ kind: 'city', complete: true, holders: [], id: '0,1:E' });
    expect(end.events.at(-1)).toEqual({ type: 'goods-taken', player: 0, city: '0,1:E', wine: 1, grain: 0, cloth: 0 });
    expect(goods(end)).toEqual([
      [1, 0, 0],
      [1, 2, 0],
    ]);
    expect(scores(end)).toEqual([10, 0]);
    const final = finalEntries(end);
    // The goods come last in the final scoring, wine, grain, cloth.
    expect(final.slice(-3).map((e) => [e.kind, e.id])).toEqual([
      ['goods', 'wine'],
      ['goods', 'grain'],
      ['goods', 'cloth'],
    ]);
    const lines = goodsEntries(end);
    expect(lines).toHaveLength(3);
    const common = { phase: 'final', kind: 'goods', complete: false, tiles: [], pennants: 0, fields: [], cities: [] };
    expect(lines[0]).toMatchObject({ ...common, id: 'wine', meeples: [1, 1], holders: [0, 1], points: 10, awarded: [10, 10] });
    expect(lines[1]).toMatchObject({ ...common, id: 'grain', meeples: [0, 2], holders: [1], points: 10, awarded: [0, 10] });
    expect(lines[2]).toMatchObject({ ...common, id: 'cloth', meeples: [0, 0], holders: [], awarded: [0, 0] });
    expect(finalScores(end)).toEqual([20, 20]);
    // The breakdown adds up to the totals.
    const f = scoreFinal(end);
    expect([0, 1].map((p) => f.breakdown.reduce((sum, e) => sum + (e.awarded[p] ?? 0), 0))).toEqual([20, 20]);
    expect(f.winners).toEqual([0, 1]);
  });

  it('rules-facts §e ("a player with 0 tokens of a kind cannot win that kind"): a new game has three goods lines and nobody gets 10; none without the expansion', () => {
    const s = newGame(['U'], TB);
    expect(goods(s)).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(goodsEntries(s).map((e) => [e.id, e.holders, e.awarded])).toEqual([
      ['wine', [], [0, 0]],
      ['grain', [], [0, 0]],
      ['cloth', [], [0, 0]],
    ]);
    expect(finalScores(s)).toEqual([0, 0]);
    expect(goodsEntries(newGame(['U']))).toEqual([]);
  });
});

describe('The builder: deploying (rules-facts §e "Builder", papageek Builders)', () => {
  it("papageek Builders: the builder goes on a road or city holding one of its owner's meeples; elsewhere no-own-meeple or figure-not-allowed", () => {
    const s = newGame(['U', 'B', 'U', 'A'], TB);
    expect(builders(s)).toEqual([1, 1]);
    expect(pigs(s)).toEqual([1, 1]);
    expect(supply(s)).toEqual([7, 7]);
    const u = { tile: 'U', x: 1, y: 0, rotation: 0 } as const;
    // D's road holds nobody: no own meeple to join.
    expect(rejection(s, { ...u, meeple: { at: 'E', kind: 'builder' } })?.code).toBe('no-own-meeple');
    // Never on a field.
    const field = rejection(s, { ...u, meeple: { at: 'NNW', kind: 'builder' } });
    expect(field?.code).toBe('figure-not-allowed');
    expect(field?.message).toContain('field');
    // t0 A: U at (1,0), thief on D's road.  t1 B: B (cloister) at (0,1).
    const s2 = last(
      scenarioTB(
        [
          ['U', 1, 0, 0, 'E'],
          ['B', 0, 1, 0],
        ],
        TB,
        ['U', 'A'],
      ),
    );
    expect(s2.currentPlayer).toBe(0);
    // A's U at (2,0) joins the road with A's thief: the builder may go there.
    const u2 = { tile: 'U', x: 2, y: 0, rotation: 0 } as const;
    expect(rejection(s2, { ...u2, meeple: { at: 'E', kind: 'builder' } })).toBeNull();
    expect(
      legalTurns(s2)
        .filter((m) => m.x === 2 && m.y === 0 && m.rotation === 0 && m.meeple?.kind === 'builder')
        .map((m) => m.meeple?.at),
    ).toEqual(['E']);
    // Not on the fields of that tile.
    expect(rejection(s2, { ...u2, meeple: { at: 'ESE', kind: 'builder' } })?.code).toBe('figure-not-allowed');
    const s3 = applyMove(s2, { ...u2, meeple: { at: 'E', kind: 'builder' } });
    expect(builders(s3)).toEqual([0, 1]);
    expect(supply(s3)).toEqual([6, 7]);
    expect(s3.meeples.at(-1)).toEqual({ owner: 0, kind: 'builder', x: 2, y: 0, at: 'E', feature: 'road' });
    expect(s3.placements.at(-1)).toMatchObject({ player: 0, meeple: { at: 'E', kind: 'builder' } });
    // B's A@270 at (-1,0) joins the same road: it holds A's meeples, not B's.
    const a = { tile: 'A', x: -1, y: 0, rotation: 270 } as const;
    const notOwn = rejection(s3, { ...a, meeple: { at: 'E', kind: 'builder' } });
    expect(notOwn?.code).toBe('no-own-meeple');
    // Never on a cloister.
    expect(rejection(s3, { ...a, meeple: { at: 'C', kind: 'builder' } })?.code).toBe('figure-not-allowed');
  });

  it("rules-facts §e (one builder per player): a second builder is 'no-meeples-left'; without the expansion 'figure-not-allowed'", () => {
    // t0 A: U (1,0) thief.  t1 B: B (0,1).  t2 A: U (2,0) builder.  t3 B: B (1,1) (fields only).
    const s = last(
      scenarioTB(
        [
          ['U', 1, 0, 0, 'E'],
          ['B', 0, 1, 0],
          ['U', 2, 0, 0, 'builder:E'],
          ['B', 1, 1, 0],
        ],
        TB,
        ['U'],
      ),
    );
    expect(s.currentPlayer).toBe(0);
    const err = rejection(s, { tile: 'U', x: 3, y: 0, rotation: 0, meeple: { at: 'E', kind: 'builder' } });
    expect(err?.code).toBe('no-meeples-left');
    expect(err?.message).toContain('builder');
    expect(legalTurns(s).some((m) => m.meeple?.kind === 'builder')).toBe(false);
    const base = last(
      scenarioTB(
        [
          ['U', 1, 0, 0, 'E'],
          ['B', 0, 1, 0],
        ],
        {},
        ['U'],
      ),
    );
    const off = rejection(base, { tile: 'U', x: 2, y: 0, rotation: 0, meeple: { at: 'E', kind: 'builder' } });
    expect(off?.code).toBe('figure-not-allowed');
    expect(off?.message).toContain('Traders & Builders');
    expect(legalTurns(base).some((m) => m.meeple?.kind === 'builder' || m.meeple?.kind === 'pig')).toBe(false);
  });
});

/**
 * A road east of D, with A's thief and builder:
 *   0 A: U at (1,0), thief (E). Road = D + U, open both ways.
 *   1 B: B (cloister) at (0,1): fields only.
 *   2 A: U at (2,0), builder (E): the builder deployed with this tile gives no second tile.
 *   3 B: A@270 at (-1,0): closes the road's west end. B's tile extends the road holding A's
 *        builder: nothing for B (no builder of B's there), nothing for A (not A's tile).
 *   4 A: U at (3,0): extends the road with A's builder: A plays a second tile at once.
 *   5 A: U at (4,0) (second part): extends it again, but a second part gives no third tile.
 *   6 B: B at (1,1): fields only.
 *   7 A: TB-A@180 at (5,0) (road W ending at its city S), knight on the city (S): extends the
 *        road and completes it: A(-1,0), D, U×4, TB-A = 7 tiles: 7 to A (the thief; the builder
 *        counts 0); thief and builder return. The second part still happens.
 *   8 A: TB-Q@90 at (5,1) (second part; city N-S joins TB-A's city with A's knight): the
 *        returned builder goes on the city (N). Then B moves.
 */
const ROAD: TBStep[] = [
  ['U', 1, 0, 0, 'E'],
  ['B', 0, 1, 0],
  ['U', 2, 0, 0, 'builder:E'],
  ['A', -1, 0, 270],
  ['U', 3, 0, 0],
  ['U', 4, 0, 0],
  ['B', 1, 1, 0],
  ['TB-A', 5, 0, 180, 'S'],
  ['TB-Q', 5, 1, 90, 'builder:N'],
];

describe('The builder: double turns (rules-facts §e "Double turn", "No chain", "Builder removed in part one")', () => {
  const states = scenarioTB(ROAD, TB);
  const stateAfter = (i: number): GameState => states[i + 1] as GameState;

  it('papageek Builders: the builder deployed this turn gives no second tile; a tile of another player extending the road gives nobody a second tile', () => {
    expect(turnOf(stateAfter(0))).toEqual([1, 1, false]);
    expect(turnOf(stateAfter(1))).toEqual([2, 0, false]);
    // Step 2: A's builder goes on the road with A's thief; B moves next.
    expect(turnOf(stateAfter(2))).toEqual([3, 1, false]);
    expect(builders(stateAfter(2))).toEqual([0, 1]);
    // Step 3: B's tile extends the road holding A's builder: A moves next, in a normal turn.
    expect(turnOf(stateAfter(3))).toEqual([4, 0, false]);
    expect(featuresAt(stateAfter(3), 'road', 0, 0)[0]?.meeples.map((m) => [m.owner, m.kind])).toEqual([
      [0, 'follower'],
      [0, 'builder'],
    ]);
  });

  it("rules-facts §e: a tile of the builder's owner extending its road gives a second tile: extraTurn 'builder', same player, turn + 1", () => {
    expect(turnOf(stateAfter(4))).toEqual([5, 0, true]);
    expect(stateAfter(4).currentTile).toBe('U');
    expect(stateAfter(4).placements).toHaveLength(6);
  });

  it('wikicarpedia T&B (1st edition) /25 ("no chain reaction"): the second tile extends the road again but gives no third: B moves', () => {
    expect(turnOf(stateAfter(5))).toEqual([6, 1, false]);
    expect(turnOf(stateAfter(6))).toEqual([7, 0, false]);
    expect(featuresAt(stateAfter(6), 'road', 0, 0)[0]).toMatchObject({ complete: false });
    expect(featuresAt(stateAfter(6), 'road', 0, 0)[0]?.tiles).toHaveLength(6);
  });

  it('wikicarpedia T&B (1st edition) /21 + /25: the first tile completes the road: builder and thief return, the second part still happens, and the returned builder may go on the second tile', () => {
    const s7 = stateAfter(7);
    const [road] = heldOf(scoredNow(s7), 'road');
    // 7 tiles, 1 a tile; A's strength is 1 (the thief; the builder counts 0).
    expect(road).toMatchObject({ complete: true, points: 7, meeples: [1, 0], holders: [0], awarded: [7, 0] });
    expect(road?.tiles).toHaveLength(7);
    expect(scores(s7)).toEqual([7, 0]);
    expect(s7.events.map((e) => e.type)).toEqual(['tile-placed', 'meeple-placed', 'feature-scored', 'meeple-returned', 'meeple-returned']);
    expect(s7.events).toContainEqual({ type: 'meeple-returned', owner: 0, kind: 'builder', x: 2, y: 0, at: 'E' });
    expect(s7.events).toContainEqual({ type: 'meeple-returned', owner: 0, kind: 'follower', x: 1, y: 0, at: 'E' });
    expect(builders(s7)).toEqual([1, 1]);
    // A: 7 - knight on TB-A = 6 (the thief is back).
    expect(supply(s7)).toEqual([6, 7]);
    expect(turnOf(s7)).toEqual([8, 0, true]);
    const s8 = stateAfter(8);
    expect(builders(s8)).toEqual([0, 1]);
    expect(s8.meeples.at(-1)).toEqual({ owner: 0, kind: 'builder', x: 5, y: 1, at: 'N', feature: 'city' });
    expect(turnOf(s8)).toEqual([9, 1, false]);
    expect(movers(s8)).toEqual([0, 1, 0, 1, 0, 0, 1, 0, 0]);
    expect(s8.placements.map((p) => p.meeple?.kind ?? null)).toEqual([
      null,
      'follower',
      null,
      'builder',
      null,
      null,
      null,
      null,
      'follower',
      'builder',
    ]);
  });

  it("rules-facts §e: a city works like a road: extending the builder's city gives a second tile, completing it returns the builder and hands out its goods", () => {
    // ROAD, then:
    //   9 B: B at (2,1) (fields only).
    //  10 A: E at (5,2): cap N closes TB-Q's S side -> city TB-A(5,0), TB-Q(5,1), E(5,2) = 3 tiles,
    //        no pennant: 2×3 = 6 to A (knight; the builder counts 0); knight and builder return;
    //        A placed the completing tile: 1 wine (TB-Q). The tile extended the city with A's
    //        builder: A plays a second tile.
    //  11 A: B at (6,1) (second part; its W field meets TB-Q's E field). Then B.
    const more = scenarioTB([...ROAD, ['B', 2, 1, 0], ['E', 5, 2, 0], ['B', 6, 1, 0]], TB);
    const s10 = more[11] as GameState;
    const [city] = heldOf(scoredNow(s10), 'city');
    expect(city).toMatchObject({ complete: true, points: 6, meeples: [1, 0], holders: [0], awarded: [6, 0] });
    expect(city?.tiles).toHaveLength(3);
    expect(scores(s10)).toEqual([13, 0]);
    expect(s10.events.map((e) => e.type)).toEqual(['tile-placed', 'feature-scored', 'meeple-returned', 'meeple-returned', 'goods-taken']);
    expect(s10.events).toContainEqual({ type: 'meeple-returned', owner: 0, kind: 'builder', x: 5, y: 1, at: 'N' });
    expect(goods(s10)).toEqual([
      [1, 0, 0],
      [0, 0, 0],
    ]);
    expect(builders(s10)).toEqual([1, 1]);
    expect(supply(s10)).toEqual([7, 7]);
    expect(turnOf(s10)).toEqual([11, 0, true]);
    expect(turnOf(last(more))).toEqual([12, 1, false]);
    expect(movers(last(more))).toEqual([0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0]);
  });
});

describe('The builder: what extends its feature (rules-facts §e "extends the road or city containing your builder")', () => {
  /**
   * The builder on the bridge TB-B:
   *   0 A: U at (1,0), thief (E).   1 B: B at (0,1).
   *   2 A: TB-B at (2,0), builder on its E-W road (E), which is D's road with A's thief.
   *   3 B: B at (1,1).
   *   4 A: TB-A@90 at (2,-1): its road S joins the bridge's N-S road: it touches the builder's
   *        tile but not its road: no second tile, B moves.
   *   5 B: B at (-1,1).
   *   6 A: U at (3,0): joins the E-W road: a second tile.   7 A: U at (4,0). Then B.
   */
  it('rules-facts §e ("extends"): a tile joining the other road of the builder\'s bridge tile is no extension; a tile joining the builder\'s road is', () => {
    const states = scenarioTB(
      [
        ['U', 1, 0, 0, 'E'],
        ['B', 0, 1, 0],
        ['TB-B', 2, 0, 0, 'builder:E'],
        ['B', 1, 1, 0],
        ['TB-A', 2, -1, 90],
        ['B', -1, 1, 0],
        ['U', 3, 0, 0],
        ['U', 4, 0, 0],
      ],
      TB,
    );
    const stateAfter = (i: number): GameState => states[i + 1] as GameState;
    expect(stateAfter(2).meeples.at(-1)).toEqual({ owner: 0, kind: 'builder', x: 2, y: 0, at: 'E', feature: 'road' });
    expect(turnOf(stateAfter(2))).toEqual([3, 1, false]);
    expect(turnOf(stateAfter(4))).toEqual([5, 1, false]);
    expect(turnOf(stateAfter(6))).toEqual([7, 0, true]);
    expect(turnOf(stateAfter(7))).toEqual([8, 1, false]);
    expect(movers(stateAfter(7))).toEqual([0, 1, 0, 1, 0, 1, 0, 0]);
  });
});

describe('The builder counts for no majority (rules-facts §e "No majority weight", "Return")', () => {
  /**
   * A road from two pieces, closed by cloisters:
   *   0 A: A@270 at (-1,0): road E ends D's road on the west; thief (E). Piece 1 = A + D.
   *   1 B: V@270 at (0,1) (road E-S; its N field on D's S field), thief (E). Piece 2.
   *   2 A: V at (1,0) (road W-S continues piece 1), builder (S).
   *   3 B: V@90 at (1,1) (road W-N) joins pieces 1 and 2 (B's tile: no second tile).
   *   4 A: A@180 at (0,2) (road N ends at its cloister) -> completed: A(-1,0), D, V(1,0), V(1,1),
   *        V(0,1), A(0,2) = 6 tiles. A: thief 1 + builder 0 = 1, B: 1: a tie, 6 each.
   *        A's tile extended the road with A's builder: A plays a second tile.
   *   5 A: B at (-1,-1) (fields only), second part. Then B.
   */
  const TIE: TBStep[] = [
    ['A', -1, 0, 270, 'E'],
    ['V', 0, 1, 270, 'E'],
    ['V', 1, 0, 0, 'builder:S'],
    ['V', 1, 1, 90],
    ['A', 0, 2, 180],
    ['B', -1, -1, 0],
  ];

  it('wikicarpedia T&B (1st edition) /25 ("builder not counted"): one thief + builder against one thief is a tie: 6 each', () => {
    const states = scenarioTB(TIE, TB);
    const s3 = states[4] as GameState;
    expect(turnOf(s3)).toEqual([4, 0, false]);
    const s4 = states[5] as GameState;
    const [road] = heldOf(scoredNow(s4), 'road');
    expect(road).toMatchObject({ complete: true, points: 6, meeples: [1, 1], holders: [0, 1], awarded: [6, 6] });
    expect(road?.tiles).toHaveLength(6);
    expect(scores(s4)).toEqual([6, 6]);
    // All three figures return.
    expect(builders(s4)).toEqual([1, 1]);
    expect(supply(s4)).toEqual([7, 7]);
    expect(s4.meeples).toEqual([]);
    expect(turnOf(s4)).toEqual([5, 0, true]);
    const end = last(states);
    expect(turnOf(end)).toEqual([6, 1, false]);
    expect(movers(end)).toEqual([0, 1, 0, 1, 0, 0]);
  });

  /**
   * The same road with a third piece, so that B has two thieves:
   *   0 A: A@270 (-1,0), thief.   1 B: V@270 (0,1), thief.   2 A: V (1,0), builder (S).
   *   3 B: A at (-1,1) (road S from its cloister), thief (S). Piece 3.
   *   4 A: B at (-1,-1).          5 B: V@90 (1,1) joins pieces 1 and 2.
   *   6 A: B at (-2,0).           7 B: V@90 at (0,2) (road N-W) continues piece 2 to (-1,2).
   *   8 A: V@180 at (-1,2) (road N-E) joins piece 3 -> completed: A(-1,0), D, V(1,0), V(1,1),
   *        V(0,1), V(0,2), V(-1,2), A(-1,1) = 8 tiles. A 1 (+ builder 0), B 2: B alone, 8.
   */
  it('papageek Builders ("builders are not counted"): one thief + builder against two thieves: the two thieves win alone (8 to B, 0 to A)', () => {
    const states = scenarioTB(
      [
        ['A', -1, 0, 270, 'E'],
        ['V', 0, 1, 270, 'E'],
        ['V', 1, 0, 0, 'builder:S'],
        ['A', -1, 1, 0, 'S'],
        ['B', -1, -1, 0],
        ['V', 1, 1, 90],
        ['B', -2, 0, 0],
        ['V', 0, 2, 90],
        ['V', -1, 2, 180],
      ],
      TB,
    );
    const end = last(states);
    expect(movers(end)).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0]);
    const [road] = heldOf(scoredNow(end), 'road');
    expect(road).toMatchObject({ complete: true, points: 8, meeples: [1, 2], holders: [1], awarded: [0, 8] });
    expect(road?.tiles).toHaveLength(8);
    expect(scores(end)).toEqual([0, 8]);
    // The builder returns with its feature even though its owner did not score.
    expect(builders(end)).toEqual([1, 1]);
    expect(supply(end)).toEqual([7, 7]);
    // A's tile extended the road with A's builder: the second part follows.
    expect(turnOf(end)).toEqual([9, 0, true]);
  });

  /**
   * Two builders on one road:
   *   0 A: A@270 (-1,0), thief.   1 B: V@270 (0,1), thief.
   *   2 A: V (1,0), builder (S) on piece 1.
   *   3 B: V@90 at (0,2) (road N-W continues piece 2), builder (N).
   *   4 A: B at (-1,-1).
   *   5 B: V@90 at (1,1) joins pieces 1 and 2: B's tile extends the road with B's builder: B plays
   *        a second tile. Both builders are now on one road.
   *   6 B: B at (-2,0) (second part).
   *   7 A: A@270 at (-1,2): road E ends the road -> completed: A(-1,0), D, V(1,0), V(1,1), V(0,1),
   *        V(0,2), A(-1,2) = 7 tiles. A 1, B 1: a tie, 7 each; both builders return; A's tile
   *        extended the road with A's builder: A's second part follows.
   */
  it('papageek Builders ("multiple builders"): builders of different players may share a road; both return when it is completed', () => {
    const states = scenarioTB(
      [
        ['A', -1, 0, 270, 'E'],
        ['V', 0, 1, 270, 'E'],
        ['V', 1, 0, 0, 'builder:S'],
        ['V', 0, 2, 90, 'builder:N'],
        ['B', -1, -1, 0],
        ['V', 1, 1, 90],
        ['B', -2, 0, 0],
        ['A', -1, 2, 270],
      ],
      TB,
    );
    const s5 = states[6] as GameState;
    expect(turnOf(s5)).toEqual([6, 1, true]);
    const road = featuresAt(s5, 'road', 0, 0);
    expect(road).toHaveLength(1);
    expect(
      road[0]?.meeples
        .filter((m) => m.kind === 'builder')
        .map((m) => m.owner)
        .sort(),
    ).toEqual([0, 1]);
    expect(builders(s5)).toEqual([0, 0]);
    expect(turnOf(states[7] as GameState)).toEqual([7, 0, false]);
    const end = last(states);
    expect(movers(end)).toEqual([0, 1, 0, 1, 0, 1, 1, 0]);
    const [r] = heldOf(scoredNow(end), 'road');
    expect(r).toMatchObject({ complete: true, points: 7, meeples: [1, 1], holders: [0, 1], awarded: [7, 7] });
    expect(r?.tiles).toHaveLength(7);
    expect(scores(end)).toEqual([7, 7]);
    expect(builders(end)).toEqual([1, 1]);
    expect(supply(end)).toEqual([7, 7]);
    expect(end.meeples).toEqual([]);
    expect(end.events.filter((e) => e.type === 'meeple-returned' && e.kind === 'builder')).toHaveLength(2);
    expect(turnOf(end)).toEqual([8, 0, true]);
  });
});

describe('The pig (rules-facts §e "Pig")', () => {
  it("rules-facts §e: the pig goes on a field holding one of its owner's farmers; elsewhere no-own-meeple or figure-not-allowed", () => {
    const s = newGame(['U', 'U', 'A', 'U', 'U'], TB);
    const u = { tile: 'U', x: 1, y: 0, rotation: 0 } as const;
    // D.n holds no farmer.
    expect(rejection(s, { ...u, meeple: { at: 'NNW', kind: 'pig' } })?.code).toBe('no-own-meeple');
    // Only on a field: not on a road, a city or a cloister.
    const road = rejection(s, { ...u, meeple: { at: 'E', kind: 'pig' } });
    expect(road?.code).toBe('figure-not-allowed');
    expect(road?.message).toContain('road');
    expect(rejection(newGame(['E'], TB), { tile: 'E', x: 0, y: -1, rotation: 180, meeple: { at: 'S', kind: 'pig' } })?.code).toBe(
      'figure-not-allowed',
    );
    expect(rejection(newGame(['A'], TB), { tile: 'A', x: 0, y: 1, rotation: 0, meeple: { at: 'C', kind: 'pig' } })?.code).toBe(
      'figure-not-allowed',
    );
    // t0 A: U at (1,0), farmer on its south field (D.s).
    const s1 = applyMove(s, { ...u, meeple: { at: 'ESE' } });
    // B's U at (-1,0): its south field joins D.s, which holds A's farmer, not B's.
    const v = { tile: 'U', x: -1, y: 0, rotation: 0 } as const;
    expect(rejection(s1, { ...v, meeple: { at: 'ESE', kind: 'pig' } })?.code).toBe('no-own-meeple');
    expect(rejection(s1, { ...v, meeple: { at: 'ESE' } })?.code).toBe('feature-occupied');
    const s2 = applyMove(s1, v);
    // A's A (cloister) at (0,1): its field joins D.s with A's farmer: the pig may go there.
    const a = { tile: 'A', x: 0, y: 1, rotation: 0 } as const;
    expect(
      legalTurns(s2)
        .filter((m) => m.x === 0 && m.y === 1 && m.rotation === 0 && m.meeple?.kind === 'pig')
        .map((m) => m.meeple?.at),
    ).toEqual(['NNW']);
    const s3 = applyMove(s2, { ...a, meeple: { at: 'SSE', kind: 'pig' } });
    expect(pigs(s3)).toEqual([0, 1]);
    expect(supply(s3)).toEqual([6, 7]);
    expect(s3.meeples.at(-1)).toEqual({ owner: 0, kind: 'pig', x: 0, y: 1, at: 'NNW', feature: 'field' });
    // One pig per player: B plays U at (2,0); A's U at (-2,0) joins D's south field (A's farmer),
    // but A's pig is already on the board.
    const s4 = applyMove(s3, { tile: 'U', x: 2, y: 0, rotation: 0 });
    const second = rejection(s4, { tile: 'U', x: -2, y: 0, rotation: 0, meeple: { at: 'ESE', kind: 'pig' } });
    expect(second?.code).toBe('no-meeples-left');
    expect(second?.message).toContain('pig');
    expect(legalTurns(s4).some((m) => m.meeple?.kind === 'pig')).toBe(false);
  });

  /**
   * wikicarpedia Traders and Builders (pig example): three players tied in a field bordering two
   * completed cities, two of them with a pig. Three players A, B, C:
   *   0 A: E@180 at (0,1) (cap S; its field on D's south field), farmer (NNW). F1 = D.s + E.
   *   1 B: H at (0,2) (caps N and S, field between), farmer (ENE). Its N cap closes E's cap:
   *        city C1 (2 tiles, no knight). F2 = H's field (the caps keep it apart from F1).
   *   2 C: E at (0,3) (cap N) closes H's S cap: city C2 (2 tiles); farmer (ENE). F3 = E's field.
   *   3 A: B at (-1,1) (touches only E(0,1)'s W field: F1), A's pig.
   *   4 B: B at (1,2) (touches only H's E field: F2), B's pig.
   *   5 C: B at (1,1): touches E(0,1) (F1) and B(1,2) (F2): F1 + F2.
   *   6 A: B at (1,3): touches B(1,2) and E(0,3) (F3): one field.
   * The field borders C1 and C2 (both complete) and no other city. Farmers 1, 1, 1: all tied.
   * farm-3: A 4×2 = 8 (pig), B 4×2 = 8 (pig), C 3×2 = 6.
   * farm-3-once: the same (one field: each city once per player): 8, 8, 6.
   * city-4 (documented choice): C1 and C2 each won by all three (1, 1, 1); 5 with a pig, else 4:
   *   A 5×2 = 10, B 10, C 4×2 = 8.
   * none: 0.
   */
  const THREE: TBStep[] = [
    ['E', 0, 1, 180, 'NNW'],
    ['H', 0, 2, 0, 'ENE'],
    ['E', 0, 3, 0, 'ENE'],
    ['B', -1, 1, 0, 'pig:NNW'],
    ['B', 1, 2, 0, 'pig:NNW'],
    ['B', 1, 1, 0],
    ['B', 1, 3, 0],
  ];
  const underRule = (steps: readonly TBStep[], farmers: FarmerRuleName, players: number) =>
    play(steps, { ...TB, rules: { farmers } }, players);
  const fieldLines = (s: GameState): ScoredFeature[] => finalEntries(s).filter((e) => e.kind === 'field' && e.holders.length > 0);

  it('wikicarpedia Traders and Builders: three players tied in a field with two completed cities, two with pigs: 8, 8 and 6 (farm-3)', () => {
    const states = scenarioTB(THREE, { ...TB, rules: { farmers: 'farm-3' } }, [], 3);
    const end = last(states);
    expect(movers(end)).toEqual([0, 1, 2, 0, 1, 2, 0]);
    expect(scores(end)).toEqual([0, 0, 0]);
    const field = featuresAt(end, 'field', 0, 1).filter((f) => f.meeples.length > 0);
    expect(field).toHaveLength(1);
    expect(field[0]?.meeples.map((m) => [m.owner, m.kind]).sort()).toEqual([
      [0, 'follower'],
      [0, 'pig'],
      [1, 'follower'],
      [1, 'pig'],
      [2, 'follower'],
    ]);
    expect(field[0]?.cities).toHaveLength(2);
    const lines = fieldLines(end);
    expect(lines).toHaveLength(1);
    // The pigs count 0 for the majority: 1, 1, 1.
    expect(lines[0]).toMatchObject({ meeples: [1, 1, 1], holders: [0, 1, 2], awarded: [8, 8, 6] });
    expect(lines[0]?.cities).toHaveLength(2);
    expect(lines[0]?.note).toContain('pig');
    expect(finalScores(end)).toEqual([8, 8, 6]);
  });

  it('rules-facts §e + §a: the same field under farm-3-once (8, 8, 6), city-4 (documented: 5 with a pig: 10, 10, 8) and none (0)', () => {
    const expected: Record<FarmerRuleName, number[]> = {
      'farm-3': [8, 8, 6],
      'farm-3-once': [8, 8, 6],
      'city-4': [10, 10, 8],
      none: [0, 0, 0],
    };
    for (const rule of ['farm-3', 'farm-3-once', 'city-4', 'none'] as const) {
      const end = underRule(THREE, rule, 3);
      expect(finalScores(end), rule).toEqual(expected[rule]);
    }
    // city-4: one line per completed city, each 5, 5, 4.
    const lines = fieldLines(underRule(THREE, 'city-4', 3));
    expect(lines.map((e) => [e.meeples, e.holders, e.awarded])).toEqual([
      [
        [1, 1, 1],
        [0, 1, 2],
        [5, 5, 4],
      ],
      [
        [1, 1, 1],
        [0, 1, 2],
        [5, 5, 4],
      ],
    ]);
  });

  /**
   * The same field with two players: A 1 farmer + pig, B 2 farmers.
   *   0 A: E@180 (0,1), farmer.  1 B: H (0,2), farmer.  2 A: B (-1,1), pig.
   *   3 B: E (0,3), farmer.      4 A: B (1,2).          5 B: B (1,1).     6 A: B (1,3).
   * B has the majority (2 against 1; the pig counts 0): farm-3 / farm-3-once: B 3×2 = 6, A
   * nothing; city-4: B wins both cities: 4×2 = 8, A nothing. The pig helps only its field's holder.
   */
  const TWO: TBStep[] = [
    ['E', 0, 1, 180, 'NNW'],
    ['H', 0, 2, 0, 'ENE'],
    ['B', -1, 1, 0, 'pig:NNW'],
    ['E', 0, 3, 0, 'ENE'],
    ['B', 1, 2, 0],
    ['B', 1, 1, 0],
    ['B', 1, 3, 0],
  ];

  it('rules-facts §e ("if you score that field"): a pig whose owner lacks the majority does nothing (B 6, A 0; city-4: B 8, A 0)', () => {
    const expected: Record<FarmerRuleName, number[]> = { 'farm-3': [0, 6], 'farm-3-once': [0, 6], 'city-4': [0, 8], none: [0, 0] };
    for (const rule of ['farm-3', 'farm-3-once', 'city-4', 'none'] as const) {
      const end = underRule(TWO, rule, 2);
      expect(finalScores(end), rule).toEqual(expected[rule]);
      if (rule !== 'none') for (const line of fieldLines(end)) expect(line, rule).toMatchObject({ meeples: [1, 2], holders: [1] });
    }
  });

  /**
   * One completed city, two separate fields of A bordering it; the pig stands in the field A
   * farmed second (so that a first-field rule would credit the city to the field without it).
   *   0 A: E@180 (0,-1) completes the city with D's cap; farmer on E's field F1.
   *   1 B: U (0,-2) (joins F1, no figure).   2 A: U (1,0), farmer on its north field: D's north field F2.
   *   3 B: U (0,-3).                         4 A: U (-1,0), pig on its north field (F2 again).
   * F1 and F2 stay apart (the city and D's road lie between them); both border the city.
   * farm-3: F1 3 + F2 4 (pig) = 7. farm-3-once: the city counts once for A, through the pig's field:
   * 4 (docs/rules.md: the pig's point is not lost to board order). city-4: A wins the city, with a
   * pig in a bordering field: 5. none: 0.
   */
  it("docs/rules.md (farm-3-once with a pig): a city bordering two of the player's fields counts once, through the pig's field: 4", () => {
    const steps: TBStep[] = [
      ['E', 0, -1, 180, 'NNW'],
      ['U', 0, -2, 0],
      ['U', 1, 0, 0, 'NNW'],
      ['U', 0, -3, 0],
      ['U', -1, 0, 0, 'pig:NNE'],
    ];
    const expected: Record<FarmerRuleName, number[]> = { 'farm-3': [7, 0], 'farm-3-once': [4, 0], 'city-4': [5, 0], none: [0, 0] };
    for (const rule of ['farm-3', 'farm-3-once', 'city-4', 'none'] as const) {
      expect(finalScores(underRule(steps, rule, 2)), rule).toEqual(expected[rule]);
    }
    // farm-3-once breakdown (fields by their oldest segment: D's field F2 first): F2 4, F1 nothing.
    expect(fieldLines(underRule(steps, 'farm-3-once', 2)).map((e) => [e.id, e.awarded])).toEqual([
      ['0,0:ENE', [4, 0]],
      ['0,-1:NNW', [0, 0]],
    ]);
  });

  it('brief 6 (FarmerInput.pigs): a custom farmer rule is told who has a pig in each field (A and B: [1, 1, 0])', () => {
    let seen: FarmerInput | null = null;
    const spy: FarmerRule = (input) => {
      seen = input;
      return farmerRules['farm-3'](input);
    };
    const end = play(THREE, { ...TB, rules: { farmers: spy } }, 3);
    expect(finalScores(end)).toEqual([8, 8, 6]);
    const input = seen as FarmerInput | null;
    expect(input?.fields).toHaveLength(1);
    expect(input?.fields[0]).toMatchObject({ meeples: [1, 1, 1], pigs: [1, 1, 0] });
  });

  it('rules-facts §e ("it stays until the end"): the pigs stay on the board through completions; the pig in supply is gone for good', () => {
    const states = scenarioTB(THREE, TB, [], 3);
    const pigOwners = (s: GameState) => s.meeples.filter((m) => m.kind === 'pig').map((m) => m.owner);
    // After step 3 A's pig is on the board, after step 4 B's too; they stay to the end.
    expect(pigOwners(states[4] as GameState)).toEqual([0]);
    for (const s of states.slice(5)) expect(pigOwners(s), `turn ${s.turn}`).toEqual([0, 1]);
    const end = last(states);
    expect(pigs(end)).toEqual([0, 0, 1]);
    // Farmers and pigs stay: 3 farmers and 2 pigs on the board.
    expect(supply(end)).toEqual([6, 6, 6]);
    expect(end.meeples).toHaveLength(5);
    expect(states.some((s) => s.events.some((e) => e.type === 'meeple-returned'))).toBe(false);
  });
});

describe('The special tiles (rules-facts §e contents, §j.6; traders-builders.json)', () => {
  /**
   * TB-B, the bridge, at (1,0): road E-W continues D's road, road N-S crosses it on the bridge.
   *   0 A: TB-B at (1,0), thief on the E-W road (E).
   *   1 B: TB-A@90 at (1,-1) (city E, road S ending at it): joins the N-S road, which holds
   *        nobody (it is not the E-W road): B's thief (S).
   *   2 A: W at (-1,0) (junction): its road E ends D's road on the west.
   *   3 B: T@180 at (1,1) (road N ending at its city) -> N-S road completed: TB-A, TB-B, T =
   *        3 tiles: 3 to B.
   *   4 A: X at (2,0) (crossroads): its road W ends the E-W road -> completed: W, D, TB-B, X =
   *        4 tiles: 4 to A.
   * The bridge tile counts for both roads; the N-S road is not part of D's road.
   */
  it('rules-facts §e + traders-builders.json (TB-B): the bridge is no junction: each road continues through it and scores on its own (4 and 3)', () => {
    const states = scenarioTB(
      [
        ['TB-B', 1, 0, 0, 'E'],
        ['TB-A', 1, -1, 90, 'S'],
        ['W', -1, 0, 0],
        ['T', 1, 1, 180],
        ['X', 2, 0, 0],
      ],
      TB,
    );
    const s0 = states[1] as GameState;
    const roads = featuresAt(s0, 'road', 1, 0);
    expect(roads).toHaveLength(2);
    expect(roads.map((r) => r.segments.find((g) => g.x === 1 && g.y === 0)?.at).sort()).toEqual(['E', 'N']);
    // The E-W road is D's road (D + TB-B), the N-S road is TB-B alone.
    expect(featuresAt(s0, 'road', 0, 0)[0]?.tiles).toHaveLength(2);
    expect(scoredNow(states[3] as GameState)).toEqual([]);
    const s3 = states[4] as GameState;
    const [ns] = heldOf(scoredNow(s3), 'road');
    expect(ns).toMatchObject({ complete: true, points: 3, holders: [1], awarded: [0, 3] });
    expect(ns?.tiles.map((t) => `${t.x},${t.y}`).sort()).toEqual(['1,-1', '1,0', '1,1']);
    const end = last(states);
    const [ew] = heldOf(scoredNow(end), 'road');
    expect(ew).toMatchObject({ complete: true, points: 4, holders: [0], awarded: [4, 0] });
    expect(ew?.tiles.map((t) => `${t.x},${t.y}`).sort()).toEqual(['-1,0', '0,0', '1,0', '2,0']);
    expect(scores(end)).toEqual([4, 3]);
  });

  it('traders-builders.json (TB-B): the four corner fields of the bridge stay separate fields', () => {
    const s = newGame(['TB-B'], TB);
    const s0 = applyMove(s, { tile: 'TB-B', x: 1, y: 0, rotation: 0 });
    const fields = featuresAt(s0, 'field', 1, 0);
    expect(fields).toHaveLength(4);
    expect(fields.map((f) => f.segments.filter((g) => g.x === 1 && g.y === 0).map((g) => g.at)).sort()).toEqual([
      ['ESE'],
      ['NNE'],
      ['NNW'],
      ['SSW'],
    ]);
    // The NW corner is D's north field, the SW corner D's south field.
    expect(featuresAt(s0, 'field', 0, 0)).toHaveLength(2);
    // Four farmer spots on the bridge, two thief spots.
    const at0 = legalTurns(s)
      .filter((m) => m.x === 1 && m.y === 0 && m.rotation === 0 && m.meeple?.kind === 'follower')
      .map((m) => m.meeple?.at);
    expect(at0).toEqual(['N', 'E', 'NNW', 'NNE', 'ESE', 'SSW']);
  });

  /**
   * TB-J at (0,1): cloister, roads E, S and W each ending at it; its N field on D's south field.
   *   0 A: TB-J, thief on the E road (E).
   *   1 B: A@90 at (1,1): road W ends at its cloister -> the E road is completed: TB-J + A =
   *        2 tiles: 2 to A (the S and W roads are other roads).
   */
  it('manualzz T&B rule text + traders-builders.json (TB-J): the cloister ends three roads and splits three fields: a 2-tile road scores 2', () => {
    const states = scenarioTB(
      [
        ['TB-J', 0, 1, 0, 'E'],
        ['A', 1, 1, 90],
      ],
      TB,
    );
    const s0 = states[1] as GameState;
    expect(featuresAt(s0, 'road', 0, 1)).toHaveLength(3);
    expect(featuresAt(s0, 'field', 0, 1)).toHaveLength(3);
    expect(featuresAt(s0, 'cloister', 0, 1)).toHaveLength(1);
    // The N field is D's south field.
    expect(featuresAt(s0, 'field', 0, 1).filter((f) => f.tiles.some((t) => t.x === 0 && t.y === 0))).toHaveLength(1);
    const end = last(states);
    const [road] = heldOf(scoredNow(end), 'road');
    expect(road).toMatchObject({ complete: true, points: 2, holders: [0], awarded: [2, 0] });
    expect(road?.tiles).toHaveLength(2);
    expect(scores(end)).toEqual([2, 0]);
    const open = featuresAt(end, 'road', 0, 1).filter((f) => !f.complete);
    expect(open).toHaveLength(2);
    expect(open.map((f) => f.tiles.length)).toEqual([1, 1]);
  });

  /**
   * TB-C at (1,0): city cap N, road W ending at the cottage (joins D's road), road S ending at
   * the city.
   *   0 A: TB-C, thief on the W road (W).
   *   1 B: A@270 at (-1,0) ends D's road on the west -> completed: A, D, TB-C = 3 tiles: 3 to A.
   */
  it("manualzz T&B rule text + traders-builders.json (TB-C): the cottage ends the road: A, D, TB-C = 3 tiles scores 3; TB-C's other road is apart", () => {
    const states = scenarioTB(
      [
        ['TB-C', 1, 0, 0, 'W'],
        ['A', -1, 0, 270],
      ],
      TB,
    );
    const s0 = states[1] as GameState;
    expect(featuresAt(s0, 'road', 1, 0)).toHaveLength(2);
    expect(featuresAt(s0, 'road', 0, 0)[0]).toMatchObject({ open: 1 });
    const end = last(states);
    const [road] = heldOf(scoredNow(end), 'road');
    expect(road).toMatchObject({ complete: true, points: 3, holders: [0], awarded: [3, 0] });
    expect(road?.tiles).toHaveLength(3);
    expect(scores(end)).toEqual([3, 0]);
    const other = featuresAt(end, 'road', 1, 0).filter((f) => !f.complete);
    expect(other).toHaveLength(1);
    expect(other[0]?.segments).toEqual([{ x: 1, y: 0, at: 'S' }]);
  });

  it('reference README §1 ("interior") + traders-builders.json: TB-M, TB-N, TB-P and TB-X have an enclosed field: a farmer may stand on spot I', () => {
    // Each at (0,-1) turned 0: a city on the S side closes over D's cap.
    for (const id of ['TB-M', 'TB-N', 'TB-P', 'TB-X']) {
      const s = newGame([id], TB);
      const here = legalTurns(s).filter((m) => m.x === 0 && m.y === -1 && m.rotation === 0);
      expect(
        here.filter((m) => m.meeple?.at === 'I').map((m) => m.meeple?.kind),
        id,
      ).toEqual(['follower']);
      const t = applyMove(s, { tile: id, x: 0, y: -1, rotation: 0, meeple: { at: 'I' } });
      const f = features(t).filter((x) => x.kind === 'field' && x.meeples.length > 0);
      expect(f, id).toHaveLength(1);
      expect(f[0]?.segments, id).toEqual([{ x: 0, y: -1, at: 'I' }]);
    }
  });

  it('traders-builders.json (TB-X) + rules-facts §a: a farmer on the enclosed field scores its completed city: farm-3 3, city-4 4', () => {
    // 0 A: TB-X at (0,-1): city E-S (its S on D's cap), city N-W (wine); farmer on I.
    // 1 B: E@270 at (1,-1): cap W closes TB-X's E side -> city D + TB-X + E = 3 tiles, complete.
    // The enclosed field borders that city and the open wine city: one completed city.
    const steps: TBStep[] = [
      ['TB-X', 0, -1, 0, 'I'],
      ['E', 1, -1, 270],
    ];
    const expected: Record<FarmerRuleName, number[]> = { 'farm-3': [3, 0], 'farm-3-once': [3, 0], 'city-4': [4, 0], none: [0, 0] };
    for (const rule of ['farm-3', 'farm-3-once', 'city-4', 'none'] as const) {
      const end = play(steps, { ...TB, rules: { farmers: rule } });
      expect(scores(end), rule).toEqual([0, 0]);
      expect(finalScores(end), rule).toEqual(expected[rule]);
    }
  });
});

describe('legalTurns with the builder and the pig (brief: follower, large, builder, pig by spot)', () => {
  /**
   *   0 A: U at (1,0), thief on D's road (E).
   *   1 B: B at (1,-1) (fields only; its field joins D's north field, which stays empty).
   *   2 A: B at (0,1), farmer on its field (NNW): D's south field.
   *   3 B: B at (-1,1) (fields only).
   * A draws U; at (-1,0) turned 0: road E on D's road (A's thief: builder only), north field NNW
   * on D's north field (free: follower, large), south field ESE on D's south field (A's farmer:
   * pig only).
   */
  const STEPS: TBStep[] = [
    ['U', 1, 0, 0, 'E'],
    ['B', 1, -1, 0],
    ['B', 0, 1, 0, 'NNW'],
    ['B', -1, 1, 0],
  ];
  const base = { tile: 'U', x: -1, y: 0, rotation: 0 } as const;
  const movesAt = (s: GameState): TurnMove[] => legalTurns(s).filter((m) => m.x === -1 && m.y === 0 && m.rotation === 0);

  it('brief 6 (legalTurns order): by spot, follower, large meeple, builder, pig (with Inns & Cathedrals)', () => {
    const s = last(scenarioTB(STEPS, { expansions: ['inns-cathedrals', 'traders-builders'] }, ['U']));
    expect(s.currentPlayer).toBe(0);
    expect(movesAt(s)).toEqual([
      base,
      { ...base, meeple: { at: 'E', kind: 'builder' } },
      { ...base, meeple: { at: 'NNW', kind: 'follower' } },
      { ...base, meeple: { at: 'NNW', kind: 'large' } },
      { ...base, meeple: { at: 'ESE', kind: 'pig' } },
    ]);
    for (const m of movesAt(s)) expect(rejection(s, m)).toBeNull();
  });

  it('brief 6 (legalTurns order) without Inns & Cathedrals: follower, builder, pig', () => {
    const s = last(scenarioTB(STEPS, TB, ['U']));
    expect(movesAt(s)).toEqual([
      base,
      { ...base, meeple: { at: 'E', kind: 'builder' } },
      { ...base, meeple: { at: 'NNW', kind: 'follower' } },
      { ...base, meeple: { at: 'ESE', kind: 'pig' } },
    ]);
  });
});

describe('Saved states (brief: builderTurn, builders, pigs and goods are checked on load)', () => {
  it('brief 6 (saved states): every state of the builder, goods and pig scenarios survives a JSON round trip through loadState', () => {
    const games: GameState[][] = [
      scenarioTB([...ROAD, ['B', 2, 1, 0], ['E', 5, 2, 0], ['B', 6, 1, 0]], TB),
      scenarioTB(
        [
          ['A', -1, 0, 270, 'E'],
          ['V', 0, 1, 270, 'E'],
          ['V', 1, 0, 0, 'builder:S'],
          ['V', 0, 2, 90, 'builder:N'],
          ['B', -1, -1, 0],
          ['V', 1, 1, 90],
          ['B', -2, 0, 0],
          ['A', -1, 2, 270],
        ],
        TB,
      ),
      scenarioTB(
        [
          ['E', 0, 1, 180, 'NNW'],
          ['H', 0, 2, 0, 'ENE'],
          ['E', 0, 3, 0, 'ENE'],
          ['B', -1, 1, 0, 'pig:NNW'],
          ['B', 1, 2, 0, 'pig:NNW'],
          ['B', 1, 1, 0],
          ['B', 1, 3, 0],
        ],
        TB,
        [],
        3,
      ),
    ];
    for (const states of games) {
      for (const s of states) {
        const copy = JSON.parse(JSON.stringify(s)) as GameState;
        expect(loadState(copy), `turn ${s.turn}`).toEqual(s);
      }
    }
    // In the middle of a builder's double turn (after step 4 of the first game): the flag and
    // the tokens are checked against the placements.
    const mid = JSON.parse(JSON.stringify(games[0]?.[5])) as GameState;
    expect(mid.extraTurn === 'builder').toBe(true);
    expect(validateState({ ...mid, extraTurn: null }).length).toBeGreaterThan(0);
    const end = JSON.parse(JSON.stringify(last(games[0] as GameState[]))) as { players: { goods: { wine: number } }[] };
    expect(validateState(end)).toEqual([]);
    (end.players[1] as { goods: { wine: number } }).goods.wine = 1;
    expect(validateState(end).length).toBeGreaterThan(0);
  });
});
