// Seeded matches between bots, seats swapped, on every core (worker threads). Prints win rates with
// 95% confidence intervals, average scores and time per move.
//   npm run arena -- --games 200 --bots greedy,random
//   npm run arena -- --games 100 --bots mcts,greedy --iterations 1000
// Options: --games N (default 20), --bots a,b[,c…] (random, greedy, greedy-now, mcts; default
//   greedy,random; a label after # tells two of a kind apart: greedy#a,greedy#b),
//   --seed S (default 1), --iterations N and --time MS (mcts budget), --tile-set, --edition,
//   --farmers, --expansions river,abbot,inns-cathedrals,traders-builders, --rules JSON (rules,
//   house rules among them, e.g. {"incomplete":"none"}), --bot-options JSON (options by bot label,
//   e.g. {"mcts#deep":{"depth":8}}), --workers N (default: every core),
//   --quiet. The games and the table are the same whatever --workers; only the times differ.
import os from 'node:os';
import { BOT_NAMES, botOf } from './arena-game.mjs';
import { runArena, wilson } from './arena-lib.mjs';

const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const games = Number(arg('games', 20));
const names = arg('bots', 'greedy,random').split(',');
const seed = arg('seed', '1');
const iterations = arg('iterations') === undefined ? undefined : Number(arg('iterations'));
const timeMs = arg('time') === undefined ? undefined : Number(arg('time'));
const workers = Number(arg('workers', os.availableParallelism()));
const quiet = argv.includes('--quiet');
// --bot-options gives bots options by label, e.g. --bot-options '{"mcts#deep":{"depth":8}}'.
const botOptions = JSON.parse(arg('bot-options', '{}'));
// --rules adds rules as JSON (house rules among them), e.g. --rules '{"incomplete":"none"}'.
const rules = { ...(arg('farmers') ? { farmers: arg('farmers') } : {}), ...(arg('rules') ? JSON.parse(arg('rules')) : {}) };
const gameOptions = {
  ...(arg('tile-set') ? { tileSet: arg('tile-set') } : {}),
  ...(arg('edition') ? { edition: arg('edition') } : {}),
  ...(Object.keys(rules).length > 0 ? { rules } : {}),
  ...(arg('expansions') ? { expansions: arg('expansions').split(',') } : {}),
};

for (const n of names) {
  if (!BOT_NAMES.includes(botOf(n))) {
    console.error(`unknown bot "${n}" (bots: ${BOT_NAMES.join(', ')})`);
    process.exit(2);
  }
}
if (names.length < 2 || names.length > 5 || !(games >= 1) || !(Number.isInteger(workers) && workers >= 1)) {
  console.error('need 2 to 5 bots, at least one game and at least one worker');
  process.exit(2);
}

// Progress on stderr: a bar and the time left, rewritten in place on a terminal.
const started = performance.now();
const progress = (done) => {
  const elapsed = (performance.now() - started) / 1000;
  const left = (elapsed / done) * (games - done);
  const width = 30;
  const bar = '#'.repeat(Math.round((width * done) / games)).padEnd(width, '.');
  const eta = left >= 60 ? `${Math.floor(left / 60)} min ${Math.round(left % 60)} s` : `${left.toFixed(0)} s`;
  const line = `[${bar}] ${done}/${games} games, ${elapsed.toFixed(0)} s, about ${eta} left`;
  if (process.stderr.isTTY) process.stderr.write(`\r${line}${done === games ? '\n' : ''}`);
  else if (done === games || done % Math.max(1, Math.round(games / 10)) === 0) process.stderr.write(`${line}\n`);
};
const { results, stats, seconds } = await runArena({
  games,
  names,
  seed,
  iterations,
  timeMs,
  gameOptions,
  botOptions,
  workers,
  onGame: (_, done) => {
    if (!quiet) progress(done);
  },
});
if (!quiet)
  for (const r of results) console.log(`game ${r.g + 1}/${games}: ${r.seats.map((b, seat) => `${names[b]} ${r.scores[seat]}`).join(', ')}`);

const pct = (x) => `${(100 * x).toFixed(1)}%`;
console.log(
  `\n${games} games, ${names.join(' vs ')}${iterations !== undefined ? `, mcts ${iterations} playouts` : ''}${timeMs !== undefined ? `, mcts ${timeMs} ms` : ''}, seed ${seed}; Node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}; ${workers} worker${workers === 1 ? '' : 's'}; ${seconds.toFixed(1)} s`,
);
console.log('bot         win rate   95% CI             avg score   ms/move   longest ms');
for (const s of stats) {
  const p = s.wins / s.games;
  const [lo, hi] = wilson(p, s.games);
  console.log(
    `${s.name.padEnd(11)} ${pct(p).padStart(8)}   [${pct(lo)}, ${pct(hi)}]`.padEnd(40) +
      `${(s.score / s.games).toFixed(1).padStart(9)}   ${(s.ms / s.moves).toFixed(2).padStart(7)}   ${s.longest.toFixed(1).padStart(10)}`,
  );
}
