import { shuffleInPlace } from '../core/rng.js';
import type { TileSetDef } from '../tiles/tile-types.js';

/**
 * The tiles to draw, in order: `drawOrder` first, then the set's piles (The River's course
 * shuffled, then its lake), a `firstLand` tile, then the land tiles shuffled by `next` (uniform
 * 32-bit integers). The start tile's copy is not dealt, unless the set says it is drawn
 * (`startDrawn`): then it is shuffled with its pile or the land tiles, or, with `startFirst` (a
 * river's spring), drawn first of all.
 */
export function dealTiles(set: TileSetDef, drawOrder: readonly string[], next: () => number): string[] {
  const first: string[] = [];
  const piles = (set.piles ?? []).map(() => [] as string[]);
  const land: string[] = [];
  for (const [id, n] of set.counts) {
    const at = (set.piles ?? []).findIndex((p) => p.ids.includes(id));
    const pile = at < 0 ? land : (piles[at] as string[]);
    let copies = n;
    if (id === set.startTile) {
      copies--;
      if (set.startDrawn === true) (set.startFirst === true ? first : pile).push(id);
    }
    for (let i = 0; i < copies; i++) pile.push(id);
  }
  for (const id of drawOrder) {
    const pile = [...piles, land].find((p) => p.includes(id));
    pile?.splice(pile.indexOf(id), 1);
  }
  const firstLand = set.firstLand !== undefined && land.includes(set.firstLand) ? [set.firstLand] : [];
  if (firstLand.length > 0) land.splice(land.indexOf(firstLand[0] as string), 1);
  const drawn = piles.flatMap((p, i) => (set.piles?.[i]?.shuffled === true ? shuffleInPlace(p, next) : p));
  return [...first, ...drawOrder, ...drawn, ...firstLand, ...shuffleInPlace(land, next)];
}
