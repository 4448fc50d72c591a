/**
 * Cloister scenarios, derived by hand: a cloister surrounded by all 8 neighbours (orthogonal and
 * diagonal) scores 9 and the monk returns; at the end an incomplete cloister scores 1 for its tile
 * + 1 per neighbouring tile present, diagonals included (rules-facts §c, §j.4).
 *
 * The cloister B (all field) goes at (0,1), south of D. Its 8 neighbours:
 *   (-1,0) U@0   (0,0) D       (1,0) U@0        <- (±1,0) touch (0,1) only at a corner
 *   (-1,1) E@270 (0,1) B       (1,1) E@90
 *   (-1,2) E@180 (0,2) E@180   (1,2) E@180
 * Every edge facing B or another ring tile is a field (E@90 cap E, E@270 cap W, E@180 cap S).
 */
import { describe, expect, it } from 'vitest';
import { features } from '../../src/index.js';
import { finalEntries, finalScores, heldOf, last, RING, scenario, scores, scoredNow, supply } from './board.js';

describe('Cloisters', () => {
  it('rules-facts §c / wikicarpedia Base game: a cloister surrounded by 8 tiles scores 9 and the monk returns', () => {
    // t0 A: B at (0,1), monk. t1..t7: the 7 other neighbours (D is the 8th); t7 (B's move) completes it.
    const states = scenario([['B', 0, 1, 0, 'C'], ...RING]);
    const before = states[7]!;
    expect(scores(before)).toEqual([0, 0]);
    expect(supply(before)).toEqual([6, 7]);
    const cloisterBefore = features(before).find((f) => f.kind === 'cloister');
    expect(cloisterBefore).toMatchObject({ complete: false, open: 1 });

    const end = last(states);
    expect(scores(end)).toEqual([9, 0]);
    expect(supply(end)).toEqual([7, 7]);
    expect(end.meeples).toEqual([]);
    const [c] = scoredNow(end);
    expect(c).toMatchObject({ phase: 'play', turn: 7, kind: 'cloister', complete: true, points: 9, holders: [0], awarded: [9, 0] });
    expect(end.events).toContainEqual({ type: 'meeple-returned', owner: 0, kind: 'follower', x: 0, y: 1, at: 'C' });
  });

  it('rules-facts §j.4 + §c: an incomplete cloister at the end counts diagonal neighbours (D + 2 diagonals -> 1 + 3 = 4)', () => {
    // t0 A: B at (0,1), monk.  t1 B: U@0 at (1,0).  t2 A: U@0 at (-1,0).
    // Neighbours present: D (0,0) orthogonal; (1,0) and (-1,0) diagonal only. 1 + 3 = 4.
    const end = last(scenario([['B', 0, 1, 0, 'C'], ...RING.slice(0, 2)]));
    expect(finalScores(end)).toEqual([4, 0]);
    const [c] = heldOf(finalEntries(end), 'cloister');
    expect(c).toMatchObject({ phase: 'final', kind: 'cloister', complete: false, points: 4, holders: [0], awarded: [4, 0] });
  });

  it('rules-facts §c / HiG FAQ (carcassonne.fi "Munkit ja luostarit": incomplete cloister example worth 7): 1 + 6 neighbours = 7', () => {
    // As above plus E@90 (1,1), E@270 (-1,1), E@180 (0,2): 6 of the 8 neighbours. 1 + 6 = 7.
    const end = last(scenario([['B', 0, 1, 0, 'C'], ...RING.slice(0, 5)]));
    expect(finalScores(end)).toEqual([7, 0]);
    const [c] = heldOf(finalEntries(end), 'cloister');
    expect(c).toMatchObject({ complete: false, points: 7, holders: [0] });
  });
});
