import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type GameOptions,
  type GameState,
  legalMoves,
  loadState,
  type Move,
  playerView,
  setupGame,
  setupOf,
  type TowerState,
} from 'carcassonne-engine';
import { Engine } from 'carcassonne-engine/engine';
import { makeRecord, replayRecord } from 'carcassonne-engine/notation';
import { choices, deeplyFrozen, edgesMatch, gameOptions } from '../support/play';

// Properties of random games with The Tower (fast-check picks the options, every other expansion
// and house rule among them, and every step), played a step at a time through the pure API with
// The Tower's moves chosen half the time when there are some, so that floors, captures,
// exchanges and ransoms happen: the properties of tests/properties/game.property.test.ts that a
// module with moves and state of its own could break.
// 25 games a property in npm test (a Tower game with every expansion is long); npm run properties plays 200.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 15);

const TOWER_MOVES = new Set(['tower', 'capture', 'exchange', 'ransom']);
const towerOptions: fc.Arbitrary<GameOptions> = gameOptions.map((o) => ({ ...o, expansions: [...(o.expansions ?? []), 'tower'] }));

interface Played {
  readonly states: GameState[];
  readonly moves: Move[];
}

/** A whole game a step at a time, each move picked by `picks` (a tower move half the time when there is one). */
function play(options: GameOptions, picks: readonly number[]): Played {
  let s = createGame(options);
  const states = [s];
  const moves: Move[] = [];
  for (let i = 0; s.status === 'playing'; i++) {
    const legal = legalMoves(s);
    const pick = picks[i % picks.length] ?? 0;
    const tower = legal.filter((m) => TOWER_MOVES.has(m.type));
    const from = tower.length > 0 && pick % 2 === 0 ? tower : legal;
    const m = from[Math.floor(pick / 2) % from.length] as Move;
    s = applyMove(s, m);
    moves.push(m);
    states.push(s);
  }
  return { states, moves };
}

const tower = (s: GameState): TowerState => s.modules.tower as TowerState;
const prop = (name: string, check: (played: Played, options: GameOptions) => void) =>
  it(name, () => {
    fc.assert(
      fc.property(towerOptions, choices, (options, picks) => check(play(options, picks), options)),
      { numRuns: RUNS },
    );
  });

/** How many of `owner`'s figures of `kind` are out of the supply: on the board, closing a tower, held. */
function outOfSupply(s: GameState, owner: number, kind: string): number {
  const t = tower(s);
  return (
    s.meeples.filter((m) => m.owner === owner && m.kind === kind).length +
    t.towers.filter((w) => w.top?.owner === owner && w.top.kind === kind).length +
    t.prisoners.filter((p) => p.owner === owner && p.kind === kind).reduce((n, p) => n + p.count, 0)
  );
}

