import type { ModuleDocs, RuleModule } from '../../../../src/rules/module.js';

/**
 * A rule module used only by tests (tests/api/rule-module.test.ts): a new figure kind, declared in
 * data alone. Each player has one wayfarer, which stands only on a road nobody holds and counts as
 * three followers for the road's majority.
 */
export const wayfarer = {
  name: 'wayfarer',
  title: 'The Wayfarer',
  figures: [
    {
      name: 'wayfarer',
      supplyKey: 'wayfarers',
      word: 'wayfarer',
      places: 'only on a road',
      perPlayer: 1,
      weight: 3,
      stands: ['road'],
      joins: 'free',
      bot: { weight: 2 },
    },
  ],
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs). */
export const docs = {
  about: 'a wayfarer per player, worth three followers on a road',
  figures: {
    wayfarer: {
      about: 'the wayfarer (one per player): only on a road, where it counts as three followers',
      supply: "Wayfarers in the player's supply.",
    },
  },
} satisfies ModuleDocs;
