import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/index.js';
import { Engine } from '../../src/engine/engine.js';
import { kernelOf } from '../../src/engine/playout.js';
import type { Kernel } from '../../src/kernel/index.js';

// The kernel's narrow type (src/kernel/index.ts) lets the layers above read its state but change it
// only through its methods. `npm run typecheck` compiles this file: each write below, marked as an
// expected error, must be refused by the type, or the check fails.

function writes(k: Kernel): void {
  // @ts-expect-error a scalar of the position is read-only
  k.current = 1;
  // @ts-expect-error an array of the position is read-only
  k.pType[0] = 1;
  // @ts-expect-error nor may an array be filled
  k.score.fill(0);
  // @ts-expect-error a copy is a kernel of the narrow type too
  k.clone().turn = 2;
}

describe('the kernel as other layers see it', () => {
  it('reads the state, and changes it through methods', () => {
    const k = kernelOf(Engine.fromState(createGame({ players: 2, seed: 1 })));
    expect(k.current).toBe(0);
    expect(k.nPlaced).toBe(1);
    k.setPlayer(1);
    expect(k.current).toBe(1);
    expect(typeof writes).toBe('function');
  });
});
