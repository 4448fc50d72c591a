import { shuffleInPlace } from '../core/rng.js';
import { tileDef } from './catalogue.js';
import type { TileSetDef } from './types.js';

/**
 * The tiles to draw, in order: `drawOrder` first, then the rest of the set shuffled by `next` (uniform 32-bit integers).
 * With The River: the river tiles (shuffled), the lake, a `'first-land'` start tile, then the
 * land tiles (shuffled). The start tile's copy is not dealt.
 */
export function dealTiles(set: TileSetDef, drawOrder: readonly string[], next: () => number): string[] {
  const course: string[] = [];
  const lake: string[] = [];
  const land: string[] = [];
  for (const [id, n] of set.counts) {
    const river = tileDef(id)?.features.find((f) => f.kind === 'river');
    const pile = river?.kind !== 'river' ? land : river.edges.length === 1 ? lake : course;
    for (let i = id === set.startTile ? 1 : 0; i < n; i++) pile.push(id);
  }
  for (const id of drawOrder) {
    const pile = [course, lake, land].find((p) => p.includes(id));
    pile?.splice(pile.indexOf(id), 1);
  }
  const first = set.firstLand !== undefined && land.includes(set.firstLand) ? [set.firstLand] : [];
  if (first.length > 0) land.splice(land.indexOf(first[0] as string), 1);
  return [...drawOrder, ...shuffleInPlace(course, next), ...lake, ...first, ...shuffleInPlace(land, next)];
}
