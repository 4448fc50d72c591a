import type { Edge } from '../../core/geometry.js';
import type { TileView } from '../../tiles/spots.js';
import type { ModuleWords } from '../facets.js';

// The names of the module's tile types: our own short descriptions, shown by tileDefinition.

/** Tile type id → its name. */
const TILE_NAMES: Readonly<Record<string, string>> = {
  'RV-cities': 'River between two separate city caps',
  'RV-city-road': 'River with a city cap on one bank and a road ending on the other',
  'RV-cloister-road': 'River with a cloister, a road from the cloister to the far edge',
  'RV-bridge': 'Straight river crossed by a straight road (bridge)',
  'RV-straight': 'Straight river',
  'RV-city-curve': 'City on two adjacent sides, river curving on the other two',
  'RV-road-curve': 'Curved road and curved river in opposite corners',
  'RV-curve': 'Curved river',
  'RV-lake': 'Lake (river end)',
  'RV-spring': 'Spring (river source)',
};

/** Where the text board draws the river at an edge: the edge's cell, and the cell beside it (W and E) or the edge's again. */
const RIVER_CELLS: Record<Edge, readonly [number, number, number, number]> = {
  N: [0, 2, 0, 2],
  E: [1, 4, 1, 3],
  S: [2, 2, 2, 2],
  W: [1, 0, 1, 1],
};

/** The River's tile names. */
export const words = {
  module: 'river',
  name: (id: string) => (Object.hasOwn(TILE_NAMES, id) ? TILE_NAMES[id] : undefined),
  legend: ['~ river', 'o spring/lake'],
  // The river on its edges and beside them; in the middle, a spring or lake 'o', or '~' where no
  // road crosses it (a cloister keeps the middle).
  draw(v: TileView, block: string[][]): void {
    const stream = v.features.find((f) => f.kind === 'river');
    if (stream?.kind !== 'river') return;
    for (const e of stream.edges) {
      const [r, c, r2, c2] = RIVER_CELLS[e];
      (block[r] as string[])[c] = '~';
      (block[r2] as string[])[c2] = '~';
    }
    if (v.features.some((f) => f.kind === 'cloister')) return;
    const roads = v.features.filter((f) => f.kind === 'road');
    const through = roads.length === 1 && roads[0]?.kind === 'road' && roads[0].edges.length === 2;
    if (stream.edges.length === 1) (block[1] as string[])[2] = 'o';
    else if (!through && roads.length < 2) (block[1] as string[])[2] = '~';
  },
} satisfies ModuleWords;
