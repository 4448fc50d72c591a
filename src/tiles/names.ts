// The names of the tile sets' tile types: our own short descriptions, shown by tileDefinition. Kept apart
// from the tile data, so that a bundle that plays the rules does not carry them.

/** Tile type id → its name. */
const NAMES: Readonly<Record<string, string>> = {
  A: 'Cloister with a road ending at it',
  B: 'Cloister',
  C: 'City on all four sides, pennant',
  D: 'City cap, straight road across (start tile)',
  E: 'City cap on one side',
  F: 'City between two opposite sides, pennant',
  G: 'City between two opposite sides',
  H: 'Two city caps on opposite sides',
  I: 'Two city caps on adjacent sides',
  J: 'City cap, road curving east to south',
  K: 'City cap, road curving south to west',
  L: 'City cap, three roads meeting at a junction',
  M: 'City on two adjacent sides, pennant',
  N: 'City on two adjacent sides',
  O: 'City on two adjacent sides, road curving on the others, pennant',
  P: 'City on two adjacent sides, road curving on the others',
  Q: 'City on three sides, pennant',
  R: 'City on three sides',
  S: 'City on three sides, road ending at it, pennant',
  T: 'City on three sides, road ending at it',
  U: 'Straight road',
  V: 'Curved road',
  W: 'Three roads meeting at a junction',
  X: 'Four roads meeting at a crossroads',
  'IC-D': 'Cloister with two roads ending at it',
  'IC-J': 'City cap with a road ending at it',
};

/** The name of a tile type of a tile set, or `''`. */
export function tileSetTileName(id: string): string {
  return Object.hasOwn(NAMES, id) ? (NAMES[id] as string) : '';
}
