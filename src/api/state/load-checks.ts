import { isRecord, show } from '../../core/guards.js';
import { sameJson } from '../../core/same-json.js';
import { DRAW_LAND, type Kernel, type KernelEvent, PHASE_ACTION } from '../../kernel/index.js';
import { extraTurnOf } from '../options/game-rules.js';
import { currentTileOf, handsOf, stepOf } from '../play/create.js';
import { describeEvents, figureOf, scoringsOf } from '../play/events.js';
import type { GameState } from '../types.js';
import type { Replayed } from './replay-turn.js';
import { modulesOf } from './modules.js';
import { amount, playerDifferences } from './players.js';

// What the loader says of each field of a saved state once its game is replayed (saved.ts): the
// field as the rules give it, compared once with the recorded one. Every field of GameState is
// declared here (the type makes a new field declare itself): read from the replayed kernel, or
// the record's own, checked where it is read.

/** What a replay leaves besides its kernel, and the state it replayed. */
export interface ReplayFacts extends Replayed {
  /** The state read (a view's, as the state it stands for). */
  readonly s: Record<string, unknown>;
  readonly log: readonly KernelEvent[];
  /** In a view (which has no seed), who moved first; else null. */
  readonly firstMover: unknown;
}

/** The sentences saying how a recorded field differs from the replay (none when it does not). */
type Check = (recorded: unknown, k: Kernel, r: ReplayFacts) => readonly string[];

/** A field read from the kernel (`of`), told in one sentence when the record differs. */
interface Read<V> {
  readonly of: (k: Kernel) => V;
  readonly differs: (recorded: unknown, replayed: V, k: Kernel) => string;
}

/** The record's own (the options, the placements, the set-up): checked as the replay reads it. */
const own = null;

/** Every entry of `listed` that differs from what the placements give (`given`). */
function listDifferences(
  name: string,
  listed: readonly unknown[],
  given: readonly unknown[],
  what: string,
  describe: (v: unknown) => string,
): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(listed.length, given.length); i++) {
    if (i >= given.length) out.push(`${name}[${i}] is ${describe(listed[i])}, which the placements do not give`);
    else if (i >= listed.length)
      out.push(`${name} lists ${amount(listed.length, what)}, but the placements also give ${describe(given[i])}`);
    else if (!sameJson(listed[i], given[i]))
      out.push(`${name}[${i}] is ${describe(listed[i])}, but the placements give ${describe(given[i])}`);
  }
  return out;
}

/** An event as a message names it: its type, and what it is about. */
function showEvent(e: unknown): string {
  if (!isRecord(e) || typeof e.type !== 'string') return show(e);
  return `a ${e.type} event ${show(e)}`;
}

/**
 * A recorded scoring line, written with show unless its parts are what they should be: a frozen
 * state is read in place, so it may hold values (an object without a prototype) that join cannot write.
 */
function showLine(l: unknown): string {
  const { kind, id, awarded } = (isRecord(l) ? l : {}) as { kind?: unknown; id?: unknown; awarded?: unknown };
  return typeof kind === 'string' && typeof id === 'string' && Array.isArray(awarded) && awarded.every((a) => typeof a === 'number')
    ? `the ${kind} ${id}, awarding ${awarded.join('/')}`
    : show(l);
}

const ids = (k: Kernel, a: ArrayLike<number>): string[] => Array.from(a, (t) => k.tables.ids[t] as string);

/** The events of the last move as the replay gives them: from where it began (a whole turn, or one of its steps). */
function events(recorded: unknown, k: Kernel, r: ReplayFacts): readonly string[] {
  const out: string[] = [];
  // In a view, who moved first was chosen from the seed it does not have: the choice is only
  // checked against who moved first.
  const expected = (recorded as unknown[]).filter((e) => {
    if (r.firstMover === null || !isRecord(e) || e.type !== 'first-player-chosen') return true;
    if (e.player !== r.firstMover)
      out.push(`events: the first player chosen is ${show(e.player)}, but player ${show(r.firstMover)} moved first`);
    return false;
  });
  const first = (recorded as unknown[])[0];
  const fromTile = r.stepStarts.length === 0 || (isRecord(first) && first.type === 'tile-placed');
  const starts = fromTile ? [r.lastTurn] : [...r.stepStarts].reverse();
  // The first start the events match, else the first start's events, compared.
  if (starts.some((b) => sameJson(expected, describeEvents(k, r.log.slice(b))))) return out;
  return [...out, ...listDifferences('events', expected, describeEvents(k, r.log.slice(starts[0] as number)), 'event', showEvent)];
}

/** The discards, told where the record first differs, with the rule that says why. */
function discarded(recorded: unknown, k: Kernel): readonly string[] {
  const listed = recorded as unknown[];
  const given = ids(k, k.discarded.subarray(0, k.nDiscarded));
  const i = listed.findIndex((id, j) => id !== given[j]);
  if (i < 0)
    return given.length > listed.length
      ? [`discarded lists ${amount(listed.length, 'tile')}, but the replay also discards ${given[listed.length]}, which fits nowhere`]
      : [];
  const T = k.tables;
  // With unplaceable tiles put back (a house rule), a land tile fitting nowhere goes back into the bag.
  const land = k.rules.ruleset.putBack !== null && T.drawClass[T.typeOf[listed[i] as string] as number] === DRAW_LAND;
  const why = land
    ? 'with unplaceable tiles returned to the bag, a land tile leaves the game only when the bag runs out'
    : 'only a tile that fits nowhere is discarded';
  return [
    `discarded[${i}] is tile ${String(listed[i])}, but the replay discards ${given[i] === undefined ? 'no tile' : `tile ${given[i]}`} there: ${why}`,
  ];
}

