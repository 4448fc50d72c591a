// Benchmarks. Prints figures; asserts nothing.
//   npm run bench                      (builds first, then measures the built package)
//   npm run bench -- --seconds 5       (longer rows)
//   npm run bench -- --save-baseline   (writes the headline table to scripts/bench-baseline.json)
//   npm run bench -- --headline        (the headline table and its comparison only)
//
// The headline table: random two-player games per second in each configuration, through the
// engine's buffer path and through the pure API, measured in slices that alternate with the base
// game's, so that "relative to base" compares rates of one process at one time. The comparison
// against scripts/bench-baseline.json (a run saved on some machine, some day) shows both the rates'
// ratios, which move with the machine, and the relative rates', which move much less. To compare
// two builds, run scripts/compare.mjs: both in one process.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import {
  allExpansions,
  applyMove,
  createGame,
  legalMoves,
  legalPlacements,
  loadState,
  scoreFinal,
  useExpansions,
} from 'carcassonne-engine';
import { Engine, randomPlayout, seededRandom } from 'carcassonne-engine/engine';

// Every expansion this library has, so that any may be asked for.
useExpansions(...allExpansions);

const argv = process.argv.slice(2);
const secondsAt = argv.indexOf('--seconds');
const seconds = secondsAt < 0 ? 3 : Number(argv[secondsAt + 1]);
if (!(seconds > 0)) throw new Error(`--seconds takes a number of seconds, not ${argv[secondsAt + 1]}`);
const baselineFile = new URL('./bench-baseline.json', import.meta.url);

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

/** Runs of `fn` per second over `ms` milliseconds. */
function rate(fn, ms) {
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    fn();
    n++;
  }
  return (n * 1000) / (performance.now() - t0);
}

/**
 * Whole random engine games from a start engine, each with the hidden tiles dealt anew; the
 * function counts the games and the moves it played (`games`, `moves`).
 */
function engineGames(options, seed = 1) {
  const start = Engine.create({ players: 2, seed: 1, ...options });
  const random = seededRandom(seed);
  const play = () => {
    const e = start.clone();
    e.shuffleTilesLeft(random);
    play.moves += randomPlayout(e, random);
    play.games++;
  };
  play.games = 0;
  play.moves = 0;
  return play;
}

/** Moves a game, on average, over the games `play` (from engineGames) has played. */
const movesAGame = (play) => play.moves / play.games;

/** Whole random pure-API games, a new seed each. */
function pureGames(options) {
  let seed = 1;
  return () => randomGame(seed++, options);
}

const fmt = (x) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1));
const EXPANSIONS = ['river', 'abbot', 'inns-cathedrals', 'traders-builders'];
const HEADLINE = [
  ['base', () => engineGames({})],
  ['River + Abbot', () => engineGames({ expansions: ['river', 'abbot'] })],
  ['Inns & Cathedrals', () => engineGames({ expansions: ['inns-cathedrals'] })],
  ['Traders & Builders', () => engineGames({ expansions: ['traders-builders'] })],
  ['all four', () => engineGames({ expansions: EXPANSIONS })],
  ['pure API, base (`legalMoves` + `applyMove`)', () => pureGames({})],
];

/**
 * The headline rows: each configuration's rate, in slices alternating with the base game's (a
 * base engine kept apart for it), and the ratio of the two sums.
 */
function headline(sliceMs) {
  const base = engineGames({}, 9);
  for (const [, make] of HEADLINE) rate(make(), 300);
  rate(base, 300);
  return HEADLINE.map(([label, make]) => {
    const run = make();
    let a = 0;
    let b = 0;
    for (let slice = 0; slice < 6; slice++) {
      a += rate(run, sliceMs);
      b += rate(base, sliceMs);
    }
    return { label, rate: a / 6, relative: a / b };
  });
}

console.log(
  `carcassonne-engine benchmark — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} (${os.cpus().length} cores), one core used\n`,
);
const rows = headline((seconds * 1000) / 6);
let baseline = null;
try {
  baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
} catch {
  baseline = null;
}
console.log(
  '| configuration | games/s | relative to base | baseline games/s | now / baseline | baseline relative | now / baseline relative |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) {
  const then = baseline?.rows.find((r) => r.label === row.label);
  const cells = [row.label, fmt(row.rate), row.relative.toFixed(2)];
  if (then === undefined) cells.push('', '', '', '');
  else
    cells.push(
      fmt(then.rate),
      `${(row.rate / then.rate).toFixed(2)}×`,
      then.relative.toFixed(2),
      `${(row.relative / then.relative).toFixed(2)}×`,
    );
  console.log(`| ${cells.join(' | ')} |`);
}
if (baseline !== null) console.log(`baseline: ${baseline.note}`);
{
  // Every combination of the expansions against the base game, alternating: the lowest ratio.
  const base = engineGames({}, 11);
  const ratios = [];
  for (let mask = 1; mask < 1 << EXPANSIONS.length; mask++) {
    const expansions = EXPANSIONS.filter((_, i) => (mask & (1 << i)) !== 0);
    const run = engineGames({ expansions });
    rate(run, 200);
    // Twelve slices of each, alternating: the machine's speed drifts within a second.
    let a = 0;
    let b = 0;
    for (let slice = 0; slice < 12; slice++) {
      a += rate(run, (seconds * 1000) / 30);
      b += rate(base, (seconds * 1000) / 30);
    }
    ratios.push({ expansions, ratio: a / b, moves: movesAGame(run) });
  }
  ratios.sort((x, y) => x.ratio - y.ratio);
  console.log(
    `every combination of the four expansions, engine games relative to base: ${ratios.map((r) => `${r.expansions.join('+')} ${r.ratio.toFixed(2)}`).join(', ')}`,
  );
  // A game with expansions has more tiles, so more moves: the same ratios per move (games/s times
  // moves a game), which say how much dearer one move is, apart from how many there are.
  const baseMoves = movesAGame(base);
  console.log(
    `the same, moves relative to base (moves a game; base ${baseMoves.toFixed(1)}): ${ratios.map((r) => `${r.expansions.join('+')} ${((r.ratio * r.moves) / baseMoves).toFixed(2)} (${r.moves.toFixed(1)})`).join(', ')}`,
  );
}
if (argv.includes('--save-baseline')) {
  const note = `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}, npm run bench -- --seconds ${seconds}`;
  writeFileSync(baselineFile, `${JSON.stringify({ note, rows }, null, 2)}\n`);
  console.log(`saved as the baseline (${baselineFile.pathname})`);
}
if (argv.includes('--headline')) process.exit(0);
console.log('');

// The detail rows: each measured on its own for `seconds`.
measure('engine: random 2-player print-and-play games (clone, deal, randomPlayout)', engineGames({ tileSet: 'pnp-demo' }), 'games');
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
    'engine: random base games, legalMoves(buffer) each move (e.play, not randomPlayout)',
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
// What a server pays for a state it stored as JSON: reading it and checking it by replaying it.
const saved = JSON.stringify(state);
measure("pure API: loadState of a finished base game's JSON (JSON.parse included)", () => loadState(JSON.parse(saved)), 'calls');
console.log(`\nsize of a finished game's state as JSON: ${saved.length} bytes`);
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
