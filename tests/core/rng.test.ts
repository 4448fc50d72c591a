import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/core/rng.js';

/** mulberry32 as it is usually written (Tommy Ettinger's generator), its state a closure's number. */
function reference(seed: number, unit = 1): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / unit;
  };
}

describe('mulberry32', () => {
  // The library keeps the state as an int32 in a typed array (no heap number a call): the bits,
  // and so every number drawn, must be the usual generator's.
  it('draws the same numbers as the usual way of writing it, for any seed and unit', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer(), fc.double()),
        fc.constantFrom(1, 4294967296),
        (seed, unit) => {
          const a = mulberry32(seed, unit);
          const b = reference(seed, unit);
          for (let i = 0; i < 300; i++) expect(a()).toBe(b());
        },
      ),
    );
  });

  it('gives 32-bit integers with unit 1 and numbers in [0, 1) with unit 2^32', () => {
    const ints = mulberry32(42);
    const unit = mulberry32(42, 4294967296);
    for (let i = 0; i < 1000; i++) {
      const n = ints();
      const u = unit();
      expect(Number.isInteger(n) && n >= 0 && n < 2 ** 32).toBe(true);
      expect(u).toBe(n / 2 ** 32);
      expect(u >= 0 && u < 1).toBe(true);
    }
  });
});
