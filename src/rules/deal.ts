import { shuffleInPlace } from '../core/rng.js';
import type { TileSetDef } from '../tiles/types.js';
import { tileDef } from './catalogue.js';

/**
 * The tiles to draw, in order: `drawOrder` first, then the rest of the set shuffled by `next` (uniform 32-bit integers).
 * With The River: the river tiles (shuffled), the lake, a `'first-land'` start tile, then the
 * land tiles (shuffled). The start tile's copy is not dealt, unless the set says it is drawn
 * (`startDrawn`): then it is shuffled with the land tiles, or, a river's spring, drawn first of all.
 */
export function dealTiles(set: TileSetDef, drawOrder: readonly string[], next: () => number): string[] {
  const spring: string[] = [];
  const course: string[] = [];
  const lake: string[] = [];
  const land: string[] = [];
  for (const [id, n] of set.counts) {
    const river = tileDef(id)?.features.find((f) => f.kind === 'river');
    let pile = river?.kind !== 'river' ? land : river.edges.length === 1 ? lake : course;
    if (id === set.startTile && river !== undefined) pile = spring;
    for (let i = id === set.startTile && set.startDrawn !== true ? 1 : 0; i < n; i++) pile.push(id);
  }
  for (const id of drawOrder) {
    const pile = [course, lake, land].find((p) => p.includes(id));
    pile?.splice(pile.indexOf(id), 1);
  }
  const first = set.firstLand !== undefined && land.includes(set.firstLand) ? [set.firstLand] : [];
  if (first.length > 0) land.splice(land.indexOf(first[0] as string), 1);
  // A river starts at its spring: drawn (startDrawn), it comes before anything else.
  return [...spring, ...drawOrder, ...shuffleInPlace(course, next), ...lake, ...first, ...shuffleInPlace(land, next)];
}
