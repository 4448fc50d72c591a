import { DX, DY } from '../../core/geometry.js';
import type { Kernel } from '../../kernel/index.js';
import type { ModuleContext, ModuleDocs, RuleModule } from '../module.js';
import { onTable, type TableBounds } from '../table/index.js';

/**
 * House rule "the table's borders complete features, as an Abbey tile would" (wikicarpedia,
 * Print-and-Play Demo, House rules), with a bounded table (`rules.table`): a road, city or river
 * end facing the table's edge counts as closed, and a cell around a cloister or garden that lies
 * off the table counts as filled. A feature closed on every other side is complete, and scores, when
 * the tile that closes it is placed.
 */
export const tableEdge = {
  name: 'table-edge',
  title: "the table's edge closes features",
  activeWhen: (rules: Readonly<Record<string, unknown>>) =>
    rules.table !== null && rules.table !== undefined && rules.tableEdge === 'closes',
  options: [{ key: 'tableEdge', choices: ['open', 'closes'] }],
  hooks(ctx: ModuleContext) {
    const b = ctx.rules.table as TableBounds;
    return {
      placed(k: Kernel, p: number): void {
        const x = k.pX[p] as number;
        const y = k.pY[p] as number;
        for (let d = 0; d < 4; d++) if (!onTable(b, x + (DX[d] as number), y + (DY[d] as number))) k.closeEdge(p, d);
        let off = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (!onTable(b, x + dx, y + dy)) off++;
        if (off > 0) k.fillAround(p, off);
      },
    };
  },
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: "with a bounded table, the table's edge closes the roads, cities and cloisters facing it",
  options: {
    tableEdge:
      "House rule, with `table`: `'closes'`: a road or city end facing the table's edge counts as closed, and a cell off the table around a cloister or garden as filled, so a feature closed on every other side is complete; `'open'` (default): the edge closes nothing. No effect without a table.",
  },
} satisfies ModuleDocs;
