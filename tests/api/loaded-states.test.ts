import {
  applyMove,
  createGame,
  features,
  type GameState,
  legalMoves,
  legalPlacements,
  legalTurns,
  loadState,
  loadView,
  movesAt,
  playerView,
  previewMove,
  renderAscii,
  scoreFinal,
  setupOf,
  spotsAt,
  StateError,
  tileAt,
  validateMove,
  validateState,
} from 'carcassonne-engine';
import { Engine } from 'carcassonne-engine/engine';
import { makePosition, makeRecord } from 'carcassonne-engine/notation';
import { renderSvg } from 'carcassonne-engine/render';
import { describe, expect, it } from 'vitest';
import { playSeeded } from '../support/play.js';

// Only the loaders (loadState, loadView, validateState, Engine.fromState and fromView) read a state
// from elsewhere; every other function takes the states and views this library made or loaded, so
// that an app that never loads a saved game does not ship the loader.
const refusal = (call: () => unknown): StateError => {
  try {
    call();
  } catch (e) {
    if (e instanceof StateError) return e;
    throw e;
  }
  throw new Error('not refused');
};

const { states } = playSeeded({ players: 2, seed: 'loaded' }, 5);
const mid = states[12] as GameState;
const turn = legalTurns(mid)[0] as NonNullable<ReturnType<typeof legalTurns>[number]>;

describe('a state from elsewhere goes through loadState', () => {
  const takers: [string, (s: GameState) => unknown][] = [
    ['applyMove', (s) => applyMove(s, turn)],
    ['validateMove', (s) => validateMove(s, turn)],
    ['previewMove', (s) => previewMove(s, turn)],
    ['legalMoves', (s) => legalMoves(s)],
    ['legalTurns', (s) => legalTurns(s)],
    ['legalPlacements', (s) => legalPlacements(s)],
    ['movesAt', (s) => movesAt(s, { x: turn.x, y: turn.y, rotation: turn.rotation })],
    ['spotsAt', (s) => spotsAt(s, 0, 0)],
    ['scoreFinal', (s) => scoreFinal(s)],
    ['features', (s) => features(s)],
    ['tileAt', (s) => tileAt(s, 0, 0)],
    ['playerView', (s) => playerView(s, 0)],
    ['setupOf', (s) => setupOf(s)],
    ['renderAscii', (s) => renderAscii(s)],
    ['renderSvg', (s) => renderSvg(s)],
    ['makePosition', (s) => makePosition(s)],
    ['makeRecord', (s) => makeRecord(s)],
  ];

  it.each(takers)('%s refuses a parsed state (not-loaded), and takes it once loaded', (_, call) => {
    const parsed = JSON.parse(JSON.stringify(mid)) as GameState;
    const e = refusal(() => call(parsed));
    expect(e.code).toBe('not-loaded');
    expect(e.message).toBe('this state was not made or loaded by this library: read a saved state with loadState first');
    expect(JSON.stringify(call(loadState(parsed)))).toBe(JSON.stringify(call(mid)));
  });

  it('a parsed view is named as a view: loadView reads it', () => {
    const parsed = JSON.parse(JSON.stringify(playerView(mid, 1)));
    const e = refusal(() => legalMoves(parsed));
    expect(e.code).toBe('not-loaded');
    expect(e.message).toBe('this view was not made or loaded by this library: read a saved view with loadView first');
    expect(legalMoves(loadView(parsed))).toEqual(legalMoves(mid));
  });

  it('the loaders read it: loadState, validateState, Engine.fromState', () => {
    const parsed = JSON.parse(JSON.stringify(mid)) as GameState;
    expect(validateState(parsed)).toEqual([]);
    expect(Engine.fromState(parsed).legalTurns().length).toBe(legalTurns(mid).length);
    const loaded = loadState(parsed);
    expect(loaded).toEqual(mid);
    // Loading what the library made or loaded gives it back as it is.
    expect(loadState(loaded)).toBe(loaded);
    expect(loadState(mid)).toBe(mid);
  });

  it('a view playerView made is known: no loadView needed, and loadView gives it back', () => {
    const view = playerView(mid, 0);
    expect(legalMoves(view)).toEqual(legalMoves(mid));
    expect(loadView(view)).toBe(view);
    expect(previewMove(view, turn)).toEqual(previewMove(mid, turn));
  });

  it('what is not an object is no state at all (invalid-state)', () => {
    for (const s of [null, 3, 'state', [], true]) {
      expect(refusal(() => legalMoves(s as never)).code).toBe('invalid-state');
      expect(refusal(() => loadState(s)).code).toBe('invalid-state');
    }
  });

  it('a Proxy whose traps throw, or a revoked one, is refused with a StateError, its traps never escaping', () => {
    const boom = () => {
      throw new Error('trap');
    };
    const traps = { get: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, getPrototypeOf: boom };
    const hostile = new Proxy({}, traps);
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    for (const s of [hostile, revocable.proxy]) {
      expect(refusal(() => legalMoves(s as never)).code).toMatch(/^(not-loaded|invalid-state)$/);
      expect(refusal(() => applyMove(s as never, turn)).code).toMatch(/^(not-loaded|invalid-state)$/);
      expect(refusal(() => loadState(s)).code).toBe('invalid-state');
    }
  });

  it('a state changed after it was made is refused, not read as the state it was', () => {
    const copy = { ...mid, turn: mid.turn + 1 } as GameState;
    expect(refusal(() => applyMove(copy, turn)).code).toBe('not-loaded');
    expect(refusal(() => loadState(copy)).code).toBe('invalid-state');
  });
});

describe('states made again after their kernel was handed on', () => {
  it('a state is made again from the nearest state whose kernel is at hand, through branches', () => {
    const game = createGame({ players: 3, seed: 'chain' });
    // Forward from the start, every kernel handed on; then a branch at 10 and at 20 of the branch.
    const line = [game];
    for (let i = 0; i < 30; i++) line.push(applyMove(line[i] as GameState, legalTurns(line[i] as GameState).at(-1) as never));
    const at10 = line[10] as GameState;
    const branch = [applyMove(at10, legalTurns(at10)[0] as never)];
    for (let i = 0; i < 20; i++) branch.push(applyMove(branch[i] as GameState, legalTurns(branch[i] as GameState)[0] as never));
    for (const s of [line[3], line[10], line[29], branch[0], branch[7], branch[19]] as GameState[]) {
      const fresh = loadState(JSON.parse(JSON.stringify(s)));
      expect(legalTurns(s)).toEqual(legalTurns(fresh));
      expect(scoreFinal(s)).toEqual(scoreFinal(fresh));
      const m = legalTurns(s)[1] ?? legalTurns(s)[0];
      if (m !== undefined) expect(applyMove(s, m)).toEqual(applyMove(fresh, m));
    }
  });

  it('a loaded state handed on is made again by the loader, and what followed it by its moves', () => {
    const loaded = loadState(JSON.parse(JSON.stringify(mid)));
    const after = [applyMove(loaded, turn)];
    for (let i = 0; i < 5; i++) after.push(applyMove(after[i] as GameState, legalTurns(after[i] as GameState)[0] as never));
    expect(legalTurns(loaded)).toEqual(legalTurns(mid));
    expect(legalTurns(after[2] as GameState)).toEqual(legalTurns(loadState(JSON.parse(JSON.stringify(after[2])))));
  });
});
