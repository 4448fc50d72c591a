import type { ModuleLook, TilePoint } from '../facets.js';

const n = (v: number): string => String(Math.round(v * 1000) / 10);

/** Three bushes in the middle of a garden's ring. */
function bushes(ring: readonly TilePoint[]): string {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const r = Math.min(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 5;
  return [
    [-1, -0.6],
    [1, -0.6],
    [0, 0.9],
  ]
    .map(([dx, dy]) => `<circle cx="${n(cx + (dx as number) * r)}" cy="${n(cy + (dy as number) * r)}" r="${n(r * 0.8)}" fill="#3f7526"/>`)
    .join('');
}

/** The Abbot's pictures: the abbot, and gardens (a dark green patch with bushes). */
export const look = {
  module: 'abbot',
  figures: {
    // A monk in a hooded robe.
    abbot: { path: 'M0 -13L4.5 -6L3 -4.5L7.5 10H-7.5L-3 -4.5L-4.5 -6Z', scale: 1.05 },
  },
  features: { garden: { fill: '#5d8f35', line: '#3b6520', area: { patch: 0.1 }, decorate: bushes } },
} satisfies ModuleLook;
