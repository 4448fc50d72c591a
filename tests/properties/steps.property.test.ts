import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type GameOptions,
  type GameState,
  IllegalMoveError,
  legalMoves,
  legalTurns,
  loadState,
  loadView,
  type MeepleKind,
  type Move,
  playerView,
  previewMove,
  ROTATIONS,
  type Rotation,
  SPOTS,
  tileDefinition,
  type TurnMove,
  validateState,
  validateMove,
  type Viewer,
} from 'carcassonne-engine';
import { makeRecord, parseRecord, replayRecord } from 'carcassonne-engine/notation';
import { choices, gameOptions } from '../support/play';

// A turn as its steps: the tile step, then (when the player has more than the pass) the action
// step. Random games of every expansion and house rule, played step by step with legalMoves.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 12);
const FIGURES: readonly MeepleKind[] = ['follower', 'abbot', 'large', 'builder', 'pig'];

/** Games are cut after 10 to 50 steps, or (one in four) played to the end. */
const maxSteps = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 10, max: 50 }) }, { weight: 1, arbitrary: fc.constant(Infinity) });

/** How a tile lies on the board, whatever its rotation: its edges and its features as spots. */
const boards = new Map<string, string>();
function boardOf(tile: string, rotation: Rotation): string {
  const key = `${tile}@${rotation}`;
  let board = boards.get(key);
  if (board === undefined) {
    const v = tileDefinition(tile, rotation);
    if (v === null) throw new Error(`no tile ${key}`);
    const features = v.features
      .map((f) => {
        const { index: _, ...rest } = f;
        const out: Record<string, unknown> = { ...rest };
        for (const [k, value] of Object.entries(rest)) {
          if (k === 'cities') out[k] = (value as number[]).map((c) => v.features[c]?.spot).sort();
          else if (Array.isArray(value)) out[k] = [...value].sort();
        }
        return JSON.stringify(out);
      })
      .sort();
    board = JSON.stringify([v.edges.N, v.edges.E, v.edges.S, v.edges.W, features]);
    boards.set(key, board);
  }
  return board;
}

/** The rotations of `tile` that lie on the board as `rotation` does (itself first). */
const sameRotations = (tile: string, rotation: Rotation): Rotation[] => [
  rotation,
  ...ROTATIONS.filter((r) => r !== rotation && boardOf(tile, r) === boardOf(tile, rotation)),
];

interface Stepped {
  readonly states: GameState[];
  readonly moves: Move[];
}

/**
 * Plays a game step by step: each step a legal move of legalMoves picked by `picks` (cycling); a
 * tile move turned at times another way giving the same board. `states[i+1]` follows `states[i]`
 * by `moves[i]`.
 */
function playSteps(options: GameOptions, picks: readonly number[], max: number): Stepped {
  let s = createGame(options);
  const states = [s];
  const moves: Move[] = [];
  for (let i = 0; s.status === 'playing' && i < max; i++) {
    const pick = picks[i % picks.length] ?? 0;
    const legal = legalMoves(s);
    let m = legal[pick % legal.length] as Move;
    if (m.type === 'tile') {
      const turns = sameRotations(m.tile as string, m.rotation);
      m = { ...m, rotation: turns[Math.floor(pick / legal.length) % turns.length] as Rotation };
    }
    s = applyMove(s, m);
    moves.push(m);
    states.push(s);
  }
  return { states, moves };
}

/** A property over step-by-step games (options, move picks, and a pick for the property's own choices). */
const prop = (name: string, check: (game: Stepped, pick: number) => void, after?: () => void) =>
  it(name, () => {
    fc.assert(
      fc.property(gameOptions, choices, maxSteps, fc.nat(), (options, picks, max, pick) => {
        check(playSteps(options, picks, max), pick);
      }),
      { numRuns: RUNS },
    );
    // What the runs must have met: from the fixed seed (the default runs are few, and a random seed
    // may miss a rare kind of game), or in a soak of many runs.
    if ((process.env.PROPERTY_SEED === undefined && RUNS >= 10) || RUNS >= 50) after?.();
  });

/** A state without its events (the last move's, which a step and a whole turn tell apart). */
const withoutEvents = (s: GameState) => ({ ...s, events: null });

/** The action step of a whole turn. */
const actionOf = (t: TurnMove): Move =>
  t.meeple != null
    ? { type: 'meeple', at: t.meeple.at, kind: t.meeple.kind ?? 'follower' }
    : t.recall != null
      ? { type: 'recall', kind: t.recall }
      : { type: 'pass' };

/** The whole turns of `before` placing `tile` at (x, y) turned to lie as `rotation` does. */
const turnsOfPlacement = (before: GameState, tile: string, x: number, y: number, rotation: Rotation): TurnMove[] =>
  legalTurns(before).filter((t) => t.tile === tile && t.x === x && t.y === y && boardOf(tile, t.rotation) === boardOf(tile, rotation));

