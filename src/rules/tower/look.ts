import type { BoardPen, ModuleLook } from '../facets.js';
import type { TowerState } from './api.js';

/**
 * The Tower's pictures: a tower floor, a squat block with a crenellated top; and over the board,
 * each tower on its tile's east side: a stone block with its floors (a dashed outline for a bare
 * foundation), the follower closing it on top.
 */
export const look = {
  module: 'tower',
  figures: {
    floor: { path: 'M-6 8V-5H-4V-8H-1V-5H1V-8H4V-5H6V8Z', scale: 1.1, upright: true },
  },
  board: (part: unknown, pen: BoardPen) => towersSvg(part as TowerState, pen),
} satisfies ModuleLook;

function towersSvg(state: TowerState, pen: BoardPen): string {
  return state.towers
    .map((t) => {
      const [x0, y0] = pen.cell(t.x, t.y);
      // A block 24 units square on the tile's east side, the follower on top of it within the tile.
      const x = x0 + pen.tile - 28;
      const y = y0 + 28;
      const label = `<title>tower at ${t.x},${t.y}: ${t.floors} floor${t.floors === 1 ? '' : 's'}${t.top === null ? '' : `, closed by player ${t.top.owner + 1}`}</title>`;
      const data = `class="tower" data-x="${t.x}" data-y="${t.y}" data-floors="${t.floors}"`;
      if (t.floors === 0)
        return `<g ${data}>${label}<rect x="${x}" y="${y}" width="24" height="24" fill="#ffffff" fill-opacity="0.35" stroke="#3d3a35" stroke-width="2" stroke-dasharray="4 3"/></g>`;
      const top = t.top === null ? '' : pen.figure(t.top.kind, t.top.owner, x + 12, y - 1);
      return `<g ${data}>${label}<rect x="${x}" y="${y}" width="24" height="24" rx="2" fill="#8f877b" stroke="#2f2c28" stroke-width="2"/><path d="M${x} ${y + 8}H${x + 24}M${x} ${y + 16}H${x + 24}" stroke="#2f2c28" stroke-width="0.8" opacity="0.5"/><text x="${x + 12}" y="${y + 18}" font-size="15" font-weight="bold" text-anchor="middle" fill="#fff" stroke="#2f2c28" stroke-width="0.6">${t.floors}</text>${top}</g>`;
    })
    .join('');
}
