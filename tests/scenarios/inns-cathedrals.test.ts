/**
 * Inns & Cathedrals (rules-facts §d, §c; reference inns-cathedrals.json and README §2), rulebook
 * scenarios derived by hand:
 * - a completed road with at least one inn scores 2 a tile; the same road incomplete at the end 0;
 *   more inns add nothing. An inn at a junction (IC-C) affects only the road segment beside it (E).
 * - a completed city with at least one cathedral scores 3 a tile + 3 a pennant; incomplete at the
 *   end 0; a second cathedral adds nothing.
 * - one large meeple per player: it goes wherever a follower may (road, city, cloister, field; not a
 *   garden nor an occupied feature), counts as 2 for every majority (farmers too), does not change
 *   the points, returns like a follower.
 * - a sixth player (§d: "a sixth player set"; §i: 7 followers each).
 * Ties: every tied player scores in full (§j.8). Without the expansion: base values (1 a tile for
 * roads, 2 a tile + 2 a pennant for cities; incomplete 1 + 1).
 *
 * Geometry (x grows east, y south; rotation clockwise; rotating 90° turns N→E→S→W). D at (0,0):
 * city cap N, road E-W, field D.n (ENE+WNW, borders the cap) north of the road, D.s south.
 * Tiles used, at rotation 0 (edges N, E, S, W):
 * - A: cloister, road S ending at it, one field all round. A@90: road W; A@180: road N; A@270: road E.
 * - U: road E-W, fields north and south. V: curved road S-W. V@90: W-N; V@180: N-E; V@270: E-S.
 * - E: city cap N, field E, S, W. E@90: cap E; E@180: cap S; E@270: cap W.
 * - B: cloister, all field. F: city E-W with a pennant, fields N and S. R: city N, E, W.
 *   R@180: city E, S, W, field N. J: cap N, road E-S. K: cap N, road S-W. N: city N-W (no pennant).
 *   N@180: city S-E; N@270: city W-S.
 * - IC-A: curved road S-W with an inn (as V). IC-B: straight road E-W with an inn (as U).
 * - IC-C: junction, roads E (inn), S, W ending at it; field N. IC-C@90: inn road S, plain roads W, N.
 * - IC-N: city N-W, road S ending at it, with an inn. IC-N@90: city N-E, inn road W.
 * - IC-K: city on all four sides with a cathedral, no pennant. IC-H: four city caps around an
 *   enclosed field (spot I).
 */
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  features,
  type FarmerRuleName,
  type GameState,
  legalTurns,
  type TurnMove,
  OptionsError,
  type ScoredFeature,
} from '../../src/index.js';
import {
  finalEntries,
  finalScores,
  heldOf,
  largeMeeples,
  last,
  newGame,
  rejection,
  RING,
  scenarioIC,
  scoredNow,
  scores,
  supply,
  type Extra,
  type ICStep,
} from './board.js';

const IC = { expansions: ['inns-cathedrals'] } as const;

/** The road, city or field feature holding the segment at (x, y). */
const featureAt = (s: GameState, kind: 'road' | 'city' | 'field', x: number, y: number) =>
  features(s).filter((f) => f.kind === kind && f.segments.some((g) => g.x === x && g.y === y));

/** Plays IC steps and returns the last state. */
const play = (steps: readonly ICStep[], extra: Extra = IC): GameState => last(scenarioIC(steps, extra));

