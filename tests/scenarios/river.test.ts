/**
 * The River (rules-facts §f, §h; reference river.json), rulebook scenarios derived by hand.
 *
 * Conventions (board.ts): x grows east, y grows south, rotation is clockwise; step i is played by
 * player i % 2 (A = 0 first). With The River the start tile is the spring RV-spring at (0,0),
 * rotation 0: river on its east edge, fields N, S, W, and ONE field around the river's end.
 *
 * River tiles in their canonical orientation (river.json), edges N,E,S,W:
 *   RV-straight      field, river, field, river        fields: north NNW NNE ENE WNW / south ESE SSE SSW WSW
 *   RV-cities        city,  river, city,  river        fields ENE+WNW (borders city N) / ESE+WSW (borders city S)
 *   RV-city-road     city,  river, road,  river        fields ENE [city] / WNW [city] / ESE+SSE / SSW+WSW
 *   RV-cloister-road field, river, road,  river        cloister; fields NNW NNE ENE WNW / ESE+SSE / SSW+WSW
 *   RV-bridge        river, road,  river, road         four quadrant fields NNW+WNW / NNE+ENE / ESE+SSE / SSW+WSW
 *   RV-curve         field, field, river, river        fields NNW NNE ENE ESE SSE WNW (outer) / SSW+WSW (inner)
 *   RV-city-curve    city,  river, river, city         fields ENE+SSW [city] / ESE+SSE (inner)
 *   RV-road-curve    road,  road,  river, river        fields NNW ESE SSE WNW / NNE+ENE / SSW+WSW
 *   RV-lake          field, field, field, river        one field around the river's end
 * Turning a tile 90° clockwise moves edge N→E→S→W and half-edge i → i+2 (NNW, NNE, ENE, ESE, SSE,
 * SSW, WSW, WNW).
 *
 * Turns: the river enters a tile through one edge and leaves through another. Leaving through the
 * edge clockwise after the entry edge is a LEFT turn (e.g. flowing east, entering W, leaving N),
 * counter-clockwise a RIGHT turn, the opposite edge straight on.
 */
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  features,
  type GameState,
  legalTurns,
  legalPlacements,
  type Spot,
  tileDefinition,
  validateMove,
} from '../../src/index.js';
import { tileCatalogue } from '../../src/rules/catalogue.js';
import { eventTypes, finalScores, last, rejection, riverSteps, scenarioX, scores, type XStep } from './board.js';

const RIVER = { expansions: ['river'] } as const;

const isRiver = (id: string): boolean => (tileCatalogue()[id]?.features ?? []).some((f) => f.kind === 'river');
const riverEnds = (id: string): number => {
  const r = (tileCatalogue()[id]?.features ?? []).find((f) => f.kind === 'river');
  return r?.kind === 'river' ? r.edges.length : 0;
};
/** The tiles a game will draw, in order: the current tile, then the rest. */
const drawn = (s: GameState): string[] => [s.currentTile as string, ...s.tilesLeft];
const countOf = (ids: readonly string[], id: string): number => ids.filter((t) => t === id).length;

