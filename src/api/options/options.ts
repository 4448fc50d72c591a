import { type OptionsErrorCode, OptionsError, type Problem } from '../../core/errors.js';
import { LIMITS, OPTIONS_INPUT } from '../../core/limits.js';
import { readPlain } from '../../core/plain.js';
import { isRecord, show } from '../../core/guards.js';
import { farmerRules } from './farmers.js';
import { TILE_SETS } from '../../tiles/sets.js';
import { EXPANSIONS, type ExpansionName, type ModuleRules, RULES_OF_EXPANSIONS } from '../../core/vocabulary.js';
import { type OptionDef, optionDefault, optionProblem } from '../../rules/module.js';
import { expansionNames, importName, RULE_MODULES } from '../../rules/registry.js';
import { gameTiles } from '../../rules/tiles.js';
import type { TileSetDef, TileSetName } from '../../tiles/tile-types.js';
import type { Edition, FarmerRule, FarmerRuleName, Rules, TileId } from '../types.js';
import { maxPlayers } from './figure-kinds.js';

/** Rule options of {@link GameOptions}; each overrides the edition's preset. */
export interface RulesOptions extends Partial<ModuleRules> {
  /**
   * How fields score at the end:
   * - `'farm-3'` (current rules, default): each field separately; its majority farmers score 3
   *   per distinct completed city bordering it.
   * - `'farm-3-once'` (second-edition rules): as `'farm-3'`, but a player scores a given city at
   *   most once, however many of the player's fields border it.
   * - `'city-4'` (first-edition rules): each completed city once; the players with the most
   *   farmers in all fields bordering it score 4.
   * - `'none'`: fields score nothing.
   * - a {@link FarmerRule} function of your own (pure; see its documentation). The state records
   *   `'custom'`; after loading such a state from JSON, pass the function again to `applyMove` and
   *   `scoreFinal`.
   */
  readonly farmers?: FarmerRuleName | FarmerRule;
  /** A completed two-tile city scores 4 (default) or 2 (1 a tile and 1 a pennant, first and second editions). */
  readonly smallCity?: 2 | 4;
  /** Followers per player; defaults to the tile set's (7 for the base game, 5 for the print-and-play demo). */
  readonly meeples?: number;
}

/** Options of {@link createGame}. */
export interface GameOptions {
  /** 2 to 5 player names (6 with Inns & Cathedrals), or a player count (names become "Player 1", "Player 2", …). */
  readonly players: number | readonly string[];
  /** The seed of the shuffle: the same seed (and options) give the same game. */
  readonly seed: number | string;
  /** `'base'` (72 tiles, default) or `'pnp-demo'` (the 48-tile print-and-play demo). */
  readonly tileSet?: TileSetName;
  /**
   * A preset of rules: `'first'` (farmers `'city-4'`, smallCity 2), `'second'` (`'farm-3-once'`,
   * smallCity 2) or `'current'` (`'farm-3'`, smallCity 4; default). `rules` overrides it.
   */
  readonly edition?: Edition;
  /**
   * Expansions in play, in any order and any combination (the state records them in the order of
   * `EXPANSIONS`): `'river'` (The River: 12 river tiles, drawn first from the spring),
   * `'abbot'` (The Abbot: one abbot per player, and gardens), `'inns-cathedrals'` (Inns &
   * Cathedrals: 18 tiles with inns and cathedrals, a large meeple per player, up to 6 players) and
   * `'traders-builders'` (Traders & Builders: 24 tiles with 20 goods symbols, a builder and a pig
   * per player). Default: none.
   */
  readonly expansions?: readonly ExpansionName[];
  readonly rules?: RulesOptions;
  /**
   * Tile ids to draw first, in this order (for tests, tutorials and puzzles); the rest of the
   * set follows, shuffled by the seed. Asking for more copies than the set holds (the start
   * tile's copy excluded) is an error.
   */
  readonly drawOrder?: readonly TileId[];
}

/** Options checked and completed with their defaults. */
export interface ResolvedOptions {
  readonly names: readonly string[];
  readonly seed: number | string;
  readonly tileSet: TileSetName;
  readonly edition: Edition;
  readonly expansions: readonly ExpansionName[];
  readonly rules: Rules;
  readonly farmerRule: FarmerRule;
  readonly drawOrder: readonly TileId[];
  /** The tiles of the game (see `gameTiles`). */
  readonly tiles: TileSetDef;
}

