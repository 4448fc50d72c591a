import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGame, type GameState, playerView, StateError, validateMove } from 'carcassonne-engine';
import { analyse, analyseAsync, greedyBot, levelBot, mctsBot, randomBot } from 'carcassonne-engine/bots';
import { Engine, seededRandom } from 'carcassonne-engine/engine';
import { hiddenChanged } from '../support/hidden';
import { choices, gameOptions, lcg, play } from '../support/play';

// analyse, analyseAsync, and bots on player views: nothing hidden is used.

const RUNS = Number(process.env.PROPERTY_RUNS ?? 12);
const quick = { iterations: 60, candidates: 4, depth: 2, playoutSamples: 2 } as const;

describe('analyse', () => {
  it("rates every legal move: the searched ones by the search's order, the rest by margin; the first is mctsBot's move", () => {
    const state = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['E'] });
    const a = analyse(state, { iterations: 300, seed: 1 });
    expect(a.player).toBe(0);
    expect(a.iterations).toBe(300);
    const searched = a.moves.filter((m) => m.value !== null);
    // The default breadth: the 6 best by evaluation are searched. Sequential halving in 3 rounds of
    // 100 deals: round the six until each has had as many (17 each, at 102); the better three
    // until each has had 33 more (at 201); the better two share the last 99.
    expect(searched).toHaveLength(6);
    expect(searched.map((m) => m.visits)).toEqual([100, 99, 50, 17, 17, 17]);
    expect((searched[0]?.value as number) >= (searched[1]?.value as number)).toBe(true);
    const rest = a.moves.slice(6);
    expect(rest.every((m) => m.visits === 0 && m.value === null)).toBe(true);
    expect(rest.map((m) => m.margin)).toEqual([...rest.map((m) => m.margin)].sort((x, y) => y - x));
    expect(a.moves.every((m) => validateMove(state, m.move) === null)).toBe(true);
    // Closing the start tile's city with a knight: 4 points ahead.
    expect(a.moves[0]?.margin).toBe(4);
    expect(a.moves[0]?.move).toEqual(mctsBot(state, { iterations: 300, seed: 1 }));
  });

  it("a move's value before the end is its margin squashed by the spread still to come: 0.5 + 0.5 tanh(margin / (3 √(tiles left + 1)))", () => {
    // One ply: the leaf is the position just after the root move, so every deal rates it alike,
    // by the margin the ranking gave it. After the first move of a base game 69 tiles are left to
    // draw (72 less the start tile, the tile placed and the next player's), so the spread is
    // 3 × √70 ≈ 25.1 points: the knight closing the start tile's city (4 points ahead) is worth
    // 0.5 + 0.5 tanh(4 / 25.1) ≈ 0.579, not a sure win.
    const state = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['E'] });
    const after = Engine.fromState(state);
    after.playTurn(after.legalTurns()[0] as number);
    expect(after.tilesLeft).toBe(69);
    const a = analyse(state, { iterations: 60, plies: 1, seed: 1 });
    const searched = a.moves.filter((m) => m.value !== null);
    expect(searched).toHaveLength(6);
    for (const m of searched) expect(m.value).toBeCloseTo(0.5 + 0.5 * Math.tanh(m.margin / (3 * Math.sqrt(70))), 12);
    expect(a.moves[0]?.margin).toBe(4);
    expect(a.moves[0]?.value).toBeCloseTo(0.579, 3);
  });

  it("with root: 'ucb', the searched moves come most visited first and share every playout", () => {
    const state = createGame({ players: 2, seed: 3 });
    const a = analyse(state, { iterations: 200, seed: 1, root: 'ucb', candidates: 6 });
    const searched = a.moves.filter((m) => m.value !== null);
    expect(searched).toHaveLength(6);
    expect(searched.reduce((n, m) => n + m.visits, 0)).toBe(200);
    expect(searched.map((m) => m.visits)).toEqual([...searched.map((m) => m.visits)].sort((x, y) => y - x));
    expect(a.moves[0]?.move).toEqual(mctsBot(state, { iterations: 200, seed: 1, root: 'ucb', candidates: 6 }));
  });

  it('halves ten candidates in rounds: 10, then 5, then 3, then 2 of them share each quarter of the budget', () => {
    const state = createGame({ players: 2, seed: 3 });
    const a = analyse(state, { iterations: 400, seed: 1, candidates: 10 });
    // A quarter is 100 deals: 10 each for 10; 20 each for 5; 34 each for 3 (the round ends when
    // all have had as many, at 302); the last 98 for 2.
    const visits = a.moves.filter((m) => m.value !== null).map((m) => m.visits);
    expect(visits).toEqual([113, 113, 64, 30, 30, 10, 10, 10, 10, 10]);
  });

  it('a lone legal move needs no search', () => {
    // The start tile's city cap: with a single follower-free game, E closes the city in one rotation only.
    const state = createGame({
      players: 2,
      seed: 1,
      drawOrder: ['E'],
      rules: { meeples: 0, table: { minX: 0, maxX: 0, minY: -1, maxY: 0 } },
    });
    const a = analyse(state, { iterations: 50 });
    expect([a.moves.length, a.iterations, a.moves[0]?.visits]).toEqual([1, 0, 0]);
  });

  it("of a state is that of the view of the player to move; a view hiding the mover's hand is refused", () => {
    let s = createGame({ players: 3, seed: 8, rules: { hand: { size: 2, visible: false } } });
    s = Engine.fromState(s).toState();
    expect(analyse(s, { ...quick, seed: 4 })).toEqual(analyse(playerView(s, s.currentPlayer), { ...quick, seed: 4 }));
    expect(() => analyse(playerView(s, 'spectator'), quick)).toThrow(StateError);
    expect(() => analyse(playerView(s, (s.currentPlayer + 1) % 3), quick)).toThrow(/hidden from this view/);
  });

  it('never uses what is hidden: the same game with another seed, bag order and hidden hands is rated the same (fast-check)', () => {
    let compared = 0;
    fc.assert(
      fc.property(gameOptions, choices, fc.nat(), (options, picks, shuffle) => {
        const { states } = play(options, picks, 12);
        const s = states.at(-1) as GameState;
        if (s.status !== 'playing') return;
        const other = hiddenChanged(s, options, s.currentPlayer, lcg(shuffle));
        if (other === null) return;
        compared++;
        // Default seeds too: a bot's default seed is made of what every player sees.
        expect(analyse(other, quick)).toEqual(analyse(s, quick));
        expect(mctsBot(other, quick)).toEqual(mctsBot(s, quick));
        expect(greedyBot(other)).toEqual(greedyBot(s));
        expect(randomBot(other)).toEqual(randomBot(s));
        for (const level of [1, 2, 3]) expect(levelBot(other, { level })).toEqual(levelBot(s, { level }));
        expect(mctsBot(playerView(s, s.currentPlayer), quick)).toEqual(mctsBot(s, quick));
      }),
      { numRuns: RUNS },
    );
    expect(compared).toBeGreaterThan(RUNS / 2);
  });
});