/** Each field of a state: how the loader checks it after the replay, or `own`: the record's own. */
export const LOAD_CHECKS: { readonly [K in keyof GameState]-?: Check | Read<GameState[K]> | null } = {
  version: own,
  tileSet: own,
  edition: own,
  expansions: own,
  rules: own,
  seed: own,
  status: {
    of: (k) => (k.finished ? 'finished' : 'playing'),
    differs: (s) =>
      s === 'finished'
        ? 'status is "finished", but the placements leave the game going on'
        : 'status is "playing", but the game is over: no tile is left',
  },
  turn: {
    of: (k) => k.turn,
    differs: (s, turn, k) =>
      `turn is ${s}, but ${turn} tiles were placed${k.tables.set.startDrawn === true ? '' : ' after the start tile'}`,
  },
  currentPlayer: {
    of: (k) => k.current,
    differs: (s, current, k) => `currentPlayer ${s} is not the player whose turn ${k.turn} is (player ${current})`,
  },
  extraTurn: {
    of: extraTurnOf,
    differs: (s, extra) =>
      `extraTurn is ${show(s)}, but the placements give the current player ${extra === null ? 'no extra tile' : `an extra tile for ${show(extra)}`}`,
  },
  step: {
    of: stepOf,
    differs: (s, step) => `step is ${show(s)}, but the placements leave the turn at the ${step === 'tile' ? 'next tile' : `${step} step`}`,
  },
  currentTile: {
    of: currentTileOf,
    differs: (s, tile, k) =>
      `currentTile is ${show(s)}, but ${k.phase === PHASE_ACTION ? `at the action step it is the tile just placed, ${tile}` : `the replay gives ${tile ?? 'none'}`}`,
  },
  hands: (recorded, k) =>
    (handsOf(k) ?? []).flatMap((h, p) => {
      const held = (recorded as unknown[][])[p];
      return sameJson(h, held) ? [] : [`hands[${p}] holds ${show(held)}, but the replay fills it with ${show(h)}`];
    }),
  players: (recorded, k) => (recorded as Record<string, unknown>[]).flatMap((pl, i) => playerDifferences(pl, k, i)),
  placements: own,
  meeples: (recorded, k) =>
    listDifferences(
      'meeples',
      recorded as unknown[],
      Array.from({ length: k.nMeeples }, (_, i) => ({ owner: k.mOwner[i], ...figureOf(k, k.mKind[i] as number, k.mSeg[i] as number) })),
      'figure',
      show,
    ),
  // The bag's order is the record's (shaken when tiles go back, or dealt by drawOrder): only what
  // it holds is the replay's, told when the other places a tile may be agree (else they say why).
  tilesLeft: (recorded, k, r) => {
    const elsewhere =
      sameJson(r.s.discarded, ids(k, k.discarded.subarray(0, k.nDiscarded))) &&
      sameJson(r.s.hands, handsOf(k)) &&
      sameJson(r.s.currentTile, currentTileOf(k));
    const left = ids(k, k.bag.subarray(k.bagPos, k.bagLen)).sort();
    return !elsewhere || left.join() === [...(recorded as string[])].sort().join()
      ? []
      : ['tilesLeft: the replay leaves other tiles in the bag'];
  },
  discarded,
  draws: (recorded, _, r) => {
    const drawn = r.draws;
    const listed = recorded as unknown[];
    if (drawn === null) return [];
    for (let i = 0; i < Math.max(drawn.length, listed.length); i++) {
      if (sameJson(drawn[i], listed[i])) continue;
      return [
        i >= drawn.length
          ? `draws lists ${listed.length} tiles, but the game drew ${drawn.length}`
          : `draws[${i}] is ${show(listed[i])}, but drawing the recorded tiles gives ${show(drawn[i])}`,
      ];
    }
    return [];
  },
  setup: own,
  scored: (recorded, k, r) => listDifferences('scored', recorded as unknown[], scoringsOf(describeEvents(k, r.log)), 'scoring', showLine),
  events,
  modules: (recorded, k) => {
    const modules = modulesOf(k) as Record<string, unknown>;
    const listed = isRecord(recorded) ? recorded : {};
    return [...new Set([...Object.keys(listed), ...Object.keys(modules)])].flatMap((name) =>
      sameJson(listed[name], modules[name])
        ? []
        : [`modules.${name} is ${show(listed[name])}, but the placements give ${show(modules[name])}`],
    );
  },
};

/** The problems of a replayed state: each field's, in the state's order. */
export function replayProblems(k: Kernel, r: ReplayFacts): string[] {
  const out: string[] = [];
  for (const [name, check] of Object.entries(LOAD_CHECKS) as [string, Check | Read<unknown> | null][]) {
    const recorded = r.s[name];
    if (typeof check === 'function') out.push(...check(recorded, k, r));
    else if (check !== null) {
      const replayed = check.of(k);
      if (!sameJson(recorded, replayed)) out.push(check.differs(recorded, replayed, k));
    }
  }
  return out;
}
