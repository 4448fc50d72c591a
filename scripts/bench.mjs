// Benchmarks. Prints figures; asserts nothing.
//   npm run bench            (builds first, then measures the built package)
//   npm run bench -- --seconds 5
import os from 'node:os';
import { applyMove, createGame, legalMoves, legalPlacements, scoreFinal } from 'carcassonne-engine';
import { Engine, randomPlayout, seededRandom } from 'carcassonne-engine/engine';

const argv = process.argv.slice(2);
const seconds = Number(argv[argv.indexOf('--seconds') + 1] || 3);

function lcg(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x >>> 8;
  };
}

function randomGame(seed, options = {}) {
  const r = lcg(seed);
  let s = createGame({ players: 2, seed, ...options });
  let moves = 0;
  while (s.status === 'playing') {
    const legal = legalMoves(s);
    s = applyMove(s, legal[r() % legal.length]);
    moves++;
  }
  return { state: s, moves };
}

function measure(label, fn, unit) {
  // Warm up, then count whole runs for `seconds`.
  const warm = performance.now();
  while (performance.now() - warm < 500) fn();
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < seconds * 1000) {
    fn();
    n++;
    t = performance.now();
  }
  const perSecond = (n * 1000) / (t - t0);
  const each = (t - t0) / n;
  console.log(
    `${label.padEnd(80)} ${perSecond.toFixed(perSecond < 100 ? 1 : 0).padStart(10)} ${unit}/s  (${each < 0.1 ? `${(each * 1000).toFixed(2)} µs` : `${each.toFixed(3)} ms`} each)`,
  );
  return perSecond;
}

console.log(
  `carcassonne-engine benchmark — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} (${os.cpus().length} cores), one core used\n`,
);

// The engine: uniformly random two-player games, each from a new game (createGame is not timed:
// one start engine is cloned per game and its hidden tiles dealt anew).
for (const [label, options] of [
  ['base', {}],
  ['print-and-play', { tileSet: 'pnp-demo' }],
  ['base + River + Abbot', { expansions: ['river', 'abbot'] }],
  ['base + Inns & Cathedrals', { expansions: ['inns-cathedrals'] }],
  ['base + Traders & Builders', { expansions: ['traders-builders'] }],
]) {
  const start = Engine.create({ players: 2, seed: 1, ...options });
  const random = seededRandom(1);
  measure(
    `engine: random 2-player ${label} games (clone, deal, randomPlayout)`,
    () => {
      const e = start.clone();
      e.shuffleTilesLeft(random);
      randomPlayout(e, random);
    },
    'games',
  );
}
{
  // Traders & Builders against the base game, alternating in slices so that a noisy neighbour hits
  // both alike: the ratio of their random-game rates (target: at least 0.5).
  const game = (options) => {
    const start = Engine.create({ players: 2, seed: 1, ...options });
    const random = seededRandom(5);
    return () => {
      const e = start.clone();
      e.shuffleTilesLeft(random);
      randomPlayout(e, random);
    };
  };
  const rate = (fn, ms) => {
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < ms) {
      fn();
      n++;
    }
    return (n * 1000) / (performance.now() - t0);
  };
  const base = game({});
  const traders = game({ expansions: ['traders-builders'] });
  let b = 0;
  let tb = 0;
  for (let slice = 0; slice < 6; slice++) {
    b += rate(base, (seconds * 1000) / 6);
    tb += rate(traders, (seconds * 1000) / 6);
  }
  console.log(
    `  Traders & Builders random games run at ${(tb / b).toFixed(2)}× the rate of base games (same process, alternating; target: at least 0.5)`,
  );
}
{
  // The convenient call against the buffer path, on the same games in the same process: a random
  // playout written with engine.legalMoves() (a new array each move) and one with a caller's buffer.
  const start = Engine.create({ players: 2, seed: 1 });
  const playWith = (choose) => {
    const random = seededRandom(3);
    return () => {
      const e = start.clone();
      e.shuffleTilesLeft(random);
      while (e.status === 'playing') e.play(choose(e, random));
    };
  };
  const buffer = new Int32Array(start.maxMoves);
  const withBuffer = measure(
    'engine: random base games, legalMoves(buffer) each move',
    playWith((e, random) => buffer[Math.floor(random() * e.legalMoves(buffer))]),
    'games',
  );
  const withArray = measure(
    'engine: random base games, legalMoves() (a new array) each move',
    playWith((e, random) => {
      const moves = e.legalMoves();
      return moves[Math.floor(random() * moves.length)];
    }),
    'games',
  );
  console.log(`  legalMoves() costs ${(withBuffer / withArray).toFixed(2)}× the buffer path in whole games (target: at most 1.3×)`);
}
{
  // The same games from createGame each time, through Engine.create: what a fresh game costs.
  let seed = 1;
  const random = seededRandom(2);
  measure(
    'engine: random 2-player base games from createGame (Engine.create)',
    () => {
      randomPlayout(Engine.create({ players: 2, seed: seed++ }), random);
    },
    'games',
  );
}

