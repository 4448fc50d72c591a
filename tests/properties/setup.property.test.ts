import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  type GameState,
  type Setup,
  validateSetup,
  legalTurns,
  loadState,
  playerView,
  scoreFinal,
  setupGame,
  setupOf,
  validateState,
} from 'carcassonne-engine';
import { makePosition, makeRecord, parsePosition, replayRecord } from 'carcassonne-engine/notation';
import { choices, gameOptions, lcg, play } from '../support/play';

// Set-up positions (setupGame, setupOf) and the position notation, round trips over random games
// of every expansion and house rule.

const RUNS = Number(process.env.PROPERTY_RUNS ?? 15);

const sample = (states: readonly GameState[]) => states.filter((_, i) => i % 11 === 3 || i === states.length - 1);

/** What a position is: everything setupOf reads, and what the game offers from it. */
const position = (s: GameState) =>
  JSON.stringify({ setup: setupOf(s), moves: s.status === 'playing' ? legalTurns(s) : [], final: scoreFinal(s).scores });

/** Plays on from `s` with `picks`, up to `n` moves. */
function playOn(s: GameState, picks: readonly number[], n: number): GameState[] {
  const out = [s];
  let at = s;
  for (let i = 0; i < n && at.status === 'playing'; i++) {
    const moves = legalTurns(at);
    at = applyMove(at, moves[(picks[i] ?? 0) % moves.length] as never);
    out.push(at);
  }
  return out;
}

describe('set-up positions (fast-check)', () => {
  it('setupGame(setupOf(state)) is the same position, and goes on as the game would', () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const { states } = play(options, picks);
        for (const s of sample(states)) {
          const again = setupGame(setupOf(s));
          expect(position(again)).toBe(position(s));
          expect(again.setup?.tiles).toBe(s.placements.length);
          // Both go on the same: same moves, same scores, since the bags hold the same tiles in order
          // (unless tiles go back into the bag: the seed shakes it, and the set-up's seed is new).
          if (s.rules.unplaceable === 'returned') continue;
          const on = playOn(again, picks, 6).at(-1) as GameState;
          const before = playOn(s, picks, 6).at(-1) as GameState;
          expect(on.players).toEqual(before.players);
          expect(on.tilesLeft).toEqual(before.tilesLeft);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a set-up game saves and loads at every move, its views too', () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const { states } = play(options, picks, 30);
        const s = states.at(-1) as GameState;
        for (const t of playOn(setupGame(setupOf(s)), picks, 12)) {
          const json = JSON.parse(JSON.stringify(t));
          expect(validateState(json)).toEqual([]);
          expect(JSON.stringify(loadState(json))).toBe(JSON.stringify(t));
          for (const viewer of [0, 'spectator'] as const) {
            const view = JSON.parse(JSON.stringify(playerView(t, viewer)));
            expect(validateState(view)).toEqual([]);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a position written and read back is the same position; its text comes back the same', () => {
    fc.assert(
      fc.property(gameOptions, choices, fc.boolean(), (options, picks, oneLine) => {
        const { states } = play(options, picks);
        for (const s of sample(states)) {
          const text = makePosition(s, { oneLine });
          const setup = parsePosition(text);
          expect(makePosition(setup, { oneLine })).toBe(text);
          expect(position(setupGame(setup))).toBe(position(s));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a record of a set-up game replays to it', () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const { states } = play(options, picks, 20);
        const played = playOn(setupGame(setupOf(states.at(-1) as GameState)), picks.slice(7), 15);
        for (const t of [played[0] as GameState, played.at(-1) as GameState]) {
          const text = makeRecord(t);
          expect(text).toContain('[Setup ');
          const back = replayRecord(text) as GameState;
          expect(makeRecord(back)).toBe(text);
          // The bag's order is not in a record: the tiles left come back as a multiset.
          const unordered = (g: GameState) => position(loadState({ ...g, tilesLeft: [...g.tilesLeft].sort() }));
          expect(unordered(back)).toBe(unordered(t));
          expect(back.draws).toEqual(t.draws);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('set-ups written by hand (figures in any order, some left out, supplies and bags partly given) save, write and replay', () => {
    let accepted = 0;
    fc.assert(
      fc.property(gameOptions, choices, fc.array(fc.nat(), { minLength: 12, maxLength: 12 }), (options, picks, dice) => {
        const { states } = play(options, picks, 25);
        const s = states.at(-1) as GameState;
        if (s.status !== 'playing' || s.rules.farmers === 'custom') return;
        const base = setupOf(s);
        const r = lcg(dice[0] ?? 1);
        const figures = [...(base.figures ?? [])].filter(() => r() % 4 !== 0).sort(() => (r() % 3) - 1);
        const setup: Setup = {
          ...base,
          figures,
          scores: Array.isArray(base.players) ? (base.players as string[]).map(() => (r() % 3 === 0 ? r() % 1_000_000 : r() % 200)) : [],
          supplies: (base.supplies ?? []).map((sup) => (r() % 2 === 0 ? {} : { meeples: Math.max(0, (sup.meeples ?? 0) - (r() % 2)) })),
          tilesLeft: r() % 2 === 0 ? 'rest' : s.tilesLeft.filter(() => r() % 3 !== 0),
        };
        if (validateSetup(setup).length > 0) return;
        accepted++;
        const start = setupGame(setup);
        for (const t of playOn(start, dice, 5)) {
          expect(validateState(JSON.parse(JSON.stringify(t)))).toEqual([]);
          const back = replayRecord(makeRecord(t)) as GameState;
          expect({ ...back, tilesLeft: [...back.tilesLeft].sort() }).toEqual({ ...t, tilesLeft: [...t.tilesLeft].sort() });
        }
        const text = makePosition(setup);
        expect(makePosition(parsePosition(text))).toBe(text);
        expect(position(setupGame(parsePosition(text)))).toBe(position(start));
      }),
      { numRuns: RUNS },
    );
    expect(accepted).toBeGreaterThan(RUNS / 3);
  });
});
