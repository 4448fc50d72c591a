import { isRecord } from '../../core/guards.js';
import type { Kernel } from '../../kernel/index.js';
import type { ModuleContext, ModuleDocs, RuleModule } from '../module.js';

/** The rectangle of the table, in cells around the start tile at (0, 0), bounds included. */
export interface TableBounds {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

/** Farthest a bound may lie from the start tile: the move codes' coordinates (docs/engine.md). */
const FARTHEST = 255;

/** Why a value of `rules.table` is refused (the end of "rules.table must be …"), or null. */
function tableProblem(v: unknown): string | null {
  const shape = `null or { minX, maxX, minY, maxY }: whole numbers from -${FARTHEST} to ${FARTHEST} with minX ≤ 0 ≤ maxX and minY ≤ 0 ≤ maxY (the start tile lies at (0, 0))`;
  if (v === null) return null;
  if (!isRecord(v)) return shape;
  const keys = ['minX', 'maxX', 'minY', 'maxY'];
  if (Object.keys(v).length !== 4 || !keys.every((k) => Object.hasOwn(v, k))) return shape;
  if (!keys.every((k) => Number.isInteger(v[k]) && Math.abs(v[k] as number) <= FARTHEST)) return shape;
  const b = v as unknown as TableBounds;
  return b.minX <= 0 && b.maxX >= 0 && b.minY <= 0 && b.maxY >= 0 ? null : shape;
}

/** Whether (x, y) lies on the table. */
export const onTable = (b: TableBounds, x: number, y: number): boolean => x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY;

/** The reason the table gives for a placement it refuses. */
const OFF = 1;

/**
 * House rule "the edge of the table limits the play area" (wikicarpedia, Print-and-Play Demo,
 * House rules; an official rule of Hunters and Gatherers): no tile may lie outside the rectangle
 * `rules.table`, and the play area is not moved to make room. A tile with no legal place on the
 * table is unplaceable.
 */
export const table = {
  name: 'table',
  title: 'a bounded table',
  activeWhen: (rules: Readonly<Record<string, unknown>>) => rules.table !== null && rules.table !== undefined,
  options: [
    {
      key: 'table',
      default: null,
      check: tableProblem,
      type: '{ readonly minX: number; readonly maxX: number; readonly minY: number; readonly maxY: number } | null',
    },
  ],
  errors: ['off-the-table'],
  hooks(ctx: ModuleContext) {
    const b = ctx.rules.table as TableBounds;
    const inside = (k: Kernel, cell: number) => onTable(b, k.frontierX(cell), k.frontierY(cell));
    return {
      placement: {
        applies: new Uint8Array(ctx.tables.types).fill(1),
        rotations: (k: Kernel, _t: number, cell: number) => (inside(k, cell) ? 15 : 0),
        check: (k: Kernel, _t: number, _q: number, cell: number) => (inside(k, cell) ? 0 : OFF),
        placed(): void {},
      },
    };
  },
  explainPlacement(_k: Kernel, _reason: number, ctx: ModuleContext) {
    const b = ctx.rules.table as TableBounds;
    return {
      code: 'off-the-table',
      message: `the table ends there: tiles lie from x ${b.minX} to ${b.maxX} and from y ${b.minY} to ${b.maxY}`,
    };
  },
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: 'no tile may lie outside a rectangle around the start tile',
  options: {
    table:
      'House rule: the table, `{ minX, maxX, minY, maxY }` in cells around the start tile at (0, 0), bounds included (`minX ≤ 0 ≤ maxX`, `minY ≤ 0 ≤ maxY`); no tile may lie outside it, and a tile with no place on it is unplaceable. `null` (default): the table has no edge.',
  },
} satisfies ModuleDocs;
