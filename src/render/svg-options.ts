import { OPTIONS_INPUT } from '../core/limits.js';
import { readPlain } from '../core/plain.js';
import { isRotation, type Rotation, SPOTS, type Spot } from '../core/geometry.js';
import { OptionsError, type Problem } from '../core/errors.js';
import { tileDef } from '../rules/catalogue.js';
import { PLAYER_COLOURS } from './figure-shapes.js';

/** A tile drawn faded where a player is about to place it (see {@link SvgOptions.ghost}). */
export interface SvgGhost {
  readonly tile: string;
  readonly x: number;
  readonly y: number;
  readonly rotation: Rotation;
}

/** A spot offered for a figure (see {@link SvgOptions.spots}). */
export interface SvgSpot {
  readonly x: number;
  readonly y: number;
  readonly at: Spot;
}

/** Options of {@link renderSvg}. Every one is optional; a bad one throws `invalid-render-option`. */
export interface SvgOptions {
  /** Width and height of a tile in pixels (the `width`/`height` attributes; the view box is 100 units a tile). 1…1000, default 64. */
  readonly tileSize?: number;
  /** Highlight where the current tile may go (one dashed cell per cell, with its number of rotations). Default: while the game is playing. */
  readonly legal?: boolean;
  /** Frame the tile the last move placed. Default true. */
  readonly lastMove?: boolean;
  /** Hatch the completed roads, cities and cloisters. Default true. */
  readonly completed?: boolean;
  /** A panel beside the board: each player's score, figures in supply and goods, whose turn, the tile to place. Default false. */
  readonly scores?: boolean;
  /** Column and row numbers (board x and y) along the top and left. Default false. */
  readonly coordinates?: boolean;
  /** Colours of the players' figures, `#rrggbb`, one a player (at most 6). Default red, blue, yellow, black, purple, orange. */
  readonly colours?: readonly string[];
  /** A tile drawn faded on an empty cell: the placement a player is choosing a figure for. */
  readonly ghost?: SvgGhost | null;
  /** Spots offered for a figure, drawn as numbered rings with `data-spot` attributes a page can click. At most 64. */
  readonly spots?: readonly SvgSpot[];
  /** Prefix of the ids the picture defines, so that several pictures can share a page. Default `'cc'`. */
  readonly idPrefix?: string;
  /** The picture's title (read by screen readers); default: the turn and who is to move. At most 200 characters. */
  readonly title?: string;
}

/** The options with every default filled in. */
export interface ResolvedSvgOptions {
  readonly tileSize: number;
  readonly legal: boolean | null;
  readonly lastMove: boolean;
  readonly completed: boolean;
  readonly scores: boolean;
  readonly coordinates: boolean;
  readonly colours: readonly string[];
  readonly ghost: SvgGhost | null;
  readonly spots: readonly SvgSpot[];
  readonly idPrefix: string;
  readonly title: string | null;
}

const KEYS = ['tileSize', 'legal', 'lastMove', 'completed', 'scores', 'coordinates', 'colours', 'ghost', 'spots', 'idPrefix', 'title'];
/** Board coordinates a picture accepts for a ghost tile or a spot. */
const REACH = 1000;
const isCell = (v: unknown): v is number => Number.isInteger(v) && Math.abs(v as number) <= REACH;

/** Checks render options, listing every problem, and fills in the defaults. */
export function resolveSvgOptions(options: unknown): ResolvedSvgOptions {
  const problems: Problem<'invalid-render-option'>[] = [];
  const bad = (message: string) => problems.push({ code: 'invalid-render-option', message });
  const read = readPlain(options ?? {}, 'the render options', OPTIONS_INPUT);
  if (!read.ok) throw new OptionsError([{ code: 'invalid-render-option', message: read.message }]);
  if (typeof read.value !== 'object' || read.value === null || Array.isArray(read.value)) {
    throw new OptionsError([{ code: 'invalid-render-option', message: 'render options must be an object' }]);
  }
  const o = read.value as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!KEYS.includes(k)) bad(`unknown render option ${JSON.stringify(k.slice(0, 40))}`);
  const flag = (k: string, fallback: boolean | null): boolean | null => {
    const v = o[k];
    if (v === undefined) return fallback;
    if (typeof v !== 'boolean') bad(`${k} must be true or false`);
    return v === true;
  };
  const tileSize = o.tileSize ?? 64;
  if (typeof tileSize !== 'number' || !(tileSize >= 1 && tileSize <= 1000)) bad('tileSize must be a number of pixels from 1 to 1000');
  let colours = PLAYER_COLOURS;
  if (o.colours !== undefined) {
    if (!Array.isArray(o.colours) || o.colours.length === 0 || o.colours.length > 6) bad('colours must be a list of 1 to 6 colours');
    else if (!o.colours.every((c) => typeof c === 'string' && /^#[0-9a-fA-F]{6}$/.test(c))) bad('each colour must be written #rrggbb');
    else colours = [...(o.colours as string[]), ...PLAYER_COLOURS.slice(o.colours.length)];
  }
  let ghost: SvgGhost | null = null;
  if (o.ghost !== undefined && o.ghost !== null) {
    const g = o.ghost as Record<string, unknown>;
    if (
      typeof g !== 'object' ||
      typeof g.tile !== 'string' ||
      tileDef(g.tile) === undefined ||
      !isCell(g.x) ||
      !isCell(g.y) ||
      !isRotation(g.rotation)
    ) {
      bad(`ghost must be { tile, x, y, rotation } with a known tile, whole x and y within ±${REACH}, and a rotation of 0, 90, 180 or 270`);
    } else ghost = { tile: g.tile, x: g.x, y: g.y, rotation: g.rotation };
  }
  let spots: SvgSpot[] = [];
  if (o.spots !== undefined) {
    if (!Array.isArray(o.spots) || o.spots.length > 64) bad('spots must be a list of at most 64 { x, y, at }');
    else if (!o.spots.every((s) => typeof s === 'object' && s !== null && isCell(s.x) && isCell(s.y) && SPOTS.includes(s.at))) {
      bad(`each spot must be { x, y, at } with whole x and y within ±${REACH} and a spot such as 'N', 'C' or 'NNE'`);
    } else spots = o.spots.map((s: SvgSpot) => ({ x: s.x, y: s.y, at: s.at }));
  }
  const idPrefix = o.idPrefix ?? 'cc';
  if (typeof idPrefix !== 'string' || !/^[A-Za-z][\w-]{0,31}$/.test(idPrefix))
    bad('idPrefix must be a letter then up to 31 letters, digits, - or _');
  const title = o.title ?? null;
  if (title !== null && (typeof title !== 'string' || title.length > 200)) bad('title must be a text of at most 200 characters');
  const resolved: ResolvedSvgOptions = {
    tileSize: tileSize as number,
    legal: flag('legal', null),
    lastMove: flag('lastMove', true) as boolean,
    completed: flag('completed', true) as boolean,
    scores: flag('scores', false) as boolean,
    coordinates: flag('coordinates', false) as boolean,
    colours,
    ghost,
    spots,
    idPrefix: idPrefix as string,
    title: title as string | null,
  };
  if (problems.length > 0) throw new OptionsError(problems);
  return resolved;
}

/** Text for SVG: &, <, >, " and ' escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
