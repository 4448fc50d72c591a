import type { ModuleDocs, RuleModule } from '../../../../src/rules/module.js';

/**
 * A rule module used only by tests (tests/api/rule-module.test.ts): a second figure that may be
 * taken back, beside The Abbot's abbot. Each player has one hermit, which stands only on a
 * cloister and, like the abbot, may be taken back instead of deploying while its cloister is
 * incomplete.
 */
export const hermit = {
  name: 'hermit',
  title: 'The Hermit',
  figures: [
    {
      name: 'hermit',
      supplyKey: 'hermits',
      word: 'hermit',
      places: 'only on a cloister',
      perPlayer: 1,
      weight: 1,
      stands: ['cloister'],
      joins: 'free',
      recall: true,
    },
  ],
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs). */
export const docs = {
  about: 'a hermit per player, taken back like the abbot',
  figures: {
    hermit: {
      about: 'the hermit (one per player): only on a cloister; its owner may take it back while the cloister is incomplete',
      supply: "Hermits in the player's supply.",
    },
  },
} satisfies ModuleDocs;