describe('The River: setup (rules-facts §f "Setup")', () => {
  const SEEDS = [1, 2, 3, 7, 42, 'river', 'spring', 2024];

  it('rules-facts §f: the spring is the start tile at (0,0); the 10 other river tiles come first, shuffled, the lake last of them (several seeds)', () => {
    const orders = new Set<string>();
    for (const seed of SEEDS) {
      const s = createGame({ players: 2, seed, expansions: ['river'] });
      expect(s.expansions).toEqual(['river']);
      expect(s.placements).toEqual([{ tile: 'RV-spring', x: 0, y: 0, rotation: 0, player: null, meeple: null, recall: null }]);
      const d = drawn(s);
      // 12 river tiles - the spring (placed) = 11 drawn river tiles: 10 course tiles, then the lake.
      expect(
        d.slice(0, 10).every((id) => isRiver(id) && riverEnds(id) === 2),
        `seed ${seed}: course first`,
      ).toBe(true);
      expect(d[10], `seed ${seed}: lake 11th`).toBe('RV-lake');
      expect(d.slice(11).some(isRiver), `seed ${seed}: no river tile among the land tiles`).toBe(false);
      // The course tiles are the 10 of river.json: curve ×2, straight ×2, and one of each other type.
      expect([...d.slice(0, 10)].sort()).toEqual([
        'RV-bridge',
        'RV-cities',
        'RV-city-curve',
        'RV-city-road',
        'RV-cloister-road',
        'RV-curve',
        'RV-curve',
        'RV-road-curve',
        'RV-straight',
        'RV-straight',
      ]);
      orders.add(d.slice(0, 10).join(','));
    }
    // "Shuffle the other 10 river tiles": the seeds do not all give the same river.
    expect(orders.size).toBeGreaterThan(1);
  });

  it("rules-facts §f (base start tile, default 'removed'): one D fewer; 72 - 1 + 12 = 83 tiles, 82 to draw", () => {
    for (const seed of SEEDS) {
      const s = createGame({ players: 2, seed, expansions: ['river'] });
      expect(s.rules.riverStartTile).toBe('removed');
      const d = drawn(s);
      // Tiles in the game: 71 base (the start D is out of the game) + 12 river = 83; the spring is
      // placed, so 82 are drawn: 11 river + 71 land.
      expect(d).toHaveLength(82);
      expect(d.length + s.placements.length).toBe(83);
      // The base game has 4 D (one of them the start tile): 3 remain.
      expect(countOf(d, 'D')).toBe(3);
      expect(d.length - 11).toBe(71);
    }
  });

  it("rules-facts §f (CAR Big Box: the start tile may be mixed in): 'shuffled' keeps all 4 D among the land tiles: 72 + 12 = 84 tiles, 83 to draw", () => {
    let dFirst = 0;
    for (const seed of SEEDS) {
      const s = createGame({ players: 2, seed, expansions: ['river'], rules: { riverStartTile: 'shuffled' } });
      expect(s.rules.riverStartTile).toBe('shuffled');
      const d = drawn(s);
      expect(d).toHaveLength(83);
      expect(d[10]).toBe('RV-lake');
      expect(countOf(d.slice(11), 'D')).toBe(4);
      if (d[11] === 'D') dFirst++;
    }
    // Shuffled, not put first: with 4 D among 72 land tiles, D is the first land tile for a seed
    // with probability 4/72; it is not first for every seed.
    expect(dFirst).toBeLessThan(SEEDS.length);
  });

  it("rules-facts §f (CAR Big Box: the start tile placed once the river is complete): 'first-land' draws D right after the lake", () => {
    for (const seed of SEEDS) {
      const s = createGame({ players: 2, seed, expansions: ['river'], rules: { riverStartTile: 'first-land' } });
      expect(s.rules.riverStartTile).toBe('first-land');
      const d = drawn(s);
      // 84 tiles, the spring placed: 83 drawn = 10 course + lake + D + 71 other land tiles.
      expect(d).toHaveLength(83);
      expect(d[10]).toBe('RV-lake');
      expect(d[11]).toBe('D');
      expect(countOf(d.slice(12), 'D')).toBe(3);
    }
  });

  it("rules-facts §f: with 'first-land' the player after the lake places D like any tile (next to the board, edges matching)", () => {
    const states = scenarioX(riverSteps(), { ...RIVER, rules: { riverStartTile: 'first-land' } });
    const end = last(states);
    // 11 river steps: the 12th tile (turn 11, player B) is D.
    expect(end.turn).toBe(11);
    expect(end.currentPlayer).toBe(1);
    expect(end.currentTile).toBe('D');
    // D is not a river tile: it may go anywhere it fits, e.g. under the straight (2,0) turned 180
    // (city S, road E-W, field N facing the straight's south field), or north of the spring turned 0
    // (its south field facing the spring's north field).
    expect(validateMove(end, { tile: 'D', x: 2, y: 1, rotation: 180 })).toBeNull();
    expect(validateMove(end, { tile: 'D', x: 0, y: -1, rotation: 0 })).toBeNull();
    expect(legalPlacements(end).length).toBeGreaterThan(2);
  });
});

