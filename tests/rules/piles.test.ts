import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/core/rng.js';
import { dealTiles } from '../../src/rules/deal.js';
import { tablesFor, DRAW_LAND } from '../../src/kernel/tables.js';
import { tileDef } from '../../src/rules/catalogue.js';
import { TILE_SETS } from '../../src/tiles/sets.js';
import type { TileSetDef } from '../../src/tiles/tile-types.js';

// A tile set's piles (TileSetDef.piles): tiles drawn before the land, pile after pile, each
// shuffled or in order. The River declares its course and lake this way; nothing else in the core
// knows a river tile from another.
const base = TILE_SETS.base;
// Two piles of base tiles: A and B shuffled, then C in order; the rest is land.
const piled: TileSetDef = {
  ...base,
  counts: [['A', 2], ['B', 4], ['C', 1], ...base.counts.filter(([id]) => !['A', 'B', 'C'].includes(id))],
  piles: [
    { ids: ['A', 'B'], shuffled: true },
    { ids: ['C'], shuffled: false },
  ],
};

describe('draw piles declared by a tile set', () => {
  it('deals each pile before the land, drawOrder first, the start copy left out', () => {
    for (const seed of [1, 2, 3]) {
      const order = dealTiles(piled, ['E'], mulberry32(seed));
      expect(order[0]).toBe('E');
      expect([...order.slice(1, 7)].sort()).toEqual(['A', 'A', 'B', 'B', 'B', 'B']);
      expect(order[7]).toBe('C');
      expect(order.slice(8)).not.toContain('A');
      // 72 tiles, less the start tile's copy on the board.
      expect(order).toHaveLength(71);
    }
    // The shuffled pile depends on the seed.
    const firsts = new Set([1, 2, 3, 4, 5, 6].map((seed) => dealTiles(piled, [], mulberry32(seed)).slice(0, 6).join()));
    expect(firsts.size).toBeGreaterThan(1);
  });

  it('with startFirst, a start tile drawn comes first of all, before drawOrder', () => {
    const order = dealTiles({ ...piled, startDrawn: true, startFirst: true }, ['E'], mulberry32(1));
    expect(order.slice(0, 2)).toEqual([base.startTile, 'E']);
    expect(order).toHaveLength(72);
    // Without startFirst the start copy is land, shuffled with the rest.
    const land = dealTiles({ ...piled, startDrawn: true }, ['E'], mulberry32(1));
    expect(land.slice(0, 2)).not.toEqual([base.startTile, 'E']);
  });

  it("the kernel's draw classes are the piles' indices, the land after them", () => {
    const T = tablesFor(piled, tileDef);
    expect(T.drawClass[T.typeOf.A as number]).toBe(0);
    expect(T.drawClass[T.typeOf.B as number]).toBe(0);
    expect(T.drawClass[T.typeOf.C as number]).toBe(1);
    expect(T.drawClass[T.typeOf.E as number]).toBe(DRAW_LAND);
    // A pile's tiles must come before the next pile's in the set's order.
    const disordered: TileSetDef = {
      ...piled,
      piles: [
        { ids: ['C'], shuffled: false },
        { ids: ['A', 'B'], shuffled: true },
      ],
    };
    expect(() => tablesFor(disordered, tileDef)).toThrow(/the tiles of each pile must come before the next pile's/);
  });
});
