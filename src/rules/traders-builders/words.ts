import type { TileView } from '../../tiles/spots.js';
import type { ModuleWords } from '../facets.js';

// The names of the module's tile types: our own short descriptions, shown by tileDefinition.

/** Tile type id → its name. */
const TILE_NAMES: Readonly<Record<string, string>> = {
  'TB-A': 'City cap, road ending at the city from an adjacent side',
  'TB-B': 'Two straight roads crossing on a bridge (not a junction: both roads continue), four separate fields',
  'TB-C': 'City cap; one road ends at the city, another ends at a cottage',
  'TB-D': 'City on two adjacent sides (grain), separate city cap, road ending at the city',
  'TB-E': 'City connecting two opposite sides (grain), road ending at it',
  'TB-F': 'City on two adjacent sides (grain), road ending at it',
  'TB-G': 'City on two adjacent sides (grain)',
  'TB-H': 'City on three sides (grain)',
  'TB-I': 'City on two adjacent sides (grain), road ending at it, field split in three',
  'TB-J': 'Cloister with three roads ending at it',
  'TB-K': 'City on two adjacent sides (cloth), road ending at the city',
  'TB-L': 'City on two adjacent sides (cloth), separate city cap, road ending at the city',
  'TB-M': 'City on two adjacent sides (cloth) plus two separate city caps, enclosed field',
  'TB-N': 'City connecting two opposite sides (cloth) plus a separate city cap',
  'TB-O': 'City on two adjacent sides (cloth), two roads ending at it, four fields',
  'TB-P': 'City connecting two opposite sides (wine) plus a separate city cap',
  'TB-Q': 'City connecting two opposite sides (wine)',
  'TB-R': 'City connecting two opposite sides (wine), a road ending at it from each other side',
  'TB-S': 'City connecting two opposite sides (wine), road ending at it',
  'TB-T': 'City on two adjacent sides (wine)',
  'TB-U': 'City on two adjacent sides (wine), two roads ending at it, three fields',
  'TB-V': 'City on three sides (wine), road ending at it',
  'TB-W': 'City on two adjacent sides (wine), road ending at it, field split in three',
  'TB-X': 'Two cities each on two adjacent sides (one with wine), enclosed field between',
};

/** Traders & Builders' tile names. */
export const words = {
  module: 'traders-builders',
  name: (id: string) => (Object.hasOwn(TILE_NAMES, id) ? TILE_NAMES[id] : undefined),
  legend: ['$ goods'],
  draw(v: TileView, block: string[][]): void {
    if (v.features.some((f) => f.kind === 'city' && f.goods !== undefined)) (block[1] as string[])[2] = '$';
  },
} satisfies ModuleWords;
