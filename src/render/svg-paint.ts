import type { FeatureKind } from '../tiles/tile-types.js';
import { featureLookOf, symbolsOf } from '../rules/looks.js';
import type { Point, TileGeometry, TileSymbol } from './tile-geometry.js';

// The colours and drawing of one tile in SVG, in a 100 × 100 box. Shared by renderTileSvg and
// renderSvg (which draws each tile type once, in <defs>, and places copies).

export const TILE = 100;

/** Fill and outline of each kind of area of the base game; the modules' kinds have their looks. */
const AREA_STYLE = {
  field: { fill: '#9cc45a', line: '#6f9a3a' },
  city: { fill: '#e2c38a', line: '#8a5a2b' },
  road: { fill: '#f7f1e3', line: '#8c8170' },
  cloister: { fill: '#c4553d', line: '#6e2a1d' },
};

const UNKNOWN = { fill: '#cccccc', line: '#888888' };

/** Fill and outline of a kind of area. */
const styleOf = (kind: FeatureKind): { readonly fill: string; readonly line: string } =>
  Object.hasOwn(AREA_STYLE, kind) ? AREA_STYLE[kind as keyof typeof AREA_STYLE] : (featureLookOf(kind) ?? UNKNOWN);

const n = (v: number): string => String(Math.round(v * TILE * 10) / 10);
const xy = (p: Point): string => `${n(p[0])} ${n(p[1])}`;
const onBorder = (a: Point, b: Point): boolean =>
  (a[0] === b[0] && (a[0] === 0 || a[0] === 1)) || (a[1] === b[1] && (a[1] === 0 || a[1] === 1));

/** SVG path data of closed rings. */
export function ringsPath(rings: readonly (readonly Point[])[]): string {
  return rings.map((r) => `M${r.map(xy).join('L')}Z`).join('');
}

/** SVG path data of a ring's outline inside the tile (segments along the tile's border left out). */
function insidePath(rings: readonly (readonly Point[])[]): string {
  let d = '';
  for (const r of rings) {
    for (let i = 0; i < r.length; i++) {
      const a = r[i] as Point;
      const b = r[(i + 1) % r.length] as Point;
      if (onBorder(a, b)) continue;
      d += `M${xy(a)}L${xy(b)}`;
    }
  }
  return d.replace(/L([\d. ]+)M\1L/g, 'L$1L');
}

const linesPath = (lines: readonly (readonly Point[])[]): string => lines.map((l) => `M${l.map(xy).join('L')}`).join('');

/** The symbols printed on tiles, each drawn about its point; shapes differ, not only colours. */
export function symbolSvg(s: TileSymbol): string {
  const t = `transform="translate(${n(s.at[0])} ${n(s.at[1])})"`;
  switch (s.kind) {
    case 'village':
      return `<g ${t}><path d="M-7 6V-1L-3 -5L1 -1V6Z" fill="#efe4c8" stroke="#5b3a1a" stroke-width="1.1"/><path d="M0 6V0L4 -4L8 0V6Z" fill="#efe4c8" stroke="#5b3a1a" stroke-width="1.1"/></g>`;
    case 'cottage':
      return `<path ${t} d="M-5 4V-1L0 -5L5 -1V4Z" fill="#efe4c8" stroke="#5b3a1a" stroke-width="1.1"/>`;
    default:
      return `<g ${t}>${symbolsOf().find((d) => d.name === s.kind)?.svg ?? ''}</g>`;
  }
}

/** The inside of a tile (no <svg> around it): areas, walls, hedges and symbols, 100 units a side. */
export function tileBody(g: TileGeometry): string {
  const parts: string[] = [];
  for (const a of g.areas) {
    const style = styleOf(a.kind);
    parts.push(
      `<path d="${ringsPath(a.rings)}" fill="${style.fill}" fill-rule="evenodd" data-kind="${a.kind}" data-feature="${a.feature}"/>`,
    );
  }
  // Outlines: roads, cloisters and the modules' kinds inside the tile; then hedges and walls.
  for (const a of g.areas) {
    if (a.kind === 'field' || a.kind === 'city') continue;
    const d = insidePath(a.rings);
    if (d !== '') parts.push(`<path d="${d}" fill="none" stroke="${styleOf(a.kind).line}" stroke-width="1.2"/>`);
    if (a.kind === 'cloister') parts.push(cloisterRoof(a.rings));
    const decorate = featureLookOf(a.kind)?.decorate;
    if (decorate !== undefined) parts.push(...a.rings.map((r) => decorate(r)));
  }
  if (g.hedges.length > 0) {
    parts.push(
      `<path d="${linesPath(g.hedges)}" fill="none" stroke="${AREA_STYLE.field.line}" stroke-width="2" stroke-dasharray="1 2.5" stroke-linecap="round"/>`,
    );
  }
  if (g.walls.length > 0)
    parts.push(`<path d="${linesPath(g.walls)}" fill="none" stroke="${AREA_STYLE.city.line}" stroke-width="2.6" stroke-linejoin="round"/>`);
  for (const s of g.symbols) parts.push(symbolSvg(s));
  return parts.join('');
}

/** A cloister's roof: a ridge and a cross over the middle of its area. */
function cloisterRoof(rings: readonly (readonly Point[])[]): string {
  const pts = rings.flat();
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  return `<path d="M${n(cx - 0.1)} ${n(cy)}H${n(cx + 0.1)}M${n(cx)} ${n(cy - 0.1)}V${n(cy + 0.1)}" stroke="#f3d9c9" stroke-width="1.6"/>`;
}
