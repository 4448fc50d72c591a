/**
 * Field (farmer) scenarios under every farmer rule, derived by hand from rules-facts §a and §j.7:
 * - 'farm-3' (3rd-edition rules, current): each field separately; its majority farmers score 3 per
 *   distinct completed city bordering it; a city may score again through another field.
 * - 'farm-3-once' (2nd-edition rules): as farm-3, but a city scores at most once per player.
 * - 'city-4' (1st-edition rules): each completed city once; the players with the most farmers in
 *   all the fields bordering it, combined, score 4.
 * - 'none': fields score nothing.
 * Incomplete cities give nothing (dized "Scoring a field"); ties score in full (§a, §j.8).
 *
 * Field geometry used (rotation 0 unless said):
 * - D (0,0): field D.n = halves ENE+WNW (north of the road, borders D's city); field D.s = ESE, SSE,
 *   SSW, WSW (south of the road, borders no city).
 * - E@180 at (0,-1): cap S closes D's cap -> completed 2-tile city X = D + E. Its field takes every
 *   half of its N, E and W edges and borders X. It touches D.n only through cells (±1,-1) / (±1,0).
 * - U@0: north field NNW+NNE+ENE+WNW, south field ESE+SSE+SSW+WSW, road E-W between them.
 *   U at (1,0) joins its north field to D.n (its WNW touches D's ENE) and its south field to D.s.
 *   U at (-1,0) joins its north field to D.n (its ENE touches D's WNW).
 *   U at (0,1) joins its north field to D.s (NNW/NNE touch D's SSW/SSE).
 * - A (cloister, road ending at it): one field around all 8 halves. A@90 at (1,0) (road W) or A@270
 *   at (-1,0) (road E) therefore joins D.n and D.s around the road's end.
 * - E@0 at (1,-1): cap N (open); its field takes the halves of its E, S and W edges: W joins E(0,-1)'s
 *   field, S joins whatever lies at (1,0).
 */
import { describe, expect, it } from 'vitest';
import type { FarmerRuleName, GameState, ScoredFeature } from '../../src/index.js';
import { finalEntries, finalScores, last, scenario, supply, type Extra, type Step } from './board.js';

const RULES: readonly FarmerRuleName[] = ['farm-3', 'farm-3-once', 'city-4', 'none'];

/** Plays a scenario under a farmer rule and returns the end state. */
const under = (steps: Step[], farmers: FarmerRuleName, extra: Extra = {}): GameState =>
  last(scenario(steps, { ...extra, rules: { ...extra.rules, farmers } }));

/** Farmer entries of the final scoring that gave points to somebody. */
const farmerEntries = (s: GameState): ScoredFeature[] => finalEntries(s).filter((e) => e.kind === 'field' && e.awarded.some((a) => a > 0));

/** Only farmers are on the board in these scenarios, so the final totals are the farmer points. */
function expectFarmerPoints(steps: Step[], expected: Record<FarmerRuleName, [number, number]>): void {
  for (const rule of RULES) {
    const end = under(steps, rule);
    expect(end.rules.farmers, rule).toBe(rule);
    expect(
      end.players.map((p) => p.score),
      `${rule}: no points during play`,
    ).toEqual([0, 0]);
    expect(finalScores(end), `final scores under ${rule}`).toEqual(expected[rule]);
    const sum = [0, 0];
    for (const e of farmerEntries(end)) for (const [i, a] of e.awarded.entries()) sum[i] = (sum[i] ?? 0) + a;
    expect(sum, `field entries under ${rule} add up`).toEqual(expected[rule]);
  }
}

/**
 * The required case: A has farmers in two SEPARATE fields that both border the same completed city
 * X and no other completed city.
 * t0 A: E@180 at (0,-1), farmer on its field (spot N) -> field F1 (borders X). X is complete.
 * t1 B: U@0 at (0,1), no meeple (extends D.s only: no city, no farmer: harmless).
 * t2 A: U@0 at (1,0), farmer on its north field (spot N) -> field F2 = D.n + U.north (borders X).
 * F1 and F2 stay separate: (1,-1) and (-1,-1) are empty.
 */
const TWO_FIELDS_ONE_CITY: Step[] = [
  ['E', 0, -1, 180, 'N'],
  ['U', 0, 1, 0],
  ['U', 1, 0, 0, 'N'],
];

