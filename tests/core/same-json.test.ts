import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameJson } from '../../src/core/same-json';

const text = (v: unknown) => JSON.stringify(v);

describe('sameJson', () => {
  it('is JSON.stringify(a) === JSON.stringify(b), for any two values of plain data (property)', () => {
    const value = fc.anything({ maxDepth: 4, withNullPrototype: true });
    // Pairs that are often equal: a value and a copy with a part changed, dropped or reordered.
    const pair = fc.oneof(
      fc.tuple(value, value),
      value.map((v) => [v, structuredClone(v)] as const),
      fc
        .tuple(value, fc.func(fc.anything()))
        .map(([v, f]) => [v, { ...(typeof v === 'object' && v !== null ? v : { v }), extra: f }] as const),
      fc.tuple(value, fc.constantFrom(undefined, null, Number.NaN, -0, Number.POSITIVE_INFINITY)).map(
        ([v, u]) =>
          [
            [v, u],
            [v, null],
          ] as const,
      ),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(sameJson(a, b)).toBe(text(a) === text(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts key order and leaves out what JSON leaves out (worked cases)', () => {
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1, f: () => 0 }, { a: 1 })).toBe(true);
    expect(sameJson([undefined, Number.NaN], [null, null])).toBe(true);
    expect(sameJson(-0, 0)).toBe(true);
    expect(sameJson(undefined, undefined)).toBe(true);
    expect(sameJson(undefined, null)).toBe(false);
    expect(sameJson([1, [2, { x: 3 }]], [1, [2, { x: 4 }]])).toBe(false);
    expect(sameJson({ tiles: [{ x: 0, y: 1 }] }, Object.assign(Object.create(null), { tiles: [{ x: 0, y: 1 }] }))).toBe(true);
  });
});
