import { describe, expect, it } from 'vitest';
import {
  applyMove,
  CarcassonneError,
  createGame,
  farmerRules,
  features,
  type GameState,
  LIMITS,
  legalTurns,
  loadState,
  type TurnMove,
  renderAscii,
  scoreFinal,
  tileAt,
  validateMove,
  validateOptions,
  validateState,
} from 'carcassonne-engine';
import { greedyBot, mctsBot } from 'carcassonne-engine/bots';
import { Engine, perft, randomPlayout, seededRandom } from 'carcassonne-engine/engine';
import { figurePicture } from 'carcassonne-engine/render';

// Issue "Hostile input", one test per class of the inputs it found breaking the README's promises
// (numbered as in the issue). Each asks for a typed error (a code and a sentence), in bounded time.

/** The typed error a call throws: its code and sentence; fails the test on anything else. */
function refusal(call: () => unknown): { code: string; message: string } {
  try {
    call();
  } catch (e) {
    if (!(e instanceof CarcassonneError)) throw new Error(`not a typed error: ${String(e)}`);
    return { code: e.code, message: e.message };
  }
  throw new Error('no error');
}

const game = () => createGame({ players: 2, seed: 1 });
const json = (s: GameState) => JSON.parse(JSON.stringify(s));
function deepFreeze<T>(root: T): T {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) {
      Object.freeze(x);
      stack.push(...Object.values(x));
    }
  }
  return root;
}
function nested(depth: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let o = root;
  for (let i = 0; i < depth; i++) {
    o.a = {};
    o = o.a as Record<string, unknown>;
  }
  return root;
}

