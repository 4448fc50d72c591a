// One game of an arena match (scripts/arena-lib.mjs), run in a worker thread: a pure function of
// its job, so that a match gives the same games whatever the number of workers.
import { applyMove, createGame } from 'carcassonne-engine';
import { greedyBot, mctsBot, randomBot } from 'carcassonne-engine/bots';

const BOTS = {
  random: (s, seed) => randomBot(s, { seed }),
  greedy: (s, seed) => greedyBot(s, { seed }),
  mcts: (s, seed, job) =>
    mctsBot(s, {
      seed,
      ...(job.iterations !== undefined ? { iterations: job.iterations } : {}),
      ...(job.timeMs !== undefined ? { timeMs: job.timeMs } : {}),
    }),
};

/** The bots a match may name. */
export const BOT_NAMES = Object.keys(BOTS);

/**
 * Plays game `job.g` of a match: the deal `${seed}:${deal}`, bot `job.seats[p]` (an index into
 * `job.names`) in seat p. Returns each seat's score, thinking time and number of moves.
 */
export default function playGame(job) {
  const { g, deal, seats, names, seed, gameOptions } = job;
  let state = createGame({ players: names.length, seed: `${seed}:${deal}`, ...gameOptions });
  const ms = seats.map(() => 0);
  const moves = seats.map(() => 0);
  while (state.status === 'playing') {
    const seat = state.currentPlayer;
    const start = performance.now();
    const move = BOTS[names[seats[seat]]](state, `${seed}:${g}:${state.turn}`, job);
    ms[seat] += performance.now() - start;
    moves[seat]++;
    state = applyMove(state, move);
  }
  return { g, seats, scores: state.players.map((p) => p.score), ms, moves };
}
