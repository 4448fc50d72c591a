/**
 * House rules (wikicarpedia, Print-and-Play Demo, section "House rules"; restated in
 * tests/fixtures/reference/house-rules.md), each a rule module turned on by an option of `rules`.
 * Numbers are worked out by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { finalEntries, finalScores, last, scenario, scores } from './board.js';

describe('House rule: incomplete features score nothing (house-rules.md #8, rules.incomplete)', () => {
  // Ann: a follower on the road of U east of the start tile D (a road of 2 tiles, open at both
  // ends). Bob: E turned 180° north of D closes D's city (2 tiles, no knight: nobody scores) with a
  // farmer on E's field, which borders that completed city. Ann: the cloister B south of D with a
  // monk; its neighbours are D and U (a corner): 2.
  const steps = [
    ['U', 1, 0, 0, 'E'],
    ['E', 0, -1, 180, 'NNW'],
    ['B', 0, 1, 0, 'C'],
  ] as const;

  it("by default ('score') the road scores 2 and the cloister 1 + 2; Bob's farmer 3 for the city", () => {
    const s = last(scenario(steps));
    expect(scores(s)).toEqual([0, 0]);
    expect(finalScores(s)).toEqual([5, 3]);
  });

  it("with rules.incomplete 'none' the road and the cloister score 0 (their lines say why); the field still 3", () => {
    const s = last(scenario(steps, { rules: { incomplete: 'none' } }));
    expect(s.rules.incomplete).toBe('none');
    expect(finalScores(s)).toEqual([0, 3]);
    const lines = finalEntries(s).map((e) => [e.kind, e.points, e.awarded, e.note]);
    expect(lines).toEqual([
      ['road', 0, [0, 0], 'incomplete road of 2 tiles: 0 (incomplete features score nothing)'],
      ['cloister', 0, [0, 0], 'incomplete cloister of 1 tile: 0 (incomplete features score nothing)'],
      ['field', 3, [0, 3], expect.stringContaining('1 completed city')],
    ]);
  });
});
