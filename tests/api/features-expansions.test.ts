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

  it('Traders & Builders: a city reports the goods symbols of all its segments; other features none', () => {
    // traders-builders.json: TB-T's city (two adjacent sides) holds a wine symbol, TB-Q's city (two
    // opposite sides) wine, TB-G's city (two adjacent sides) grain. Above the start tile's city: TB-T
    // turned 180 (city south and east) at (0,-1), TB-Q (city west and east) at (1,-1), TB-G (city
    // west and north) at (2,-1): one city of 4 tiles, open north of TB-G, with 2 wine and 1 grain.
    let s = createGame({ players: 2, seed: 1, expansions: ['traders-builders'], drawOrder: ['TB-T', 'TB-Q', 'TB-G', 'E'] });
    const none = { wine: 0, grain: 0, cloth: 0 };
    const cityOf = (x: typeof s) => features(x).find((f) => f.id === '0,0:N');
    expect(cityOf(s)?.goods).toEqual(none);
    s = applyMove(s, { x: 0, y: -1, rotation: 180 });
    expect(cityOf(s)?.goods).toEqual({ wine: 1, grain: 0, cloth: 0 });
    s = applyMove(s, { x: 1, y: -1, rotation: 0 });
    s = applyMove(s, { x: 2, y: -1, rotation: 0 });
    const city = cityOf(s);
    expect(city).toMatchObject({ kind: 'city', open: 1, complete: false, goods: { wine: 2, grain: 1, cloth: 0 } });
    expect(city?.tiles).toHaveLength(4);
    // Other cities show none; roads, cloisters and fields have no goods field.
    for (const f of features(s).filter((x) => x.id !== '0,0:N'))
      expect(f.goods, `${f.kind} ${f.id}`).toEqual(f.kind === 'city' ? none : undefined);
    // E turned 180 (city south) at (2,-2) closes it: complete, the same goods (the completer took
    // tokens for them; the city still shows its symbols).
    s = applyMove(s, { x: 2, y: -2, rotation: 180 });
    expect(cityOf(s)).toMatchObject({ complete: true, open: 0, goods: { wine: 2, grain: 1, cloth: 0 } });
    expect(s.players[1]?.goods).toEqual({ wine: 2, grain: 1, cloth: 0 });
    // Without the expansion no feature has a goods field.
    for (const f of features(createGame({ players: 2, seed: 1 }))) expect('goods' in f).toBe(false);
  });

  it('Inns & Cathedrals: roads show their inns and cities their cathedrals, in a game with it only', () => {
    // The start tile D: its city shows 0 cathedrals, its road 0 inns, its fields neither (the counts
    // themselves: tests/scenarios/inns-cathedrals.test.ts and the properties).
    const onlyIn = (s: ReturnType<typeof createGame>) =>
      features(s).map((f) => [f.kind, 'inns' in f, 'cathedrals' in f, f.inns ?? null, f.cathedrals ?? null]);
    const start = createGame({ players: 2, seed: 1, expansions: ['inns-cathedrals'] });
    expect(onlyIn(start)).toEqual([
      ['city', false, true, null, 0],
      ['road', true, false, 0, null],
      ['field', false, false, null, null],
      ['field', false, false, null, null],
    ]);
    // The same board without the expansion: neither field anywhere.
    expect(onlyIn(createGame({ players: 2, seed: 1 })).every(([, inns, cathedrals]) => !inns && !cathedrals)).toBe(true);
  });
});
