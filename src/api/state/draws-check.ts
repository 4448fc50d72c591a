import { isInt, isRecord, show } from '../../core/guards.js';
import { MOVE_SLOT_SHIFT } from '../../core/move-code.js';
import { hashSeed, mulberry32, startRandom } from '../../core/rng.js';
import { createKernel, type Kernel, type KernelEvent } from '../../kernel/index.js';
import { dealTiles } from '../../rules/deal.js';
import type { ExpansionName } from '../../core/vocabulary.js';
import { setUpBag } from '../setup/saved-setup.js';
import { fillSetUpBag, openSetUp, type StartPosition, startKernel } from '../setup/start.js';
import { sameJson } from '../../core/same-json.js';

const LABELS = { tile: (i: number) => `placements[${i}]`, figure: (i: number) => `setup.figures[${i}]` };

// A saved state's `draws`, checked by drawing them again: what makes a game record replay (see
// notation/record.ts) must be what the game drew.

/** Whether `draws` is a list of draw records (a view's hidden tiles `null` when `nulls`), else why not. */
export function drawsShapeProblem(draws: unknown, players: number, nulls: boolean): string | null {
  if (draws === null) return null;
  if (!Array.isArray(draws)) return 'draws must be a list of the tiles drawn, or null';
  for (let i = 0; i < draws.length; i++) {
    const d = draws[i];
    if (
      !isRecord(d) ||
      !isInt(d.turn) ||
      d.turn < 0 ||
      !isInt(d.player) ||
      d.player < 0 ||
      d.player >= players ||
      !(typeof d.tile === 'string' || (nulls && d.tile === null)) ||
      typeof d.kept !== 'boolean'
    ) {
      return `draws[${i}] is not a draw { turn, player, tile, kept }`;
    }
    if (i > 0 && (d.turn as number) < ((draws[i - 1] as { turn: number }).turn as number))
      return `draws[${i}] is drawn before draws[${i - 1}]`;
  }
  return null;
}

/**
 * Replays a state's draws: a kernel like `k` (the state rebuilt), dealt from the seed, draws the
 * recorded tiles in order (each brought to the top of the bag) and plays the placements' steps
 * (`codes`; a tile step's of the tile type in `tiles`, -1 for an action step; `at`, the index of
 * each one's placement in the state); every draw must be the one recorded (its turn, its player,
 * kept or not) and the game must end up with the state's discards, hands, current tile and tiles
 * left. Returns the disagreements (the first that stops the draws, then those of the end).
 */
export function checkDraws(
  s: Record<string, unknown>,
  k: Kernel,
  codes: readonly number[],
  tiles: readonly number[],
  at: readonly number[],
  setUp: StartPosition | null,
): string[] {
  const problems: string[] = [];
  const note = (message: string): string[] => {
    problems.push(message);
    return problems;
  };
  const draws = s.draws as readonly { turn: number; player: number; tile: string; kept: boolean }[];
  const T = k.tables;
  // A game set up starts from its set-up, with the rest of the set in the bag (in any order: each
  // tile drawn is brought to the top).
  const r =
    setUp === null
      ? createKernel(T, k.rules, k.players)
      : startKernel(T, k.rules, s.expansions as ExpansionName[], setUp, LABELS, () => {}).kernel;
  const removed = setUp === null ? [] : ((s.setup as { removed: string[] }).removed as string[]);
  const bag = setUp === null ? dealTiles(T.set, [], mulberry32(hashSeed(s.seed as number | string))) : setUpBag(T, setUp, removed);
  if (setUp === null) {
    r.setBag(
      [],
      bag.map((id) => T.typeOf[id] as number),
    );
  } else fillSetUpBag(r, setUp, bag);
  for (const [i, d] of draws.entries()) if (!Object.hasOwn(T.typeOf, d.tile)) return note(`draws[${i}]: unknown tile ${show(d.tile)}`);
  r.setScript(Int16Array.from(draws, (d) => T.typeOf[d.tile] as number));
  const log: KernelEvent[] = [];
  const drawn: { turn: number; player: number; tile: string; kept: boolean }[] = [];
  const collect = () => {
    for (const e of log) if (e.type === 'drew') drawn.push({ turn: r.turn, player: e.player, tile: T.ids[e.tile] as string, kept: e.kept });
    log.length = 0;
  };
  if (setUp === null) {
    r.begin(startRandom(s.seed as number | string), log);
    r.drawNext(log);
  } else openSetUp(r, setUp, log);
  collect();
  const placed = (i: number) => `the move of placements[${at[i]}]`;
  for (let i = 0; i < codes.length && r.scriptMiss < 0; i++) {
    const t = tiles[i] as number;
    let code = codes[i] as number;
    if (t < 0) {
      // An action step, on the tile the step before placed.
    } else if (r.handSize > 0) {
      let slot = -1;
      for (let j = 0; j < r.handCount(r.current) && slot < 0; j++) if (r.handTile(r.current, j) === t) slot = j;
      if (slot < 0) return note(`draws: tile ${T.ids[t]} of ${placed(i)} was not drawn into player ${r.current}'s hand`);
      code = (code & ~(3 << MOVE_SLOT_SHIFT)) | (slot << MOVE_SLOT_SHIFT);
    } else if (r.finished || r.currentType !== t) {
      return note(`draws: ${placed(i)} places tile ${T.ids[t]}, but the tile drawn then is ${r.finished ? 'none' : T.ids[r.currentType]}`);
    }
    r.play(code, log);
    collect();
  }
  if (r.scriptMiss >= 0) {
    const d = draws[r.scriptMiss];
    return note(
      d === undefined
        ? `draws lists ${draws.length} tiles, but the game drew more`
        : `draws[${r.scriptMiss}] is tile ${d.tile}, which was not in the bag then`,
    );
  }
  for (let i = 0; i < Math.max(drawn.length, draws.length); i++) {
    if (!sameJson(drawn[i], draws[i])) {
      return note(
        i >= drawn.length
          ? `draws lists ${draws.length} tiles, but the game drew ${drawn.length}`
          : `draws[${i}] is ${show(draws[i])}, but drawing the recorded tiles gives ${show(drawn[i])}`,
      );
    }
  }
  const ids = (a: ArrayLike<number>) => Array.from(a, (t) => T.ids[t] as string);
  if (ids(r.discarded.subarray(0, r.nDiscarded)).join() !== (s.discarded as string[]).join())
    note('discarded: drawing the recorded tiles discards others');
  const left = ids(r.bag.subarray(r.bagPos, r.bagLen)).sort();
  if (left.join() !== [...(s.tilesLeft as string[])].sort().join()) note('tilesLeft: drawing the recorded tiles leaves others in the bag');
  if (r.handSize > 0) {
    const hands = Array.from({ length: r.players }, (_, p) => ids(r.hands.subarray(p * r.handSize, p * r.handSize + r.handCount(p))));
    if (!sameJson(hands, s.hands)) note('hands: drawing the recorded tiles fills other hands');
  } else if ((r.currentType < 0 ? null : T.ids[r.currentType]) !== s.currentTile) {
    note('currentTile: drawing the recorded tiles gives another');
  }
  return problems;
}
