import { handsIn } from '../../rules/tiles.js';
import { isInt, isRecord, show } from '../../core/guards.js';

// A player view read back (see view.ts): the state it stands for, with a seed of its own, the
// unseen tiles in canonical order, and hidden hands filled from them, so that the check of saved
// states (saved.ts) replays it like any state. What the filling invents is never shown: reads
// refuse a hidden hand (game.ts) and a view is never played.

/** Whether a record is a player view: it names its viewer. */
export const isViewRecord = (v: unknown): boolean => isRecord(v) && Object.hasOwn(v, 'viewer');

/** What a view hides, for the check of the state it stands for. */
export interface ViewFacts {
  /** By player: whether the viewer cannot see that hand. */
  readonly hidden: readonly boolean[];
}

/** Ids in the canonical order of a view's tiles left. */
export const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The state a view stands for, for checking: `seed` 0 (the view has none; nothing it shows
 * depends on it), each hidden tile one of the unseen tiles (the first by id that the last move did
 * not put back into the bag), the rest the bag. Throws with `fail` on a malformed view.
 */
export function stateOfView(
  v: Record<string, unknown>,
  fail: (message: string) => Error,
): { state: Record<string, unknown>; facts: ViewFacts } {
  if (Object.hasOwn(v, 'seed')) throw fail('a player view has no seed');
  const players = Array.isArray(v.players) ? v.players.length : 0;
  const viewer = v.viewer;
  if (!(viewer === 'spectator' || (isInt(viewer) && viewer >= 0 && viewer < players)))
    throw fail(`viewer must be a player index (0 to ${players - 1}) or 'spectator', not ${show(viewer)}`);
  const left = v.tilesLeft;
  if (!Array.isArray(left) || !left.every((t) => typeof t === 'string')) throw fail('tilesLeft must be a list of tile ids');
  const ids = left as string[];
  for (let i = 1; i < ids.length; i++) {
    if (byId(ids[i - 1] as string, ids[i] as string) > 0) throw fail('a player view lists tilesLeft sorted by id (the order is hidden)');
  }
  const rules = isRecord(v.rules) ? v.rules : {};
  const hand = handsIn(Array.isArray(v.expansions) ? v.expansions : [], rules);
  const hidden = Array.from({ length: players }, (_, p) => hand.size > 0 && hand.hidden && p !== viewer);
  if (v.hands === null || v.hands === undefined) return { state: { ...withoutViewer(v), seed: 0 }, facts: { hidden } };
  if (!Array.isArray(v.hands) || v.hands.length !== players || !v.hands.every(Array.isArray))
    throw fail("hands must list each player's hand");
  const hands = v.hands as unknown[][];
  // The tiles the last move put back into the bag stay in it: the check finds them there.
  const unseen = [...ids];
  const reserved: string[] = [];
  for (const e of Array.isArray(v.events) ? v.events : []) {
    if (!isRecord(e) || e.type !== 'tile-returned') continue;
    const i = unseen.indexOf(e.tile as string);
    if (i >= 0) reserved.push(...unseen.splice(i, 1));
  }
  const filled = hands.map((h, p) => {
    const nulls = h.filter((t) => t === null).length;
    if (hidden[p] && nulls !== h.length) throw fail(`hands[${p}] is hidden from this view: its tiles must be null`);
    if (!hidden[p] && nulls > 0) throw fail(`hands[${p}] is not hidden from this view: it must name its tiles`);
    if (!hidden[p]) return h;
    if (unseen.length < h.length) throw fail(`hands[${p}] holds more hidden tiles than tilesLeft counts`);
    return unseen.splice(0, h.length);
  });
  return {
    state: { ...withoutViewer(v), seed: 0, hands: filled, tilesLeft: [...unseen, ...reserved] },
    facts: { hidden },
  };
}

function withoutViewer(v: Record<string, unknown>): Record<string, unknown> {
  const { viewer: _, ...rest } = v;
  return rest;
}
