import { describe, expect, it } from 'vitest';
import { createGame, isTileId, type KnownTileId, type TileId, tileDefinition, tileIds } from 'carcassonne-engine';

// TileId and KnownTileId (src/core/vocabulary.ts, written from the tile catalogue).

describe('tile ids', () => {
  it('KnownTileId takes the ids of the catalogue only; TileId takes any string (checked at run time)', () => {
    const known: KnownTileId = 'RV-spring';
    // @ts-expect-error: no tile of this library is called Z (`npx tsc --noEmit` checks this line)
    const unknown: KnownTileId = 'Z';
    const typed: TileId = 'Z';
    expect([isTileId(known), isTileId(unknown), isTileId(typed), isTileId(null)]).toEqual([true, false, false, false]);
  });

  it('every known id is a tile, and every tile of every state is a known id', () => {
    expect(tileIds().every((id) => tileDefinition(id) !== null)).toBe(true);
    const state = createGame({ players: 2, seed: 1, expansions: ['river', 'abbot', 'inns-cathedrals', 'traders-builders'] });
    expect([...state.tilesLeft, state.currentTile].every(isTileId)).toBe(true);
  });
});
