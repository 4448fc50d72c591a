import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMove, createGame, type GameOptions, type GameState, legalMoves, type Move, scoreFinal } from 'carcassonne-engine';
import { decodeMove, Engine, encodeMove, type MoveCode } from 'carcassonne-engine/engine';
import { choices, gameOptions, type Played } from '../support/play';

// The engine and the pure API, played in lock-step over random games (fast-check picks the
// options, The River, The Abbot, Inns & Cathedrals and Traders & Builders included, and every
// move), must agree on everything at every turn. ENGINE_RUNS, else PROPERTY_RUNS (as `npm run
// properties` sets it), asks for more games.
const RUNS = Number(process.env.ENGINE_RUNS ?? process.env.PROPERTY_RUNS ?? 30);

/**
 * The options of a random game: those of the other property tests, with Traders & Builders added
 * one time in two when they lack it (so that most games have it, alone or with the others).
 */
const anyOptions: fc.Arbitrary<GameOptions> = fc.tuple(gameOptions, fc.boolean()).map(([o, traders]) => {
  const expansions = o.expansions ?? [];
  return traders && !expansions.includes('traders-builders') ? { ...o, expansions: [...expansions, 'traders-builders'] } : o;
});

/**
 * Picks a move from `legal` with the pick `pick`: one time in four a builder or pig move, one time
 * in four a move that gives a builder's second tile, when there is one (uniform picks alone rarely
 * deploy a builder and then extend its feature). `engine` is at the position, `code` gives a move's code.
 */
function choose<T>(legal: readonly T[], pick: number, engine: Engine, code: (m: T) => MoveCode): T {
  let pool = legal;
  if (pick % 4 === 0) {
    const joiners = legal.filter((m) => ((code(m) >> 5) & 15) >= 3);
    if (joiners.length > 0) pool = joiners;
  } else if (
    pick % 4 === 1 &&
    engine.expansions.includes('traders-builders') &&
    !engine.builderTurn &&
    engine.inSupply(engine.currentPlayer, 'builder') === 0
  ) {
    const again = legal.filter((m) => givesSecondTile(engine, code(m)));
    if (again.length > 0) pool = again;
  }
  return pool[Math.floor(pick / 4) % pool.length] as T;
}

/** Whether playing `code` gives the current player a builder's second tile (tried on a clone). */
function givesSecondTile(engine: Engine, code: MoveCode): boolean {
  const c = engine.clone();
  c.play(code);
  return c.builderTurn;
}

/** With hands of tiles, the hand of the player to move (move codes name a slot of it). */
const handOf = (s: GameState): readonly string[] | undefined => s.hands?.[s.currentPlayer];

/** A whole game played with the pure API, each move chosen by `choose` with the picks in turn. */
function play(o: GameOptions, picks: readonly number[]): Played {
  let s = createGame(o);
  const e = Engine.fromState(s);
  const states = [s];
  const moves: Move[] = [];
  for (let i = 0; s.status === 'playing'; i++) {
    const m = choose(legalMoves(s), picks[i % picks.length] ?? 0, e, (mv) => encodeMove(mv, handOf(s)));
    e.play(encodeMove(m, handOf(s)));
    s = applyMove(s, m);
    moves.push(m);
    states.push(s);
  }
  return { states, moves };
}

/** What the random games exercised, to be sure the expansion moves were played at all. */
const seen = {
  abbotDeploys: 0,
  recalls: 0,
  riverTiles: 0,
  gardens: 0,
  largeDeploys: 0,
  innsCathedralsTiles: 0,
  tradersTiles: 0,
  builderDeploys: 0,
  pigDeploys: 0,
  doubleTurns: 0,
  goodsTaken: 0,
};
function count(move: Move, tile: string): void {
  if (move.meeple?.kind === 'large') seen.largeDeploys++;
  if (tile.startsWith('IC-')) seen.innsCathedralsTiles++;
  if (tile.startsWith('TB-')) seen.tradersTiles++;
  if (move.meeple?.kind === 'builder') seen.builderDeploys++;
  if (move.meeple?.kind === 'pig') seen.pigDeploys++;
  if (move.meeple?.kind === 'abbot') {
    seen.abbotDeploys++;
    if (move.meeple.at === 'G') seen.gardens++;
  }
  if (move.recall === 'abbot') seen.recalls++;
  if (tile.startsWith('RV-')) seen.riverTiles++;
}

