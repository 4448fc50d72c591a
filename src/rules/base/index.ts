import type { RuleModule } from '../module.js';

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
      about: "the base game's follower (the tile set's count per player): on a road, city, cloister or field",
      supplyDoc: "Followers in the player's supply.",
      // The tile set gives the count (see compile.ts).
      perPlayer: 7,
      weight: 1,
      stands: ['road', 'city', 'cloister', 'field'],
      joins: 'free',
      bot: { weight: 1.5 },
    },
  ],
} as const satisfies RuleModule;
