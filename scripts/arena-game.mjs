// One game of an arena match (scripts/arena-lib.mjs), run in a worker thread: a pure function of
// its job, so that a match gives the same games whatever the number of workers.
import { allExpansions, applyMove, createGame, useExpansions } from 'carcassonne-engine';
import { greedyBot, LEVELS, levelBot, mctsBot, randomBot } from 'carcassonne-engine/bots';

// Every expansion this library has, so that any may be asked for.
useExpansions(...allExpansions);

const BOTS = {
  random: (s, options) => randomBot(s, options),
  greedy: (s, options) => greedyBot(s, options),
  'greedy-now': (s, options) => greedyBot(s, { ...options, evaluation: 'now' }),
  mcts: (s, options, job) =>
    mctsBot(s, {
      ...(job.iterations !== undefined ? { iterations: job.iterations } : {}),
      ...(job.timeMs !== undefined ? { timeMs: job.timeMs } : {}),
      ...options,
    }),
  // The strength ladder as a frontend uses it: level1 … level4, the top level at --time ms a move.
  ...Object.fromEntries(
    Array.from({ length: LEVELS }, (_, i) => [
      `level${i + 1}`,
      (s, options, job) => levelBot(s, { ...options, level: i + 1, ...(job.timeMs !== undefined ? { timeMs: job.timeMs } : {}) }),
    ]),
  ),
};

/** The bot a seat's label names: the part before any `#` (`greedy#tuned` is a greedy bot). */
export const botOf = (label) => label.split('#')[0];

/** The bots a match may name. */
export const BOT_NAMES = Object.keys(BOTS);

/**
 * Plays game `job.g` of a match: the deal `${seed}:${deal}`, bot `job.seats[p]` (an index into
 * `job.names`) in seat p, with the options `job.botOptions[name]` if any. Returns each seat's
 * score, thinking time, number of moves and longest move.
 */
export default function playGame(job) {
  const { g, deal, seats, names, seed, gameOptions, botOptions = {} } = job;
  let state = createGame({ players: names.length, seed: `${seed}:${deal}`, ...gameOptions });
  const ms = seats.map(() => 0);
  const moves = seats.map(() => 0);
  const longest = seats.map(() => 0);
  while (state.status === 'playing') {
    const seat = state.currentPlayer;
    const start = performance.now();
    const name = names[seats[seat]];
    const move = BOTS[botOf(name)](state, { ...botOptions[name], seed: `${seed}:${g}:${state.turn}` }, job);
    const took = performance.now() - start;
    ms[seat] += took;
    longest[seat] = Math.max(longest[seat], took);
    moves[seat]++;
    state = applyMove(state, move);
  }
  return { g, seats, scores: state.players.map((p) => p.score), ms, moves, longest };
}
