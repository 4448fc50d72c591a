import type { ModuleDocs, RuleModule } from '../module.js';

/** A meeple's outline (the large meeple's too, drawn bigger). */
export const MEEPLE =
  'M0 -11C3 -11 4.5 -9 4.5 -7C4.5 -5.6 3.8 -4.6 3 -4L9 -2C11 -1.3 11 1.5 9 1.6L5.5 1.8L9 10H2.5L0 5L-2.5 10H-9L-5.5 1.8L-9 1.6C-11 1.5 -11 -1.3 -9 -2L-3 -4C-3.8 -4.6 -4.5 -5.6 -4.5 -7C-4.5 -9 -3 -11 0 -11Z';

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
      picture: { path: MEEPLE },
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
