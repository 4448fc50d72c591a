/**
 * Placement errors. The rules (reference README §1.2; wikicarpedia Base game "Place a tile"): a tile
 * goes on an empty cell sharing at least one edge with a placed tile, every touching edge pair must
 * show the same kind (city/road/field); the tile placed is the one drawn; a meeple needs a feature at
 * the named spot of the tile just placed and a follower in supply.
 */
import { describe, expect, it } from 'vitest';
import { applyMove, IllegalMoveError, type TurnMove } from '../../src/index.js';
import { last, newGame, rejection, scenario, scenarioIC, scenarioX } from './board.js';

describe('Placement errors', () => {
  it("reference README §1.2 (every touching edge pair must match): 'edge-mismatch' names the edge and both kinds", () => {
    // t0 A: E@270 at (0,1): cap W (its north edge is a field, matching D's south field).
    // B's U@0 at (-1,1): its east edge (road) touches E's west edge (city).
    const s = last(scenario([['E', 0, 1, 270]], {}, ['U']));
    const err = rejection(s, { tile: 'U', x: -1, y: 1, rotation: 0 });
    expect(err?.code).toBe('edge-mismatch');
    expect(err?.message).toContain('east edge: the tile has a road, the neighbour has a city');
    // U@0 at (0,-1): its south edge (field) touches D's north edge (city).
    const err2 = rejection(s, { tile: 'U', x: 0, y: -1, rotation: 0 });
    expect(err2?.code).toBe('edge-mismatch');
    expect(err2?.message).toContain('south edge: the tile has a field, the neighbour has a city');
    // U@90 at (1,0): its west edge is a field (U's south turned west), D's east edge a road.
    const err3 = rejection(s, { tile: 'U', x: 1, y: 0, rotation: 90 });
    expect(err3?.code).toBe('edge-mismatch');
    expect(err3?.message).toContain('west edge: the tile has a field, the neighbour has a road');
    // The same tile fits at (1,0) turned 0.
    expect(rejection(s, { tile: 'U', x: 1, y: 0, rotation: 0 })).toBeNull();
  });

  it("wikicarpedia Base game (a tile must touch a placed tile along an edge; corners do not count, rules-facts §j.5): 'not-adjacent'", () => {
    const s = newGame(['U']);
    expect(rejection(s, { tile: 'U', x: 5, y: 5, rotation: 0 })?.code).toBe('not-adjacent');
    // (1,1) touches D only at a corner.
    expect(rejection(s, { tile: 'U', x: 1, y: 1, rotation: 0 })?.code).toBe('not-adjacent');
  });

  it("wikicarpedia Base game: a cell holds one tile: 'cell-occupied'", () => {
    const s = last(scenario([['U', 1, 0, 0]], {}, ['U']));
    expect(rejection(s, { tile: 'U', x: 0, y: 0, rotation: 0 })?.code).toBe('cell-occupied');
    expect(rejection(s, { tile: 'U', x: 1, y: 0, rotation: 0 })?.code).toBe('cell-occupied');
  });

  it("wikicarpedia Base game (place the tile drawn): naming another tile is 'wrong-tile'", () => {
    const s = newGame(['U']);
    expect(s.currentTile).toBe('U');
    expect(rejection(s, { tile: 'X', x: 1, y: 0, rotation: 0 })?.code).toBe('wrong-tile');
  });

  it("rules-facts §j.1: a meeple needs a feature at the named spot of the placed tile: 'no-feature-at-spot'", () => {
    const s = newGame(['U']);
    // U has no cloister and no enclosed field.
    expect(rejection(s, { tile: 'U', x: 1, y: 0, rotation: 0, meeple: { at: 'C' } })?.code).toBe('no-feature-at-spot');
    expect(rejection(s, { tile: 'U', x: 1, y: 0, rotation: 0, meeple: { at: 'I' } })?.code).toBe('no-feature-at-spot');
    // Its road and both fields are fine.
    for (const at of ['E', 'W', 'N', 'S', 'NNW', 'SSE'] as const) {
      expect(rejection(s, { tile: 'U', x: 1, y: 0, rotation: 0, meeple: { at } }), at).toBeNull();
    }
  });

  it("rules-facts §i (rules.meeples 1): a player with no follower in supply gets 'no-meeples-left'", () => {
    // t0 A: U@0 (1,0), thief: A's only follower.  t1 B: U@0 at (-1,0), no meeple.
    // t2 A: B at (0,1) with a monk -> 'no-meeples-left'; without a meeple it is legal.
    const s = last(
      scenario(
        [
          ['U', 1, 0, 0, 'E'],
          ['U', -1, 0, 0],
        ],
        { rules: { meeples: 1 } },
        ['B'],
      ),
    );
    expect(s.players.map((p) => p.meeples)).toEqual([0, 1]);
    expect(rejection(s, { tile: 'B', x: 0, y: 1, rotation: 0, meeple: { at: 'C' } })?.code).toBe('no-meeples-left');
    expect(rejection(s, { tile: 'B', x: 0, y: 1, rotation: 0 })).toBeNull();
  });

  it('applyMove throws an IllegalMoveError with the code and leaves the state as it was', () => {
    const s = newGame(['U']);
    let caught: unknown = null;
    try {
      applyMove(s, { tile: 'U', x: 0, y: -1, rotation: 0 });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(IllegalMoveError);
    expect((caught as IllegalMoveError).code).toBe('edge-mismatch');
    expect(s.turn).toBe(0);
    expect(s.placements).toHaveLength(1);
    expect(s.currentTile).toBe('U');
  });

  it("rules-facts §f: a river tile away from the river's open end is 'river-not-continued'; a second same-way turn is 'river-u-turn'", () => {
    // t0 A: RV-curve (1,0) turned 90 (river W,N): a left turn; the open end is (1,-1).
    const s = last(scenario([['RV-curve', 1, 0, 90]], { expansions: ['river'] }, ['RV-curve']));
    // (2,0) turned 180 (river N,E): its west edge, the only one touching a tile, is a field against
    // the curve's east field: every edge matches, but the river would not continue.
    expect(rejection(s, { tile: 'RV-curve', x: 2, y: 0, rotation: 180 })?.code).toBe('river-not-continued');
    // At the open end turned 0 (river S,W): a second left turn in a row.
    expect(rejection(s, { tile: 'RV-curve', x: 1, y: -1, rotation: 0 })?.code).toBe('river-u-turn');
  });

  it("rules-facts §f, §g: 'figure-not-allowed' for a meeple on a river, a follower on a garden, an abbot elsewhere than a cloister or garden or without The Abbot", () => {
    const river = newGame(['RV-straight'], { expansions: ['river'] });
    expect(rejection(river, { tile: 'RV-straight', x: 1, y: 0, rotation: 0, meeple: { at: 'E' } })?.code).toBe('figure-not-allowed');
    const abbot = newGame(['U-garden'], { expansions: ['abbot'] });
    expect(rejection(abbot, { tile: 'U-garden', x: 0, y: 1, rotation: 0, meeple: { at: 'G' } })?.code).toBe('figure-not-allowed');
    expect(rejection(abbot, { tile: 'U-garden', x: 0, y: 1, rotation: 0, meeple: { at: 'E', kind: 'abbot' } })?.code).toBe(
      'figure-not-allowed',
    );
    // U-garden has a garden, but B (no garden) does not: 'no-feature-at-spot' for G.
    const base = newGame(['B']);
    expect(rejection(base, { tile: 'B', x: 0, y: 1, rotation: 0, meeple: { at: 'C', kind: 'abbot' } })?.code).toBe('figure-not-allowed');
    expect(rejection(base, { tile: 'B', x: 0, y: 1, rotation: 0, meeple: { at: 'G' } })?.code).toBe('no-feature-at-spot');
  });

  it("rules-facts §g: 'no-meeples-left' for a second abbot, 'nothing-to-recall' without an abbot on the board, 'deploy-and-recall' for both", () => {
    const s0 = newGame(['B', 'U', 'B'], { expansions: ['abbot'] });
    expect(rejection(s0, { tile: 'B', x: 0, y: 1, rotation: 0, recall: 'abbot' })?.code).toBe('nothing-to-recall');
    // t0 A: B at (0,1) with the abbot.  t1 B: U (1,0).  t2 A: B at (1,-1) (touches only U's north field).
    const s = last(
      scenarioX(
        [
          ['B', 0, 1, 0, 'abbot:C'],
          ['U', 1, 0, 0],
        ],
        { expansions: ['abbot'] },
        ['B'],
      ),
    );
    expect(rejection(s, { tile: 'B', x: 1, y: -1, rotation: 0, meeple: { at: 'C', kind: 'abbot' } })?.code).toBe('no-meeples-left');
    expect(rejection(s, { tile: 'B', x: 1, y: -1, rotation: 0, meeple: { at: 'C' }, recall: 'abbot' })?.code).toBe('deploy-and-recall');
    expect(rejection(s, { tile: 'B', x: 1, y: -1, rotation: 0, recall: 'abbot' })).toBeNull();
  });

  it("rules-facts §d: a large meeple without Inns & Cathedrals is 'figure-not-allowed' (so is one on a river or a garden)", () => {
    // U at (1,0): its road joins D's road, free; a follower may go there, a large meeple may not.
    const base = newGame(['U']);
    expect(rejection(base, { tile: 'U', x: 1, y: 0, rotation: 0, meeple: { at: 'E', kind: 'large' } })?.code).toBe('figure-not-allowed');
    expect(rejection(base, { tile: 'U', x: 1, y: 0, rotation: 0, meeple: { at: 'E' } })).toBeNull();
    // With The Abbot but not Inns & Cathedrals: still not allowed.
    const abbot = newGame(['U'], { expansions: ['abbot'] });
    expect(rejection(abbot, { tile: 'U', x: 1, y: 0, rotation: 0, meeple: { at: 'E', kind: 'large' } })?.code).toBe('figure-not-allowed');
    // With the expansion: legal there, but never on a river (§f) nor on a garden (§g: abbots only).
    expect(
      rejection(newGame(['U'], { expansions: ['inns-cathedrals'] }), {
        tile: 'U',
        x: 1,
        y: 0,
        rotation: 0,
        meeple: { at: 'E', kind: 'large' },
      }),
    ).toBeNull();
    const river = newGame(['RV-straight'], { expansions: ['river', 'inns-cathedrals'] });
    expect(rejection(river, { tile: 'RV-straight', x: 1, y: 0, rotation: 0, meeple: { at: 'E', kind: 'large' } })?.code).toBe(
      'figure-not-allowed',
    );
    const garden = newGame(['U-garden'], { expansions: ['abbot', 'inns-cathedrals'] });
    expect(rejection(garden, { tile: 'U-garden', x: 0, y: 1, rotation: 0, meeple: { at: 'G', kind: 'large' } })?.code).toBe(
      'figure-not-allowed',
    );
  });

  it("rules-facts §d (one large meeple per player): a second large meeple is 'no-meeples-left'; a follower is still fine", () => {
    // t0 A: U at (1,0), large meeple on the road.  t1 B: U at (-1,0), nothing.  t2 A: B at (0,1).
    const s = last(
      scenarioIC(
        [
          ['U', 1, 0, 0, 'large:E'],
          ['U', -1, 0, 0],
        ],
        { expansions: ['inns-cathedrals'] },
        ['B'],
      ),
    );
    expect(s.players.map((p) => p.largeMeeples)).toEqual([0, 1]);
    expect(rejection(s, { tile: 'B', x: 0, y: 1, rotation: 0, meeple: { at: 'C', kind: 'large' } })?.code).toBe('no-meeples-left');
    expect(rejection(s, { tile: 'B', x: 0, y: 1, rotation: 0, meeple: { at: 'C' } })).toBeNull();
  });

  it("rules-facts §d: a large meeple on a feature that already holds a figure is 'feature-occupied'", () => {
    // t0 A: U at (1,0), thief on D's road.  B's U at (-1,0) joins that road.
    const s = last(scenarioIC([['U', 1, 0, 0, 'E']], { expansions: ['inns-cathedrals'] }, ['U']));
    expect(rejection(s, { tile: 'U', x: -1, y: 0, rotation: 0, meeple: { at: 'E', kind: 'large' } })?.code).toBe('feature-occupied');
    // And the other way round: a follower on a road holding a large meeple.
    const t = last(scenarioIC([['U', 1, 0, 0, 'large:E']], { expansions: ['inns-cathedrals'] }, ['U']));
    expect(rejection(t, { tile: 'U', x: -1, y: 0, rotation: 0, meeple: { at: 'E' } })?.code).toBe('feature-occupied');
  });

  it("a recall other than 'abbot' and an unknown meeple kind are 'malformed-move'; a builder without its expansion is 'figure-not-allowed'", () => {
    const s = newGame(['B'], { expansions: ['abbot'] });
    expect(rejection(s, { tile: 'B', x: 0, y: 1, rotation: 0, recall: 'monk' } as unknown as TurnMove)?.code).toBe('malformed-move');
    expect(rejection(s, { tile: 'B', x: 0, y: 1, rotation: 0, meeple: { at: 'C', kind: 'monk' } } as unknown as TurnMove)?.code).toBe(
      'malformed-move',
    );
    const builder = rejection(s, { tile: 'B', x: 0, y: 1, rotation: 0, meeple: { at: 'C', kind: 'builder' } });
    expect([builder?.code, builder?.message]).toEqual([
      'figure-not-allowed',
      'Traders & Builders is not in play: there is no builder to deploy',
    ]);
  });
});