describe('Fields (farmers), rules-facts §a', () => {
  it('rules-facts §a + §j.7 (gracefulboot, three versions): one player, two separate fields, one completed city: farm-3 6, farm-3-once 3, city-4 4, none 0', () => {
    // farm-3: F1 scores X (3) and F2 scores X again (3) = 6.
    // farm-3-once: A scores X once = 3.   city-4: X scored once, A has the most farmers (2 vs 0) = 4.
    const end = last(scenario(TWO_FIELDS_ONE_CITY));
    expect(end.meeples).toHaveLength(2);
    expect(supply(end)).toEqual([5, 7]);
    expectFarmerPoints(TWO_FIELDS_ONE_CITY, {
      'farm-3': [6, 0],
      'farm-3-once': [3, 0],
      'city-4': [4, 0],
      none: [0, 0],
    });
    // farm-3: two field entries of 3 points each, each counting the one city.
    const farm3 = farmerEntries(under(TWO_FIELDS_ONE_CITY, 'farm-3'));
    expect(farm3).toHaveLength(2);
    for (const e of farm3) {
      expect(e).toMatchObject({ phase: 'final', kind: 'field', points: 3, holders: [0], awarded: [3, 0] });
      expect(e.cities).toHaveLength(1);
    }
    expect(new Set(farm3.map((e) => e.cities[0])).size).toBe(1);
    // city-4: one entry for the city X, 4 points, A holding it with 2 farmers.
    const city4 = farmerEntries(under(TWO_FIELDS_ONE_CITY, 'city-4'));
    expect(city4).toHaveLength(1);
    expect(city4[0]).toMatchObject({ points: 4, holders: [0], awarded: [4, 0] });
    expect(city4[0]!.fields).toHaveLength(2);
  });

  it("rules-facts §a / options.ts editions: edition 'first' scores the required case with city-4 (4), 'second' with farm-3-once (3), 'current' with farm-3 (6)", () => {
    const first = last(scenario(TWO_FIELDS_ONE_CITY, { edition: 'first' }));
    expect(first.rules.farmers).toBe('city-4');
    expect(finalScores(first)).toEqual([4, 0]);
    const second = last(scenario(TWO_FIELDS_ONE_CITY, { edition: 'second' }));
    expect(second.rules.farmers).toBe('farm-3-once');
    expect(finalScores(second)).toEqual([3, 0]);
    const current = last(scenario(TWO_FIELDS_ONE_CITY, { edition: 'current' }));
    expect(current.rules.farmers).toBe('farm-3');
    expect(finalScores(current)).toEqual([6, 0]);
    // rules.farmers overrides the edition.
    expect(finalScores(last(scenario(TWO_FIELDS_ONE_CITY, { edition: 'first', rules: { farmers: 'farm-3' } })))).toEqual([6, 0]);
  });

  it('rules-facts §a / dized "Scoring a field" ("Incomplete cities do not add any points"): a field bordering 2 completed cities and 1 incomplete: farm-3 6, farm-3-once 6, city-4 8, none 0', () => {
    // t0 A: E@180 (0,-1), farmer -> field F (borders X = D + E, complete).
    // t1 B: E@0 (1,-1): its field joins F (west edge); its cap N is city Y, open.
    // t2 A: E@180 (1,-2): cap S closes Y (2 tiles, complete). Its own field is separate (S edge is city,
    //       (0,-2) empty).
    // t3 B: E@270 (-1,-1): its field joins F (east edge); its cap W is city Z, open (incomplete).
    // F borders X (complete), Y (complete), Z (incomplete). A's single farmer:
    // farm-3: 3×2 = 6; farm-3-once: X and Y once each = 6; city-4: X 4 + Y 4 = 8; none 0.
    const steps: Step[] = [
      ['E', 0, -1, 180, 'N'],
      ['E', 1, -1, 0],
      ['E', 1, -2, 180],
      ['E', -1, -1, 270],
    ];
    expectFarmerPoints(steps, {
      'farm-3': [6, 0],
      'farm-3-once': [6, 0],
      'city-4': [8, 0],
      none: [0, 0],
    });
    const [f] = farmerEntries(under(steps, 'farm-3'));
    expect(f).toMatchObject({ kind: 'field', points: 6, holders: [0], awarded: [6, 0] });
    expect(f!.cities).toHaveLength(2);
    const city4 = farmerEntries(under(steps, 'city-4'));
    expect(city4).toHaveLength(2);
    for (const e of city4) expect(e).toMatchObject({ points: 4, holders: [0], awarded: [4, 0] });
  });

  it('rules-facts §a + §j.8 (ties score in full): two fields joined into one with 1 farmer each: farm-3 3/3, farm-3-once 3/3, city-4 4/4, none 0/0', () => {
    // t0 A: E@180 (0,-1), farmer -> field F1 (borders X).
    // t1 B: U@0 (1,0), farmer on its north field -> field F2 = D.n + U.north (borders X).
    // t2 A: E@0 (1,-1), no meeple: west edge joins F1, south edge joins U(1,0).north = F2 -> one field,
    //       1 farmer each, bordering X (complete) and E(1,-1)'s cap (open: nothing).
    // farm-3: tie, 3 each. farm-3-once: 3 each. city-4: X's fields hold 1 + 1: tie, 4 each.
    const steps: Step[] = [
      ['E', 0, -1, 180, 'N'],
      ['U', 1, 0, 0, 'N'],
      ['E', 1, -1, 0],
    ];
    expectFarmerPoints(steps, {
      'farm-3': [3, 3],
      'farm-3-once': [3, 3],
      'city-4': [4, 4],
      none: [0, 0],
    });
    const [f] = farmerEntries(under(steps, 'farm-3'));
    expect(f).toMatchObject({ kind: 'field', meeples: [1, 1], holders: [0, 1], points: 3, awarded: [3, 3] });
    expect(f!.cities).toHaveLength(1);
  });

  it('rules-facts §a (majority): a field with 2 farmers of A and 1 of B: only A scores: farm-3 3/0, farm-3-once 3/0, city-4 4/0, none 0/0', () => {
    // t0 A: E@180 (0,-1), farmer -> F1 (borders X).
    // t1 B: U@0 (-1,0), farmer on its north field -> F2 = D.n + U(-1,0).north (borders X).
    // t2 A: U@0 (0,1), farmer on its north field -> F3 = D.s + U(0,1).north (+ U(-1,0).south): no city.
    // t3 B: A@90 (1,0), no meeple: its all-round field joins D.n (F2) and D.s (F3).
    // t4 A: E@0 (1,-1), no meeple: joins F1 (west) and A(1,0)'s field (south): one field with A 2, B 1,
    //       bordering X (complete) and E(1,-1)'s cap (open).
    // farm-3 / farm-3-once: A 3, B 0. city-4: X: A 2 vs B 1 -> A 4. Farmers stay: supply A 5, B 6.
    const steps: Step[] = [
      ['E', 0, -1, 180, 'N'],
      ['U', -1, 0, 0, 'N'],
      ['U', 0, 1, 0, 'N'],
      ['A', 1, 0, 90],
      ['E', 1, -1, 0],
    ];
    const end = last(scenario(steps));
    expect(end.meeples).toHaveLength(3);
    expect(supply(end)).toEqual([5, 6]);
    expectFarmerPoints(steps, {
      'farm-3': [3, 0],
      'farm-3-once': [3, 0],
      'city-4': [4, 0],
      none: [0, 0],
    });
    const [f] = farmerEntries(under(steps, 'farm-3'));
    expect(f).toMatchObject({ kind: 'field', meeples: [2, 1], holders: [0], points: 3, awarded: [3, 0] });
  });

  it('rules-facts §a (city-4 counts farmers of all fields bordering the city combined): B holds one field, A (2 farmers) the other: farm-3 3/3, farm-3-once 3/3, city-4 4/0', () => {
    // t0 A: U@0 (1,0), farmer on its north field -> F2 = D.n + U.north (borders X once X exists).
    // t1 B: E@180 (0,-1), farmer -> F1 (E's field; borders X, which this tile completes).
    // t2 A: U@0 (0,1), farmer on its north field -> F3 = D.s + U(0,1).north (+ U(1,0).south): no city.
    // t3 B: A@270 (-1,0), no meeple: its all-round field joins D.n and D.s -> F2+F3 with 2 farmers of A.
    // farm-3: F1 -> B 3; F2+F3 -> A 3. farm-3-once: the same (one field each). city-4: X is bordered by
    // F1 (B 1) and F2+F3 (A 2): combined A 2 > B 1 -> A 4, B 0.
    const steps: Step[] = [
      ['U', 1, 0, 0, 'N'],
      ['E', 0, -1, 180, 'N'],
      ['U', 0, 1, 0, 'N'],
      ['A', -1, 0, 270],
    ];
    expectFarmerPoints(steps, {
      'farm-3': [3, 3],
      'farm-3-once': [3, 3],
      'city-4': [4, 0],
      none: [0, 0],
    });
    const city4 = farmerEntries(under(steps, 'city-4'));
    expect(city4).toHaveLength(1);
    expect(city4[0]).toMatchObject({ meeples: [2, 1], holders: [0], points: 4, awarded: [4, 0] });
  });

  it('rules-facts §a: a field bordering only an incomplete city scores nothing under every rule', () => {
    // t0 A: N@180 (0,-1) (city S+E, open on the east), farmer on its field (spot N: its N and W edges
    // are fields, and the field borders the city). The city D + N stays open: 0 under every rule.
    const steps: Step[] = [['N', 0, -1, 180, 'N']];
    expectFarmerPoints(steps, {
      'farm-3': [0, 0],
      'farm-3-once': [0, 0],
      'city-4': [0, 0],
      none: [0, 0],
    });
  });
});
