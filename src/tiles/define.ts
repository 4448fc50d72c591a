import type { Edge, HalfEdge } from '../core/geometry.js';
import { EDGE_KINDS, EDGE_LETTERS } from '../core/vocabulary.js';
import type { CityDef, CloisterDef, EdgeKind, FeatureDef, FieldDef, RoadDef, TileDef } from './tile-types.js';

// Tiny builders that keep the tile tables readable. `edges` is a string of four letters for
// N, E, S, W: the letter of each edge kind (EDGE_LETTERS: C = city, R = road, F = field, and the
// rule modules' own, as in the CAR's notation).

export function tile(id: string, edges: string, features: FeatureDef[]): TileDef {
  const kinds = [...edges].map((c) => EDGE_KINDS[EDGE_LETTERS.indexOf(c)]);
  if (kinds.length !== 4 || kinds.some((k) => k === undefined)) throw new Error(`tile ${id}: bad edges ${edges}`);
  return { id, edges: kinds as [EdgeKind, EdgeKind, EdgeKind, EdgeKind], features };
}

export const road = (edges: string): RoadDef => ({ kind: 'road', edges: edges.split(' ') as Edge[] });
export const city = (edges: string, pennants = 0): CityDef => ({
  kind: 'city',
  edges: edges.split(' ') as Edge[],
  pennants,
});
export const cloister = (): CloisterDef => ({ kind: 'cloister' });
/** `cities` are indices of this tile's city features that the field borders. */
export const field = (halves: string, cities: number[] = []): FieldDef => ({
  kind: 'field',
  halfEdges: halves === '' ? [] : (halves.split(' ') as HalfEdge[]),
  cities,
});
