import { isCentreKind, K_CITY, K_ROAD } from './tables.js';

/**
 * Points of a feature completed during play, in the base game (rule modules change them through
 * their `value` hook, e.g. inns and cathedrals).
 * - Road: 1 a tile.
 * - City: 2 a tile and 2 a pennant; with the first-edition small-city rule (`smallCity` 2) a
 *   completed city of exactly two tiles scores 1 a tile and 1 a pennant.
 * - Cloister or garden: 9 (the tile and its 8 neighbours).
 * `extra` is the pennant count for cities (unused otherwise).
 */
export function completedValue(kind: number, tiles: number, extra: number, smallCity: 2 | 4): number {
  switch (kind) {
    case K_ROAD:
      return tiles;
    case K_CITY:
      return tiles === 2 && smallCity === 2 ? tiles + extra : 2 * tiles + 2 * extra;
    default:
      if (isCentreKind(kind)) return 9;
      throw new Error(`unknown feature kind ${kind} (fields are scored by the farmer rule)`);
  }
}

/**
 * Points of a feature still incomplete at the end, in the base game: road 1 a tile, city 1 a tile
 * and 1 a pennant, cloister or garden 1 plus 1 per neighbouring tile (`extra`). Fields are scored
 * by the farmer rule.
 */
export function finalValue(kind: number, tiles: number, extra: number): number {
  switch (kind) {
    case K_ROAD:
      return tiles;
    case K_CITY:
      return tiles + extra;
    default:
      if (isCentreKind(kind)) return 1 + extra;
      throw new Error(`unknown feature kind ${kind} (fields are scored by the farmer rule)`);
  }
}

/** The highest strength in `weights` (0 when nobody holds the feature). Every player at it scores in full. */
export function majority(weights: ArrayLike<number>): number {
  let best = 0;
  for (let i = 0; i < weights.length; i++) if ((weights[i] as number) > best) best = weights[i] as number;
  return best;
}
