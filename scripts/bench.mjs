// Benchmarks of the pure API. Prints figures; asserts nothing.
//   npm run bench            (builds first, then measures the built package)
//   npm run bench -- --seconds 5
import os from 'node:os';
import { applyMove, createGame, legalMoves, legalPlacements, scoreFinal } from 'carcassonne-engine';

const argv = process.argv.slice(2);
const seconds = Number(argv[argv.indexOf('--seconds') + 1] || 3);

function lcg(seed) {
  let x = seed >>> 0 || 1;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) >>> 8;
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
  console.log(`${label.padEnd(58)} ${perSecond.toFixed(perSecond < 100 ? 1 : 0).padStart(10)} ${unit}/s  (${((t - t0) / n).toFixed(3)} ms each, ${n} runs)`);
  return perSecond;
}

console.log(`carcassonne-engine benchmark — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} (${os.cpus().length} cores), one core used\n`);

let seed = 1;
measure('random 2-player base games, pure API (legalMoves + applyMove)', () => randomGame(seed++), 'games');
seed = 1;
measure('random 2-player print-and-play games, pure API', () => randomGame(seed++, { tileSet: 'pnp-demo' }), 'games');

// Per-call costs at mid-game: states 35 moves into random games.
const mids = [];
for (let i = 0; i < 50; i++) {
  const r = lcg(1000 + i);
  let s = createGame({ players: 2, seed: 1000 + i });
  for (let m = 0; m < 35 && s.status === 'playing'; m++) {
    const legal = legalMoves(s);
    s = applyMove(s, legal[r() % legal.length]);
  }
  mids.push({ state: s, move: legalMoves(s)[0] });
}
let k = 0;
measure('legalPlacements at mid-game (turn 35)', () => legalPlacements(mids[k++ % mids.length].state), 'calls');
measure('legalMoves at mid-game (turn 35)', () => legalMoves(mids[k++ % mids.length].state), 'calls');
measure('applyMove at mid-game (turn 35)', () => {
  const m = mids[k++ % mids.length];
  applyMove(m.state, m.move);
}, 'calls');
measure('scoreFinal at mid-game (turn 35)', () => scoreFinal(mids[k++ % mids.length].state), 'calls');
const { state } = randomGame(7);
console.log(`\nsize of a finished game's state as JSON: ${JSON.stringify(state).length} bytes`);
