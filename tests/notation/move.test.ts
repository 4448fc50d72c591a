import { describe, expect, it } from 'vitest';
import { createGame, legalTurns, type TurnMove } from 'carcassonne-engine';
import { makeMove, NotationError, parseMove } from 'carcassonne-engine/notation';

describe('move notation', () => {
  it('reads the tile, the position, the rotation (r0 when left out), a figure by kind or role, and recall', () => {
    expect(parseMove('U -1,0 r90 farmer NNW')).toEqual({ tile: 'U', x: -1, y: 0, rotation: 90, meeple: { at: 'NNW', kind: 'follower' } });
    expect(parseMove('IC-D 3,-2')).toEqual({ tile: 'IC-D', x: 3, y: -2, rotation: 0 });
    expect(parseMove('  V 2,1   r270 abbot C ')).toEqual({ tile: 'V', x: 2, y: 1, rotation: 270, meeple: { at: 'C', kind: 'abbot' } });
    expect(parseMove('V 2,1 recall abbot')).toEqual({ tile: 'V', x: 2, y: 1, rotation: 0, recall: 'abbot' });
    expect((parseMove('E 0,-0 large N') as TurnMove).meeple).toEqual({ at: 'N', kind: 'large' });
    expect(Object.is((parseMove('E 0,-0') as TurnMove).y, 0)).toBe(true);
  });

  it('lists every problem of a move with its column', () => {
    const e = (() => {
      try {
        parseMove('U 1;0 r45 wizard Q');
      } catch (error) {
        return error as NotationError;
      }
    })();
    expect(e).toBeInstanceOf(NotationError);
    expect(e?.code).toBe('invalid-notation');
    expect(e?.problems.map((p) => [p.column, p.move])).toEqual([
      [3, null],
      [7, null],
      [11, null],
    ]);
    expect(e?.message).toContain('line 1, column 3: "1;0" is not a position x,y');
    expect(() => parseMove('')).toThrow('a move names its tile first');
    expect(() => parseMove('U 0,1 knight')).toThrow('column 13: the spot of the knight is missing');
    expect(() => parseMove('U 0,1 knight N S')).toThrow('column 16: "S" after the move');
    expect(() => parseMove('U 0,1\nV 0,2')).toThrow('one line');
  });

  it('with the game, checks the tile to play and the role word against the feature at the spot', () => {
    const state = createGame({ players: 2, seed: 1, drawOrder: ['E'] });
    expect((parseMove('E 0,-1 r180 knight S', state) as TurnMove).meeple).toEqual({ at: 'S', kind: 'follower' });
    expect(() => parseMove('U 0,-1 r180', state)).toThrow('tile U is not the tile to play: the tile to place is E');
    expect(() => parseMove('E 0,-1 r180 thief S', state)).toThrow(
      'a thief stands on a road, but spot S of E turned 180 is a city: a knight',
    );
  });

  it('makeMove writes every legal move so that parseMove reads it back (start of a game with every expansion)', () => {
    for (const seed of [1, 2, 3]) {
      const state = createGame({ players: 3, seed, expansions: ['abbot', 'inns-cathedrals', 'traders-builders'] });
      for (const m of legalTurns(state)) expect(parseMove(makeMove(state, m), state)).toEqual(m);
    }
  });
});