describe('Inns (rules-facts §d "Inn")', () => {
  /**
   * A road closed at both ends by cloisters, with the inn tile IC-B in it:
   *   t0 A: IC-B at (-1,0) turned 0 (road E-W joins D's road), thief on the road (E).
   *   t1 B: A@90 at (1,0): its road W ends D's road on the east.
   *   t2 A: A@270 at (-2,0): its road E ends the road on the west -> completed.
   * Road = A(-2,0), IC-B(-1,0), D(0,0), A(1,0): 4 tiles, 1 inn.
   */
  const INN_ROAD: ICStep[] = [
    ['IC-B', -1, 0, 0, 'E'],
    ['A', 1, 0, 90],
    ['A', -2, 0, 270],
  ];

  it('rules-facts §d: a completed road with an inn scores 2 a tile (4 tiles: 2×4 = 8, not 4)', () => {
    const states = scenarioIC(INN_ROAD, IC);
    const before = states[2] as GameState;
    expect(featureAt(before, 'road', 0, 0)).toHaveLength(1);
    expect(featureAt(before, 'road', 0, 0)[0]).toMatchObject({ inns: 1, complete: false });
    const end = last(states);
    const [road] = heldOf(scoredNow(end), 'road');
    // 4 tiles × 2 = 8 for A's thief.
    expect(road).toMatchObject({
      complete: true,
      points: 8,
      holders: [0],
      awarded: [8, 0],
      note: 'completed road of 4 tiles with an inn: 2×4',
    });
    expect(road?.tiles).toHaveLength(4);
    expect(scores(end)).toEqual([8, 0]);
    // The thief is back: 7 followers each.
    expect(supply(end)).toEqual([7, 7]);
    // Without the inn (U instead of IC-B, base game): 1 a tile = 4.
    const plain = play(
      [
        ['U', -1, 0, 0, 'E'],
        ['A', 1, 0, 90],
        ['A', -2, 0, 270],
      ],
      {},
    );
    expect(scores(plain)).toEqual([4, 0]);
  });

  it('rules-facts §c/§d: the same road with an inn incomplete at the end scores 0 (not 1 a tile)', () => {
    // Only t0 and t1: road IC-B(-1,0), D, A(1,0) = 3 tiles, open on the west, 1 inn.
    const end = play(INN_ROAD.slice(0, 2));
    expect(scores(end)).toEqual([0, 0]);
    const roads = finalEntries(end).filter((e) => e.kind === 'road' && e.holders.length > 0);
    expect(roads).toHaveLength(1);
    expect(roads[0]).toMatchObject({ complete: false, points: 0, holders: [0], awarded: [0, 0], note: 'incomplete road with an inn: 0' });
    expect(roads[0]?.tiles).toHaveLength(3);
    expect(finalScores(end)).toEqual([0, 0]);
    // Without the inn: 3 tiles × 1 = 3.
    expect(
      finalScores(
        play(
          [
            ['U', -1, 0, 0, 'E'],
            ['A', 1, 0, 90],
          ],
          {},
        ),
      ),
    ).toEqual([3, 0]);
  });

  it('rules-facts §d: a road with two inns scores no more than with one (4 tiles: 2×4 = 8)', () => {
    // t0 A: IC-B at (-1,0), thief on the road.  t1 B: IC-N@90 at (1,0): city N-E, inn road W
    // ending at its city, closing D's road on the east.  t2 A: A@270 at (-2,0) closes the west.
    // Road = A(-2,0), IC-B, D, IC-N = 4 tiles with 2 inns: still 2 a tile = 8 (not 16, not 12).
    const states = scenarioIC(
      [
        ['IC-B', -1, 0, 0, 'E'],
        ['IC-N', 1, 0, 90],
        ['A', -2, 0, 270],
      ],
      IC,
    );
    expect(featureAt(states[2] as GameState, 'road', 0, 0)[0]).toMatchObject({ inns: 2, complete: false });
    const end = last(states);
    expect(heldOf(scoredNow(end), 'road')[0]).toMatchObject({ points: 8, awarded: [8, 0], complete: true });
    expect(scores(end)).toEqual([8, 0]);
    // The same road with two inns, incomplete at the end (t0, t1 only): still 0.
    expect(
      finalScores(
        play([
          ['IC-B', -1, 0, 0, 'E'],
          ['IC-N', 1, 0, 90],
        ]),
      ),
    ).toEqual([0, 0]);
  });

  it('rules-facts §d + §j.2: an inn on a road loop: the loop is complete and scores 2 a tile (4 tiles: 8)', () => {
    // A 2×2 loop of curves below D (every outer edge is a field; the top one meets D's south field):
    //   (0,1) V@270 (road E-S)   (1,1) IC-A@0 (road S-W, inn)
    //   (0,2) V@180 (road N-E)   (1,2) V@90 (road W-N)
    // t0 A: V@270 with a thief (E). t1 B: IC-A. t2 A: V@180. t3 B: V@90 closes the loop.
    const states = scenarioIC(
      [
        ['V', 0, 1, 270, 'E'],
        ['IC-A', 1, 1, 0],
        ['V', 0, 2, 180],
        ['V', 1, 2, 90],
      ],
      IC,
    );
    expect(scores(states[3] as GameState)).toEqual([0, 0]);
    const end = last(states);
    const [loop] = heldOf(scoredNow(end), 'road');
    // Loop of 4 tiles with 1 inn: 2×4 = 8 for A (B placed the closing tile but has no thief there).
    expect(loop).toMatchObject({ complete: true, points: 8, holders: [0], awarded: [8, 0] });
    expect(loop?.tiles).toHaveLength(4);
    expect(scores(end)).toEqual([8, 0]);
    // The same loop unfinished (3 tiles, t0-t2) at the end: 0.
    expect(finalScores(states[3] as GameState)).toEqual([0, 0]);
  });

  it('rules-facts §d + README §2 (IC-C): only the road beside the inn (E) gets the bonus; roads through S or W score 1 a tile', () => {
    // IC-C at (0,1) turned 0: field N (on D's south field), roads E (inn), S, W each ending at the junction.
    //   t0 A: IC-C, thief on the E road.
    //   t1 B: A@90 at (1,1): its road W ends the E road -> IC-C + A = 2 tiles with the inn: 2×2 = 4 to A.
    //   t2 A: IC-J@180 at (0,2) (road N ending at its city cap S), thief on the road -> the S road
    //         IC-C + IC-J = 2 tiles, no inn: 1×2 = 2 to A.
    //   t3 B: A@270 at (-1,1): road E ends the W road, thief on it -> 2 tiles, no inn: 2 to B.
    const states = scenarioIC(
      [
        ['IC-C', 0, 1, 0, 'E'],
        ['A', 1, 1, 90],
        ['IC-J', 0, 2, 180, 'N'],
        ['A', -1, 1, 270, 'E'],
      ],
      IC,
    );
    // Three separate roads on IC-C, one inn in all, beside the E segment.
    const onJunction = featureAt(states[1] as GameState, 'road', 0, 1);
    expect(onJunction).toHaveLength(3);
    expect(onJunction.map((f) => [f.segments.find((g) => g.x === 0 && g.y === 1)?.at, f.inns]).sort()).toEqual([
      ['E', 1],
      ['S', 0],
      ['W', 0],
    ]);
    expect(scoredNow(states[2] as GameState).map((e) => [e.kind, e.points, e.awarded])).toEqual([['road', 4, [4, 0]]]);
    expect(scoredNow(states[3] as GameState).map((e) => [e.kind, e.points, e.awarded])).toEqual([['road', 2, [2, 0]]]);
    expect(scoredNow(last(states)).map((e) => [e.kind, e.points, e.awarded])).toEqual([['road', 2, [0, 2]]]);
    expect(scores(last(states))).toEqual([6, 2]);
  });

  it("rules-facts §d + README §2 (IC-C turned 90): at the end the inn road scores 0, the road through the junction's other edge 1 a tile", () => {
    // IC-C@90 at (1,0): inn road S, plain roads W (joins D's road) and N.
    //   t0 A: IC-C@90, thief on the inn road (S): 1 tile, open, with the inn.
    //   t1 B: U at (-1,0), thief on the road: U + D + IC-C's W segment = 3 tiles, open on the west, no inn.
    // End: A's inn road is incomplete: 0. B's road: 3 tiles × 1 = 3.
    const end = play([
      ['IC-C', 1, 0, 90, 'S'],
      ['U', -1, 0, 0, 'E'],
    ]);
    const roads = finalEntries(end).filter((e) => e.kind === 'road' && e.holders.length > 0);
    expect(roads.map((e) => [e.tiles.length, e.points, e.holders])).toEqual(
      expect.arrayContaining([
        [1, 0, [0]],
        [3, 3, [1]],
      ]),
    );
    expect(finalScores(end)).toEqual([0, 3]);
  });
});

