import type { Kernel } from '../../../../src/kernel/kernel.js';
import type { ModuleContext, ModuleDocs, RuleModule } from '../../../../src/rules/module.js';

/** How far east or west of the start tile a tile may lie. */
export const FENCE = 2;

/** The reason the fence gives for a placement it refuses. */
const OUTSIDE = 1;

/**
 * A rule module used only by tests (tests/api/rule-module.test.ts): a new placement constraint.
 * No tile may lie more than FENCE columns east or west of the start tile; the rows are unbounded.
 * Its hook applies to every tile type; a tile that fits only outside the fence is discarded.
 */
export const fence = {
  name: 'fence',
  title: 'The Fence',
  errors: ['fence-crossed'],
  hooks(ctx: ModuleContext) {
    const inside = (k: Kernel, cell: number) => Math.abs(k.frontierX(cell)) <= FENCE;
    return {
      placement: {
        applies: new Uint8Array(ctx.tables.types).fill(1),
        rotations: (k: Kernel, _t: number, cell: number) => (inside(k, cell) ? 15 : 0),
        check: (k: Kernel, _t: number, _q: number, cell: number) => (inside(k, cell) ? 0 : OUTSIDE),
        placed(): void {},
      },
    };
  },
  explainPlacement: () => ({
    code: 'fence-crossed',
    message: `the fence: no tile may lie more than ${FENCE} columns east or west of the start tile`,
  }),
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs). */
export const docs = { about: `no tile more than ${FENCE} columns from the start tile` } satisfies ModuleDocs;
