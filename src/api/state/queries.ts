import { FEATURE_KINDS } from '../../core/vocabulary.js';
import { spotIndex } from '../../core/geometry.js';
import { isCentreKind, K_CITY, K_FIELD, type Kernel } from '../../kernel/index.js';
import type { FeatureKind } from '../../tiles/tile-types.js';
import { checked } from './kernels.js';
import { featureIdOf } from '../play/events.js';
import type { BoardFeature, GameState, PlacedTile, PlayerView } from '../types.js';
import { readAttribute, rosterOf } from '../../rules/roster.js';

/** What the game's rule modules show of the feature rooted at r, of kind `kind` (RuleModule.facts). */
function factsOf(k: Kernel, r: number, kind: FeatureKind): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of rosterOf(k).modules) {
    const facts = m.facts?.(kind, (name) => attribute(k, r, name));
    if (facts !== null && facts !== undefined) Object.assign(out, facts);
  }
  return out;
}

/** An attribute of the feature rooted at r (0 when no module gives it). */
function attribute(k: Kernel, r: number, name: string): number {
  const at = rosterOf(k).places.get(name);
  return at === undefined ? 0 : readAttribute(at, [k.attrOf(r, 0), k.attrOf(r, 1)]);
}

/**
 * The tile at (x, y), or `null` when the cell is empty.
 *
 * @example
 * ```ts
 * import { applyMove, createGame, tileAt } from 'carcassonne-engine';
 *
 * const state = applyMove(createGame({ players: 2, seed: 1, drawOrder: ['U'] }), { x: 1, y: 0, rotation: 0 });
 * console.log(tileAt(state, 1, 0)?.tile, tileAt(state, 1, 0)?.player, tileAt(state, 5, 5)); // → U 0 null
 * ```
 */
export function tileAt(state: GameState | PlayerView, x: number, y: number): PlacedTile | null {
  const { state: s, kernel: k } = checked(state);
  const p = Number.isInteger(x) && Number.isInteger(y) ? k.tileAt(x, y) : -1;
  return p < 0 ? null : (s.placements[p] ?? null);
}

/**
 * Every feature on the board (roads, cities, cloisters, fields, and with the expansions gardens and
 * rivers) with its tiles, segments, figures and whether it is complete, ordered by age (the feature
 * holding the oldest segment first). A river is complete once the lake closes it.
 *
 * @example
 * ```ts
 * import { createGame, features } from 'carcassonne-engine';
 *
 * // The start tile D: a city cap, a road across, a field above the road and one below.
 * for (const f of features(createGame({ players: 2, seed: 1 }))) console.log(f.id, f.kind, f.open, f.complete);
 * // → 0,0:N city 1 false
 * // → 0,0:E road 2 false
 * // → 0,0:ENE field 0 false
 * // → 0,0:ESE field 0 false
 * ```
 */
export function features(input: GameState | PlayerView): BoardFeature[] {
  const { state, kernel: k } = checked(input);
  const roots: number[] = [];
  const seen = new Set<number>();
  for (let s = 0; s < k.nSeg; s++) {
    const r = k.find(s);
    if (!seen.has(r)) {
      seen.add(r);
      roots.push(r);
    }
  }
  const rootOfMeeple = state.meeples.map((m) => {
    const p = k.tileAt(m.x, m.y);
    return k.find(k.segmentOf(p, k.spotFeature(k.pType[p] as number, k.pRot[p] as number, spotIndex(m.at))));
  });
  return roots.map((r): BoardFeature => {
    const kind = k.kindOf(r);
    const centre = isCentreKind(kind);
    const open = centre ? 8 - k.neighbours(k.segmentTile(r)) : kind === K_FIELD ? 0 : k.openOf(r);
    return {
      id: featureIdOf(k.ref(r)),
      kind: FEATURE_KINDS[kind] as FeatureKind,
      tiles: k.tilePositions(r),
      segments: k.members(r).map((s) => k.spotOf(s)),
      complete: kind !== K_FIELD && open === 0,
      open,
      pennants: kind === K_CITY ? k.pennantsOf(r) : 0,
      ...factsOf(k, r, FEATURE_KINDS[kind] as FeatureKind),
      meeples: state.meeples.filter((_, i) => rootOfMeeple[i] === r),
      cities: kind === K_FIELD ? k.borderingCities(r).map((c) => featureIdOf(k.ref(c))) : [],
    };
  });
}
