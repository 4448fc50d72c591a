// Hostile input for every export of every entry point, and the judge of what comes back. Shared by
// the fuzz tests (tests/fuzz/*.test.ts, against the sources) and the soak (scripts/fuzz.mjs,
// against the built package): `createAttack(lib, fc, { clock })` takes the six entry points and fast-check
// (and the milliseconds clock that times each call against its 5 s: by default, the wall clock).
//
// What every call must do: return a value or throw one of the library's typed errors (a code and
// a sentence); change none of its inputs; leave Object.prototype alone; return plain data that
// survives a JSON round trip; answer in bounded time.
import { isDeepStrictEqual } from 'node:util';

/** Values no JSON holds, each made fresh (a thunk): the attacker's toolbox. */
export function hostileMakers() {
  const deep = (n, frozen) => {
    const root = {};
    let o = root;
    for (let i = 0; i < n; i++) {
      o.a = {};
      o = o.a;
    }
    if (frozen) {
      const stack = [root];
      while (stack.length > 0) {
        const x = stack.pop();
        Object.freeze(x);
        if (x.a !== undefined) stack.push(x.a);
      }
    }
    return root;
  };
  const throwing = () =>
    new Proxy(
      {},
      {
        get() {
          throw new Error('trap: get');
        },
        has(_, key) {
          // fast-check asks for its clone method (a symbol) on every generated value.
          if (typeof key === 'symbol') return false;
          throw new Error('trap: has');
        },
        ownKeys() {
          throw new Error('trap: ownKeys');
        },
        getOwnPropertyDescriptor() {
          throw new Error('trap: descriptor');
        },
        getPrototypeOf() {
          throw new Error('trap: prototype');
        },
      },
    );
  return [
    () => -0,
    () => Number.NaN,
    () => Number.POSITIVE_INFINITY,
    () => 2 ** 53,
    () => 1.5,
    () => -1,
    () => 10n,
    () => Symbol('junk'),
    () => '',
    () => '__proto__',
    () => 'x'.repeat(200_000),
    () => Array(200_000).fill('E'),
    () => {
      const a = ['E', 'U'];
      a.length = 5;
      return a;
    },
    () => {
      const o = { players: 2, seed: 1 };
      o.self = o;
      return o;
    },
    () => deep(10_000, false),
    () => deep(10_000, true),
    () => throwing(),
    () => {
      const r = Proxy.revocable({}, {});
      r.revoke();
      return r.proxy;
    },
    () =>
      Object.defineProperty({ x: 0, y: 1 }, 'rotation', {
        enumerable: true,
        get: () => {
          throw new Error('getter');
        },
      }),
    () => JSON.parse('{"__proto__": {"polluted": true}, "players": 2, "seed": 1}'),
    () => ({ [Symbol('k')]: 1, x: 0 }),
    () => new Map([['x', 1]]),
    () => new Date(0),
    () => new Uint8Array(4),
    () => Object.create(null),
    () => () => 0,
  ];
}

/** A short description of a value for a failure report; never throws. */
export function describe(v) {
  try {
    const text = JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x));
    return text === undefined ? String(v) : text.length > 160 ? `${text.slice(0, 160)}…` : text;
  } catch {
    return Object.prototype.toString.call(v);
  }
}

/** A JSON fingerprint of plain data (null when it has none: a cycle, a Proxy…), to see whether a call changed it. */
function fingerprint(v) {
  try {
    // An engine (or any instance) is the call's to change: only plain data is compared.
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.getPrototypeOf(v) !== Object.prototype) return null;
    if (typeof v === 'string' && v.length > 10_000) return `${v.length}:${v.slice(0, 100)}`;
    return JSON.stringify(v) ?? null;
  } catch {
    return null;
  }
}

/** Whether a value is plain data that a JSON round trip gives back unchanged. */
function roundTrips(v) {
  if (v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null) {
    return !Object.is(v, -0) && (typeof v !== 'number' || Number.isFinite(v));
  }
  try {
    return isDeepStrictEqual(JSON.parse(JSON.stringify(v)), v);
  } catch {
    return false;
  }
}

/**
 * A hostile value to be made when the call is made: fast-check looks into every value it generates
 * (a revoked Proxy would throw in its hands), so the generators hold this marker instead.
 */
class Hostile {
  constructor(i) {
    this.i = i;
  }
}

