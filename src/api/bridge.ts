import { freeze } from 'immer';
import { type Problem, StateError, type StateErrorCode } from '../core/errors.js';
import { isRotation, SPOTS, spotIndex } from '../core/geometry.js';
import { isInt, isRecord, show } from '../core/guards.js';
import { farmerRules } from '../kernel/farmers.js';
import {
  FIGURE_ABBOT,
  FIGURE_NAMES,
  GOODS_KINDS,
  Kernel,
  type KernelRules,
  MissingFarmerRule,
  PLACE_MISMATCH,
  PLACE_NOT_ADJACENT,
  PLACE_OCCUPIED,
  PLACE_OK,
  PLACE_RIVER_DETACHED,
  PLACE_RIVER_U_TURN,
} from '../kernel/kernel.js';
import { DRAW_LAND, FEATURE_KIND_NAMES, GOODS_NAMES, K_CITY, K_CLOISTER, K_FIELD, K_GARDEN, MAXF, tablesFor } from '../kernel/tables.js';
import { TILE_SETS } from '../tiles/catalogue.js';
import { EXPANSIONS, type ExpansionName, gameTiles, type RiverStartTile } from '../tiles/setup.js';
import type { TileSetName } from '../tiles/types.js';
import { MAX_MEEPLES, MAX_PLAYERS, MIN_PLAYERS } from './options.js';
import { EXPANSION_TITLES, FIGURE_CODE, FIGURE_EXPANSION, FIGURE_WORDS, figureInPlay, figureSpots, joinsOwnMeeple, maxPlayers } from './figures.js';
import type { FarmerInput, FarmerResult, FarmerRule, FarmerScore, GameState, MeepleKind, ScoredFeature } from './types.js';

/**
 * Rules given again at call time. Only games created with a custom farmer rule use them (the
 * function cannot live in a JSON state); other games ignore them.
 */
export interface RuleHooks {
  /** The custom farmer rule the game was created with. */
  readonly farmers?: FarmerRule;
}

/**
 * What the library knows of a state: the state to work on and its kernel. `applyMove` hands the
 * kernel on to the next state instead of copying it (most games only ever move forward); a state
 * used again after that gets its kernel rebuilt once, and from then on is copied from, never
 * handed on.
 */
interface Entry {
  readonly state: GameState;
  /** Null once handed on to a following state, until the state is used again. */
  kernel: Kernel | null;
  /** The rules the kernel had, restored on a rebuild (a custom farmer rule lives only here). */
  readonly rules: KernelRules;
  /** True once the kernel was handed on: the state branches if it is used again. */
  handedOn: boolean;
}

// Every state made or checked by this library keeps its entry here; a state from elsewhere (e.g.
// JSON.parse) is checked and rebuilt once.
const kernels = new WeakMap<object, Entry>();

export function remember(state: GameState, kernel: Kernel): void {
  kernels.set(state, { state, kernel, rules: kernel.rules, handedOn: false });
}

/**
 * The state to work on and its kernel. A state this library made is used as is. Anything else is
 * checked (throwing {@link StateError}); an unfrozen one is copied and frozen first, so that the
 * caller's object is never frozen or cached while it may still change.
 */
export function checked(state: GameState): { state: GameState; kernel: Kernel } {
  const known = kernels.get(state as object);
  if (known !== undefined) {
    if (known.kernel === null) {
      // Used again after its kernel was handed on: rebuild it (the state was checked when made).
      const k = rebuild(known.state);
      k.setRules(known.rules);
      known.kernel = k;
    }
    return known as { state: GameState; kernel: Kernel };
  }
  if (!isRecord(state)) throw new StateError([{ code: 'invalid-state', message: 'a game state must be an object' }]);
  const current = upgrade(state);
  const frozen = current === state && deeplyFrozen(state) ? state : (freeze(structuredCloneOrFail(current), true) as GameState);
  const kernel = rebuild(frozen);
  // Only frozen objects are remembered: an unfrozen one may still change under us.
  kernels.set(frozen, { state: frozen, kernel, rules: kernel.rules, handedOn: false });
  return { state: frozen, kernel };
}

