import type { TileDef } from '../../tiles/tile-types.js';
import type { GardenDef } from './api.js';
import type { TileTypes } from '../facets.js';

/**
 * The tiles that carry a garden on one copy in the 2014 and later printings: base-game tiles,
 * one river curve, two of Inns & Cathedrals and two of Traders & Builders; and any tile whose
 * module marks it so (`TileDef.marks` holds `'garden'`: The Tower's TO-F and TO-RR).
 */
export const BASE_GARDEN_TILES: readonly string[] = ['E', 'H', 'I', 'M', 'N', 'R', 'U', 'V'];
export const EXPANSION_GARDEN_TILES: readonly string[] = ['RV-curve', 'IC-B', 'IC-H', 'TB-K', 'TB-U'];

/** The mark of a tile whose module says one copy carries a garden (see TileDef.marks). */
export const GARDEN_MARK = 'garden';

/** The id of the garden copy of a tile. */
export const gardenId = (id: string): string => `${id}-garden`;

const garden = (): GardenDef => ({ kind: 'garden' });

/** The garden copy of a tile: the same tile with a garden (spot `G`) added after its features. */
export function withGarden(def: TileDef): TileDef {
  const marks = def.marks?.filter((m) => m !== GARDEN_MARK) ?? [];
  const copy = { id: gardenId(def.id), edges: def.edges, features: [...def.features, garden()] };
  return marks.length === 0 ? copy : { ...copy, marks };
}

/** The garden copy of every garden tile among `known`: those of the lists above in their order, then the marked ones. */
export function gardenTiles(known: readonly TileDef[]): readonly TileDef[] {
  const byId = new Map(known.map((t) => [t.id, t]));
  const listed = [...BASE_GARDEN_TILES, ...EXPANSION_GARDEN_TILES].flatMap((id) => {
    const def = byId.get(id);
    return def === undefined ? [] : [withGarden(def)];
  });
  return [...listed, ...known.filter((t) => t.marks?.includes(GARDEN_MARK) === true).map(withGarden)];
}

/** The garden copies, for the catalogue of every tile. */
export const tileTypes = {
  module: 'abbot',
  derived: gardenTiles,
} satisfies TileTypes;
