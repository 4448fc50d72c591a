import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type GameOptions,
  type GameState,
  IllegalMoveError,
  legalMoves,
  loadState,
  type Move,
  OptionsError,
  ROTATIONS,
  scoreFinal,
  type Spot,
  SPOTS,
  StateError,
  tileDefinition,
  validateMove,
  validateState,
} from 'carcassonne-engine';
import { decodeMove, Engine, encodeMove, type MoveCode, randomPlayout, seededRandom } from 'carcassonne-engine/engine';
import { perTile } from '../support/custom-rule';
import { caught } from '../support/caught';
import { lcg, playSeeded } from '../support/play';

// Unit tests of the unchecked fast path (carcassonne-engine/engine) against the pure API.

/** The engine's legal moves as sorted JSON strings of decoded moves (no `tile`). */
const engineMoveSet = (e: Engine): string[] =>
  e
    .legalMoves()
    .map((c) => JSON.stringify(decodeMove(c)))
    .sort();

/** The pure API's legal moves as sorted JSON strings, `tile` stripped. */
const pureMoveSet = (s: GameState): string[] =>
  legalMoves(s)
    .map(({ tile: _tile, ...rest }) => JSON.stringify(rest))
    .sort();

const scoresOf = (s: GameState): number[] => s.players.map((p) => p.score);

/** Plays `turns` moves on the engine, picking with `lcg(seed)`. */
function advance(e: Engine, turns: number, seed: number): void {
  const r = lcg(seed);
  const buf = new Int32Array(e.maxMoves);
  for (let i = 0; i < turns && e.status === 'playing'; i++) {
    const n = e.legalMoves(buf);
    e.play(buf[r() % n] as MoveCode);
  }
}

const OPTIONS: readonly GameOptions[] = [
  { players: 2, seed: 1 },
  { players: 3, seed: 'abc', tileSet: 'pnp-demo' },
  { players: 4, seed: 7, edition: 'first' },
  { players: 5, seed: -12, edition: 'second', rules: { farmers: 'farm-3', smallCity: 2 } },
  { players: 2, seed: 99, tileSet: 'pnp-demo', edition: 'current', rules: { farmers: 'none' } },
  { players: 3, seed: 'river', expansions: ['abbot', 'river'], rules: { riverStartTile: 'first-land' } },
  { players: 2, seed: 31, tileSet: 'pnp-demo', expansions: ['abbot'], rules: { gardens: false } },
  { players: 6, seed: 'inns', expansions: ['inns-cathedrals'] },
  {
    players: 4,
    seed: 'all three',
    tileSet: 'pnp-demo',
    expansions: ['inns-cathedrals', 'river', 'abbot'],
    rules: { riverStartTile: 'shuffled' },
  },
  { players: 3, seed: 'traders', expansions: ['traders-builders'], rules: { farmers: 'farm-3' } },
  {
    players: 5,
    seed: 'all four',
    edition: 'first',
    expansions: ['traders-builders', 'inns-cathedrals', 'abbot', 'river'],
    rules: { farmers: 'city-4' },
  },
];

const moveError = (fn: () => unknown): IllegalMoveError => caught(fn, IllegalMoveError);

/** The action bits of taking the abbot (figure kind 1) back (docs/engine.md, move codes). */
const RECALL = (1 << 5) | 1;

describe('move codes: encodeMove / decodeMove', () => {
  const COORDS = [-256, -255, -1, 0, 1, 254, 255];
  const spots: (Spot | null)[] = [null, ...SPOTS];

  it('round-trip every spot (and none) in every rotation, at coordinate extremes -256 and 255', () => {
    const seen = new Set<number>();
    for (const x of COORDS) {
      for (const y of COORDS) {
        for (const rotation of ROTATIONS) {
          for (const at of spots) {
            const move: Move = at === null ? { x, y, rotation } : { x, y, rotation, meeple: { at, kind: 'follower' } };
            const code = encodeMove(move);
            expect(Number.isInteger(code)).toBe(true);
            expect(code).toBeGreaterThanOrEqual(0);
            expect(code).toBeLessThan(2 ** 31);
            expect(decodeMove(code)).toEqual(move);
            expect(encodeMove(decodeMove(code))).toBe(code);
            seen.add(code);
          }
        }
      }
    }
    // Distinct moves get distinct codes.
    expect(seen.size).toBe(COORDS.length ** 2 * ROTATIONS.length * spots.length);
  });

  it('encodeMove ignores `tile`, treats meeple null as none and a missing kind as follower', () => {
    const plain = encodeMove({ x: 3, y: -4, rotation: 180 });
    expect(encodeMove({ x: 3, y: -4, rotation: 180, tile: 'D' })).toBe(plain);
    expect(encodeMove({ x: 3, y: -4, rotation: 180, meeple: null })).toBe(plain);
    expect(encodeMove({ x: 3, y: -4, rotation: 180, meeple: { at: 'NNE' } })).toBe(
      encodeMove({ x: 3, y: -4, rotation: 180, meeple: { at: 'NNE', kind: 'follower' } }),
    );
  });

  it('decodeMove includes `tile` only when it is given', () => {
    const code = encodeMove({ x: -2, y: 5, rotation: 270, meeple: { at: 'C' } });
    const bare = decodeMove(code);
    expect('tile' in bare).toBe(false);
    expect(bare).toEqual({ x: -2, y: 5, rotation: 270, meeple: { at: 'C', kind: 'follower' } });
    expect(decodeMove(code, 'B')).toEqual({ tile: 'B', x: -2, y: 5, rotation: 270, meeple: { at: 'C', kind: 'follower' } });
    const noMeeple = decodeMove(encodeMove({ x: 0, y: 1, rotation: 0 }));
    expect(Object.keys(noMeeple).sort()).toEqual(['rotation', 'x', 'y']);
    expect(decodeMove(encodeMove({ x: 0, y: 1, rotation: 0 }), 'D')).toEqual({ tile: 'D', x: 0, y: 1, rotation: 0 });
  });

  it('encodeMove rejects coordinates outside -256..255 and malformed moves with malformed-move', () => {
    const bad: unknown[] = [
      { x: 256, y: 0, rotation: 0 },
      { x: -257, y: 0, rotation: 0 },
      { x: 0, y: 256, rotation: 0 },
      { x: 0, y: -257, rotation: 0 },
      { x: 1000, y: -1000, rotation: 90 },
      { x: 1.5, y: 0, rotation: 0 },
      { x: 0, y: Number.NaN, rotation: 0 },
      { x: 0, y: 0, rotation: 45 },
      { x: 0, y: 0 },
      { x: 0, y: 0, rotation: 0, extra: 1 },
      { x: 0, y: 0, rotation: 0, meeple: { at: 'N', kind: 'giant' } },
      { x: 0, y: 0, rotation: 0, recall: 'follower' },
      { x: 0, y: 0, rotation: 0, meeple: 'N' },
      null,
      42,
    ];
    for (const m of bad) expect(moveError(() => encodeMove(m as Move)).code, JSON.stringify(m)).toBe('malformed-move');
  });

  it('encodeMove rejects an unknown meeple spot with unknown-spot', () => {
    for (const at of ['X', 'n', '', 'NN', 3, null]) {
      expect(moveError(() => encodeMove({ x: 0, y: 0, rotation: 0, meeple: { at: at as Spot } })).code).toBe('unknown-spot');
    }
  });

  it('decodeMove rejects non-integers, out-of-range numbers and invalid spot or figure bits with malformed-move', () => {
    const valid = encodeMove({ x: 1, y: 1, rotation: 90 });
    const bad: unknown[] = [
      -1,
      2 ** 31,
      2 ** 31,
      1.5,
      valid + 0.25,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '5',
      null,
      undefined,
      valid | (1 << 5), // a figure kind without a spot
      valid | (5 << 5) | (1 << 1), // figure kind 5 (none defined) with a spot
      valid | (7 << 5) | (3 << 1),
      valid | RECALL | (5 << 1), // taking the abbot back while deploying
      valid | (2 << 5) | 1, // taking back a large meeple, which is never taken back
      valid | 1, // taking back a follower
    ];
    for (const c of bad) expect(moveError(() => decodeMove(c as MoveCode)).code, String(c)).toBe('malformed-move');
    // Hand slot bits (hands of tiles): given the hand, the tile in that slot; a slot past the hand is no move.
    expect(decodeMove(valid | (1 << 9), ['U', 'V']).tile).toBe('V');
    expect(moveError(() => decodeMove(valid | (2 << 9), ['U', 'V'])).code).toBe('malformed-move');
    expect(moveError(() => encodeMove({ tile: 'X', x: 0, y: 1, rotation: 0 }, ['U', 'V'])).code).toBe('wrong-tile');
    // Spot field 15 names the last spot (SPOTS has 15 entries).
    expect(decodeMove(valid | (15 << 1)).meeple?.at).toBe(SPOTS[14]);
    expect(decodeMove(valid | (1 << 5) | (5 << 1)).meeple).toEqual({ at: 'C', kind: 'abbot' });
    expect(decodeMove(valid | RECALL)).toEqual({ x: 1, y: 1, rotation: 90, recall: 'abbot' });
    expect(encodeMove({ x: 1, y: 1, rotation: 90, recall: 'abbot' })).toBe(valid | RECALL);
    expect(encodeMove({ x: 1, y: 1, rotation: 90, meeple: { at: 'G', kind: 'abbot' } })).toBe(valid | (1 << 5) | (15 << 1));
  });
});

