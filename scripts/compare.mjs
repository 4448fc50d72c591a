// Speed against another build of this package, side by side in one process (the machine is noisy:
// only ratios measured together mean much). Prints games/s of this build and the other, and their
// ratio, for random engine games and random pure-API games in each configuration (legalMoves and
// applyMove: whole turns in a build before steps, steps after), loadState of finished games' JSON,
// then the moves/s of the reference bots (greedy, and mcts at 50 iterations) at positions 10 to 50
// turns into games.
//
//   npm run build
//   git worktree add /tmp/before <commit> && (cd /tmp/before && npm install && npm run build)
//   node scripts/compare.mjs /tmp/before [--seconds 3]
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const other = argv.find((a) => !a.startsWith('--') && argv[argv.indexOf(a) - 1] !== '--seconds');
if (other === undefined) {
  console.error('usage: node scripts/compare.mjs <directory of another built copy> [--seconds 3]');
  process.exit(2);
}
const secondsAt = argv.indexOf('--seconds');
const seconds = secondsAt < 0 ? 3 : Number(argv[secondsAt + 1]);
if (!(seconds > 0)) throw new Error(`--seconds takes a number of seconds, not ${argv[secondsAt + 1]}`);
const load = async (dir) => {
  const api = await import(pathToFileURL(path.resolve(dir, 'dist/index.js')).href);
  // Every expansion registered (a build from before useExpansions plays them all unasked).
  api.useExpansions?.(...api.allExpansions);
  return {
    api,
    engine: await import(pathToFileURL(path.resolve(dir, 'dist/engine.js')).href),
    bots: await import(pathToFileURL(path.resolve(dir, 'dist/bots.js')).href),
  };
};
const here = await load(new URL('..', import.meta.url).pathname);
const there = await load(other);

function engineGames(lib, options, ms) {
  const start = lib.engine.Engine.create({ players: 2, seed: 1, ...options });
  const random = lib.engine.seededRandom(1);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    const e = start.clone();
    e.shuffleTilesLeft(random);
    lib.engine.randomPlayout(e, random);
    n++;
  }
  return (n * 1000) / (performance.now() - t0);
}

function pureGames(lib, options, ms) {
  let n = 0;
  let seed = 1;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    let s = lib.api.createGame({ players: 2, seed: seed++, ...options });
    let i = 0;
    while (s.status === 'playing') {
      const moves = lib.api.legalMoves(s);
      s = lib.api.applyMove(s, moves[(i++ * 7919) % moves.length]);
    }
    n++;
  }
  return (n * 1000) / (performance.now() - t0);
}

/** Positions 10, 20, … 50 moves into four games (the i-th move: legal move 7919 i modulo their number), per build and configuration. */
const positions = new Map();
function positionsOf(lib, options) {
  const key = lib === here ? `here ${JSON.stringify(options)}` : `there ${JSON.stringify(options)}`;
  if (!positions.has(key)) {
    const list = [];
    for (let seed = 1; seed <= 4; seed++) {
      let s = lib.api.createGame({ players: 2, seed, ...options });
      for (let i = 0; s.status === 'playing' && i <= 50; i++) {
        if (i % 10 === 0 && i > 0) list.push(s);
        // Whole turns on both sides (a build of steps lists them with legalTurns), so that the
        // positions are as many turns into the game.
        const moves = (lib.api.legalTurns ?? lib.api.legalMoves)(s);
        s = lib.api.applyMove(s, moves[(i * 7919) % moves.length]);
      }
    }
    positions.set(key, list);
  }
  return positions.get(key);
}

function botMoves(lib, options, ms, bot) {
  const list = positionsOf(lib, options);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) bot(lib.bots, list[n++ % list.length]);
  return (n * 1000) / (performance.now() - t0);
}

const BOTS = [
  ['greedy', (bots, s) => bots.greedyBot(s, { seed: 1 })],
  ['mcts 50 it.', (bots, s) => bots.mctsBot(s, { iterations: 50, seed: 1 })],
];

const CONFIGS = [
  ['base', {}],
  ['print-and-play', { tileSet: 'pnp-demo' }],
  ['River + Abbot', { expansions: ['river', 'abbot'] }],
  ['Inns & Cathedrals', { expansions: ['inns-cathedrals'] }],
  ['Traders & Builders', { expansions: ['traders-builders'] }],
  ['all four', { expansions: ['river', 'abbot', 'inns-cathedrals', 'traders-builders'] }],
];

console.log(`this build against ${path.resolve(other)}, ${seconds} s a row, Node ${process.version}\n`);
// Warm both builds up on every row first, so that the first rows measured are not the JIT's.
for (const run of [engineGames, pureGames]) {
  for (const [, options] of CONFIGS) {
    run(here, options, 150);
    run(there, options, 150);
  }
}
/**
 * Rates of `run(lib, ms)` for this build and the other, warmed up, then in alternating slices so
 * that a noisy neighbour hits both builds alike; prints them and their ratio.
 */
function sideBySide(label, run, digits) {
  run(here, 300);
  run(there, 300);
  let a = 0;
  let b = 0;
  for (let slice = 0; slice < 4; slice++) {
    a += run(here, (seconds * 1000) / 8);
    b += run(there, (seconds * 1000) / 8);
  }
  const rate = (x) => (x / 4).toFixed(digits).padStart(7);
  console.log(`${label.padEnd(31)} this ${rate(a)}/s  other ${rate(b)}/s   ratio ${(a / b).toFixed(3)}`);
}
for (const [kind, run] of [
  ['engine', engineGames],
  ['pure API', pureGames],
]) {
  for (const [label, options] of CONFIGS) sideBySide(`${kind.padEnd(11)} ${label}`, (lib, ms) => run(lib, options, ms), 0);
}
// What a server pays for a state it stored as JSON: loadState of finished games' JSON (JSON.parse
// included), each build reading the JSON of its own games.
const savedGames = new Map();
function loads(lib, options, ms) {
  const key = lib === here ? `here ${JSON.stringify(options)}` : `there ${JSON.stringify(options)}`;
  if (!savedGames.has(key)) {
    const list = [];
    for (let seed = 1; seed <= 4; seed++) {
      let s = lib.api.createGame({ players: 2, seed, ...options });
      for (let i = 0; s.status === 'playing'; i++) {
        const moves = lib.api.legalMoves(s);
        s = lib.api.applyMove(s, moves[(i * 7919) % moves.length]);
      }
      list.push(JSON.stringify(s));
    }
    savedGames.set(key, list);
  }
  const list = savedGames.get(key);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < ms) lib.api.loadState(JSON.parse(list[n++ % list.length]));
  return (n * 1000) / (performance.now() - t0);
}
for (const [label, options] of CONFIGS.filter(([label]) => ['base', 'all four'].includes(label)))
  sideBySide(`${'loadState'.padEnd(11)} ${label}`, (lib, ms) => loads(lib, options, ms), 1);
for (const [name, bot] of BOTS) {
  for (const [label, options] of CONFIGS.filter(([label]) => ['base', 'Inns & Cathedrals', 'Traders & Builders'].includes(label)))
    sideBySide(`${name.padEnd(11)} ${label}`, (lib, ms) => botMoves(lib, options, ms, bot), 1);
}
