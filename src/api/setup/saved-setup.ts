import { isRotation, type Rotation, type Spot, spotIndex } from '../../core/geometry.js';
import { isInt, isRecord, show } from '../../core/guards.js';
import type { Kernel, KernelRules, TileTables } from '../../kernel/index.js';
import type { ExpansionName } from '../../core/vocabulary.js';
import { figureKinds, isFigureKind } from '../options/figure-kinds.js';
import { isPlayerRecord } from '../state/players.js';
import { rosterOfRuleset } from '../../rules/roster.js';
import type { BoardFigure, BoardTile } from './setup-board.js';
import { type StartPosition, startKernel } from './start.js';
import type { ExtraTurn, MeepleKind } from '../types.js';
import { sameJson } from '../../core/same-json.js';

// The set-up of a saved state (GameState.setup) read back: its form checked, its kernel rebuilt
// by placing the set-up board again, with every problem of the position noted.

/** How far a board may reach with every tile still to place (SETUP_REACH of setup.ts). */
const REACH = 255;

/**
 * The kernel at the set-up a saved state records, and the position it starts from. `take` counts
 * a tile of the set (throwing for one too many); `fail` throws at a problem of form; `note` lists
 * a problem of the position. The first `setup.tiles` placements are the board.
 */
export function loadSetUp(
  s: Record<string, unknown>,
  tables: TileTables,
  rules: KernelRules,
  expansions: readonly ExpansionName[],
  players: number,
  view: boolean,
  take: (id: unknown, where: string) => number,
  fail: (message: string) => Error,
  note: (message: string) => void,
): { kernel: Kernel; start: StartPosition } {
  const u = s.setup;
  if (!isRecord(u)) throw fail('setup must be null or the set-up the game began from');
  const placements = s.placements as unknown[];
  if (!isInt(u.tiles) || u.tiles < 1 || u.tiles > placements.length)
    throw fail(`setup.tiles must count the placements set up (1 to ${placements.length}), not ${show(u.tiles)}`);
  const tiles: BoardTile[] = placements.slice(0, u.tiles).map((p, i) => {
    if (
      !isRecord(p) ||
      typeof p.tile !== 'string' ||
      !isInt(p.x) ||
      !isInt(p.y) ||
      Math.abs(p.x) > REACH ||
      Math.abs(p.y) > REACH ||
      !isRotation(p.rotation) ||
      p.player !== null ||
      p.meeple !== null ||
      p.recall !== null
    )
      throw fail(
        `placements[${i}] is set up: it must be { tile, x, y, rotation, player: null, meeple: null, recall: null }, x and y within ${REACH}`,
      );
    take(p.tile, `placements[${i}]`);
    return { tile: p.tile, x: p.x, y: p.y, rotation: p.rotation as Rotation };
  });
  if (!Array.isArray(u.figures)) throw fail('setup.figures must be a list');
  const figures: BoardFigure[] = u.figures.map((f, i) => {
    if (
      !isRecord(f) ||
      !isInt(f.owner) ||
      f.owner < 0 ||
      !isFigureKind(f.kind) ||
      !isInt(f.x) ||
      !isInt(f.y) ||
      typeof f.at !== 'string' ||
      spotIndex(f.at) < 0
    )
      throw fail(`setup.figures[${i}] is not a figure { owner, kind: ${figureKinds().join(' | ')}, x, y, at }`);
    return { owner: f.owner, kind: f.kind as MeepleKind, x: f.x, y: f.y, at: f.at as Spot };
  });
  if (
    !Array.isArray(u.players) ||
    u.players.length !== players ||
    !u.players.every((p) => isPlayerRecord(p, false, rosterOfRuleset(rules.ruleset)))
  )
    throw fail('setup.players must list each player as set up: { score, figures in supply, tokens }');
  if (!isInt(u.currentPlayer) || u.currentPlayer < 0 || u.currentPlayer >= players) throw fail('setup.currentPlayer is not a player');
  if (u.extraTurn !== null && typeof u.extraTurn !== 'string') throw fail('setup.extraTurn must be null or what gave the extra tile');
  if (u.currentTile !== null && !(typeof u.currentTile === 'string' && Object.hasOwn(tables.typeOf, u.currentTile)))
    throw fail(`setup.currentTile must be null or a tile id, not ${show(u.currentTile)}`);
  const handSize = (rules.ruleset.handSize as number) | 0;
  if (
    u.hands !== null &&
    !(
      handSize > 0 &&
      Array.isArray(u.hands) &&
      u.hands.length === players &&
      u.hands.every(
        (h) =>
          Array.isArray(h) &&
          h.length <= handSize &&
          h.every((id) => (id === null && view) || (typeof id === 'string' && Object.hasOwn(tables.typeOf, id))),
      )
    )
  )
    throw fail("setup.hands must be null, or with hands of tiles each player's hand as set up");
  if (handSize > 0 && u.currentTile !== null) throw fail('setup.currentTile must be null with hands of tiles');
  if (!Array.isArray(u.removed)) throw fail('setup.removed must list the tiles out of the game');
  u.removed.forEach((id, i) => {
    take(id, `setup.removed[${i}]`);
  });
  for (let i = 1; i < u.removed.length; i++)
    if ((u.removed[i - 1] as string) > (u.removed[i] as string)) throw fail('setup.removed must be sorted by id');
  // As setupGame checks it: the tiles still to place when set up are the set's but the board's and
  // those out of the game.
  const toPlace = tables.set.counts.reduce((n, [, c]) => n + c, 0) - tiles.length - u.removed.length;
  const reach = Math.max(0, ...tiles.map((t) => Math.max(Math.abs(t.x), Math.abs(t.y))));
  if (reach + toPlace > REACH)
    throw fail(`setup: the board reaches ${reach} cells from (0, 0) with ${toPlace} tiles still to place: it reaches ${REACH} at most`);
  if (u.modules !== undefined && !isRecord(u.modules))
    throw fail("setup.modules must be the rule modules' parts of the position as set up");
  const start: StartPosition = {
    tiles,
    figures,
    modules: (u.modules ?? {}) as Record<string, unknown>,
    players: u.players as StartPosition['players'],
    currentPlayer: u.currentPlayer,
    extraTurn: u.extraTurn as ExtraTurn | null,
    currentTile: u.currentTile as string | null,
    hands: u.hands as string[][] | null,
  };
  const problems: string[] = [];
  const labels = { tile: (i: number) => `placements[${i}]`, figure: (i: number) => `setup.figures[${i}]` };
  const { kernel, figures: canonical } = startKernel(tables, rules, expansions, start, labels, (_, m) => problems.push(m));
  for (const m of problems) note(m.startsWith('setup.') ? m : `setup: ${m}`);
  if (problems.length === 0) {
    canonical.forEach((f, i) => {
      if (!sameJson(f, (u.figures as unknown[])[i])) note(`setup.figures[${i}] must name its feature's canonical spot: ${show(f)}`);
    });
    const first = placements[u.tiles];
    const placedFirst = isRecord(first) ? first.tile : s.currentTile;
    if (u.currentTile !== null && placedFirst !== u.currentTile)
      note(`setup.currentTile is ${u.currentTile}, but the first tile placed after the set-up is ${show(placedFirst)}`);
    if (u.currentTile !== null && !kernel.canPlaceAnywhere(tables.typeOf[u.currentTile] as number))
      note(`setup.currentTile ${u.currentTile} fits nowhere on the board set up`);
  }
  return { kernel, start };
}

/** The tiles in the bag when a game was set up, as a multiset: the set without what the set-up used. */
export function setUpBag(tables: TileTables, start: StartPosition, removed: readonly string[]): string[] {
  const counts = new Map<string, number>(tables.set.counts.map(([id, n]) => [id, n]));
  const used = [
    ...start.tiles.map((t) => t.tile),
    ...removed,
    ...(start.currentTile === null ? [] : [start.currentTile]),
    ...(start.hands ?? []).flat(),
  ];
  // (A state's set-up hands name every tile: only a view's may hide one.)
  for (const id of used) if (id !== null) counts.set(id, (counts.get(id) ?? 0) - 1);
  return [...counts].flatMap(([id, n]) => Array<string>(Math.max(0, n)).fill(id));
}