/**
 * A version-1 state (0.1.0, before the expansions) as the version-2 state it stands for: a base
 * game without expansions. Returns a new object, or `state` itself when there is nothing to do.
 */
export function upgrade(state: unknown): unknown {
  if (!isRecord(state) || state.version !== 1) return state;
  const list = (v: unknown) => (Array.isArray(v) ? v : []);
  return {
    ...state,
    version: 2,
    expansions: [],
    rules: isRecord(state.rules) ? { ...state.rules, riverStartTile: 'removed', gardens: true } : state.rules,
    builderTurn: false,
    players: list(state.players).map((p) =>
      isRecord(p) ? { ...p, abbots: 0, largeMeeples: 0, builders: 0, pigs: 0, goods: { wine: 0, grain: 0, cloth: 0 } } : p,
    ),
    placements: list(state.placements).map((p) => (isRecord(p) ? { ...p, recall: null } : p)),
  };
}

function deeplyFrozen(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return true;
  return Object.isFrozen(v) && Object.values(v).every(deeplyFrozen);
}

function structuredCloneOrFail(v: unknown): unknown {
  try {
    return structuredClone(v);
  } catch {
    throw new StateError([{ code: 'invalid-state', message: 'a game state must be plain JSON data' }]);
  }
}

/** The kernel rules of a state: the farmer rule by name, or the custom one from `hooks` / the cache. */
export function rulesFor(state: GameState, hooks: RuleHooks | undefined, cached: FarmerRule | null): KernelRules {
  const name = state.rules.farmers;
  const farmers = name === 'custom' ? (hooks?.farmers ? guardFarmerRule(hooks.farmers) : cached) : farmerRules[name];
  return {
    smallCity: state.rules.smallCity,
    meeples: state.rules.meeples,
    farmers,
    abbot: state.expansions.includes('abbot'),
    large: state.expansions.includes('inns-cathedrals'),
    traders: state.expansions.includes('traders-builders'),
  };
}

/**
 * A kernel for `state` that the caller may change, with the custom rule from `hooks` if given: a
 * copy, or with `handOn` (for the state that follows this one) the state's own kernel the first
 * time, so that a game played forward never copies a kernel.
 */
export function workingKernel(state: GameState, hooks?: RuleHooks, handOn = false): { state: GameState; kernel: Kernel } {
  const c = checked(state);
  const entry = kernels.get(c.state) as Entry;
  let k: Kernel;
  if (handOn && !entry.handedOn) {
    k = c.kernel;
    entry.kernel = null;
    entry.handedOn = true;
  } else {
    k = c.kernel.clone();
  }
  if (hooks?.farmers !== undefined && c.state.rules.farmers === 'custom') k.setRules(rulesFor(c.state, hooks, null));
  return { state: c.state, kernel: k };
}

/** Runs `fn`, turning a missing custom farmer rule into a typed error. */
export function withCustomRule<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof MissingFarmerRule) {
      throw new StateError([
        {
          code: 'custom-rule-missing',
          message:
            'this game scores farmers with a custom rule, which a state loaded from JSON does not carry: pass it again as { farmers } to applyMove or scoreFinal',
        },
      ]);
    }
    throw e;
  }
}

const MAX_POINTS = 1_000_000;
const isPoints = (v: unknown): v is number => isInt(v) && v >= 0 && v <= MAX_POINTS;
const isIntList = (v: unknown, length?: number): v is number[] =>
  Array.isArray(v) && (length === undefined || v.length === length) && v.every(isInt);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
const isPositions = (v: unknown): boolean => Array.isArray(v) && v.every((p) => isRecord(p) && isInt(p.x) && isInt(p.y));

