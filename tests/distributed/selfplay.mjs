// Self-play across machines (examples/distributed/selfplay.mjs) against a real Redis: Debian's
// redis-server, started here on 127.0.0.1 (a free port, nothing saved to disk), two worker
// processes standing for two machines, and matches queued and gathered through BullMQ. Each
// match must give exactly the games and the table of the arena on one machine (scripts/arena-lib
// runArena) with the same options; both workers must have played; a match queued again while its
// results are kept gives them again without playing; a batch that throws is reported.
//
//   npm run build && node tests/distributed/selfplay.mjs        (redis-server on the PATH, or $REDIS_SERVER)
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const example = path.join(ROOT, 'examples/distributed/selfplay.mjs');
const { connectionOf, QUEUE, runMatch } = await import(pathToFileURL(example).href);
const { runArena } = await import(pathToFileURL(path.join(ROOT, 'scripts/arena-lib.mjs')).href);
const { Queue } = await import('bullmq');

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** A child process whose output is kept, and a promise of the first line matching `ready`. */
function start(command, args, ready) {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const started = new Promise((resolve, reject) => {
    const read = (chunk) => {
      output += chunk;
      if (ready.test(output)) resolve(child);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited (${code}) before it was ready:\n${output}`)));
  });
  return { child, started, output: () => output };
}

const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
};
const port = await freePort();
const address = `redis://127.0.0.1:${port}`;
const connection = connectionOf(address);
const redis = start(
  process.env.REDIS_SERVER ?? 'redis-server',
  ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
  /Ready to accept connections/,
);
await redis.started;
const workers = [1, 2].map(() => start('node', [example, 'work', '--redis', address, '--concurrency', '1'], /queue carcassonne-selfplay/));
try {
  await Promise.all(workers.map((w) => w.started));
  const matches = [
    { match: 'ci.base', games: 24, batch: 5, settings: { names: ['greedy', 'random'], seed: 'dist' } },
    {
      match: 'ci.three',
      games: 9,
      batch: 2,
      settings: { names: ['greedy', 'random', 'greedy-now'], seed: 'dist3', gameOptions: { expansions: ['river', 'abbot'] } },
    },
  ];
  const games = (list) => list.map(({ g, seats, scores, moves }) => ({ g, seats, scores, moves }));
  const table = (stats) => stats.map(({ name, wins, score, games, moves }) => ({ name, wins, score, games, moves }));
  for (const { match, games: count, batch, settings } of matches) {
    const t0 = performance.now();
    const played = [];
    const there = await runMatch({ connection, match, games: count, batch, settings, keep: true, onGame: (g) => played.push(g) });
    const seconds = (performance.now() - t0) / 1000;
    const here = await runArena({ games: count, workers: 1, ...settings });
    const same = JSON.stringify(games(played)) === JSON.stringify(games(here.results));
    check(
      same,
      `${match}: the games over Redis differ from the arena's:\n${JSON.stringify(games(played))}\n${JSON.stringify(games(here.results))}`,
    );
    check(JSON.stringify(table(there.stats)) === JSON.stringify(table(here.stats)), `${match}: the tables differ`);
    const pids = Object.keys(there.players);
    check(pids.length === 2, `${match}: played by ${pids.length} worker process(es), not 2: ${JSON.stringify(there.players)}`);
    // Queued again while its results are kept: nothing is played again, the same games come back.
    const again = [];
    const t1 = performance.now();
    await runMatch({ connection, match, games: count, batch, settings, onGame: (g) => again.push(g) });
    check(JSON.stringify(again) === JSON.stringify(played), `${match}: queued again, it gave other results`);
    const wins = there.stats.map((s) => `${s.name} ${s.wins}/${s.games}`).join(', ');
    console.log(
      `${match}: ${count} games in ${seconds.toFixed(1)} s over Redis, batches by process ${JSON.stringify(there.players)}; ` +
        `the same games and table as the arena on one machine (${wins}); queued again: read back in ${((performance.now() - t1) / 1000).toFixed(2)} s`,
    );
  }
  // The second run removed what it read: the queue holds no job of these matches.
  const queue = new Queue(QUEUE, { connection });
  const left = await queue.getJobCounts('completed', 'failed', 'waiting', 'active');
  await queue.close();
  check(
    Object.values(left).every((n) => n === 0),
    `jobs left in the queue: ${JSON.stringify(left)}`,
  );
  // A batch that cannot be played (an unknown bot) fails on every try, and the run says so.
  const bad = await runMatch({
    connection,
    match: 'ci.bad',
    games: 2,
    batch: 2,
    settings: { names: ['nobody', 'random'], seed: 'x' },
  }).then(
    () => null,
    (error) => error.message,
  );
  check(bad !== null, 'a match with an unknown bot was not reported as failed');
  console.log(`a batch that throws on every try is reported: ${bad?.split('\n')[0]}`);
} finally {
  for (const w of workers) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => new Promise((resolve) => (w.child.exitCode !== null ? resolve() : w.child.on('exit', resolve)))));
  redis.child.kill('SIGTERM');
}
const summary = workers.map((w) => w.output().match(/(\d+) batches played/)?.[0] ?? 'no summary').join('; ');
console.log(`workers stopped: ${summary}`);
if (failures.length > 0) {
  console.error(failures.join('\n'));
  process.exit(1);
}
