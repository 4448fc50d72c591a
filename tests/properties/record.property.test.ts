import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGame, type GameOptions, type GameState, legalTurns, loadState, playerView, type Viewer } from 'carcassonne-engine';
import { makeMove, makeRecord, NotationError, parseMove, parseRecord, replayRecord } from 'carcassonne-engine/notation';
import { choices, gameOptions, play } from '../support/play';

// Game records and the move notation, round trips over random games of every expansion and house
// rule (docs/notation.md).

const RUNS = Number(process.env.PROPERTY_RUNS ?? 15);

/** Some games are dealt with drawOrder: a seed alone does not give their draws. */
const withDrawOrder = fc.tuple(gameOptions, fc.boolean(), fc.nat()).map(([o, dealt, n]): GameOptions => {
  // Not with The River: a land tile dealt before the river's course is a deal the river's rules do
  // not cover (see the note of 0.3.0's CHANGELOG).
  if (!dealt || (o.expansions ?? []).includes('river')) return o;
  const ids = ['E', 'U', 'V', 'K', 'D', 'B'];
  return { ...o, drawOrder: Array.from({ length: 1 + (n % 4) }, (_, i) => ids[(n + i) % ids.length] as string) };
});

const sorted = (s: object): string => {
  const t = s as { tilesLeft: readonly string[] };
  return JSON.stringify({ ...s, tilesLeft: [...t.tilesLeft].sort() });
};

const sample = (states: readonly GameState[]) => states.filter((_, i) => i % 9 === 0 || i === states.length - 1);

describe('game records (fast-check)', () => {
  it('a record of any state replays to that state; its text comes back the same; from JSON too', () => {
    let dealt = 0;
    fc.assert(
      fc.property(withDrawOrder, choices, (options, picks) => {
        const { states } = play(options, picks);
        if (options.drawOrder !== undefined) dealt++;
        for (const s of sample(states)) {
          const text = makeRecord(s);
          const back = replayRecord(text) as GameState;
          // Dealt by the seed alone, the bag comes back in its order too.
          if (options.drawOrder === undefined) expect(JSON.stringify(back)).toBe(JSON.stringify(s));
          else expect(sorted(back)).toBe(sorted(s));
          expect(makeRecord(back)).toBe(text);
          expect(makeRecord(loadState(JSON.parse(JSON.stringify(s))))).toBe(text);
          expect(replayRecord(parseRecord(text))).toEqual(back);
        }
      }),
      { numRuns: RUNS },
    );
    if (RUNS >= 20) expect(dealt).toBeGreaterThan(0);
  });

  it("a record of a player's view replays to that view, unless a hand hidden from it drew tiles", () => {
    let hidden = 0;
    let replayed = 0;
    fc.assert(
      fc.property(withDrawOrder, choices, (options, picks) => {
        const { states } = play(options, picks);
        for (const s of sample(states)) {
          for (const viewer of [...s.players.keys(), 'spectator'] as Viewer[]) {
            const view = playerView(s, viewer);
            const text = makeRecord(view);
            expect(text).not.toContain('[Seed');
            if ((view.draws ?? []).some((d) => d.tile === null)) {
              hidden++;
              expect(() => replayRecord(text)).toThrow(NotationError);
              continue;
            }
            replayed++;
            expect(JSON.stringify(replayRecord(text))).toBe(JSON.stringify(view));
          }
        }
      }),
      { numRuns: RUNS },
    );
    if (RUNS >= 20) expect(replayed).toBeGreaterThan(hidden);
  });

  it('every legal move, written, reads back as itself in its game', () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const { states } = play(options, picks, 25);
        for (const s of sample(states)) {
          if (s.status !== 'playing') continue;
          for (const m of legalTurns(s)) expect(parseMove(makeMove(s, m), s)).toEqual(m);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a record with a draw or a move changed does not replay, and says where', () => {
    fc.assert(
      fc.property(gameOptions, choices, fc.nat(), (options, picks, n) => {
        const { states } = play({ ...options, rules: { ...options.rules, hand: null } }, picks, 30);
        const s = states[states.length - 1] as GameState;
        const lines = makeRecord(s).split('\n');
        const moves = lines.flatMap((l, i) => (/^\d+\. .* -?\d+,-?\d+/.test(l) ? [i] : []));
        if (moves.length === 0) return;
        const at = moves[n % moves.length] as number;
        // The move's position moved far away: never adjacent to the board.
        lines[at] = (lines[at] as string).replace(/ -?\d+,-?\d+/, ' 40,40');
        try {
          replayRecord(lines.join('\n'));
          expect.unreachable();
        } catch (e) {
          expect(e).toBeInstanceOf(NotationError);
          const p = (e as NotationError).problems[0];
          expect(p?.code).toBe('record-not-replayable');
          expect(p?.line).toBe(at + 1);
          expect(p?.move).toBe(Number((lines[at] as string).split('.')[0]));
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('game records from createGame', () => {
  it('a new game of every option replays', () => {
    const s = createGame({
      players: ['A', 'B', 'C'],
      seed: 'x',
      expansions: ['river', 'abbot'],
      rules: { hand: { size: 2, visible: true }, firstPlayer: 'draw-roads' },
    });
    expect(replayRecord(makeRecord(s))).toEqual(s);
  });
});