const OPTION_KEYS = ['players', 'seed', 'tileSet', 'edition', 'expansions', 'rules', 'drawOrder'];

/** The modules whose options a game with these expansions has: the base game, those expansions and every house rule. */
const optionModules = (expansions: readonly unknown[]) =>
  RULE_MODULES.filter((m) => m.name === 'base' || m.activeWhen !== undefined || expansions.includes(m.name));
/** The rule options of a game with these expansions, in module order. */
const moduleOptions = (expansions: readonly unknown[]): readonly OptionDef[] => optionModules(expansions).flatMap((m) => m.options ?? []);
/** The keys of a game's `rules` (a state records each): the base game's, then its modules' options. */
export const ruleKeys = (expansions: readonly unknown[]): readonly string[] => [
  'farmers',
  'smallCity',
  'meeples',
  ...moduleOptions(expansions).map((o) => o.key),
];
export const MIN_PLAYERS = 2;

/** The sentence for an expansion of this library that the app has not registered. */
export const notLoaded = (name: string): string =>
  `the expansion ${name} is not loaded: import ${importName(name)} and pass it to useExpansions (import { ${importName(name)}, useExpansions } from 'carcassonne-engine')`;
export const MAX_MEEPLES = 99;

/** Where more players than `most` may play: " (6 with Inns & Cathedrals)", from the modules; or nothing. */
function mostWith(most: number): string {
  const more = RULE_MODULES.filter((m) => (m.maxPlayers ?? 0) > most);
  if (more.length === 0) return '';
  const top = Math.max(...more.map((m) => m.maxPlayers ?? 0));
  return ` (${top} with ${more
    .filter((m) => m.maxPlayers === top)
    .map((m) => m.title)
    .join(' or ')})`;
}

/**
 * The rules an edition stands for.
 *
 * @example
 * ```ts
 * import { editionRules } from 'carcassonne-engine';
 *
 * console.log(editionRules('first')); // → { farmers: 'city-4', smallCity: 2 }
 * console.log(editionRules('current')); // → { farmers: 'farm-3', smallCity: 4 }
 * ```
 */
export function editionRules(edition: Edition): { farmers: FarmerRuleName; smallCity: 2 | 4 } {
  switch (edition) {
    case 'first':
      return { farmers: 'city-4', smallCity: 2 };
    case 'second':
      return { farmers: 'farm-3-once', smallCity: 2 };
    case 'current':
      return { farmers: 'farm-3', smallCity: 4 };
  }
}

/**
 * Checks options and lists every problem (an empty list when they are fine). `createGame`
 * throws an {@link OptionsError} carrying this list.
 *
 * @example
 * ```ts
 * import { validateOptions } from 'carcassonne-engine';
 *
 * console.log(validateOptions({ players: 2, seed: 1 })); // → []
 * console.log(validateOptions({ players: 9, seed: 1, edition: 'fourth' }).map((p) => p.code)); // → [ 'invalid-players', 'invalid-edition' ]
 * ```
 */
export function validateOptions(options: unknown): Problem<OptionsErrorCode>[] {
  return resolve(options).problems;
}

/** Checks and completes options; throws {@link OptionsError} listing every problem. */
export function resolveOptions(options: unknown): ResolvedOptions {
  const { problems, resolved } = resolve(options);
  if (resolved === null || problems.length > 0) throw new OptionsError(problems);
  return resolved;
}