describe('Cathedrals (rules-facts §d "Cathedral")', () => {
  /**
   * A cathedral city grown from D's cap:
   *   t0 A: IC-K at (0,-1) (its S side closes over D's cap), knight (N).
   *   t1 B: F at (1,-1) turned 0: city W-E with a pennant, joined on IC-K's E side.
   *   t2 A: E@270 at (2,-1): cap W closes F's east side.
   *   t3 B: E@90 at (-1,-1): cap E closes IC-K's west side.
   *   t4 A: E@180 at (0,-2): cap S closes IC-K's north side -> completed.
   * City = D, IC-K, F, E, E, E: 6 tiles, 1 pennant (F), 1 cathedral.
   */
  const CATHEDRAL_CITY: ICStep[] = [
    ['IC-K', 0, -1, 0, 'N'],
    ['F', 1, -1, 0],
    ['E', 2, -1, 270],
    ['E', -1, -1, 90],
    ['E', 0, -2, 180],
  ];

  it('rules-facts §d: a completed city with a cathedral scores 3 a tile + 3 a pennant (3×6 + 3×1 = 21, not 2×6 + 2×1 = 14)', () => {
    const states = scenarioIC(CATHEDRAL_CITY, IC);
    expect(featureAt(states[4] as GameState, 'city', 0, 0)[0]).toMatchObject({ cathedrals: 1, pennants: 1, complete: false });
    const end = last(states);
    const [city] = heldOf(scoredNow(end), 'city');
    expect(city).toMatchObject({
      complete: true,
      pennants: 1,
      points: 21,
      holders: [0],
      awarded: [21, 0],
      note: 'completed city of 6 tiles and 1 pennant with a cathedral: 3×6 + 3×1',
    });
    expect(city?.tiles).toHaveLength(6);
    expect(scores(end)).toEqual([21, 0]);
    expect(supply(end)).toEqual([7, 7]);
  });

  it('rules-facts §c/§d: the same city incomplete at the end scores 0 (not 1 a tile + 1 a pennant = 6)', () => {
    // t0-t3 only: D, IC-K, F, E, E = 5 tiles, 1 pennant, IC-K's north side open.
    const end = play(CATHEDRAL_CITY.slice(0, 4));
    const cities = heldOf(finalEntries(end), 'city');
    expect(cities).toHaveLength(1);
    expect(cities[0]).toMatchObject({ complete: false, points: 0, awarded: [0, 0], note: 'incomplete city with a cathedral: 0' });
    expect(finalScores(end)).toEqual([0, 0]);
  });

  it('rules-facts §d: a second cathedral adds nothing (8 tiles: 3×8 = 24)', () => {
    // t0 A: IC-K at (0,-1), knight.  t1 B: IC-K at (0,-2) joins it (S on the first's N).
    // Caps close every open side: t2 A: E@270 (1,-1); t3 B: E@90 (-1,-1); t4 A: E@270 (1,-2);
    // t5 B: E@90 (-1,-2); t6 A: E@180 (0,-3). The caps stacked on each side meet field to field.
    // City = D + 2 IC-K + 5 E = 8 tiles, 0 pennants, 2 cathedrals: 3×8 = 24 once.
    const states = scenarioIC(
      [
        ['IC-K', 0, -1, 0, 'N'],
        ['IC-K', 0, -2, 0],
        ['E', 1, -1, 270],
        ['E', -1, -1, 90],
        ['E', 1, -2, 270],
        ['E', -1, -2, 90],
        ['E', 0, -3, 180],
      ],
      IC,
    );
    expect(featureAt(states[6] as GameState, 'city', 0, 0)[0]).toMatchObject({ cathedrals: 2, complete: false });
    const end = last(states);
    expect(heldOf(scoredNow(end), 'city')[0]).toMatchObject({ complete: true, points: 24, awarded: [24, 0] });
    expect(heldOf(scoredNow(end), 'city')[0]?.tiles).toHaveLength(8);
    expect(scores(end)).toEqual([24, 0]);
  });
});

