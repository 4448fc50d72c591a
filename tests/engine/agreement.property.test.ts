import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMove, createGame, type GameState, legalMoves, type Move, scoreFinal } from 'carcassonne-engine';
import { decodeMove, Engine, encodeMove, type MoveCode } from 'carcassonne-engine/engine';
import { choices, gameOptions, play } from '../support/play';

// The engine and the pure API, played in lock-step over random games (fast-check picks the
// options, The River, The Abbot and Inns & Cathedrals included, and every move), must agree on
// everything at every turn.
const RUNS = Number(process.env.ENGINE_RUNS ?? 30);

/** What the random games exercised, to be sure the expansion moves were played at all. */
const seen = { abbotDeploys: 0, recalls: 0, riverTiles: 0, gardens: 0, largeDeploys: 0, innsCathedralsTiles: 0 };
function count(move: Move, tile: string): void {
  if (move.meeple?.kind === 'large') seen.largeDeploys++;
  if (tile.startsWith('IC-')) seen.innsCathedralsTiles++;
  if (move.meeple?.kind === 'abbot') {
    seen.abbotDeploys++;
    if (move.meeple.at === 'G') seen.gardens++;
  }
  if (move.recall === 'abbot') seen.recalls++;
  if (tile.startsWith('RV-')) seen.riverTiles++;
}

const decodedSet = (codes: readonly number[]): string[] => codes.map((c) => JSON.stringify(decodeMove(c))).sort();
const pureSet = (s: GameState): string[] =>
  legalMoves(s)
    .map(({ tile: _tile, ...rest }) => JSON.stringify(rest))
    .sort();

/** Everything the engine reports about the position, checked against the pure state. */
function expectSamePosition(e: Engine, s: GameState, where: string): void {
  expect(e.status, where).toBe(s.status);
  expect(e.turn, where).toBe(s.turn);
  expect(e.currentPlayer, where).toBe(s.currentPlayer);
  expect(e.currentTile, where).toBe(s.currentTile);
  expect(e.tilesLeft, where).toBe(s.tilesLeft.length);
  expect(e.players, where).toBe(s.players.length);
  expect(e.scores(), where).toEqual(s.players.map((p) => p.score));
  s.players.forEach((p, i) => {
    expect(e.meeples(i), `${where}, player ${i}`).toBe(p.meeples);
    expect(e.abbots(i), `${where}, player ${i}`).toBe(p.abbots);
    expect(e.largeMeeples(i), `${where}, player ${i}`).toBe(p.largeMeeples);
  });
}

/** The deep checks: the engine's state and final scoring are the pure API's. */
function expectSameState(e: Engine, s: GameState, where: string): void {
  expect(e.toState(), where).toEqual(s);
  expect(e.scoreFinal(), where).toEqual(scoreFinal(s).scores);
}

describe('the engine agrees with the pure API (fast-check)', () => {
  it('in lock-step over whole games: legal move sets (abbot moves, recalls and large meeples too), scores, players, tiles, meeples, abbots, large meeples, states, final scores', () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        let s = createGame(options);
        const e = Engine.fromState(s);
        const buf = new Int32Array(e.maxMoves);
        expectSamePosition(e, s, 'start');
        expectSameState(e, s, 'start');
        for (let i = 0; s.status === 'playing'; i++) {
          const where = `turn ${i}`;
          const n = e.legalMoves(buf);
          const codes = Array.from(buf.subarray(0, n));
          const pure = legalMoves(s);
          expect(decodedSet(codes), where).toEqual(pureSet(s));
          expect(new Set(codes).size, where).toBe(n);
          // The same move in both, picked alternately from the pure list and from the engine's.
          const pick = picks[i % picks.length] ?? 0;
          let move: Move;
          let code: MoveCode;
          if (i % 2 === 0) {
            move = pure[pick % pure.length] as Move;
            code = encodeMove(move);
            expect(codes, where).toContain(code);
          } else {
            code = codes[pick % n] as MoveCode;
            move = decodeMove(code, s.currentTile as string);
          }
          // The code of a move is the code of its decoded move, both ways.
          expect(encodeMove(decodeMove(code)), where).toBe(code);
          expect(decodeMove(code, s.currentTile as string), where).toEqual(move);
          count(move, s.currentTile as string);
          e.play(code);
          s = applyMove(s, move);
          expectSamePosition(e, s, `after ${where}`);
          if (i % 10 === 0 || s.status === 'finished') expectSameState(e, s, `after ${where}`);
        }
        expect(e.status).toBe('finished');
        expect(e.legalMoves()).toEqual([]);
        expect(e.movesPlayed().length).toBe(s.turn);
        expect(e.scores()).toEqual(scoreFinal(s).scores);
      }),
      { numRuns: RUNS },
    );
    // About three games in four have an expansion: the new moves were played, not just listed.
    expect(seen.riverTiles).toBeGreaterThan(0);
    expect(seen.abbotDeploys).toBeGreaterThan(0);
    expect(seen.recalls).toBeGreaterThan(0);
    expect(seen.innsCathedralsTiles).toBeGreaterThan(0);
    expect(seen.largeDeploys).toBeGreaterThan(0);
  });

  it('an engine made from a mid-game state (as made, or through JSON) continues identically', () => {
    fc.assert(
      fc.property(gameOptions, choices, fc.nat(), fc.boolean(), (options, picks, at, viaJson) => {
        const { states, moves } = play(options, picks);
        const k = at % states.length;
        const mid = states[k] as GameState;
        const e = Engine.fromState(viaJson ? (JSON.parse(JSON.stringify(mid)) as GameState) : mid);
        expectSamePosition(e, mid, `start at ${k}`);
        expectSameState(e, mid, `start at ${k}`);
        // An engine that played there from the start: the codes come in the same order too.
        const full = Engine.fromState(states[0] as GameState);
        for (const m of moves.slice(0, k)) full.play(encodeMove(m));
        for (let j = k; j < moves.length; j++) {
          const where = `turn ${j} (from ${k}${viaJson ? ', via JSON' : ''})`;
          const s = states[j] as GameState;
          const codes = e.legalMoves();
          expect(decodedSet(codes), where).toEqual(pureSet(s));
          expect(codes, where).toEqual(full.legalMoves());
          const code = encodeMove(moves[j] as Move);
          e.play(code);
          full.play(code);
          const next = states[j + 1] as GameState;
          expectSamePosition(e, next, `after ${where}`);
          if ((j - k) % 10 === 0) expect(e.scoreFinal(), where).toEqual(scoreFinal(next).scores);
        }
        const last = states[states.length - 1] as GameState;
        expect(e.status).toBe('finished');
        expectSameState(e, last, 'end');
        expect(e.movesPlayed()).toEqual(moves.slice(k).map(encodeMove));
      }),
      { numRuns: RUNS },
    );
  });
});