const decodedSet = (codes: readonly number[], s: GameState): string[] => codes.map((c) => JSON.stringify(decodeMove(c, handOf(s)))).sort();
const pureSet = (s: GameState): string[] =>
  legalMoves(s)
    .map(({ tile, ...rest }) => JSON.stringify(s.hands === null ? rest : { tile, ...rest }))
    .sort();

/** Everything the engine reports about the position, checked against the pure state. */
function expectSamePosition(e: Engine, s: GameState, where: string): void {
  expect(e.status, where).toBe(s.status);
  expect(e.turn, where).toBe(s.turn);
  expect(e.currentPlayer, where).toBe(s.currentPlayer);
  expect(e.currentTile, where).toBe(s.currentTile);
  s.players.forEach((_, i) => {
    expect(e.hand(i), where).toEqual(s.hands?.[i] ?? []);
  });
  expect(e.tilesLeft, where).toBe(s.tilesLeft.length);
  expect(e.players, where).toBe(s.players.length);
  expect(e.builderTurn, where).toBe(s.builderTurn);
  expect(e.expansions, where).toEqual(s.expansions);
  expect(e.scores(), where).toEqual(s.players.map((p) => p.score));
  s.players.forEach((p, i) => {
    expect(e.meeples(i), `${where}, player ${i}`).toBe(p.meeples);
    expect(e.inSupply(i, 'abbot'), `${where}, player ${i}`).toBe(p.abbots);
    expect(e.inSupply(i, 'large'), `${where}, player ${i}`).toBe(p.largeMeeples);
    expect(e.inSupply(i, 'builder'), `${where}, player ${i}`).toBe(p.builders);
    expect(e.inSupply(i, 'pig'), `${where}, player ${i}`).toBe(p.pigs);
    expect(e.tokens(i).goods, `${where}, player ${i}`).toEqual(p.goods);
  });
}

/** The figure bits of a code (bits 7–10, docs/engine.md): 3 for a builder, 4 for a pig. */
const FIGURE_OF = { follower: 0, abbot: 1, large: 2, builder: 3, pig: 4 } as const;

/** The deep checks: the engine's state and final scoring are the pure API's. */
function expectSameState(e: Engine, s: GameState, where: string): void {
  expect(e.toState(), where).toEqual(s);
  expect(e.scoreFinal(), where).toEqual(scoreFinal(s).scores);
}

