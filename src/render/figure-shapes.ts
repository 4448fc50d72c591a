import type { MeepleKind } from '../core/vocabulary.js';
import { figurePictureOf } from '../rules/looks.js';

// Figures, drawn about their foot point in tile units (a tile is 100): each kind has its own
// outline, so they tell apart without colour, and carries its owner's number.

/**
 * How pictures draw a figure kind (the rule module that brings it says): its outline as SVG path
 * data about its foot point, in a box about 22 units high (a tile is 100), and how much bigger than
 * a follower it is drawn; `null` for an unknown kind. The shapes differ, so that kinds tell apart
 * without colour.
 *
 * @example
 * ```ts
 * import { abbot as theAbbot, innsCathedrals, useExpansions } from 'carcassonne-engine';
 * import { figurePicture } from 'carcassonne-engine/render';
 *
 * useExpansions(theAbbot, innsCathedrals); // their figures' pictures come with them
 * const abbot = figurePicture('abbot');
 * const svg = `<svg viewBox="-12 -14 24 26"><path d="${abbot?.path}" fill="#1b65d6"/></svg>`;
 * console.log(abbot?.scale, figurePicture('large')?.scale, svg.startsWith('<svg')); // → 1.05 1.35 true
 * ```
 */
export function figurePicture(kind: MeepleKind): { readonly path: string; readonly scale: number } | null {
  const p = typeof kind === 'string' ? figurePictureOf(kind) : undefined;
  return p === undefined ? null : { path: p.path, scale: p.scale ?? 1 };
}

/**
 * The default colours of players 1 to 6 in pictures: red, blue, yellow, black, purple, orange (no
 * green: fields are green). `renderSvg`'s `colours` option replaces them.
 *
 * @example
 * ```ts
 * import { PLAYER_COLOURS } from 'carcassonne-engine/render';
 *
 * console.log(PLAYER_COLOURS[0], PLAYER_COLOURS.length); // → #d7263d 6
 * ```
 */
export const PLAYER_COLOURS: readonly string[] = ['#d7263d', '#1b65d6', '#f4c20d', '#2b2b2b', '#8e44ad', '#f08c00'];

/** Black or white, whichever reads better on a colour (#rrggbb). */
export function inkOn(colour: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (m === null) return '#000';
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => Number.parseInt(h as string, 16));
  return 0.299 * (r as number) + 0.587 * (g as number) + 0.114 * (b as number) > 150 ? '#000' : '#fff';
}

/**
 * A figure as SVG at (x, y) in tile units, lying down when it is a farmer (`lying`: a figure on a
 * field, unless its kind stands upright), with its owner's number (player index + 1) on it.
 */
export function figureSvg(
  kind: MeepleKind,
  owner: number,
  colour: string,
  x: number,
  y: number,
  lying: boolean,
  className = 'figure',
): string {
  // A figure kind without a look of its own is drawn as a follower.
  const p = figurePictureOf(kind) ?? figurePictureOf('follower');
  if (p === undefined) return '';
  lying &&= p.upright !== true;
  const turn = lying ? ' rotate(-90)' : '';
  const label = `<text y="${p.label ?? 2.5}" font-size="7" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="${inkOn(colour)}"${lying ? ' transform="rotate(90)"' : ''}>${owner + 1}</text>`;
  return `<g class="${className}" data-kind="${kind}" data-owner="${owner}" transform="translate(${x} ${y})${turn} scale(${p.scale ?? 1})"><path d="${p.path}" fill="${colour}" stroke="#1a1a1a" stroke-width="${p.outline ?? 1.2}" stroke-linejoin="round"/>${label}</g>`;
}
