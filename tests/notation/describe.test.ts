import { describe, expect, it } from 'vitest';
import { applyMove, createGame, IllegalMoveError, legalMoves, type Move } from 'carcassonne-engine';
import { describeMove } from 'carcassonne-engine/notation';

// describeMove: a move as a person reads it (buttons, logs), the base game's in its own words and a
// rule module's in its module's.

describe('describeMove', () => {
  it("the base game's steps and turns: tiles with their cell and turn, followers by their role, figures by their word", () => {
    const s = createGame({ players: 2, seed: 1, drawOrder: ['E', 'U'], expansions: ['abbot', 'inns-cathedrals'] });
    expect(describeMove(s, { type: 'tile', x: 0, y: -1, rotation: 180 })).toBe('E on (0, -1) turned 180°');
    expect(describeMove(s, { x: 0, y: -1, rotation: 180, meeple: { at: 'S' } })).toBe('E on (0, -1) turned 180°, a knight on S');
    expect(describeMove(s, { x: 0, y: -1, rotation: 180, meeple: { at: 'N', kind: 'follower' } })).toBe(
      'E on (0, -1) turned 180°, a farmer on N',
    );
    expect(describeMove(s, { x: 0, y: -1, rotation: 180, meeple: { at: 'S', kind: 'large' } })).toBe(
      'E on (0, -1) turned 180°, a large meeple on S',
    );
    const placed = applyMove(s, { type: 'tile', x: 0, y: -1, rotation: 180 });
    expect(legalMoves(placed).map((m) => describeMove(placed, m))).toEqual([
      'no figure',
      'a knight on S',
      'a large meeple on S',
      'a farmer on NNW',
      'a large meeple on NNW',
    ]);
    expect(describeMove(placed, { type: 'recall', kind: 'abbot' })).toBe('take the abbot back');
  });

  it("The Tower's moves in its words: a floor, closing a tower, a capture, capturing nobody, a ransom, an exchange", () => {
    const s = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['TO-F', 'TO-L', 'B', 'B', 'B'], expansions: ['tower'] });
    const floor = { type: 'tower', x: 0, y: 1, kind: 'floor' } as const;
    expect(describeMove(s, { x: 0, y: 1, rotation: 0, action: floor })).toBe('TO-F on (0, 1), a tower floor on (0, 1)');
    expect(describeMove(s, { type: 'tower', x: 0, y: 1, kind: 'large' })).toBe('close the tower at (0, 1) with a large meeple');
    let t = applyMove(s, { x: 0, y: 1, rotation: 0, action: floor });
    t = applyMove(t, { x: 1, y: 1, rotation: 0, meeple: { at: 'C' } });
    t = applyMove(t, { x: 0, y: 2, rotation: 0, action: floor });
    expect(t.step).toBe('capture');
    expect(legalMoves(t).map((m) => describeMove(t, m as Move))).toEqual(['capture nobody', 'capture the follower at (1, 1) C']);
    expect(describeMove(t, { type: 'capture', x: 0, y: 1, at: null })).toBe('capture the follower on the tower at (0, 1)');
    expect(describeMove(t, { type: 'ransom', jailer: 0, kind: 'follower' })).toBe('pay 3 points to player 0 for your follower');
    expect(describeMove(t, { type: 'exchange', kind: 'follower' })).toBe('take your follower back in the exchange');
  });

  it("with hands of tiles, a tile move that names no tile places the hand's first, as the pure API does", () => {
    const s = createGame({ players: 2, seed: 1, drawOrder: ['E', 'U', 'V', 'X'], rules: { hand: { size: 2, visible: true } } });
    const first = s.hands?.[s.currentPlayer]?.[0];
    expect(describeMove(s, { type: 'tile', x: 0, y: -1, rotation: 180 })).toBe(`${first} on (0, -1) turned 180°`);
  });

  it('a move that is not well formed is refused with a code', () => {
    const s = createGame({ players: 2, seed: 1 });
    expect(() => describeMove(s, { type: 'tile', x: 0.5, y: 0, rotation: 0 } as never)).toThrow(IllegalMoveError);
  });
});
