import {
  applyMove,
  createGame,
  type GameOptions,
  type GameState,
  loadState,
  OptionsError,
  IllegalMoveError,
  validateMove,
  type TurnMove,
} from 'carcassonne-engine';
import { analyse, type Bot, greedyBot, mctsBot, randomBot } from 'carcassonne-engine/bots';
import { describe, expect, it, vi } from 'vitest';
import { caught } from '../support/caught.js';
import { playSeeded, playTradersHeavy } from '../support/play.js';
import { newGame } from '../scenarios/board.js';

const BOTS: [string, Bot][] = [
  ['randomBot', randomBot],
  ['greedyBot', greedyBot],
  ['mctsBot (100 playouts)', (s, o) => mctsBot(s, { ...o, iterations: 100 })],
];

/** A few positions of a seeded game: the start, turn 10, turn 40, the last turn. */
function positions(): GameState[] {
  const { states } = playSeeded({ players: 2, seed: 'bots' }, 3);
  return [states[0], states[10], states[40], states[states.length - 2]] as GameState[];
}

/** The same position with the tiles left in another order (what a bot may not look at). */
function reordered(state: GameState): GameState {
  const tilesLeft = [...state.tilesLeft].reverse();
  return loadState(JSON.parse(JSON.stringify({ ...state, tilesLeft })));
}

describe.each(BOTS)('%s', (_, bot) => {
  it('returns a legal move in every position, without changing the state', () => {
    for (const s of positions()) {
      const json = JSON.stringify(s);
      const move = bot(s, { seed: 7 });
      expect(validateMove(s, move)).toBeNull();
      expect(JSON.stringify(s)).toBe(json);
    }
  });

  it('is a pure function: the same state and options give the same move', () => {
    const s = positions()[1] as GameState;
    expect(bot(s, { seed: 3 })).toEqual(bot(s, { seed: 3 }));
    expect(bot(s)).toEqual(bot(loadState(JSON.parse(JSON.stringify(s)))));
  });

  it('never looks at the order of the tiles left', () => {
    for (const s of positions()) expect(bot(reordered(s), { seed: 5 })).toEqual(bot(s, { seed: 5 }));
  });

  it('throws game-finished on a finished game', () => {
    const { states } = playSeeded({ players: 2, seed: 'bots' }, 3);
    const last = states[states.length - 1] as GameState;
    expect(caught(() => bot(last), IllegalMoveError).code).toBe('game-finished');
  });
});

describe('bot strength (seeded smoke matches; the arena measures it properly)', () => {
  function match(a: Bot, b: Bot, games: number): number {
    let wins = 0;
    for (let g = 0; g < games; g++) {
      const seats = g % 2 === 0 ? [a, b] : [b, a];
      let s = createGame({ players: 2, seed: `match:${g >> 1}` });
      while (s.status === 'playing') s = applyMove(s, (seats[s.currentPlayer] as Bot)(s, { seed: `${g}:${s.turn}` }));
      const aSeat = g % 2 === 0 ? 0 : 1;
      const [mine, theirs] = [s.players[aSeat]?.score ?? 0, s.players[1 - aSeat]?.score ?? 0];
      if (mine > theirs) wins++;
    }
    return wins;
  }

  it('greedyBot beats randomBot in at least 9 of 10 seeded games', () => {
    expect(match(greedyBot, randomBot, 10)).toBeGreaterThanOrEqual(9);
  });
});

describe('greedyBot', () => {
  it('completes the start city with a follower on it when handed the cap (4 points, follower back)', () => {
    // Start tile D has its city to the north; tile E is a city cap. Turned 180° above the start tile
    // it closes a two-tile city: 4 points for a follower on it, 0 without one.
    const s = newGame(['E', 'E']);
    const move = greedyBot(s);
    expect(move).toMatchObject({ x: 0, y: -1, rotation: 180, meeple: { at: 'S' } });
    const after = applyMove(s, move);
    expect(after.players[0]).toMatchObject({ score: 4, meeples: 7 });
  });

  it('weights change its choice: with open features worth nothing and followers priceless, it deploys nothing', () => {
    const s = positions()[1] as GameState;
    const move = greedyBot(s, { weights: { open: 0, meeple: 1000 } }) as TurnMove;
    expect(move.meeple ?? null).toBeNull();
  });
});

