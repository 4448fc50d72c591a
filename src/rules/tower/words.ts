import type { TileView } from '../../tiles/spots.js';
import type { ModuleWords } from '../facets.js';
import { FOUNDATION } from './tiles.js';

// The names of the module's tile types: our own short descriptions, shown by tileDefinition.

/** Tile type id → its name. */
const TILE_NAMES: Readonly<Record<string, string>> = {
  'TO-C': 'Tower foundation, city cap',
  'TO-F': 'Tower foundation in a field',
  'TO-L': 'Tower foundation beside a cloister',
  'TO-RR': 'Tower foundation, two roads ending on adjacent sides',
  'TO-RRR': 'Tower foundation, three roads ending at a junction',
  'TO-RrRr': 'Tower foundation, two curved roads in opposite corners',
  'TO-RRRR': 'Tower foundation, four roads ending at a crossroads',
  'TO-CRcr': 'Tower foundation, straight road crossing a city that joins two opposite sides',
  'TO-CFR': 'Tower foundation, city cap, road ending on the opposite side',
  'TO-RrC': 'Tower foundation, city cap, curved road on the two other sides',
  'TO-RCr': 'Tower foundation, city cap, straight road across',
  'TO-Cc': 'Tower foundation, city on two adjacent sides',
  'TO-CcR': 'Tower foundation, city on two adjacent sides, road ending on a third',
  'TO-CC': 'Tower foundation, two separate city caps on adjacent sides',
  'TO-CRCr': 'Tower foundation, straight road between two separate city caps',
  'TO-CccR': 'Tower foundation, city on three sides, road ending on the fourth',
  'TO-CccC': 'Tower foundation, city on three sides with a pennant and a separate city cap, enclosed field',
};

/** The Tower's tile names; the text board marks a foundation with `T` in a corner. */
export const words = {
  module: 'tower',
  name: (id: string) => (Object.hasOwn(TILE_NAMES, id) ? TILE_NAMES[id] : undefined),
  legend: ['T tower foundation'],
  draw(v: TileView, block: string[][]): void {
    if (v.marks?.includes(FOUNDATION) !== true) return;
    const row = block[2] as string[];
    if (row[4] === ' ' || row[4] === '.') row[4] = 'T';
  },
} satisfies ModuleWords;
