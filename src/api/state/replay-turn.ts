import type { StateError } from '../../core/errors.js';
import { isRotation, type Rotation, SPOTS, type Spot } from '../../core/geometry.js';
import { isInt, isRecord, show } from '../../core/guards.js';
import { moveSpot } from '../../core/move-code.js';
import type { ExpansionName } from '../../core/vocabulary.js';
import { type Kernel, type KernelEvent, PHASE_ACTION, PHASE_DRAW, type TileTables } from '../../kernel/index.js';
import { stepsOf } from '../../rules/declared.js';
import { figureNames, recallable } from '../options/figure-kinds.js';
import { stepOf } from '../play/create.js';
import { actionOfTurn, codeOfAction, codeOfTile, moveError } from '../play/legality.js';
import type { StartPosition } from '../setup/start.js';
import type { MeepleKind, ModuleMove, TileDraw, TileMove, TurnMove } from '../types.js';

// One placement of a saved state played again on the kernel, a step at a time, each step checked
// as applyMove checks it: what the two replays of the loader share (replay-drawn.ts, which draws
// the recorded tiles, and replay-guessed.ts, for a view or a state without its draws).

/** A saved state read so far, its kernel, and how its problems are told. */
export interface Replay {
  readonly s: Record<string, unknown>;
  readonly k: Kernel;
  readonly tables: TileTables;
  /** Everything the kernel did, from the start: the events and scorings compared at the end. */
  readonly log: KernelEvent[];
  readonly names: readonly string[];
  readonly inGame: readonly ExpansionName[];
  readonly handSize: number;
  readonly setUp: { readonly kernel: Kernel; readonly start: StartPosition } | null;
  /** The first placement played as a move (after the start tile, or the board set up). */
  readonly firstMove: number;
  /** Counts a tile of the set, throwing for an unknown tile or one copy too many. */
  readonly take: (id: unknown, where: string) => number;
  /** The problem that stops the check, with those noted before it. */
  readonly fail: (message: string) => StateError;
  readonly note: (message: string) => void;
}

/** Where the last move's events begin in the log: its turn's, and each step's after its tile. */
export interface LastMove {
  readonly lastTurn: number;
  readonly stepStarts: readonly number[];
}

/** What a replay gives the comparison with the record (load-checks.ts): the last move, and the draws drawn (null: not drawn again). */
export interface Replayed extends LastMove {
  readonly draws: readonly TileDraw[] | null;
}

/** A placement of a saved state, of the form a state records. */
export interface Placement {
  readonly tile: unknown;
  readonly x: number;
  readonly y: number;
  readonly rotation: Rotation;
  readonly player: unknown;
  readonly meeple: { readonly at: Spot; readonly kind: MeepleKind } | null;
  readonly recall: MeepleKind | null;
  readonly steps?: readonly ModuleMove[];
}

/** Whether a recorded module move is a free move (a ransom), made before the turn's action. */
const isFreeMove = (m: unknown): boolean => isRecord(m) && stepsOf().some((st) => st.free && st.name === m.type);

/** placements[i] of a saved state, if it has the form of one. */
export function readPlacement(p: unknown, i: number, fail: Replay['fail']): Placement {
  if (
    !isRecord(p) ||
    !isInt(p.x) ||
    !isInt(p.y) ||
    !isRotation(p.rotation) ||
    !(p.meeple === null || (isRecord(p.meeple) && typeof p.meeple.kind === 'string')) ||
    !(p.recall === null || (typeof p.recall === 'string' && recallable(p.recall as MeepleKind))) ||
    !(
      p.steps === undefined ||
      (Array.isArray(p.steps) && p.steps.length > 0 && p.steps.every((m) => isRecord(m) && typeof m.type === 'string'))
    )
  ) {
    const kinds = figureNames()
      .filter(recallable)
      .map((kind) => `'${kind}'`);
    throw fail(
      `placements[${i}] is not a tile placement { tile, x, y, rotation, player, meeple: null or { at, kind }, recall: null or ${kinds.join(' or ')}, and when a rule module's moves were made, steps: a list of them }`,
    );
  }
  return p as unknown as Placement;
}

