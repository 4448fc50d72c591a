import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type GameOptions,
  type GameState,
  IllegalMoveError,
  legalMoves,
  legalTurns,
  loadState,
  type Move,
  OptionsError,
  ROTATIONS,
  scoreFinal,
  type Spot,
  SPOTS,
  StateError,
  type TileMove,
  tileDefinition,
  type TurnMove,
  validateMove,
  validateState,
} from 'carcassonne-engine';
import {
  decodeMove,
  decodeTurn,
  Engine,
  encodeMove,
  encodeTurn,
  type MoveCode,
  randomPlayout,
  seededRandom,
  type TurnCode,
} from 'carcassonne-engine/engine';
import { perTile } from '../support/custom-rule';
import { caught } from '../support/caught';
import { lcg, playSeeded } from '../support/play';

// Unit tests of the unchecked fast path (carcassonne-engine/engine) against the pure API.

// The move-code layout (docs/engine.md, move codes; src/core/move-code.ts): the step in bits 28–30
// (0 tile, 1 action). A tile step: x + 1024 in bits 0–10, y + 1024 in 11–21, quarter turns in
// 22–23, the hand slot in 24–25. An action step: the action in bits 0–3 (0 pass, 1 deploy, 2 take
// back), the figure kind in 4–8, the spot (0 none, else 1 + its index in SPOTS) in 9–13.
const STEP_ACTION = 1 << 28;
/** The pass's code. */
const PASS = STEP_ACTION;
const DEPLOY = STEP_ACTION | 1;
const TAKE_BACK = STEP_ACTION | 2;
/** Figure kinds: 0 follower, 1 abbot, 2 large, 3 builder, 4 pig. */
const figureBits = (kind: number): number => kind << 4;
const spotBits = (spot: Spot): number => (SPOTS.indexOf(spot) + 1) << 9;
/** Taking the abbot (figure kind 1) back. */
const RECALL = TAKE_BACK | figureBits(1);
/** A tile step's code from its fields. */
const tileBits = (x: number, y: number, q: number, slot = 0): number => (x + 1024) | ((y + 1024) << 11) | (q << 22) | (slot << 24);

// Turn codes: the action step's fields (its code's low 27 bits) × 2^26 + the tile step's code; a
// step alone is -1 − its code. Arithmetic, not bitwise: turn codes run up to 2^53.
const TILE_FIELDS = 2 ** 26;
const ACTION_MASK = 2 ** 27 - 1;
const turnOfSteps = (tile: number, action: number): TurnCode => (tile < 0 ? -1 - action : (action & ACTION_MASK) * TILE_FIELDS + tile);
/** The action step's fields of a turn code (0: the pass). */
const actionFields = (turn: TurnCode): number => (turn < 0 ? (-1 - turn) & ACTION_MASK : Math.floor(turn / TILE_FIELDS));
/** The tile step's code of a turn code, or -1 for an action alone. */
const tileCodeOf = (turn: TurnCode): number => (turn < 0 ? -1 : turn % TILE_FIELDS);

/** A turn code of a tile step decoded as the whole turn it is. */
const turnOf = (code: TurnCode, tile?: string): TurnMove => decodeTurn(code, tile) as TurnMove;

/** The engine's legal whole turns as sorted JSON strings of decoded turns (no `tile`). */
const engineTurnSet = (e: Engine): string[] =>
  e
    .legalTurns()
    .map((c) => JSON.stringify(decodeTurn(c)))
    .sort();

/** The pure API's legal whole turns as sorted JSON strings, `tile` stripped. */
const pureTurnSet = (s: GameState): string[] =>
  legalTurns(s)
    .map(({ tile: _tile, ...rest }) => JSON.stringify(rest))
    .sort();

/** The engine's legal moves of the current step as sorted JSON strings of decoded moves, naming the tile. */
const engineStepSet = (e: Engine): string[] =>
  e
    .legalMoves()
    .map((c) => JSON.stringify(decodeMove(c, e.currentTile ?? undefined)))
    .sort();

/** The pure API's legal moves of the current step as sorted JSON strings. */
const pureStepSet = (s: GameState): string[] =>
  legalMoves(s)
    .map((m) => JSON.stringify(m))
    .sort();

const scoresOf = (s: GameState): number[] => s.players.map((p) => p.score);

/** Plays up to `turns` whole turns on the engine, picking among its legalTurns with `lcg(seed)`; returns the turn codes played. */
function advance(e: Engine, turns: number, seed: number): TurnCode[] {
  const r = lcg(seed);
  const buf = new Float64Array(e.maxMoves);
  const played: TurnCode[] = [];
  for (let i = 0; i < turns && e.status === 'playing'; i++) {
    const n = e.legalTurns(buf);
    const turn = buf[r() % n] as TurnCode;
    e.playTurn(turn);
    played.push(turn);
  }
  return played;
}

/**
 * The whole turns of a list of step codes (as `movesPlayed` gives them): each tile step with the
 * action step after it, the pass when none follows; an action step with no tile before it alone.
 */
function turnCodesOf(steps: readonly MoveCode[]): TurnCode[] {
  const out: TurnCode[] = [];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as MoveCode;
    if (step >>> 28 !== 0) {
      out.push(turnOfSteps(-1, step));
      continue;
    }
    const next = steps[i + 1];
    const acted = next !== undefined && next >>> 28 === 1;
    out.push(turnOfSteps(step, acted ? next : PASS));
    if (acted) i++;
  }
  return out;
}

/** The pure API's state after the turn codes `turns` from `start`, each played as a whole turn. */
function replay(start: GameState, turns: readonly TurnCode[]): GameState {
  let s = start;
  for (const t of turns) s = applyMove(s, decodeTurn(t, s.currentTile ?? undefined));
  return s;
}

/**
 * Checks the engine's legalTurns against its legalMoves: at the tile step each tile code in
 * legalMoves order, with the pass first and then each action the tile allows (the action step's
 * legalMoves on a clone with the tile placed), the pass alone for a tile with no action step; at
 * the action step, each action alone.
 */
