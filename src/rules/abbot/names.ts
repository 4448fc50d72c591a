import type { TileNames } from '../facets.js';

/** The garden copies' names: each its tile's, with a garden. */
export const tileNames = {
  module: 'abbot',
  name(id: string, nameOf: (id: string) => string): string | undefined {
    if (!id.endsWith('-garden')) return undefined;
    const plain = nameOf(id.slice(0, -'-garden'.length));
    return plain === '' ? undefined : `${plain}, with a garden`;
  },
} satisfies TileNames;
