import { EDGE_KINDS, FEATURE_KINDS } from '../../core/vocabulary.js';
import type { SetupErrorCode } from '../../core/errors.js';
import { DX, DY, EDGE_NAMES, type Rotation, SPOTS, type Spot, spotIndex } from '../../core/geometry.js';
import { type Kernel, K_CITY, K_ROAD, MAXF } from '../../kernel/index.js';
import type { ExpansionName } from '../../core/vocabulary.js';
import {
  expansionTitle,
  figureCode,
  figureExpansion,
  figureInPlay,
  figurePlaces,
  figureWord,
  joinsOwnMeeple,
} from '../options/figure-kinds.js';
import type { MeepleKind, SetupStartFigure } from '../types.js';

// A set-up board placed on an empty kernel: the one check of set-up positions, for setupGame and
// for the loader of the states it makes (saved.ts). Every problem is noted; a tile or figure that
// cannot be placed is left off, so that the rest is still checked.

/** A tile of a set-up board, its id known to the game's tables. */
export interface BoardTile {
  readonly tile: string;
  readonly x: number;
  readonly y: number;
  readonly rotation: Rotation;
}

/** A figure of a set-up board, its kind a figure kind. */
export interface BoardFigure {
  readonly owner: number;
  readonly kind: MeepleKind;
  readonly x: number;
  readonly y: number;
  readonly at: Spot;
}

/** How messages name the i-th tile and figure (e.g. `board[3]`). */
export interface BoardLabels {
  readonly tile: (i: number) => string;
  readonly figure: (i: number) => string;
}

export type Note = (code: SetupErrorCode, message: string) => void;

const an = (kind: string) => (kind === 'city' ? 'a city' : `a ${kind}`);
const turned = (t: BoardTile) => `tile ${t.tile} at (${t.x}, ${t.y})${t.rotation === 0 ? '' : ` turned ${t.rotation}°`}`;

/**
 * Places `tiles` on the empty board of `k` in order, then deploys `figures`, noting every
 * problem: two tiles on a cell, edges that do not match, a module's placement rule broken (a
 * river), a board in pieces, a figure on no feature or where its kind may not stand, on a
 * completed feature, or beyond what its owner owns. Returns the figures at their canonical spots.
 */
export function setUpBoard(
  k: Kernel,
  tiles: readonly BoardTile[],
  figures: readonly BoardFigure[],
  expansions: readonly ExpansionName[],
  labels: BoardLabels,
  note: Note,
): SetupStartFigure[] {
  placeTiles(k, tiles, labels, note);
  return deployFigures(k, figures, expansions, labels, note);
}

function placeTiles(k: Kernel, tiles: readonly BoardTile[], labels: BoardLabels, note: Note): void {
  const T = k.tables;
  const rules = k.rules.ruleset.placement;
  const at = new Map<string, number>();
  tiles.forEach((b, i) => {
    const t = T.typeOf[b.tile] as number;
    const q = b.rotation / 90;
    const where = `${labels.tile(i)} (${turned(b)})`;
    const other = at.get(`${b.x},${b.y}`);
    if (other !== undefined) {
      note('cell-occupied', `${where}: (${b.x}, ${b.y}) already holds ${labels.tile(other)}`);
      return;
    }
    let fits = true;
    for (let d = 0; d < 4; d++) {
      const np = k.tileAt(b.x + (DX[d] as number), b.y + (DY[d] as number));
      const theirs = k.neighbourEdgeKind(b.x, b.y, d);
      const mine = T.edgeKind[(t * 4 + q) * 4 + d] as number;
      if (np < 0 || theirs === mine) continue;
      fits = false;
      const n = tiles[np] as BoardTile;
      note(
        'edge-mismatch',
        `${where}: its ${EDGE_NAMES[d]} edge has ${an(EDGE_KINDS[mine] as string)}, the ${EDGE_NAMES[(d + 2) & 3]} edge of ${labels.tile(np)} (${turned(n)}) has ${an(EDGE_KINDS[theirs] as string)}`,
      );
    }
    // A placement rule of a module (the river, the table) reads the board as it grew: a tile it
    // constrains must continue what the tiles listed before it began.
    const cell = fits ? k.openCell(b.x, b.y) : -1;
    for (let j = 0; j < rules.length && fits; j++) {
      const rule = rules[j] as (typeof rules)[number];
      if (rule.applies[t] === 0) continue;
      const why = rule.check(k, t, q, cell);
      if (why === 0) continue;
      const held = k.currentType;
      k.setCurrentTile(t);
      const explained = (k.rules.ruleset.explainPlacement[j] as (typeof k.rules.ruleset.explainPlacement)[number])(k, why);
      k.setCurrentTile(held);
      note(explained.code as SetupErrorCode, `${where}: ${explained.message}`);
      fits = false;
    }
    if (!fits) return;
    at.set(`${b.x},${b.y}`, k.nPlaced);
    k.placeTile(t, q, b.x, b.y);
  });
  // Joined by edges, whether the edges match or not: a mismatch is its own problem.
  const cells = new Map<string, number>();
  tiles.forEach((b, i) => {
    if (!cells.has(`${b.x},${b.y}`)) cells.set(`${b.x},${b.y}`, i);
  });
  const reached = new Set<number>(tiles.length > 0 ? [0] : []);
  const queue = [...reached];
  while (queue.length > 0) {
    const b = tiles[queue.pop() as number] as BoardTile;
    for (let d = 0; d < 4; d++) {
      const n = cells.get(`${b.x + (DX[d] as number)},${b.y + (DY[d] as number)}`);
      if (n !== undefined && !reached.has(n)) {
        reached.add(n);
        queue.push(n);
      }
    }
  }
  const apart = tiles.flatMap((b, i) => (reached.has(i) || cells.get(`${b.x},${b.y}`) !== i ? [] : [`${labels.tile(i)} (${turned(b)})`]));
  if (apart.length > 0)
    note(
      'board-not-connected',
      `the board is in pieces: ${apart.join(', ')} ${apart.length === 1 ? 'touches' : 'touch'} no tile joined to ${labels.tile(0)}`,
    );
}

