import { isRecord, show } from '../core/guards.js';
import { OPTIONS_INPUT } from '../core/limits.js';
import { readPlain } from '../core/plain.js';
import { isRotation, type Rotation } from '../core/geometry.js';
import { OptionsError } from '../core/errors.js';
import { legalPlacements } from '../api/play/list.js';
import { checked } from '../api/state/kernels.js';
import { features } from '../api/state/queries.js';
import type { GameState, PlacedTile, PlayerView } from '../api/types.js';
import type { MeepleKind } from '../core/vocabulary.js';
import { figuresOf, tokenDefs } from '../rules/declared.js';
import { tileDef } from '../rules/catalogue.js';
import { boardLooks } from '../rules/looks.js';
import { tileName } from '../rules/words.js';
import { spotFeature } from '../tiles/spots.js';
import { figureSvg } from './figure-shapes.js';
import { tileGeometry } from './tile-geometry.js';
import { ringsPath, TILE, tileBody } from './svg-paint.js';
import { escapeXml, type ResolvedSvgOptions, resolveSvgOptions, type SvgOptions } from './svg-options.js';

const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const PANEL = 300;
const LABELS = 28;

/**
 * One tile type as a picture: an `<svg>` string, 100 units a side, north up, turned `rotation`
 * degrees clockwise. `size` is its width and height in pixels (default 100). Throws
 * `invalid-render-option` for an unknown tile, rotation or size.
 *
 * @example
 * ```ts
 * import { renderTileSvg } from 'carcassonne-engine/render';
 *
 * const svg = renderTileSvg('D', 90, { size: 64 });
 * console.log(svg.startsWith('<svg'), svg.includes('<title>City cap, straight road across (start tile)</title>')); // → true true
 * ```
 */
export function renderTileSvg(id: string, rotation: Rotation = 0, asked?: { readonly size?: number }): string {
  const read = readPlain(asked ?? {}, 'the options', OPTIONS_INPUT);
  if (!read.ok || !isRecord(read.value)) {
    throw new OptionsError([
      { code: 'invalid-render-option', message: read.ok ? 'options must be an object such as { size: 64 }' : read.message },
    ]);
  }
  const size = read.value.size ?? 100;
  const problems: string[] = [];
  if (typeof id !== 'string' || tileDef(id) === undefined) problems.push(`no tile type ${show(id)}`);
  if (!isRotation(rotation)) problems.push('rotation must be 0, 90, 180 or 270');
  if (typeof size !== 'number' || !(size >= 1 && size <= 1000)) problems.push('size must be a number of pixels from 1 to 1000');
  if (problems.length > 0) throw new OptionsError(problems.map((message) => ({ code: 'invalid-render-option', message })));
  const g = tileGeometry(id, rotation);
  if (g === null) throw new OptionsError([{ code: 'invalid-render-option', message: `no tile type ${show(id)}` }]);
  return `<svg ${SVG} viewBox="0 0 ${TILE} ${TILE}" width="${size}" height="${size}" role="img"><title>${escapeXml(tileName(id))}</title>${tileBody(g)}</svg>`;
}

/** Where on the picture a board cell's north-west corner is. */
interface Frame {
  readonly minX: number;
  readonly minY: number;
  readonly left: number;
  readonly top: number;
}
const px = (f: Frame, x: number): number => f.left + (x - f.minX) * TILE;
const py = (f: Frame, y: number): number => f.top + (y - f.minY) * TILE;

/**
 * The board as an SVG picture (a string): every tile, the figures in their players' colours (each
 * kind its own shape, with the owner's number, so that it reads without colour; farmers lie down),
 * the tile the last move placed framed, the cells where the current tile may go dashed, completed
 * features hatched; optionally a score panel and coordinates (see {@link SvgOptions}). Takes a state
 * or a player view; the same input gives the same text. Tiles carry `data-x`/`data-y`, legal cells
 * `class="legal"` with `data-x`/`data-y`, offered spots `data-spot`: a page can listen for clicks.
 *
 * @example
 * ```ts
 * import { createGame, playerView } from 'carcassonne-engine';
 * import { renderSvg } from 'carcassonne-engine/render';
 *
 * const state = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['U'] });
 * const svg = renderSvg(playerView(state, 0), { scores: true, coordinates: true });
 * // U, a straight road, fits west, east and south of the start tile: three cells are dashed.
 * console.log(svg.match(/class="legal"/g)?.length); // → 3
 * ```
 */
