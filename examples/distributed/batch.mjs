// The processor of a self-play job (examples/distributed/selfplay.mjs): plays games `first` to
// `first + count - 1` of a match with the arena's own game function, in a BullMQ worker thread.
// A game is a pure function of its job, so a batch gives the same results on any machine.
import playGame from '../../scripts/arena-game.mjs';
import { arenaJob } from '../../scripts/arena-lib.mjs';

/**
 * @param {{ data: { first: number, count: number, match: import('../../scripts/arena-lib.mjs').ArenaMatch } }} job
 */
export default async function playBatch(job) {
  const { first, count, match } = job.data;
  const games = [];
  for (let g = first; g < first + count; g++) {
    const { seats, scores, ms, moves, longest } = playGame(arenaJob(g, match));
    // Times to the hundredth of a millisecond: they are measurements, never compared.
    const round = (list) => list.map((x) => Math.round(x * 100) / 100);
    games.push({ g, seats, scores, ms: round(ms), moves, longest: round(longest) });
  }
  return { first, pid: process.pid, games };
}