describe('analyseAsync', () => {
  const state = createGame({ players: 2, seed: 3 });

  it('gives the analysis analyse gives, in slices, telling its progress', async () => {
    const progress: number[] = [];
    const a = await analyseAsync(state, { ...quick, iterations: 200, seed: 5, sliceMs: 1, onProgress: (p) => progress.push(p.iterations) });
    expect(a).toEqual(analyse(state, { ...quick, iterations: 200, seed: 5 }));
    expect(progress.at(-1)).toBe(200);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
  });

  it('yields to the event loop between slices, and stops when its signal says', async () => {
    const stop = new AbortController();
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
      if (ticks === 3) stop.abort(new Error('enough'));
    }, 1);
    const seen: number[] = [];
    await expect(
      analyseAsync(state, { timeMs: 60_000, sliceMs: 2, signal: stop.signal, onProgress: (p) => seen.push(p.iterations) }),
    ).rejects.toThrow('enough');
    clearInterval(timer);
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(seen.length).toBeGreaterThan(1);
    const gone = new AbortController();
    gone.abort();
    await expect(analyseAsync(state, { signal: gone.signal })).rejects.toThrow();
  });

  it('refuses bad options', async () => {
    await expect(analyseAsync(state, { sliceMs: 0 })).rejects.toThrow('sliceMs must be a positive number, not 0');
    expect(() => analyse(state, { iterations: 0 })).toThrow('iterations must be a whole number from 1 to 1000000, not 0');
  });
});

describe('Engine.fromView', () => {
  it('deals what the view hides from the seed given, and has no state to give', () => {
    const s = createGame({ players: 2, seed: 1, rules: { hand: { size: 3, visible: false } } });
    const view = playerView(s, 0);
    const a = Engine.fromView(view, seededRandom(1));
    const b = Engine.fromView(view, seededRandom(1));
    expect(a.hand(1)).toEqual(b.hand(1));
    expect(a.hand(0)).toEqual(s.hands?.[0]);
    expect(() => a.toState()).toThrow(StateError);
    expect(() => Engine.fromState(view as never)).toThrow(/Engine.fromView/);
  });
});
