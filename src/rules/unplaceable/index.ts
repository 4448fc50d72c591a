import { mulberry32 } from '../../core/rng.js';
import { type Kernel, shuffleUndrawn } from '../../kernel/index.js';
import type { ModuleContext, ModuleDocs, RuleModule } from '../module.js';

/**
 * House rule "tiles that cannot be placed may go back into the bag instead of out of the game"
 * (wikicarpedia, Print-and-Play Demo, House rules #5 and its footnote). A drawn tile that fits
 * nowhere is set aside and its player draws again; once a tile that fits is drawn, the tiles set
 * aside go back into the bag, which is shaken: the tiles not drawn are dealt anew from the seed.
 * The game still ends: every turn a tile leaves the bag for the board, and when the bag runs out
 * with only tiles set aside (none of which fits), they leave the game as the printed rule says.
 * River tiles are a pile of their own, drawn before the bag: one that fits nowhere leaves the game
 * as The River says.
 */
export const unplaceable = {
  name: 'unplaceable',
  title: 'unplaceable tiles go back into the bag',
  activeWhen: (rules: Readonly<Record<string, unknown>>) => rules.unplaceable === 'returned',
  options: [{ key: 'unplaceable', choices: ['removed', 'returned'] }],
  slots: 1,
  hooks(ctx: ModuleContext) {
    const key = ctx.slot;
    return {
      start(k: Kernel, random: () => number): void {
        k.setSlot(key, random() | 0);
      },
      // Search must not learn the real deals to come from the seed's key: a key of its own.
      reseed(k: Kernel, random: () => number): void {
        k.setSlot(key, random() | 0);
      },
      putBack(k: Kernel): void {
        // A deal of its own for each turn (a turn draws at most once with tiles set aside).
        const next = mulberry32(((k.slots[key] as number) ^ Math.imul(k.turn + 1, 0x85ebca6b)) >>> 0);
        shuffleUndrawn(k, () => next() / 4294967296);
      },
    };
  },
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: 'a tile that fits nowhere goes back into the bag instead of out of the game',
  options: {
    unplaceable:
      "What becomes of a drawn tile that fits nowhere: `'removed'` (default): it leaves the game (`discarded`) and its player draws again; `'returned'` (a house rule): it is set aside, its player draws again, and once a tile that fits is drawn the tiles set aside go back into the bag, which the seed shuffles anew (events `tile-returned`); when the bag runs out with only tiles set aside, they leave the game. River tiles, a pile of their own, leave the game as before.",
  },
} satisfies ModuleDocs;
