import type { ModuleDocs, RuleModule } from '../module.js';

/** The base game: the follower (kind 0). Its tiles are the tile sets of `tiles/`. */
export const base = {
  name: 'base',
  title: 'the base game',
  maxPlayers: 5,
  // Numbered in this order by the kernel (K_ROAD … K_FIELD, E_FIELD … E_CITY).
  featureKinds: [
    { name: 'road', shape: 'edges' },
    { name: 'city', shape: 'edges' },
    { name: 'cloister', shape: 'centre', spot: 'C' },
    { name: 'field', shape: 'halves' },
  ],
  edgeKinds: [
    { name: 'field', letter: 'F' },
    { name: 'road', letter: 'R' },
    { name: 'city', letter: 'C' },
  ],
  figures: [
    {
      name: 'follower',
      supplyKey: 'meeples',
      word: 'follower',
      places: 'on a road, city, cloister or field',
      // The tile set gives the count (see compile.ts).
      perPlayer: 7,
      weight: 1,
      stands: ['road', 'city', 'cloister', 'field'],
      joins: 'free',
      bot: { weight: 1.5 },
    },
  ],
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: 'the base game: its tiles are the tile sets of src/tiles/',
  featureKinds: {
    road: 'a road segment, along one or two edges of its tile',
    city: 'a city segment, along one or more edges of its tile',
    cloister: 'a cloister in the middle of its tile (spot `C`)',
    field: 'a field segment, along half-edges of its tile (or enclosed on it, spot `I`)',
  },
  figures: {
    follower: {
      about: "the base game's follower (the tile set's count per player): on a road, city, cloister or field",
      supply: "Followers in the player's supply.",
    },
  },
} satisfies ModuleDocs;
