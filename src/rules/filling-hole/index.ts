import { DX, DY } from '../../core/geometry.js';
import type { Kernel } from '../../kernel/index.js';
import type { ModuleDocs, RuleModule } from '../module.js';

/**
 * House rule "a tile that fills a hole, touching tiles on all four sides, gives its player another
 * turn" (wikicarpedia, Print-and-Play Demo, House rules): that player places another tile at once.
 * As with a builder's second tile, the extra tile never gives a third (a turn has at most two
 * tiles), and a tile that both fills a hole and extends its player's builder gives one extra tile.
 * The edge of a bounded table is not a tile: it fills no hole.
 */
export const fillingHole = {
  name: 'filling-hole',
  title: 'filling a hole gives another tile',
  activeWhen: (rules: Readonly<Record<string, unknown>>) => rules.fillingHole === 'extra-turn',
  options: [{ key: 'fillingHole', choices: ['nothing', 'extra-turn'] }],
  extraTurn: 'hole',
  hooks() {
    return {
      keepsTurn(k: Kernel, p: number): boolean {
        const x = k.pX[p] as number;
        const y = k.pY[p] as number;
        for (let d = 0; d < 4; d++) if (k.tileAt(x + (DX[d] as number), y + (DY[d] as number)) < 0) return false;
        return true;
      },
    };
  },
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: 'a tile placed with tiles on all four sides gives its player another tile at once',
  options: {
    fillingHole:
      "What filling a hole gives (a tile placed with tiles on all four sides): `'nothing'` (default), or `'extra-turn'`: its player places another tile at once, which gives no third (a house rule). `extraTurn` is then `'hole'`.",
  },
} satisfies ModuleDocs;
