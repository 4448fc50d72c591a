// Self-play across machines on BullMQ, a job queue on Redis: one Redis server, a worker process on
// every machine (each plays as many games at once as it has cores, in worker threads), and one
// process that queues a match and gathers its results. Games are cut into batches, a batch is a
// BullMQ job whose id names the match and its first game, and a game is a pure function of its
// number (scripts/arena-lib.mjs arenaJob, the arena's own): the results are those of
// `npm run arena` with the same options, whatever machines played them, in whatever order.
// BullMQ does the distributed part: a batch whose worker dies is taken up again by another once its
// lock runs out (stalled jobs), a batch that throws is tried again, and queuing a match twice
// queues nothing new (job ids are unique).
//
//   node examples/distributed/selfplay.mjs work --redis redis://queue-host:6379            (each machine)
//   node examples/distributed/selfplay.mjs run  --redis redis://queue-host:6379 --match m1 \
//        --games 1000000 --bots greedy,random --seed 1 [--batch 100] [--out m1.jsonl]
//
// `run` queues the batches not queued yet and waits for them in game order, adding each game to
// the table as the arena does (so that even the sums of shared wins come out the same) and, with
// `--out`, writing one JSON line per game; a batch's job is removed once read, unless `--keep`.
// Other options of `run`: --iterations N (mcts; a time budget, --time, makes results depend on the
// machine), --expansions a,b, --tile-set, --edition, --rules JSON, --bot-options JSON, --json
// (print the games and the table as JSON). Options of `work`: --concurrency N (default: every
// core). Reproducible matches use bots without a time budget.
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { addGame, wilson } from '../../scripts/arena-lib.mjs';

/** The queue every self-play job goes through. */
export const QUEUE = 'carcassonne-selfplay';

/** BullMQ's connection options for a `redis://[user:password@]host:port[/db]` address. */
export function connectionOf(address) {
  const url = new URL(address);
  if (url.protocol !== 'redis:') throw new Error(`a Redis address starts with redis://, not ${address}`);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.pathname.length > 1 ? { db: Number(url.pathname.slice(1)) } : {}),
    // Workers block on Redis: BullMQ asks for this, so that a command waits rather than fails.
    maxRetriesPerRequest: null,
  };
}

/** The batches of a match: `{ first, count }` for every `batch` games. */
export function batchesOf(games, batch) {
  const list = [];
  for (let first = 0; first < games; first += batch) list.push({ first, count: Math.min(batch, games - first) });
  return list;
}

/** A job's id: the match and its first game (BullMQ refuses a second job with the same id). */
const jobId = (match, first) => `${match}-${first}`;

/**
 * Starts a worker on this machine: `concurrency` batches at once, each in a worker thread of its
 * own (BullMQ's sandboxed processors), so every core plays. Resolves to the BullMQ Worker; `close()`
 * stops it after the batches under way.
 */
export async function startWorker({ connection, concurrency = os.availableParallelism() }) {
  const processor = new URL('./batch.mjs', import.meta.url);
  const worker = new Worker(QUEUE, processor, { connection, concurrency, useWorkerThreads: true });
  await worker.waitUntilReady();
  return worker;
}

/**
 * Queues a match's batches (those already queued are left alone) and waits for them in game
 * order. `onGame(result)` sees every game in game order; resolves to the table of the arena
 * (`stats`, per bot) and the processes that played (`players`: batches per worker process).
 */
export async function runMatch({
  connection,
  match,
  games,
  batch = 100,
  settings,
  keep = false,
  onGame = () => {},
  onProgress = () => {},
}) {
  if (!/^[\w.:]+$/.test(match)) throw new Error(`a match name is letters, digits, '_', '.' and ':', not ${JSON.stringify(match)}`);
  const queue = new Queue(QUEUE, { connection });
  const events = new QueueEvents(QUEUE, { connection });
  try {
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    const batches = batchesOf(games, batch);
    // Retried three times, a second apart and more: a batch that throws on every machine is a bug.
    const opts = { attempts: 3, backoff: { type: 'exponential', delay: 1000 }, removeOnFail: false };
    for (let i = 0; i < batches.length; i += 1000) {
      await queue.addBulk(
        batches.slice(i, i + 1000).map(({ first, count }) => ({
          name: match,
          data: { first, count, match: settings },
          opts: { ...opts, jobId: jobId(match, first) },
        })),
      );
    }
    const stats = settings.names.map((name) => ({ name, wins: 0, score: 0, games: 0, ms: 0, moves: 0, longest: 0 }));
    const players = new Map();
    let done = 0;
    for (const { first } of batches) {
      const job = await queue.getJob(jobId(match, first));
      if (job === undefined) throw new Error(`the job of games from ${first} of match ${match} is gone (read and removed by another run?)`);
      const result = job.finishedOn !== undefined && job.returnvalue != null ? job.returnvalue : await job.waitUntilFinished(events);
      const { pid, games: played } = typeof result === 'string' ? JSON.parse(result) : result;
      players.set(pid, (players.get(pid) ?? 0) + 1);
      for (const game of played) {
        addGame(stats, game);
        onGame(game);
      }
      done += played.length;
      onProgress(done, games);
      if (!keep) await job.remove();
    }
    return { stats, players: Object.fromEntries(players) };
  } finally {
    await events.close();
    await queue.close();
  }
}

