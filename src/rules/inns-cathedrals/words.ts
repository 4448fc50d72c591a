import type { Edge } from '../../core/geometry.js';
import type { TileView } from '../../tiles/spots.js';
import type { ModuleWords } from '../facets.js';

// The names of the module's tile types: our own short descriptions, shown by tileDefinition.

/** Tile type id → its name. */
const TILE_NAMES: Readonly<Record<string, string>> = {
  'IC-A': 'Curved road with inn',
  'IC-B': 'Straight road with inn',
  'IC-C': 'Three-way junction, inn beside one of the three road segments',
  'IC-E': 'Two curved roads in opposite corners (N-W and S-E)',
  'IC-F': 'City on two adjacent sides, road ending at the city from a third side',
  'IC-G': 'City cap with the remaining field divided in two',
  'IC-H': 'Four separate city caps around a small enclosed field',
  'IC-I': 'Two separate city caps on opposite sides, two roads ending between them',
  'IC-K': 'City on all four sides with cathedral',
  'IC-L': 'City on two adjacent sides (pennant), curved road with inn',
  'IC-M': 'City cap, curved road with inn on the two sides to its left',
  'IC-N': 'City on two adjacent sides, road with inn ending at the city',
  'IC-O': 'Three separate city caps',
  'IC-P': 'City on two adjacent sides (pennant) plus a separate city cap opposite',
  'IC-Q': 'City connecting two opposite sides (pennant), a road ending at it from each other side',
};

/** Where an inn is drawn on the text board: beside the first edge of its road, inside the tile. */
const INN_CELL: Record<Edge, readonly [number, number]> = { N: [0, 3], E: [1, 3], S: [2, 1], W: [1, 1] };

/** Inns & Cathedrals' tile names. */
export const words = {
  module: 'inns-cathedrals',
  name: (id: string) => (Object.hasOwn(TILE_NAMES, id) ? TILE_NAMES[id] : undefined),
  legend: ['i inn', '^ cathedral'],
  // An inn beside the first edge of its road, inside the tile; a cathedral at the centre.
  draw(v: TileView, block: string[][]): void {
    for (const f of v.features) {
      if (f.kind !== 'road' || f.inn !== true) continue;
      const [r, c] = INN_CELL[f.edges[0] as Edge];
      (block[r] as string[])[c] = 'i';
    }
    if (v.features.some((f) => f.kind === 'city' && f.cathedral === true)) (block[1] as string[])[2] = '^';
  },
} satisfies ModuleWords;
