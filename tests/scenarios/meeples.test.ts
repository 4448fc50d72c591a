/**
 * Meeple scenarios, derived by hand from rules-facts §j.1 (place tile, then optionally one meeple on
 * that tile on a feature with no meeple anywhere along it, then score: a meeple on a feature the same
 * tile completes scores at once and comes back that turn) and §j.9 (farmers never return during play).
 */
import { describe, expect, it } from 'vitest';
import { applyMove, scoreFinal } from '../../src/index.js';
import { eventTypes, finalScores, last, RING_FIRST, rejection, scenario, scores, scoredNow, supply } from './board.js';

/** Indices of the first event of each type, to check their order. */
function order(types: readonly string[], wanted: readonly string[]): number[] {
  return wanted.map((t) => types.indexOf(t));
}

describe('Deploy and score in one turn (rules-facts §j.1)', () => {
  it('rules-facts §j.1 (leagueslider FAQ: "place a meeple in a feature you just completed, immediately score it, and then return the meeple"): a knight on the cap that closes a 2-tile city', () => {
    // t0 A: E@180 at (0,-1) with a knight on its cap: it closes D's cap. 2 tiles: 2×2 = 4 (current rules).
    const end = last(scenario([['E', 0, -1, 180, 'S']]));
    expect(scores(end)).toEqual([4, 0]);
    expect(supply(end)).toEqual([7, 7]);
    expect(end.meeples).toEqual([]);
    const types = eventTypes(end);
    const [placed, placedMeeple, scored, returned] = order(types, ['tile-placed', 'meeple-placed', 'feature-scored', 'meeple-returned']);
    expect(placed).toBe(0);
    expect(placedMeeple).toBeGreaterThan(placed!);
    expect(scored).toBeGreaterThan(placedMeeple!);
    expect(returned).toBeGreaterThan(scored!);
    expect(end.events).toContainEqual({ type: 'meeple-placed', player: 0, kind: 'follower', x: 0, y: -1, at: 'S', feature: 'city' });
    expect(end.events).toContainEqual({ type: 'meeple-returned', owner: 0, kind: 'follower', x: 0, y: -1, at: 'S' });
    expect(scoredNow(end)[0]).toMatchObject({ phase: 'play', turn: 0, kind: 'city', complete: true, points: 4, holders: [0] });
    // The tile keeps the record of the meeple deployed on it that turn.
    expect(end.placements[1]).toMatchObject({ tile: 'E', x: 0, y: -1, player: 0, meeple: { at: 'S', kind: 'follower' } });
  });

  it('rules-facts §j.1: a thief on the tile that closes a road scores at once (W + L: 3 tiles -> 3 for B)', () => {
    // t0 A: W@0 at (1,0), no meeple.  t1 B: L@0 at (-1,0) with a thief on its east road: the road
    // L.E – D – W.W is closed by both junctions, 3 tiles -> 3 for B, thief back the same turn.
    const end = last(
      scenario([
        ['W', 1, 0, 0],
        ['L', -1, 0, 0, 'E'],
      ]),
    );
    expect(scores(end)).toEqual([0, 3]);
    expect(supply(end)).toEqual([7, 7]);
    expect(end.meeples).toEqual([]);
    expect(eventTypes(end)).toContain('meeple-returned');
    expect(scoredNow(end)[0]).toMatchObject({ kind: 'road', complete: true, points: 3, holders: [1], awarded: [0, 3] });
  });

  it('rules-facts §j.1 + §j.4: a monk on a cloister placed as the last of its 9 tiles scores 9 at once', () => {
    // The 8 neighbours of (0,1) first (D, then 7 tiles, all edges facing (0,1) are fields), then
    // t7 B: B at (0,1) with a monk: complete on arrival, 9 points for B.
    const end = last(scenario([...RING_FIRST, ['B', 0, 1, 0, 'C']]));
    expect(scores(end)).toEqual([0, 9]);
    expect(supply(end)).toEqual([7, 7]);
    expect(end.meeples).toEqual([]);
    expect(scoredNow(end)[0]).toMatchObject({ kind: 'cloister', complete: true, points: 9, holders: [1] });
  });
});