/**
 * Plays placements[i] on the replay's kernel, whose tile to place (or hand) holds its tile: its
 * tile step, then its recorded steps and its action, each checked first. `waits`: the last
 * placement of a state at its action step (or a module's), whose turn is not over. Stops where the
 * turn would draw.
 */
export function playPlacement(r: Replay, i: number, p: Placement, waits: boolean): LastMove {
  const { k, log, names, inGame, fail, s } = r;
  const m = p.meeple;
  if (waits && (m !== null || p.recall !== null))
    throw fail(`placements[${i}] waits for its action (step is '${String(s.step)}'): its meeple and recall are null`);
  const steps = p.steps ?? [];
  // With hands the tile move names its tile: the hand may hold another beside it.
  const named = r.handSize > 0 ? { tile: p.tile as string } : {};
  const tile: TileMove = { type: 'tile', x: p.x, y: p.y, rotation: p.rotation, ...named };
  const turn: TurnMove = {
    x: p.x,
    y: p.y,
    rotation: p.rotation,
    ...named,
    ...(m === null ? {} : { meeple: m }),
    ...(p.recall === null ? {} : { recall: p.recall }),
  };
  // A turn is checked a step at a time on the kernel itself, its tile first, then (below) its
  // action with the tile placed: the checks and sentences of a whole turn (legality.ts), without
  // a copy of the kernel a turn. A figure deployed or taken back asks for the action step even
  // where the tile gives none, as the check of a whole turn does; a figure deployed and one taken
  // back in one turn are refused as a whole turn.
  const whole = steps.length === 0 && !waits;
  const acts = whole && (m !== null || p.recall !== null);
  const said = `placements[${i}] (tile ${String(p.tile)} at (${p.x}, ${p.y}) turned ${p.rotation}°) is not a legal move`;
  const error = moveError(k, names, inGame, m !== null && p.recall !== null ? turn : tile);
  if (error !== null) throw fail(`${said}: ${error.message}`);
  const lastTurn = log.length;
  const stepStarts: number[] = [];
  k.playStep(codeOfTile(k, tile), log, acts);
  const play = (code: number) => {
    stepStarts.push(log.length);
    k.playStep(code, log);
  };
  // The rule modules' moves in the order made: free moves (a ransom), then a module's action and its steps.
  let next = 0;
  const recorded = (free: boolean) => {
    while (next < steps.length && k.phase !== PHASE_DRAW && (!free || isFreeMove(steps[next]))) {
      const move = steps[next] as ModuleMove;
      const wrong = moveError(k, names, inGame, move);
      if (wrong !== null) throw fail(`placements[${i}].steps[${next}] ${show(move)} is not a legal move: ${wrong.message}`);
      play(codeOfAction(k, move));
      next++;
    }
  };
  if (steps.length > 0 && k.phase !== PHASE_ACTION)
    throw fail(`placements[${i}] lists steps, but its tile gave no action step: the turn ended with the tile`);
  recorded(true);
  if (next < steps.length) recorded(false);
  else if (k.phase === PHASE_ACTION && !waits) {
    const wrong = moveError(k, names, inGame, actionOfTurn(turn));
    if (wrong !== null)
      throw fail(steps.length > 0 ? `placements[${i}]'s action is not a legal move: ${wrong.message}` : `${said}: ${wrong.message}`);
    const action = codeOfAction(k, actionOfTurn(turn));
    const canonical = SPOTS[moveSpot(action)];
    if (m !== null && m.at !== canonical)
      throw fail(`placements[${i}].meeple: spot ${m.at} must be written as its feature's canonical spot ${canonical}`);
    play(action);
  }
  if (next < steps.length) throw fail(`placements[${i}].steps[${next}]: the turn was over before it`);
  // Only the last placement may wait for the rest of its turn (the state's step says which).
  if (!waits && k.phase !== PHASE_DRAW && i < (s.placements as unknown[]).length - 1)
    throw fail(`placements[${i}] leaves its turn at the ${stepOf(k)} step, but another placement follows: its steps are not all listed`);
  return { lastTurn, stepStarts };
}
