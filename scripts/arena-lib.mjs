// Arena matches on every core: each game is a job for a pool of worker threads (tinypool), seeded
// on its own, and the results are gathered in game order, so a match gives the same games and the
// same table whatever the number of workers (only the times differ).
import os from 'node:os';
import { Tinypool } from 'tinypool';

/** Wilson score interval for a proportion, 95%. */
export function wilson(p, n) {
  const z = 1.96;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The job of game g of a match: the deal floor(g / bots), with the bots rotated g % bots seats,
 * so that every bot plays every seat of every deal. A game is a pure function of its job
 * (arena-game.mjs), wherever it runs: a worker thread here, another machine (examples/distributed).
 */
export function arenaJob(g, { names, seed = '1', iterations, timeMs, gameOptions = {}, botOptions = {} }) {
  const shift = g % names.length;
  return {
    g,
    deal: Math.floor(g / names.length),
    seats: names.map((_, i) => (i + shift) % names.length),
    names,
    seed,
    gameOptions,
    botOptions,
    ...(iterations !== undefined ? { iterations } : {}),
    ...(timeMs !== undefined ? { timeMs } : {}),
  };
}

/**
 * Plays a match, game g by the job arenaJob(g) on a pool of worker threads. `onGame(result, done)`
 * is called as games finish (in any order); the results come back in game order.
 */
export async function runArena({
  games,
  names,
  seed = '1',
  iterations,
  timeMs,
  gameOptions = {},
  botOptions = {},
  workers = os.availableParallelism(),
  workerFile = new URL('./arena-game.mjs', import.meta.url).href,
  onGame = () => {},
}) {
  const pool = new Tinypool({ filename: workerFile, minThreads: workers, maxThreads: workers });
  const t0 = performance.now();
  let done = 0;
  try {
    const results = await Promise.all(
      Array.from({ length: games }, (_, g) => {
        const job = arenaJob(g, { names, seed, iterations, timeMs, gameOptions, botOptions });
        return pool.run(job).then((result) => {
          onGame(result, ++done);
          return result;
        });
      }),
    );
    return { results, stats: statsOf(names, results), seconds: (performance.now() - t0) / 1000 };
  } finally {
    await pool.destroy();
  }
}

/** Per bot: wins (a tie shares the win), games, total score, thinking time, moves and the longest move (ms). */
export function statsOf(names, results) {
  const stats = names.map((name) => ({ name, wins: 0, score: 0, games: 0, ms: 0, moves: 0, longest: 0 }));
  for (const result of results) addGame(stats, result);
  return stats;
}

/** Adds one game's result to the stats of statsOf (results added in game order give the same sums). */
export function addGame(stats, { seats, scores, ms, moves, longest }) {
  const top = Math.max(...scores);
  const winners = scores.filter((s) => s === top).length;
  seats.forEach((b, seat) => {
    const s = stats[b];
    s.games++;
    s.score += scores[seat];
    s.ms += ms[seat];
    s.moves += moves[seat];
    s.longest = Math.max(s.longest, longest[seat]);
    if (scores[seat] === top) s.wins += 1 / winners;
  });
}
