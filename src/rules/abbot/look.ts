import type { ModuleLook } from '../facets.js';

/** The Abbot's pictures: the abbot. */
export const look = {
  module: 'abbot',
  figures: {
    // A monk in a hooded robe.
    abbot: { path: 'M0 -13L4.5 -6L3 -4.5L7.5 10H-7.5L-3 -4.5L-4.5 -6Z', scale: 1.05 },
  },
} satisfies ModuleLook;