describe('The River: placement (rules-facts §f "Placement")', () => {
  it("papageek River / wikicarpedia River diff: the river may not turn the same way twice in a row: 'river-u-turn', and legalPlacements does not offer it", () => {
    // t0 A: RV-curve at (1,0) turned 90: river W,N. Entering W (flowing east), leaving N: a LEFT turn.
    // t1 B draws the second RV-curve. The open end is (1,-1), entered from S.
    //   Turned 0 (river S,W): leaves W = a second left turn in a row (a U-turn back west): forbidden.
    //   Turned 270 (river E,S): leaves E = a right turn: allowed.
    //   Turned 90 (river W,N) or 180 (river N,E) put a field on the south edge against the river: mismatch.
    const s = last(scenarioX([['RV-curve', 1, 0, 90]], RIVER, ['RV-curve']));
    expect(s.currentTile).toBe('RV-curve');
    const err = rejection(s, { tile: 'RV-curve', x: 1, y: -1, rotation: 0 });
    expect(err?.code).toBe('river-u-turn');
    expect(err?.message).toContain('left');
    expect(rejection(s, { tile: 'RV-curve', x: 1, y: -1, rotation: 270 })).toBeNull();
    // The only legal placement of the curve is the right turn at the open end.
    expect(legalPlacements(s)).toEqual([{ x: 1, y: -1, rotation: 270 }]);
    expect(legalTurns(s).some((m) => m.rotation === 0)).toBe(false);
  });

  it('CAR River FAQ (only immediate U-turns are banned): left, straight, left is a wider meander and is allowed', () => {
    // t0 A: RV-curve (1,0) turned 90: left (W→N).  t1 B: RV-straight (1,-1) turned 90: river S-N, straight.
    // t2 A: RV-curve at (1,-2), entered from S. Turned 0 (river S,W) leaves W: left again, but a
    // straight lies between the two left turns, so it is allowed; turned 270 (river E,S) turns right.
    const s = last(
      scenarioX(
        [
          ['RV-curve', 1, 0, 90],
          ['RV-straight', 1, -1, 90],
        ],
        RIVER,
        ['RV-curve'],
      ),
    );
    expect(rejection(s, { tile: 'RV-curve', x: 1, y: -2, rotation: 0 })).toBeNull();
    expect(rejection(s, { tile: 'RV-curve', x: 1, y: -2, rotation: 270 })).toBeNull();
    expect(legalPlacements(s)).toEqual([
      { x: 1, y: -2, rotation: 0 },
      { x: 1, y: -2, rotation: 270 },
    ]);
    // Playing the meander: the river now flows west from (1,-2); its open end is (0,-2).
    const next = applyMove(s, { tile: 'RV-curve', x: 1, y: -2, rotation: 0 });
    expect(next.placements.map((p) => `${p.tile}@${p.x},${p.y}`)).toEqual([
      'RV-spring@0,0',
      'RV-curve@1,0',
      'RV-straight@1,-1',
      'RV-curve@1,-2',
    ]);
  });

  it("rules-facts §f (each river tile must continue the river from its open end): elsewhere it is 'river-not-continued', even with every edge matching", () => {
    // t0 A: RV-straight (1,0) turned 0: open end (2,0). t1 B draws RV-straight.
    const s = last(scenarioX([['RV-straight', 1, 0, 0]], RIVER, ['RV-straight']));
    // (1,1) turned 0: its north field faces the straight's south field; E and W face empty cells.
    // Every edge matches, but the river would not continue the open end.
    const err = rejection(s, { tile: 'RV-straight', x: 1, y: 1, rotation: 0 });
    expect(err?.code).toBe('river-not-continued');
    expect(err?.message).toContain('(2, 0)');
    // (0,1), south of the spring: field against field, still not the open end.
    expect(rejection(s, { tile: 'RV-straight', x: 0, y: 1, rotation: 0 })?.code).toBe('river-not-continued');
    // At the open end it fits (and that is the only placement: turned 0 and 180 are the same board).
    expect(rejection(s, { tile: 'RV-straight', x: 2, y: 0, rotation: 0 })).toBeNull();
    expect(legalPlacements(s)).toEqual([{ x: 2, y: 0, rotation: 0 }]);
  });

  it("reference README §1.2 (edges must be equal; 'river' is an edge kind): river edges match only river edges, 'edge-mismatch' names the river", () => {
    const s = createGame({ players: 2, seed: 1, ...RIVER, drawOrder: ['RV-curve'] });
    // RV-curve turned 180 (river N,E) at (1,0): its west edge is a field against the spring's river.
    const err = rejection(s, { tile: 'RV-curve', x: 1, y: 0, rotation: 180 });
    expect(err?.code).toBe('edge-mismatch');
    expect(err?.message).toContain('west edge: the tile has a field, the neighbour has a river');
    // RV-curve turned 0 (river S,W) at (0,-1): its south edge is a river against the spring's north field.
    const err2 = rejection(s, { tile: 'RV-curve', x: 0, y: -1, rotation: 0 });
    expect(err2?.code).toBe('edge-mismatch');
    expect(err2?.message).toContain('south edge: the tile has a river, the neighbour has a field');
    const t = createGame({ players: 2, seed: 1, ...RIVER, drawOrder: ['RV-bridge'] });
    // RV-bridge turned 0 (river N-S, road E-W) at (1,0): a road against the spring's river.
    const err3 = rejection(t, { tile: 'RV-bridge', x: 1, y: 0, rotation: 0 });
    expect(err3?.code).toBe('edge-mismatch');
    expect(err3?.message).toContain('west edge: the tile has a road, the neighbour has a river');
    // Turned 90 (river E-W) it continues the spring.
    expect(rejection(t, { tile: 'RV-bridge', x: 1, y: 0, rotation: 90 })).toBeNull();
  });

  it('rules-facts §f + §h: a river tile that fits nowhere is put back in the box and the same player draws again; the game goes on to its end', () => {
    // The river winds back towards the spring (turns: left, straight, left, straight, left, straight;
    // never two same-way turns in a row):
    //   t0 A RV-curve      (1,0)   90: W→N left        t1 B RV-straight (1,-1) 90: S→N
    //   t2 A RV-curve      (1,-2)   0: S→W left        t3 B RV-straight (0,-2)  0: E→W
    //   t4 A RV-city-curve (-1,-2)  0: E→S left (river E,S; city N,W facing empty cells)
    //   t5 B RV-bridge     (-1,-1)  0: N→S (road E-W facing empty cells)
    // The open end is now (-1,0), entered from the north, and its EAST neighbour is the spring, whose
    // west edge is a field. A tile there must have a river on its north edge and a field on its east.
    // A draws RV-cities: its river runs between two opposite edges and its other two edges are
    // cities. River N-S (turned 90 or 270) puts a city on the east edge against the spring's field;
    // river E-W (0 or 180) puts a city on the north edge against the bridge's river. Anywhere else the
    // river would not continue. So it fits nowhere: discarded, and A draws again: RV-cloister-road,
    // which fits turned 90 (river N-S, field E against the spring's field, road W).
    const course: XStep[] = [
      ['RV-curve', 1, 0, 90],
      ['RV-straight', 1, -1, 90],
      ['RV-curve', 1, -2, 0],
      ['RV-straight', 0, -2, 0],
      ['RV-city-curve', -1, -2, 0],
      ['RV-bridge', -1, -1, 0],
    ];
    const states = scenarioX(course, RIVER, ['RV-cities', 'RV-cloister-road']);
    const s = last(states);
    expect(s.discarded).toEqual(['RV-cities']);
    expect(eventTypes(s)).toEqual(['tile-placed', 'tile-discarded']);
    expect(s.events[1]).toEqual({ type: 'tile-discarded', player: 0, tile: 'RV-cities' });
    // Six moves were made (A, B, A, B, A, B): A is to move, with the tile drawn after the discard.
    expect(s.turn).toBe(6);
    expect(s.currentPlayer).toBe(0);
    expect(s.currentTile).toBe('RV-cloister-road');
    expect(legalPlacements(s)).toEqual([{ x: -1, y: 0, rotation: 90 }]);
    // The previous state still had the bridge to play; nothing was discarded before.
    expect((states[5] as GameState).discarded).toEqual([]);

    // The game never gets stuck: play the first legal move until the end. Every tile of the game
    // (71 base + 12 river = 83) is either on the board or in the box.
    let g = s;
    while (g.status === 'playing') {
      const moves = legalTurns(g);
      expect(moves.length).toBeGreaterThan(0);
      g = applyMove(g, moves[0] as NonNullable<(typeof moves)[0]>);
    }
    expect(g.placements.length + g.discarded.length).toBe(83);
    expect(g.discarded[0]).toBe('RV-cities');
  });

  it('rules-facts §h ("this also applies to River tiles"): river tiles drawn after the lake closed the river are all discarded', () => {
    // drawOrder puts the lake first: t0 A closes the river at (1,0). B draws next: the 10 course
    // tiles follow, and none can continue a closed river, so B puts all 10 back in the box one by
    // one and then draws a land tile.
    const s0 = createGame({ players: 2, seed: 5, ...RIVER, drawOrder: ['RV-lake'] });
    const s = applyMove(s0, { tile: 'RV-lake', x: 1, y: 0, rotation: 0 });
    expect(s.discarded).toHaveLength(10);
    expect(s.discarded.every((id) => isRiver(id))).toBe(true);
    expect(s.events.filter((e) => e.type === 'tile-discarded')).toHaveLength(10);
    expect(s.events.filter((e) => e.type === 'tile-discarded').every((e) => e.type === 'tile-discarded' && e.player === 1)).toBe(true);
    expect(s.currentPlayer).toBe(1);
    expect(isRiver(s.currentTile as string)).toBe(false);
    // 83 - spring - lake - 10 discarded = 71 land tiles left to draw.
    expect(drawn(s)).toHaveLength(71);
  });
});

