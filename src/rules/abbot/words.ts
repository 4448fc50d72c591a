import type { TileView } from '../../tiles/spots.js';
import type { ModuleWords } from '../facets.js';

/** The garden copies' names: each its tile's, with a garden. */
export const words = {
  module: 'abbot',
  name(id: string, nameOf: (id: string) => string): string | undefined {
    if (!id.endsWith('-garden')) return undefined;
    const plain = nameOf(id.slice(0, -'-garden'.length));
    return plain === '' ? undefined : `${plain}, with a garden`;
  },
  legend: ['g garden'],
  // A garden in the middle, unless a cloister is there.
  draw(v: TileView, block: string[][]): void {
    if (v.features.some((f) => f.kind === 'garden') && !v.features.some((f) => f.kind === 'cloister')) (block[1] as string[])[2] = 'g';
  },
} satisfies ModuleWords;