/** The arena's table (scripts/arena.mjs), as lines. */
export function table(stats) {
  const pct = (x) => `${(100 * x).toFixed(1)}%`;
  const lines = ['bot         win rate   95% CI             avg score   ms/move'];
  for (const s of stats) {
    const p = s.wins / s.games;
    const [lo, hi] = wilson(p, s.games);
    lines.push(
      `${s.name.padEnd(11)} ${pct(p).padStart(8)}   [${pct(lo)}, ${pct(hi)}]`.padEnd(40) +
        `${(s.score / s.games).toFixed(1).padStart(9)}   ${(s.ms / s.moves).toFixed(2).padStart(7)}`,
    );
  }
  return lines;
}

async function main(argv) {
  const [command] = argv;
  const arg = (name, fallback) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
  };
  const connection = connectionOf(arg('redis', 'redis://127.0.0.1:6379'));
  if (command === 'work') {
    const concurrency = Number(arg('concurrency', os.availableParallelism()));
    const worker = await startWorker({ connection, concurrency });
    let batches = 0;
    worker.on('completed', () => batches++);
    worker.on('failed', (job, error) => console.error(`batch ${job?.id} failed: ${error.message}`));
    console.log(`worker ${process.pid} on ${os.hostname()}: ${concurrency} batches at once, queue ${QUEUE}`);
    const stop = async () => {
      await worker.close();
      console.log(`worker ${process.pid}: ${batches} batches played`);
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return;
  }
  if (command !== 'run') {
    console.error('usage: selfplay.mjs work|run --redis redis://host:port [options] (see the comment at the top)');
    process.exit(2);
  }
  const rules = arg('rules') ? JSON.parse(arg('rules')) : undefined;
  const settings = {
    names: arg('bots', 'greedy,random').split(','),
    seed: arg('seed', '1'),
    ...(arg('iterations') ? { iterations: Number(arg('iterations')) } : {}),
    ...(arg('time') ? { timeMs: Number(arg('time')) } : {}),
    gameOptions: {
      ...(arg('tile-set') ? { tileSet: arg('tile-set') } : {}),
      ...(arg('edition') ? { edition: arg('edition') } : {}),
      ...(rules ? { rules } : {}),
      ...(arg('expansions') ? { expansions: arg('expansions').split(',') } : {}),
    },
    botOptions: JSON.parse(arg('bot-options', '{}')),
  };
  const games = Number(arg('games', 20));
  const match = arg('match', `match.${settings.seed}.${games}`);
  const out = arg('out') ? createWriteStream(arg('out')) : null;
  const json = argv.includes('--json');
  const kept = [];
  const t0 = performance.now();
  const { stats, players } = await runMatch({
    connection,
    match,
    games,
    batch: Number(arg('batch', 100)),
    settings,
    keep: argv.includes('--keep'),
    onGame: (game) => {
      if (out !== null) out.write(`${JSON.stringify(game)}\n`);
      if (json) kept.push(game);
    },
    onProgress: (done) => {
      if (done === games || done % Math.max(1, Math.round(games / 10)) === 0) process.stderr.write(`${done}/${games} games\n`);
    },
  });
  if (out !== null) await new Promise((resolve) => out.end(resolve));
  const seconds = (performance.now() - t0) / 1000;
  if (json) console.log(JSON.stringify({ match, games: kept, stats, players, seconds }));
  else {
    console.log(`\n${games} games, ${settings.names.join(' vs ')}, seed ${settings.seed}, match ${match}; ${seconds.toFixed(1)} s`);
    console.log(`batches by worker process: ${JSON.stringify(players)}`);
    for (const line of table(stats)) console.log(line);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