describe('The River: fields (rules-facts §f "Fields", §j.6)', () => {
  it('wikicarpedia The Farmers / rules-facts §f: the river splits fields: farmers on the two banks of a straight are in different fields', () => {
    // The whole river (riverSteps). t1 B: farmer on the SOUTH bank of the straight (2,0) (spot S).
    // t2 A places RV-cities (3,0); its field ENE+WNW continues the straight's NORTH bank (its WNW
    // touches the straight's ENE) and borders the city cap N of (3,0); its field ESE+WSW continues
    // the SOUTH bank and borders the cap S of (3,0).
    // North bank field: RV-city-road ENE (1,0) [cap N of (1,0)], straight north (2,0), RV-cities
    //   ENE+WNW (3,0) [cap N of (3,0)], cloister-road north (4,0), curve outer (5,0), straight east
    //   (5,1), curve inner (5,2), city-curve field (6,2) [its city], road-curve inner (6,3), bridge NW.
    // South bank field: RV-city-road ESE+SSE (1,0) (cut from the spring by its road S), straight
    //   south (2,0), RV-cities ESE+WSW (3,0) [cap S of (3,0)], cloister-road SSW+WSW (4,0), cut by its road.
    const steps = riverSteps({ 1: 'S', 2: 'ENE' });
    const before = scenarioX(
      steps.slice(0, 2),
      RIVER,
      steps.slice(2).map((s) => s[0]),
    );
    const t2 = last(before);
    // While placing RV-cities A may not join B on the south bank, but the north bank is free.
    expect(rejection(t2, { tile: 'RV-cities', x: 3, y: 0, rotation: 0, meeple: { at: 'ESE' } })?.code).toBe('feature-occupied');
    expect(rejection(t2, { tile: 'RV-cities', x: 3, y: 0, rotation: 0, meeple: { at: 'ENE' } })).toBeNull();

    // After the river, t11 B: E turned 180 (cap S) at (3,-1) closes the cap N of (3,0): a complete
    // 2-tile city that borders only the north bank field. Nobody holds it: 0 points.
    const one = last(scenarioX([...steps, ['E', 3, -1, 180]], RIVER));
    expect(scores(one)).toEqual([0, 0]);
    const farmFields = features(one).filter((f) => f.kind === 'field' && f.meeples.length > 0);
    expect(farmFields).toHaveLength(2);
    // Farm-3: A's field borders 1 completed city: 3. B's field borders only the open cap S: 0.
    // (Were the banks one field, A and B would tie 1-1 there and both score 3.)
    expect(finalScores(one)).toEqual([3, 0]);

    // t12 A: E turned 0 (cap N) at (3,1) closes the cap S of (3,0) too: each bank borders one
    // completed city: 3 each. (One field would border both cities: 6 each.)
    const two = last(scenarioX([...steps, ['E', 3, -1, 180], ['E', 3, 1, 0]], RIVER));
    expect(finalScores(two)).toEqual([3, 3]);
  });

  it('wikicarpedia River (1st edition) translation 8: the field goes around the spring: a farmer on one bank next to the spring holds the field on the other side', () => {
    // t0 A: RV-city-road (1,0) with a farmer on WNW: the north-bank field next to the spring
    // (bordering the cap N of (1,0)). Its WNW touches the spring's ENE; the spring's single field
    // reaches all 8 halves, so it also holds RV-city-road's SSW+WSW (south bank) and whatever lies
    // south of the spring.
    // After the river, t11 B: E turned 180 (cap S; field on its N, E and W halves) at (0,1): its
    // north halves touch the spring's south halves: the same field. t12 A: E turned 0 (cap N) at
    // (0,2) closes the 2-tile city (0,1)+(0,2), which lies south of the river.
    const steps = [...riverSteps({ 0: 'WNW' })];
    const afterRiver = last(scenarioX(steps, RIVER, ['E', 'E']));
    // B may not put a farmer on the field of (0,1): A's farmer is in it, through the spring.
    expect(rejection(afterRiver, { tile: 'E', x: 0, y: 1, rotation: 180, meeple: { at: 'N' } })?.code).toBe('feature-occupied');
    const end = last(scenarioX([...steps, ['E', 0, 1, 180], ['E', 0, 2, 0]], RIVER));
    const field = features(end).find((f) => f.kind === 'field' && f.meeples.length > 0);
    expect(field?.tiles.map((t) => `${t.x},${t.y}`).sort()).toEqual(['0,0', '0,1', '1,0']);
    // Farm-3: the field borders the completed city (0,1)+(0,2) (3) and the open cap N of (1,0) (0).
    expect(finalScores(end)).toEqual([3, 0]);
  });

  it('wikicarpedia River (1st edition): the field goes around the lake too: the two banks meet there', () => {
    // t9 B: RV-bridge (7,3) turned 90 (river W-E, road N-S) with a farmer on its NE quadrant
    // (NNE+ENE: north bank, east of the road). Its ENE touches the lake's WNW, and the lake's one
    // field also reaches the bridge's ESE (SE quadrant: south bank).
    const steps = riverSteps({ 9: 'NNE' });
    const t10 = scenarioX(steps.slice(0, 10), RIVER, ['RV-lake', 'D', 'E']);
    const lakeTurn = last(t10);
    // t10 A: the lake's field already holds B's farmer.
    expect(rejection(lakeTurn, { tile: 'RV-lake', x: 8, y: 3, rotation: 0, meeple: { at: 'N' } })?.code).toBe('feature-occupied');
    // t11 B: D turned 90 (road N-S, city cap E) at (7,4) under the bridge: its field NNE+SSE (east
    // of the road, bordering the cap) touches the bridge's SSE: the south bank, joined to B's farmer
    // through the lake. t12 A: E turned 270 (cap W) at (8,4) closes the 2-tile city (7,4)+(8,4).
    const afterLake = last(scenarioX(steps, RIVER, ['D', 'E']));
    expect(rejection(afterLake, { tile: 'D', x: 7, y: 4, rotation: 90, meeple: { at: 'NNE' } })?.code).toBe('feature-occupied');
    const end = last(scenarioX([...steps, ['D', 7, 4, 90], ['E', 8, 4, 270]], RIVER));
    // Farm-3: B's north-bank farmer scores the completed city south of the river: 3.
    expect(finalScores(end)).toEqual([0, 3]);
  });
});