describe('hostile input (regressions)', () => {
  it('1: a drawOrder of 200,000 ids is an OptionsError, never a stack overflow; LIMITS.drawOrder + 1 is invalid-draw-order', () => {
    const huge = { players: 2, seed: 1, drawOrder: Array(2e5).fill('E') };
    expect(refusal(() => createGame(huge)).code).toBe('invalid-options');
    expect(validateOptions(huge).map((p) => p.code)).toEqual(['invalid-options']);
    expect(refusal(() => createGame({ players: 2, seed: 1, drawOrder: Array(LIMITS.drawOrder + 1).fill('E') })).code).toBe(
      'invalid-draw-order',
    );
  });

  it('2: a sparse array in a state is refused, saying where', () => {
    const s = json(game());
    s.tilesLeft.length += 2;
    expect(refusal(() => loadState(s))).toEqual({
      code: 'invalid-state',
      message: 'the state at tilesLeft is a list with holes or extra properties',
    });
  });

  it('3: deeply nested or cyclic frozen states get a StateError from every function, never a stack overflow', () => {
    const deep = json(game());
    deep.events = [nested(10_000)];
    deepFreeze(deep);
    const cyclic = json(game());
    cyclic.events = [{}];
    cyclic.events[0].self = cyclic;
    deepFreeze(cyclic);
    for (const s of [deep, cyclic]) {
      expect(validateState(s)[0]?.code).toBe('invalid-state');
      for (const call of [() => loadState(s), () => Engine.fromState(s)]) {
        expect(refusal(call).code).toBe('invalid-state');
      }
      // The other functions take only the states this library made or loaded.
      for (const call of [
        () => validateMove(s, { x: 0, y: 1, rotation: 0 }),
        () => legalTurns(s),
        () => scoreFinal(s),
        () => features(s),
        () => tileAt(s, 0, 0),
        () => renderAscii(s),
        () => applyMove(s, { x: 0, y: 1, rotation: 0 }),
      ]) {
        expect(refusal(call).code).toBe('not-loaded');
      }
    }
    expect(refusal(() => loadState(deep)).message).toMatch(/is nested deeper than 32 levels/);
    expect(refusal(() => loadState(cyclic)).message).toBe('the state at events[0].self contains itself (a cycle)');
  });

  it('4: cyclic unfrozen states are refused (they cannot be written as JSON)', () => {
    const s = json(game());
    s.self = s;
    expect(refusal(() => loadState(s)).code).toBe('invalid-state');
    const t = json(game());
    t.events = [{ type: 'x' }];
    t.events[0].back = t.events;
    expect(refusal(() => loadState(t)).code).toBe('invalid-state');
    expect(refusal(() => applyMove(t, legalTurns(game())[0] as TurnMove)).code).toBe('not-loaded');
  });

  it('5: -0 never reaches a state: a rotation -0 is stored 0, a seed -0 reads 0', () => {
    const move = { ...(legalTurns(game()).find((m) => m.rotation === 0) as TurnMove), rotation: -0 as 0 };
    const after = applyMove(game(), move);
    expect(Object.is(after.placements.at(-1)?.rotation, 0)).toBe(true);
    expect(after).toEqual(JSON.parse(JSON.stringify(after)));
    const s = json(createGame({ players: 2, seed: 0 }));
    s.seed = -0;
    expect(Object.is(loadState(s).seed, 0)).toBe(true);
  });

  it('6: junk events and scored lines are refused; a million events are refused at once', () => {
    const s = json(game());
    s.events = [{ type: 'junk', x: 1 }, 42, null];
    expect(refusal(() => loadState(s)).code).toBe('invalid-state');
    const t = json(game());
    t.scored = [null];
    expect(refusal(() => loadState(t)).code).toBe('invalid-state');
    const big = json(game());
    big.events = Array(1e6).fill(big.events[0] ?? { type: 'x' });
    const started = performance.now();
    expect(refusal(() => loadState(big)).message).toBe(`the state at events is a list of 1000000 items (at most ${LIMITS.listLength})`);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('6: a frozen scoring line whose awarded points hold an object without a prototype is refused, not a TypeError (found by the soak)', () => {
    // The million-call soak (seed 19) found loadView throwing "Cannot convert object to primitive
    // value" while it wrote the sentence about such a line.
    let s = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['E'] });
    s = applyMove(s, { x: 0, y: -1, rotation: 180, meeple: { at: 'S' } });
    const bad = json(s);
    expect(bad.scored).toHaveLength(1);
    bad.scored[0].awarded[0] = Object.create(null);
    // Frozen all through: a frozen input is read in place, not copied, so the object reaches the check.
    const freezeAll = (v: unknown): unknown => {
      if (typeof v === 'object' && v !== null) for (const x of Object.values(Object.freeze(v))) freezeAll(x);
      return v;
    };
    freezeAll(bad);
    const error = refusal(() => loadState(bad));
    expect(error.code).toBe('invalid-state');
    expect(error.message).toContain('scored[0]');
  });

  it('7: Engine.legalMoves takes an Int32Array only: anything else is invalid-buffer', () => {
    const e = Engine.fromState(game());
    for (const buffer of [
      new Uint8Array(e.maxMoves),
      new Int16Array(e.maxMoves),
      new Float32Array(e.maxMoves),
      new BigInt64Array(e.maxMoves),
      null,
      Number.NaN,
      'x',
      [1, 2],
    ]) {
      expect(refusal(() => e.legalMoves(buffer as never)).code).toBe('invalid-buffer');
    }
    expect(e.legalMoves(new Int32Array(e.maxMoves))).toBeGreaterThan(0);
  });

  it('7b: Engine.legalTurns takes a Float64Array only: a revoked Proxy or one whose traps throw is invalid-buffer (found by the fuzz soak)', () => {
    const e = Engine.fromState(game());
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const trap = new Proxy(new Float64Array(e.maxMoves), {
      getPrototypeOf() {
        throw new Error('trap: prototype');
      },
    });
    for (const buffer of [revoked.proxy, trap, new Int32Array(e.maxMoves), [1, 2], null]) {
      expect(refusal(() => e.legalTurns(buffer as never)).code).toBe('invalid-buffer');
    }
    expect(e.legalTurns(new Float64Array(e.maxMoves))).toBeGreaterThan(0);
  });

  it('7c: figurePicture answers a kind that is no string with null (found by the fuzz soak)', () => {
    const noPrimitive = Object.create(null) as never;
    expect(figurePicture(noPrimitive)).toBeNull();
    expect(figurePicture('toString' as never)).toBeNull();
    expect(figurePicture('abbot')?.scale).toBe(1.05);
  });

  it('8: exported helpers refuse junk with invalid-argument; perft and playouts validate; play never half-applies', () => {
    for (const call of [
      () => farmerRules['farm-3'](null as never),
      () => farmerRules.none({ players: 1e9, fields: [], cities: [] }),
      () => perft(null as never, 1),
      () => perft(Engine.fromState(game()), Number.NaN),
      () => Engine.fromState(game()).copyFrom(null as never),
      () => seededRandom(Symbol() as never),
      () => randomPlayout(Engine.fromState(game()), (() => 2) as never),
      () => Engine.fromState(game()).meeples(9),
      () => Engine.fromState(game()).inSupply(-1, 'follower'),
    ]) {
      expect(refusal(call).code).toBe('invalid-argument');
    }
    const e = Engine.fromState(game());
    const before = e.toState();
    for (const code of [1.5, -1, 0x7fffffff, 2 ** 31, Number.NaN]) {
      expect(refusal(() => e.play(code)).code).toBe('malformed-move');
    }
    // Nothing was applied: the engine is where it was, and scoreFinal returns.
    expect(e.toState()).toEqual(before);
    expect(e.scoreFinal()).toEqual([0, 0]);
  });

  it('9b: a move with a symbol property, or a hidden one, on it or on its meeple, is malformed, with where', () => {
    const cases: [object, string][] = [
      [{ x: 0, y: 1, rotation: 0, [Symbol('s')]: 1 }, 'the move has a symbol property'],
      [{ x: 0, y: 1, rotation: 0, meeple: { at: 'S', [Symbol('s')]: 1 } }, 'the move at meeple has a symbol property'],
      [
        Object.defineProperty({ x: 0, y: 1, rotation: 0 }, 'tile', { value: 'E' }),
        'the move at tile is a hidden (non-enumerable) property',
      ],
      [
        { x: 0, y: 1, rotation: 0, meeple: Object.defineProperty({ at: 'S' }, 'kind', { value: 'follower' }) },
        'the move at meeple.kind is a hidden (non-enumerable) property',
      ],
    ];
    for (const [move, message] of cases) {
      expect(validateMove(game(), move as never)).toMatchObject({ code: 'malformed-move', message });
      expect(refusal(() => applyMove(game(), move as never)).code).toBe('malformed-move');
    }
  });

  it('9: a throwing getter or Proxy trap in any input is that input’s typed error (the library calls no getter)', () => {
    const getter = Object.defineProperty({ x: 0, y: 1 }, 'rotation', { enumerable: true, get: () => 0 });
    expect(validateMove(game(), getter as never)).toMatchObject({
      code: 'malformed-move',
      message: 'the move at rotation is a getter or setter, not data',
    });
    expect(refusal(() => applyMove(game(), getter as never)).code).toBe('malformed-move');
    const trap = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('boom');
        },
      },
    );
    expect(validateMove(game(), trap as never)?.code).toBe('malformed-move');
    expect(refusal(() => loadState(trap)).message).toBe('the state could not be read: boom');
    const status = json(game());
    Object.defineProperty(status, 'status', {
      enumerable: true,
      get: () => {
        throw new Error('status');
      },
    });
    const version = json(game());
    Object.defineProperty(version, 'version', {
      enumerable: true,
      get: () => {
        throw new Error('version');
      },
    });
    expect(refusal(() => loadState(status)).code).toBe('invalid-state');
    expect(refusal(() => loadState(version)).code).toBe('invalid-state');
    expect(
      validateOptions(
        new Proxy(
          { players: 2, seed: 1 },
          {
            get: () => {
              throw new Error('options');
            },
          },
        ),
      ).length,
    ).toBe(0);
    expect(refusal(() => createGame(Object.defineProperty({ seed: 1 }, 'players', { enumerable: true, get: () => 2 }) as never)).code).toBe(
      'invalid-options',
    );
    expect(refusal(() => greedyBot(game(), Object.defineProperty({}, 'seed', { enumerable: true, get: () => 1 }))).code).toBe(
      'invalid-bot-option',
    );
    expect(refusal(() => mctsBot(game(), { iterations: LIMITS.iterations + 1 })).code).toBe('invalid-bot-option');
  });

  it('10: states no game can reach are refused (the loader replays the placements)', () => {
    let s = game();
    for (let i = 0; i < 8; i++) {
      const moves = legalTurns(s);
      s = applyMove(s, moves.find((m) => m.meeple) ?? (moves[0] as TurnMove));
    }
    const twice = json(s);
    twice.meeples.push(twice.meeples[0]);
    twice.players[twice.meeples[0].owner ?? 0].meeples -= 1;
    const invented = json(s);
    invented.scored.push({ ...(invented.scored[0] ?? {}), turn: 1 });
    const moved = json(s);
    moved.discarded.push(...moved.tilesLeft.splice(0, 3));
    const dumped = json(s);
    dumped.discarded.push(...dumped.tilesLeft.splice(0));
    dumped.status = 'finished';
    dumped.currentTile = null;
    for (const forged of [twice, invented, moved, dumped]) {
      expect(refusal(() => loadState(forged)).code).toBe('invalid-state');
      expect(validateState(forged).length).toBeGreaterThan(0);
    }
  });
});
