/**
 * Road scenarios. Expected numbers are derived by hand from the rules:
 * a completed road scores 1 point per tile (rules-facts §c), closed at both ends by a junction,
 * a city, a cloister (§j.2, reference README §1.2: a one-edge road segment closes that end) or by
 * closing into a loop (§j.2); a road still open at the end also scores 1 per tile (§c). Tiles are
 * counted, not segments (§j.3).
 *
 * Tiles used (rotation 0): U straight road E-W; V curve S-W; W junction (roads E, S, W each end);
 * L city N + junction (roads E, S, W each end); A cloister with a road ending at it on S;
 * T city N/E/W with a road S ending at the city gate.
 * Rotations used: V@90 road N-W, V@180 road N-E, V@270 road E-S; A@90 road W;
 * T@270 city N/S/W with the road on E.
 */
import { describe, expect, it } from 'vitest';
import { features } from '../../src/index.js';
import { cells, cellsOf, finalEntries, finalScores, heldOf, last, scenario, scores, scoredNow, supply } from './board.js';

describe('Roads', () => {
  it('rules-facts §c + §j.2 / wikicarpedia Base game (dized "Scoring roads"): a road closed by two junctions (W and L) scores 1 per tile', () => {
    // t0 A: W@0 at (1,0), thief on its west road (the segment that ends at the junction).
    // t1 B: L@0 at (-1,0): its east road ends at L's junction.
    // Road: L(-1,0).E – D(0,0) – W(1,0).W, both ends closed: 3 tiles -> 3 points for A.
    const states = scenario([
      ['W', 1, 0, 0, 'W'],
      ['L', -1, 0, 0],
    ]);
    const afterT0 = states[1]!;
    const afterT1 = states[2]!;
    expect(scores(afterT0)).toEqual([0, 0]);
    expect(supply(afterT0)).toEqual([6, 7]);

    expect(scores(afterT1)).toEqual([3, 0]);
    expect(supply(afterT1)).toEqual([7, 7]);
    expect(afterT1.meeples).toEqual([]);
    const roads = scoredNow(afterT1);
    expect(roads).toHaveLength(1);
    const road = roads[0]!;
    expect(road).toMatchObject({
      phase: 'play',
      turn: 1,
      kind: 'road',
      complete: true,
      points: 3,
      holders: [0],
      awarded: [3, 0],
      meeples: [1, 0],
    });
    expect(cells(road.tiles)).toEqual(cellsOf([-1, 0], [0, 0], [1, 0]));
    expect(afterT1.events).toContainEqual({ type: 'meeple-returned', owner: 0, kind: 'follower', x: 1, y: 0, at: 'W' });
  });

  it('rules-facts §j.2 / reference README §1.2: a road from a cloister (A) to a city gate (T) scores 1 per tile (5 tiles -> 5)', () => {
    // t0 A: U@0 at (1,0), thief on the road.  t1 B: U@0 at (-1,0).
    // t2 A: A@90 at (2,0): the road ends at the cloister (road on A's west edge).
    // t3 B: T@270 at (-2,0): the road ends at T's city gate (road on T's east edge).
    // Road: T(-2,0) – U(-1,0) – D(0,0) – U(1,0) – A(2,0): closed at both ends, 5 tiles -> 5 for A.
    const states = scenario([
      ['U', 1, 0, 0, 'E'],
      ['U', -1, 0, 0],
      ['A', 2, 0, 90],
      ['T', -2, 0, 270],
    ]);
    expect(scores(states[3]!)).toEqual([0, 0]); // still open on the west before T
    const end = last(states);
    expect(scores(end)).toEqual([5, 0]);
    expect(supply(end)).toEqual([7, 7]);
    const [road] = scoredNow(end);
    expect(road).toMatchObject({ kind: 'road', complete: true, points: 5, holders: [0], awarded: [5, 0] });
    expect(cells(road!.tiles)).toEqual(cellsOf([-2, 0], [-1, 0], [0, 0], [1, 0], [2, 0]));
  });

  it('rules-facts §j.2: a road closed by the crossroads X and a city gate T scores 1 per tile (3 tiles -> 3)', () => {
    // t0 A: X at (1,0), thief on its west road (X's four roads each end at the crossroads).
    // t1 B: T@270 at (-1,0): its east road ends at the city gate. Road X.W – D – T.E: 3 tiles -> 3.
    const end = last(
      scenario([
        ['X', 1, 0, 0, 'W'],
        ['T', -1, 0, 270],
      ]),
    );
    expect(scores(end)).toEqual([3, 0]);
    expect(supply(end)).toEqual([7, 7]);
    const [road] = scoredNow(end);
    expect(road).toMatchObject({ kind: 'road', complete: true, points: 3, holders: [0] });
    expect(cells(road!.tiles)).toEqual(cellsOf([-1, 0], [0, 0], [1, 0]));
  });

  it('rules-facts §j.2 / wikicarpedia Base game: a road loop scores 1 per tile, each tile once (6 tiles -> 6)', () => {
    // Loop of 6 tiles around the point south of D:
    //   (-1,0) V@270 road E-S   (0,0) D road E-W     (1,0) V@0 road W-S
    //   (-1,1) V@180 road N-E   (0,1) U@0 road E-W   (1,1) V@90 road N-W
    // t0 A: V@0 at (1,0), thief on it.  t1 B: V@90 at (1,1).  t2 A: U@0 at (0,1) (its north edge is a
    // field, matching D's south field).  t3 B: V@180 at (-1,1).  t4 A: V@270 at (-1,0) closes the loop.
    // 6 distinct tiles, no end: 6 points (not 7: the tile where the loop closes counts once).
    const states = scenario([
      ['V', 1, 0, 0, 'S'],
      ['V', 1, 1, 90],
      ['U', 0, 1, 0],
      ['V', -1, 1, 180],
      ['V', -1, 0, 270],
    ]);
    expect(scores(states[4]!)).toEqual([0, 0]);
    const end = last(states);
    expect(scores(end)).toEqual([6, 0]);
    expect(supply(end)).toEqual([7, 7]);
    const [loop] = scoredNow(end);
    expect(loop).toMatchObject({ kind: 'road', complete: true, points: 6, holders: [0], awarded: [6, 0] });
    expect(loop!.tiles).toHaveLength(6);
    expect(cells(loop!.tiles)).toEqual(cellsOf([0, 0], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0]));
    const f = features(end).find((x) => x.kind === 'road' && x.tiles.some((t) => t.x === 0 && t.y === 1));
    expect(f).toMatchObject({ complete: true, open: 0 });
    expect(f!.tiles).toHaveLength(6);
  });

  it('rules-facts §c: an incomplete road at the end scores 1 per tile (3 tiles -> 3), its closed end changing nothing', () => {
    // t0 A: W@0 at (1,0), thief on the west road (closed at W's junction).  t1 B: U@0 at (-1,0).
    // Road W(1,0) – D – U(-1,0) is still open on U's west edge: final scoring 1 × 3 = 3 for A.
    // W's other two road stubs (E, S) are separate roads with no thief.
    const end = last(
      scenario([
        ['W', 1, 0, 0, 'W'],
        ['U', -1, 0, 0],
      ]),
    );
    expect(scores(end)).toEqual([0, 0]);
    expect(finalScores(end)).toEqual([3, 0]);
    const roads = heldOf(finalEntries(end), 'road');
    expect(roads).toHaveLength(1);
    expect(roads[0]).toMatchObject({ phase: 'final', kind: 'road', complete: false, points: 3, holders: [0], awarded: [3, 0] });
    expect(cells(roads[0]!.tiles)).toEqual(cellsOf([-1, 0], [0, 0], [1, 0]));
  });

  it('rules-facts §c: an incomplete road that bends (V) scores 1 per tile at the end (4 tiles -> 4)', () => {
    // t0 A: V@0 at (1,0) road W-S, thief.  t1 B: U@0 at (-1,0).  t2 A: U@90 at (1,1) road N-S.
    // Road U(-1,0) – D – V(1,0) – U(1,1): open at both ends, 4 tiles -> 4.
    const end = last(
      scenario([
        ['V', 1, 0, 0, 'W'],
        ['U', -1, 0, 0],
        ['U', 1, 1, 90],
      ]),
    );
    expect(finalScores(end)).toEqual([4, 0]);
    const [road] = heldOf(finalEntries(end), 'road');
    expect(road).toMatchObject({ complete: false, points: 4, holders: [0] });
  });
});