describe('Engine.fromState and legal moves', () => {
  it.each(OPTIONS.map((o) => [JSON.stringify(o), o] as const))(
    "a new game (%s) has the pure API's legal moves, as a set of decoded moves",
    (_, options) => {
      const state = createGame(options);
      const e = Engine.fromState(state);
      expect(engineMoveSet(e)).toEqual(pureMoveSet(state));
      expect(e.legalMoves().length).toBe(legalMoves(state).length);
      expect(e.status).toBe('playing');
      expect(e.turn).toBe(0);
      expect(e.currentPlayer).toBe(state.currentPlayer);
      expect(e.currentTile).toBe(state.currentTile);
      expect(e.players).toBe(state.players.length);
      expect(e.tilesLeft).toBe(state.tilesLeft.length);
      expect(e.scores()).toEqual(scoresOf(state));
      expect(e.builderTurn).toBe(false);
      expect(e.expansions).toEqual(state.expansions);
      state.players.forEach((p, i) => {
        expect(e.meeples(i)).toBe(p.meeples);
        expect(e.inSupply(i, 'abbot')).toBe(p.abbots);
        expect(e.inSupply(i, 'large')).toBe(p.largeMeeples);
        expect(e.inSupply(i, 'builder')).toBe(p.builders);
        expect(e.inSupply(i, 'pig')).toBe(p.pigs);
        expect(e.tokens(i).goods).toEqual(p.goods);
      });
      expect(e.movesPlayed()).toEqual([]);
      // Decoded with the tile, the codes are exactly the pure API's moves.
      const withTile = e.legalMoves().map((c) => JSON.stringify(decodeMove(c, state.currentTile as string)));
      expect(withTile.sort()).toEqual(
        legalMoves(state)
          .map((m) => JSON.stringify(m))
          .sort(),
      );
    },
  );

  it('Engine.create(options) is Engine.fromState(createGame(options))', () => {
    for (const options of OPTIONS) {
      const a = Engine.create(options);
      const b = Engine.fromState(createGame(options));
      expect(a.legalMoves()).toEqual(b.legalMoves());
      expect(a.toState()).toEqual(b.toState());
    }
  });

  it("mid-game states (also after a JSON round trip) give the pure API's legal moves", () => {
    const { states } = playSeeded({ players: 3, seed: 21, edition: 'second' }, 21);
    for (const s of states.filter((_, i) => i % 9 === 0 && i < states.length - 1)) {
      expect(engineMoveSet(Engine.fromState(s))).toEqual(pureMoveSet(s));
      const copy = JSON.parse(JSON.stringify(s)) as GameState;
      expect(engineMoveSet(Engine.fromState(copy))).toEqual(pureMoveSet(s));
    }
    const last = states[states.length - 1] as GameState;
    const done = Engine.fromState(last);
    expect(done.status).toBe('finished');
    expect(done.currentTile).toBeNull();
    expect(done.legalMoves()).toEqual([]);
    expect(done.legalMoves(new Int32Array(done.maxMoves))).toBe(0);
  });

  it('legalMoves(out) returns the count and writes the same codes, in the same order, as legalMoves()', () => {
    for (const options of OPTIONS) {
      const e = Engine.create(options);
      const buf = new Int32Array(e.maxMoves).fill(-1);
      const r = lcg(5);
      while (e.status === 'playing') {
        const list = e.legalMoves();
        const n = e.legalMoves(buf);
        expect(n).toBe(list.length);
        expect(n).toBeGreaterThan(0);
        expect(n).toBeLessThanOrEqual(e.maxMoves);
        expect(Array.from(buf.subarray(0, n))).toEqual(list);
        e.play(buf[r() % n] as MoveCode);
      }
    }
  });

  it('legalMoves() gives a fresh plain array of exactly the legal moves, which later calls (on any engine) leave alone', () => {
    const small = Engine.create({ players: 2, seed: 8, tileSet: 'pnp-demo' });
    const big = Engine.create({ players: 3, seed: 8, expansions: ['traders-builders', 'inns-cathedrals', 'abbot'] });
    const first = big.legalMoves();
    const copy = [...first];
    expect(Array.isArray(first)).toBe(true);
    expect(first).toHaveLength(big.legalMoves(new Int32Array(big.maxMoves)));
    expect(first.length).toBeLessThan(big.maxMoves);
    const again = big.legalMoves();
    expect(again).not.toBe(first);
    small.legalMoves();
    big.play(first[0] as MoveCode);
    big.legalMoves();
    expect(first).toEqual(copy);
  });

  it('toState() of a fresh engine equals the state it was made from', () => {
    for (const options of OPTIONS) {
      const state = createGame(options);
      expect(Engine.fromState(state).toState()).toEqual(state);
    }
    const mid = playSeeded({ players: 4, seed: 3 }, 3).states[25] as GameState;
    expect(Engine.fromState(mid).toState()).toEqual(mid);
    const copy = JSON.parse(JSON.stringify(mid)) as GameState;
    expect(Engine.fromState(copy).toState()).toEqual(mid);
  });

  it('Engine.fromState of something that is not a state throws StateError invalid-state', () => {
    const mid = JSON.parse(JSON.stringify(playSeeded({ players: 2, seed: 2 }, 2).states[10])) as Record<string, unknown>;
    mid.turn = -3;
    expect(caught(() => Engine.fromState(mid as unknown as GameState), StateError).code).toBe('invalid-state');
    expect(caught(() => Engine.fromState(null as unknown as GameState), StateError).code).toBe('invalid-state');
  });
});