describe('the engine agrees with the pure API (fast-check)', () => {
  it('in lock-step over whole games: legal move sets (abbot moves, recalls, large meeples, builders and pigs too), scores, players, tiles, meeples, abbots, large meeples, builders, pigs, goods, builder turns, states, final scores', () => {
    fc.assert(
      fc.property(anyOptions, choices, (options, picks) => {
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
          expect(decodedSet(codes, s), where).toEqual(pureSet(s));
          expect(new Set(codes).size, where).toBe(n);
          const hand = handOf(s);
          const tileOf = (m: Move) => m.tile ?? (s.currentTile as string);
          // The same move in both, picked alternately from the pure list and from the engine's.
          const pick = picks[i % picks.length] ?? 0;
          let move: Move;
          let code: MoveCode;
          if (i % 2 === 0) {
            move = choose(pure, pick, e, (m) => encodeMove(m, hand));
            code = encodeMove(move, hand);
            expect(codes, where).toContain(code);
          } else {
            code = choose(codes, pick, e, (c) => c);
            move = decodeMove(code, hand ?? (s.currentTile as string));
          }
          // The code of a move is the code of its decoded move, both ways; its figure bits name its kind.
          expect(encodeMove(decodeMove(code, hand), hand), where).toBe(code);
          expect(decodeMove(code, hand ?? (s.currentTile as string)), where).toEqual(move);
          if (move.meeple) expect((code >> 5) & 15, where).toBe(FIGURE_OF[move.meeple.kind ?? 'follower']);
          count(move, tileOf(move));
          const mover = s.currentPlayer;
          const wasExtraTurn = s.extraTurn !== null;
          e.play(code);
          s = applyMove(s, move);
          expectSamePosition(e, s, `after ${where}`);
          // The next player moves (a discarded tile does not change that, rules-facts §h), but after
          // a tile that extends the road or city holding the player's builder (or, with the house
          // rule, fills a hole), the same player plays another tile; that one never gives a third
          // (rules-facts §e).
          expect(e.extraTurn, where).toBe(s.extraTurn);
          expect(s.builderTurn, where).toBe(s.extraTurn === 'builder');
          // With hands of tiles, once the bag is empty, players with empty hands pass.
          if (s.status === 'playing' && s.hands === null)
            expect(s.currentPlayer, where).toBe(s.extraTurn !== null ? mover : (mover + 1) % s.players.length);
          if (s.extraTurn !== null) {
            seen.doubleTurns++;
            expect(wasExtraTurn, `${where}: a second tile gave a third`).toBe(false);
          }
          seen.goodsTaken += s.events.filter((ev) => ev.type === 'goods-taken').length;
          if (i % 10 === 0 || s.status === 'finished') expectSameState(e, s, `after ${where}`);
        }
        expect(e.status).toBe('finished');
        expect(e.legalMoves()).toEqual([]);
        expect(e.movesPlayed().length).toBe(s.turn);
        expect(e.scores()).toEqual(scoreFinal(s).scores);
      }),
      { numRuns: RUNS },
    );
    // The new moves were played, not just listed: about three games in four have an expansion, one
    // in two Traders & Builders. Asked for only a few games (a quick check), they need not be.
    const played = [
      'riverTiles',
      'abbotDeploys',
      'recalls',
      'innsCathedralsTiles',
      'largeDeploys',
      'tradersTiles',
      'builderDeploys',
      'pigDeploys',
      'doubleTurns',
      'goodsTaken',
    ] as const;
    if (RUNS >= 20) for (const what of played) expect(seen[what], `${what} in ${RUNS} games`).toBeGreaterThan(0);
  });

  it('an engine made from a mid-game state (as made, or through JSON) continues identically', () => {
    fc.assert(
      fc.property(anyOptions, choices, fc.nat(), fc.boolean(), (options, picks, at, viaJson) => {
        const { states, moves } = play(options, picks);
        const k = at % states.length;
        const mid = states[k] as GameState;
        const e = Engine.fromState(viaJson ? (JSON.parse(JSON.stringify(mid)) as GameState) : mid);
        expectSamePosition(e, mid, `start at ${k}`);
        expectSameState(e, mid, `start at ${k}`);
        // An engine that played there from the start: the codes come in the same order too.
        const full = Engine.fromState(states[0] as GameState);
        moves.slice(0, k).forEach((m, j) => {
          full.play(encodeMove(m, handOf(states[j] as GameState)));
        });
        for (let j = k; j < moves.length; j++) {
          const where = `turn ${j} (from ${k}${viaJson ? ', via JSON' : ''})`;
          const s = states[j] as GameState;
          const codes = e.legalMoves();
          expect(decodedSet(codes, s), where).toEqual(pureSet(s));
          expect(codes, where).toEqual(full.legalMoves());
          const code = encodeMove(moves[j] as Move, handOf(s));
          e.play(code);
          full.play(code);
          const next = states[j + 1] as GameState;
          expectSamePosition(e, next, `after ${where}`);
          if ((j - k) % 10 === 0) expect(e.scoreFinal(), where).toEqual(scoreFinal(next).scores);
        }
        const last = states[states.length - 1] as GameState;
        expect(e.status).toBe('finished');
        expectSameState(e, last, 'end');
        expect(e.movesPlayed()).toEqual(moves.slice(k).map((m, j) => encodeMove(m, handOf(states[k + j] as GameState))));
      }),
      { numRuns: RUNS },
    );
  });
});
