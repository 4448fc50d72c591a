import { describe, expect, it } from 'vitest';
import { movesOfTile, tileMove } from '../../src/api/play/list.js';
import { checked } from '../../src/api/state/kernels.js';
import { tileCode } from '../../src/core/move-code.js';
import { createGame } from '../../src/index.js';

// legalMoves shares its frozen tile moves between listings, interned by code in a table per tile
// (src/api/play/list.ts): it grows from 64 slots, stays at most half full, and starts again empty
// past 4,096 moves.

describe('the interned tile moves', () => {
  it('give each code its move, the same object while kept, through growth and the bound', () => {
    const { kernel } = checked(createGame({ players: 2, seed: 1 }));
    const table = movesOfTile('a tile of this test');
    const codes: number[] = [];
    for (let x = -40; x < 40; x++) for (let y = -20; y < 20; y++) for (let q = 0; q < 2; q++) codes.push(tileCode(x, y, q));
    expect(codes.length).toBe(6400);
    // The i-th code's place (x outermost, then y, then the rotation).
    const at = (i: number) => ({ type: 'tile', x: Math.floor(i / 80) - 40, y: (Math.floor(i / 2) % 40) - 20, rotation: (i % 2) * 90 });
    const first = codes.slice(0, 4096).map((c) => tileMove(kernel, table, c));
    codes.slice(0, 4096).forEach((c, i) => {
      expect(tileMove(kernel, table, c)).toBe(first[i]);
    });
    expect([table.size, table.codes.length]).toEqual([4096, 8192]);
    first.forEach((move, i) => {
      expect(move).toMatchObject(at(i));
    });
    // Past the bound the table starts again: the moves are made anew, equal and frozen.
    const more = codes.slice(4096).map((c) => tileMove(kernel, table, c));
    expect(table.size).toBe(6400 - 4096);
    more.forEach((move, i) => {
      expect(move).toMatchObject(at(4096 + i));
    });
    const again = tileMove(kernel, table, codes[0] as number);
    expect(again).not.toBe(first[0]);
    expect(again).toEqual(first[0]);
    expect(Object.isFrozen(again)).toBe(true);
  });
});