let seed = 1;
measure('pure API: random 2-player base games (legalMoves + applyMove)', () => randomGame(seed++), 'games');
seed = 1;
measure('pure API: random 2-player print-and-play games', () => randomGame(seed++, { tileSet: 'pnp-demo' }), 'games');
seed = 1;
measure('pure API: random 2-player base + River + Abbot games', () => randomGame(seed++, { expansions: ['river', 'abbot'] }), 'games');
seed = 1;
measure(
  'pure API: random 2-player base + Traders & Builders games',
  () => randomGame(seed++, { expansions: ['traders-builders'] }),
  'games',
);
seed = 1;
measure(
  'pure API: random 2-player base + all four expansions',
  () => randomGame(seed++, { expansions: ['river', 'abbot', 'inns-cathedrals', 'traders-builders'] }),
  'games',
);

// Per-call costs at mid-game: states 35 moves into random games.
const mids = [];
for (let i = 0; i < 50; i++) {
  const r = lcg(1000 + i);
  let s = createGame({ players: 2, seed: 1000 + i });
  for (let m = 0; m < 35 && s.status === 'playing'; m++) {
    const legal = legalMoves(s);
    s = applyMove(s, legal[r() % legal.length]);
  }
  mids.push({ state: s, move: legalMoves(s)[0], engine: Engine.fromState(s) });
}
let k = 0;
measure('pure API: legalPlacements at mid-game (turn 35)', () => legalPlacements(mids[k++ % mids.length].state), 'calls');
measure('pure API: legalMoves at mid-game (turn 35)', () => legalMoves(mids[k++ % mids.length].state), 'calls');
measure(
  'pure API: applyMove at mid-game (turn 35)',
  () => {
    const m = mids[k++ % mids.length];
    applyMove(m.state, m.move);
  },
  'calls',
);
measure('pure API: scoreFinal at mid-game (turn 35)', () => scoreFinal(mids[k++ % mids.length].state), 'calls');
const buffer = new Int32Array(mids[0].engine.maxMoves);
measure('engine: legalMoves(buffer) at mid-game (turn 35)', () => mids[k++ % mids.length].engine.legalMoves(buffer), 'calls');
measure(
  'engine: clone + play at mid-game (turn 35)',
  () => {
    const m = mids[k++ % mids.length];
    m.engine.legalMoves(buffer);
    m.engine.clone().play(buffer[0]);
  },
  'calls',
);
measure('engine: clone at mid-game (turn 35)', () => mids[k++ % mids.length].engine.clone(), 'calls');
measure('engine: scoreFinal at mid-game (turn 35)', () => mids[k++ % mids.length].engine.scoreFinal(), 'calls');

const { state } = randomGame(7);
console.log(`\nsize of a finished game's state as JSON: ${JSON.stringify(state).length} bytes`);
if (typeof globalThis.gc === 'function') {
  // Retained heap of one finished state, its kernel included (run with node --expose-gc).
  const used = () => {
    for (let i = 0; i < 3; i++) globalThis.gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = used();
  const kept = [];
  for (let i = 0; i < 200; i++) kept.push(randomGame(5000 + i).state);
  const after = used();
  console.log(`memory retained per finished state, its cached kernel included: ${((after - before) / kept.length / 1024).toFixed(1)} KiB`);
}