describe('The River: meeples (rules-facts §f "Meeples")', () => {
  it("papageek River: a meeple may go on any feature of a river tile except the river: a knight on RV-cities yes, on its river 'figure-not-allowed'", () => {
    const steps = riverSteps();
    const t2 = last(
      scenarioX(
        steps.slice(0, 2),
        RIVER,
        steps.slice(2).map((s) => s[0]),
      ),
    );
    expect(t2.currentTile).toBe('RV-cities');
    // RV-cities (3,0) turned 0: cities N and S, river E-W, fields ENE+WNW and ESE+WSW.
    expect(rejection(t2, { tile: 'RV-cities', x: 3, y: 0, rotation: 0, meeple: { at: 'N' } })).toBeNull();
    const onRiver = rejection(t2, { tile: 'RV-cities', x: 3, y: 0, rotation: 0, meeple: { at: 'E' } });
    expect(onRiver?.code).toBe('figure-not-allowed');
    expect(onRiver?.message).toContain('nothing may stand on the river (at E)');
    expect(rejection(t2, { tile: 'RV-cities', x: 3, y: 0, rotation: 0, meeple: { at: 'W' } })?.code).toBe('figure-not-allowed');
    // legalTurns offers the two cities and the two fields, never the river.
    const spots = legalTurns(t2)
      .filter((m) => m.meeple)
      .map((m) => m.meeple?.at)
      .sort();
    expect(spots).toEqual(['ENE', 'ESE', 'N', 'S']);
    // Playing the knight: a follower on the city N of (3,0).
    const s3 = applyMove(t2, { tile: 'RV-cities', x: 3, y: 0, rotation: 0, meeple: { at: 'N' } });
    expect(s3.meeples).toEqual([{ owner: 0, kind: 'follower', x: 3, y: 0, at: 'N', feature: 'city' }]);
  });

  it('papageek River: thief on the road of RV-city-road, monk on RV-cloister-road, farmer on the lake; never on the river', () => {
    const steps = riverSteps({ 0: 'S', 3: 'C', 10: 'N' });
    const states = scenarioX(steps, RIVER);
    const end = last(states);
    expect(end.meeples.map((m) => `${m.owner}:${m.feature}@${m.x},${m.y}`)).toEqual(['0:road@1,0', '1:cloister@4,0', '0:field@8,3']);
    // The lake's river (its west edge) is not a place for a meeple.
    const t10 = states[10] as GameState;
    expect(rejection(t10, { tile: 'RV-lake', x: 8, y: 3, rotation: 0, meeple: { at: 'W' } })?.code).toBe('figure-not-allowed');
    // Across the whole river, no legal move puts a meeple on a river.
    for (let i = 0; i < steps.length; i++) {
      const s = states[i] as GameState;
      for (const m of legalTurns(s)) {
        if (!m.meeple) continue;
        const kind = tileDefinition(s.currentTile as string, m.rotation)?.features.find((f) =>
          f.spots.includes(m.meeple?.at as Spot),
        )?.kind;
        expect(kind, `${s.currentTile} ${m.rotation} ${m.meeple.at}`).not.toBe('river');
      }
    }
  });
});
