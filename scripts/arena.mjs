// Seeded matches between bots, seats swapped. Prints win rates with 95% confidence intervals,
// average scores and time per move.
//   npm run arena -- --games 200 --bots greedy,random
//   npm run arena -- --games 100 --bots mcts,greedy --iterations 1000
// Options: --games N (default 20), --bots a,b[,c…] (random, greedy, mcts; default greedy,random),
//   --seed S (default 1), --iterations N and --time MS (mcts budget), --tile-set, --edition,
//   --farmers, --expansions river,abbot,inns-cathedrals,traders-builders, --rules JSON (rules,
//   house rules among them, e.g. {"incomplete":"none"}), --quiet.
import os from 'node:os';
import { applyMove, createGame } from 'carcassonne-engine';
import { greedyBot, mctsBot, randomBot } from 'carcassonne-engine/bots';

const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const games = Number(arg('games', 20));
const names = arg('bots', 'greedy,random').split(',');
const baseSeed = arg('seed', '1');
const iterations = arg('iterations') === undefined ? undefined : Number(arg('iterations'));
const timeMs = arg('time') === undefined ? undefined : Number(arg('time'));
const quiet = argv.includes('--quiet');
// --rules adds rules as JSON (house rules among them), e.g. --rules '{"incomplete":"none"}'.
const rules = { ...(arg('farmers') ? { farmers: arg('farmers') } : {}), ...(arg('rules') ? JSON.parse(arg('rules')) : {}) };
const gameOptions = {
  ...(arg('tile-set') ? { tileSet: arg('tile-set') } : {}),
  ...(arg('edition') ? { edition: arg('edition') } : {}),
  ...(Object.keys(rules).length > 0 ? { rules } : {}),
  ...(arg('expansions') ? { expansions: arg('expansions').split(',') } : {}),
};

const BOTS = {
  random: (s, seed) => randomBot(s, { seed }),
  greedy: (s, seed) => greedyBot(s, { seed }),
  mcts: (s, seed) => mctsBot(s, { seed, ...(iterations !== undefined ? { iterations } : {}), ...(timeMs !== undefined ? { timeMs } : {}) }),
};
for (const n of names) {
  if (!BOTS[n]) {
    console.error(`unknown bot "${n}" (bots: ${Object.keys(BOTS).join(', ')})`);
    process.exit(2);
  }
}
if (names.length < 2 || names.length > 5 || !(games >= 1)) {
  console.error('need 2 to 5 bots and at least one game');
  process.exit(2);
}

// Per bot (by seat in --bots order): wins (a tie shares the win), scores, move times.
const stats = names.map((name) => ({ name, wins: 0, score: 0, games: 0, ms: 0, moves: 0 }));
const t0 = performance.now();
for (let g = 0; g < games; g++) {
  // Deal d is played once per seat rotation, so every bot plays every seat of every deal.
  const deal = Math.floor(g / names.length);
  const shift = g % names.length;
  const seats = names.map((_, i) => (i + shift) % names.length); // seat -> bot index
  let state = createGame({ players: names.length, seed: `${baseSeed}:${deal}`, ...gameOptions });
  while (state.status === 'playing') {
    const b = seats[state.currentPlayer];
    const start = performance.now();
    const move = BOTS[names[b]](state, `${baseSeed}:${g}:${state.turn}`);
    stats[b].ms += performance.now() - start;
    stats[b].moves++;
    state = applyMove(state, move);
  }
  const scores = state.players.map((p) => p.score);
  const top = Math.max(...scores);
  const winners = scores.filter((s) => s === top).length;
  seats.forEach((b, seat) => {
    stats[b].games++;
    stats[b].score += scores[seat];
    if (scores[seat] === top) stats[b].wins += 1 / winners;
  });
  if (!quiet) console.log(`game ${g + 1}/${games}: ${seats.map((b, seat) => `${names[b]} ${scores[seat]}`).join(', ')}`);
}

/** Wilson score interval for a proportion, 95%. */
function wilson(p, n) {
  const z = 1.96;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const pct = (x) => `${(100 * x).toFixed(1)}%`;
console.log(
  `\n${games} games, ${names.join(' vs ')}${iterations !== undefined ? `, mcts ${iterations} playouts` : ''}${timeMs !== undefined ? `, mcts ${timeMs} ms` : ''}, seed ${baseSeed}; Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}; ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
console.log('bot       win rate   95% CI             avg score   ms/move');
for (const s of stats) {
  const p = s.wins / s.games;
  const [lo, hi] = wilson(p, s.games);
  console.log(
    `${s.name.padEnd(9)} ${pct(p).padStart(8)}   [${pct(lo)}, ${pct(hi)}]`.padEnd(38) +
      `${(s.score / s.games).toFixed(1).padStart(9)}   ${(s.ms / s.moves).toFixed(2).padStart(7)}`,
  );
}