describe('Engine play, clone and toState', () => {
  it('play on a clone leaves the original untouched, and play on the original leaves the clone untouched', () => {
    const original = Engine.create({ players: 3, seed: 11 });
    advance(original, 12, 11);
    const before = { moves: original.legalMoves(), state: original.toState(), scores: original.scores(), turn: original.turn };

    const copy = original.clone();
    advance(copy, 20, 12);
    expect(copy.turn).toBe(before.turn + 20);
    expect(original.turn).toBe(before.turn);
    expect(original.legalMoves()).toEqual(before.moves);
    expect(original.scores()).toEqual(before.scores);
    expect(original.movesPlayed().length).toBe(12);
    expect(original.toState()).toEqual(before.state);

    const copyState = copy.toState();
    const copyMoves = copy.legalMoves();
    advance(original, 30, 13);
    expect(copy.legalMoves()).toEqual(copyMoves);
    expect(copy.movesPlayed().length).toBe(32);
    expect(copy.toState()).toEqual(copyState);

    // Both equal the pure API replaying their own moves.
    for (const e of [original, copy]) {
      let s = createGame({ players: 3, seed: 11 });
      for (const c of e.movesPlayed()) s = applyMove(s, decodeMove(c));
      expect(e.toState()).toEqual(s);
    }
  });

  it('play on a finished game throws IllegalMoveError game-finished', () => {
    const e = Engine.create({ players: 2, seed: 4, tileSet: 'pnp-demo' });
    const last = e.legalMoves()[0] as MoveCode;
    randomPlayout(e, seededRandom(4));
    expect(e.status).toBe('finished');
    expect(e.currentTile).toBeNull();
    expect(e.tilesLeft).toBe(0);
    const played = e.movesPlayed().length;
    const err = moveError(() => e.play(last));
    expect(err.code).toBe('game-finished');
    expect(e.movesPlayed().length).toBe(played);
    expect(e.toState().status).toBe('finished');
  });

  it('toState() after playing equals the pure API state for the same moves, and is valid', () => {
    for (const options of OPTIONS) {
      const e = Engine.create(options);
      advance(e, 35, 17);
      let s = createGame(options);
      for (const c of e.movesPlayed()) s = applyMove(s, decodeMove(c));
      const t = e.toState();
      expect(t).toEqual(s);
      expect(validateState(JSON.parse(JSON.stringify(t)))).toEqual([]);
    }
  });
});

describe('Engine.shuffleTilesLeft', () => {
  const options: GameOptions = { players: 3, seed: 'shuffle' };

  it('keeps the multiset of tiles left and changes nothing else', () => {
    const e = Engine.create(options);
    advance(e, 10, 3);
    const before = e.toState();
    const moves = e.legalMoves();
    e.shuffleTilesLeft(seededRandom(1));
    const after = e.toState();
    expect(after.tilesLeft).not.toEqual(before.tilesLeft);
    expect([...after.tilesLeft].sort()).toEqual([...before.tilesLeft].sort());
    expect({ ...after, tilesLeft: [] }).toEqual({ ...before, tilesLeft: [] });
    expect(e.currentTile).toBe(before.currentTile);
    expect(e.tilesLeft).toBe(before.tilesLeft.length);
    expect(e.turn).toBe(before.turn);
    expect(e.currentPlayer).toBe(before.currentPlayer);
    expect(e.scores()).toEqual(scoresOf(before));
    expect(e.legalMoves()).toEqual(moves);
    expect(validateState(JSON.parse(JSON.stringify(after)))).toEqual([]);
  });

  it("after shuffling and playing, toState() is a valid state whose tiles left follow the engine's draws", () => {
    for (const [i, o] of [options, { players: 2, seed: 8, tileSet: 'pnp-demo' as const }].entries()) {
      const e = Engine.create(o);
      advance(e, 5, 40 + i);
      e.shuffleTilesLeft(seededRandom(`s${i}`));
      const shuffled = e.toState();
      const order = [shuffled.currentTile as string, ...shuffled.tilesLeft];
      // Play on, recording each tile the engine draws.
      const drawn: string[] = [];
      const r = lcg(50 + i);
      const buf = new Int32Array(e.maxMoves);
      for (let t = 0; t < 25 && e.status === 'playing'; t++) {
        drawn.push(e.currentTile as string);
        const n = e.legalMoves(buf);
        e.play(buf[r() % n] as MoveCode);
      }
      const s = e.toState();
      expect(validateState(JSON.parse(JSON.stringify(s)))).toEqual([]);
      expect(s.currentTile).toBe(e.currentTile);
      expect(s.tilesLeft.length).toBe(e.tilesLeft);
      expect(s.turn).toBe(e.turn);
      expect(scoresOf(s)).toEqual(e.scores());
      // The tiles placed since the shuffle are the engine's draws, in order.
      expect(s.placements.slice(shuffled.placements.length).map((p) => p.tile)).toEqual(drawn);
      // Placed, discarded, current and left since the shuffle run through the shuffled order.
      const newDiscards = s.discarded.slice(shuffled.discarded.length);
      const consumed = order.length - s.tilesLeft.length - (s.currentTile === null ? 0 : 1);
      expect(s.tilesLeft).toEqual(order.slice(order.length - s.tilesLeft.length));
      if (s.currentTile !== null) expect(s.currentTile).toBe(order[consumed]);
      expect([...drawn, ...newDiscards].sort()).toEqual(order.slice(0, consumed).sort());
      // And the pure API, from the shuffled state, plays the same moves to the same state.
      let p = shuffled;
      for (const c of e.movesPlayed().slice(5)) p = applyMove(p, decodeMove(c));
      expect(p).toEqual(s);
    }
  });
});