/** What is wrong with a scoring line (a farmer rule's line, or an entry of `scored`), or null. */
function lineProblem(line: unknown, players: number): string | null {
  if (!isRecord(line)) return 'a line that is not an object';
  if (typeof line.id !== 'string') return 'a line without an id';
  if (!isPositions(line.tiles)) return `line ${line.id}: tiles must be a list of { x, y }`;
  if (!isStringList(line.fields) || !isStringList(line.cities)) return `line ${line.id}: fields and cities must be lists of feature ids`;
  if (!isIntList(line.meeples, players)) return `line ${line.id}: meeples must hold one whole number per player`;
  if (!isIntList(line.holders) || line.holders.some((h) => h < 0 || h >= players)) return `line ${line.id}: holders must be player indices`;
  if (!isPoints(line.points)) return `line ${line.id}: points must be a whole number from 0 to ${MAX_POINTS}`;
  if (!isIntList(line.awarded, players) || !line.awarded.every(isPoints)) {
    return `line ${line.id}: awarded must hold one whole number of points (0 to ${MAX_POINTS}) per player`;
  }
  if (typeof line.note !== 'string') return `line ${line.id}: note must be a sentence`;
  return null;
}

/**
 * Wraps a custom farmer rule so that a wrong result is a typed error, never a wrong score or a
 * non-JSON state. The lines are copied field by field.
 */
export function guardFarmerRule(rule: FarmerRule): FarmerRule {
  return (input: FarmerInput): FarmerResult => {
    let result: FarmerResult;
    try {
      result = rule(input);
    } catch (e) {
      throw new StateError([{ code: 'custom-rule-failed', message: `the custom farmer rule threw: ${e instanceof Error ? e.message : show(e)}` }]);
    }
    const bad = (why: string) => new StateError([{ code: 'custom-rule-failed', message: `the custom farmer rule returned ${why}` }]);
    if (!isRecord(result) || !Array.isArray(result.points) || !Array.isArray(result.breakdown)) {
      throw bad('something other than { points, breakdown }');
    }
    if (result.points.length !== input.players || !result.points.every(isPoints)) {
      throw bad(`points that are not one whole number from 0 to ${MAX_POINTS} per player (${input.players} players)`);
    }
    const sums = new Array<number>(input.players).fill(0);
    const breakdown: FarmerScore[] = (result.breakdown as unknown[]).map((raw) => {
      const problem = lineProblem(raw, input.players);
      if (problem !== null) throw bad(problem);
      const line = raw as FarmerScore;
      line.awarded.forEach((a, i) => (sums[i] = (sums[i] ?? 0) + a));
      const { id, tiles, fields, cities, meeples, holders, points, awarded, note } = line;
      return {
        id,
        tiles: tiles.map(({ x, y }) => ({ x, y })),
        fields: [...fields],
        cities: [...cities],
        meeples: [...meeples],
        holders: [...holders],
        points,
        awarded: [...awarded],
        note,
      };
    });
    const points = result.points as number[];
    if (sums.some((s, i) => s !== points[i])) throw bad('points that differ from the sum of its breakdown');
    return { points: [...points], breakdown };
  };
}

/**
 * Checks a state that did not come from this library (typically `JSON.parse` of a saved game)
 * and builds its kernel. Throws {@link StateError}: structural problems stop the check at the
 * first; consistency problems are all listed.
 */