function resolve(input: unknown): { problems: Problem<OptionsErrorCode>[]; resolved: ResolvedOptions | null } {
  const problems: Problem<OptionsErrorCode>[] = [];
  const fail = (code: OptionsErrorCode, message: string) => problems.push({ code, message });
  if (!isRecord(input)) {
    fail('invalid-options', `options must be an object such as { players: 2, seed: 1 }, not ${show(input)}`);
    return { problems, resolved: null };
  }
  // Read once as plain data (no getter runs; bounded by LIMITS), then checked field by field.
  const read = readPlain(input, 'the options', OPTIONS_INPUT);
  if (!read.ok) {
    fail('invalid-options', read.message);
    return { problems, resolved: null };
  }
  const options = read.value as Record<string, unknown>;
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.includes(key)) fail('unknown-option', `unknown option "${key}" (known: ${OPTION_KEYS.join(', ')})`);
  }

  let names: string[] = [];
  const players = options.players;
  const most = maxPlayers(Array.isArray(options.expansions) ? options.expansions : []);
  const range = `${MIN_PLAYERS} to ${most}${mostWith(most)}`;
  if (typeof players === 'number') {
    if (Number.isInteger(players) && players >= MIN_PLAYERS && players <= most) {
      names = Array.from({ length: players }, (_, i) => `Player ${i + 1}`);
    } else fail('invalid-players', `players must be ${range}, not ${show(players)}`);
  } else if (Array.isArray(players)) {
    // Array.from turns holes of a sparse array into undefined, which the check below catches.
    const list: unknown[] = Array.from(players);
    if (list.length < MIN_PLAYERS || list.length > most) {
      fail('invalid-players', `players must name ${range} players, not ${list.length}`);
    } else if (!list.every((n): n is string => typeof n === 'string' && n.trim() !== '')) {
      fail('invalid-players', 'every player name must be a non-empty string');
    } else if (list.some((n) => (n as string).length > LIMITS.nameLength)) {
      fail('invalid-players', `a player's name has at most ${LIMITS.nameLength} characters`);
    } else names = list as string[];
  } else {
    fail('invalid-players', `players is required: a count (${range}) or a list of names`);
  }

  const seed = options.seed;
  if (!(typeof seed === 'string' || (typeof seed === 'number' && Number.isFinite(seed)))) {
    fail('invalid-seed', `seed is required and must be a finite number or a string, not ${show(seed)}`);
  } else if (typeof seed === 'string' && seed.length > LIMITS.seedLength) {
    fail('invalid-seed', `a seed string has at most ${LIMITS.seedLength} characters, not ${seed.length}`);
  }

  const tileSet = options.tileSet === undefined ? 'base' : options.tileSet;
  const tileSetOk = typeof tileSet === 'string' && Object.hasOwn(TILE_SETS, tileSet);
  if (!tileSetOk) fail('invalid-tile-set', `tileSet must be one of ${Object.keys(TILE_SETS).join(', ')}, not ${show(tileSet)}`);
  const landSet = tileSetOk ? TILE_SETS[tileSet as TileSetName] : TILE_SETS.base;

  const expansions: ExpansionName[] = [];
  const known = expansionNames();
  const asked = options.expansions === undefined ? [] : options.expansions;
  if (!Array.isArray(asked)) {
    fail('invalid-expansion', `expansions must be a list such as ['${known[0]}', '${known[1]}'], not ${show(asked)}`);
  } else {
    const seen: unknown[] = [];
    for (const e of asked as unknown[]) {
      if (typeof e === 'string' && !known.includes(e) && (EXPANSIONS as readonly string[]).includes(e)) {
        fail('expansion-not-loaded', notLoaded(e));
      } else if (typeof e !== 'string' || !known.includes(e)) {
        fail('invalid-expansion', `unknown expansion ${show(e)} (known: ${EXPANSIONS.join(', ')})`);
      } else if (seen.includes(e)) fail('invalid-expansion', `expansion "${e}" is listed more than once`);
      seen.push(e);
    }
    expansions.push(...(known.filter((e) => asked.includes(e)) as ExpansionName[]));
  }

  const edition = options.edition === undefined ? 'current' : options.edition;
  const editionOk = edition === 'first' || edition === 'second' || edition === 'current';
  if (!editionOk) fail('invalid-edition', `edition must be 'first', 'second' or 'current', not ${show(edition)}`);
  const preset = editionRules(editionOk ? edition : 'current');

  let farmers: FarmerRuleName | 'custom' = preset.farmers;
  let farmerRule: FarmerRule = farmerRules[preset.farmers];
  let smallCity = preset.smallCity;
  let meeples = landSet.meeples;
  const ownOptions = moduleOptions(expansions);
  const moduleRules: Record<string, unknown> = Object.fromEntries(ownOptions.map((o) => [o.key, optionDefault(o)]));
  const rules = options.rules === undefined ? {} : options.rules;
  if (!isRecord(rules)) fail('invalid-rule', `rules must be an object, not ${show(rules)}`);
  else {
    // An expansion's rule is recorded when the expansion is in the game; checked whenever the
    // expansion is loaded (and a rule of one not loaded goes unread).
    const allKeys = [
      'farmers',
      'smallCity',
      'meeples',
      ...RULE_MODULES.flatMap((m) => (m.options ?? []).map((o) => o.key)),
      ...Object.values(RULES_OF_EXPANSIONS).flat(),
    ];
    for (const key of Object.keys(rules)) {
      if (!allKeys.includes(key)) fail('unknown-option', `unknown rule "${key}" (known: ${allKeys.join(', ')})`);
    }
    if (rules.farmers !== undefined) {
      if (typeof rules.farmers === 'function') {
        farmers = 'custom';
        farmerRule = rules.farmers as FarmerRule;
      } else if (typeof rules.farmers === 'string' && Object.keys(farmerRules).includes(rules.farmers)) {
        farmers = rules.farmers as FarmerRuleName;
        farmerRule = farmerRules[farmers];
      } else {
        fail(
          'invalid-rule',
          `rules.farmers must be one of ${Object.keys(farmerRules).join(', ')} or a function, not ${show(rules.farmers)}`,
        );
      }
    }
    if (rules.smallCity !== undefined) {
      if (rules.smallCity === 2 || rules.smallCity === 4) smallCity = rules.smallCity;
      else fail('invalid-rule', `rules.smallCity must be 2 or 4, not ${show(rules.smallCity)}`);
    }
    if (rules.meeples !== undefined) {
      const m = rules.meeples;
      if (typeof m === 'number' && Number.isInteger(m) && m >= 0 && m <= MAX_MEEPLES) meeples = m;
      else fail('invalid-rule', `rules.meeples must be a whole number from 0 to ${MAX_MEEPLES}, not ${show(m)}`);
    }
    for (const o of RULE_MODULES.flatMap((m) => m.options ?? [])) {
      const v = rules[o.key];
      if (v === undefined) continue;
      // With a bad player list, checks that read the player count see the most any game has.
      const problem = optionProblem(o, v, {
        players: names.length > 0 ? names.length : Math.max(...RULE_MODULES.map((m) => m.maxPlayers ?? 0)),
      });
      if (problem === null) {
        if (ownOptions.includes(o)) moduleRules[o.key] = v;
      } else fail('invalid-rule', `rules.${o.key} must be ${problem}, not ${show(v)}`);
    }
  }
  const set = gameTiles({ tileSet: tileSetOk ? (tileSet as TileSetName) : 'base', expansions, rules: moduleRules });

  const drawOrder: TileId[] = [];
  if (options.drawOrder !== undefined) {
    if (!Array.isArray(options.drawOrder) || options.drawOrder.some((id) => typeof id !== 'string')) {
      fail('invalid-draw-order', 'drawOrder must be a list of tile ids');
    } else if (options.drawOrder.length > LIMITS.drawOrder) {
      fail('invalid-draw-order', `drawOrder lists at most ${LIMITS.drawOrder} tiles, not ${options.drawOrder.length}`);
    } else {
      // The start tile's copy starts the board, or, drawn, comes first of all (a river's spring).
      const startCopy = (id: string) => id === set.startTile && (set.startDrawn !== true || set.startFirst === true);
      const available = new Map(set.counts.map(([id, n]) => [id, startCopy(id) ? n - 1 : n]));
      const asked = new Map<string, number>();
      for (const id of options.drawOrder as string[]) asked.set(id, (asked.get(id) ?? 0) + 1);
      for (const [id, n] of asked) {
        const have = available.get(id);
        if (have === undefined) fail('invalid-draw-order', `drawOrder: tile "${id}" is not in the ${set.name} tile set`);
        else if (n > have) {
          const start = startCopy(id) ? ' (one is the start tile)' : '';
          fail('invalid-draw-order', `drawOrder asks for ${n} × ${id} but the ${set.name} set holds only ${have}${start}`);
        }
      }
      for (const id of options.drawOrder as string[]) drawOrder.push(id);
    }
  }

  if (problems.length > 0) return { problems, resolved: null };
  return {
    problems,
    resolved: {
      names,
      // + 0 turns -0 into 0, so that the state stays equal to its JSON round trip.
      seed: typeof seed === 'number' ? seed + 0 : (seed as string),
      tileSet: tileSet as TileSetName,
      edition: edition as Edition,
      expansions,
      rules: { farmers, smallCity, meeples, ...moduleRules } as Rules,
      farmerRule,
      drawOrder,
      tiles: set,
    },
  };
}