describe('The large meeple (rules-facts §d "Large meeple"): majorities', () => {
  /**
   * A road of 8 tiles, closed at both ends by cloisters, built from three separate pieces:
   *   t0 A: A@270 at (-1,0): road E ends D's road on the west; A's LARGE meeple on it (E).
   *         Piece 1 = A(-1,0) + D, open east.
   *   t1 B: V@270 at (0,1) (road E-S; its N field on D's S field), B's follower on it (E). Piece 2.
   *   t2 A: V@0 at (1,0): road W-S continues piece 1 towards (1,1).
   *   t3 B: A@0 at (-1,1) (road S ends at its cloister; fields meet A(-1,0) and V(0,1)):
   *         with or without B's second follower (S). Piece 3.
   *   t4 A: V@90 at (1,1) (road W-N) joins pieces 1 and 2.
   *   t5 B: V@90 at (0,2) (road N-W) continues piece 2 to (-1,2).
   *   t6 A: V@180 at (-1,2) (road N-E) joins piece 3 -> completed.
   * Road = A(-1,0), D, V(1,0), V(1,1), V(0,1), V(0,2), V(-1,2), A(-1,1): 8 tiles, no inn: 8 points.
   */
  const road = (second: boolean): ICStep[] => [
    ['A', -1, 0, 270, 'large:E'],
    ['V', 0, 1, 270, 'E'],
    ['V', 1, 0, 0],
    second ? ['A', -1, 1, 0, 'S'] : ['A', -1, 1, 0],
    ['V', 1, 1, 90],
    ['V', 0, 2, 90],
    ['V', -1, 2, 180],
  ];

  it("rules-facts §d: road, large meeple (2) against one follower (1): the large meeple's owner scores alone (8)", () => {
    const states = scenarioIC(road(false), IC);
    expect(largeMeeples(states[0] as GameState)).toEqual([1, 1]);
    expect(largeMeeples(states[1] as GameState)).toEqual([0, 1]);
    expect(supply(states[1] as GameState)).toEqual([7, 7]);
    const end = last(states);
    const [r] = heldOf(scoredNow(end), 'road');
    expect(r).toMatchObject({ complete: true, meeples: [2, 1], holders: [0], points: 8, awarded: [8, 0] });
    expect(r?.tiles).toHaveLength(8);
    expect(scores(end)).toEqual([8, 0]);
  });

  it('rules-facts §d + §j.8: road, large meeple (2) against two followers (2): a tie, both score in full (8 each)', () => {
    const states = scenarioIC(road(true), IC);
    const end = last(states);
    const [r] = heldOf(scoredNow(end), 'road');
    expect(r).toMatchObject({ complete: true, meeples: [2, 2], holders: [0, 1], points: 8, awarded: [8, 8] });
    expect(scores(end)).toEqual([8, 8]);
  });

  it("rules-facts §d: the large meeple returns to its owner's supply when its feature is completed", () => {
    const states = scenarioIC(road(true), IC);
    const before = states[6] as GameState;
    expect(largeMeeples(before)).toEqual([0, 1]);
    expect(before.meeples.filter((m) => m.kind === 'large')).toEqual([{ owner: 0, kind: 'large', x: -1, y: 0, at: 'E', feature: 'road' }]);
    const end = last(states);
    expect(largeMeeples(end)).toEqual([1, 1]);
    // Every figure on the road is back: 7 followers each, nothing on the board.
    expect(supply(end)).toEqual([7, 7]);
    expect(end.meeples).toEqual([]);
    const returned = end.events.filter((e) => e.type === 'meeple-returned');
    expect(returned).toContainEqual({ type: 'meeple-returned', owner: 0, kind: 'large', x: -1, y: 0, at: 'E' });
    // The large meeple and B's two followers.
    expect(returned).toHaveLength(3);
  });

  /**
   * A city of 6 tiles around D's cap, from three separate pieces:
   *   t0 A: J@0 at (-1,0) (road E-S joins D's road; cap N), A's LARGE meeple on the cap (N).
   *   t1 B: R@180 at (0,-1): city E, S, W; its S closes over D's cap. With or without B's follower (E).
   *   t2 A: N@180 at (-1,-1): city S-E joins J's cap and R's west side.
   *   t3 B: K@0 at (1,0) (road W-S joins D's road; cap N), B's follower on the cap (N).
   *   t4 A: N@270 at (1,-1): city W-S joins R's east side and K's cap -> completed.
   * City = J, D, R, N, K, N: 6 tiles, 0 pennants: 2×6 = 12.
   */
  const city = (second: boolean): ICStep[] => [
    ['J', -1, 0, 0, 'large:N'],
    second ? ['R', 0, -1, 180, 'E'] : ['R', 0, -1, 180],
    ['N', -1, -1, 180],
    ['K', 1, 0, 0, 'N'],
    ['N', 1, -1, 270],
  ];

  it("rules-facts §d: city, large meeple (2) against one follower (1): the large meeple's owner scores alone (12)", () => {
    const end = play(city(false));
    const [c] = heldOf(scoredNow(end), 'city');
    expect(c).toMatchObject({ complete: true, meeples: [2, 1], holders: [0], points: 12, awarded: [12, 0] });
    expect(c?.tiles).toHaveLength(6);
    expect(scores(end)).toEqual([12, 0]);
    expect(largeMeeples(end)).toEqual([1, 1]);
  });

  it('rules-facts §d + §j.8: city, large meeple (2) against two followers (2): a tie, both score in full (12 each)', () => {
    const end = play(city(true));
    const [c] = heldOf(scoredNow(end), 'city');
    expect(c).toMatchObject({ complete: true, meeples: [2, 2], holders: [0, 1], points: 12, awarded: [12, 12] });
    expect(scores(end)).toEqual([12, 12]);
    expect(largeMeeples(end)).toEqual([1, 1]);
    expect(supply(end)).toEqual([7, 7]);
  });

  /**
   * One field joined from three pieces, bordering one completed city X = D's cap + E's cap:
   *   t0 A: E@180 at (0,-1): cap S closes D's cap (X, 2 tiles, nobody on it); A's LARGE farmer on
   *         its field (N), which borders X. Piece 1.
   *   t1 B: U@0 at (-1,0): B's farmer on its north field (N), which joins D.n (borders X). Piece 2.
   *   t2 A: B (cloister) at (1,-1): all field, joins piece 1 (E@180's east side).
   *   t3 B: U@0 at (0,1): its north field joins D.s (and U(-1,0)'s south field); with or without
   *         B's second farmer (N). Piece 3 (borders no city).
   *   t4 A: A@90 at (1,0): road W ends D's road; its one field meets B(1,-1) on the north, D.n
   *         (ENE) and D.s (ESE) on the west -> pieces 1, 2 and 3 are one field.
   * The field borders one completed city (X) and no other city. No road, city or cloister is held.
   */
  const field = (second: boolean): ICStep[] => [
    ['E', 0, -1, 180, 'large:N'],
    ['U', -1, 0, 0, 'N'],
    ['B', 1, -1, 0],
    second ? ['U', 0, 1, 0, 'N'] : ['U', 0, 1, 0],
    ['A', 1, 0, 90],
  ];
  const underRule = (steps: ICStep[], farmers: FarmerRuleName) => play(steps, { ...IC, rules: { farmers } });
  const farmerEntries = (s: GameState): ScoredFeature[] => finalEntries(s).filter((e) => e.kind === 'field' && e.holders.length > 0);

  it("rules-facts §a + §d: field, large farmer (2) against one farmer (1): farm-3 3 (one city × 3), city-4 4, the large farmer's owner alone", () => {
    // farm-3 / farm-3-once: the field scores 3 for X to its majority: A (2 against 1).
    // city-4: X scores 4 to the most farmers in the fields around it: A (2 against 1). none: 0.
    const expected: Record<FarmerRuleName, number[]> = { 'farm-3': [3, 0], 'farm-3-once': [3, 0], 'city-4': [4, 0], none: [0, 0] };
    for (const rule of ['farm-3', 'farm-3-once', 'city-4', 'none'] as const) {
      const end = underRule(field(false), rule);
      expect(scores(end), rule).toEqual([0, 0]);
      expect(finalScores(end), rule).toEqual(expected[rule]);
      if (rule !== 'none')
        expect(
          farmerEntries(end).map((e) => [e.meeples, e.holders]),
          rule,
        ).toEqual([[[2, 1], [0]]]);
    }
    const end = underRule(field(false), 'farm-3');
    const fields = features(end).filter((f) => f.kind === 'field' && f.meeples.length > 0);
    expect(fields).toHaveLength(1);
    expect(fields[0]?.meeples.map((m) => [m.owner, m.kind])).toEqual(
      expect.arrayContaining([
        [0, 'large'],
        [1, 'follower'],
      ]),
    );
  });

  it('rules-facts §a + §d + §j.8: field, large farmer (2) against two farmers (2): a tie, farm-3 3 each, city-4 4 each', () => {
    const expected: Record<FarmerRuleName, number[]> = { 'farm-3': [3, 3], 'farm-3-once': [3, 3], 'city-4': [4, 4], none: [0, 0] };
    for (const rule of ['farm-3', 'farm-3-once', 'city-4', 'none'] as const) {
      const end = underRule(field(true), rule);
      expect(scores(end), rule).toEqual([0, 0]);
      expect(finalScores(end), rule).toEqual(expected[rule]);
      if (rule !== 'none')
        expect(
          farmerEntries(end).map((e) => [e.meeples, e.holders]),
          rule,
        ).toEqual([
          [
            [2, 2],
            [0, 1],
          ],
        ]);
    }
  });
});

