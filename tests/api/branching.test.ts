import {
  applyMove,
  createGame,
  type FarmerRule,
  farmerRules,
  type GameState,
  legalMoves,
  legalTurns,
  loadState,
  scoreFinal,
  validateMove,
} from 'carcassonne-engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameOptions, lcg, playSeeded } from '../support/play.js';

// applyMove hands a state's kernel on to the next state; a state used again gets its kernel back
// (rebuilt). These tests use old states after moving on and compare with fresh computations.
describe('states stay usable after the game moved on from them', () => {
  it('branching from an old state gives the same states as from a fresh copy of it', () => {
    const { states } = playSeeded({ players: 3, seed: 'branch' }, 11);
    for (const i of [0, 5, 20, states.length - 2]) {
      const old = states[i];
      if (old === undefined || old.status === 'finished') continue;
      const fresh = loadState(JSON.parse(JSON.stringify(old)));
      const moves = legalTurns(old);
      expect(moves).toEqual(legalTurns(fresh));
      for (const m of [moves[0], moves[moves.length - 1]]) {
        if (m === undefined) continue;
        expect(validateMove(old, m)).toBeNull();
        expect(applyMove(old, m)).toEqual(applyMove(fresh, m));
      }
      expect(scoreFinal(old)).toEqual(scoreFinal(fresh));
    }
  });

  it('a custom farmer rule survives: an old state of a game created with one still scores with it', () => {
    const double: FarmerRule = (input) => {
      const r = farmerRules['farm-3'](input);
      return {
        points: r.points.map((p) => 2 * p),
        breakdown: r.breakdown.map((b) => ({ ...b, points: 2 * b.points, awarded: b.awarded.map((a) => 2 * a) })),
      };
    };
    let s = createGame({ players: 2, seed: 3, rules: { farmers: double } });
    const history = [s];
    while (s.status === 'playing') {
      const moves = legalTurns(s);
      s = applyMove(s, moves.find((m) => m.meeple?.at === 'I' || m.meeple?.at?.length === 3) ?? (moves[0] as (typeof moves)[0]));
      history.push(s);
    }
    const mid = history[40];
    if (mid === undefined) throw new Error('game too short');
    // mid's kernel was handed on long ago: it is rebuilt with the custom rule, no hooks needed.
    const withRule = scoreFinal(mid);
    const plain = scoreFinal(mid, { farmers: farmerRules['farm-3'] });
    const fields = (f: typeof withRule) =>
      f.breakdown.filter((b) => b.phase === 'final' && b.kind === 'field').reduce((a, b) => a + b.points, 0);
    expect(fields(plain)).toBeGreaterThan(0);
    expect(fields(withRule)).toBe(2 * fields(plain));
  });
});

describe('old states made again from their own record', () => {
  /** Plays `n` steps (or to the end) from `s`, each a legal step picked by `r`: states at every step kind. */
  const steps = (s: GameState, n: number, r: () => number): GameState[] => {
    const out = [s];
    for (let i = 0; i < n && s.status === 'playing'; i++) {
      const moves = legalMoves(s);
      s = applyMove(s, moves[r() % moves.length] as never);
      out.push(s);
    }
    return out;
  };
  /** `old` (its kernel handed on long ago) answers as a fresh copy of it loaded from JSON does. */
  const sameAsFresh = (old: GameState) => {
    const fresh = loadState(JSON.parse(JSON.stringify(old)));
    expect(legalMoves(old)).toEqual(legalMoves(fresh));
    expect(scoreFinal(old)).toEqual(scoreFinal(fresh));
    const m = legalMoves(old).at(-1);
    if (m !== undefined) expect(applyMove(old, m)).toEqual(applyMove(fresh, m));
  };

  it('at any step of random games, with every expansion, The Tower and the house rules (fast-check)', () => {
    fc.assert(
      fc.property(gameOptions, fc.boolean(), fc.nat(), (options, tower, seed) => {
        const r = lcg(seed);
        const game = createGame(tower ? { ...options, expansions: [...(options.expansions ?? []), 'tower'] } : options);
        const line = steps(game, 90, r);
        for (const i of [0, 1, 2, 13, 40, line.length - 2]) if (line[i] !== undefined) sameAsFresh(line[i] as GameState);
        // A state loaded in the middle of a turn, then played on: the states after it, made again.
        const at = line.find((s, i) => i > 20 && s.step !== 'tile') ?? (line[20] as GameState | undefined);
        if (at === undefined) return;
        const loaded = loadState(JSON.parse(JSON.stringify(at)));
        const on = steps(loaded, 12, r);
        for (const s of [on[0], on[1], on[5], on.at(-1)]) if (s !== undefined) sameAsFresh(s);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 15) },
    );
  });
});

describe('games of one kind share scratch space, never state', () => {
  it('a game left at its action step still scores the cloister its tile completed when another game places tiles in between', async () => {
    const { scenario, RING } = await import('../scenarios/board.js');
    // The cloister B at (0,1) with Ann's monk; the ring's last tile completes it (see cloisters.test.ts).
    const states = scenario([['B', 0, 1, 0, 'C'], ...RING]);
    const before = states[7] as GameState;
    const [, x, y, rotation] = RING[6] as readonly [string, number, number, 0 | 90 | 180 | 270];
    const placed = applyMove(before, { type: 'tile', x, y, rotation });
    expect(placed.step).toBe('action');
    // Another game of the same kind begins: its start tile is placed meanwhile.
    createGame({ players: 2, seed: 'elsewhere' });
    const after = applyMove(placed, { type: 'pass' });
    expect(after.players.map((p) => p.score)).toEqual([9, 0]);
    expect(after.scored.at(-1)).toMatchObject({ kind: 'cloister', complete: true, points: 9 });
  });
});