/** An engine to be made when the call is made (a fresh one, which the call may play on). */
class EngineAt {
  constructor(state, view) {
    this.state = state;
    this.view = view;
  }
}

export function createAttack(lib, fc, { clock = () => performance.now() } = {}) {
  const { api, engine: eng, bots, notation, render, element } = lib;
  const hostile = hostileMakers();
  const materialise = (v) => {
    if (v instanceof Hostile) return hostile[v.i]();
    if (v instanceof EngineAt) {
      const s = v.state;
      return v.view ? eng.Engine.fromView(api.playerView(s, s.currentPlayer), eng.seededRandom(1)) : eng.Engine.fromState(s);
    }
    return v;
  };
  const junk = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.anything({
        maxDepth: 3,
        withBigInt: true,
        withNullPrototype: true,
        withSparseArray: true,
        withTypedArray: true,
        withMap: true,
      }),
    },
    { weight: 2, arbitrary: fc.nat(hostile.length - 1).map((i) => new Hostile(i)) },
  );

  // Valid positions to start from: every expansion, both tile sets, 2–6 players, house rules, set-ups, views.
  const configs = [
    { players: 2, seed: 'f1' },
    { players: 3, seed: 'f2', tileSet: 'pnp-demo' },
    { players: 6, seed: 'f3', expansions: ['inns-cathedrals', 'traders-builders', 'abbot', 'river'] },
    { players: 4, seed: 'f4', expansions: ['traders-builders'] },
    { players: 2, seed: 'f5', expansions: ['river', 'abbot'], rules: { hand: { size: 2, visible: false } } },
    { players: 5, seed: 'f6', edition: 'first', rules: { unplaceable: 'returned', fillingHole: 'extra-turn' } },
  ];
  let pool = null;
  const states = () => {
    if (pool !== null) return pool;
    pool = [];
    for (const [i, options] of configs.entries()) {
      let s = api.createGame(options);
      pool.push(s);
      for (let turn = 0; s.status === 'playing'; turn++) {
        const moves = api.legalMoves(s);
        s = api.applyMove(s, moves[(turn * 7 + i) % moves.length]);
        if (turn % 17 === 5) pool.push(s);
      }
      pool.push(s);
    }
    pool.push(
      api.setupGame(
        notation.parsePosition('game {"players":["Ann","Bob"]} / board D 0,0; G 0,-1 r90 p0 knight N / scores 10 12 / turn p0 E'),
      ),
    );
    for (const s of pool.slice(0, 12)) pool.push(api.playerView(s, 'spectator'), api.playerView(s, 0));
    return pool;
  };
  const validState = fc.nat().map((i) => states()[i % states().length]);
  const paths = (v, prefix = [], out = []) => {
    if (v !== null && typeof v === 'object' && out.length < 400) {
      for (const k of Object.keys(v)) {
        out.push([...prefix, k]);
        paths(v[k], [...prefix, k], out);
      }
    }
    return out;
  };
  /** A JSON copy of a valid state (or move) with one thing changed, as an attacker or a bad disk would. */
  const mutated = (base) =>
    fc.tuple(base, fc.nat(), fc.nat(9), junk, fc.boolean()).map(([b, at, how, marker, freeze]) => {
      const value = materialise(marker);
      const copy = JSON.parse(JSON.stringify(b));
      const all = paths(copy);
      if (all.length === 0) return value;
      const path = all[at % all.length];
      const parent = path.slice(0, -1).reduce((o, k) => o[k], copy);
      const key = path[path.length - 1];
      switch (how) {
        case 0:
          delete parent[key];
          break;
        case 1:
          if (Array.isArray(parent[key])) parent[key].length += 2;
          else parent[key] = value;
          break;
        case 2:
          if (Array.isArray(parent[key]) && parent[key].length > 0) parent[key].push(parent[key][0]);
          else parent[key] = -0;
          break;
        case 3:
          parent[key] = copy;
          break;
        case 4:
          Object.defineProperty(parent, key, { enumerable: true, get: () => 1 });
          break;
        case 5:
          if (typeof parent[key] === 'number') parent[key] += 1;
          else parent[key] = value;
          break;
        default:
          parent[key] = value;
      }
      if (freeze) {
        try {
          const stack = [copy];
          const seen = new Set();
          while (stack.length > 0) {
            const x = stack.pop();
            if (x === null || typeof x !== 'object' || seen.has(x)) continue;
            seen.add(x);
            for (const k of Object.keys(x)) {
              const d = Object.getOwnPropertyDescriptor(x, k);
              if (d !== undefined && 'value' in d) stack.push(d.value);
            }
            Object.freeze(x);
          }
        } catch {}
      }
      return copy;
    });
  const state = fc.oneof(
    { weight: 2, arbitrary: validState },
    { weight: 4, arbitrary: mutated(validState) },
    { weight: 1, arbitrary: junk },
  );
  const playing = fc.nat().map((i) => {
    const list = states().filter((s) => s.status === 'playing' && !('viewer' in s));
    return list[i % list.length];
  });
  const legalMove = fc.tuple(playing, fc.nat()).map(([s, i]) => {
    const moves = api.legalMoves(s);
    return moves[i % moves.length];
  });
  // Whole turns too, and step moves of every type (step moves are what legalMoves gives).
  const legalTurn = fc.tuple(playing, fc.nat()).map(([s, i]) => {
    const turns = api.legalTurns(s);
    return turns.length === 0 ? { type: 'pass' } : turns[i % turns.length];
  });
  const move = fc.oneof(
    { weight: 2, arbitrary: legalMove },
    { weight: 3, arbitrary: mutated(legalMove) },
    { weight: 1, arbitrary: legalTurn },
    { weight: 1, arbitrary: mutated(legalTurn) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.record(
          { type: fc.constantFrom('meeple', 'pass', 'recall', 'tile', 'turn', 'dance'), at: fc.constantFrom('N', 'C', 'ZZ') },
          { requiredKeys: ['type'] },
        ),
        fc.record({ type: fc.constant('recall'), kind: fc.constantFrom('abbot', 'follower', 'king') }),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.record(
        {
          x: fc.integer({ min: -300, max: 300 }),
          y: fc.integer({ min: -300, max: 300 }),
          rotation: fc.constantFrom(0, 90, 180, 270, -0, 45),
          tile: fc.constantFrom('E', 'U', 'IC-D', 'Q9'),
          meeple: fc.option(
            fc.record(
              { at: fc.constantFrom('N', 'E', 'C', 'ZZ'), kind: fc.constantFrom('follower', 'abbot', 'large', 'builder', 'pig', 'king') },
              { requiredKeys: ['at'] },
            ),
          ),
        },
        { requiredKeys: ['x', 'y', 'rotation'] },
      ),
    },
    { weight: 1, arbitrary: junk },
  );
  const options = fc.oneof(
    fc.constantFrom(...configs).map((c) => ({ ...c })),
    mutated(fc.constantFrom(...configs)),
    fc.record(
      {
        players: fc.oneof(fc.integer({ min: -1, max: 8 }), fc.array(fc.string(), { maxLength: 8 })),
        seed: fc.oneof(fc.integer(), fc.string()),
        drawOrder: fc.array(fc.constantFrom('E', 'U', 'D', 'RV-spring', 'zz'), { maxLength: 30 }),
      },
      { requiredKeys: ['players', 'seed'] },
    ),
    junk,
  );
  /** Texts of the notation, whole, cut anywhere or with a character changed. */
  const texts = () => {
    const out = [];
    for (const s of states().slice(0, 16)) {
      out.push(notation.makeRecord(s));
      // A position begins a turn: a state at its action step has none (setupOf refuses it).
      if (s.step === 'tile') out.push(notation.makePosition(s), notation.makePosition(s, { oneLine: true }));
      if (s.status === 'playing' && !('viewer' in s)) out.push(notation.makeMove(s, api.legalMoves(s)[0]));
    }
    return out;
  };
  let textPool = null;
  const validText = fc.nat().map((i) => {
    textPool ??= texts();
    return textPool[i % textPool.length];
  });
  const text = fc.oneof(
    validText,
    fc.tuple(validText, fc.nat()).map(([t, at]) => t.slice(0, at % (t.length + 1))),
    fc.tuple(validText, fc.nat(), fc.string({ maxLength: 3 })).map(([t, at, c]) => {
      const i = at % (t.length + 1);
      return t.slice(0, i) + c + t.slice(i + 1);
    }),
    fc.string(),
    junk,
  );
  const startOfTurn = validState.filter((s) => s.step === 'tile');
  const setup = fc.oneof(
    startOfTurn.map((s) => api.setupOf(s)),
    mutated(startOfTurn.map((s) => JSON.parse(JSON.stringify(api.setupOf(s))))),
    junk,
  );
  const botOptions = fc.oneof(
    fc.constant(undefined),
    fc.record(
      { seed: fc.oneof(fc.integer(), fc.string()), iterations: fc.integer({ min: 1, max: 30 }), timeMs: fc.constantFrom(5, 20) },
      { requiredKeys: ['iterations'] },
    ),
    mutated(fc.constant({ iterations: 10, seed: 1, timeMs: 50 })),
    junk,
  );
  const renderOptions = fc.oneof(
    fc.constant(undefined),
    fc.record({
      tileSize: fc.integer({ min: -5, max: 2000 }),
      scores: fc.boolean(),
      coordinates: fc.boolean(),
      legal: fc.boolean(),
      colours: fc.array(fc.constantFrom('#ff0000', 'red', ''), { maxLength: 8 }),
    }),
    junk,
  );
  const anEngine = fc.tuple(playing, fc.boolean()).map(([s, view]) => new EngineAt(s, view));
  const nat = fc.oneof(fc.integer({ min: -3, max: 300 }), junk);

  const t = (name, args, call) => ({ name, args: fc.tuple(...args), call });
  const targets = [
    // carcassonne-engine
    t('createGame', [options], (o) => api.createGame(o)),
    t('validateOptions', [options], (o) => api.validateOptions(o)),
    t('editionRules', [junk], (e) => api.editionRules(e)),
    t('useExpansions', [fc.oneof(junk, fc.constantFrom(...api.allExpansions))], (e) => api.useExpansions(e)),
    t('applyMove', [state, move], (s, m) => api.applyMove(s, m)),
    t('validateMove', [state, move], (s, m) => api.validateMove(s, m)),
    t('previewMove', [state, move], (s, m) => api.previewMove(s, m)),
    t('legalMoves', [state], (s) => api.legalMoves(s)),
    t('legalTurns', [state], (s) => api.legalTurns(s)),
    t('legalPlacements', [state, fc.oneof(fc.constant(undefined), junk)], (s, w) => api.legalPlacements(s, w)),
    t('scoreFinal', [state], (s) => api.scoreFinal(s)),
    t('features', [state], (s) => api.features(s)),
    t('tileAt', [state, nat, nat], (s, x, y) => api.tileAt(s, x, y)),
    t('movesAt', [state, move], (s, p) => api.movesAt(s, p)),
    t('spotsAt', [state, nat, nat], (s, x, y) => api.spotsAt(s, x, y)),
    t('loadState', [state], (s) => api.loadState(s)),
    t('validateState', [state], (s) => api.validateState(s)),
    t('loadView', [state], (s) => api.loadView(s)),
    t('playerView', [state, fc.oneof(fc.constantFrom(0, 1, 'spectator'), junk)], (s, v) => api.playerView(s, v)),
    t('setupGame', [setup], (s) => api.setupGame(s)),
    t('validateSetup', [setup], (s) => api.validateSetup(s)),
    t('setupOf', [state], (s) => api.setupOf(s)),
    t('renderAscii', [state], (s) => api.renderAscii(s)),
    t('isTileId', [junk], (v) => api.isTileId(v)),
    t('tileDefinition', [fc.oneof(fc.constantFrom('E', 'IC-K', 'RV-lake'), junk), fc.oneof(fc.constantFrom(0, 90), junk)], (id, r) =>
      api.tileDefinition(id, r),
    ),
    t('tileIds', [fc.oneof(fc.constantFrom('base', 'pnp-demo'), junk)], (s) => api.tileIds(s)),
    t('farmerRules', [fc.constantFrom('city-4', 'farm-3-once', 'farm-3', 'none'), junk], (name, input) => api.farmerRules[name](input)),
    t('errors', [junk, junk], (a, b) =>
      [
        new api.CarcassonneError(a, b),
        new api.ProblemsError(a, b),
        new api.StateError(a),
        new api.OptionsError(a),
        new api.SetupError(a),
        new api.IllegalMoveError(a, b),
        new notation.NotationError(a),
      ].map((e) => `${e.name} ${e.code}: ${e.message}`),
    ),
    // carcassonne-engine/engine
    t('Engine.create', [options], (o) => eng.Engine.create(o).turn),
    t('Engine.fromState', [state], (s) => eng.Engine.fromState(s).turn),
    t('Engine.fromView', [state, junk], (s, r) => eng.Engine.fromView(s, typeof r === 'function' ? r : eng.seededRandom(1)).turn),
    t('engine methods', [anEngine, nat, junk], (e, n, j) => {
      const before = JSON.stringify([e.turn, e.scores(), e.tilesLeft]);
      const out = [];
      for (const f of [
        () => e.play(n),
        () => e.play(j),
        () => e.legalMoves(j),
        () => e.legalTurns(j),
        () => e.playTurn(n),
        () => e.playTurn(j),
        () => e.meeples(n),
        () => e.inSupply(n, j),
        () => e.tokens(j),
        () => e.hand(n),
        () => e.copyFrom(j),
        () => e.shuffleTilesLeft(j),
        () => e.moveOf(n),
        () => e.moveOf(j),
        () => e.codeOf(j),
      ]) {
        try {
          out.push(f() ?? null);
        } catch (error) {
          if (!(error instanceof api.CarcassonneError)) throw error;
        }
      }
      // Nothing half applied: a refused play leaves the position as it was.
      const after = JSON.stringify([e.turn, e.scores(), e.tilesLeft]);
      if (before !== after && out.length === 15) return 'played';
      return e.status === 'playing' ? e.scoreFinal() : e.scores();
    }),
    t('encodeMove', [move, fc.oneof(fc.constant(undefined), fc.constant(['U', 'V']), junk)], (m, h) => eng.encodeMove(m, h)),
    t('decodeMove', [nat, junk], (c, tile) => eng.decodeMove(c, tile)),
    t('encodeTurn', [move, fc.oneof(fc.constant(undefined), fc.constant(['U', 'V']), junk)], (m, h) => eng.encodeTurn(m, h)),
    t('decodeTurn', [nat, junk], (c, tile) => eng.decodeTurn(c, tile)),
    // Depths 3 and 4 are legal but take seconds to minutes (the perft fixtures run them): 2 instead.
    t('perft', [fc.oneof(anEngine, junk), fc.oneof(fc.constantFrom(0, 1, 2, 5, Number.NaN, -1, 1.5, 99), junk)], (e, d) =>
      eng.perft(e, d === 3 || d === 4 ? 2 : d),
    ),
    t('randomPlayout', [fc.oneof(anEngine, junk), fc.oneof(fc.constant(null), junk)], (e, r) =>
      eng.randomPlayout(e, r === null ? eng.seededRandom(1) : r),
    ),
    t('seededRandom', [junk], (s) => eng.seededRandom(s)()),
    // carcassonne-engine/bots
    t('randomBot', [state, botOptions], (s, o) => bots.randomBot(s, o)),
    t('greedyBot', [state, botOptions], (s, o) => bots.greedyBot(s, o)),
    // A search without options runs its documented default of 1,000 iterations, which on the
    // largest states (all four expansions, six players) takes seconds: its calls get 30 s, not 5.
    { ...t('mctsBot', [state, botOptions], (s, o) => bots.mctsBot(s, o)), limitMs: 30_000 },
    t(
      'levelBot',
      [state, fc.oneof(fc.record({ level: fc.integer({ min: 0, max: 5 }), timeMs: fc.constantFrom(5, 0, -1) }), junk)],
      (s, o) => bots.levelBot(s, o),
    ),
    { ...t('analyse', [state, botOptions], (s, o) => bots.analyse(s, o)), limitMs: 30_000 },
    { ...t('analyseAsync', [state, botOptions], (s, o) => bots.analyseAsync(s, o)), async: true, limitMs: 30_000 },
    t('estimate', [fc.oneof(anEngine, junk), junk], (e, w) => bots.estimate(e, w)),
    t('evaluate', [fc.oneof(anEngine, junk), junk], (e, w) => bots.evaluate(e, w)),
    t('margin', [junk, nat], (v, p) => bots.margin(v, p)),
    // carcassonne-engine/notation
    t('parseMove', [text, fc.oneof(fc.constant(undefined), state)], (x, s) => notation.parseMove(x, s)),
    t('makeMove', [state, move], (s, m) => notation.makeMove(s, m)),
    t('describeMove', [state, move], (s, m) => notation.describeMove(s, m)),
    t('parseRecord', [text], (x) => notation.parseRecord(x)),
    t('makeRecord', [state], (s) => notation.makeRecord(s)),
    t('replayRecord', [text], (x) => notation.replayRecord(x)),
    t('parsePosition', [text], (x) => notation.parsePosition(x)),
    t('makePosition', [fc.oneof(state, setup), fc.oneof(fc.constant(undefined), junk)], (s, o) => notation.makePosition(s, o)),
    // carcassonne-engine/render
    t('renderSvg', [state, renderOptions], (s, o) => render.renderSvg(s, o).length),
    t(
      'renderTileSvg',
      [fc.oneof(fc.constantFrom('E', 'IC-K', 'TB-F'), junk), fc.oneof(fc.constantFrom(0, 90), junk), junk],
      (id, r, o) => render.renderTileSvg(id, r, o).length,
    ),
    t(
      'tileGeometry',
      [fc.oneof(fc.constantFrom('E', 'RV-spring', 'D'), junk), fc.oneof(fc.constantFrom(0, 270), junk)],
      (id, r) => render.tileGeometry(id, r)?.areas.length ?? null,
    ),
    t('figurePicture', [fc.oneof(fc.constantFrom('follower', 'abbot', 'pig', 'toString'), junk)], (k) => render.figurePicture(k)),
    t('render.renderAscii', [state], (s) => render.renderAscii(s)),
    // carcassonne-engine/element
    t('sameMove', [state, move, move], (s, a, b) => element.sameMove(s, a, b)),
    t('defineBoardElement', [junk], (n) => element.defineBoardElement(n)),
  ];

  const codes = new Set();
  /**
   * Calls `target` with `args` and judges it: `{ ok: true, outcome }` (`'value'` or the error's
   * code) or `{ ok: false, why }`.
   */
  const judge = (target, generated) => {
    const args = generated.map(materialise);
    const before = args.map(fingerprint);
    const started = clock();
    const finish = (outcome) => {
      const ms = clock() - started;
      if (ms > (target.limitMs ?? 5000)) return { ok: false, why: `took ${Math.round(ms)} ms` };
      for (const [i, arg] of args.entries()) {
        if (before[i] !== null && fingerprint(arg) !== before[i]) return { ok: false, why: `changed its argument ${i}` };
      }
      if (Object.keys(Object.prototype).length > 0 || 'polluted' in {}) return { ok: false, why: 'changed Object.prototype' };
      return outcome;
    };
    const ofValue = (value) => {
      if (value instanceof api.CarcassonneError) {
        // validateMove returns its error: typed, as a thrown one must be.
        codes.add(value.code);
        return { ok: true, outcome: `returned ${value.code}` };
      }
      if (!roundTrips(value)) return { ok: false, why: `returned ${describe(value)}, which a JSON round trip changes` };
      return { ok: true, outcome: 'value' };
    };
    const ofError = (error) => {
      const typed =
        error instanceof api.CarcassonneError &&
        typeof error.code === 'string' &&
        typeof error.message === 'string' &&
        error.message.length > 0;
      if (!typed) return { ok: false, why: `threw ${error?.name}: ${String(error?.message).slice(0, 200)}` };
      codes.add(error.code);
      return { ok: true, outcome: error.code };
    };
    let value;
    try {
      value = target.call(...args);
    } catch (error) {
      return finish(ofError(error));
    }
    if (value instanceof Promise) {
      if (target.async !== true) return { ok: false, why: 'returned a promise' };
      return value.then(
        (v) => finish(ofValue(v)),
        (e) => finish(ofError(e)),
      );
    }
    return finish(ofValue(value));
  };

  /** Whether the engine and the pure API list the same moves for a state both accept. */
  const agree = (generated) => {
    const s = materialise(generated);
    let pure;
    try {
      pure = api.legalMoves(s);
    } catch {
      return true;
    }
    let e;
    try {
      e = eng.Engine.fromState(s);
    } catch (error) {
      // The engine plays states, not views; anything else the pure API took, the engine must take.
      return error instanceof api.CarcassonneError && error.code === 'view-not-playable';
    }
    const tile = e.currentTile ?? e.hand(e.currentPlayer);
    // The same moves: as sets of their JSON (each move's fields in one order).
    const key = (m) => JSON.stringify([m.tile, m.x, m.y, m.rotation, m.meeple?.at ?? null, m.meeple?.kind ?? null, m.recall ?? null]);
    const fromEngine = e
      .legalMoves()
      .map((c) => key(eng.decodeMove(c, tile)))
      .sort();
    const fromApi = pure.map(key).sort();
    return fromEngine.length === fromApi.length && fromEngine.every((k, i) => k === fromApi[i]);
  };

  return { targets, judge, agree, state, states, codes };
}
