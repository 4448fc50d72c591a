import { type Problem, StateError, type StateErrorCode } from '../core/errors.js';
import { isRotation, spotIndex } from '../core/geometry.js';
import { farmerRules } from '../kernel/farmers.js';
import { FIGURE_FOLLOWER, Kernel, type KernelRules, MissingFarmerRule, PLACE_OK } from '../kernel/kernel.js';
import { K_CLOISTER, K_FIELD, tablesFor } from '../kernel/tables.js';
import { TILE_SETS } from '../tiles/catalogue.js';
import type { TileSetName } from '../tiles/types.js';
import type { FarmerInput, FarmerResult, FarmerRule, GameState } from './types.js';

/** Rules given again at call time: needed only for a custom farmer rule after loading a state from JSON. */
export interface RuleHooks {
  /** The custom farmer rule the game was created with. */
  readonly farmers?: FarmerRule;
}

// Every state made or checked by this library keeps its kernel here; a state from elsewhere (e.g.
// JSON.parse) is checked and rebuilt once.
const kernels = new WeakMap<GameState, Kernel>();

export function remember(state: GameState, k: Kernel): void {
  kernels.set(state, k);
}

/** Wraps a custom farmer rule so that a wrong result is a typed error, never a wrong score. */
export function guardFarmerRule(rule: FarmerRule): FarmerRule {
  return (input: FarmerInput): FarmerResult => {
    let result: FarmerResult;
    try {
      result = rule(input);
    } catch (e) {
      throw new StateError([{ code: 'custom-rule-failed', message: `the custom farmer rule threw: ${(e as Error)?.message ?? e}` }]);
    }
    const bad = (why: string) => new StateError([{ code: 'custom-rule-failed', message: `the custom farmer rule returned ${why}` }]);
    if (typeof result !== 'object' || result === null || !Array.isArray(result.points) || !Array.isArray(result.breakdown)) {
      throw bad('something other than { points, breakdown }');
    }
    if (result.points.length !== input.players || result.points.some((p) => !Number.isFinite(p))) {
      throw bad(`points that are not one finite number per player (${input.players})`);
    }
    const sums = new Array<number>(input.players).fill(0);
    for (const line of result.breakdown) {
      if (!Array.isArray(line?.awarded) || line.awarded.length !== input.players) throw bad('a breakdown line without one award per player');
      line.awarded.forEach((a: number, i: number) => (sums[i] = (sums[i] ?? 0) + a));
    }
    if (sums.some((s, i) => s !== result.points[i])) throw bad('points that differ from the sum of its breakdown');
    return result;
  };
}

function kernelRules(state: GameState, hooks: RuleHooks | undefined, stored: FarmerRule | null): KernelRules {
  const name = state.rules.farmers;
  const farmers = hooks?.farmers
    ? guardFarmerRule(hooks.farmers)
    : name === 'custom'
      ? stored
      : farmerRules[name];
  return { smallCity: state.rules.smallCity, meeples: state.rules.meeples, farmers };
}

/**
 * The kernel of a state: the cached one, or one rebuilt (and the state checked) when the state
 * comes from outside. With `hooks.farmers`, a copy that uses that farmer rule.
 */
