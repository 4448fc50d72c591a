import type { FeatureDef } from '../../tiles/tile-types.js';
import type { ModuleLook } from '../facets.js';

/** Traders & Builders' pictures: the builder and the pig; the goods symbols of cities. */
export const look = {
  module: 'traders-builders',
  figures: {
    // A tall figure in a hat.
    builder: {
      path: 'M-5.5 -9H5.5V-10.5H3.5V-13H-3.5V-10.5H-5.5ZM-3.5 -8H3.5V-3L6.5 -1V3H4V11H1L0 5L-1 11H-4V3H-6.5V-1L-3.5 -3Z',
      scale: 1.05,
    },
    // A pig: a round body on four legs, a snout and an ear.
    pig: {
      path: 'M-9 -2C-9 -7 -4 -8 0 -8C5 -8 8 -6 9 -3L12 -3V2L9 2C8 4 7 5 6 5V9H3V6H-3V9H-6V5C-8 4 -9 2 -9 -2ZM2 -8L4 -12L6 -7Z',
      scale: 0.95,
      label: 1.5,
      upright: true,
    },
  },
  symbols: [
    {
      name: 'wine',
      count: (f: FeatureDef) => (f.kind === 'city' && f.goods === 'wine' ? 1 : 0),
      place: 'inside',
      svg: '<circle r="5.5" fill="#7b2d6b" stroke="#fff" stroke-width="1.2"/><path d="M-5.5 0H5.5" stroke="#fff" stroke-width="1"/>',
    },
    {
      name: 'grain',
      count: (f: FeatureDef) => (f.kind === 'city' && f.goods === 'grain' ? 1 : 0),
      place: 'inside',
      svg: '<path d="M0 -7L6 0L0 7L-6 0Z" fill="#e3b23c" stroke="#6b4e12" stroke-width="1.2"/>',
    },
    {
      name: 'cloth',
      count: (f: FeatureDef) => (f.kind === 'city' && f.goods === 'cloth' ? 1 : 0),
      place: 'inside',
      svg: '<path transform="rotate(-20)" d="M-6 -4H6V4H-6Z" fill="#3f7fbf" stroke="#fff" stroke-width="1.2"/>',
    },
  ],
} satisfies ModuleLook;
