import { isInt, isRecord } from '../../core/guards.js';
import type { Roster } from '../../rules/roster.js';
import type { GameState } from '../types.js';
import { drawsShapeProblem } from './draws-shape.js';
import { isPlayerRecord, playerForm } from './players.js';

// The form of each field of a saved state, checked before its game is replayed (saved.ts): what
// the replay can read. Every field of GameState is declared here (the type makes a new field
// declare itself); what the form cannot say is the replay's to check (load-checks.ts).

/** What the form of a state's fields depends on, once its options are known to be good. */
export interface Form {
  readonly players: number;
  /** The hand size of the game (0: no hands). */
  readonly handSize: number;
  /** The names of the steps the game's modules add to a turn. */
  readonly steps: readonly string[];
  readonly roster: Roster;
  /** A view (whose hidden draws are null). */
  readonly view: boolean;
}

/** Why a field's value is not of its form, or null. */
type Shape = (value: unknown, s: Record<string, unknown>, form: Form) => string | null;

/** Checked with the game's options, as createGame checks them (saved.ts), before any other field. */
const options = null;

const list = (value: unknown, name: string): string | null => (Array.isArray(value) ? null : `${name} must be a list`);

/** Each field of a state: its form, or `options`: checked with the game's options. */
export const SHAPES: { readonly [K in keyof GameState]-?: Shape | null } = {
  version: options,
  tileSet: options,
  edition: options,
  expansions: options,
  rules: options,
  seed: options,
  status: (v) => (v === 'playing' || v === 'finished' ? null : 'status must be "playing" or "finished"'),
  turn: (v) => (isInt(v) && v >= 0 ? null : 'turn must be a whole number'),
  currentPlayer: (v, _, f) => (isInt(v) && v >= 0 && v < f.players ? null : 'currentPlayer is not a player'),
  extraTurn: (v) => (v === null || typeof v === 'string' ? null : 'extraTurn must be null or what gave the current player an extra tile'),
  step: (v, s, f) => {
    if (!(v === 'tile' || v === 'action' || f.steps.includes(v as string)))
      return `step must be ${['"tile"', '"action"', ...f.steps.map((n) => `"${n}"`)].join(', ').replace(/, ([^,]*)$/, ' or $1')}`;
    return s.status === 'finished' && v !== 'tile' ? 'step must be "tile" once the game is finished' : null;
  },
  currentTile: (v, s, f) => {
    if (f.handSize > 0) return v === null ? null : 'currentTile must be null with hands of tiles: the player chooses among hands';
    return (s.status === 'finished') === (v === null) ? null : 'currentTile must be null exactly when the game is finished';
  },
  hands: (v, _, f) => {
    if (f.handSize === 0) return v === null ? null : 'hands must be null in a game without hands of tiles';
    return Array.isArray(v) && v.length === f.players && v.every((h) => Array.isArray(h) && h.length <= f.handSize)
      ? null
      : `hands must list each player's hand, of at most ${f.handSize} tile${f.handSize === 1 ? '' : 's'}`;
  },
  players: (v, _, f) => {
    const i = (v as unknown[]).findIndex((p) => !isPlayerRecord(p, true, f.roster));
    return i < 0 ? null : `players[${i}] must have ${playerForm(f.roster)}`;
  },
  placements: (v) => list(v, 'placements'),
  meeples: (v) => list(v, 'meeples'),
  tilesLeft: (v) => list(v, 'tilesLeft'),
  discarded: (v) => list(v, 'discarded'),
  draws: (v, _, f) => drawsShapeProblem(v, f.players, f.view),
  setup: (v) => (v === undefined ? 'setup is missing: a state records it (null for a game not set up)' : null),
  scored: (v) => list(v, 'scored'),
  events: (v) => list(v, 'events'),
  modules: (v) => (v === undefined || isRecord(v) ? null : "modules must be the rule modules' parts of the state, by module name"),
};

/** The first field of `s` (in the state's order) not of its form: why, or null. */
export function shapeProblem(s: Record<string, unknown>, form: Form): string | null {
  for (const [name, shape] of Object.entries(SHAPES)) {
    const problem = shape === null ? null : (shape as Shape)(s[name], s, form);
    if (problem !== null) return problem;
  }
  return null;
}