const asSet = (moves: readonly unknown[]) => moves.map((m) => JSON.stringify(m)).sort();

/** `move` is refused at `s` with 'wrong-step', by validateMove and applyMove alike. */
function expectWrongStep(s: GameState, move: Parameters<typeof validateMove>[1]): void {
  expect(validateMove(s, move)?.code, JSON.stringify(move)).toBe('wrong-step');
  let thrown: unknown = null;
  try {
    applyMove(s, move);
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(IllegalMoveError);
  expect((thrown as IllegalMoveError).code).toBe('wrong-step');
}

const seen = { actionSteps: 0, tileOnly: 0, recalls: 0, rotated: 0, finished: 0, turnsAtAction: 0 };

describe('turns as steps (fast-check)', () => {
  prop(
    'every state, at either step, survives JSON (loadState, validateState), and so do its views for the player to move and a spectator',
    ({ states }) => {
      states.forEach((s, i) => {
        if (s.step === 'action') seen.actionSteps++;
        const json = JSON.parse(JSON.stringify(s));
        expect(validateState(json)).toEqual([]);
        const loaded = loadState(json);
        expect(loaded).toEqual(s);
        // The state read back goes on at the same step.
        expect(legalMoves(loaded)).toEqual(legalMoves(s));
        // Views (the costly part) at every third state, of either step, and the last.
        if (i % 3 !== 0 && i !== states.length - 1) return;
        for (const viewer of [s.currentPlayer, 'spectator'] as Viewer[]) {
          const view = playerView(s, viewer);
          const viewJson = JSON.parse(JSON.stringify(view));
          expect(validateState(viewJson)).toEqual([]);
          expect(loadView(viewJson)).toEqual(view);
        }
        if (s.status === 'playing') expect(legalMoves(playerView(s, s.currentPlayer))).toEqual(legalMoves(s));
      });
    },
    () => expect(seen.actionSteps).toBeGreaterThan(0),
  );

  prop(
    "a whole turn plays as its tile step and then its action: the same state, its events the two steps' events in order",
    ({ states }, pick) => {
      states.forEach((s, i) => {
        if (s.status !== 'playing' || s.step !== 'tile') return;
        const turns = legalTurns(s);
        const p = pick + i * 7919;
        const chosen = turns[p % turns.length] as TurnMove;
        const rotations = sameRotations(chosen.tile as string, chosen.rotation);
        const rotation = rotations[Math.floor(p / turns.length) % rotations.length] as Rotation;
        if (rotation !== chosen.rotation) seen.rotated++;
        const turn: TurnMove = { ...chosen, rotation };
        const whole = applyMove(s, turn);
        const placed = applyMove(s, { type: 'tile', tile: turn.tile as string, x: turn.x, y: turn.y, rotation });
        if (placed.step === 'action') {
          const acted = applyMove(placed, actionOf(turn));
          expect(withoutEvents(acted)).toEqual(withoutEvents(whole));
          expect(whole.events).toEqual([...placed.events, ...acted.events]);
        } else {
          // The tile ended the turn: the turn was the tile alone.
          seen.tileOnly++;
          expect(turn.meeple).toBeUndefined();
          expect(turn.recall).toBeUndefined();
          expect(withoutEvents(placed)).toEqual(withoutEvents(whole));
          expect(whole.events).toEqual(placed.events);
        }
      });
    },
    () => {
      expect(seen.rotated).toBeGreaterThan(0);
      expect(seen.tileOnly).toBeGreaterThan(0);
    },
  );

  prop(
    "the action step comes exactly when the placement has more turns than the tile alone; its moves are those turns' actions, the pass first",
    ({ states, moves }) => {
      moves.forEach((m, i) => {
        if (m.type !== 'tile') return;
        const before = states[i] as GameState;
        const after = states[i + 1] as GameState;
        const tile = m.tile as string;
        const turns = turnsOfPlacement(before, tile, m.x, m.y, m.rotation);
        expect(turns.length).toBeGreaterThan(0);
        expect(after.step === 'action', `${tile} ${m.x},${m.y} r${m.rotation}: ${JSON.stringify(turns)}`).toBe(turns.length > 1);
        if (after.step !== 'action') {
          expect(turns).toHaveLength(1);
          expect(actionOf(turns[0] as TurnMove)).toEqual({ type: 'pass' });
          return;
        }
        seen.turnsAtAction++;
        const actions = legalMoves(after);
        expect(actions[0]).toEqual({ type: 'pass' });
        expect(asSet(actions)).toEqual(asSet(turns.map(actionOf)));
        if (actions.some((a) => a.type === 'recall')) seen.recalls++;
        // The tile waits for its action: placed, the turn not over, nothing drawn.
        expect(after.placements.at(-1)).toEqual({
          tile,
          x: m.x,
          y: m.y,
          rotation: m.rotation,
          player: before.currentPlayer,
          meeple: null,
          recall: null,
        });
        expect(after.placements).toHaveLength(before.placements.length + 1);
        expect(after.turn).toBe(before.turn);
        expect(after.currentPlayer).toBe(before.currentPlayer);
        expect(after.currentTile).toBe(before.hands === null ? tile : null);
        expect(after.tilesLeft).toEqual(before.tilesLeft);
        expect(after.draws).toEqual(before.draws);
        expect(after.events).toEqual([{ type: 'tile-placed', player: before.currentPlayer, tile, x: m.x, y: m.y, rotation: m.rotation }]);
        expect(legalTurns(after)).toEqual([]);
      });
    },
    () => {
      expect(seen.turnsAtAction).toBeGreaterThan(0);
      expect(seen.recalls).toBeGreaterThan(0);
    },
  );

  prop('a move of the other step is refused with wrong-step and changes nothing', ({ states, moves }, pick) => {
    moves.forEach((m, i) => {
      const s = states[i] as GameState;
      const p = pick + i * 7919;
      const text = JSON.stringify(s);
      const legal = legalMoves(s);
      if (s.step === 'tile') {
        expectWrongStep(s, { type: 'pass' });
        expectWrongStep(s, {
          type: 'meeple',
          at: SPOTS[p % SPOTS.length] as (typeof SPOTS)[number],
          kind: FIGURES[p % FIGURES.length] as MeepleKind,
        });
        expectWrongStep(s, { type: 'meeple', at: 'C' });
        expectWrongStep(s, { type: 'recall', kind: 'abbot' });
      } else {
        // The tile move just played, alone or as a whole turn, and a tile move anywhere.
        const placed = moves[i - 1] as Move;
        expect(placed.type).toBe('tile');
        if (placed.type !== 'tile') return;
        expectWrongStep(s, placed);
        const { type: _, ...turn } = placed;
        expectWrongStep(s, turn);
        expectWrongStep(s, { ...turn, meeple: { at: 'C' } });
        expectWrongStep(s, { ...turn, recall: 'abbot' });
        expectWrongStep(s, { type: 'tile', x: (p % 21) - 10, y: ((p >> 5) % 21) - 10, rotation: ROTATIONS[p % 4] as Rotation });
      }
      expect(JSON.stringify(s)).toBe(text);
      expect(legalMoves(s)).toEqual(legal);
      expect(applyMove(s, m)).toEqual(states[i + 1]);
    });
  });

  prop(
    'a record of a state at either step replays to that state (its events aside), at the same step; at the action step its last entry is the tile step alone',
    ({ states }) => {
      states.forEach((s, i) => {
        // Every action step, every fifth state and the last.
        if (s.step !== 'action' && i % 5 !== 0 && i !== states.length - 1) return;
        if (s.status === 'finished') seen.finished++;
        const text = makeRecord(s);
        const back = replayRecord(parseRecord(text)) as GameState;
        expect(back.step).toBe(s.step);
        expect(withoutEvents(back)).toEqual(withoutEvents(s));
        expect(makeRecord(back)).toBe(text);
        const lines = text.trimEnd().split('\n');
        expect(lines.filter((l) => l.endsWith(' then'))).toEqual(s.step === 'action' ? [lines.at(-1)] : []);
      });
    },
    () => expect(seen.finished).toBeGreaterThan(0),
  );

  prop(
    "previewMove of a step tells what applyMove does up to the draw: its events a prefix of the state's, its scores the state's but for the final scoring",
    ({ states, moves }) => {
      moves.forEach((m, i) => {
        const s = states[i] as GameState;
        const after = states[i + 1] as GameState;
        const preview = previewMove(s, m);
        expect(previewMove(playerView(s, s.currentPlayer), m)).toEqual(preview);
        expect(after.events.slice(0, preview.events.length)).toEqual(preview.events);
        // After the preview's events: only the draw's and the game's end.
        const rest = after.events.slice(preview.events.length);
        for (const e of rest) {
          const drawOrEnd =
            e.type === 'tile-discarded' ||
            e.type === 'tile-returned' ||
            e.type === 'game-finished' ||
            (e.type === 'feature-scored' && e.score.phase === 'final');
          expect(drawOrEnd, JSON.stringify(e)).toBe(true);
        }
        if (after.status === 'playing') expect(preview.scores).toEqual(after.players.map((p) => p.score));
        else {
          const final = preview.scores.map((score, p) =>
            rest.reduce((sum, e) => sum + (e.type === 'feature-scored' ? (e.score.awarded[p] ?? 0) : 0), score),
          );
          expect(final).toEqual(after.players.map((p) => p.score));
        }
        // At the action step nothing completed by the tile has scored yet.
        if (after.step === 'action') expect(preview.scores).toEqual(s.players.map((p) => p.score));
      });
    },
  );
});