export function kernelOf(state: GameState, hooks?: RuleHooks): Kernel {
  let k = kernels.get(state);
  if (k === undefined) {
    k = rebuild(state);
    kernels.set(state, k);
  }
  if (hooks?.farmers !== undefined) return k.withRules(kernelRules(state, hooks, null));
  return k;
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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * Checks a state that did not come from this library (typically `JSON.parse` of a saved game)
 * and builds its kernel. Throws {@link StateError} listing what is wrong.
 */
export function rebuild(state: GameState): Kernel {
  const problems: Problem<StateErrorCode>[] = [];
  const fail = (message: string) => {
    problems.push({ code: 'invalid-state', message });
    return new StateError(problems);
  };
  const s = state as unknown as Record<string, unknown>;
  if (!isRecord(s)) throw fail('a game state must be an object');
  if (s.version !== 1) throw fail(`unsupported state version ${JSON.stringify(s.version)} (expected 1)`);
  if (typeof s.tileSet !== 'string' || !Object.hasOwn(TILE_SETS, s.tileSet)) throw fail(`unknown tile set ${JSON.stringify(s.tileSet)}`);
  if (!(typeof s.seed === 'string' || (typeof s.seed === 'number' && Number.isFinite(s.seed)))) throw fail('seed must be a number or a string');
  if (!(s.edition === 'first' || s.edition === 'second' || s.edition === 'current')) throw fail(`unknown edition ${JSON.stringify(s.edition)}`);
  const rules = s.rules;
  if (
    !isRecord(rules) ||
    !(rules.farmers === 'custom' || (typeof rules.farmers === 'string' && Object.hasOwn(farmerRules, rules.farmers))) ||
    !(rules.smallCity === 2 || rules.smallCity === 4) ||
    !isInt(rules.meeples) ||
    rules.meeples < 0
  ) {
    throw fail('rules must hold farmers, smallCity (2 or 4) and meeples');
  }
  const players = s.players;
  if (!Array.isArray(players) || players.length < 2 || players.length > 5) throw fail('players must list 2 to 5 players');
  for (const [i, p] of players.entries()) {
    if (!isRecord(p) || typeof p.name !== 'string' || !isInt(p.score) || !isInt(p.meeples) || p.meeples < 0) {
      throw fail(`players[${i}] must have a name, a whole score and a meeple count`);
    }
  }
  for (const key of ['placements', 'meeples', 'tilesLeft', 'discarded', 'scored', 'events']) {
    if (!Array.isArray(s[key])) throw fail(`${key} must be a list`);
  }
  if (!(s.status === 'playing' || s.status === 'finished')) throw fail('status must be "playing" or "finished"');
  if (!isInt(s.turn) || s.turn < 0) throw fail('turn must be a whole number');
  if (!isInt(s.currentPlayer) || s.currentPlayer < 0 || s.currentPlayer >= players.length) throw fail('currentPlayer is not a player');

  const tables = tablesFor(TILE_SETS[s.tileSet as TileSetName]);
  const k = Kernel.create(tables, kernelRules(state, undefined, null), players.length);
  const counts = new Map<string, number>(tables.set.counts.map(([id, n]) => [id, n]));
  const take = (id: unknown, where: string) => {
    const n = typeof id === 'string' ? counts.get(id) : undefined;
    if (n === undefined) throw fail(`${where}: unknown tile ${JSON.stringify(id)}`);
    if (n === 0) throw fail(`${where}: more copies of tile ${id} than the ${tables.set.name} set holds`);
    counts.set(id as string, n - 1);
    return tables.typeOf[id as string] as number;
  };

  const placements = s.placements as unknown[];
  const first = placements[0];
  if (!isRecord(first) || first.tile !== tables.set.startTile || first.x !== 0 || first.y !== 0 || first.rotation !== 0) {
    throw fail(`placements must start with the start tile ${tables.set.startTile} at (0,0), rotation 0`);
  }
  take(first.tile, 'placements[0]');
  for (let i = 1; i < placements.length; i++) {
    const p = placements[i];
    if (!isRecord(p) || !isInt(p.x) || !isInt(p.y) || !isRotation(p.rotation)) throw fail(`placements[${i}] is not a tile placement`);
    const t = take(p.tile, `placements[${i}]`);
    if (k.checkPlacement(t, p.rotation / 90, p.x, p.y) !== PLACE_OK) {
      throw fail(`placements[${i}]: tile ${String(p.tile)} cannot lie at (${p.x}, ${p.y}) turned ${p.rotation}°`);
    }
    k.placeTile(t, p.rotation / 90, p.x, p.y);
  }

  const onBoard = new Array<number>(players.length).fill(0);
  for (const [i, m] of (s.meeples as unknown[]).entries()) {
    if (!isRecord(m) || !isInt(m.owner) || m.owner < 0 || m.owner >= players.length || m.kind !== 'follower') {
      throw fail(`meeples[${i}] is not a figure of a player`);
    }
    const p = isInt(m.x) && isInt(m.y) ? k.tileAt(m.x, m.y) : -1;
    if (p < 0) throw fail(`meeples[${i}] stands where there is no tile`);
    const si = typeof m.at === 'string' ? spotIndex(m.at) : -1;
    const local = si < 0 ? -1 : k.spotFeature(k.pType[p] as number, k.pRot[p] as number, si);
    if (local < 0) throw fail(`meeples[${i}]: spot ${JSON.stringify(m.at)} names no feature of its tile`);
    const r = k.find(k.segmentOf(p, local));
    if (s.status === 'playing' && k.kindOf(r) !== K_FIELD && isComplete(k, r)) {
      throw fail(`meeples[${i}] stands on a completed feature, which would have returned it`);
    }
    k.deploy(p, local, m.owner, FIGURE_FOLLOWER);
    onBoard[m.owner] = (onBoard[m.owner] as number) + 1;
  }
  players.forEach((p, i) => {
    const pl = p as { score: number; meeples: number };
    if (pl.meeples + (onBoard[i] as number) !== rules.meeples) {
      problems.push({
        code: 'invalid-state',
        message: `player ${i} has ${pl.meeples} meeples in supply and ${onBoard[i]} on the board, but the rules give ${rules.meeples}`,
      });
    }
    k.supply[i] = pl.meeples;
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
  if (missing.length > 0) fail(`the tiles do not add up to the ${tables.set.name} set: missing ${missing.join(', ')}`);
  k.current = s.currentPlayer as number;
  k.turn = s.turn as number;
  k.finished = finished;
  if (problems.length > 0) throw new StateError(problems);
  return k;
}

function isComplete(k: Kernel, r: number): boolean {
  const kind = k.kindOf(r);
  if (kind === K_FIELD) return false;
  return kind === K_CLOISTER ? k.neighbours(k.segmentTile(r)) === 8 : k.openOf(r) === 0;
}
