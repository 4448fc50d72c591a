import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type GameOptions,
  type GameState,
  legalMoves,
  legalTurns,
  type MeepleKind,
  type MeepleMove,
  type Move,
  type PassMove,
  type RecallMove,
  scoreFinal,
  type TileMove,
  type TurnMove,
} from 'carcassonne-engine';
import { decodeMove, decodeTurn, Engine, encodeMove, encodeTurn, type MoveCode, type TurnCode } from 'carcassonne-engine/engine';
import { choices, gameOptions, type Played } from '../support/play';

// The engine and the pure API, played in lock-step over random games (fast-check picks the
// options, The River, The Abbot, Inns & Cathedrals and Traders & Builders included, and every
// move), must agree on everything at every turn, and at every step of a turn (the tile step, then
// the action step when the player has something to do besides passing). ENGINE_RUNS, else
// PROPERTY_RUNS (as `npm run properties` sets it), asks for more games.
const RUNS = Number(process.env.ENGINE_RUNS ?? process.env.PROPERTY_RUNS ?? 15);

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
 * deploy a builder and then extend its feature). `figure` gives the kind of figure a move deploys;
 * `again` whether a move gives a builder's second tile (`null` when no move can).
 */
function choose<T>(legal: readonly T[], pick: number, figure: (m: T) => MeepleKind | undefined, again: ((m: T) => boolean) | null): T {
  let pool = legal;
  if (pick % 4 === 0) {
    const joiners = legal.filter((m) => figure(m) === 'builder' || figure(m) === 'pig');
    if (joiners.length > 0) pool = joiners;
  } else if (pick % 4 === 1 && again !== null) {
    const more = legal.filter(again);
    if (more.length > 0) pool = more;
  }
  return pool[Math.floor(pick / 4) % pool.length] as T;
}

/** Whether a move can give the current player a builder's second tile: their builder is out, on a first tile. */
const mayGetSecondTile = (e: Engine): boolean =>
  e.expansions.includes('traders-builders') && !(e.extraTurn === 'builder') && e.inSupply(e.currentPlayer, 'builder') === 0;

/** Whether playing the whole turn `turn` gives the current player a builder's second tile (tried on a clone). */
function turnGivesSecondTile(e: Engine, turn: TurnCode): boolean {
  const c = e.clone();
  c.playTurn(turn);
  return c.extraTurn === 'builder';
}

/** Whether the tile step `code`, the turn then ended with the pass, gives a builder's second tile (tried on a clone). */
function tileGivesSecondTile(e: Engine, code: MoveCode): boolean {
  const c = e.clone();
  c.play(code);
  if (c.step === 'action') c.play(encodeMove({ type: 'pass' }));
  return c.extraTurn === 'builder';
}

/** With hands of tiles, the hand of the player to move (tile step codes name a slot of it). */
const handOf = (s: GameState): readonly string[] | undefined => s.hands?.[s.currentPlayer];
/** What names the tile of a decoded tile move: the hand, with hands of tiles, else the current tile. */
const tileOf = (s: GameState): string | readonly string[] | undefined => handOf(s) ?? s.currentTile ?? undefined;

/** The tile step of a whole turn. */
const tileStepOf = (m: TurnMove): TileMove =>
  m.tile === undefined
    ? { type: 'tile', x: m.x, y: m.y, rotation: m.rotation }
    : { type: 'tile', tile: m.tile, x: m.x, y: m.y, rotation: m.rotation };
/** The action step of a whole turn (the pass when it names none). */
function actionOf(m: TurnMove): MeepleMove | RecallMove | PassMove {
  if (m.meeple) return { type: 'meeple', at: m.meeple.at, kind: m.meeple.kind ?? 'follower' };
  if (m.recall) return { type: 'recall', kind: m.recall };
  return { type: 'pass' };
}
/** The whole turn of a tile step and its action, as `legalTurns` writes it. */
function turnOf(t: TileMove, a: Move): TurnMove {
  const base: TurnMove =
    t.tile === undefined ? { x: t.x, y: t.y, rotation: t.rotation } : { tile: t.tile, x: t.x, y: t.y, rotation: t.rotation };
  if (a.type === 'meeple') return { ...base, meeple: { at: a.at, kind: a.kind ?? 'follower' } };
  if (a.type === 'recall') return { ...base, recall: a.kind };
  return base;
}