describe('The Tower (fast-check)', () => {
  prop('figures are conserved: supply + board + tower tops + prisons is what each player owns, the floors too', ({ states }) => {
    const first = states[0] as GameState;
    for (const s of states) {
      s.players.forEach((p, i) => {
        const owned = first.players[i] as unknown as Record<string, number>;
        const record = p as unknown as Record<string, number>;
        for (const [kind, key] of [
          ['follower', 'meeples'],
          ['large', 'largeMeeples'],
          ['abbot', 'abbots'],
          ['builder', 'builders'],
          ['pig', 'pigs'],
        ] as const)
          expect((record[key] ?? 0) + outOfSupply(s, i, kind), `${kind} of player ${i}`).toBe(owned[key] ?? 0);
      });
      const floors = s.players.reduce((n, p) => n + (p.floors ?? 0), 0) + tower(s).towers.reduce((n, w) => n + w.floors, 0);
      expect(floors).toBe(first.players.reduce((n, p) => n + (p.floors ?? 0), 0));
      // A tower is closed only once it has a floor; a prisoner is never held by its owner.
      for (const w of tower(s).towers) if (w.top !== null) expect(w.floors).toBeGreaterThan(0);
      for (const p of tower(s).prisoners) expect(p.jailer).not.toBe(p.owner);
    }
  });

  prop('scores never fall, but by a ransom: 3 points from the payer to the jailer, the sum kept', ({ states }) => {
    for (let i = 1; i < states.length; i++) {
      const before = states[i - 1] as GameState;
      const after = states[i] as GameState;
      const ransoms = after.events.flatMap((e) => (e.type === 'feature-scored' && e.score.kind === 'ransom' ? [e.score] : []));
      after.players.forEach((p, j) => {
        const paid = ransoms.reduce((n, r) => n + Math.min(0, r.awarded[j] ?? 0), 0);
        expect(p.score - paid).toBeGreaterThanOrEqual((before.players[j] as { score: number }).score);
      });
      for (const r of ransoms) {
        expect(r.awarded.reduce((a, b) => a + b, 0)).toBe(0);
        expect(Math.min(...r.awarded)).toBe(-3);
      }
    }
  });

  prop('every edge matches, every tile is accounted for, and every state is frozen plain JSON that loads as it is', ({ states }) => {
    const last = states[states.length - 1] as GameState;
    for (const p of last.placements) expect(edgesMatch(last, p.tile, p.x, p.y, p.rotation)).toBe(true);
    const total = (s: GameState) =>
      s.placements.length +
      (s.step === 'tile' && s.currentTile !== null ? 1 : 0) +
      (s.hands?.flat().length ?? 0) +
      s.tilesLeft.length +
      s.discarded.length;
    for (const s of states) expect(total(s)).toBe(total(states[0] as GameState));
    states.forEach((s, i) => {
      expect(deeplyFrozen(s)).toBe(true);
      if (i % 11 === 0 || i === states.length - 1) expect(loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    });
  });

  prop('the same options and moves give the same game, and its record replays it', ({ states, moves }, options) => {
    let s = createGame(options);
    for (const m of moves) s = applyMove(s, m);
    expect(s).toEqual(states[states.length - 1]);
    const mid = states[Math.floor(states.length / 2)] as GameState;
    expect(replayRecord(makeRecord(mid))).toEqual(mid);
  });

  prop('an engine plays the same steps: the code of each move is listed, and it reaches the same states', ({ states, moves }) => {
    const e = Engine.fromState(states[0] as GameState);
    moves.forEach((m, i) => {
      const s = states[i] as GameState;
      const code = e.codeOf(m);
      const listed = e.legalMoves();
      expect(listed.length).toBe(legalMoves(s).length);
      expect(listed).toContain(code);
      expect(e.moveOf(code)).toEqual(m);
      e.play(code);
      // The engine logs steps, and writes a tile step and its action as a whole turn: the events
      // are then the turn's, where the pure API's state, played a step at a time, has the action's.
      const { events: _, ...state } = states[i + 1] as GameState;
      if (i % 40 === 0 || i === moves.length - 1) expect(e.toState()).toMatchObject(state);
    });
  });

  prop('views show the towers and prisoners (public), hide the bag; a position set up from any turn plays on alike', ({ states }) => {
    states.forEach((s, i) => {
      if (i % 9 !== 0) return;
      for (let viewer = 0; viewer < s.players.length; viewer++) {
        const v = playerView(s, viewer);
        expect(v.modules).toEqual(s.modules);
        // The bag's order is hidden (with hands hidden from the viewer, their tiles join it).
        if (s.hands === null) expect(v.tilesLeft).toEqual([...s.tilesLeft].sort());
        expect(Object.hasOwn(v, 'seed')).toBe(false);
      }
      if (s.step !== 'tile' || s.placements.length === 0) return;
      const again = setupGame(setupOf(s));
      expect(again.modules).toEqual(s.modules);
      expect(again.players.map((p) => [p.score, p.meeples, p.floors ?? 0])).toEqual(
        s.players.map((p) => [p.score, p.meeples, p.floors ?? 0]),
      );
      expect(legalMoves(again)).toEqual(legalMoves(s));
    });
  });

  it('captures, exchanges and ransoms happen in them', () => {
    const seen = { floor: 0, captured: 0, exchanged: 0, ransom: 0 };
    fc.assert(
      fc.property(towerOptions, choices, (options, picks) => {
        for (const s of play(options, picks).states) {
          for (const e of s.events) {
            if (e.type === 'module' && e.name === 'floor-built') seen.floor++;
            if (e.type === 'module' && e.name === 'captured') seen.captured++;
            if (e.type === 'module' && e.name === 'exchanged') seen.exchanged++;
            if (e.type === 'feature-scored' && e.score.kind === 'ransom') seen.ransom++;
          }
        }
      }),
      { numRuns: Math.max(RUNS, 30) },
    );
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
  });
});