describe('mctsBot options', () => {
  const s = createGame({ players: 2, seed: 1 });

  it('rejects bad budgets with invalid-bot-option, listing every problem', () => {
    const e = caught(() => mctsBot(s, { iterations: 0, timeMs: -1, exploration: Number.NaN }), OptionsError);
    expect(e.problems.map((p) => p.code)).toEqual(['invalid-bot-option', 'invalid-bot-option', 'invalid-bot-option']);
  });

  it('checks the search shape options too', () => {
    const e = caught(
      () =>
        mctsBot(s, { candidates: 0, depth: -1, prior: -1, playoutSamples: 1.5, figureRate: 2, expandSamples: 0, plies: 0.5, widen: -1 }),
      OptionsError,
    );
    expect(e.problems.map((p) => p.message.split(' ')[0])).toEqual([
      'candidates',
      'depth',
      'playoutSamples',
      'expandSamples',
      'plies',
      'widen',
      'prior',
      'figureRate',
    ]);
  });

  it('grows its tree as deep as plies says: at 1, a root move scores the same on every deal', () => {
    // One ply: the leaf is the position just after the root move, which the evaluation rates from
    // the multiset of tiles left, the same whatever the deal, so a move's value does not depend on
    // how often it is visited. Deeper, the replies differ by the tile drawn, and so do the values.
    const values = (plies: number, iterations: number) =>
      new Map(
        analyse(s, { iterations, plies, seed: 1 })
          .moves.filter((m) => m.value !== null)
          .map((m) => [JSON.stringify(m.move), m.value]),
      );
    const [one, oneMore] = [values(1, 60), values(1, 120)];
    expect(
      [...one].every(
        ([move, value]) => oneMore.get(move) === undefined || Math.abs((oneMore.get(move) as number) - (value as number)) < 1e-12,
      ),
    ).toBe(true);
    const [three, threeMore] = [values(3, 60), values(3, 120)];
    expect([...three].some(([move, value]) => threeMore.has(move) && threeMore.get(move) !== value)).toBe(true);
    for (const plies of [2, Number.POSITIVE_INFINITY]) expect(validateMove(s, mctsBot(s, { iterations: 40, plies }))).toBeNull();
  });

  it('plays random playouts to the end with playoutSamples 1 and depth Infinity', () => {
    expect(validateMove(s, mctsBot(s, { iterations: 30, playoutSamples: 1, depth: Number.POSITIVE_INFINITY }))).toBeNull();
  });

  it('stops on a time budget and still returns a legal move', () => {
    // A clock that moves 10 ms each time it is read: the search must stop after a few readings,
    // however fast the machine is (no timed assertion). It reads the clock when it starts (10),
    // when asked whether it is done (20), before and after the one iteration (30, 40), before a
    // second (50: it would end past 90% of 50 ms) and when asked again (60).
    let now = 1_000_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 10));
    try {
      const move = mctsBot(s, { timeMs: 50 });
      expect(validateMove(s, move)).toBeNull();
      expect(clock.mock.calls.length).toBe(1 + 4 + 1);
    } finally {
      clock.mockRestore();
    }
  });

  it('starts no iteration that, as long as the longest so far, would pass 90% of the budget', () => {
    // A clock that moves 7 ms a reading: the search reads it when it starts, before each
    // iteration and after it, so each iteration seems to take 7 ms and to start 14 ms after the
    // one before, the j-th at 7 + 14j ms. The 5th ends at 84 ms; a 6th, starting at 91 − 7 = 84 ms
    // into a budget of 100, would end past 90 ms: it is not started.
    let now = 0;
    const clock = () => (now += 7);
    expect(analyse(s, { timeMs: 100, clock }).iterations).toBe(5);
  });

  it('searches every legal move with candidates: Infinity', () => {
    expect(validateMove(s, mctsBot(s, { iterations: 50, candidates: Number.POSITIVE_INFINITY }))).toBeNull();
  });
});

describe('bots play the expansions (The River and The Abbot)', () => {
  const OPTIONS = { players: 3, seed: 'bots-expansions', expansions: ['river', 'abbot'] as const };

  /** Positions of a seeded River + Abbot game: during the river, just after it, mid-game, the last turn. */
  function expansionPositions(): GameState[] {
    const { states } = playSeeded({ ...OPTIONS, expansions: [...OPTIONS.expansions] }, 5);
    return [states[0], states[6], states[30], states[states.length - 2]] as GameState[];
  }

  it.each(BOTS)('%s returns a legal move in River + Abbot positions, blind to the draw order', (_, bot) => {
    for (const s of expansionPositions()) {
      const move = bot(s, { seed: 11 });
      expect(validateMove(s, move)).toBeNull();
      expect(bot(reordered(s), { seed: 11 })).toEqual(move);
    }
  });

  it('greedyBot plays whole River + Abbot games legally, and deploys and takes back abbots', () => {
    let abbots = 0;
    let recalls = 0;
    for (let g = 0; g < 3; g++) {
      let s = createGame({ ...OPTIONS, expansions: [...OPTIONS.expansions], seed: `greedy-exp:${g}` });
      while (s.status === 'playing') {
        const move = greedyBot(s, { seed: s.turn }) as TurnMove;
        expect(validateMove(s, move)).toBeNull();
        if (move.meeple?.kind === 'abbot') abbots++;
        if (move.recall === 'abbot') recalls++;
        s = applyMove(s, move);
      }
      expect(s.placements[0]?.tile).toBe('RV-spring');
    }
    // The estimate prices an abbot in hand at 1.5 and one on the board at 0.8 × (1 + neighbours):
    // a greedy player puts it out on the first cloister or garden, and takes it back when that pays.
    expect(abbots).toBeGreaterThan(0);
    expect(recalls).toBeGreaterThan(0);
  });
});

