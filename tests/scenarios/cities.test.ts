/**
 * City scenarios, expected numbers derived by hand from the rules:
 * completed city 2 per tile + 2 per pennant; incomplete at the end 1 per tile + 1 per pennant
 * (rules-facts §c); tiles are counted, not segments (§j.3); the two-tile city rule (§b); ties
 * (§j.8) and majority.
 *
 * Tiles used (rotation 0): E city cap N; M city N+W with a pennant; N city N+W; F city E-W with a
 * pennant; G city E-W; I two separate caps N and W; R city N/E/W (one segment).
 * Rotations used: E@90 cap E, E@180 cap S, E@270 cap W; M@180 / N@180 city S+E; N@90 city N+E;
 * N@270 city W+S; G@90 city N-S; R@180 city E/S/W (field N); R@270 city N/S/W (field E).
 * D's city is a cap on its north edge, open towards (0,-1).
 */
import { describe, expect, it } from 'vitest';
import { features } from '../../src/index.js';
import {
  cells,
  cellsOf,
  finalEntries,
  finalScores,
  heldOf,
  last,
  scenario,
  scores,
  scoredNow,
  supply,
  type Extra,
  type Step,
} from './board.js';

/** D + M@180 at (0,-1) (knight of A) + F@0 at (1,-1): open city of 3 tiles and 2 pennants. */
const OPEN_CITY_3: Step[] = [
  ['M', 0, -1, 180, 'S'],
  ['F', 1, -1, 0],
];

describe('Cities', () => {
  it('rules-facts §c / wikicarpedia Base game: a completed city scores 2 per tile + 2 per pennant (4 tiles, 2 pennants -> 12)', () => {
    // t0 A: M@180 at (0,-1) (city S+E, pennant), knight.  t1 B: F@0 at (1,-1) (city W-E, pennant).
    // t2 A: E@270 at (2,-1) (cap W) closes it. City D, M, F, E: 4 tiles, 2 pennants: 2×4 + 2×2 = 12.
    const states = scenario([...OPEN_CITY_3, ['E', 2, -1, 270]]);
    expect(scores(states[2]!)).toEqual([0, 0]);
    const end = last(states);
    expect(scores(end)).toEqual([12, 0]);
    expect(supply(end)).toEqual([7, 7]);
    const [city] = scoredNow(end);
    expect(city).toMatchObject({
      phase: 'play',
      turn: 2,
      kind: 'city',
      complete: true,
      pennants: 2,
      points: 12,
      holders: [0],
      awarded: [12, 0],
    });
    expect(cells(city!.tiles)).toEqual(cellsOf([0, 0], [0, -1], [1, -1], [2, -1]));
  });

  it('rules-facts §c: a completed city of 3 tiles with 1 pennant scores 8 (2×3 + 2×1)', () => {
    // t0 A: M@180 at (0,-1), knight.  t1 B: E@270 at (1,-1) closes M's east side.
    const end = last(
      scenario([
        ['M', 0, -1, 180, 'S'],
        ['E', 1, -1, 270],
      ]),
    );
    expect(scores(end)).toEqual([8, 0]);
    expect(scoredNow(end)[0]).toMatchObject({ kind: 'city', complete: true, pennants: 1, points: 8, holders: [0] });
  });

  it('rules-facts §c: an incomplete city at the end scores 1 per tile + 1 per pennant (3 tiles, 2 pennants -> 5)', () => {
    // Same city without the closing tile: open on F's east edge. 1×3 + 1×2 = 5.
    const end = last(scenario(OPEN_CITY_3));
    expect(scores(end)).toEqual([0, 0]);
    expect(finalScores(end)).toEqual([5, 0]);
    const cities = heldOf(finalEntries(end), 'city');
    expect(cities).toHaveLength(1);
    expect(cities[0]).toMatchObject({
      phase: 'final',
      kind: 'city',
      complete: false,
      pennants: 2,
      points: 5,
      holders: [0],
      awarded: [5, 0],
    });
    expect(cells(cities[0]!.tiles)).toEqual(cellsOf([0, 0], [0, -1], [1, -1]));
  });

  it('rules-facts §j.3 / wikicarpedia Winter Edition Base Game ("RED scores 8 points ... both city segments on a tile ... only count as one"): a city passing tile I twice scores it once (4 tiles -> 8)', () => {
    // Four tiles around the corner point south-east of (0,1):
    //   (0,1) N@180 city E+S     (1,1) N@270 city W+S
    //   (0,2) N@90  city N+E     (1,2) I@0   caps N and W (two segments of the same city)
    // t0 A: N@180 at (0,1) (its north edge is a field, matching D's south field), knight on it.
    // t1 B: N@270 at (1,1).  t2 A: N@90 at (0,2).  t3 B: I@0 at (1,2) joins both open ends.
    // 4 distinct tiles (5 segments), no pennant: 2×4 = 8, not 10.
    const states = scenario([
      ['N', 0, 1, 180, 'E'],
      ['N', 1, 1, 270],
      ['N', 0, 2, 90],
      ['I', 1, 2, 0],
    ]);
    expect(scores(states[3]!)).toEqual([0, 0]);
    const end = last(states);
    expect(scores(end)).toEqual([8, 0]);
    const [city] = scoredNow(end);
    expect(city).toMatchObject({ kind: 'city', complete: true, pennants: 0, points: 8, holders: [0] });
    expect(city!.tiles).toHaveLength(4);
    expect(cells(city!.tiles)).toEqual(cellsOf([0, 1], [1, 1], [0, 2], [1, 2]));
  });

  it('rules-facts §j.3 + §c: an incomplete city passing tile I twice counts it once at the end (4 tiles -> 4)', () => {
    // As above but (1,1) is R@270 (city N/S/W, one segment): the city stays open on R's north edge
    // (cell (1,0) is empty). 4 distinct tiles, no pennant: 1×4 = 4, not 5.
    const end = last(
      scenario([
        ['N', 0, 1, 180, 'E'],
        ['R', 1, 1, 270],
        ['N', 0, 2, 90],
        ['I', 1, 2, 0],
      ]),
    );
    const f = features(end).find((x) => x.kind === 'city' && x.tiles.some((t) => t.x === 1 && t.y === 2));
    expect(f).toMatchObject({ complete: false });
    expect(f!.tiles).toHaveLength(4);
    expect(finalScores(end)).toEqual([4, 0]);
    const [city] = heldOf(finalEntries(end), 'city');
    expect(city).toMatchObject({ complete: false, points: 4, holders: [0] });
  });
});