export function rebuild(state: GameState): Kernel {
  const problems: Problem<StateErrorCode>[] = [];
  const note = (message: string) => problems.push({ code: 'invalid-state', message });
  const fail = (message: string) => {
    note(message);
    return new StateError(problems);
  };
  const s = state as unknown as Record<string, unknown>;
  if (!isRecord(s)) throw fail('a game state must be an object');
  if (s.version !== 2) throw fail(`unsupported state version ${show(s.version)} (expected 2, or 1 through loadState)`);
  if (typeof s.tileSet !== 'string' || !Object.hasOwn(TILE_SETS, s.tileSet)) throw fail(`unknown tile set ${show(s.tileSet)}`);
  if (!(typeof s.seed === 'string' || (typeof s.seed === 'number' && Number.isFinite(s.seed)))) throw fail('seed must be a number or a string');
  if (!(s.edition === 'first' || s.edition === 'second' || s.edition === 'current')) throw fail(`unknown edition ${show(s.edition)}`);
  const expansions = s.expansions;
  if (
    !Array.isArray(expansions) ||
    expansions.some((e, i) => !EXPANSIONS.includes(e as ExpansionName) || expansions.indexOf(e) !== i) ||
    expansions.join() !== EXPANSIONS.filter((e) => expansions.includes(e)).join()
  ) {
    throw fail(`expansions must list distinct expansions among ${EXPANSIONS.join(', ')}, in that order`);
  }
  const rules = s.rules;
  if (
    !isRecord(rules) ||
    !(rules.farmers === 'custom' || (typeof rules.farmers === 'string' && Object.hasOwn(farmerRules, rules.farmers))) ||
    !(rules.smallCity === 2 || rules.smallCity === 4) ||
    !isInt(rules.meeples) ||
    rules.meeples < 0 ||
    rules.meeples > MAX_MEEPLES ||
    !['removed', 'shuffled', 'first-land'].includes(rules.riverStartTile as string) ||
    typeof rules.gardens !== 'boolean'
  ) {
    throw fail(
      `rules must hold farmers, smallCity (2 or 4), meeples (0 to ${MAX_MEEPLES}), riverStartTile (removed, shuffled or first-land) and gardens (true or false)`,
    );
  }
  const abbot = expansions.includes('abbot');
  const large = expansions.includes('inns-cathedrals');
  const traders = expansions.includes('traders-builders');
  const isGoods = (g: unknown) => isRecord(g) && GOODS_NAMES.every((n) => isInt(g[n]) && (g[n] as number) >= 0 && (traders || g[n] === 0));
  const players = s.players;
  const most = maxPlayers(expansions);
  if (!Array.isArray(players) || players.length < MIN_PLAYERS || players.length > most) {
    throw fail(`players must list ${MIN_PLAYERS} to ${most} players${most < MAX_PLAYERS ? ` (${MAX_PLAYERS} with Inns & Cathedrals)` : ''}`);
  }
  for (let i = 0; i < players.length; i++) {
    const p: unknown = players[i];
    if (
      !isRecord(p) ||
      typeof p.name !== 'string' ||
      !isPoints(p.score) ||
      !isInt(p.meeples) ||
      p.meeples < 0 ||
      !isInt(p.abbots) ||
      p.abbots < 0 ||
      p.abbots > (abbot ? 1 : 0) ||
      !isInt(p.largeMeeples) ||
      p.largeMeeples < 0 ||
      p.largeMeeples > (large ? 1 : 0) ||
      !isInt(p.builders) ||
      p.builders < 0 ||
      p.builders > (traders ? 1 : 0) ||
      !isInt(p.pigs) ||
      p.pigs < 0 ||
      p.pigs > (traders ? 1 : 0) ||
      !isGoods(p.goods)
    ) {
      const one = (has: boolean, expansion: string) => (has ? '0 or 1' : `0 without ${expansion}`);
      throw fail(
        `players[${i}] must have a name, a whole score, a meeple count, an abbot count (${one(abbot, 'The Abbot')}), a large meeple count (${one(large, 'Inns & Cathedrals')}), builder and pig counts (${one(traders, 'Traders & Builders')}) and goods tokens { wine, grain, cloth } (${traders ? 'whole numbers' : '0 without Traders & Builders'})`,
      );
    }
  }
  if (s.builderTurn !== false && !(s.builderTurn === true && traders)) {
    throw fail(`builderTurn must be ${traders ? 'true or false' : 'false without Traders & Builders'}`);
  }
  for (const key of ['placements', 'meeples', 'tilesLeft', 'discarded', 'scored', 'events']) {
    if (!Array.isArray(s[key])) throw fail(`${key} must be a list`);
  }
  if (!(s.status === 'playing' || s.status === 'finished')) throw fail('status must be "playing" or "finished"');
  if (!isInt(s.turn) || s.turn < 0) throw fail('turn must be a whole number');
  if (!isInt(s.currentPlayer) || s.currentPlayer < 0 || s.currentPlayer >= players.length) throw fail('currentPlayer is not a player');

  const tables = tablesFor(
    gameTiles({
      tileSet: s.tileSet as TileSetName,
      expansions: expansions as ExpansionName[],
      riverStartTile: rules.riverStartTile as RiverStartTile,
      gardens: rules.gardens as boolean,
    }),
  );
  const k = Kernel.create(tables, rulesFor(state, undefined, null), players.length);
  const counts = new Map<string, number>(tables.set.counts.map(([id, n]) => [id, n]));
  const take = (id: unknown, where: string) => {
    const n = typeof id === 'string' ? counts.get(id) : undefined;
    if (n === undefined) throw fail(`${where}: unknown tile ${show(id)}`);
    if (n === 0) throw fail(`${where}: more copies of tile ${id} than the ${tables.set.name} set holds`);
    counts.set(id as string, n - 1);
    return tables.typeOf[id as string] as number;
  };

  const placements = s.placements as unknown[];
  const first = placements[0];
  if (
    !isRecord(first) ||
    first.tile !== tables.set.startTile ||
    first.x !== 0 ||
    first.y !== 0 ||
    first.rotation !== 0 ||
    first.player !== null ||
    first.meeple !== null
  ) {
    throw fail(`placements must start with the start tile ${tables.set.startTile} at (0,0), rotation 0, placed by nobody`);
  }
  take(first.tile, 'placements[0]');
  // The Abbot: whether each player's abbot was deployed and not taken back since, and the last turn
  // it was taken back (a recall needs the abbot on the board; an abbot on the board, no later recall).
  const abbotOut = new Array<boolean>(players.length).fill(false);
  const lastRecall = new Array<number>(players.length).fill(-1);
  // Traders & Builders: who moves next (a builder gives a second tile), where each builder stands
  // (a segment, or -1), and the goods tokens each completion hands out.
  let mover = 0;
  let secondTile = false;
  const builderAt = new Array<number>(players.length).fill(-1);
  const tokens = GOODS_NAMES.map(() => new Array<number>(players.length).fill(0));
  for (let i = 1; i < placements.length; i++) {
    const p = placements[i];
    if (!isRecord(p) || !isInt(p.x) || !isInt(p.y) || !isRotation(p.rotation)) throw fail(`placements[${i}] is not a tile placement`);
    const t = take(p.tile, `placements[${i}]`);
    const q = p.rotation / 90;
    const placed = k.checkPlacement(t, q, p.x, p.y);
    if (placed !== PLACE_OK) {
      throw fail(`placements[${i}]: tile ${String(p.tile)} cannot lie at (${p.x}, ${p.y}) turned ${p.rotation}°: ${placementProblem(placed)}`);
    }
    if (p.player !== mover) note(`placements[${i}] was placed by player ${show(p.player)}, out of turn (player ${mover} was to move)`);
    if (p.meeple !== null) {
      const m = p.meeple;
      const missing = isRecord(m) ? figureNotInGame(m.kind, expansions as ExpansionName[]) : null;
      if (missing !== null) throw fail(`placements[${i}].meeple: ${missing}`);
      const local = isRecord(m) && typeof m.at === 'string' && spotIndex(m.at) >= 0 ? k.spotFeature(t, q, spotIndex(m.at)) : -1;
      const kind = isRecord(m) && isMeepleKind(m.kind) && figureInPlay(m.kind, expansions as ExpansionName[]) ? m.kind : null;
      const spots = kind === null ? 0 : figureSpots(tables, t, kind);
      if (
        !isRecord(m) ||
        local < 0 ||
        ((spots as number) & (1 << local)) === 0 ||
        m.at !== SPOTS[tables.featSpot[(t * 4 + q) * MAXF + local] as number]
      ) {
        throw fail(`placements[${i}].meeple must be null or { at, kind } at the canonical spot of a feature of its tile that the figure may take`);
      }
    }
    if (!(p.recall === null || (p.recall === 'abbot' && abbot && p.meeple === null))) {
      throw fail(`placements[${i}].recall must be null, or 'abbot' with The Abbot in play and no meeple deployed`);
    }
    if (p.recall === 'abbot') {
      if (!abbotOut[mover]) note(`placements[${i}] takes player ${mover}'s abbot back, but it is not on the board (not deployed since it was last taken back)`);
      abbotOut[mover] = false;
      lastRecall[mover] = i;
    } else if (isRecord(p.meeple) && p.meeple.kind === 'abbot') abbotOut[mover] = true;
    const at = k.placeTile(t, q, p.x, p.y);
    if (traders) {
      const own = builderAt[mover] as number;
      const again: boolean = !secondTile && own >= 0 && k.extends(at, own);
      if (isRecord(p.meeple) && p.meeple.kind === 'builder') builderAt[mover] = k.segmentOf(at, k.spotFeature(t, q, spotIndex(p.meeple.at as string)));
      completedGoods(k, at, tokens, mover);
      // A builder goes home with its feature's completion (its owner's meeples leave only then).
      builderAt.forEach((b, pl) => {
        if (b >= 0 && k.openOf(k.find(b)) === 0) builderAt[pl] = -1;
      });
      secondTile = again;
    }
    if (!secondTile) mover = (mover + 1) % players.length;
  }
  if (s.status === 'finished' && secondTile) {
    // The last tile extended the builder's feature, but no tile was left for the second part.
    secondTile = false;
    mover = (mover + 1) % players.length;
  }
  if (s.turn !== placements.length - 1) note(`turn is ${s.turn}, but ${placements.length - 1} tiles were placed after the start tile`);
  if (s.currentPlayer !== mover) note(`currentPlayer ${s.currentPlayer} is not the player whose turn ${s.turn} is (player ${mover})`);
  if (s.builderTurn !== secondTile) {
    note(`builderTurn is ${String(s.builderTurn)}, but the placements ${secondTile ? 'give' : 'do not give'} the current player a builder's second tile`);
  }

  // Figures on the board, per figure code and player; builders and pigs with their owner and root.
  const onBoard = FIGURE_NAMES.map(() => new Array<number>(players.length).fill(0));
  const joiners: [index: number, owner: number, root: number][] = [];
  const builderOnBoard = new Array<number>(players.length).fill(-1);
  const meeples = s.meeples as unknown[];
  for (let i = 0; i < meeples.length; i++) {
    const m = meeples[i];
    const missing = isRecord(m) ? figureNotInGame(m.kind, expansions as ExpansionName[]) : null;
    if (missing !== null) throw fail(`meeples[${i}]: ${missing}`);
    if (
      !isRecord(m) ||
      !isInt(m.owner) ||
      m.owner < 0 ||
      m.owner >= players.length ||
      !isMeepleKind(m.kind) ||
      !figureInPlay(m.kind, expansions as ExpansionName[])
    ) {
      throw fail(`meeples[${i}] is not a figure of a player`);
    }
    const kind: MeepleKind = m.kind;
    const p = isInt(m.x) && isInt(m.y) ? k.tileAt(m.x, m.y) : -1;
    if (p < 0) throw fail(`meeples[${i}] stands where there is no tile`);
    const t = k.pType[p] as number;
    const q = k.pRot[p] as number;
    const si = typeof m.at === 'string' ? spotIndex(m.at) : -1;
    const local = si < 0 ? -1 : k.spotFeature(t, q, si);
    if (local < 0) throw fail(`meeples[${i}]: spot ${show(m.at)} names no feature of its tile`);
    const canonical = SPOTS[tables.featSpot[(t * 4 + q) * MAXF + local] as number];
    if (m.at !== canonical) throw fail(`meeples[${i}]: spot ${show(m.at)} must be written as its feature's canonical spot ${canonical}`);
    if (m.feature !== FEATURE_KIND_NAMES[tables.featKind[t * MAXF + local] as number]) throw fail(`meeples[${i}]: feature does not match its spot`);
    const figure = FIGURE_CODE[kind];
    if ((figureSpots(tables, t, kind) & (1 << local)) === 0) {
      throw fail(`meeples[${i}]: a${kind === 'abbot' ? 'n' : ''} ${FIGURE_WORDS[kind]} may not stand on a ${m.feature}`);
    }
    const placed = placements[p] as Record<string, unknown>;
    const deployed = placed.meeple as Record<string, unknown> | null;
    if (placed.player !== m.owner || deployed === null || deployed.at !== m.at || deployed.kind !== m.kind) {
      note(`meeples[${i}] at (${m.x}, ${m.y}) was not deployed there by player ${m.owner} (see placements)`);
    } else if (figure === FIGURE_ABBOT && (lastRecall[m.owner] as number) > p) {
      note(`meeples[${i}]: player ${m.owner}'s abbot was taken back at placements[${lastRecall[m.owner]}], after it was deployed at placements[${p}]`);
    }
    const r = k.find(k.segmentOf(p, local));
    if (s.status === 'playing' && k.kindOf(r) !== K_FIELD && isComplete(k, r)) {
      throw fail(`meeples[${i}] stands on a completed feature, which would have returned it`);
    }
    if (joinsOwnMeeple(kind)) joiners.push([i, m.owner, r]);
    if (kind === 'builder') builderOnBoard[m.owner] = k.segmentOf(p, local);
    k.deploy(p, local, m.owner, figure);
    const count = onBoard[figure] as number[];
    count[m.owner] = (count[m.owner] as number) + 1;
  }
  // The builders the placements leave on the board decide who moves: they must be the ones listed.
  builderAt.forEach((replayed, pl) => {
    const listed = builderOnBoard[pl] as number;
    if (replayed === listed || (replayed >= 0 && listed >= 0 && k.find(replayed) === k.find(listed))) return;
    const where = (seg: number) => (seg < 0 ? 'none' : `one at (${k.spotOf(seg).x}, ${k.spotOf(seg).y})`);
    note(`player ${pl}'s builder: the placements leave ${where(replayed)} on the board, but meeples lists ${where(listed)}`);
  });
  for (const [i, owner, r] of joiners) {
    if (k.ownFeatureRoot(owner, r)) continue;
    note(`meeples[${i}]: a ${FIGURE_WORDS[(meeples[i] as { kind: MeepleKind }).kind]} stays only with a meeple of its owner in its feature, and player ${owner} has none there`);
  }
  const scored = s.scored as unknown[];
  const sums = new Array<number>(players.length).fill(0);
  for (let i = 0; i < scored.length; i++) {
    const e = scored[i];
    const problem = lineProblem(e, players.length);
    if (problem !== null) throw fail(`scored[${i}]: ${problem}`);
    const entry = e as unknown as ScoredFeature;
    if (!(entry.phase === 'play' || entry.phase === 'final') || !(FEATURE_KIND_NAMES.includes(entry.kind as never) || entry.kind === 'goods')) {
      throw fail(`scored[${i}] must have a phase (play or final) and a feature kind (or goods)`);
    }
    if (entry.kind === 'goods' && (entry.phase !== 'final' || !traders)) {
      throw fail(`scored[${i}]: goods are scored only in the final scoring of a game with Traders & Builders`);
    }
    entry.awarded.forEach((a, j) => (sums[j] = (sums[j] ?? 0) + a));
  }
  players.forEach((p, i) => {
    const pl = p as { score: number; meeples: number; abbots: number; largeMeeples: number; builders: number; pigs: number; goods: Record<string, number> };
    const conserved = (kind: MeepleKind, inSupply: number, given: number, why: string) => {
      const out = (onBoard[FIGURE_CODE[kind]] as number[])[i] as number;
      if (inSupply + out !== given) note(`player ${i} has ${inSupply} ${FIGURE_WORDS[kind]}s in supply and ${out} on the board, but ${why}`);
      k.supply[FIGURE_CODE[kind] * players.length + i] = inSupply;
    };
    conserved('follower', pl.meeples, rules.meeples as number, `the rules give ${rules.meeples}`);
    conserved('abbot', pl.abbots, abbot ? 1 : 0, abbot ? 'The Abbot gives one' : 'there is no abbot without The Abbot');
    conserved('large', pl.largeMeeples, large ? 1 : 0, large ? 'Inns & Cathedrals gives one' : 'there is no large meeple without Inns & Cathedrals');
    conserved('builder', pl.builders, traders ? 1 : 0, traders ? 'Traders & Builders gives one' : 'there is no builder without Traders & Builders');
    conserved('pig', pl.pigs, traders ? 1 : 0, traders ? 'Traders & Builders gives one' : 'there is no pig without Traders & Builders');
    GOODS_NAMES.forEach((name, g) => {
      const want = (tokens[g] as number[])[i] as number;
      if (pl.goods[name] !== want) note(`player ${i} has ${pl.goods[name]} ${name} tokens, but the cities they completed hold ${want}`);
      k.tokens[g * players.length + i] = want;
    });
    if (pl.score !== sums[i]) note(`player ${i} has ${pl.score} points, but the scorings in scored add up to ${sums[i]}`);
    k.score[i] = pl.score;
  });

  const finished = s.status === 'finished';
  if (finished !== (s.currentTile === null)) throw fail('currentTile must be null exactly when the game is finished');
  if (!finished) k.currentType = take(s.currentTile, 'currentTile');
  const left = s.tilesLeft as unknown[];
  if (finished && left.length > 0) throw fail('a finished game has no tiles left');
  left.forEach((id, i) => {
    k.bag[i] = take(id, `tilesLeft[${i}]`);
  });
  k.bagLen = left.length;
  (s.discarded as unknown[]).forEach((id, i) => {
    k.discarded[k.nDiscarded++] = take(id, `discarded[${i}]`);
  });
  const missing = [...counts].filter(([, n]) => n > 0).map(([id, n]) => `${n} × ${id}`);
  if (missing.length > 0) note(`the tiles do not add up to the ${tables.set.name} set: missing ${missing.join(', ')}`);
  k.current = s.currentPlayer as number;
  k.builderTurn = s.builderTurn === true;
  k.turn = s.turn as number;
  k.finished = finished;
  // A land tile was drawn once one lies on the board, was discarded, or is the current tile.
  const drawnLand = (t: number) => tables.drawClass[t] === DRAW_LAND;
  k.landStarted =
    Array.from(k.pType.subarray(1, k.nPlaced)).some(drawnLand) ||
    Array.from(k.discarded.subarray(0, k.nDiscarded)).some(drawnLand) ||
    (!finished && drawnLand(k.currentType));
  if (problems.length > 0) throw new StateError(problems);
  return k;
}