/** A value as JSON with its objects' keys sorted: moves built here compared with the API's, whatever their key order. */
const canon = (v: unknown): string =>
  JSON.stringify(v, (_key, x: unknown) =>
    x !== null && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );

/** A whole game played with the pure API, each turn chosen by `choose` with the picks in turn. */
function play(o: GameOptions, picks: readonly number[]): Played {
  let s = createGame(o);
  const e = Engine.fromState(s);
  const states = [s];
  const moves: TurnMove[] = [];
  for (let i = 0; s.status === 'playing'; i++) {
    const hand = handOf(s);
    const again = mayGetSecondTile(e) ? (m: TurnMove) => turnGivesSecondTile(e, encodeTurn(m, hand)) : null;
    const m = choose(legalTurns(s), picks[i % picks.length] ?? 0, (mv) => mv.meeple?.kind, again);
    e.playTurn(encodeTurn(m, hand));
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
function count(move: TurnMove, tile: string): void {
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

/** What the games played step by step exercised: each kind of step move. */
const seenSteps = {
  tileSteps: 0,
  tilesAlone: 0,
  actionSteps: 0,
  passes: 0,
  recalls: 0,
  deployed: new Set<MeepleKind>(),
  secondTiles: 0,
};

/** Sets of moves as sorted JSON strings: the engine's turn codes decoded, the pure API's moves. */
const turnSet = (codes: readonly TurnCode[], s: GameState): string[] => codes.map((c) => JSON.stringify(decodeTurn(c, tileOf(s)))).sort();
const stepSet = (codes: readonly MoveCode[], s: GameState): string[] => codes.map((c) => JSON.stringify(decodeMove(c, tileOf(s)))).sort();
const jsonSet = (moves: readonly unknown[]): string[] => moves.map((m) => JSON.stringify(m)).sort();
const canonSet = (moves: readonly unknown[]): string[] => [...new Set(moves.map(canon))].sort();

/** Everything the engine reports about the position, checked against the pure state. */
function expectSamePosition(e: Engine, s: GameState, where: string): void {
  expect(e.status, where).toBe(s.status);
  expect(e.step, where).toBe(s.step);
  expect(e.turn, where).toBe(s.turn);
  expect(e.currentPlayer, where).toBe(s.currentPlayer);
  expect(e.currentTile, where).toBe(s.currentTile);
  s.players.forEach((_, i) => {
    expect(e.hand(i), where).toEqual(s.hands?.[i] ?? []);
  });
  expect(e.tilesLeft, where).toBe(s.tilesLeft.length);
  expect(e.players, where).toBe(s.players.length);
  expect(e.extraTurn === 'builder', where).toBe(s.extraTurn === 'builder');
  expect(e.extraTurn, where).toBe(s.extraTurn);
  expect(e.expansions, where).toEqual(s.expansions);
  expect(e.scores(), where).toEqual(s.players.map((p) => p.score));
  s.players.forEach((p, i) => {
    expect(e.meeples(i), `${where}, player ${i}`).toBe(p.meeples);
    expect(e.inSupply(i, 'abbot'), `${where}, player ${i}`).toBe(p.abbots ?? 0);
    expect(e.inSupply(i, 'large'), `${where}, player ${i}`).toBe(p.largeMeeples ?? 0);
    expect(e.inSupply(i, 'builder'), `${where}, player ${i}`).toBe(p.builders ?? 0);
    expect(e.inSupply(i, 'pig'), `${where}, player ${i}`).toBe(p.pigs ?? 0);
    expect(e.tokens(i).goods, `${where}, player ${i}`).toEqual(p.goods);
  });
}

/**
 * The figure bits of an action step's code (bits 4–8, docs/engine.md): 3 for a builder, 4 for
 * a pig. A turn code keeps its action's fields as its remainder by 2^14 (docs/engine.md).
 */
const FIGURE_OF = { follower: 0, abbot: 1, large: 2, builder: 3, pig: 4, floor: 5 } as const;
const figureOfStep = (code: MoveCode): number => (code >> 4) & 31;
const figureOfTurn = (code: TurnCode): number => figureOfStep(code < 0 ? -1 - code : Math.floor(code / 2 ** 26));

/** The deep checks: the engine's state and final scoring are the pure API's. */
function expectSameState(e: Engine, s: GameState, where: string): void {
  expect(e.toState(), where).toEqual(s);
  expect(e.scoreFinal(), where).toEqual(scoreFinal(s).scores);
}

describe('the engine agrees with the pure API (fast-check)', () => {
  it('in lock-step over whole games, a whole turn at a time: legal turn sets (abbot moves, recalls, large meeples, builders and pigs too), turn codes, the steps played, scores, players, tiles, meeples, abbots, large meeples, builders, pigs, goods, builder turns, states, final scores', () => {
    fc.assert(
      fc.property(anyOptions, choices, (options, picks) => {
        let s = createGame(options);
        const e = Engine.fromState(s);
        const buf = new Float64Array(e.maxMoves);
        const steps: MoveCode[] = [];
        expectSamePosition(e, s, 'start');
        expectSameState(e, s, 'start');
        for (let i = 0; s.status === 'playing'; i++) {
          const where = `turn ${i}`;
          expect(s.step, where).toBe('tile');
          const n = e.legalTurns(buf);
          const codes = Array.from(buf.subarray(0, n));
          expect(e.legalTurns(), where).toEqual(codes);
          const pure = legalTurns(s);
          expect(turnSet(codes, s), where).toEqual(jsonSet(pure));
          expect(new Set(codes).size, where).toBe(n);
          const hand = handOf(s);
          // The same turn in both, picked alternately from the pure list and from the engine's.
          const pick = picks[i % picks.length] ?? 0;
          const again = mayGetSecondTile(e) ? (c: TurnCode) => turnGivesSecondTile(e, c) : null;
          let move: TurnMove;
          let code: TurnCode;
          if (i % 2 === 0) {
            move = choose(pure, pick, (m) => m.meeple?.kind, again && ((m) => again(encodeTurn(m, hand))));
            code = encodeTurn(move, hand);
            expect(codes, where).toContain(code);
          } else {
            code = choose(codes, pick, (c) => (decodeTurn(c) as TurnMove).meeple?.kind, again);
            move = decodeTurn(code, tileOf(s)) as TurnMove;
          }
          // The code of a turn is the code of its decoded turn, both ways; its figure bits name its kind.
          expect(encodeTurn(decodeTurn(code, hand) as TurnMove, hand), where).toBe(code);
          expect(decodeTurn(code, tileOf(s)), where).toEqual(move);
          if (move.meeple) expect(figureOfTurn(code), where).toBe(FIGURE_OF[move.meeple.kind ?? 'follower']);
          if (move.recall) expect(figureOfTurn(code), where).toBe(FIGURE_OF[move.recall]);
          count(move, move.tile ?? (s.currentTile as string));
          // Its steps: the tile, then the action when the placement allows more than the tile alone.
          const placement = canon(tileStepOf(move));
          const acts = pure.filter((m) => canon(tileStepOf(m)) === placement).length > 1;
          steps.push(encodeMove(tileStepOf(move), hand));
          if (acts) steps.push(encodeMove(actionOf(move)));
          const mover = s.currentPlayer;
          const wasExtraTurn = s.extraTurn !== null;
          e.playTurn(code);
          s = applyMove(s, move);
          expectSamePosition(e, s, `after ${where}`);
          expect(e.movesPlayed(), where).toEqual(steps);
          // The next player moves (a discarded tile does not change that, rules-facts §h), but after
          // a tile that extends the road or city holding the player's builder (or, with the house
          // rule, fills a hole), the same player plays another tile; that one never gives a third
          // (rules-facts §e).
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
        expect(e.legalTurns()).toEqual([]);
        expect(e.legalTurns(buf)).toBe(0);
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

  it('in lock-step over whole games, a step at a time: legal step move sets (placements, figures of every kind deployed, abbots taken back, the pass) and the whole turns they make, step codes, positions, steps, states, events, final scores', () => {
    fc.assert(
      fc.property(anyOptions, choices, (options, picks) => {
        let s = createGame(options); // the game played a step at a time
        let whole = s; // the same game played a whole turn at a time
        const e = Engine.fromState(s);
        const buf = new Int32Array(e.maxMoves);
        const played: MoveCode[] = [];
        let turns: TurnMove[] = []; // the legal whole turns at the start of the turn under way
        let placed: TileMove | null = null; // its tile step, once played
        let tileEvents: GameState['events'] = [];
        let turnsPlayed = 0;
        for (let i = 0; s.status === 'playing'; i++) {
          const where = `step ${i} (turn ${turnsPlayed}, ${s.step} step)`;
          expect(e.step, where).toBe(s.step);
          const n = e.legalMoves(buf);
          const codes = Array.from(buf.subarray(0, n));
          expect(e.legalMoves(), where).toEqual(codes);
          const pure = legalMoves(s);
          expect(stepSet(codes, s), where).toEqual(jsonSet(pure));
          expect(new Set(codes).size, where).toBe(n);
          expect(n, where).toBeGreaterThan(0);
          const hand = handOf(s);
          // The two levels agree: the placements are those of the whole turns, and the actions
          // those the whole turns of the placement name (more than the pass alone).
          if (s.step === 'tile') {
            turns = legalTurns(s);
            expect(canonSet(pure), where).toEqual(canonSet(turns.map(tileStepOf)));
          } else {
            expect(legalTurns(s), where).toEqual([]);
            expect(turnSet(e.legalTurns(), s), where).toEqual(jsonSet(pure));
            const mine = turns.filter((m) => canon(tileStepOf(m)) === canon(placed));
            expect(canonSet(pure), where).toEqual(canonSet(mine.map(actionOf)));
            expect(pure.length, where).toBeGreaterThan(1);
            expect(pure, where).toContainEqual({ type: 'pass' });
          }
          // The same move in both, picked from the pure list at the tile step of even turns and
          // the action step of odd ones, from the engine's at the others.
          const pick = picks[i % picks.length] ?? 0;
          const figure = (m: Move): MeepleKind | undefined => (m.type === 'meeple' ? m.kind : undefined);
          const again = s.step === 'tile' && mayGetSecondTile(e) ? (c: MoveCode) => tileGivesSecondTile(e, c) : null;
          let move: Move;
          let code: MoveCode;
          if ((turnsPlayed % 2 === 0) === (s.step === 'tile')) {
            move = choose(pure, pick, figure, again && ((m) => again(encodeMove(m, hand))));
            code = encodeMove(move, hand);
            expect(codes, where).toContain(code);
          } else {
            code = choose(codes, pick, (c) => figure(decodeMove(c)), again);
            move = decodeMove(code, tileOf(s));
          }
          // The code of a step is the code of its decoded move, both ways; its figure bits name its kind.
          expect(encodeMove(decodeMove(code, hand), hand), where).toBe(code);
          expect(decodeMove(code, tileOf(s)), where).toEqual(move);
          if (move.type === 'meeple') expect(figureOfStep(code), where).toBe(FIGURE_OF[move.kind ?? 'follower']);
          if (move.type === 'recall') expect(figureOfStep(code), where).toBe(FIGURE_OF[move.kind]);
          const mover = s.currentPlayer;
          const before = s;
          e.play(code);
          played.push(code);
          s = applyMove(s, move);
          expectSamePosition(e, s, `after ${where}`);
          expect(e.movesPlayed(), where).toEqual(played);
          if (move.type === 'tile') {
            seenSteps.tileSteps++;
            placed = move;
            tileEvents = s.events;
            // A turn whose tile leaves nothing to do but pass ends with the tile (the game with its last tile).
            const acts = turns.filter((m) => canon(tileStepOf(m)) === canon(move)).length > 1;
            expect(s.step === 'action', where).toBe(acts);
            if (acts) expect(s.status, where).toBe('playing');
            if (s.step === 'action') {
              // The turn goes on: the same player, the same turn, the tile just placed.
              expect(s.currentPlayer, where).toBe(mover);
              expect(s.turn, where).toBe(before.turn);
              expect(s.currentTile, where).toBe(before.hands === null ? move.tile : null);
              expect(s.placements.at(-1), where).toMatchObject({ tile: move.tile, x: move.x, y: move.y, rotation: move.rotation });
              if (turnsPlayed % 10 === 5) expectSameState(e, s, `after ${where}`);
              continue;
            }
            seenSteps.tilesAlone++;
          } else {
            seenSteps.actionSteps++;
            if (move.type === 'pass') seenSteps.passes++;
            if (move.type === 'recall') seenSteps.recalls++;
            if (move.type === 'meeple') seenSteps.deployed.add(move.kind ?? 'follower');
          }
          // The turn is over: it is one of the whole turns listed at its start, and the game played
          // a whole turn at a time is at the same position; the whole turn's events are its steps'.
          const turn = turnOf(placed as TileMove, move.type === 'tile' ? { type: 'pass' } : move);
          expect(turns.map(canon), where).toContain(canon(turn));
          whole = applyMove(whole, turn);
          turnsPlayed++;
          expect({ ...s, events: [] }, where).toEqual({ ...whole, events: [] });
          expect(whole.events, where).toEqual(move.type === 'tile' ? s.events : [...tileEvents, ...s.events]);
          if (s.extraTurn === 'builder') seenSteps.secondTiles++;
          if (turnsPlayed % 10 === 0 || s.status === 'finished') expectSameState(e, whole, `after ${where}`);
        }
        expect(e.status).toBe('finished');
        expect(e.legalMoves()).toEqual([]);
        expect(e.legalMoves(buf)).toBe(0);
        expect(legalMoves(s)).toEqual([]);
        expect(e.scores()).toEqual(scoreFinal(s).scores);
      }),
      { numRuns: RUNS },
    );
    // Every kind of step was played: tiles alone and tiles with an action, the pass, every figure
    // deployed, the abbot taken back, builders' second tiles.
    if (RUNS >= 20) {
      for (const what of ['tileSteps', 'tilesAlone', 'actionSteps', 'passes', 'recalls', 'secondTiles'] as const)
        expect(seenSteps[what], `${what} in ${RUNS} games`).toBeGreaterThan(0);
      expect([...seenSteps.deployed].sort(), `figures deployed in ${RUNS} games`).toEqual(['abbot', 'builder', 'follower', 'large', 'pig']);
    }
  });

  it('an engine made from a mid-game state (as made, or through JSON) continues identically, turn by turn and step by step', () => {
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
          full.playTurn(encodeTurn(m, handOf(states[j] as GameState)));
        });
        const steps: MoveCode[] = [];
        for (let j = k; j < moves.length; j++) {
          const where = `turn ${j} (from ${k}${viaJson ? ', via JSON' : ''})`;
          const s = states[j] as GameState;
          const move = moves[j] as TurnMove;
          const hand = handOf(s);
          const codes = e.legalTurns();
          expect(turnSet(codes, s), where).toEqual(jsonSet(legalTurns(s)));
          expect(codes, where).toEqual(full.legalTurns());
          expect(e.legalMoves(), where).toEqual(full.legalMoves());
          // Even turns as a whole turn, odd ones a step at a time (the action step listed alike too).
          if (j % 2 === 0) {
            const code = encodeTurn(move, hand);
            e.playTurn(code);
            full.playTurn(code);
          } else {
            const t = encodeMove(tileStepOf(move), hand);
            e.play(t);
            full.play(t);
            expect(e.step, where).toBe(full.step);
            if (e.step === 'action') {
              expect(e.legalMoves(), where).toEqual(full.legalMoves());
              expect(e.legalTurns(), where).toEqual(full.legalTurns());
              const a = encodeMove(actionOf(move));
              e.play(a);
              full.play(a);
            } else expect(actionOf(move), where).toEqual({ type: 'pass' });
          }
          // The steps played: the tile, then the action when the pure API's turn has an action step.
          steps.push(encodeMove(tileStepOf(move), hand));
          if (applyMove(s, tileStepOf(move)).step === 'action') steps.push(encodeMove(actionOf(move)));
          const next = states[j + 1] as GameState;
          expectSamePosition(e, next, `after ${where}`);
          if ((j - k) % 10 === 0) expect(e.scoreFinal(), where).toEqual(scoreFinal(next).scores);
        }
        const last = states[states.length - 1] as GameState;
        expect(e.status).toBe('finished');
        expectSameState(e, last, 'end');
        expect(e.movesPlayed()).toEqual(steps);
        expect(full.movesPlayed().slice(full.movesPlayed().length - steps.length)).toEqual(steps);
      }),
      { numRuns: RUNS },
    );
  });
});