describe("The engine with unplaceable tiles returned to the bag (rules.unplaceable 'returned')", () => {
  // A 5 × 3 table fills quickly: from then on most draws set tiles aside and put them back.
  const options: GameOptions = {
    players: 2,
    seed: 'returned',
    rules: { table: { minX: -2, maxX: 2, minY: -1, maxY: 1 }, unplaceable: 'returned' },
  };

  it('plays the same game as the pure API, tiles put back and bags shaken included', () => {
    const e = Engine.create(options);
    advance(e, 40, 7);
    expect(e.status).toBe('finished');
    const s = e.toState();
    let p = createGame(options);
    let returned = 0;
    for (const c of e.movesPlayed()) {
      p = applyMove(p, decodeMove(c));
      returned += p.events.filter((ev) => ev.type === 'tile-returned').length;
    }
    expect(returned).toBeGreaterThan(0);
    expect(JSON.stringify(s)).toBe(JSON.stringify(p));
    expect(e.scores()).toEqual(scoresOf(p));
  });

  it("after shuffleTilesLeft, tiles put back are dealt from the search's random, never as the real game deals them", () => {
    // The real game: the first move after which tiles went back into the bag.
    let s = createGame(options);
    let next = s;
    for (let i = 0; s.status === 'playing'; i++) {
      const moves = legalMoves(s);
      next = applyMove(s, moves[(i * 7) % moves.length] as Move);
      if (next.status === 'playing' && next.events.some((ev) => ev.type === 'tile-returned')) break;
      s = next;
    }
    expect(next.events.some((ev) => ev.type === 'tile-returned')).toBe(true);
    const move = next.placements.at(-1) as GameState['placements'][number];
    let compared = 0;
    for (let d = 0; d < 60; d++) {
      const e = Engine.fromState(s);
      e.shuffleTilesLeft(seededRandom(`deal ${d}`));
      e.play(encodeMove({ x: move.x, y: move.y, rotation: move.rotation, ...(move.meeple === null ? {} : { meeple: move.meeple }) }));
      const st = e.toState();
      if (st.currentTile !== next.currentTile || st.tilesLeft.length !== next.tilesLeft.length) continue;
      compared++;
      expect(st.tilesLeft).not.toEqual(next.tilesLeft);
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('after shuffleTilesLeft, toState() follows the tiles the engine drew and is a valid state', () => {
    const e = Engine.create(options);
    advance(e, 2, 3);
    e.shuffleTilesLeft(seededRandom('deal'));
    advance(e, 40, 5);
    const s = e.toState();
    expect(validateState(JSON.parse(JSON.stringify(s)))).toEqual([]);
    expect([s.status, s.turn, scoresOf(s)]).toEqual([e.status, e.turn, e.scores()]);
  });
});

describe('The River and The Abbot in the engine', () => {
  const RIVER_ABBOT: GameOptions = { players: 3, seed: 'abbot codes', expansions: ['river', 'abbot'] };

  /**
   * Plays a river + abbot game on the engine and the pure API side by side, preferring the
   * abbot's moves (deploy when possible, else take it back every other time), and hands each
   * position's codes to `check`.
   */
  function playAbbotGame(
    options: GameOptions,
    check: (e: Engine, s: GameState, codes: MoveCode[]) => void,
  ): { deploys: number; recalls: number } {
    const e = Engine.create(options);
    let s = createGame(options);
    const r = lcg(77);
    let deploys = 0;
    let recalls = 0;
    while (e.status === 'playing') {
      const codes = e.legalMoves();
      check(e, s, codes);
      const abbot = codes.filter((c) => decodeMove(c).meeple?.kind === 'abbot');
      const back = codes.filter((c) => decodeMove(c).recall === 'abbot');
      let code: MoveCode;
      if (abbot.length > 0) code = abbot[r() % abbot.length] as MoveCode;
      else if (back.length > 0 && r() % 2 === 0) code = back[r() % back.length] as MoveCode;
      else code = codes[r() % codes.length] as MoveCode;
      if (decodeMove(code).meeple?.kind === 'abbot') deploys++;
      if (decodeMove(code).recall === 'abbot') recalls++;
      e.play(code);
      s = applyMove(s, decodeMove(code, s.currentTile as string));
    }
    expect(e.toState()).toEqual(s);
    return { deploys, recalls };
  }

  it("abbot deploy and recall codes: bits as documented, encode(decode(code)) = code, and the pure API's moves", () => {
    const { deploys, recalls } = playAbbotGame(RIVER_ABBOT, (_, s, codes) => {
      const tile = s.currentTile as string;
      expect(codes.map((c) => JSON.stringify(decodeMove(c, tile))).sort()).toEqual(
        legalMoves(s)
          .map((m) => JSON.stringify(m))
          .sort(),
      );
      for (const code of codes) {
        const m = decodeMove(code);
        expect(encodeMove(m)).toBe(code);
        if (m.meeple?.kind === 'abbot') {
          // docs: bits 5–8 = 1 for the abbot, bits 1–4 = 1 + the spot's index in SPOTS (C or G).
          expect((code >> 5) & 15).toBe(1);
          expect((code >> 1) & 15).toBe(SPOTS.indexOf(m.meeple.at) + 1);
          expect(['C', 'G']).toContain(m.meeple.at);
          expect(code & 1).toBe(0);
        } else if (m.recall === 'abbot') {
          // bit 0, the abbot's figure code, and no spot bits.
          expect(code & 1).toBe(1);
          expect(code & 0x1e).toBe(0);
          expect(m.meeple).toBeUndefined();
          expect(code & ~0x1ff).toBe(encodeMove({ x: m.x, y: m.y, rotation: m.rotation }));
        } else {
          expect((code >> 5) & 15).toBe(0);
          expect(code & 1).toBe(0);
        }
      }
    });
    expect(deploys).toBeGreaterThan(0);
    expect(recalls).toBeGreaterThan(0);
  });

  it("engine.inSupply(p, 'abbot') is the state's abbot supply: 1 or 0 with The Abbot, always 0 without", () => {
    const fresh = Engine.create(RIVER_ABBOT);
    expect([0, 1, 2].map((p) => fresh.inSupply(p, 'abbot'))).toEqual([1, 1, 1]);
    const base = Engine.create({ players: 2, seed: 1 });
    randomPlayout(base, seededRandom(1));
    expect([0, 1].map((p) => base.inSupply(p, 'abbot'))).toEqual([0, 0]);
    const river = Engine.create({ players: 2, seed: 1, expansions: ['river'] });
    expect([0, 1].map((p) => river.inSupply(p, 'abbot'))).toEqual([0, 0]);
    let wasOnBoard = false;
    playAbbotGame({ players: 2, seed: 'abbots', expansions: ['abbot'] }, (e, s) => {
      s.players.forEach((p, i) => {
        expect(e.inSupply(i, 'abbot')).toBe(p.abbots);
        expect(p.abbots + s.meeples.filter((m) => m.owner === i && m.kind === 'abbot').length).toBe(1);
      });
      if (s.players.some((p) => p.abbots === 0)) wasOnBoard = true;
    });
    expect(wasOnBoard).toBe(true);
  });

  /** The tiles left of an engine, split into the draw's parts: river course tiles, the lake, and the land. */
  function parts(tiles: readonly string[]) {
    const course = tiles.filter((t) => t.startsWith('RV-') && t !== 'RV-lake');
    const lake = tiles.indexOf('RV-lake');
    return { course, lake, land: tiles.filter((t) => !t.startsWith('RV-')) };
  }

  it('shuffleTilesLeft keeps the river structure: river tiles first, the lake after them, a first-land D next, then the land', () => {
    for (const riverStartTile of ['removed', 'shuffled', 'first-land'] as const) {
      const options: GameOptions = {
        players: 2,
        seed: `shuffle ${riverStartTile}`,
        expansions: ['river', 'abbot'],
        rules: { riverStartTile },
      };
      for (const turns of [0, 4, 9]) {
        const e = Engine.create(options);
        advance(e, turns, 5);
        const before = e.toState();
        expect(before.currentTile?.startsWith('RV-')).toBe(true);
        e.shuffleTilesLeft(seededRandom(`s${turns}`));
        const after = e.toState().tilesLeft;
        expect([...after].sort()).toEqual([...before.tilesLeft].sort());
        expect(after).not.toEqual(before.tilesLeft);
        const p = parts(after);
        // River course tiles, then the lake (rules-facts §f: the lake at the bottom of the river stack).
        expect(after.slice(0, p.course.length)).toEqual(p.course);
        expect(p.lake).toBe(p.course.length);
        const rest = after.slice(p.lake + 1);
        expect(rest).toEqual(p.land);
        if (riverStartTile === 'first-land') expect(rest[0]).toBe('D');
        expect(e.currentTile).toBe(before.currentTile);
        // The pure API plays on from the shuffled order to the engine's state.
        advance(e, 15, 6);
        let s = loadState(JSON.parse(JSON.stringify({ ...before, tilesLeft: after })));
        for (const c of e.movesPlayed().slice(turns)) s = applyMove(s, decodeMove(c));
        expect(e.toState()).toEqual(s);
      }
    }
  });

  it('shuffleTilesLeft with the lake or the first-land D as current tile, and once the land has started', () => {
    const options: GameOptions = { players: 2, seed: 'lake', expansions: ['river'], rules: { riverStartTile: 'first-land' } };
    const e = Engine.create(options);
    // Play until the lake is the current tile (every river tile fits: the river never gets stuck here).
    const r = lcg(3);
    while (e.currentTile !== 'RV-lake') e.play(e.legalMoves()[r() % e.legalMoves().length] as MoveCode);
    e.shuffleTilesLeft(seededRandom(1));
    expect(e.toState().tilesLeft[0]).toBe('D');
    expect(e.toState().tilesLeft.filter((t) => t.startsWith('RV-'))).toEqual([]);
    e.play(e.legalMoves()[0] as MoveCode);
    expect(e.currentTile).toBe('D');
    // The first land tile is drawn: the other copies of D are plain land tiles, shuffled anywhere.
    const firsts = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const c = e.clone();
      c.shuffleTilesLeft(seededRandom(i));
      firsts.add(c.toState().tilesLeft[0] as string);
    }
    expect(firsts.size).toBeGreaterThan(1);
  });

  it('shuffleTilesLeft depends only on which tiles are left, not on their order (base and river games)', () => {
    const base = createGame({ players: 2, seed: 9 });
    const reversedBase = loadState(JSON.parse(JSON.stringify({ ...base, tilesLeft: [...base.tilesLeft].reverse() })));
    const [a0, b0] = [Engine.fromState(base), Engine.fromState(reversedBase)];
    a0.shuffleTilesLeft(seededRandom(1));
    b0.shuffleTilesLeft(seededRandom(1));
    expect(b0.toState().tilesLeft).toEqual(a0.toState().tilesLeft);
    for (const riverStartTile of ['removed', 'first-land'] as const) {
      const s = createGame({ players: 2, seed: 9, expansions: ['river', 'abbot'], rules: { riverStartTile } });
      const reversed = loadState(JSON.parse(JSON.stringify({ ...s, tilesLeft: [...s.tilesLeft].reverse() })));
      const a = Engine.fromState(s);
      const b = Engine.fromState(reversed);
      a.shuffleTilesLeft(seededRandom(1));
      b.shuffleTilesLeft(seededRandom(1));
      expect(b.toState().tilesLeft).toEqual(a.toState().tilesLeft);
      // And the reversed bag, once shuffled, has the river structure back.
      const p = parts(b.toState().tilesLeft);
      expect(p.lake).toBe(p.course.length);
    }
  });
});

describe('Inns & Cathedrals in the engine', () => {
  const SIX: GameOptions = { players: 6, seed: 'large codes', expansions: ['inns-cathedrals'] };
  const ALL: GameOptions = { players: 3, seed: 'all three', expansions: ['river', 'abbot', 'inns-cathedrals'] };
  const FIGURE_BITS = 15 << 5;

  /**
   * Plays a game on the engine and the pure API side by side, deploying the large meeple whenever it
   * can one time in two, and hands each position's codes to `check`. Returns the large meeple deploys.
   */
  function playLargeGame(options: GameOptions, check: (e: Engine, s: GameState, codes: MoveCode[]) => void): number {
    const e = Engine.create(options);
    let s = createGame(options);
    const r = lcg(19);
    let deploys = 0;
    while (e.status === 'playing') {
      const codes = e.legalMoves();
      check(e, s, codes);
      const large = codes.filter((c) => decodeMove(c).meeple?.kind === 'large');
      const code = (large.length > 0 && r() % 2 === 0 ? large[r() % large.length] : codes[r() % codes.length]) as MoveCode;
      if (decodeMove(code).meeple?.kind === 'large') deploys++;
      e.play(code);
      s = applyMove(s, decodeMove(code, s.currentTile as string));
    }
    expect(e.toState()).toEqual(s);
    return deploys;
  }

  it("large meeple codes on a real 6-player game: figure 2 in bits 5–8, the spot in bits 1–4, encode(decode(code)) = code, the pure API's moves", () => {
    const deploys = playLargeGame(SIX, (_, s, codes) => {
      const tile = s.currentTile as string;
      expect(codes.map((c) => JSON.stringify(decodeMove(c, tile))).sort()).toEqual(
        legalMoves(s)
          .map((m) => JSON.stringify(m))
          .sort(),
      );
      const player = s.players[s.currentPlayer] as GameState['players'][number];
      const set = new Set(codes);
      for (const code of codes) {
        const m = decodeMove(code);
        expect(encodeMove(m)).toBe(code);
        if (m.meeple?.kind !== 'large') continue;
        // docs: bits 5–8 = 2 for the large meeple, bits 1–4 = 1 + the spot's index in SPOTS, no recall bit.
        expect((code >> 5) & 15).toBe(2);
        expect((code >> 1) & 15).toBe(SPOTS.indexOf(m.meeple.at) + 1);
        expect(code & 1).toBe(0);
        expect(player.largeMeeples).toBe(1);
        // rules-facts §d: placed like a follower, so the same spot is offered to a follower (when one is in supply).
        if (player.meeples > 0) expect(set.has(code & ~FIGURE_BITS)).toBe(true);
      }
    });
    expect(deploys).toBeGreaterThan(0);
  });

  it("engine.inSupply(p, 'large') is the state's large meeple supply: 1 or 0 with Inns & Cathedrals, always 0 without", () => {
    const fresh = Engine.create(SIX);
    expect([0, 1, 2, 3, 4, 5].map((p) => fresh.inSupply(p, 'large'))).toEqual([1, 1, 1, 1, 1, 1]);
    const base = Engine.create({ players: 2, seed: 1 });
    randomPlayout(base, seededRandom(1));
    expect([0, 1].map((p) => base.inSupply(p, 'large'))).toEqual([0, 0]);
    const abbot = Engine.create({ players: 2, seed: 1, expansions: ['river', 'abbot'] });
    expect([0, 1].map((p) => abbot.inSupply(p, 'large'))).toEqual([0, 0]);
    let wasOnBoard = false;
    const deploys = playLargeGame(ALL, (e, s) => {
      s.players.forEach((p, i) => {
        expect(e.inSupply(i, 'large')).toBe(p.largeMeeples);
        expect(e.meeples(i)).toBe(p.meeples);
        expect(e.inSupply(i, 'abbot')).toBe(p.abbots);
        expect(p.largeMeeples + s.meeples.filter((m) => m.owner === i && m.kind === 'large').length).toBe(1);
      });
      if (s.players.some((p) => p.largeMeeples === 0)) wasOnBoard = true;
    });
    expect(deploys).toBeGreaterThan(0);
    expect(wasOnBoard).toBe(true);
  });

  it('encodeMove / decodeMove of large meeple moves; figure bits 2 without a spot, or with a recall, are malformed', () => {
    const valid = encodeMove({ x: -3, y: 2, rotation: 270 });
    expect(encodeMove({ x: -3, y: 2, rotation: 270, meeple: { at: 'N', kind: 'large' } })).toBe(valid | (2 << 5) | (1 << 1));
    expect(encodeMove({ x: -3, y: 2, rotation: 270, meeple: { at: 'I', kind: 'large' } })).toBe(
      valid | (2 << 5) | ((SPOTS.indexOf('I') + 1) << 1),
    );
    expect(decodeMove(valid | (2 << 5) | (5 << 1))).toEqual({ x: -3, y: 2, rotation: 270, meeple: { at: 'C', kind: 'large' } });
    expect(decodeMove(valid | (2 << 5) | (2 << 1), 'IC-K')).toEqual({
      tile: 'IC-K',
      x: -3,
      y: 2,
      rotation: 270,
      meeple: { at: 'E', kind: 'large' },
    });
    for (const at of SPOTS) {
      const code = encodeMove({ x: 255, y: -256, rotation: 90, meeple: { at, kind: 'large' } });
      expect(decodeMove(code)).toEqual({ x: 255, y: -256, rotation: 90, meeple: { at, kind: 'large' } });
    }
    for (const c of [valid | (2 << 5), valid | RECALL | (2 << 5), valid | RECALL | (2 << 5) | (1 << 1)]) {
      expect(moveError(() => decodeMove(c)).code, String(c)).toBe('malformed-move');
    }
  });

  it('an engine from a mid-game state with large meeples on the board continues like the pure API', () => {
    const e = Engine.create(SIX);
    advance(e, 30, 23);
    const mid = e.toState();
    const copy = Engine.fromState(JSON.parse(JSON.stringify(mid)) as GameState);
    expect(engineMoveSet(copy)).toEqual(pureMoveSet(mid));
    for (const [i, p] of mid.players.entries()) expect(copy.inSupply(i, 'large')).toBe(p.largeMeeples);
    advance(copy, 40, 24);
    let s = mid;
    for (const c of copy.movesPlayed()) s = applyMove(s, decodeMove(c));
    expect(copy.toState()).toEqual(s);
  });
});

describe('Traders & Builders in the engine', () => {
  const TRADERS: GameOptions = { players: 3, seed: 'builder codes', expansions: ['traders-builders'] };
  const ALL: GameOptions = { players: 4, seed: 'all four', expansions: ['traders-builders', 'river', 'abbot', 'inns-cathedrals'] };
  const FIGURE_BITS = 15 << 5;

  /** Whether playing `code` gives the current player a builder's second tile (tried on a clone). */
  function givesSecondTile(e: Engine, code: MoveCode): boolean {
    const c = e.clone();
    c.play(code);
    return c.builderTurn;
  }

  interface Seen {
    builders: number;
    pigs: number;
    doubleTurns: number;
    goodsTaken: number;
  }

  /**
   * Plays a game on the engine and the pure API side by side, deploying a builder or pig whenever
   * one can go one time in two, and hands each position's codes to `check`. Counts the builders and
   * pigs deployed, the builder's second tiles and the goods taken.
   */
  function playTradersGame(options: GameOptions, seed: number, check: (e: Engine, s: GameState, codes: MoveCode[]) => void): Seen {
    const e = Engine.create(options);
    let s = createGame(options);
    const r = lcg(seed);
    const seen: Seen = { builders: 0, pigs: 0, doubleTurns: 0, goodsTaken: 0 };
    while (e.status === 'playing') {
      const codes = e.legalMoves();
      check(e, s, codes);
      const joiners = codes.filter((c) => ((c >> 5) & 15) >= 3);
      const again = codes.filter((c) => givesSecondTile(e, c));
      const pool = again.length > 0 && r() % 2 === 0 ? again : joiners.length > 0 && r() % 2 === 0 ? joiners : codes;
      const code = pool[r() % pool.length] as MoveCode;
      const kind = decodeMove(code).meeple?.kind;
      if (kind === 'builder') seen.builders++;
      if (kind === 'pig') seen.pigs++;
      const mover = e.currentPlayer;
      e.play(code);
      s = applyMove(s, decodeMove(code, s.currentTile as string));
      if (e.builderTurn) {
        seen.doubleTurns++;
        // rules-facts §e: the same player plays the second tile.
        expect(e.currentPlayer).toBe(mover);
      }
      seen.goodsTaken += s.events.filter((ev) => ev.type === 'goods-taken').length;
    }
    expect(e.toState()).toEqual(s);
    return seen;
  }

  it("builder and pig codes on real games: figure 3 or 4 in bits 5–8, the spot in bits 1–4, encode(decode(code)) = code, the pure API's moves", () => {
    for (const [options, seed] of [
      [TRADERS, 1],
      [ALL, 2],
    ] as const) {
      const seen = playTradersGame(options, seed, (_, s, codes) => {
        const tile = s.currentTile as string;
        expect(codes.map((c) => JSON.stringify(decodeMove(c, tile))).sort()).toEqual(
          legalMoves(s)
            .map((m) => JSON.stringify(m))
            .sort(),
        );
        const player = s.players[s.currentPlayer] as GameState['players'][number];
        for (const code of codes) {
          const m = decodeMove(code);
          expect(encodeMove(m)).toBe(code);
          const kind = m.meeple?.kind;
          if (kind !== 'builder' && kind !== 'pig') continue;
          // docs: bits 5–8 = 3 for the builder, 4 for the pig; bits 1–4 = 1 + the spot's index in SPOTS; no recall bit.
          expect((code >> 5) & 15).toBe(kind === 'builder' ? 3 : 4);
          expect((code >> 1) & 15).toBe(SPOTS.indexOf(m.meeple?.at as Spot) + 1);
          expect(code & 1).toBe(0);
          // rules-facts §e: one builder and one pig each; the builder on a road or city, the pig on a field.
          expect(kind === 'builder' ? player.builders : player.pigs).toBe(1);
          const feature = tileDefinition(tile, m.rotation)?.features.find((f) => f.spot === m.meeple?.at);
          expect(kind === 'builder' ? ['road', 'city'] : ['field']).toContain(feature?.kind);
          // The same spot with the figure bits cleared is a follower move of the same placement.
          expect(decodeMove(code & ~FIGURE_BITS)).toEqual({ ...m, meeple: { at: m.meeple?.at, kind: 'follower' } });
        }
      });
      expect(seen.builders).toBeGreaterThan(0);
      expect(seen.pigs).toBeGreaterThan(0);
      expect(seen.doubleTurns).toBeGreaterThan(0);
    }
  });

  it("engine.builders, pigs, goods and builderTurn are the state's, all the way through; 1, 1, zeros and false at the start; 0s without the expansion", () => {
    const fresh = Engine.create(TRADERS);
    expect([0, 1, 2].map((p) => fresh.inSupply(p, 'builder'))).toEqual([1, 1, 1]);
    expect([0, 1, 2].map((p) => fresh.inSupply(p, 'pig'))).toEqual([1, 1, 1]);
    expect([0, 1, 2].map((p) => fresh.tokens(p).goods)).toEqual([0, 1, 2].map(() => ({ wine: 0, grain: 0, cloth: 0 })));
    expect(fresh.builderTurn).toBe(false);
    const base = Engine.create({ players: 2, seed: 1, expansions: ['river', 'abbot', 'inns-cathedrals'] });
    randomPlayout(base, seededRandom(1));
    expect([0, 1].map((p) => [base.inSupply(p, 'builder'), base.inSupply(p, 'pig'), base.tokens(p).goods])).toEqual(
      [0, 1].map(() => [0, 0, { wine: 0, grain: 0, cloth: 0 }]),
    );
    expect(base.builderTurn).toBe(false);
    let builderOut = false;
    let pigOut = false;
    let tokens = false;
    const seen = playTradersGame(TRADERS, 3, (e, s) => {
      expect(e.builderTurn).toBe(s.builderTurn);
      expect(e.currentPlayer).toBe(s.currentPlayer);
      s.players.forEach((p, i) => {
        expect(e.inSupply(i, 'builder')).toBe(p.builders);
        expect(e.inSupply(i, 'pig')).toBe(p.pigs);
        expect(e.tokens(i).goods).toEqual(p.goods);
        expect(e.meeples(i)).toBe(p.meeples);
        // Figure conservation: one builder and one pig each, in supply or on the board.
        expect(p.builders + s.meeples.filter((m) => m.owner === i && m.kind === 'builder').length).toBe(1);
        expect(p.pigs + s.meeples.filter((m) => m.owner === i && m.kind === 'pig').length).toBe(1);
      });
      if (s.players.some((p) => p.builders === 0)) builderOut = true;
      if (s.players.some((p) => p.pigs === 0)) pigOut = true;
      if (s.players.some((p) => p.goods.wine + p.goods.grain + p.goods.cloth > 0)) tokens = true;
    });
    expect(builderOut && pigOut && tokens).toBe(true);
    expect(seen.doubleTurns).toBeGreaterThan(0);
    expect(seen.goodsTaken).toBeGreaterThan(0);
  });

  it("engine.expansions is the state's list, in the order river, abbot, inns-cathedrals, traders-builders", () => {
    expect(Engine.create({ players: 2, seed: 1 }).expansions).toEqual([]);
    expect(Engine.create(TRADERS).expansions).toEqual(['traders-builders']);
    expect(Engine.create(ALL).expansions).toEqual(['river', 'abbot', 'inns-cathedrals', 'traders-builders']);
    expect(Engine.create({ players: 2, seed: 1, expansions: ['traders-builders', 'abbot'] }).expansions).toEqual([
      'abbot',
      'traders-builders',
    ]);
  });

  it('encodeMove / decodeMove of builder and pig moves; figure bits 3 or 4 without a spot, or with a recall, and figure bits 5 to 7, are malformed', () => {
    const valid = encodeMove({ x: 4, y: -7, rotation: 180 });
    expect(encodeMove({ x: 4, y: -7, rotation: 180, meeple: { at: 'E', kind: 'builder' } })).toBe(
      valid | (3 << 5) | ((SPOTS.indexOf('E') + 1) << 1),
    );
    expect(encodeMove({ x: 4, y: -7, rotation: 180, meeple: { at: 'SSW', kind: 'pig' } })).toBe(
      valid | (4 << 5) | ((SPOTS.indexOf('SSW') + 1) << 1),
    );
    expect(decodeMove(valid | (3 << 5) | (1 << 1))).toEqual({ x: 4, y: -7, rotation: 180, meeple: { at: 'N', kind: 'builder' } });
    expect(decodeMove(valid | (4 << 5) | ((SPOTS.indexOf('NNW') + 1) << 1), 'TB-B')).toEqual({
      tile: 'TB-B',
      x: 4,
      y: -7,
      rotation: 180,
      meeple: { at: 'NNW', kind: 'pig' },
    });
    for (const kind of ['builder', 'pig'] as const) {
      for (const at of SPOTS) {
        const code = encodeMove({ x: -256, y: 255, rotation: 270, meeple: { at, kind } });
        expect(code).toBeLessThan(2 ** 25);
        expect(decodeMove(code)).toEqual({ x: -256, y: 255, rotation: 270, meeple: { at, kind } });
      }
    }
    for (const c of [
      valid | (3 << 5),
      valid | (4 << 5),
      valid | RECALL | (3 << 5) | (1 << 1),
      valid | RECALL | (4 << 5) | (1 << 1),
      valid | (5 << 5) | (1 << 1),
      valid | (6 << 5) | (2 << 1),
      valid | (7 << 5) | (3 << 1),
    ]) {
      expect(moveError(() => decodeMove(c)).code, String(c)).toBe('malformed-move');
    }
  });

  it("an engine from a state in a builder's second part (as made, or through JSON) continues like the pure API", () => {
    // A seeded game played until the builder gives a second tile.
    const e = Engine.create(TRADERS);
    const r = lcg(4);
    let s = createGame(TRADERS);
    while (!s.builderTurn && s.status === 'playing') {
      const codes = e.legalMoves();
      const builders = codes.filter((c) => ((c >> 5) & 15) === 3);
      const again = codes.filter((c) => givesSecondTile(e, c));
      const pool = again.length > 0 ? again : builders.length > 0 ? builders : codes;
      const code = pool[r() % pool.length] as MoveCode;
      e.play(code);
      s = applyMove(s, decodeMove(code));
    }
    expect(s.builderTurn).toBe(true);
    expect(e.builderTurn).toBe(true);
    expect(e.toState()).toEqual(s);
    // Shuffling the tiles left keeps the second part: same player, same flag, a valid state.
    const shuffled = e.clone();
    shuffled.shuffleTilesLeft(seededRandom('second'));
    expect([shuffled.builderTurn, shuffled.currentPlayer, shuffled.currentTile]).toEqual([true, s.currentPlayer, s.currentTile]);
    expect(validateState(JSON.parse(JSON.stringify(shuffled.toState())))).toEqual([]);
    for (const from of [s, JSON.parse(JSON.stringify(s)) as GameState]) {
      const copy = Engine.fromState(from);
      expect(copy.builderTurn).toBe(true);
      expect(copy.currentPlayer).toBe(s.currentPlayer);
      expect(engineMoveSet(copy)).toEqual(pureMoveSet(s));
      // The second tile gives no third (rules-facts §e): the next player moves after it.
      const code = copy.legalMoves()[0] as MoveCode;
      copy.play(code);
      const next = applyMove(s, decodeMove(code));
      expect(copy.builderTurn).toBe(false);
      expect(next.builderTurn).toBe(false);
      expect(copy.currentPlayer).toBe((s.currentPlayer + 1) % s.players.length);
      advance(copy, 30, 6);
      let p = s;
      for (const c of copy.movesPlayed()) p = applyMove(p, decodeMove(c));
      expect(copy.toState()).toEqual(p);
    }
  });
});

describe('randomPlayout and seededRandom', () => {
  it('seededRandom(s) is deterministic, in [0, 1), and differs between seeds', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom('42x');
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(xs);
  });

  it('the same seed gives the same final scores and the same movesPlayed()', () => {
    for (const options of OPTIONS) {
      const start = createGame(options);
      const a = Engine.fromState(start);
      const b = Engine.fromState(start);
      const na = randomPlayout(a, seededRandom(7));
      const nb = randomPlayout(b, seededRandom(7));
      expect(a.status).toBe('finished');
      expect(na).toBe(nb);
      expect(na).toBe(a.movesPlayed().length);
      expect(a.movesPlayed()).toEqual(b.movesPlayed());
      expect(a.scores()).toEqual(b.scores());
      expect(a.toState()).toEqual(b.toState());
      const c = Engine.fromState(start);
      randomPlayout(c, seededRandom(8));
      expect(c.movesPlayed()).not.toEqual(a.movesPlayed());
      // The finished state is the pure API's, and its scores are the engine's.
      const s = a.toState();
      expect(s.status).toBe('finished');
      expect(scoresOf(s)).toEqual(a.scores());
      expect(scoreFinal(s).scores).toEqual(a.scoreFinal());
    }
  });
});

describe('Engine.scoreFinal', () => {
  it('mid-game equals the pure API scoreFinal(state).scores, for every farmer rule', () => {
    const rules = ['farm-3', 'farm-3-once', 'city-4', 'none'] as const;
    for (const [i, farmers] of rules.entries()) {
      const options: GameOptions = { players: 2 + i, seed: i * 13, rules: { farmers } };
      const e = Engine.create(options);
      let s = createGame(options);
      const r = lcg(i + 100);
      const buf = new Int32Array(e.maxMoves);
      while (e.status === 'playing') {
        if (e.turn % 6 === 0) {
          expect(e.scoreFinal(), `turn ${e.turn}`).toEqual(scoreFinal(s).scores);
          expect(e.scores()).toEqual(scoresOf(s));
        }
        const n = e.legalMoves(buf);
        const c = buf[r() % n] as MoveCode;
        e.play(c);
        s = applyMove(s, decodeMove(c));
      }
      expect(e.scoreFinal()).toEqual(scoreFinal(s).scores);
      expect(e.scores()).toEqual(e.scoreFinal());
    }
  });

  it('does not change the engine', () => {
    const e = Engine.create({ players: 3, seed: 5, rules: { farmers: 'farm-3' } });
    advance(e, 40, 5);
    const state = e.toState();
    const scores = e.scores();
    const final1 = e.scoreFinal();
    expect(e.scoreFinal()).toEqual(final1);
    expect(e.scores()).toEqual(scores);
    expect(e.toState()).toEqual(state);
  });
});

describe('a custom farmer rule', () => {
  /** A custom-rule game mid-way, with farmers on the board. */
  function midGame(): GameState {
    let s = createGame({ players: 2, seed: 8, rules: { farmers: perTile } });
    const r = lcg(8);
    for (let i = 0; i < 40; i++) {
      const moves = legalMoves(s);
      const farmers = moves.filter((m) => m.meeple && m.meeple.at.length === 3);
      const pool = farmers.length > 0 && r() % 2 === 0 ? farmers : moves;
      s = applyMove(s, pool[r() % pool.length] as Move);
    }
    expect(s.meeples.some((m) => m.feature === 'field')).toBe(true);
    return s;
  }

  it('a state made in this process needs no hooks', () => {
    const s = midGame();
    const e = Engine.fromState(s);
    expect(e.scoreFinal()).toEqual(scoreFinal(s).scores);
    expect(engineMoveSet(e)).toEqual(pureMoveSet(s));
  });

  it('a JSON round-tripped state without hooks throws StateError custom-rule-missing; with hooks it works', () => {
    const s = midGame();
    const loaded = JSON.parse(JSON.stringify(s)) as GameState;
    const err = caught(() => Engine.fromState(loaded), StateError);
    expect(err.code).toBe('custom-rule-missing');
    expect(caught(() => Engine.fromState(JSON.parse(JSON.stringify(s)) as GameState, {}), StateError).code).toBe('custom-rule-missing');

    const e = Engine.fromState(loaded, { farmers: perTile });
    const expected = scoreFinal(s).scores;
    expect(expected.some((v, i) => v !== scoresOf(s)[i])).toBe(true); // the farmers count
    expect(e.scoreFinal()).toEqual(expected);
    expect(engineMoveSet(e)).toEqual(pureMoveSet(s));
    expect(e.toState()).toEqual(s);

    // Played to the end, it agrees with the pure API given the rule.
    const f = e.clone();
    randomPlayout(f, seededRandom(3));
    let p = s;
    for (const c of f.movesPlayed()) p = applyMove(p, decodeMove(c));
    expect(f.scores()).toEqual(scoresOf(p));
    expect(f.toState()).toEqual(p);
    expect(
      scoreFinal(p)
        .breakdown.filter((b) => b.kind === 'field')
        .every((b) => b.points === b.tiles.length),
    ).toBe(true);
  });
});

describe('engine misuse gives typed errors', () => {
  it('decodeMove of a BigInt or a Symbol is malformed-move, not a TypeError', () => {
    expect(caught(() => decodeMove(5n as unknown as number), IllegalMoveError).code).toBe('malformed-move');
    expect(caught(() => decodeMove(Symbol('x') as unknown as number), IllegalMoveError).code).toBe('malformed-move');
  });

  it('legalMoves(out) with a buffer smaller than maxMoves throws invalid-buffer', () => {
    const e = Engine.create({ players: 2, seed: 1 });
    const err = caught(() => e.legalMoves(new Int32Array(3)), OptionsError);
    expect(err.problems[0]?.code).toBe('invalid-buffer');
    expect(e.legalMoves(new Int32Array(e.maxMoves))).toBe(e.legalMoves().length);
  });

  it("an illegal code played unchecked makes toState() throw the pure API's error", () => {
    const e = Engine.create({ players: 2, seed: 1 });
    const state = e.toState();
    // A cell next to the board, turned so that an edge does not match: past the engine's cheap checks.
    const cells = [
      { x: 0, y: -1 },
      { x: 0, y: 1 },
      { x: -1, y: 0 },
      { x: 1, y: 0 },
    ];
    const wrong = cells
      .flatMap((c) => ([0, 90, 180, 270] as const).map((rotation) => ({ ...c, rotation })))
      .find((m) => validateMove(state, m)?.code === 'edge-mismatch');
    if (wrong === undefined) throw new Error('no mismatching placement next to the start tile');
    e.play(encodeMove(wrong));
    expect(caught(() => e.toState(), IllegalMoveError).code).toBe('edge-mismatch');
  });

  it('play refuses, before changing anything, a code that names no cell next to the board', () => {
    const e = Engine.create({ players: 2, seed: 1 });
    const before = e.toState();
    expect(caught(() => e.play(encodeMove({ x: 5, y: 5, rotation: 0 })), IllegalMoveError).code).toBe('malformed-move');
    expect(e.toState()).toEqual(before);
  });
});

describe('Engine.copyFrom', () => {
  it('makes an engine of the same setup a copy of another, like clone', () => {
    const a = Engine.create({ players: 3, seed: 'copy-a' });
    randomPlayoutSteps(a, 20);
    const b = Engine.create({ players: 3, seed: 'copy-b' });
    b.copyFrom(a);
    expect(b.legalMoves()).toEqual(a.legalMoves());
    expect(b.movesPlayed()).toEqual(a.movesPlayed());
    expect(b.toState()).toEqual(a.toState());
    // Independent afterwards.
    b.play(b.legalMoves()[0] as number);
    expect(b.turn).toBe(a.turn + 1);
    expect(a.toState().turn).toBe(a.turn);
  });

  it('refuses an engine of another setup with invalid-state', () => {
    const a = Engine.create({ players: 2, seed: 1 });
    const b = Engine.create({ players: 3, seed: 1 });
    const c = Engine.create({ players: 2, seed: 1, tileSet: 'pnp-demo' });
    expect(caught(() => b.copyFrom(a), StateError).problems[0]?.code).toBe('invalid-state');
    expect(caught(() => c.copyFrom(a), StateError).problems[0]?.code).toBe('invalid-state');
  });
});

/** Plays n seeded random moves. */
function randomPlayoutSteps(e: Engine, n: number): void {
  const r = seededRandom('steps');
  for (let i = 0; i < n && e.status === 'playing'; i++) {
    const moves = e.legalMoves();
    e.play(moves[Math.floor(r() * moves.length)] as number);
  }
}
