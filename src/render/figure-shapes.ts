import type { MeepleKind } from '../core/vocabulary.js';

// Figures, drawn about their foot point in tile units (a tile is 100): each kind has its own
// outline, so they tell apart without colour, and carries its owner's number.

const MEEPLE =
  'M0 -11C3 -11 4.5 -9 4.5 -7C4.5 -5.6 3.8 -4.6 3 -4L9 -2C11 -1.3 11 1.5 9 1.6L5.5 1.8L9 10H2.5L0 5L-2.5 10H-9L-5.5 1.8L-9 1.6C-11 1.5 -11 -1.3 -9 -2L-3 -4C-3.8 -4.6 -4.5 -5.6 -4.5 -7C-4.5 -9 -3 -11 0 -11Z';

/**
 * The outline of each kind of figure as SVG path data, about its foot point, in a box about 22
 * units high (a tile is 100): a follower (and, drawn bigger, the large meeple), an abbot in a hooded
 * robe, a builder in a hat, a pig. The shapes differ, so that kinds tell apart without colour.
 *
 * @example
 * ```ts
 * import { FIGURE_PATHS } from 'carcassonne-engine/render';
 *
 * const abbot = `<svg viewBox="-12 -14 24 26"><path d="${FIGURE_PATHS.abbot}" fill="#1b65d6"/></svg>`;
 * console.log(Object.keys(FIGURE_PATHS).join(' '), abbot.startsWith('<svg')); // → follower large abbot builder pig true
 * ```
 */
export const FIGURE_PATHS: Readonly<Record<MeepleKind, string>> = {
  follower: MEEPLE,
  large: MEEPLE,
  // A monk in a hooded robe.
  abbot: 'M0 -13L4.5 -6L3 -4.5L7.5 10H-7.5L-3 -4.5L-4.5 -6Z',
  // A tall figure in a hat.
  builder: 'M-5.5 -9H5.5V-10.5H3.5V-13H-3.5V-10.5H-5.5ZM-3.5 -8H3.5V-3L6.5 -1V3H4V11H1L0 5L-1 11H-4V3H-6.5V-1L-3.5 -3Z',
  // A pig: a round body on four legs, a snout and an ear.
  pig: 'M-9 -2C-9 -7 -4 -8 0 -8C5 -8 8 -6 9 -3L12 -3V2L9 2C8 4 7 5 6 5V9H3V6H-3V9H-6V5C-8 4 -9 2 -9 -2ZM2 -8L4 -12L6 -7Z',
};

/** How much bigger than a follower each kind is drawn. */
export const FIGURE_SCALE: Readonly<Record<MeepleKind, number>> = { follower: 1, large: 1.35, abbot: 1.05, builder: 1.05, pig: 0.95 };

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
 * A figure as SVG at (x, y) in tile units, lying down when it is a farmer (a follower on a field),
 * with its owner's number (player index + 1) on it.
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
  const s = FIGURE_SCALE[kind];
  const turn = lying ? ' rotate(-90)' : '';
  const label = `<text y="${kind === 'pig' ? 1.5 : 2.5}" font-size="7" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="${inkOn(colour)}"${lying ? ' transform="rotate(90)"' : ''}>${owner + 1}</text>`;
  const outline = kind === 'large' ? 2.2 : 1.2;
  return `<g class="${className}" data-kind="${kind}" data-owner="${owner}" transform="translate(${x} ${y})${turn} scale(${s})"><path d="${FIGURE_PATHS[kind]}" fill="${colour}" stroke="#1a1a1a" stroke-width="${outline}" stroke-linejoin="round"/>${label}</g>`;
}
