import { applyMove, createGame, type GameState, legalMoves, legalTurns, validateMove } from 'carcassonne-engine';
import { describe, expect, it } from 'vitest';

// applyMove plays a move that legalMoves or legalTurns just listed for the same state without
// reading and checking it again (it knows its codes). These tests hold that path to the checked one.
const ALL = { players: 3, seed: 'listed', expansions: ['river', 'abbot', 'inns-cathedrals', 'traders-builders'] } as const;

/** A copy of a move that the library did not list: the checked path. */
const copy = <T>(m: T): T => JSON.parse(JSON.stringify(m)) as T;

describe('moves as listed are played as checked moves are', () => {
  it('every listed move and its copy give the same state, step by step and turn by turn, through a whole game', () => {
    let steps: GameState = createGame(ALL);
    let turns: GameState = createGame(ALL);
    let i = 0;
    while (steps.status === 'playing') {
      const moves = legalMoves(steps);
      const m = moves[(i * 7919) % moves.length]!;
      const fresh = applyMove(steps, copy(m));
      steps = applyMove(steps, m);
      expect(steps).toEqual(fresh);
      if (turns.status === 'playing') {
        const listed = legalTurns(turns);
        const t = listed[(i * 104729) % listed.length]!;
        const checked = applyMove(turns, copy(t));
        turns = applyMove(turns, t);
        expect(turns).toEqual(checked);
      }
      i++;
    }
  });

  it('listed moves are frozen, so that a move changed after listing cannot be played as listed', () => {
    const s = createGame({ players: 2, seed: 1, drawOrder: ['E'] });
    const moves = legalMoves(s);
    expect(moves.every((m) => Object.isFrozen(m))).toBe(true);
    expect(() => {
      (moves[0] as { x: number }).x = 5;
    }).toThrow(TypeError);
    const turns = legalTurns(s);
    expect(turns.every((t) => Object.isFrozen(t) && (t.meeple === undefined || Object.isFrozen(t.meeple)))).toBe(true);
  });

  it('a move listed for one state is checked when played on another, and refused there when illegal', () => {
    const a = createGame({ players: 2, seed: 1, drawOrder: ['E'] });
    const b = createGame({ players: 2, seed: 1, drawOrder: ['X'] });
    const e = legalMoves(a).find((m) => m.type === 'tile' && m.y === -1)!;
    legalMoves(b);
    expect(validateMove(b, e)?.code).toBe('wrong-tile');
    expect(() => applyMove(b, e)).toThrow(expect.objectContaining({ code: 'wrong-tile' }));
  });

  it('the caller changing the listed array does not change what its moves play', () => {
    const s = createGame({ players: 2, seed: 1, drawOrder: ['X'] });
    const moves = legalMoves(s);
    const first = moves[0]!;
    moves.reverse();
    const played = applyMove(s, first);
    expect(played.placements.at(-1)).toMatchObject({ x: first.type === 'tile' ? first.x : NaN, y: 0 });
    expect(played).toEqual(applyMove(s, copy(first)));
  });

  it('the same move listed at two states is one frozen object, and plays what each state lists', () => {
    // Listed moves are shared between listings: a straight road D fits at the same places in two games.
    const a = createGame({ players: 2, seed: 1, drawOrder: ['D'] });
    const b = createGame({ players: 2, seed: 2, drawOrder: ['D'] });
    const fromA = legalMoves(a);
    const fromB = legalMoves(b);
    expect(fromA.length).toBeGreaterThan(0);
    for (const [i, m] of fromA.entries()) expect(fromB[i]).toBe(m);
    // With a hand (a tile held twice is listed once, at its first slot).
    const hand = { players: 2, seed: 1, rules: { hand: { size: 3, visible: true } } } as const;
    const h = createGame({ ...hand, drawOrder: ['D', 'E', 'D', 'X', 'U', 'V'] });
    expect(h.hands?.[0]).toEqual(['D', 'E', 'D']);
    const d = legalMoves(h).filter((m) => m.type === 'tile' && m.tile === 'D');
    expect(new Set(d.map((m) => JSON.stringify(m))).size).toBe(d.length);
    const played = applyMove(h, d[d.length - 1]!);
    expect(played.hands?.[0]).toEqual(['E', 'D']);
    expect(played).toEqual(applyMove(h, copy(d[d.length - 1]!)));
  });
});