describe('Meeple placement rules (rules-facts §j.1, §j.9)', () => {
  it('rules-facts §j.1 / wikicarpedia Base game ("no other follower ... on the road ... connected ... however far away"): a road occupied further along -> \'feature-occupied\'', () => {
    // t0 A: U@0 at (1,0), thief. t1 B's U@0 at (-1,0) extends the same road through D: a thief on it is
    // refused even though A's thief is two tiles away; the same tile on its north field is fine.
    const s = last(scenario([['U', 1, 0, 0, 'E']], {}, ['U']));
    const err = rejection(s, { tile: 'U', x: -1, y: 0, rotation: 0, meeple: { at: 'W' } });
    expect(err?.code).toBe('feature-occupied');
    expect(rejection(s, { tile: 'U', x: -1, y: 0, rotation: 0, meeple: { at: 'E' } })?.code).toBe('feature-occupied');
    expect(rejection(s, { tile: 'U', x: -1, y: 0, rotation: 0, meeple: { at: 'N' } })).toBeNull();
    expect(rejection(s, { tile: 'U', x: -1, y: 0, rotation: 0 })).toBeNull();
  });

  it("wikicarpedia Base game (\"not even one belonging to the same player\"): a player's own thief further along also blocks ('feature-occupied')", () => {
    // t0 A: U@0 at (1,0), thief.  t1 B: B at (0,1), no meeple.  t2 A: U@0 at (-1,0) on the same road:
    // a thief there is refused although the road's only thief is A's own.
    const s = last(
      scenario(
        [
          ['U', 1, 0, 0, 'E'],
          ['B', 0, 1, 0],
        ],
        {},
        ['U'],
      ),
    );
    expect(s.currentPlayer).toBe(0);
    expect(rejection(s, { tile: 'U', x: -1, y: 0, rotation: 0, meeple: { at: 'W' } })?.code).toBe('feature-occupied');
  });

  it("rules-facts §j.1: a knight is refused on a city that already has one, even when the new tile completes it ('feature-occupied')", () => {
    // t0 A: N@180 at (0,-1) (city S+E), knight. B's E@270 at (1,-1) closes the city: knight refused,
    // farmer on E's field (spot N, a field edge) allowed.
    const s = last(scenario([['N', 0, -1, 180, 'S']], {}, ['E']));
    expect(rejection(s, { tile: 'E', x: 1, y: -1, rotation: 270, meeple: { at: 'W' } })?.code).toBe('feature-occupied');
    expect(rejection(s, { tile: 'E', x: 1, y: -1, rotation: 270, meeple: { at: 'N' } })).toBeNull();
  });

  it('rules-facts §j.1 / wikicarpedia The Farmers ("only place your farmer if there are no other farmers in the field"): a field occupied further along -> \'feature-occupied\'', () => {
    // t0 A: E@180 at (0,-1), farmer on its field (spot N). B's E@0 at (1,-1): its west edge joins that
    // field, so a farmer on it (spot E, a field edge of E@0) is refused; a knight on its cap is fine.
    const s = last(scenario([['E', 0, -1, 180, 'N']], {}, ['E']));
    expect(rejection(s, { tile: 'E', x: 1, y: -1, rotation: 0, meeple: { at: 'E' } })?.code).toBe('feature-occupied');
    expect(rejection(s, { tile: 'E', x: 1, y: -1, rotation: 0, meeple: { at: 'N' } })).toBeNull();
  });

  it("rules-facts §j.1: a meeple goes on the tile just placed only: it lands on that tile, and a spot naming a neighbour's feature is 'no-feature-at-spot'", () => {
    // t0 A: B at (0,1), monk: it stands on (0,1). t1 B: U@0 at (1,0): U has no cloister, so 'C' is
    // refused even though a cloister lies next to it.
    const states = scenario([['B', 0, 1, 0, 'C']], {}, ['U']);
    const s = last(states);
    expect(s.meeples).toEqual([{ owner: 0, kind: 'follower', x: 0, y: 1, at: 'C', feature: 'cloister' }]);
    expect(rejection(s, { tile: 'U', x: 1, y: 0, rotation: 0, meeple: { at: 'C' } })?.code).toBe('no-feature-at-spot');
    const next = applyMove(s, { tile: 'U', x: 1, y: 0, rotation: 0, meeple: { at: 'E' } });
    expect(next.meeples[1]).toMatchObject({ owner: 1, x: 1, y: 0, feature: 'road' });
  });

  it('rules-facts §j.9 / wikicarpedia The Farmers ("not returned ... after scoring"): a farmer stays when its city completes and scores only at the end', () => {
    // t0 A: E@180 at (0,-1), farmer on its field: the same tile completes the city D+E (no knight).
    // t1 B: U@0 at (1,0), no meeple. The farmer is still on the board, A's supply 6, score 0.
    // Final (farm-3): the field borders one completed city: 3 points for A.
    const states = scenario([
      ['E', 0, -1, 180, 'N'],
      ['U', 1, 0, 0],
    ]);
    for (const s of states.slice(1)) {
      // (which spot names the field in the record is a convention; only the tile and kind matter here)
      expect(s.meeples).toHaveLength(1);
      expect(s.meeples[0]).toMatchObject({ owner: 0, kind: 'follower', x: 0, y: -1, feature: 'field' });
      expect(supply(s)).toEqual([6, 7]);
      expect(scores(s)).toEqual([0, 0]);
      expect(s.events.filter((e) => e.type === 'meeple-returned')).toEqual([]);
    }
    expect(finalScores(last(states))).toEqual([3, 0]);
  });

  it('rules-facts §j.1 (scribd clarifications: "if you start your turn without a token, you cannot remove one and place it that turn"): meeples are placed before scoring', () => {
    // rules.meeples 1. t0 A: U@0 (1,0), thief (A's supply 0).  t1 B: U@0 (-1,0).
    // t2 A: A@90 at (2,0) (road ends at the cloister), no meeple.  t3 B: B at (0,1), far from the road.
    // t4 A: T@270 at (-2,0) closes A's own road. A knight on T's city is refused ('no-meeples-left'):
    // the thief only comes back in the scoring, after the deploy step. Without a meeple: road of
    // T, U, D, U, A = 5 tiles -> 5 for A, thief back (supply 1).
    const s4 = last(
      scenario(
        [
          ['U', 1, 0, 0, 'E'],
          ['U', -1, 0, 0],
          ['A', 2, 0, 90],
          ['B', 0, 1, 0],
        ],
        { rules: { meeples: 1 } },
        ['T'],
      ),
    );
    expect(supply(s4)).toEqual([0, 1]);
    expect(rejection(s4, { tile: 'T', x: -2, y: 0, rotation: 270, meeple: { at: 'N' } })?.code).toBe('no-meeples-left');
    const s5 = applyMove(s4, { tile: 'T', x: -2, y: 0, rotation: 270 });
    expect(scores(s5)).toEqual([5, 0]);
    expect(supply(s5)).toEqual([1, 1]);
    expect(scoreFinal(s5).scores).toEqual([5, 0]);
  });
});