function expectTurnsOfSteps(e: Engine): void {
  const turns = e.legalTurns();
  const steps = e.legalMoves();
  if (e.step === 'action') {
    expect(turns).toEqual(steps.map((a) => turnOfSteps(-1, a)));
    expect(turns.map((t) => decodeTurn(t))).toEqual(steps.map((a) => decodeMove(a)));
    return;
  }
  const expected: TurnCode[] = [];
  for (const tile of steps) {
    const c = e.clone();
    c.play(tile);
    const actions = c.step === 'action' ? c.legalMoves() : [PASS];
    expect(actions[0]).toBe(PASS);
    expect(actions.length).toBeGreaterThan(c.step === 'action' ? 1 : 0);
    for (const a of actions) expected.push(turnOfSteps(tile, a));
  }
  expect(turns).toEqual(expected);
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

describe('move codes: encodeMove / decodeMove, encodeTurn / decodeTurn', () => {
  const COORDS = [-1024, -1023, -1, 0, 1, 1022, 1023];

  it('tile steps round-trip in every rotation, at coordinate extremes -1024 and 1023, with the fields in their bits', () => {
    const seen = new Set<number>();
    for (const x of COORDS) {
      for (const y of COORDS) {
        for (const rotation of ROTATIONS) {
          const move: TileMove = { type: 'tile', x, y, rotation };
          const code = encodeMove(move);
          expect(Number.isInteger(code)).toBe(true);
          expect(code).toBeGreaterThanOrEqual(0);
          expect(code).toBeLessThan(2 ** 31);
          expect(code >>> 28).toBe(0);
          expect(code).toBe(tileBits(x, y, rotation / 90));
          expect(code & 0x7ff).toBe(x + 1024);
          expect((code >>> 11) & 0x7ff).toBe(y + 1024);
          expect((code >>> 22) & 3).toBe(rotation / 90);
          expect(decodeMove(code)).toEqual(move);
          expect(encodeMove(decodeMove(code))).toBe(code);
          seen.add(code);
        }
      }
    }
    // Distinct moves get distinct codes.
    expect(seen.size).toBe(COORDS.length ** 2 * ROTATIONS.length);
  });

  it('action steps round-trip: the pass, a follower on every spot, with the step, action, figure and spot in their bits', () => {
    const seen = new Set<number>();
    expect(encodeMove({ type: 'pass' })).toBe(1 << 28);
    expect(decodeMove(1 << 28)).toEqual({ type: 'pass' });
    seen.add(encodeMove({ type: 'pass' }));
    for (const at of SPOTS) {
      const move: Move = { type: 'meeple', at, kind: 'follower' };
      const code = encodeMove(move);
      expect(code >>> 28).toBe(1);
      expect(code & 15).toBe(1);
      expect((code >>> 4) & 31).toBe(0);
      expect((code >>> 9) & 31).toBe(SPOTS.indexOf(at) + 1);
      expect(code).toBe(DEPLOY | spotBits(at));
      expect(decodeMove(code)).toEqual(move);
      expect(encodeMove(decodeMove(code))).toBe(code);
      seen.add(code);
    }
    expect(seen.size).toBe(1 + SPOTS.length);
  });

  it('encodeMove ignores `tile` without a hand, treats a missing kind as follower, and refuses a whole turn with malformed-move', () => {
    const plain = encodeMove({ type: 'tile', x: 3, y: -4, rotation: 180 });
    expect(plain).toBe(tileBits(3, -4, 2));
    expect(encodeMove({ type: 'tile', x: 3, y: -4, rotation: 180, tile: 'D' })).toBe(plain);
    expect(encodeMove({ type: 'meeple', at: 'NNE' })).toBe(encodeMove({ type: 'meeple', at: 'NNE', kind: 'follower' }));
    expect(encodeMove({ type: 'meeple', at: 'NNE' })).toBe(DEPLOY | spotBits('NNE'));
    for (const turn of [
      { x: 3, y: -4, rotation: 180 },
      { type: 'turn', x: 3, y: -4, rotation: 180 },
      { x: 3, y: -4, rotation: 180, meeple: { at: 'N' } },
      { x: 3, y: -4, rotation: 180, recall: 'abbot' },
    ]) {
      expect(moveError(() => encodeMove(turn as unknown as Move)).code, JSON.stringify(turn)).toBe('malformed-move');
    }
  });

  it('decodeMove names `tile` only for a tile step and only when it is given; decodeTurn puts it first', () => {
    const code = encodeMove({ type: 'tile', x: -2, y: 5, rotation: 270 });
    const bare = decodeMove(code);
    expect('tile' in bare).toBe(false);
    expect(Object.keys(bare).sort()).toEqual(['rotation', 'type', 'x', 'y']);
    expect(bare).toEqual({ type: 'tile', x: -2, y: 5, rotation: 270 });
    expect(decodeMove(code, 'B')).toEqual({ type: 'tile', tile: 'B', x: -2, y: 5, rotation: 270 });
    // An action step names no tile, given or not.
    const deploy = encodeMove({ type: 'meeple', at: 'C' });
    expect(decodeMove(deploy, 'B')).toEqual({ type: 'meeple', at: 'C', kind: 'follower' });
    expect('tile' in decodeMove(deploy, 'B')).toBe(false);
    // A whole turn: `tile` first when given, the meeple's kind always written.
    const turn = encodeTurn({ x: -2, y: 5, rotation: 270, meeple: { at: 'C' } });
    expect(decodeTurn(turn)).toEqual({ x: -2, y: 5, rotation: 270, meeple: { at: 'C', kind: 'follower' } });
    expect('tile' in decodeTurn(turn)).toBe(false);
    expect(JSON.stringify(decodeTurn(turn, 'B'))).toBe(
      JSON.stringify({ tile: 'B', x: -2, y: 5, rotation: 270, meeple: { at: 'C', kind: 'follower' } }),
    );
    const alone = decodeTurn(encodeTurn({ x: 0, y: 1, rotation: 0 }));
    expect(Object.keys(alone).sort()).toEqual(['rotation', 'x', 'y']);
    expect(decodeTurn(encodeTurn({ x: 0, y: 1, rotation: 0 }), 'D')).toEqual({ tile: 'D', x: 0, y: 1, rotation: 0 });
  });

  it('encodeMove rejects coordinates outside -1024..1023 and malformed moves with malformed-move', () => {
    const bad: unknown[] = [
      { type: 'tile', x: 1024, y: 0, rotation: 0 },
      { type: 'tile', x: -1025, y: 0, rotation: 0 },
      { type: 'tile', x: 0, y: 1024, rotation: 0 },
      { type: 'tile', x: 0, y: -1025, rotation: 0 },
      { type: 'tile', x: 5000, y: -5000, rotation: 90 },
      { type: 'tile', x: 1.5, y: 0, rotation: 0 },
      { type: 'tile', x: 0, y: Number.NaN, rotation: 0 },
      { type: 'tile', x: 0, y: 0, rotation: 45 },
      { type: 'tile', x: 0, y: 0 },
      { type: 'tile', x: 0, y: 0, rotation: 0, extra: 1 },
      { type: 'tile', x: 0, y: 0, rotation: 0, meeple: { at: 'N' } },
      { type: 'meeple', at: 'N', kind: 'giant' },
      { type: 'meeple', at: 'N', x: 0 },
      { type: 'recall', kind: 'follower' },
      { type: 'recall', kind: 'large' },
      { type: 'recall' },
      { type: 'pass', at: 'N' },
      { type: 'move', x: 0, y: 0, rotation: 0 },
      { x: 0, y: 0, rotation: 0 },
      null,
      42,
    ];
    for (const m of bad) expect(moveError(() => encodeMove(m as Move)).code, JSON.stringify(m)).toBe('malformed-move');
    // And encodeTurn, for whole turns.
    const badTurns: unknown[] = [
      { x: 1024, y: 0, rotation: 0 },
      { x: 0, y: -1025, rotation: 0 },
      { x: 0, y: 0, rotation: 45 },
      { x: 0, y: 0, rotation: 0, extra: 1 },
      { x: 0, y: 0, rotation: 0, meeple: { at: 'N', kind: 'giant' } },
      { x: 0, y: 0, rotation: 0, recall: 'follower' },
      { x: 0, y: 0, rotation: 0, meeple: 'N' },
      { type: 'tile', x: 0, y: 1, rotation: 0 },
      null,
      42,
    ];
    for (const m of badTurns) expect(moveError(() => encodeTurn(m as TurnMove)).code, JSON.stringify(m)).toBe('malformed-move');
  });

  it('encodeMove and encodeTurn reject an unknown meeple spot with unknown-spot', () => {
    for (const at of ['X', 'n', '', 'NN', 3, null]) {
      expect(moveError(() => encodeMove({ type: 'meeple', at: at as Spot })).code).toBe('unknown-spot');
      expect(moveError(() => encodeTurn({ x: 0, y: 0, rotation: 0, meeple: { at: at as Spot } })).code).toBe('unknown-spot');
    }
  });

  it('decodeMove rejects non-integers, out-of-range numbers, unknown steps and invalid action, figure or spot bits with malformed-move', () => {
    const valid = encodeMove({ type: 'tile', x: 1, y: 1, rotation: 90 });
    expect(valid).toBe(tileBits(1, 1, 1));
    const bad: unknown[] = [
      -1,
      2 ** 31,
      2 ** 32,
      1.5,
      valid + 0.25,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '5',
      null,
      undefined,
      valid | (1 << 26), // a tile step has no bits above its hand slot
      valid | (1 << 27),
      2 << 28, // step 2: no such step
      7 << 28,
      PASS | figureBits(1), // the pass names no figure
      PASS | (1 << 9), // nor a spot
      DEPLOY, // a follower deployed nowhere
      DEPLOY | figureBits(1), // an abbot deployed nowhere
      DEPLOY | figureBits(7) | (1 << 9), // figure kind 7: none defined (5 is The Tower's floor)
      DEPLOY | figureBits(31) | (3 << 9),
      DEPLOY | (16 << 9), // spot field 16: SPOTS has 15 entries
      DEPLOY | (31 << 9),
      DEPLOY | (1 << 9) | (1 << 14), // an action step has no bits above its spot
      RECALL | (5 << 9), // taking the abbot back names no spot
      TAKE_BACK | figureBits(2), // taking back a large meeple, which is never taken back
      TAKE_BACK, // taking back a follower
      STEP_ACTION | 3 | (1 << 9), // action 3: no such action
      STEP_ACTION | 15,
    ];
    for (const c of bad) expect(moveError(() => decodeMove(c as MoveCode)).code, String(c)).toBe('malformed-move');
    // Hand slot bits 24–25 (hands of tiles): given the hand, the tile in that slot; a slot past the hand is no move.
    expect((decodeMove(valid | (1 << 24), ['U', 'V']) as TileMove).tile).toBe('V');
    expect(decodeMove(valid | (1 << 24), ['U', 'V'])).toEqual({ type: 'tile', tile: 'V', x: 1, y: 1, rotation: 90 });
    expect(encodeMove({ type: 'tile', tile: 'V', x: 1, y: 1, rotation: 90 }, ['U', 'V'])).toBe(valid | (1 << 24));
    expect(moveError(() => decodeMove(valid | (2 << 24), ['U', 'V'])).code).toBe('malformed-move');
    expect(moveError(() => encodeMove({ type: 'tile', tile: 'X', x: 0, y: 1, rotation: 0 }, ['U', 'V'])).code).toBe('wrong-tile');
    // Spot field 15 names the last spot (SPOTS has 15 entries).
    expect(decodeMove(DEPLOY | (15 << 9))).toEqual({ type: 'meeple', at: SPOTS[14], kind: 'follower' });
    expect(decodeMove(DEPLOY | figureBits(1) | (5 << 9))).toEqual({ type: 'meeple', at: 'C', kind: 'abbot' });
    expect(decodeMove(RECALL)).toEqual({ type: 'recall', kind: 'abbot' });
    expect(encodeMove({ type: 'recall', kind: 'abbot' })).toBe(RECALL);
    expect(encodeMove({ type: 'meeple', at: 'G', kind: 'abbot' })).toBe(DEPLOY | figureBits(1) | (15 << 9));
  });

  it('turn codes: the action fields × 2^26 + the tile code, an action alone -1 − its code; encodeTurn / decodeTurn round-trip', () => {
    const tile = encodeMove({ type: 'tile', x: -2, y: 5, rotation: 270 });
    const cases: [TurnMove, MoveCode][] = [
      [{ x: -2, y: 5, rotation: 270 }, PASS],
      [{ x: -2, y: 5, rotation: 270, meeple: { at: 'C', kind: 'follower' } }, DEPLOY | spotBits('C')],
      [{ x: -2, y: 5, rotation: 270, meeple: { at: 'G', kind: 'abbot' } }, DEPLOY | figureBits(1) | spotBits('G')],
      [{ x: -2, y: 5, rotation: 270, meeple: { at: 'I', kind: 'large' } }, DEPLOY | figureBits(2) | spotBits('I')],
      [{ x: -2, y: 5, rotation: 270, meeple: { at: 'E', kind: 'builder' } }, DEPLOY | figureBits(3) | spotBits('E')],
      [{ x: -2, y: 5, rotation: 270, meeple: { at: 'NNW', kind: 'pig' } }, DEPLOY | figureBits(4) | spotBits('NNW')],
      [{ x: -2, y: 5, rotation: 270, recall: 'abbot' }, RECALL],
    ];
    const seen = new Set<number>();
    for (const [turn, action] of cases) {
      const code = encodeTurn(turn);
      expect(code).toBe((action & ACTION_MASK) * TILE_FIELDS + tile);
      expect(tileCodeOf(code)).toBe(tile);
      expect(actionFields(code)).toBe(action & ACTION_MASK);
      expect(decodeTurn(code)).toEqual(turn);
      expect(encodeTurn(decodeTurn(code))).toBe(code);
      seen.add(code);
    }
    expect(seen.size).toBe(cases.length);
    // The extremes: whole numbers below 2^45, exact in a double.
    for (const x of [-1024, 1023]) {
      for (const y of [-1024, 1023]) {
        for (const rotation of ROTATIONS) {
          const turn: TurnMove = { x, y, rotation, meeple: { at: 'G', kind: 'pig' } };
          const code = encodeTurn(turn);
          expect(Number.isInteger(code)).toBe(true);
          expect(code).toBeGreaterThan(0);
          expect(code).toBeLessThan(2 ** 45);
          expect(tileCodeOf(code)).toBe(tileBits(x, y, rotation / 90));
          expect(decodeTurn(code)).toEqual(turn);
        }
      }
    }
    // meeple null and recall null are none, a missing kind is a follower, `tile` is ignored without a hand.
    const plain = encodeTurn({ x: 3, y: -4, rotation: 180 });
    expect(encodeTurn({ x: 3, y: -4, rotation: 180, meeple: null, recall: null })).toBe(plain);
    expect(encodeTurn({ type: 'turn', x: 3, y: -4, rotation: 180 })).toBe(plain);
    expect(encodeTurn({ x: 3, y: -4, rotation: 180, tile: 'D' })).toBe(plain);
    expect(encodeTurn({ x: 3, y: -4, rotation: 180, meeple: { at: 'NNE' } })).toBe(
      encodeTurn({ x: 3, y: -4, rotation: 180, meeple: { at: 'NNE', kind: 'follower' } }),
    );
    // With a hand, the tile's slot in the tile step's code.
    expect(tileCodeOf(encodeTurn({ tile: 'V', x: 3, y: -4, rotation: 180 }, ['U', 'V']))).toBe(tileBits(3, -4, 2, 1));
    expect(decodeTurn(encodeTurn({ tile: 'V', x: 3, y: -4, rotation: 180 }, ['U', 'V']), ['U', 'V'])).toEqual({
      tile: 'V',
      x: 3,
      y: -4,
      rotation: 180,
    });
    // An action alone (at the action step): -1 − its code.
    expect(encodeTurn({ type: 'pass' })).toBe(-1 - PASS);
    expect(encodeTurn({ type: 'recall', kind: 'abbot' })).toBe(-1 - RECALL);
    expect(encodeTurn({ type: 'meeple', at: 'E', kind: 'large' })).toBe(-1 - (DEPLOY | figureBits(2) | spotBits('E')));
    expect(decodeTurn(-1 - PASS)).toEqual({ type: 'pass' });
    expect(decodeTurn(-1 - RECALL)).toEqual({ type: 'recall', kind: 'abbot' });
    expect(decodeTurn(-1 - (DEPLOY | spotBits('S')))).toEqual({ type: 'meeple', at: 'S', kind: 'follower' });
    // Not turn codes.
    for (const c of [
      -1 - 2 ** 31,
      2 ** 53,
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '5',
      null,
      undefined,
      turnOfSteps(tile, DEPLOY), // a follower deployed nowhere
      turnOfSteps(tile, TAKE_BACK), // a follower taken back
      turnOfSteps(tile, PASS) + figureBits(1) * TILE_FIELDS, // the pass naming a figure
      turnOfSteps(-1, DEPLOY), // an action alone naming a follower nowhere
    ]) {
      expect(moveError(() => decodeTurn(c as TurnCode)).code, String(c)).toBe('malformed-move');
    }
  });

  it('decodeTurn rejects a step alone that is a tile step: a turn begins with its tile and goes on', () => {
    for (const tile of [tileBits(0, -1, 0), tileBits(2, 3, 1, 1)]) {
      const code = -1 - tile;
      expect(moveError(() => decodeTurn(code)).code, String(code)).toBe('malformed-move');
    }
  });
});

describe('Engine.fromState and legal moves', () => {
  it.each(OPTIONS.map((o) => [JSON.stringify(o), o] as const))(
    "a new game (%s) has the pure API's legal turns and tile moves, as sets of decoded moves",
    (_, options) => {
      const state = createGame(options);
      const e = Engine.fromState(state);
      expect(engineTurnSet(e)).toEqual(pureTurnSet(state));
      expect(e.legalTurns().length).toBe(legalTurns(state).length);
      expect(e.step).toBe('tile');
      expect(state.step).toBe('tile');
      expect(engineStepSet(e)).toEqual(pureStepSet(state));
      expect(e.legalMoves().length).toBe(legalMoves(state).length);
      expect(e.legalMoves().every((c) => c >>> 28 === 0)).toBe(true);
      expect(e.status).toBe('playing');
      expect(e.turn).toBe(0);
      expect(e.currentPlayer).toBe(state.currentPlayer);
      expect(e.currentTile).toBe(state.currentTile);
      expect(e.players).toBe(state.players.length);
      expect(e.tilesLeft).toBe(state.tilesLeft.length);
      expect(e.scores()).toEqual(scoresOf(state));
      expect(e.extraTurn === 'builder').toBe(false);
      expect(e.expansions).toEqual(state.expansions);
      state.players.forEach((p, i) => {
        expect(e.meeples(i)).toBe(p.meeples);
        expect(e.inSupply(i, 'abbot')).toBe(p.abbots ?? 0);
        expect(e.inSupply(i, 'large')).toBe(p.largeMeeples ?? 0);
        expect(e.inSupply(i, 'builder')).toBe(p.builders ?? 0);
        expect(e.inSupply(i, 'pig')).toBe(p.pigs ?? 0);
        expect(e.tokens(i).goods).toEqual(p.goods);
      });
      expect(e.movesPlayed()).toEqual([]);
      // Decoded with the tile, the turn codes are exactly the pure API's whole turns.
      const withTile = e.legalTurns().map((c) => JSON.stringify(decodeTurn(c, state.currentTile as string)));
      expect(withTile.sort()).toEqual(
        legalTurns(state)
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
      expect(a.legalTurns()).toEqual(b.legalTurns());
      expect(a.toState()).toEqual(b.toState());
    }
  });

  it("mid-game states, at the tile step and at the action step (also after a JSON round trip), give the pure API's legal turns and moves", () => {
    const { states } = playSeeded({ players: 3, seed: 21, edition: 'second' }, 21);
    let actionSteps = 0;
    for (const s of states.filter((_, i) => i % 9 === 0 && i < states.length - 1)) {
      for (const from of [s, JSON.parse(JSON.stringify(s)) as GameState]) {
        const e = Engine.fromState(from);
        expect(e.step).toBe('tile');
        expect(engineTurnSet(e)).toEqual(pureTurnSet(s));
        expect(engineStepSet(e)).toEqual(pureStepSet(s));
      }
      // The action step after a tile that gives one: the pure API's actions, and legalTurns lists them alone.
      const tile = legalMoves(s).find((m) => applyMove(s, m).step === 'action');
      if (tile === undefined) continue;
      const mid = applyMove(s, tile);
      for (const from of [mid, JSON.parse(JSON.stringify(mid)) as GameState]) {
        const e = Engine.fromState(from);
        expect(e.step).toBe('action');
        expect(engineStepSet(e)).toEqual(pureStepSet(mid));
        expect(legalTurns(mid)).toEqual([]);
        expect(
          e
            .legalTurns()
            .map((t) => JSON.stringify(decodeTurn(t)))
            .sort(),
        ).toEqual(pureStepSet(mid));
        expect(e.toState()).toEqual(mid);
      }
      actionSteps++;
    }
    expect(actionSteps).toBeGreaterThan(0);
    const last = states[states.length - 1] as GameState;
    const done = Engine.fromState(last);
    expect(done.status).toBe('finished');
    expect(done.currentTile).toBeNull();
    expect(done.legalMoves()).toEqual([]);
    expect(done.legalMoves(new Int32Array(done.maxMoves))).toBe(0);
    expect(done.legalTurns()).toEqual([]);
    expect(done.legalTurns(new Float64Array(done.maxMoves))).toBe(0);
  });

  it('legalMoves(out) and legalTurns(out) return the count and write the same codes, in the same order, as legalMoves() and legalTurns()', () => {
    for (const options of OPTIONS) {
      const e = Engine.create(options);
      const buf = new Int32Array(e.maxMoves).fill(-1);
      const turnBuf = new Float64Array(e.maxMoves).fill(-1);
      const r = lcg(5);
      let actionSteps = 0;
      while (e.status === 'playing') {
        const list = e.legalMoves();
        const n = e.legalMoves(buf);
        expect(n).toBe(list.length);
        expect(n).toBeGreaterThan(0);
        expect(n).toBeLessThanOrEqual(e.maxMoves);
        expect(Array.from(buf.subarray(0, n))).toEqual(list);
        const turns = e.legalTurns();
        const nt = e.legalTurns(turnBuf);
        expect(nt).toBe(turns.length);
        expect(nt).toBeGreaterThanOrEqual(n);
        expect(nt).toBeLessThanOrEqual(e.maxMoves);
        expect(Array.from(turnBuf.subarray(0, nt))).toEqual(turns);
        if (e.step === 'action') actionSteps++;
        // One step at a time: the action steps are listed too.
        e.play(buf[r() % n] as MoveCode);
      }
      expect(actionSteps).toBeGreaterThan(0);
    }
  });

  it('legalTurns() lists each tile step of legalMoves() in order, the pass first and then the actions its tile allows; at the action step, the actions alone', () => {
    for (const options of OPTIONS) {
      const e = Engine.create(options);
      const r = lcg(9);
      const buf = new Int32Array(e.maxMoves);
      let actionSteps = 0;
      for (let i = 0; e.status === 'playing'; i++) {
        // Every third step, to keep the clones few.
        if (i % 3 === 0) {
          expectTurnsOfSteps(e);
          if (e.step === 'action') actionSteps++;
        }
        const n = e.legalMoves(buf);
        e.play(buf[r() % n] as MoveCode);
      }
      expect(actionSteps).toBeGreaterThan(0);
    }
  });

  it('legalMoves() and legalTurns() give fresh plain arrays of exactly the legal moves, which later calls (on any engine) leave alone', () => {
    const small = Engine.create({ players: 2, seed: 8, tileSet: 'pnp-demo' });
    const big = Engine.create({ players: 3, seed: 8, expansions: ['traders-builders', 'inns-cathedrals', 'abbot'] });
    const first = big.legalMoves();
    const copy = [...first];
    expect(Array.isArray(first)).toBe(true);
    expect(first).toHaveLength(big.legalMoves(new Int32Array(big.maxMoves)));
    expect(first.length).toBeLessThan(big.maxMoves);
    const again = big.legalMoves();
    expect(again).not.toBe(first);
    const turns = big.legalTurns();
    const turnsCopy = [...turns];
    expect(Array.isArray(turns)).toBe(true);
    expect(turns).toHaveLength(big.legalTurns(new Float64Array(big.maxMoves)));
    expect(turns.length).toBeGreaterThan(first.length);
    expect(turns.length).toBeLessThan(big.maxMoves);
    expect(big.legalTurns()).not.toBe(turns);
    small.legalMoves();
    small.legalTurns();
    big.play(first[0] as MoveCode);
    big.legalMoves();
    big.legalTurns();
    expect(first).toEqual(copy);
    expect(turns).toEqual(turnsCopy);
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
    const firstTurns = advance(original, 12, 11);
    const before = {
      moves: original.legalMoves(),
      turns: original.legalTurns(),
      played: original.movesPlayed(),
      state: original.toState(),
      scores: original.scores(),
      turn: original.turn,
    };
    expect(turnCodesOf(before.played)).toEqual(firstTurns);

    const copy = original.clone();
    const copyTurns = advance(copy, 20, 12);
    expect(copy.turn).toBe(before.turn + 20);
    expect(original.turn).toBe(before.turn);
    expect(original.legalMoves()).toEqual(before.moves);
    expect(original.legalTurns()).toEqual(before.turns);
    expect(original.scores()).toEqual(before.scores);
    expect(original.movesPlayed()).toEqual(before.played);
    expect(original.toState()).toEqual(before.state);

    const copyState = copy.toState();
    const copyMoves = copy.legalMoves();
    const copyPlayed = copy.movesPlayed();
    const laterTurns = advance(original, 30, 13);
    expect(copy.legalMoves()).toEqual(copyMoves);
    expect(copy.movesPlayed()).toEqual(copyPlayed);
    expect(turnCodesOf(copyPlayed)).toEqual([...firstTurns, ...copyTurns]);
    expect(copy.toState()).toEqual(copyState);

    // Both equal the pure API playing the same whole turns.
    for (const [e, turns] of [
      [original, [...firstTurns, ...laterTurns]],
      [copy, [...firstTurns, ...copyTurns]],
    ] as const) {
      expect(turnCodesOf(e.movesPlayed())).toEqual(turns);
      expect(e.toState()).toEqual(replay(createGame({ players: 3, seed: 11 }), turns));
    }
  });

  it('play and playTurn on a finished game throw IllegalMoveError game-finished', () => {
    const e = Engine.create({ players: 2, seed: 4, tileSet: 'pnp-demo' });
    const last = e.legalMoves()[0] as MoveCode;
    const lastTurn = e.legalTurns()[0] as TurnCode;
    randomPlayout(e, seededRandom(4));
    expect(e.status).toBe('finished');
    expect(e.currentTile).toBeNull();
    expect(e.tilesLeft).toBe(0);
    const played = e.movesPlayed().length;
    expect(moveError(() => e.play(last)).code).toBe('game-finished');
    expect(moveError(() => e.play(PASS)).code).toBe('game-finished');
    expect(moveError(() => e.playTurn(lastTurn)).code).toBe('game-finished');
    expect(e.movesPlayed().length).toBe(played);
    expect(e.toState().status).toBe('finished');
  });

  it('toState() after playing equals the pure API state for the same whole turns (and after a tile step, for the same steps), and is valid', () => {
    let midTurns = 0;
    for (const options of OPTIONS) {
      const e = Engine.create(options);
      const turns = advance(e, 35, 17);
      expect(turnCodesOf(e.movesPlayed())).toEqual(turns);
      const s = replay(createGame(options), turns);
      const t = e.toState();
      expect(t).toEqual(s);
      expect(validateState(JSON.parse(JSON.stringify(t)))).toEqual([]);
      if (e.status !== 'playing') continue;
      // Half a turn: a tile step that gives an action step, then that step's pass.
      const tile = e.legalMoves().find((c) => {
        const c2 = e.clone();
        c2.play(c);
        return c2.step === 'action';
      });
      if (tile === undefined) continue;
      e.play(tile);
      expect(e.step).toBe('action');
      const half = applyMove(s, decodeMove(tile, s.currentTile as string));
      expect(half.step).toBe('action');
      expect(e.toState()).toEqual(half);
      expect(validateState(JSON.parse(JSON.stringify(e.toState())))).toEqual([]);
      e.play(PASS);
      expect(e.step).toBe('tile');
      expect(e.toState()).toEqual(applyMove(s, decodeTurn(turnOfSteps(tile, PASS), s.currentTile as string)));
      midTurns++;
    }
    expect(midTurns).toBeGreaterThan(0);
  });
});

describe('Engine.shuffleTilesLeft', () => {
  const options: GameOptions = { players: 3, seed: 'shuffle' };

  it('keeps the multiset of tiles left and changes nothing else', () => {
    const e = Engine.create(options);
    advance(e, 10, 3);
    const before = e.toState();
    const moves = e.legalMoves();
    const turns = e.legalTurns();
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
    expect(e.legalTurns()).toEqual(turns);
    expect(validateState(JSON.parse(JSON.stringify(after)))).toEqual([]);
  });

  it("after shuffling and playing, toState() is a valid state whose tiles left follow the engine's draws", () => {
    for (const [i, o] of [options, { players: 2, seed: 8, tileSet: 'pnp-demo' as const }].entries()) {
      const e = Engine.create(o);
      advance(e, 5, 40 + i);
      const playedBefore = e.movesPlayed().length;
      e.shuffleTilesLeft(seededRandom(`s${i}`));
      const shuffled = e.toState();
      const order = [shuffled.currentTile as string, ...shuffled.tilesLeft];
      // Play on, recording each tile the engine draws.
      const drawn: string[] = [];
      const turns: TurnCode[] = [];
      const r = lcg(50 + i);
      const buf = new Float64Array(e.maxMoves);
      for (let t = 0; t < 25 && e.status === 'playing'; t++) {
        drawn.push(e.currentTile as string);
        const n = e.legalTurns(buf);
        const turn = buf[r() % n] as TurnCode;
        e.playTurn(turn);
        turns.push(turn);
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
      // And the pure API, from the shuffled state, plays the same whole turns to the same state.
      expect(turnCodesOf(e.movesPlayed().slice(playedBefore))).toEqual(turns);
      expect(replay(shuffled, turns)).toEqual(s);
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
    const turns = advance(e, 40, 7);
    expect(e.status).toBe('finished');
    expect(turnCodesOf(e.movesPlayed())).toEqual(turns);
    const s = e.toState();
    let p = createGame(options);
    let returned = 0;
    for (const t of turns) {
      p = applyMove(p, decodeTurn(t, p.currentTile as string));
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
      const moves = legalTurns(s);
      next = applyMove(s, moves[(i * 7) % moves.length] as TurnMove);
      if (next.status === 'playing' && next.events.some((ev) => ev.type === 'tile-returned')) break;
      s = next;
    }
    expect(next.events.some((ev) => ev.type === 'tile-returned')).toBe(true);
    const move = next.placements.at(-1) as GameState['placements'][number];
    let compared = 0;
    for (let d = 0; d < 60; d++) {
      const e = Engine.fromState(s);
      e.shuffleTilesLeft(seededRandom(`deal ${d}`));
      e.playTurn(encodeTurn({ x: move.x, y: move.y, rotation: move.rotation, ...(move.meeple === null ? {} : { meeple: move.meeple }) }));
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
   * Plays a river + abbot game on the engine and the pure API side by side, whole turn by whole
   * turn, preferring the abbot's turns (deploy when possible, else take it back every other time),
   * and hands each position's turn codes to `check`.
   */
  function playAbbotGame(
    options: GameOptions,
    check: (e: Engine, s: GameState, codes: TurnCode[]) => void,
  ): { deploys: number; recalls: number } {
    const e = Engine.create(options);
    let s = createGame(options);
    const r = lcg(77);
    let deploys = 0;
    let recalls = 0;
    while (e.status === 'playing') {
      const codes = e.legalTurns();
      check(e, s, codes);
      const abbot = codes.filter((c) => turnOf(c).meeple?.kind === 'abbot');
      const back = codes.filter((c) => turnOf(c).recall === 'abbot');
      let code: TurnCode;
      if (abbot.length > 0) code = abbot[r() % abbot.length] as TurnCode;
      else if (back.length > 0 && r() % 2 === 0) code = back[r() % back.length] as TurnCode;
      else code = codes[r() % codes.length] as TurnCode;
      if (turnOf(code).meeple?.kind === 'abbot') deploys++;
      if (turnOf(code).recall === 'abbot') recalls++;
      e.playTurn(code);
      s = applyMove(s, decodeTurn(code, s.currentTile as string));
    }
    expect(e.toState()).toEqual(s);
    return { deploys, recalls };
  }

  it("abbot deploy and recall turn codes: action bits as documented, encodeTurn(decodeTurn(code)) = code, the action step lists the action, and the pure API's turns", () => {
    const { deploys, recalls } = playAbbotGame(RIVER_ABBOT, (e, s, codes) => {
      const tile = s.currentTile as string;
      expect(codes.map((c) => JSON.stringify(decodeTurn(c, tile))).sort()).toEqual(
        legalTurns(s)
          .map((m) => JSON.stringify(m))
          .sort(),
      );
      for (const code of codes) {
        const m = turnOf(code);
        expect(encodeTurn(m)).toBe(code);
        const placed = tileCodeOf(code);
        expect(placed).toBe(encodeMove({ type: 'tile', x: m.x, y: m.y, rotation: m.rotation }));
        const action = actionFields(code);
        if (m.meeple?.kind === 'abbot') {
          // docs: action 1 (deploy) in bits 0–3, figure kind 1 for the abbot in bits 4–8, 1 + the spot's index in SPOTS (C or G) in bits 9–13.
          expect(action & 15).toBe(1);
          expect((action >>> 4) & 31).toBe(1);
          expect((action >>> 9) & 31).toBe(SPOTS.indexOf(m.meeple.at) + 1);
          expect(['C', 'G']).toContain(m.meeple.at);
        } else if (m.recall === 'abbot') {
          // action 2 (take back), the abbot's figure kind, and no spot bits.
          expect(action & 15).toBe(2);
          expect((action >>> 4) & 31).toBe(1);
          expect(action >>> 9).toBe(0);
          expect(m.meeple).toBeUndefined();
          expect(action).toBe(RECALL & 0x3fff);
        } else {
          expect((action >>> 4) & 31).toBe(0);
          expect(action & 15).toBe(m.meeple === undefined ? 0 : 1);
        }
        if (m.meeple?.kind === 'abbot' || m.recall === 'abbot') {
          // The turn's action is one of the action step's moves once its tile is placed.
          const c = e.clone();
          c.play(placed);
          expect(c.step).toBe('action');
          expect(c.legalMoves()).toContain(STEP_ACTION | action);
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
        expect(e.inSupply(i, 'abbot')).toBe(p.abbots ?? 0);
        expect((p.abbots ?? 0) + s.meeples.filter((m) => m.owner === i && m.kind === 'abbot').length).toBe(1);
      });
      if (s.players.some((p) => (p.abbots ?? 0) === 0)) wasOnBoard = true;
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
        const later = advance(e, 15, 6);
        const s = replay(loadState(JSON.parse(JSON.stringify({ ...before, tilesLeft: after }))), later);
        expect(e.toState()).toEqual(s);
      }
    }
  });

  it('shuffleTilesLeft with the lake or the first-land D as current tile, and once the land has started', () => {
    const options: GameOptions = { players: 2, seed: 'lake', expansions: ['river'], rules: { riverStartTile: 'first-land' } };
    const e = Engine.create(options);
    // Play until the lake is the current tile (every river tile fits: the river never gets stuck here).
    const r = lcg(3);
    while (e.currentTile !== 'RV-lake') {
      const turns = e.legalTurns();
      e.playTurn(turns[r() % turns.length] as TurnCode);
    }
    e.shuffleTilesLeft(seededRandom(1));
    expect(e.toState().tilesLeft[0]).toBe('D');
    expect(e.toState().tilesLeft.filter((t) => t.startsWith('RV-'))).toEqual([]);
    e.playTurn(e.legalTurns()[0] as TurnCode);
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

  /**
   * Plays a game on the engine and the pure API side by side, whole turn by whole turn, deploying
   * the large meeple whenever it can one time in two, and hands each position's turn codes to
   * `check`. Returns the large meeple deploys.
   */
  function playLargeGame(options: GameOptions, check: (e: Engine, s: GameState, codes: TurnCode[]) => void): number {
    const e = Engine.create(options);
    let s = createGame(options);
    const r = lcg(19);
    let deploys = 0;
    while (e.status === 'playing') {
      const codes = e.legalTurns();
      check(e, s, codes);
      const large = codes.filter((c) => turnOf(c).meeple?.kind === 'large');
      const code = (large.length > 0 && r() % 2 === 0 ? large[r() % large.length] : codes[r() % codes.length]) as TurnCode;
      if (turnOf(code).meeple?.kind === 'large') deploys++;
      e.playTurn(code);
      s = applyMove(s, decodeTurn(code, s.currentTile as string));
    }
    expect(e.toState()).toEqual(s);
    return deploys;
  }

  it("large meeple turn codes on a real 6-player game: deploy, figure 2 in action bits 4–8, the spot in bits 9–13, encodeTurn(decodeTurn(code)) = code, the pure API's turns", () => {
    const deploys = playLargeGame(SIX, (_, s, codes) => {
      const tile = s.currentTile as string;
      expect(codes.map((c) => JSON.stringify(decodeTurn(c, tile))).sort()).toEqual(
        legalTurns(s)
          .map((m) => JSON.stringify(m))
          .sort(),
      );
      const player = s.players[s.currentPlayer] as GameState['players'][number];
      const set = new Set(codes);
      for (const code of codes) {
        const m = turnOf(code);
        expect(encodeTurn(m)).toBe(code);
        if (m.meeple?.kind !== 'large') continue;
        // docs: action 1 (deploy), figure kind 2 for the large meeple, 1 + the spot's index in SPOTS.
        const action = actionFields(code);
        expect(action & 15).toBe(1);
        expect((action >>> 4) & 31).toBe(2);
        expect((action >>> 9) & 31).toBe(SPOTS.indexOf(m.meeple.at) + 1);
        expect(player.largeMeeples ?? 0).toBe(1);
        // rules-facts §d: placed like a follower, so the same spot is offered to a follower (when one is in supply).
        if (player.meeples > 0) expect(set.has(code - figureBits(2) * TILE_FIELDS)).toBe(true);
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
        expect(e.inSupply(i, 'large')).toBe(p.largeMeeples ?? 0);
        expect(e.meeples(i)).toBe(p.meeples);
        expect(e.inSupply(i, 'abbot')).toBe(p.abbots ?? 0);
        expect((p.largeMeeples ?? 0) + s.meeples.filter((m) => m.owner === i && m.kind === 'large').length).toBe(1);
      });
      if (s.players.some((p) => (p.largeMeeples ?? 0) === 0)) wasOnBoard = true;
    });
    expect(deploys).toBeGreaterThan(0);
    expect(wasOnBoard).toBe(true);
  });

  it('encodeMove / decodeMove and encodeTurn / decodeTurn of large meeple moves; figure kind 2 without a spot, or taken back, is malformed', () => {
    expect(encodeMove({ type: 'meeple', at: 'N', kind: 'large' })).toBe(DEPLOY | figureBits(2) | (1 << 9));
    expect(encodeMove({ type: 'meeple', at: 'I', kind: 'large' })).toBe(DEPLOY | figureBits(2) | ((SPOTS.indexOf('I') + 1) << 9));
    expect(decodeMove(DEPLOY | figureBits(2) | (5 << 9))).toEqual({ type: 'meeple', at: 'C', kind: 'large' });
    expect(decodeMove(DEPLOY | figureBits(2) | (2 << 9), 'IC-K')).toEqual({ type: 'meeple', at: 'E', kind: 'large' });
    const turn = encodeTurn({ x: -3, y: 2, rotation: 270, meeple: { at: 'E', kind: 'large' } });
    expect(turn).toBe(turnOfSteps(tileBits(-3, 2, 3), DEPLOY | figureBits(2) | (2 << 9)));
    expect(decodeTurn(turn, 'IC-K')).toEqual({ tile: 'IC-K', x: -3, y: 2, rotation: 270, meeple: { at: 'E', kind: 'large' } });
    for (const at of SPOTS) {
      const code = encodeMove({ type: 'meeple', at, kind: 'large' });
      expect(decodeMove(code)).toEqual({ type: 'meeple', at, kind: 'large' });
      const whole = encodeTurn({ x: 1023, y: -1024, rotation: 90, meeple: { at, kind: 'large' } });
      expect(decodeTurn(whole)).toEqual({ x: 1023, y: -1024, rotation: 90, meeple: { at, kind: 'large' } });
    }
    for (const c of [DEPLOY | figureBits(2), TAKE_BACK | figureBits(2), TAKE_BACK | figureBits(2) | (1 << 9)]) {
      expect(moveError(() => decodeMove(c)).code, String(c)).toBe('malformed-move');
    }
  });

  it('an engine from a mid-game state with large meeples on the board continues like the pure API', () => {
    const e = Engine.create(SIX);
    advance(e, 30, 23);
    const mid = e.toState();
    const copy = Engine.fromState(JSON.parse(JSON.stringify(mid)) as GameState);
    expect(engineTurnSet(copy)).toEqual(pureTurnSet(mid));
    expect(engineStepSet(copy)).toEqual(pureStepSet(mid));
    for (const [i, p] of mid.players.entries()) expect(copy.inSupply(i, 'large')).toBe(p.largeMeeples ?? 0);
    const turns = advance(copy, 40, 24);
    expect(copy.toState()).toEqual(replay(mid, turns));
  });
});

describe('Traders & Builders in the engine', () => {
  const TRADERS: GameOptions = { players: 3, seed: 'builder codes', expansions: ['traders-builders'] };
  const ALL: GameOptions = { players: 4, seed: 'all four', expansions: ['traders-builders', 'river', 'abbot', 'inns-cathedrals'] };

  /** Whether playing the whole turn `code` gives the current player a builder's second tile (tried on a clone). */
  function givesSecondTile(e: Engine, code: TurnCode): boolean {
    const c = e.clone();
    c.playTurn(code);
    return c.extraTurn === 'builder';
  }

  /** Whether a turn code deploys a builder or a pig. */
  const joins = (code: TurnCode): boolean => {
    const kind = turnOf(code).meeple?.kind;
    return kind === 'builder' || kind === 'pig';
  };

  interface Seen {
    builders: number;
    pigs: number;
    doubleTurns: number;
    goodsTaken: number;
  }

  /**
   * Plays a game on the engine and the pure API side by side, whole turn by whole turn, deploying
   * a builder or pig whenever one can go one time in two, and hands each position's turn codes to
   * `check`. Counts the builders and pigs deployed, the builder's second tiles and the goods taken.
   */
  function playTradersGame(options: GameOptions, seed: number, check: (e: Engine, s: GameState, codes: TurnCode[]) => void): Seen {
    const e = Engine.create(options);
    let s = createGame(options);
    const r = lcg(seed);
    const seen: Seen = { builders: 0, pigs: 0, doubleTurns: 0, goodsTaken: 0 };
    while (e.status === 'playing') {
      const codes = e.legalTurns();
      check(e, s, codes);
      const joiners = codes.filter(joins);
      const again = codes.filter((c) => givesSecondTile(e, c));
      const pool = again.length > 0 && r() % 2 === 0 ? again : joiners.length > 0 && r() % 2 === 0 ? joiners : codes;
      const code = pool[r() % pool.length] as TurnCode;
      const kind = turnOf(code).meeple?.kind;
      if (kind === 'builder') seen.builders++;
      if (kind === 'pig') seen.pigs++;
      const mover = e.currentPlayer;
      e.playTurn(code);
      s = applyMove(s, decodeTurn(code, s.currentTile as string));
      if (e.extraTurn === 'builder') {
        seen.doubleTurns++;
        // rules-facts §e: the same player plays the second tile.
        expect(e.currentPlayer).toBe(mover);
      }
      seen.goodsTaken += s.events.filter((ev) => ev.type === 'goods-taken').length;
    }
    expect(e.toState()).toEqual(s);
    return seen;
  }

  it("builder and pig turn codes on real games: deploy, figure 3 or 4 in action bits 4–8, the spot in bits 9–13, encodeTurn(decodeTurn(code)) = code, the pure API's turns", () => {
    for (const [options, seed] of [
      [TRADERS, 1],
      [ALL, 2],
    ] as const) {
      const seen = playTradersGame(options, seed, (_, s, codes) => {
        const tile = s.currentTile as string;
        expect(codes.map((c) => JSON.stringify(decodeTurn(c, tile))).sort()).toEqual(
          legalTurns(s)
            .map((m) => JSON.stringify(m))
            .sort(),
        );
        const player = s.players[s.currentPlayer] as GameState['players'][number];
        for (const code of codes) {
          const m = turnOf(code);
          expect(encodeTurn(m)).toBe(code);
          const kind = m.meeple?.kind;
          if (kind !== 'builder' && kind !== 'pig') continue;
          // docs: action 1 (deploy); figure kind 3 for the builder, 4 for the pig; 1 + the spot's index in SPOTS.
          const action = actionFields(code);
          const figure = kind === 'builder' ? 3 : 4;
          expect(action & 15).toBe(1);
          expect((action >>> 4) & 31).toBe(figure);
          expect((action >>> 9) & 31).toBe(SPOTS.indexOf(m.meeple?.at as Spot) + 1);
          // rules-facts §e: one builder and one pig each; the builder on a road or city, the pig on a field.
          expect(kind === 'builder' ? player.builders : (player.pigs ?? 0)).toBe(1);
          const feature = tileDefinition(tile, m.rotation)?.features.find((f) => f.spot === m.meeple?.at);
          expect(kind === 'builder' ? ['road', 'city'] : ['field']).toContain(feature?.kind);
          // The same spot with the figure bits cleared is a follower turn of the same placement.
          expect(decodeTurn(code - figureBits(figure) * TILE_FIELDS)).toEqual({ ...m, meeple: { at: m.meeple?.at, kind: 'follower' } });
        }
      });
      expect(seen.builders).toBeGreaterThan(0);
      expect(seen.pigs).toBeGreaterThan(0);
      expect(seen.doubleTurns).toBeGreaterThan(0);
    }
  });

  it("engine.builders, pigs, goods and extraTurn are the state's, all the way through; 1, 1, zeros and no extra tile at the start; 0s and no goods without the expansion", () => {
    const fresh = Engine.create(TRADERS);
    expect([0, 1, 2].map((p) => fresh.inSupply(p, 'builder'))).toEqual([1, 1, 1]);
    expect([0, 1, 2].map((p) => fresh.inSupply(p, 'pig'))).toEqual([1, 1, 1]);
    expect([0, 1, 2].map((p) => fresh.tokens(p).goods)).toEqual([0, 1, 2].map(() => ({ wine: 0, grain: 0, cloth: 0 })));
    expect(fresh.extraTurn === 'builder').toBe(false);
    const base = Engine.create({ players: 2, seed: 1, expansions: ['river', 'abbot', 'inns-cathedrals'] });
    randomPlayout(base, seededRandom(1));
    expect([0, 1].map((p) => [base.inSupply(p, 'builder'), base.inSupply(p, 'pig'), base.tokens(p).goods])).toEqual(
      [0, 1].map(() => [0, 0, undefined]),
    );
    expect(base.extraTurn === 'builder').toBe(false);
    let builderOut = false;
    let pigOut = false;
    let tokens = false;
    const seen = playTradersGame(TRADERS, 3, (e, s) => {
      expect(e.extraTurn === 'builder').toBe(s.extraTurn === 'builder');
      expect(e.currentPlayer).toBe(s.currentPlayer);
      s.players.forEach((p, i) => {
        expect(e.inSupply(i, 'builder')).toBe(p.builders ?? 0);
        expect(e.inSupply(i, 'pig')).toBe(p.pigs ?? 0);
        expect(e.tokens(i).goods).toEqual(p.goods);
        expect(e.meeples(i)).toBe(p.meeples);
        // Figure conservation: one builder and one pig each, in supply or on the board.
        expect((p.builders ?? 0) + s.meeples.filter((m) => m.owner === i && m.kind === 'builder').length).toBe(1);
        expect((p.pigs ?? 0) + s.meeples.filter((m) => m.owner === i && m.kind === 'pig').length).toBe(1);
      });
      if (s.players.some((p) => (p.builders ?? 0) === 0)) builderOut = true;
      if (s.players.some((p) => (p.pigs ?? 0) === 0)) pigOut = true;
      if (s.players.some((p) => (p.goods?.wine ?? 0) + (p.goods?.grain ?? 0) + (p.goods?.cloth ?? 0) > 0)) tokens = true;
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

  it('encodeMove / decodeMove and encodeTurn / decodeTurn of builder and pig moves; figure kinds 3 or 4 without a spot or taken back, and kinds 5 and up, are malformed', () => {
    expect(encodeMove({ type: 'meeple', at: 'E', kind: 'builder' })).toBe(DEPLOY | figureBits(3) | ((SPOTS.indexOf('E') + 1) << 9));
    expect(encodeMove({ type: 'meeple', at: 'SSW', kind: 'pig' })).toBe(DEPLOY | figureBits(4) | ((SPOTS.indexOf('SSW') + 1) << 9));
    expect(decodeMove(DEPLOY | figureBits(3) | (1 << 9))).toEqual({ type: 'meeple', at: 'N', kind: 'builder' });
    const pig = turnOfSteps(tileBits(4, -7, 2), DEPLOY | figureBits(4) | ((SPOTS.indexOf('NNW') + 1) << 9));
    expect(encodeTurn({ x: 4, y: -7, rotation: 180, meeple: { at: 'NNW', kind: 'pig' } })).toBe(pig);
    expect(decodeTurn(pig, 'TB-B')).toEqual({
      tile: 'TB-B',
      x: 4,
      y: -7,
      rotation: 180,
      meeple: { at: 'NNW', kind: 'pig' },
    });
    for (const kind of ['builder', 'pig'] as const) {
      for (const at of SPOTS) {
        const code = encodeMove({ type: 'meeple', at, kind });
        // The action's fields fit below bit 14, the room a turn code gives them.
        expect(code & 0x0fffffff).toBeLessThan(2 ** 14);
        expect(decodeMove(code)).toEqual({ type: 'meeple', at, kind });
        const whole = encodeTurn({ x: -1024, y: 1023, rotation: 270, meeple: { at, kind } });
        expect(decodeTurn(whole)).toEqual({ x: -1024, y: 1023, rotation: 270, meeple: { at, kind } });
      }
    }
    for (const c of [
      DEPLOY | figureBits(3),
      DEPLOY | figureBits(4),
      TAKE_BACK | figureBits(3),
      TAKE_BACK | figureBits(4),
      TAKE_BACK | figureBits(3) | (1 << 9),
      TAKE_BACK | figureBits(4) | (1 << 9),
      DEPLOY | figureBits(6) | (2 << 9),
      DEPLOY | figureBits(7) | (3 << 9),
    ]) {
      expect(moveError(() => decodeMove(c)).code, String(c)).toBe('malformed-move');
    }
  });

  it("an engine from a state in a builder's second part (as made, or through JSON) continues like the pure API", () => {
    // A seeded game played until the builder gives a second tile.
    const e = Engine.create(TRADERS);
    const r = lcg(4);
    let s = createGame(TRADERS);
    while (!(s.extraTurn === 'builder') && s.status === 'playing') {
      const codes = e.legalTurns();
      const builders = codes.filter((c) => turnOf(c).meeple?.kind === 'builder');
      const again = codes.filter((c) => givesSecondTile(e, c));
      const pool = again.length > 0 ? again : builders.length > 0 ? builders : codes;
      const code = pool[r() % pool.length] as TurnCode;
      e.playTurn(code);
      s = applyMove(s, decodeTurn(code, s.currentTile as string));
    }
    expect(s.extraTurn === 'builder').toBe(true);
    expect(e.extraTurn === 'builder').toBe(true);
    expect(e.toState()).toEqual(s);
    // Shuffling the tiles left keeps the second part: same player, same flag, a valid state.
    const shuffled = e.clone();
    shuffled.shuffleTilesLeft(seededRandom('second'));
    expect([shuffled.extraTurn === 'builder', shuffled.currentPlayer, shuffled.currentTile]).toEqual([
      true,
      s.currentPlayer,
      s.currentTile,
    ]);
    expect(validateState(JSON.parse(JSON.stringify(shuffled.toState())))).toEqual([]);
    for (const from of [s, JSON.parse(JSON.stringify(s)) as GameState]) {
      const copy = Engine.fromState(from);
      expect(copy.extraTurn === 'builder').toBe(true);
      expect(copy.currentPlayer).toBe(s.currentPlayer);
      expect(engineTurnSet(copy)).toEqual(pureTurnSet(s));
      expect(engineStepSet(copy)).toEqual(pureStepSet(s));
      // The second tile gives no third (rules-facts §e): the next player moves after it.
      const code = copy.legalTurns()[0] as TurnCode;
      copy.playTurn(code);
      const next = applyMove(s, decodeTurn(code, s.currentTile as string));
      expect(copy.extraTurn === 'builder').toBe(false);
      expect(next.extraTurn === 'builder').toBe(false);
      expect(copy.currentPlayer).toBe((s.currentPlayer + 1) % s.players.length);
      const later = advance(copy, 30, 6);
      expect(turnCodesOf(copy.movesPlayed())).toEqual([code, ...later]);
      expect(copy.toState()).toEqual(replay(s, [code, ...later]));
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

  it('the same seed gives the same final scores and the same movesPlayed(), whose whole turns the pure API plays to the same state', () => {
    for (const options of OPTIONS) {
      const start = createGame(options);
      const a = Engine.fromState(start);
      const b = Engine.fromState(start);
      const na = randomPlayout(a, seededRandom(7));
      const nb = randomPlayout(b, seededRandom(7));
      expect(a.status).toBe('finished');
      expect(na).toBe(nb);
      // randomPlayout counts the steps played.
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
      expect(replay(start, turnCodesOf(a.movesPlayed()))).toEqual(s);
    }
  });
});

describe('Engine.scoreFinal', () => {
  it('mid-game (at either step) equals the pure API scoreFinal(state).scores, for every farmer rule', () => {
    const rules = ['farm-3', 'farm-3-once', 'city-4', 'none'] as const;
    for (const [i, farmers] of rules.entries()) {
      const options: GameOptions = { players: 2 + i, seed: i * 13, rules: { farmers } };
      const e = Engine.create(options);
      let s = createGame(options);
      const r = lcg(i + 100);
      const buf = new Int32Array(e.maxMoves);
      const checked = { tile: 0, action: 0 };
      while (e.status === 'playing') {
        if (e.turn % 6 === 0) {
          expect(e.step).toBe(s.step);
          expect(e.scoreFinal(), `turn ${e.turn}, ${e.step} step`).toEqual(scoreFinal(s).scores);
          expect(e.scores()).toEqual(scoresOf(s));
          checked[e.step as 'tile' | 'action']++;
        }
        // Step by step, on both sides.
        const n = e.legalMoves(buf);
        const c = buf[r() % n] as MoveCode;
        e.play(c);
        s = applyMove(s, decodeMove(c, s.currentTile as string));
      }
      expect(checked.tile).toBeGreaterThan(0);
      expect(checked.action).toBeGreaterThan(0);
      expect(e.scoreFinal()).toEqual(scoreFinal(s).scores);
      expect(e.scores()).toEqual(e.scoreFinal());
      expect(e.scores()).toEqual(scoresOf(s));
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
      const moves = legalTurns(s);
      const farmers = moves.filter((m) => m.meeple && m.meeple.at.length === 3);
      const pool = farmers.length > 0 && r() % 2 === 0 ? farmers : moves;
      s = applyMove(s, pool[r() % pool.length] as TurnMove);
    }
    expect(s.meeples.some((m) => m.feature === 'field')).toBe(true);
    return s;
  }

  it('a state made in this process needs no hooks', () => {
    const s = midGame();
    const e = Engine.fromState(s);
    expect(e.scoreFinal()).toEqual(scoreFinal(s).scores);
    expect(engineTurnSet(e)).toEqual(pureTurnSet(s));
    expect(engineStepSet(e)).toEqual(pureStepSet(s));
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
    expect(engineTurnSet(e)).toEqual(pureTurnSet(s));
    expect(e.toState()).toEqual(s);

    // Played to the end, it agrees with the pure API given the rule, playing the same whole turns.
    const f = e.clone();
    randomPlayout(f, seededRandom(3));
    const p = replay(s, turnCodesOf(f.movesPlayed()));
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
  it('decodeMove and decodeTurn of a BigInt or a Symbol is malformed-move, not a TypeError', () => {
    expect(caught(() => decodeMove(5n as unknown as number), IllegalMoveError).code).toBe('malformed-move');
    expect(caught(() => decodeMove(Symbol('x') as unknown as number), IllegalMoveError).code).toBe('malformed-move');
    expect(caught(() => decodeTurn(5n as unknown as number), IllegalMoveError).code).toBe('malformed-move');
    expect(caught(() => decodeTurn(Symbol('x') as unknown as number), IllegalMoveError).code).toBe('malformed-move');
  });

  it('legalMoves(out) and legalTurns(out) with a buffer smaller than maxMoves, or of the wrong kind, throw invalid-buffer', () => {
    const e = Engine.create({ players: 2, seed: 1 });
    for (const fn of [
      () => e.legalMoves(new Int32Array(3)),
      () => e.legalMoves(new Float64Array(e.maxMoves) as unknown as Int32Array),
      () => e.legalTurns(new Float64Array(3)),
      () => e.legalTurns(new Int32Array(e.maxMoves) as unknown as Float64Array),
    ]) {
      expect(caught(fn, OptionsError).problems[0]?.code).toBe('invalid-buffer');
    }
    expect(e.legalMoves(new Int32Array(e.maxMoves))).toBe(e.legalMoves().length);
    expect(e.legalTurns(new Float64Array(e.maxMoves))).toBe(e.legalTurns().length);
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
      .flatMap((c) => ([0, 90, 180, 270] as const).map((rotation) => ({ type: 'tile' as const, ...c, rotation })))
      .find((m) => validateMove(state, m)?.code === 'edge-mismatch');
    if (wrong === undefined) throw new Error('no mismatching placement next to the start tile');
    e.play(encodeMove(wrong));
    expect(caught(() => e.toState(), IllegalMoveError).code).toBe('edge-mismatch');
  });

  it('play refuses, before changing anything, a code that names no cell next to the board, or a code of the other step', () => {
    const e = Engine.create({ players: 2, seed: 1 });
    const before = e.toState();
    const far = encodeMove({ type: 'tile', x: 5, y: 5, rotation: 0 });
    expect(caught(() => e.play(far), IllegalMoveError).code).toBe('malformed-move');
    expect(caught(() => e.playTurn(turnOfSteps(far, PASS)), IllegalMoveError).code).toBe('malformed-move');
    // An action at the tile step.
    expect(caught(() => e.play(PASS), IllegalMoveError).code).toBe('malformed-move');
    expect(caught(() => e.play(DEPLOY | spotBits('C')), IllegalMoveError).code).toBe('malformed-move');
    expect(e.toState()).toEqual(before);
    expect(e.movesPlayed()).toEqual([]);
    // A tile step at the action step.
    const tile = e.legalMoves().find((c) => {
      const c2 = e.clone();
      c2.play(c);
      return c2.step === 'action';
    }) as MoveCode;
    e.play(tile);
    expect(e.step).toBe('action');
    const half = e.toState();
    const other = e.legalMoves();
    expect(other.every((c) => c >>> 28 === 1)).toBe(true);
    const next = encodeMove({ type: 'tile', x: 0, y: 1, rotation: 0 });
    expect(caught(() => e.play(next), IllegalMoveError).code).toBe('malformed-move');
    expect(caught(() => e.playTurn(turnOfSteps(next, PASS)), IllegalMoveError).code).toBe('malformed-move');
    expect(e.toState()).toEqual(half);
    expect(e.legalMoves()).toEqual(other);
    expect(e.movesPlayed()).toEqual([tile]);
  });

  it('playTurn refuses an action alone (a turn code below 2^14) at the tile step with malformed-move, as play refuses its action code', () => {
    const e = Engine.create({ players: 2, seed: 1 });
    const before = e.toState();
    for (const alone of [0, RECALL & 0x3fff, (DEPLOY | spotBits('C')) & 0x3fff]) {
      expect(e.step).toBe('tile');
      // Played as a step, its action code is refused at the tile step.
      expect(caught(() => e.play(STEP_ACTION | alone), IllegalMoveError).code).toBe('malformed-move');
      expect(caught(() => e.playTurn(alone), IllegalMoveError).code, String(alone)).toBe('malformed-move');
    }
    expect(e.movesPlayed()).toEqual([]);
    expect(e.toState()).toEqual(before);
  });
});

describe('Engine.copyFrom', () => {
  it('makes an engine of the same setup a copy of another (also in the middle of a turn), like clone', () => {
    const a = Engine.create({ players: 3, seed: 'copy-a' });
    randomPlayoutSteps(a, 20);
    // Stop at an action step: the copy is made in the middle of a turn.
    const r = seededRandom('mid');
    while (a.step !== 'action' && a.status === 'playing') {
      const moves = a.legalMoves();
      a.play(moves[Math.floor(r() * moves.length)] as number);
    }
    expect(a.step).toBe('action');
    const b = Engine.create({ players: 3, seed: 'copy-b' });
    b.copyFrom(a);
    expect(b.step).toBe('action');
    expect(b.legalMoves()).toEqual(a.legalMoves());
    expect(b.legalTurns()).toEqual(a.legalTurns());
    expect(b.movesPlayed()).toEqual(a.movesPlayed());
    expect(b.toState()).toEqual(a.toState());
    // Independent afterwards: finishing the turn on the copy leaves the original mid-turn.
    b.playTurn(b.legalTurns()[0] as TurnCode);
    expect(b.turn).toBe(a.turn + 1);
    expect(b.step).toBe('tile');
    expect(a.step).toBe('action');
    expect(a.toState().turn).toBe(a.turn);
    expect(a.toState().step).toBe('action');
  });

  it('refuses an engine of another setup with invalid-state', () => {
    const a = Engine.create({ players: 2, seed: 1 });
    const b = Engine.create({ players: 3, seed: 1 });
    const c = Engine.create({ players: 2, seed: 1, tileSet: 'pnp-demo' });
    expect(caught(() => b.copyFrom(a), StateError).problems[0]?.code).toBe('invalid-state');
    expect(caught(() => c.copyFrom(a), StateError).problems[0]?.code).toBe('invalid-state');
  });
});

/** Plays n seeded random steps. */
function randomPlayoutSteps(e: Engine, n: number): void {
  const r = seededRandom('steps');
  for (let i = 0; i < n && e.status === 'playing'; i++) {
    const moves = e.legalMoves();
    e.play(moves[Math.floor(r() * moves.length)] as number);
  }
}
