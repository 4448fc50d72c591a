import type { FeatureDef } from '../../tiles/tile-types.js';
import { MEEPLE } from '../base/look.js';
import type { ModuleLook } from '../facets.js';

/** Inns & Cathedrals' pictures: the large meeple, drawn bigger; cathedrals and inns. */
export const look = {
  module: 'inns-cathedrals',
  figures: { large: { path: MEEPLE, scale: 1.35, outline: 2.2 } },
  symbols: [
    {
      name: 'cathedral',
      count: (f: FeatureDef) => (f.kind === 'city' && f.cathedral === true ? 1 : 0),
      place: 'inside',
      svg: '<path d="M-8 7V-3L0 -9L8 -3V7Z" fill="#b9b4a8" stroke="#4d4a44" stroke-width="1.2"/><path d="M0 -5V4M-3 -2H3" stroke="#4d4a44" stroke-width="1.6"/>',
    },
    {
      name: 'inn',
      count: (f: FeatureDef) => (f.kind === 'road' && f.inn === true ? 1 : 0),
      place: 'beside',
      svg: '<path d="M-7 5V-2L0 -7L7 -2V5Z" fill="#f0e0b0" stroke="#5b3a1a" stroke-width="1.2"/><path d="M-7 -2L0 -7L7 -2" fill="none" stroke="#a33b26" stroke-width="2.5"/><circle cx="9" cy="4" r="3" fill="#5b9bd5"/>',
    },
  ],
} satisfies ModuleLook;