function deployFigures(
  k: Kernel,
  figures: readonly BoardFigure[],
  expansions: readonly ExpansionName[],
  labels: BoardLabels,
  note: Note,
): SetupStartFigure[] {
  const T = k.tables;
  const F = k.rules.ruleset.figures;
  const out: SetupStartFigure[] = [];
  const joiners: { i: number; seg: number }[] = [];
  figures.forEach((f, i) => {
    const where = labels.figure(i);
    const word = figureWord(f.kind);
    if (f.owner >= k.players) {
      note('invalid-setup', `${where}: owner ${f.owner} is not a player`);
      return;
    }
    if (!figureInPlay(f.kind, expansions)) {
      note(
        'figure-not-allowed',
        `${where}: ${expansionTitle(figureExpansion(f.kind) as ExpansionName)} is not in play: there is no ${word}`,
      );
      return;
    }
    const p = k.tileAt(f.x, f.y);
    if (p < 0) {
      note('no-feature-at-spot', `${where}: no tile lies at (${f.x}, ${f.y})`);
      return;
    }
    const t = k.pType[p] as number;
    const q = k.pRot[p] as number;
    const local = k.spotFeature(t, q, spotIndex(f.at));
    if (local < 0) {
      note('no-feature-at-spot', `${where}: tile ${T.ids[t]} at (${f.x}, ${f.y}) has nothing a figure can stand on at ${f.at}`);
      return;
    }
    const kind = T.featKind[t * MAXF + local] as number;
    const what = FEATURE_KINDS[kind] as string;
    if (((F.spots[figureCode(f.kind) * T.types + t] as number) & (1 << local)) === 0) {
      note('figure-not-allowed', `${where}: the ${word} stands ${figurePlaces(f.kind)}, not on ${an(what)} (at ${f.at})`);
      return;
    }
    const seg = k.segmentOf(p, local);
    const r = k.find(seg);
    const centre = T.centre[t] === local;
    if (((kind === K_ROAD || kind === K_CITY) && k.openOf(r) === 0) || (centre && k.neighbours(p) === 8)) {
      note(
        'feature-complete',
        `${where}: the ${what} at ${f.at} of tile ${T.ids[t]} at (${f.x}, ${f.y}) is complete: it scored, and its figures went home`,
      );
      return;
    }
    const figure = figureCode(f.kind);
    k.deploy(p, local, f.owner, figure);
    if (joinsOwnMeeple(f.kind)) joiners.push({ i, seg });
    out.push({ owner: f.owner, kind: f.kind, x: f.x, y: f.y, at: SPOTS[T.featSpot[(t * 4 + q) * MAXF + local] as number] as Spot });
  });
  // A builder or a pig keeps company with its owner's meeple (rules-facts §e).
  for (const { i, seg } of joiners) {
    const f = figures[i] as BoardFigure;
    if ((k.strength(k.find(seg))[f.owner] as number) > 0) continue;
    const what = FEATURE_KINDS[k.kindOf(seg)] as string;
    note(
      'no-own-meeple',
      `${labels.figure(i)}: the ${figureWord(f.kind)} stands on ${an(what)} that holds none of player ${f.owner}'s meeples`,
    );
  }
  for (let pl = 0; pl < k.players; pl++) {
    for (let figure = 0; figure < F.kinds; figure++) {
      if (k.inSupply(pl, figure) >= 0) continue;
      const owned = figure === 0 ? k.rules.meeples : (F.perPlayer[figure * 8 + k.players] as number);
      const kind = out.find((f) => figureCode(f.kind) === figure)?.kind ?? 'follower';
      note('too-many-figures', `player ${pl} has ${owned - k.inSupply(pl, figure)} ${figureWord(kind)}s on the board, but owns ${owned}`);
    }
  }
  return out;
}