describe('The two-tile city (rules-facts §b)', () => {
  // t0 A: E@180 at (0,-1) (cap S), knight on it: the cap closes D's cap, a completed city of 2 tiles.
  const TWO: Step[] = [['E', 0, -1, 180, 'S']];
  const twoTileCity = (extra: Extra) => last(scenario(TWO, extra));

  it('rules-facts §b (current / 3rd-edition rules, retrobeliever: ZMG manual shows 4): default scores 2×2 = 4', () => {
    const end = twoTileCity({});
    expect(end.rules.smallCity).toBe(4);
    expect(scores(end)).toEqual([4, 0]);
    expect(scoredNow(end)[0]).toMatchObject({ kind: 'city', complete: true, points: 4, holders: [0] });
    expect(scoredNow(end)[0]!.tiles).toHaveLength(2);
  });

  it('rules-facts §b (gracefulboot: "two-tile cities are two points for a knight"): rules.smallCity 2 scores 2', () => {
    const end = twoTileCity({ rules: { smallCity: 2 } });
    expect(scores(end)).toEqual([2, 0]);
    expect(scoredNow(end)[0]).toMatchObject({ kind: 'city', complete: true, points: 2, holders: [0], awarded: [2, 0] });
  });

  it("rules-facts §b: edition 'first' scores a two-tile city 2", () => {
    const end = twoTileCity({ edition: 'first' });
    expect(end.rules.smallCity).toBe(2);
    expect(scores(end)).toEqual([2, 0]);
  });

  it("rules-facts §b: edition 'second' scores a two-tile city 2", () => {
    const end = twoTileCity({ edition: 'second' });
    expect(end.rules.smallCity).toBe(2);
    expect(scores(end)).toEqual([2, 0]);
  });

  it("rules-facts §b: edition 'current' scores a two-tile city 4; rules.smallCity 4 overrides edition 'first'", () => {
    expect(scores(twoTileCity({ edition: 'current' }))).toEqual([4, 0]);
    expect(scores(twoTileCity({ edition: 'first', rules: { smallCity: 4 } }))).toEqual([4, 0]);
  });

  it('rules-facts §b: the rule is only for two tiles: a completed 3-tile city with 1 pennant still scores 8 under smallCity 2', () => {
    // D + M@180 (0,-1) knight + E@270 (1,-1): 2×3 + 2×1 = 8 in every edition.
    for (const extra of [{ rules: { smallCity: 2 } }, { edition: 'first' }, { edition: 'second' }] as Extra[]) {
      const end = last(
        scenario(
          [
            ['M', 0, -1, 180, 'S'],
            ['E', 1, -1, 270],
          ],
          extra,
        ),
      );
      expect(scores(end)).toEqual([8, 0]);
    }
  });

  it('rules-facts §b: an incomplete two-tile city scores 1 per tile at the end (2) under both rules', () => {
    // t0 A: N@180 at (0,-1) (city S+E), knight: D + N, open on N's east edge: 1×2 = 2.
    for (const extra of [{}, { rules: { smallCity: 2 } }] as Extra[]) {
      const end = last(scenario([['N', 0, -1, 180, 'S']], extra));
      expect(finalScores(end)).toEqual([2, 0]);
    }
  });
});