describe('The large meeple: deploying', () => {
  it('rules-facts §d: each player has one large meeple with the expansion, none without', () => {
    expect(largeMeeples(newGame(['U'], IC))).toEqual([1, 1]);
    expect(supply(newGame(['U'], IC))).toEqual([7, 7]);
    expect(largeMeeples(newGame(['U']))).toEqual([0, 0]);
  });

  it('rules-facts §d ("placed like a normal meeple"): legalTurns lists a large-meeple move beside each follower move', () => {
    // U at (1,0) turned 0: its road joins D's road, its north field D.n, its south field D.s: all
    // free. Plain first, then per feature (spots E, NNW, ESE): follower, then large meeple.
    const s = newGame(['U'], IC);
    const at = legalTurns(s).filter((m) => m.x === 1 && m.y === 0 && m.rotation === 0);
    const base = { tile: 'U', x: 1, y: 0, rotation: 0 } as const;
    expect(at).toEqual([
      base,
      { ...base, meeple: { at: 'E', kind: 'follower' } },
      { ...base, meeple: { at: 'E', kind: 'large' } },
      { ...base, meeple: { at: 'NNW', kind: 'follower' } },
      { ...base, meeple: { at: 'NNW', kind: 'large' } },
      { ...base, meeple: { at: 'ESE', kind: 'follower' } },
      { ...base, meeple: { at: 'ESE', kind: 'large' } },
    ]);
    // A cloister too (B at (0,1): the cloister and its field).
    const b = legalTurns(newGame(['B'], IC)).filter((m) => m.x === 0 && m.y === 1 && m.rotation === 0);
    expect(b.filter((m) => m.meeple?.kind === 'large').map((m) => m.meeple?.at)).toEqual(['C', 'NNW']);
    // Without the expansion: followers only.
    expect(legalTurns(newGame(['U'])).some((m) => m.meeple?.kind === 'large')).toBe(false);
  });

  it('rules-facts §d: once on the board, the large meeple is not offered again; followers still are', () => {
    // t0 A: U at (1,0), large meeple on the road.  t1 B: U at (-1,0), nothing.  A's turn: U.
    const s = last(
      scenarioIC(
        [
          ['U', 1, 0, 0, 'large:E'],
          ['U', -1, 0, 0],
        ],
        IC,
        ['U'],
      ),
    );
    expect(s.currentPlayer).toBe(0);
    const moves = legalTurns(s);
    expect(moves.some((m) => m.meeple?.kind === 'large')).toBe(false);
    expect(moves.some((m) => m.meeple?.kind === 'follower')).toBe(true);
  });

  it('rules-facts §d: a large meeple cannot go on an occupied feature; legalTurns does not offer it there', () => {
    // t0 A: U at (1,0), thief on D's road. B's U at (-1,0) joins that road: occupied.
    const s = last(scenarioIC([['U', 1, 0, 0, 'E']], IC, ['U']));
    expect(rejection(s, { tile: 'U', x: -1, y: 0, rotation: 0, meeple: { at: 'E', kind: 'large' } })?.code).toBe('feature-occupied');
    const at = legalTurns(s).filter((m) => m.x === -1 && m.y === 0 && m.rotation === 0);
    expect(at.filter((m) => m.meeple?.kind === 'large').map((m) => m.meeple?.at)).toEqual(['NNW', 'ESE']);
  });

  it('rules-facts §d + §g: a large meeple cannot go on a garden (IC-B-garden with The Abbot)', () => {
    // IC-B-garden at (-1,0) turned 0: inn road E-W joins D's road, garden G.
    const s = newGame(['IC-B-garden'], { expansions: ['abbot', 'inns-cathedrals'] });
    expect(rejection(s, { tile: 'IC-B-garden', x: -1, y: 0, rotation: 0, meeple: { at: 'G', kind: 'large' } })?.code).toBe(
      'figure-not-allowed',
    );
    const at = legalTurns(s).filter((m) => m.x === -1 && m.y === 0 && m.rotation === 0);
    expect(at.filter((m) => m.meeple?.at === 'G').map((m) => m.meeple?.kind)).toEqual(['abbot']);
    expect(rejection(s, { tile: 'IC-B-garden', x: -1, y: 0, rotation: 0, meeple: { at: 'E', kind: 'large' } })).toBeNull();
  });

  it('rules-facts §d: the large meeple does not change the points (a large monk on a completed cloister: 9)', () => {
    // B at (0,1) with A's large monk, then the 8 cells around it (the ring of cloisters.test.ts:
    // U (1,0), U (-1,0), E@90 (1,1), E@270 (-1,1), E@180 (0,2), (-1,2), (1,2)): 9 points.
    const end = play([['B', 0, 1, 0, 'large:C'], ...RING]);
    expect(heldOf(scoredNow(end), 'cloister')[0]).toMatchObject({ meeples: [2, 0], points: 9, awarded: [9, 0] });
    expect(scores(end)).toEqual([9, 0]);
    expect(largeMeeples(end)).toEqual([1, 1]);
  });
});

