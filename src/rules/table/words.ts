import type { ModuleWords } from '../facets.js';
import type { TableBounds } from './index.js';

/** The words of the module on the text board. */
export const words = {
  module: 'table',
  legend(rules: Readonly<Record<string, unknown>>) {
    const b = rules.table as TableBounds;
    return [`the table x ${b.minX}..${b.maxX}, y ${b.minY}..${b.maxY}${rules.tableEdge === 'closes' ? ' (its edge closes features)' : ''}`];
  },
} satisfies ModuleWords;
