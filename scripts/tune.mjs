// Tunes the weights of the bots' tile-aware evaluation by self-play: a coordinate search where each
// weight in turn is scaled down and up, and a change is kept when the greedy bot with it wins more
// of a fixed set of seeded games (seats swapped) against the opponent than the best weights so far.
// The same arguments always give the same table (the games are seeded; only the times differ).
//   npm run tune -- --games 400 --rounds 2
// Options: --games N (per trial, default 400), --rounds N (default 2), --seed S (default tune),
//   --against BOT (default greedy-now), --from JSON (starting weights, default the library's),
//   --weights a,b,… (the weights to tune, default all), --step X (scale factor, default 1.5),
//   --expansions …, --workers N, and any other option of the arena's game (see scripts/arena.mjs).
import os from 'node:os';
import { DEFAULT_WEIGHTS } from '../dist/bots.js';
import { runArena, wilson } from './arena-lib.mjs';

const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const games = Number(arg('games', 400));
const rounds = Number(arg('rounds', 2));
const seed = arg('seed', 'tune');
const against = arg('against', 'greedy-now');
const step = Number(arg('step', 1.5));
const workers = Number(arg('workers', os.availableParallelism()));
const gameOptions = arg('expansions') ? { expansions: arg('expansions').split(',') } : {};
let best = { ...DEFAULT_WEIGHTS, ...JSON.parse(arg('from', '{}')) };
const keys = arg('weights') ? arg('weights').split(',') : Object.keys(DEFAULT_WEIGHTS);
// Weights that are shares stay within [0, 1].
const SHARES = new Set(['share', 'cell', 'back', 'complete']);

/** The win rate (ties count half) of the greedy bot with `weights` against the opponent. */
async function trial(weights) {
  const { stats } = await runArena({
    games,
    names: ['greedy#tuned', against],
    seed,
    gameOptions,
    botOptions: { 'greedy#tuned': { weights } },
    workers,
  });
  const s = stats[0];
  return { rate: s.wins / s.games, score: s.score / s.games, other: stats[1].score / stats[1].games };
}

const round3 = (x) => Math.round(x * 1000) / 1000;
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const started = performance.now();
let bestResult = await trial(best);
console.log(`tuning ${keys.join(', ')} by ${games} games a trial against ${against}, seed ${seed}, step ×${step}`);
console.log('| trial | weight | value | win rate | 95% CI | scores | kept |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
let n = 0;
const row = (name, value, r, kept) => {
  const [lo, hi] = wilson(r.rate, games);
  console.log(
    `| ${n++} | ${name} | ${value} | ${pct(r.rate)} | [${pct(lo)}, ${pct(hi)}] | ${r.score.toFixed(1)} – ${r.other.toFixed(1)} | ${kept ? 'yes' : ''} |`,
  );
};
row('start', '', bestResult, true);
for (let round = 0; round < rounds; round++) {
  for (const key of keys) {
    for (const factor of [1 / step, step]) {
      let value = round3(best[key] * factor);
      if (SHARES.has(key)) value = Math.min(1, value);
      if (value === best[key]) continue;
      const candidate = { ...best, [key]: value };
      const result = await trial(candidate);
      const kept = result.rate > bestResult.rate;
      row(key, value, result, kept);
      if (kept) {
        best = candidate;
        bestResult = result;
        break;
      }
    }
  }
}
console.log(`\nbest after ${n} trials (${((performance.now() - started) / 1000).toFixed(0)} s): ${pct(bestResult.rate)}`);
console.log(JSON.stringify(best));
