import { TILE_SETS } from '../tiles/sets.js';
import type { TileSetDef, TileSetName } from '../tiles/tile-types.js';
import type { RuleModule, TileDraft } from './module.js';
import type { ExpansionName } from '../core/vocabulary.js';
import { RULE_MODULES } from './registry.js';

/**
 * The active modules of a game with these expansions and rules: the base game, the expansions and
 * the house rules its rules turn on, in registry order.
 */
export function activeModules(expansions: readonly string[], rules: Readonly<Record<string, unknown>>): readonly RuleModule[] {
  return RULE_MODULES.filter((m) => m.name === 'base' || (m.activeWhen === undefined ? expansions.includes(m.name) : m.activeWhen(rules)));
}

/**
 * The hands of tiles of a game with these expansions and rules (its modules' `handSize` and
 * `handsHidden`): how many tiles a hand holds (0: none, each turn draws its tile) and whether the
 * other players may not see a hand.
 */
export function handsIn(expansions: readonly unknown[], rules: object): { readonly size: number; readonly hidden: boolean } {
  const read = rules as Readonly<Record<string, unknown>>;
  let size = 0;
  let hidden = false;
  for (const m of activeModules(
    expansions.filter((e): e is string => typeof e === 'string'),
    read,
  )) {
    const n = m.handSize?.(read);
    if (typeof n === 'number' && n > size) {
      size = n;
      hidden = m.handsHidden?.(read) === true;
    }
  }
  return { size, hidden };
}

/** The choices that decide which tiles a game is played with. */
export interface TileSetup {
  readonly tileSet: TileSetName;
  readonly expansions: readonly ExpansionName[];
  /** The game's rules: the modules read their options here. */
  readonly rules: Readonly<Record<string, unknown>>;
}

const composed = new Map<string, TileSetDef>();

/**
 * The tiles of a game: the tile set, changed by each active module (its tiles added, in registry
 * order, then each module's finishing change). Built once per combination and shared, so that its
 * compiled tables are too. Without expansions this is the tile set itself.
 */
export function gameTiles(setup: TileSetup): TileSetDef {
  const modules = activeModules(setup.expansions, setup.rules).filter((m) => m.tiles !== undefined);
  const land = TILE_SETS[setup.tileSet];
  if (modules.length === 0) return land;
  const options = { tileSet: setup.tileSet, rules: setup.rules, active: modules.map((m) => m.name) };
  const read = modules.flatMap((m) => (m.options ?? []).map((o) => `${o.key}=${String(setup.rules[o.key])}`));
  const key = `${setup.tileSet}|${options.active.join()}|${read.join()}`;
  let set = composed.get(key);
  if (set === undefined) {
    const draft: TileDraft = {
      base: land,
      land: new Map(land.counts.map(([id, n]) => [id, n])),
      before: [],
      startTile: land.startTile,
      firstLand: undefined,
      startDrawn: false,
      piles: [],
      startFirst: false,
    };
    for (const m of modules) m.tiles?.add?.(draft, options);
    for (const m of modules) m.tiles?.finish?.(draft, options);
    set = {
      name: land.name,
      title: land.title,
      counts: [...draft.before, ...draft.land].filter(([, n]) => n > 0),
      startTile: draft.startTile,
      meeples: land.meeples,
      ...(draft.firstLand === undefined ? {} : { firstLand: draft.firstLand }),
      ...(draft.startDrawn ? { startDrawn: true as const } : {}),
      ...(draft.piles.length === 0 ? {} : { piles: draft.piles }),
      ...(draft.startFirst ? { startFirst: true as const } : {}),
    };
    composed.set(key, set);
  }
  return set;
}
