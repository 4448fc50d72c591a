import { describe, expect, it } from 'vitest';
import { MOVE_ROTATION_SHIFT, ROTATION_CODES, ROTATION_COUNT } from '../../src/core/move-code';
import { freezeBuilt } from '../../src/core/freeze';

describe('move generation tables', () => {
  it('ROTATION_CODES lists each mask’s rotations in increasing order, ROTATION_COUNT how many', () => {
    for (let mask = 0; mask < 16; mask++) {
      const rotations = [0, 1, 2, 3].filter((q) => (mask & (1 << q)) !== 0);
      expect(ROTATION_COUNT[mask]).toBe(rotations.length);
      const listed = ROTATION_CODES.slice(4 * mask, 4 * mask + rotations.length);
      expect(listed).toEqual(rotations.map((q) => q << MOVE_ROTATION_SHIFT));
      // Past the last rotation: 0, so a code written there is a harmless placement code.
      expect(ROTATION_CODES.slice(4 * mask + rotations.length, 4 * mask + 4).every((c) => c === 0)).toBe(true);
    }
  });
});

describe('freezeBuilt', () => {
  it('deep-freezes fresh data and leaves a frozen part as it is (a part shared with an earlier state)', () => {
    const shared = Object.freeze({ tiles: [{ x: 0, y: 0 }] });
    const fresh = { a: [{ b: 1 }, 'c'], shared, n: null };
    expect(freezeBuilt(fresh)).toBe(fresh);
    expect(Object.isFrozen(fresh)).toBe(true);
    expect(Object.isFrozen(fresh.a)).toBe(true);
    expect(Object.isFrozen(fresh.a[0])).toBe(true);
    // Frozen before, so not walked: what a frozen part holds is its own business.
    expect(Object.isFrozen(shared.tiles)).toBe(false);
    expect(freezeBuilt(3)).toBe(3);
  });
});