describe('The enclosed field of IC-H (reference README §1 "interior", §2)', () => {
  // t0 A: IC-H at (0,-1) turned 0: its S cap closes D's cap (city X, 2 tiles); farmer on the
  //       enclosed field (I), which borders IC-H's four caps and touches no edge.
  // t1 B: E@270 at (1,-1): cap W closes IC-H's E cap (city Y, 2 tiles).
  // End: the field borders 2 completed cities (X, Y) and 2 open caps (N, W).
  const STEPS: ICStep[] = [
    ['IC-H', 0, -1, 0, 'I'],
    ['E', 1, -1, 270],
  ];

  it('reference README §1 ("interior: … can hold a farmer"): a farmer or a large meeple can go on the enclosed field: spot I', () => {
    const s = newGame(['IC-H'], IC);
    const at = legalTurns(s).filter((m) => m.x === 0 && m.y === -1 && m.rotation === 0);
    expect(at.filter((m) => m.meeple?.at === 'I').map((m) => m.meeple?.kind)).toEqual(['follower', 'large']);
    // Four caps and the field: 5 features × 2 figures + the plain move.
    expect(at).toHaveLength(11);
  });

  it('reference README §1 + rules-facts §a: the enclosed field is one tile, borders the four caps, and scores the completed ones: farm-3 3×2 = 6, city-4 4×2 = 8', () => {
    const end = play(STEPS);
    const f = features(end).filter((x) => x.kind === 'field' && x.meeples.length > 0);
    expect(f).toHaveLength(1);
    expect(f[0]?.tiles).toEqual([{ x: 0, y: -1 }]);
    expect(f[0]?.segments).toEqual([{ x: 0, y: -1, at: 'I' }]);
    expect(f[0]?.cities).toHaveLength(4);
    const expected: Record<FarmerRuleName, number[]> = { 'farm-3': [6, 0], 'farm-3-once': [6, 0], 'city-4': [8, 0], none: [0, 0] };
    for (const rule of ['farm-3', 'farm-3-once', 'city-4', 'none'] as const) {
      const e = play(STEPS, { ...IC, rules: { farmers: rule } });
      // The two 2-tile cities were completed with nobody on them: nothing during play.
      expect(scores(e), rule).toEqual([0, 0]);
      expect(finalScores(e), rule).toEqual(expected[rule]);
    }
  });
});

