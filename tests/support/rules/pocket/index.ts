import type { HandPolicy, Kernel, KernelEvent } from '../../../../src/kernel/index.js';
import type { ModuleDocs, RuleModule } from '../../../../src/rules/module.js';

/**
 * A rule module used only by tests (tests/rules/hands.test.ts): hands of tiles with a rule of its
 * own. Each player is dealt two tiles, seen by nobody else, and never draws again: a player whose
 * tiles fit nowhere, or who has none, passes; the game ends when every hand is empty.
 */
const once: HandPolicy = {
  deal(k: Kernel, log: KernelEvent[] | null) {
    for (let i = 0; i < k.players; i++) {
      const p = (k.current + i) % k.players;
      while (k.handCount(p) < k.handSize && k.drawIntoHand(p, log));
    }
  },
  ready: next,
  turnOver: next,
};

function next(k: Kernel, log: KernelEvent[] | null): void {
  for (let tried = 0; tried < k.players; tried++) {
    const me = k.current;
    for (let i = 0; i < k.handCount(me); i++) {
      if (k.canPlaceAnywhere(k.handTile(me, i))) {
        k.setCurrentTile(k.handTile(me, 0));
        return;
      }
    }
    k.setPlayer((k.current + 1) % k.players);
  }
  k.finish(log);
}

export const pocket = {
  name: 'pocket',
  title: 'The Pocket',
  handSize: () => 2,
  handsHidden: () => true,
  hooks: () => ({ hand: once }),
} as const satisfies RuleModule;

export const docs = { about: 'two tiles per player, dealt once' } satisfies ModuleDocs;
