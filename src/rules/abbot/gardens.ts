import type { GardenDef, TileDef } from '../../tiles/types.js';
import type { TileTypes } from '../facets.js';

/**
 * The tiles that carry a garden on one copy in the 2014 and later printings: base-game tiles,
 * one river curve, two of Inns & Cathedrals and two of Traders & Builders.
 */
export const BASE_GARDEN_TILES: readonly string[] = ['E', 'H', 'I', 'M', 'N', 'R', 'U', 'V'];
export const EXPANSION_GARDEN_TILES: readonly string[] = ['RV-curve', 'IC-B', 'IC-H', 'TB-K', 'TB-U'];

/** The id of the garden copy of a tile. */
export const gardenId = (id: string): string => `${id}-garden`;

const garden = (): GardenDef => ({ kind: 'garden' });

/** The garden copy of a tile: the same tile with a garden (spot `G`) added after its features. */
export function withGarden(def: TileDef): TileDef {
  return { id: gardenId(def.id), edges: def.edges, features: [...def.features, garden()] };
}

/** The garden copy of every garden tile `known` knows, in the order of the lists above. */
export function gardenTiles(known: (id: string) => TileDef | undefined): readonly TileDef[] {
  return [...BASE_GARDEN_TILES, ...EXPANSION_GARDEN_TILES].flatMap((id) => {
    const def = known(id);
    return def === undefined ? [] : [withGarden(def)];
  });
}

/** The garden copies, for the catalogue of every tile. */
export const tileTypes = {
  module: 'abbot',
  derived: gardenTiles,
} satisfies TileTypes;
