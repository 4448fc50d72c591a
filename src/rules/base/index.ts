import type { ModuleDocs, RuleModule } from '../module.js';

/** The base game: the follower (kind 0). Its tiles are the tile sets of `tiles/`. */
export const base = {
  name: 'base',
  title: 'the base game',
  maxPlayers: 5,
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
  figures: {
    follower: {
      about: "the base game's follower (the tile set's count per player): on a road, city, cloister or field",
      supply: "Followers in the player's supply.",
    },
  },
} satisfies ModuleDocs;
