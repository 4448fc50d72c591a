import { describe, expect, it } from 'vitest';
import { applyMove, createGame, features } from 'carcassonne-engine';

describe('features() with the expansions', () => {
  it('a garden is open until its 8 neighbours are placed (like a cloister); the river is a feature with open ends', () => {
    // The spring (start tile) has one river edge: the river is open at one end.
    const river = createGame({ players: 2, seed: 1, expansions: ['river'] });
    const [spring] = features(river).filter((f) => f.kind === 'river');
    expect(spring).toMatchObject({ kind: 'river', open: 1, complete: false, tiles: [{ x: 0, y: 0 }], meeples: [] });

    // A garden tile placed east of the start tile D: 1 of its 8 neighbours is there, 7 cells empty.
    const g = createGame({ players: 2, seed: 1, expansions: ['abbot'], drawOrder: ['U-garden'] });
    const placed = applyMove(g, { x: 1, y: 0, rotation: 0, meeple: { at: 'G', kind: 'abbot' } });
    const garden = features(placed).find((f) => f.kind === 'garden');
    expect(garden).toMatchObject({ open: 7, complete: false, tiles: [{ x: 1, y: 0 }] });
    expect(garden?.meeples).toEqual([{ owner: 0, kind: 'abbot', x: 1, y: 0, at: 'G', feature: 'garden' }]);
  });
});