/** Why a placement is refused, from its `checkPlacement` code. */
function placementProblem(code: number): string {
  if (code >= PLACE_MISMATCH) return 'its edges do not match the neighbouring tiles';
  if (code === PLACE_OCCUPIED) return 'the cell already holds a tile';
  if (code === PLACE_NOT_ADJACENT) return 'it touches no tile placed before it';
  if (code === PLACE_RIVER_DETACHED) return "a river tile must continue the river from the river's open end";
  if (code === PLACE_RIVER_U_TURN) return 'the river may not turn the same way twice in a row';
  return `refused (code ${code})`;
}

/** Why a figure of a known kind cannot be in a game with these expansions, or null. */
function figureNotInGame(kind: unknown, expansions: readonly ExpansionName[]): string | null {
  if (!isMeepleKind(kind) || figureInPlay(kind, expansions)) return null;
  return `there is no ${FIGURE_WORDS[kind]} without ${EXPANSION_TITLES[FIGURE_EXPANSION[kind] as ExpansionName]}`;
}

/** Adds to `tokens` the goods of every city that placement p completed, for `completer` (Traders & Builders). */
function completedGoods(k: Kernel, p: number, tokens: number[][], completer: number): void {
  const seen: number[] = [];
  for (let f = 0; f < (k.tables.nFeat[k.pType[p] as number] as number); f++) {
    const r = k.find(k.segmentOf(p, f));
    if (k.kindOf(r) !== K_CITY || k.openOf(r) !== 0 || seen.includes(r)) continue;
    seen.push(r);
    for (let g = 0; g < GOODS_KINDS; g++) (tokens[g] as number[])[completer] = ((tokens[g] as number[])[completer] as number) + k.goodsOf(r, g);
  }
}

function isMeepleKind(v: unknown): v is MeepleKind {
  return typeof v === 'string' && Object.hasOwn(FIGURE_CODE, v);
}

function isComplete(k: Kernel, r: number): boolean {
  const kind = k.kindOf(r);
  if (kind === K_FIELD) return false;
  return kind === K_CLOISTER || kind === K_GARDEN ? k.neighbours(k.segmentTile(r)) === 8 : k.openOf(r) === 0;
}
