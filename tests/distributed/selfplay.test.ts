import { describe, expect, it } from 'vitest';
import { batchesOf, connectionOf } from '../../examples/distributed/selfplay.mjs';
import { arenaJob } from '../../scripts/arena-lib.mjs';

// The parts of the distributed self-play that need no Redis (tests/distributed/selfplay.mjs plays
// matches through a real one in CI).

describe('distributed self-play', () => {
  it('cuts a match into batches that cover every game once', () => {
    expect(batchesOf(10, 4)).toEqual([
      { first: 0, count: 4 },
      { first: 4, count: 4 },
      { first: 8, count: 2 },
    ]);
    const big = batchesOf(1_000_000, 100);
    expect(big).toHaveLength(10_000);
    expect(big.reduce((n, b) => n + b.count, 0)).toBe(1_000_000);
    expect(big.at(-1)).toEqual({ first: 999_900, count: 100 });
  });

  it('gives game g the job the arena gives it: a game is a function of its number', () => {
    const match = { names: ['greedy', 'random', 'mcts'], seed: 's', iterations: 50 };
    expect(arenaJob(4, match)).toEqual({
      g: 4,
      deal: 1,
      seats: [1, 2, 0],
      names: match.names,
      seed: 's',
      gameOptions: {},
      botOptions: {},
      iterations: 50,
    });
  });

  it('reads a Redis address into BullMQ connection options', () => {
    expect(connectionOf('redis://10.0.0.5:6380/2')).toEqual({ host: '10.0.0.5', port: 6380, db: 2, maxRetriesPerRequest: null });
    expect(connectionOf('redis://me:p%40ss@queue')).toEqual({
      host: 'queue',
      port: 6379,
      username: 'me',
      password: 'p@ss',
      maxRetriesPerRequest: null,
    });
    expect(() => connectionOf('http://queue:6379')).toThrow(/redis:\/\//);
  });
});