describe('bots play Inns & Cathedrals (six players)', () => {
  const OPTIONS: GameOptions = { players: 6, seed: 'bots-inns', expansions: ['inns-cathedrals'] };

  /** Positions of a seeded six-player game: the start, early, mid-game with large meeples out, the last turn. */
  function innsPositions(): GameState[] {
    const { states } = playSeeded(OPTIONS, 6);
    const withLarge = states.find((s) => s.status === 'playing' && s.meeples.some((m) => m.kind === 'large')) as GameState;
    expect(withLarge).toBeDefined();
    return [states[0], states[8], withLarge, states[50], states[states.length - 2]] as GameState[];
  }

  it.each(BOTS)('%s returns a legal move in Inns & Cathedrals positions, blind to the draw order', (_, bot) => {
    for (const s of innsPositions()) {
      const json = JSON.stringify(s);
      const move = bot(s, { seed: 13 });
      expect(validateMove(s, move)).toBeNull();
      expect(JSON.stringify(s)).toBe(json);
      expect(bot(reordered(s), { seed: 13 })).toEqual(move);
    }
  });

  it('greedyBot plays a whole six-player game legally and deploys large meeples', () => {
    let large = 0;
    let s = createGame(OPTIONS);
    while (s.status === 'playing') {
      const move = greedyBot(s, { seed: s.turn }) as TurnMove;
      expect(validateMove(s, move)).toBeNull();
      if (move.meeple?.kind === 'large') large++;
      s = applyMove(s, move);
    }
    expect(s.players).toHaveLength(6);
    // The estimate prices a large meeple in hand at 3: a greedy player puts it out where it gains more.
    expect(large).toBeGreaterThan(0);
  });
});

describe('bots play Traders & Builders', () => {
  const OPTIONS: GameOptions = { players: 3, seed: 'bots-traders', expansions: ['traders-builders'] };
  const ALL: GameOptions = { players: 4, seed: 'bots-all-four', expansions: ['river', 'abbot', 'inns-cathedrals', 'traders-builders'] };

  /**
   * Positions of seeded games favouring builders and pigs: the start, early, with a builder and a
   * pig on the board, every builder's second part (up to three), mid-game, the last turn.
   */
  function tradersPositions(options: GameOptions, seed: number): GameState[] {
    const { states } = playTradersHeavy(options, seed);
    const playing = states.filter((s) => s.status === 'playing');
    const out = playing.find((s) => s.meeples.some((m) => m.kind === 'builder') && s.meeples.some((m) => m.kind === 'pig')) as GameState;
    const seconds = playing.filter((s) => s.extraTurn === 'builder').slice(0, 3);
    expect(out).toBeDefined();
    expect(seconds.length).toBeGreaterThan(0);
    return [states[0], states[8], out, ...seconds, states[50], states[states.length - 2]] as GameState[];
  }

  it.each(BOTS)(
    "%s returns a legal move in Traders & Builders positions (a builder's second part too), blind to the draw order",
    (_, bot) => {
      for (const s of [...tradersPositions(OPTIONS, 2), ...tradersPositions(ALL, 3)]) {
        const json = JSON.stringify(s);
        const move = bot(s, { seed: 17 });
        expect(validateMove(s, move), `turn ${s.turn}${s.extraTurn === 'builder' ? ' (second tile)' : ''}`).toBeNull();
        expect(JSON.stringify(s)).toBe(json);
        expect(bot(reordered(s), { seed: 17 })).toEqual(move);
      }
    },
  );

  it("mctsBot returns a legal move in a builder's second part, and a finished Traders & Builders game is game-finished", () => {
    const { states } = playTradersHeavy(OPTIONS, 4);
    const second = states.find((s) => s.extraTurn === 'builder') as GameState;
    expect(second).toBeDefined();
    const move = mctsBot(second, { seed: 1, iterations: 200 });
    expect(validateMove(second, move)).toBeNull();
    expect(caught(() => mctsBot(states[states.length - 1] as GameState), IllegalMoveError).code).toBe('game-finished');
  });

  it('greedyBot plays whole Traders & Builders games legally, deploys builders and gets second tiles', () => {
    let builders = 0;
    let seconds = 0;
    for (let g = 0; g < 3; g++) {
      let s = createGame({ ...OPTIONS, seed: `greedy-traders:${g}` });
      while (s.status === 'playing') {
        const move = greedyBot(s, { seed: s.turn }) as TurnMove;
        expect(validateMove(s, move)).toBeNull();
        const mover = s.currentPlayer;
        if (move.meeple?.kind === 'builder') builders++;
        s = applyMove(s, move);
        if (s.extraTurn === 'builder') {
          seconds++;
          expect(s.currentPlayer).toBe(mover);
        }
      }
      // 96 tiles, the start tile included (rules-facts §e: 24 tiles added to the base game's 72).
      expect(s.turn).toBe(95 - s.discarded.length);
    }
    // The estimate prices a builder on the board while tiles are left: a greedy player puts it out
    // beside its own meeples, and then takes the second tiles it gives.
    expect(builders).toBeGreaterThan(0);
    expect(seconds).toBeGreaterThan(0);
  });
});
