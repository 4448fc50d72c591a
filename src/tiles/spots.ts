import { EDGES, type Edge, HALF_EDGES, type HalfEdge, type Rotation, SPOTS, type Spot } from '../core/geometry.js';
import { CENTRE_SPOTS, type CentreSpot, FEATURE_KINDS } from '../core/vocabulary.js';
import type { EdgeKind, FeatureDef, TileDef } from './tile-types.js';

/** Rotates an edge by a number of quarter turns clockwise. */
export function rotateEdge(e: Edge, quarters: number): Edge {
  return EDGES[(EDGES.indexOf(e) + quarters) & 3] as Edge;
}

/** Rotates a half-edge by a number of quarter turns clockwise. */
export function rotateHalf(h: HalfEdge, quarters: number): HalfEdge {
  return HALF_EDGES[(HALF_EDGES.indexOf(h) + 2 * quarters) & 7] as HalfEdge;
}

/** The spots that name a feature, in canonical order, as the tile lies rotated. */
export function featureSpots(tile: TileDef, featureIndex: number, quarters: number): Spot[] {
  const f = tile.features[featureIndex];
  if (f === undefined) return [];
  const out: Spot[] = [];
  for (const s of SPOTS) {
    if (spotFeature(tile, s, quarters) === featureIndex) out.push(s);
  }
  return out;
}

/**
 * The canonical spot of a feature (the one legal moves and the state use): a feature along edges
 * its first edge in N, E, S, W order; a feature in the middle its kind's spot (a cloister `C`); a
 * field its first half-edge in NNW … WNW order, or `I` when it touches no edge. Never an edge letter for a field, although an edge letter
 * names a field that owns both halves of a field edge.
 */
export function canonicalSpot(tile: TileDef, featureIndex: number, quarters: number): Spot {
  const spots = featureSpots(tile, featureIndex, quarters);
  const f = tile.features[featureIndex];
  const pick = f?.kind === 'field' ? spots.find((s) => s.length === 3 || s === 'I') : spots[0];
  if (pick === undefined) throw new Error(`tile ${tile.id}: feature ${featureIndex} has no spot`);
  return pick;
}

/**
 * The index of the feature that a spot names on a tile rotated by `quarters`, or -1.
 * An edge spot names the feature along that edge (a road, city, river…); on a field edge, the field that owns both
 * halves of it (the reference's 12-position convention).
 */
export function spotFeature(tile: TileDef, spot: Spot, quarters: number): number {
  const fs = tile.features;
  const centre = CENTRE_SPOTS.indexOf(spot as CentreSpot);
  if (centre >= 0) return fs.findIndex((f) => f.kind === FEATURE_KINDS[centre]);
  if (spot === 'I') return fs.findIndex((f) => f.kind === 'field' && f.halfEdges.length === 0);
  const ei = EDGES.indexOf(spot as Edge);
  if (ei >= 0) {
    const e = EDGES[(ei - quarters + 4) & 3] as Edge;
    const edgeFeature = fs.findIndex((f) => 'edges' in f && f.edges.includes(e));
    if (edgeFeature >= 0) return edgeFeature;
    const h0 = HALF_EDGES[2 * EDGES.indexOf(e)] as HalfEdge;
    const h1 = HALF_EDGES[2 * EDGES.indexOf(e) + 1] as HalfEdge;
    return fs.findIndex((f) => f.kind === 'field' && f.halfEdges.includes(h0) && f.halfEdges.includes(h1));
  }
  const hi = HALF_EDGES.indexOf(spot as HalfEdge);
  if (hi < 0) return -1;
  const h = HALF_EDGES[(hi - 2 * quarters + 8) & 7] as HalfEdge;
  return fs.findIndex((f) => f.kind === 'field' && f.halfEdges.includes(h));
}

/** A feature of a {@link TileView}: its definition as the tile lies, plus the spots that name it. */
export type FeatureView = FeatureDef & {
  /** Index of the feature in the tile's definition (stable under rotation). */
  readonly index: number;
  /** Every spot that names this feature, in canonical order. */
  readonly spots: readonly Spot[];
  /**
   * The canonical spot, the one legal moves and the state use: a feature along edges its first edge
   * in N, E, S, W order; a feature in the middle its kind's spot (a cloister `C`); a field its first
   * half-edge in NNW … WNW order, or `I`.
   */
  readonly spot: Spot;
};

/** A tile type as it lies on the board in a given rotation. */
export interface TileView {
  readonly id: string;
  readonly name: string;
  readonly rotation: Rotation;
  readonly edges: Readonly<Record<Edge, EdgeKind>>;
  readonly features: readonly FeatureView[];
  /** What is printed on the tile besides its features (see TileDef.marks), when anything is. */
  readonly marks?: readonly string[];
}

/** Rotates a feature definition by `quarters` quarter turns clockwise. */
function rotateFeature(f: FeatureDef, q: number): FeatureDef {
  // By shape: a feature along edges, a field along half-edges, or one in the middle (turning keeps it).
  if ('edges' in f) return { ...f, edges: f.edges.map((e) => rotateEdge(e, q)) };
  if ('halfEdges' in f) return { ...f, halfEdges: f.halfEdges.map((h) => rotateHalf(h, q)) };
  return f;
}

/** A tile type's definition rotated as it would lie on the board (see `tileDefinition`), with its name. */
export function viewTile(t: TileDef, rotation: Rotation, name: string): TileView {
  const q = rotation / 90;
  const edges = {} as Record<Edge, EdgeKind>;
  EDGES.forEach((e, i) => {
    edges[rotateEdge(e, q)] = t.edges[i] as EdgeKind;
  });
  const features = t.features.map((f, index): FeatureView => {
    const spots = featureSpots(t, index, q);
    return { ...rotateFeature(f, q), index, spots, spot: canonicalSpot(t, index, q) };
  });
  return t.marks === undefined
    ? { id: t.id, name, rotation, edges, features }
    : { id: t.id, name, rotation, edges, features, marks: t.marks };
}
