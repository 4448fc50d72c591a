import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  features,
  type GameState,
  legalMoves,
  loadState,
  StateError,
  tileAt,
  validateMove,
  validateState,
} from 'carcassonne-engine';
import { caught } from '../support/caught';
import { deeplyFrozen, playSeeded } from '../support/play';

const game = playSeeded({ players: 3, seed: 4 }, 4);
const mid = game.states[30] as GameState;

const stateError = (fn: () => unknown): StateError => caught(fn, StateError);

describe('saved states', () => {
  it('loadState accepts a JSON round trip and returns a deeply frozen equal state', () => {
    const loaded = loadState(JSON.parse(JSON.stringify(mid)));
    expect(loaded).toEqual(mid);
    expect(deeplyFrozen(loaded)).toBe(true);
    expect(legalMoves(loaded)).toEqual(legalMoves(mid));
    expect(validateState(JSON.parse(JSON.stringify(mid)))).toEqual([]);
    expect(validateState(null)).toEqual([{ code: 'invalid-state', message: 'a game state must be an object' }]);
  });

  it('holds no undefined, class instance, Map, Set or function anywhere', () => {
    const walk = (v: unknown, path: string): void => {
      if (v === null || typeof v === 'string' || typeof v === 'boolean') return;
      if (typeof v === 'number') {
        expect(Number.isFinite(v), path).toBe(true);
        return;
      }
      expect(typeof v, path).toBe('object');
      expect([Object.prototype, Array.prototype], path).toContain(Object.getPrototypeOf(v));
      for (const [k, child] of Object.entries(v as object)) walk(child, `${path}.${k}`);
    };
    for (const s of game.states.filter((_, i) => i % 10 === 0)) walk(s, 'state');
    walk(game.states.at(-1), 'state');
  });

  const corrupt = (change: (s: Record<string, unknown>) => void) => {
    const s = JSON.parse(JSON.stringify(mid)) as Record<string, unknown>;
    change(s);
    return s;
  };

  it.each([
    ['no object at all', (s: Record<string, unknown>) => (s.players = 'two'), 'players must list 2 to 5 players'],
    ['an unknown edition', (s: Record<string, unknown>) => (s.edition = 'fifth'), 'unknown edition "fifth"'],
    ['an unknown version', (s: Record<string, unknown>) => (s.version = 2), 'unsupported state version 2'],
    ['an unknown tile set', (s: Record<string, unknown>) => (s.tileSet = 'river'), 'unknown tile set "river"'],
    ['a tile placed on another', (s: Record<string, unknown>) => {
      const ps = s.placements as { x: number; y: number }[];
      (ps[5] as { x: number; y: number }).x = (ps[4] as { x: number }).x;
      (ps[5] as { x: number; y: number }).y = (ps[4] as { y: number }).y;
    }, 'cannot lie at'],
    ['an unknown tile', (s: Record<string, unknown>) => ((s.tilesLeft as string[])[0] = 'Z'), 'tilesLeft[0]: unknown tile "Z"'],
    ['a missing tile', (s: Record<string, unknown>) => (s.tilesLeft as string[]).pop(), 'the tiles do not add up to the base set: missing 1 ×'],
    ['too many copies', (s: Record<string, unknown>) => ((s.discarded as string[]).push('C')), 'more copies of tile C'],
    ['a meeple from nowhere', (s: Record<string, unknown>) => {
      const p = (s.players as { meeples: number }[])[0] as { meeples: number };
      p.meeples += 1;
    }, 'but the rules give 7'],
    ['a player index out of range', (s: Record<string, unknown>) => (s.currentPlayer = 7), 'currentPlayer is not a player'],
  ])('rejects a state with %s (invalid-state)', (_, change, message) => {
    const e = stateError(() => loadState(corrupt(change)));
    expect(e.code).toBe('invalid-state');
    expect(e.message).toContain(message);
    expect(validateState(corrupt(change))).toEqual(e.problems);
    // The other functions check an unknown state the same way on first use.
    expect(() => legalMoves(corrupt(change) as unknown as GameState)).toThrow(StateError);
  });
});

describe('queries', () => {
  it('tileAt finds placed tiles and nothing elsewhere', () => {
    expect(tileAt(mid, 0, 0)).toMatchObject({ tile: 'D', rotation: 0, player: null });
    expect(tileAt(mid, 500, 500)).toBeNull();
  });

  it('features: the start board has a city, a road and two fields, in age order', () => {
    const f = features(createGame({ players: 2, seed: 1 }));
    expect(f.map((x) => [x.id, x.kind, x.open, x.complete])).toEqual([
      ['0,0:N', 'city', 1, false],
      ['0,0:E', 'road', 2, false],
      ['0,0:ENE', 'field', 0, false],
      ['0,0:ESE', 'field', 0, false],
    ]);
    expect(f[2]?.cities).toEqual(['0,0:N']);
    expect(f[3]?.cities).toEqual([]);
  });

  it('features cover every meeple on the board exactly once', () => {
    for (const s of game.states.filter((_, i) => i % 7 === 0)) {
      const listed = features(s).flatMap((f) => f.meeples);
      expect(listed).toHaveLength(s.meeples.length);
      expect(new Set(listed)).toEqual(new Set(s.meeples));
    }
  });

  it('events describe the last move: placement first, then meeple, scorings and returns', () => {
    const withScore = game.states.find((s) => s.events.some((e) => e.type === 'feature-scored' && e.score.phase === 'play'));
    expect(withScore).toBeDefined();
    const types = (withScore as GameState).events.map((e) => e.type);
    expect(types[0]).toBe('tile-placed');
    expect(types.indexOf('feature-scored')).toBeGreaterThan(0);
  });

  it('a move at x = -0 is stored as 0, so the state equals its JSON round trip', () => {
    const s = createGame({ players: 2, seed: 1, drawOrder: ['U'] });
    const next = applyMove(s, { x: -0, y: 1, rotation: 0 });
    expect(Object.is(next.placements[1]?.x, 0)).toBe(true);
    expect(JSON.parse(JSON.stringify(next))).toEqual(next);
  });

  it('applyMove throws the same error validateMove returns, and changes nothing', () => {
    const bad = { x: 0, y: 0, rotation: 0 as const };
    const err = validateMove(mid, bad);
    expect(err?.code).toBe('cell-occupied');
    expect(err?.message).toBe('(0, 0) already holds tile D');
    expect(() => applyMove(mid, bad)).toThrow(err?.message);
  });
});
