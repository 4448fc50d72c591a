import type { TileDraft } from '../module.js';
import type { ModuleDocs, RuleModule } from '../module.js';

/**
 * House rule "with a bag, the original start tile may go into the bag" (wikicarpedia, Print-and-Play
 * Demo, House rules #5): the start tile's copy is shuffled in with the others instead of starting
 * the board, and the first player places the first tile drawn at (0, 0), in any rotation, as a
 * turn like any other. With The River the start tile is the spring, and a river begins at its
 * spring: it is drawn first, before the other river tiles (and `drawOrder`).
 */
export const startTile = {
  name: 'start-tile',
  title: 'the start tile in the bag',
  activeWhen: (rules: Readonly<Record<string, unknown>>) => rules.startTile === 'bag',
  options: [{ key: 'startTile', choices: ['board', 'bag'] }],
  tiles: {
    finish(draft: TileDraft): void {
      draft.startDrawn = true;
    },
  },
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: 'the start tile is shuffled into the bag and the first tile drawn goes to (0, 0)',
  options: {
    startTile:
      "Where the start tile is: `'board'` (default), at (0, 0) before the first turn; or `'bag'` (a house rule): shuffled in with the other tiles, the board empty, and the first player places the first tile drawn at (0, 0), in any rotation. With The River the spring is drawn first of all.",
  },
} satisfies ModuleDocs;
