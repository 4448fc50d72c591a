import type { FeatureDef } from '../../tiles/tile-types.js';
import type { ModuleLook } from '../facets.js';

/** A meeple's outline (the large meeple's too, drawn bigger). */
export const MEEPLE =
  'M0 -11C3 -11 4.5 -9 4.5 -7C4.5 -5.6 3.8 -4.6 3 -4L9 -2C11 -1.3 11 1.5 9 1.6L5.5 1.8L9 10H2.5L0 5L-2.5 10H-9L-5.5 1.8L-9 1.6C-11 1.5 -11 -1.3 -9 -2L-3 -4C-3.8 -4.6 -4.5 -5.6 -4.5 -7C-4.5 -9 -3 -11 0 -11Z';

/** The base game's pictures: the follower, and the pennants of cities. */
export const look = {
  module: 'base',
  figures: { follower: { path: MEEPLE } },
  symbols: [
    {
      name: 'pennant',
      count: (f: FeatureDef) => (f.kind === 'city' ? f.pennants : 0),
      place: 'inside',
      svg: '<path d="M-6 -6H6V1Q6 6 0 8Q-6 6 -6 1Z" fill="#2f5fa8" stroke="#fff" stroke-width="1.5"/>',
    },
  ],
} satisfies ModuleLook;