export function renderSvg(input: GameState | PlayerView, options?: SvgOptions): string {
  const o = resolveSvgOptions(options);
  const { state } = checked(input);
  const playing = state.status === 'playing';
  const legal = (o.legal ?? playing) && playing && state.currentTile !== null ? legalPlacements(input) : [];
  const cells = [...state.placements, ...legal, ...(o.ghost === null ? [] : [o.ghost]), ...o.spots];
  if (cells.length === 0) cells.push({ x: 0, y: 0, rotation: 0 });
  const xs = cells.map((c) => c.x);
  const ys = cells.map((c) => c.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const margin = 20;
  const frame: Frame = { minX, minY, left: margin + (o.coordinates ? LABELS : 0), top: margin + (o.coordinates ? LABELS : 0) };
  const boardW = (Math.max(...xs) - minX + 1) * TILE;
  const boardH = (Math.max(...ys) - minY + 1) * TILE;
  const width = frame.left + boardW + margin + (o.scores ? PANEL : 0);
  const height = Math.max(frame.top + boardH + margin, o.scores ? 60 + 40 * state.players.length + 150 : 0);
  const id = (name: string) => `${o.idPrefix}-${name}`;

  const used = [
    ...new Set([
      ...state.placements.map((p) => p.tile),
      ...(o.ghost === null ? [] : [o.ghost.tile]),
      ...(o.scores && state.currentTile !== null ? [state.currentTile] : []),
    ]),
  ].sort();
  const tileId = (t: string) => id(`t-${used.indexOf(t)}`);
  const defs = [
    `<pattern id="${id('done')}" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0V9" stroke="#fff" stroke-width="3" stroke-opacity="0.75"/></pattern>`,
    ...used.map((t) => `<g id="${tileId(t)}">${tileBody(tileGeometry(t, 0) as NonNullable<ReturnType<typeof tileGeometry>>)}</g>`),
  ];
  const place = (t: string, x: number, y: number, r: number, extra: string) =>
    `<use href="#${tileId(t)}" transform="translate(${x} ${y})${r === 0 ? '' : ` rotate(${r} 50 50)`}"${extra}/>`;

  const body: string[] = [];
  body.push(
    `<g class="tiles">${state.placements.map((p) => place(p.tile, px(frame, p.x), py(frame, p.y), p.rotation, ` data-x="${p.x}" data-y="${p.y}" data-tile="${escapeXml(p.tile)}"`)).join('')}</g>`,
  );
  if (o.completed) body.push(completedSvg(input, state.placements, frame, id('done')));
  if (o.ghost !== null) {
    const g = o.ghost;
    body.push(
      `<g class="ghost" opacity="0.7">${place(g.tile, px(frame, g.x), py(frame, g.y), g.rotation, ` data-x="${g.x}" data-y="${g.y}"`)}<rect x="${px(frame, g.x)}" y="${py(frame, g.y)}" width="${TILE}" height="${TILE}" fill="none" stroke="#111" stroke-width="3"/></g>`,
    );
  }
  if (o.lastMove) {
    const last = lastPlaced(state);
    if (last !== null) {
      body.push(
        `<rect class="last-move" x="${px(frame, last.x) + 2}" y="${py(frame, last.y) + 2}" width="${TILE - 4}" height="${TILE - 4}" fill="none" stroke="#ff2d95" stroke-width="4" stroke-dasharray="16 6"/>`,
      );
    }
  }
  if (legal.length > 0) body.push(legalSvg(legal, frame));
  body.push(figuresSvg(state, frame, o));
  body.push(modulesSvg(state, frame, o));
  if (o.spots.length > 0) body.push(spotsSvg(o, frame));
  if (o.coordinates) body.push(coordinatesSvg(frame, Math.max(...xs), Math.max(...ys)));
  if (o.scores) body.push(panelSvg(state, o, frame.left + boardW + margin, tileId));
  const title = o.title ?? titleOf(state);
  return `<svg ${SVG} viewBox="0 0 ${width} ${height}" width="${round2((width * o.tileSize) / TILE)}" height="${round2((height * o.tileSize) / TILE)}" role="img" font-family="sans-serif"><title>${escapeXml(title)}</title><defs>${defs.join('')}</defs><rect width="${width}" height="${height}" fill="#f4f1e8"/>${body.join('')}</svg>`;
}

const round2 = (v: number): number => Math.round(v * 100) / 100;

function titleOf(state: GameState): string {
  const name = (i: number) => state.players[i]?.name ?? `player ${i + 1}`;
  if (state.status === 'finished') {
    const best = Math.max(...state.players.map((p) => p.score));
    const winners = state.players.flatMap((p, i) => (p.score === best ? [name(i)] : []));
    return `Carcassonne, game over: ${winners.join(' and ')} ${winners.length > 1 ? 'tie' : 'wins'} with ${best} points`;
  }
  return `Carcassonne, turn ${state.turn + 1}: ${name(state.currentPlayer)} to move${state.currentTile === null ? '' : ` with ${state.currentTile}`}`;
}

/** The tile the last move placed (not the start tile), or null. */
function lastPlaced(state: GameState): PlacedTile | null {
  const last = state.placements[state.placements.length - 1];
  return last === undefined || last.player === null ? null : last;
}

function completedSvg(input: GameState | PlayerView, placements: readonly PlacedTile[], frame: Frame, pattern: string): string {
  const at = new Map(placements.map((p) => [`${p.x},${p.y}`, p]));
  const paths: string[] = [];
  for (const f of features(input)) {
    if (!f.complete || f.kind === 'field') continue;
    for (const s of f.segments) {
      const p = at.get(`${s.x},${s.y}`);
      const def = p === undefined ? undefined : tileDef(p.tile);
      if (p === undefined || def === undefined) continue;
      const index = spotFeature(def, s.at, p.rotation / 90);
      const area = tileGeometry(p.tile, p.rotation)?.areas.find((a) => a.feature === index);
      if (area !== undefined)
        paths.push(
          `<path transform="translate(${px(frame, p.x)} ${py(frame, p.y)})" d="${ringsPath(area.rings)}" fill="url(#${pattern})" fill-rule="evenodd" data-feature="${escapeXml(f.id)}"/>`,
        );
    }
  }
  return `<g class="completed">${paths.join('')}</g>`;
}

function legalSvg(legal: readonly { x: number; y: number; rotation: number }[], frame: Frame): string {
  const cells = new Map<string, { x: number; y: number; n: number }>();
  for (const p of legal) {
    const key = `${p.x},${p.y}`;
    const c = cells.get(key) ?? { x: p.x, y: p.y, n: 0 };
    c.n++;
    cells.set(key, c);
  }
  return `<g class="legal-cells">${[...cells.values()]
    .map(
      (c) =>
        `<g class="legal" data-x="${c.x}" data-y="${c.y}"><rect x="${px(frame, c.x) + 4}" y="${py(frame, c.y) + 4}" width="${TILE - 8}" height="${TILE - 8}" rx="6" fill="#ffffff" fill-opacity="0.45" stroke="#333" stroke-width="2" stroke-dasharray="5 4"/><text x="${px(frame, c.x) + 50}" y="${py(frame, c.y) + 56}" font-size="16" text-anchor="middle" fill="#333">${c.n}↻</text></g>`,
    )
    .join('')}</g>`;
}

function figuresSvg(state: GameState, frame: Frame, o: ResolvedSvgOptions): string {
  const where = new Map(state.placements.map((p) => [`${p.x},${p.y}`, p]));
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (const m of state.meeples) {
    const p = where.get(`${m.x},${m.y}`);
    const anchor = p === undefined ? undefined : tileGeometry(p.tile, p.rotation)?.anchors[m.at];
    if (anchor === undefined) continue;
    // Figures sharing a spot stand side by side.
    const key = `${m.x},${m.y},${m.at}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const x = round2(px(frame, m.x) + anchor[0] * TILE + k * 12);
    const y = round2(py(frame, m.y) + anchor[1] * TILE);
    const lying = m.feature === 'field';
    out.push(figureSvg(m.kind, m.owner, o.colours[m.owner] ?? '#888888', x, y, lying));
  }
  return `<g class="figures">${out.join('')}</g>`;
}

/** What the rule modules keep besides the board, drawn over it by their looks (The Tower's towers). */
function modulesSvg(state: GameState, frame: Frame, o: ResolvedSvgOptions): string {
  const modules = (state.modules ?? {}) as Readonly<Record<string, unknown>>;
  const pen = {
    tile: TILE,
    cell: (x: number, y: number) => [px(frame, x), py(frame, y)] as const,
    figure: (kind: string, owner: number, x: number, y: number) =>
      figureSvg(kind as MeepleKind, owner, o.colours[owner] ?? '#888888', round2(x), round2(y), false),
  };
  const out = boardLooks().flatMap((l) => (Object.hasOwn(modules, l.module) ? [l.board(modules[l.module], pen)] : []));
  return out.length === 0 ? '' : `<g class="modules">${out.join('')}</g>`;
}

function spotsSvg(o: ResolvedSvgOptions, frame: Frame): string {
  const ghost = o.ghost;
  const out: string[] = [];
  o.spots.forEach((s, i) => {
    const placed = ghost !== null && ghost.x === s.x && ghost.y === s.y ? ghost : null;
    const anchor = placed === null ? [0.5, 0.5] : (tileGeometry(placed.tile, placed.rotation)?.anchors[s.at] ?? [0.5, 0.5]);
    const x = round2(px(frame, s.x) + (anchor[0] as number) * TILE);
    const y = round2(py(frame, s.y) + (anchor[1] as number) * TILE);
    out.push(
      `<g class="spot" data-x="${s.x}" data-y="${s.y}" data-spot="${s.at}"><circle cx="${x}" cy="${y}" r="9" fill="#fff" fill-opacity="0.85" stroke="#111" stroke-width="2.5"/><text x="${x}" y="${y + 4}" font-size="11" text-anchor="middle" fill="#111">${i + 1}</text></g>`,
    );
  });
  return `<g class="spots">${out.join('')}</g>`;
}

function coordinatesSvg(frame: Frame, maxX: number, maxY: number): string {
  const out: string[] = [];
  for (let x = frame.minX; x <= maxX; x++)
    out.push(`<text x="${px(frame, x) + 50}" y="${frame.top - 8}" font-size="16" text-anchor="middle" fill="#555">${x}</text>`);
  for (let y = frame.minY; y <= maxY; y++)
    out.push(`<text x="${frame.left - 8}" y="${py(frame, y) + 56}" font-size="16" text-anchor="end" fill="#555">${y}</text>`);
  return `<g class="coordinates">${out.join('')}</g>`;
}

function panelSvg(state: GameState, o: ResolvedSvgOptions, left: number, tileId: (t: string) => string): string {
  const out: string[] = [`<g class="scores" transform="translate(${left} 20)">`];
  const finished = state.status === 'finished';
  const best = Math.max(...state.players.map((p) => p.score));
  out.push(
    `<text x="0" y="18" font-size="18" font-weight="bold" fill="#222">${finished ? 'Final scores' : `Turn ${state.turn + 1}`}</text>`,
  );
  state.players.forEach((p, i) => {
    const y = 40 + i * 40;
    const colour = o.colours[i] ?? '#888888';
    const mark = finished ? (p.score === best ? '★' : '') : i === state.currentPlayer ? '▶' : '';
    const tokens = tokenDefs()
      .map((t) => {
        const held = (p as unknown as Record<string, Record<string, number>>)[t.key];
        return held === undefined || t.kinds.every((k) => held[k] === 0) ? '' : `; ${t.kinds.map((k) => `${k} ${held[k]}`).join(', ')}`;
      })
      .join('');
    // The other figures in supply, drawn small beside the count of followers.
    const others = figuresOf()
      .slice(1)
      .filter((f) => ((p as unknown as Record<string, number>)[f.supplyKey] ?? 0) > 0)
      .map(
        (f, j) =>
          `<g transform="translate(${PANEL - 110 + j * 20} ${y + 24}) scale(0.6)">${figureSvg(f.name as MeepleKind, i, colour, 0, 0, false, 'figure-icon')}</g>`,
      )
      .join('');
    out.push(
      `<g class="player" data-player="${i}"><text x="0" y="${y + 20}" font-size="16" fill="#222">${mark}</text>${figureSvg('follower', i, colour, 30, y + 12, false, 'figure-icon')}` +
        `<text x="48" y="${y + 12}" font-size="15" fill="#222">${escapeXml(p.name.slice(0, 24))}</text><text x="${PANEL - 30}" y="${y + 12}" font-size="17" font-weight="bold" text-anchor="end" fill="#222">${p.score}</text>` +
        `<text x="48" y="${y + 28}" font-size="11" fill="#555">${p.meeples} followers${tokens}</text>${others}</g>`,
    );
  });
  const y = 50 + state.players.length * 40;
  if (!finished) {
    const tile = state.currentTile;
    out.push(
      `<text x="0" y="${y}" font-size="13" fill="#333">${state.tilesLeft.length} tiles in the bag${tile === null ? '' : '; to place:'}</text>`,
    );
    if (tile !== null)
      out.push(
        `<use href="#${tileId(tile)}" transform="translate(0 ${y + 10})" data-tile="${escapeXml(tile)}"/><rect x="0" y="${y + 10}" width="100" height="100" fill="none" stroke="#333"/>`,
      );
  }
  out.push('</g>');
  return out.join('');
}
