import { IllegalMoveError } from '../../core/errors.js';
import { SPOTS, type Spot } from '../../core/geometry.js';
import { isRecord } from '../../core/guards.js';
import { MOVE_INPUT } from '../../core/limits.js';
import { readPlain } from '../../core/plain.js';
import { tileFeatures } from '../../rules/catalogue.js';
import type { FeatureKind } from '../../tiles/tile-types.js';
import { legalTurns } from './list.js';
import { checked } from '../state/kernels.js';
import { features, tileAt } from '../state/queries.js';
import type { FeatureId, GameState, PlayerView, TileId, TilePlacement, TurnMove } from '../types.js';

// What a frontend asks about one cell: the moves of the placement the player chose, and what each
// spot of a placed tile belongs to.

/**
 * The legal whole turns of one placement (the tile at x, y turned `rotation`, then each action it
 * allows), in {@link legalTurns} order, each with the rotation asked for: a symmetric tile's equal
 * rotations give the same turns. Empty when the placement is not legal ({@link validateMove} tells
 * why) and at the action step. With hands of tiles, `tile` names the tile of the hand (default: the
 * hand's first).
 *
 * @example
 * ```ts
 * import { createGame, movesAt } from 'carcassonne-engine';
 *
 * // U (a straight road) west of the start tile, turned 180°: the same board as 0°.
 * const state = createGame({ players: 2, seed: 1, drawOrder: ['U'] });
 * for (const m of movesAt(state, { x: -1, y: 0, rotation: 180 })) console.log(m.rotation, m.meeple?.at ?? 'no figure');
 * // → 180 no figure
 * // → 180 E
 * // → 180 NNW
 * // → 180 ESE
 * ```
 */
export function movesAt(state: GameState | PlayerView, asked: TilePlacement & { readonly tile?: TileId }): TurnMove[] {
  const moves = legalTurns(state);
  const k = checked(state).kernel;
  const read = readPlain(asked, 'the placement', MOVE_INPUT);
  if (!read.ok || !isRecord(read.value)) {
    throw new IllegalMoveError('malformed-move', read.ok ? 'a placement is an object such as { x: 1, y: 0, rotation: 90 }' : read.message);
  }
  const placement = read.value as unknown as TilePlacement & { readonly tile?: TileId };
  const { x, y, rotation } = placement;
  const tile = placement.tile ?? moves[0]?.tile;
  const t = tile === undefined ? undefined : k.tables.typeOf[tile];
  if (t === undefined || !(rotation === 0 || rotation === 90 || rotation === 180 || rotation === 270)) return [];
  const same = k.tables.sameBoard;
  const board = same[t * 4 + rotation / 90];
  return moves
    .filter((m) => m.tile === tile && m.x === x && m.y === y && same[t * 4 + m.rotation / 90] === board)
    .map((m) => ({ ...m, rotation }));
}

/** A spot of a tile on the board, and the feature it belongs to (see {@link spotsAt}). */
export interface SpotOnBoard {
  readonly spot: Spot;
  readonly kind: FeatureKind;
  /** The board feature holding it, as {@link features} names it. */
  readonly feature: FeatureId;
}

/**
 * Every spot of the tile at (x, y) as it lies on the board, in `SPOTS` order, with the kind and
 * id of the board feature it belongs to (a frontend's hit areas for figures; several spots name
 * one field). Empty for an empty cell.
 *
 * @example
 * ```ts
 * import { createGame, spotsAt } from 'carcassonne-engine';
 *
 * // The start tile D: a city cap north, a road east–west, a field north of the road (below the
 * // city) and one south of it.
 * for (const s of spotsAt(createGame({ players: 2, seed: 1 }), 0, 0)) console.log(s.spot, s.kind, s.feature);
 * // → N city 0,0:N
 * // → E road 0,0:E
 * // → S field 0,0:ESE
 * // → W road 0,0:E
 * // → ENE field 0,0:ENE
 * // → ESE field 0,0:ESE
 * // → SSE field 0,0:ESE
 * // → SSW field 0,0:ESE
 * // → WSW field 0,0:ESE
 * // → WNW field 0,0:ENE
 * ```
 */
export function spotsAt(state: GameState | PlayerView, x: number, y: number): SpotOnBoard[] {
  const placed = tileAt(state, x, y);
  const view = placed === null ? null : tileFeatures(placed.tile, placed.rotation);
  if (view === null) return [];
  const owner = new Map<string, { id: FeatureId; kind: FeatureKind }>();
  for (const f of features(state)) for (const s of f.segments) if (s.x === x && s.y === y) owner.set(s.at, { id: f.id, kind: f.kind });
  const out: SpotOnBoard[] = [];
  for (const f of view.features) {
    const feature = owner.get(f.spot);
    if (feature === undefined) continue;
    for (const spot of f.spots) out.push({ spot, kind: feature.kind, feature: feature.id });
  }
  return out.sort((a, b) => SPOTS.indexOf(a.spot) - SPOTS.indexOf(b.spot));
}
