import type { ModuleLook } from '../facets.js';

/** The Tower's pictures: a tower floor, a squat block with a crenellated top. */
export const look = {
  module: 'tower',
  figures: {
    floor: { path: 'M-6 8V-5H-4V-8H-1V-5H1V-8H4V-5H6V8Z', scale: 1.1, upright: true },
  },
} satisfies ModuleLook;
