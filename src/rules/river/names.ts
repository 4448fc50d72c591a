import type { TileNames } from '../facets.js';

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

/** The River's tile names. */
export const tileNames = {
  module: 'river',
  name: (id: string) => (Object.hasOwn(TILE_NAMES, id) ? TILE_NAMES[id] : undefined),
} satisfies TileNames;
