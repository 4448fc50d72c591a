import { hashSeed, mulberry32 } from '../core/rng.js';
import { show } from '../core/guards.js';
import { LIMITS } from '../core/limits.js';
import { dealHiddenHands, type Kernel, shuffleUndrawn } from '../kernel/index.js';
import { badArgument } from './checks.js';

/** A source of uniform random numbers in [0, 1), such as `Math.random` or {@link seededRandom}. */
export type Random = () => number;

/**
 * A seeded {@link Random} (mulberry32): the same seed gives the same numbers.
 *
 * @example
 * ```ts
 * import { seededRandom } from 'carcassonne-engine/engine';
 *
 * const a = seededRandom('seed');
 * const b = seededRandom('seed');
 * console.log(a() === b(), a() >= 0 && a() < 1); // → true true
 * ```
 */
export function seededRandom(seed: number | string): Random {
  if (!((typeof seed === 'number' && Number.isFinite(seed)) || (typeof seed === 'string' && seed.length <= LIMITS.seedLength))) {
    throw badArgument(`a seed is a finite number or a string of at most ${LIMITS.seedLength} characters, not ${show(seed)}`);
  }
  return mulberry32(hashSeed(seed), 4294967296);
}

/**
 * Deals what kernel k's players cannot see anew from `asked` (Engine.shuffleTilesLeft): the tiles
 * left, with `hidden` the hands hidden from the players too, and the rule modules' later deals.
 */
export function dealUnseen(k: Kernel, asked: Random, hidden: boolean): void {
  if (typeof asked !== 'function') throw badArgument(`a random function such as seededRandom(1) is needed, not ${show(asked)}`);
  // A number outside [0, 1) is refused before it is used: the bag stays a shuffle of its tiles.
  const random = () => {
    const r = asked();
    if (!(typeof r === 'number' && r >= 0 && r < 1)) throw badArgument(`random() must return a number from 0 up to 1, not ${show(r)}`);
    return r;
  };
  if (hidden) dealHiddenHands(k, random);
  else shuffleUndrawn(k, random);
  for (const hook of k.rules.ruleset.reseed) hook(k, () => Math.floor(random() * 4294967296) >>> 0);
}