describe('Ties (rules-facts §j.8)', () => {
  it('rules-facts §j.8 / wikicarpedia Winter Edition Base Game ("BLUE and RED both score the full 10 points ... a draw"): two tied knights both score a 5-tile city in full', () => {
    // t0 A: G@90 at (0,-1) (city N-S, joins D's cap), knight of A.
    // t1 B: E@0 at (1,-1) (cap N; its west edge is a field matching G's east field), knight of B:
    //       a separate city.
    // t2 A: N@270 at (1,-2) (city W+S) extends B's city, no meeple.
    // t3 B: N@180 at (0,-2) (city S+E) joins both cities and closes everything.
    // City D, G, N, N, E: 5 tiles, no pennant: 2×5 = 10 to each (1 knight each).
    const states = scenario([
      ['G', 0, -1, 90, 'N'],
      ['E', 1, -1, 0, 'N'],
      ['N', 1, -2, 270],
      ['N', 0, -2, 180],
    ]);
    expect(supply(states[3]!)).toEqual([6, 6]);
    const end = last(states);
    expect(scores(end)).toEqual([10, 10]);
    expect(supply(end)).toEqual([7, 7]);
    expect(end.meeples).toEqual([]);
    const cities = scoredNow(end);
    expect(cities).toHaveLength(1);
    expect(cities[0]).toMatchObject({ kind: 'city', complete: true, points: 10, meeples: [1, 1], holders: [0, 1], awarded: [10, 10] });
    expect(cells(cities[0]!.tiles)).toEqual(cellsOf([0, 0], [0, -1], [1, -1], [1, -2], [0, -2]));
  });
});

describe('Ties at the end (rules-facts §c + §j.8)', () => {
  it('rules-facts §c + §j.8: two tied knights both score an incomplete 5-tile city in full at the end (5 each)', () => {
    // As the tied city above, but t3 B plays R@180 at (0,-2) (city E/S/W): it joins both parts, and
    // its west edge leaves the city open. D, G, E, N, R: 5 tiles, no pennant: 1×5 = 5 to each.
    const end = last(
      scenario([
        ['G', 0, -1, 90, 'N'],
        ['E', 1, -1, 0, 'N'],
        ['N', 1, -2, 270],
        ['R', 0, -2, 180],
      ]),
    );
    expect(scores(end)).toEqual([0, 0]);
    expect(supply(end)).toEqual([6, 6]);
    expect(finalScores(end)).toEqual([5, 5]);
    const cities = heldOf(finalEntries(end), 'city');
    expect(cities).toHaveLength(1);
    expect(cities[0]).toMatchObject({ complete: false, points: 5, meeples: [1, 1], holders: [0, 1], awarded: [5, 5] });
  });
});

describe('Majority', () => {
  it('rules-facts §j.8 / wikicarpedia Base game: 2 knights against 1: only the majority scores, every knight returns', () => {
    // t0 A: G@90 at (0,-1) knight (city with D).      t1 B: E@0 at (1,-1) knight (separate cap).
    // t2 A: E@0 at (-1,-1) knight (another separate cap; its east edge is a field, matching G's west field).
    // t3 B: N@270 at (1,-2) (city W+S) on top of B's cap.   t4 A: N@180 at (-1,-2) (city S+E) on top of A's cap.
    // t5 B: R@180 at (0,-2) (city E/S/W, field N) joins the three parts and closes the city.
    // City D, G, E, E, N, N, R: 7 tiles, no pennant: 2×7 = 14. A has 2 knights, B 1: A 14, B 0.
    const states = scenario([
      ['G', 0, -1, 90, 'N'],
      ['E', 1, -1, 0, 'N'],
      ['E', -1, -1, 0, 'N'],
      ['N', 1, -2, 270],
      ['N', -1, -2, 180],
      ['R', 0, -2, 180],
    ]);
    expect(supply(states[5]!)).toEqual([5, 6]);
    expect(scores(states[5]!)).toEqual([0, 0]);
    const end = last(states);
    expect(scores(end)).toEqual([14, 0]);
    expect(supply(end)).toEqual([7, 7]);
    expect(end.meeples).toEqual([]);
    const returned = end.events.filter((e) => e.type === 'meeple-returned');
    expect(returned).toHaveLength(3);
    expect(returned.filter((e) => e.type === 'meeple-returned' && e.owner === 1)).toHaveLength(1);
    const [city] = scoredNow(end);
    expect(city).toMatchObject({ kind: 'city', complete: true, points: 14, meeples: [2, 1], holders: [0], awarded: [14, 0] });
    expect(city!.tiles).toHaveLength(7);
  });
});