describe('A sixth player (rules-facts §d "sixth player set", §i)', () => {
  it('rules-facts §d + §i: players: 6 is accepted only with Inns & Cathedrals; each of the six has 7 followers and a large meeple', () => {
    let err: unknown = null;
    try {
      createGame({ players: 6, seed: 1 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(OptionsError);
    expect((err as OptionsError).code).toBe('invalid-players');
    expect((err as OptionsError).message).toContain('players must be 2 to 5 (6 with Inns & Cathedrals), not 6');
    expect(() => createGame({ players: ['a', 'b', 'c', 'd', 'e', 'f'], seed: 1 })).toThrow(OptionsError);
    for (const expansions of [['inns-cathedrals'], ['river', 'abbot', 'inns-cathedrals']] as const) {
      const s = createGame({ players: 6, seed: 1, expansions });
      expect(s.players).toHaveLength(6);
      expect(supply(s)).toEqual([7, 7, 7, 7, 7, 7]);
      expect(largeMeeples(s)).toEqual([1, 1, 1, 1, 1, 1]);
    }
    expect(
      createGame({ players: ['a', 'b', 'c', 'd', 'e', 'f'], seed: 1, expansions: ['inns-cathedrals'] }).players.map((p) => p.name),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    // Seven is too many even with the expansion; five is fine without it.
    expect(() => createGame({ players: 7, seed: 1, expansions: ['inns-cathedrals'] })).toThrow(OptionsError);
    expect(createGame({ players: 5, seed: 1 }).players).toHaveLength(5);
  });

  it('rules-facts §d: six players take turns in order, player 5 included', () => {
    let s = createGame({ players: 6, seed: 1, expansions: ['inns-cathedrals'] });
    const movers: number[] = [];
    for (let i = 0; i < 7; i++) {
      movers.push(s.currentPlayer);
      s = applyMove(s, legalTurns(s)[0] as TurnMove);
    }
    expect(movers).toEqual([0, 1, 2, 3, 4, 5, 0]);
  });
});
