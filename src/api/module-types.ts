// Written by `npm run vocabulary` (scripts/vocabulary.mjs) from the rule modules registered in
// src/rules/registry.ts; a test fails when it is out of date. Do not edit it by hand.

import type { FeatureFacts as InnsCathedralsFacts } from '../rules/inns-cathedrals/api.js';
import type { FeatureFacts as TradersBuildersFacts, GoodsTokens, Goods } from '../rules/traders-builders/api.js';
import type { TowerState } from '../rules/tower/api.js';
import type { RiverStartTile, RiverDef } from '../rules/river/api.js';
import type { GardenDef } from '../rules/abbot/api.js';
import type { FeatureId } from './types.js';

export type { TowerState, GoodsTokens, RiverStartTile, RiverDef, GardenDef, Goods };

/**
 * What the rule modules show of a feature in `features()` (`BoardFeature`): each module's fields
 * (`RuleModule.facts`), in a game with it.
 *
 * - Inns & Cathedrals: `InnsCathedralsFacts`.
 * - Traders & Builders: `TradersBuildersFacts`.
 */
export interface FeatureFacts extends InnsCathedralsFacts, TradersBuildersFacts {}

/**
 * What the rule modules in play keep besides the board (`GameState.modules`), by module name (`{}`
 * when none keeps anything): each module's part only with it.
 *
 * - `tower`: The Tower's `TowerState`.
 */
export interface ModuleStates {
  /**
   * The Tower: every tower with its floors and the follower closing it, the prisoners each player
   * holds, and whether the player to move paid a ransom this turn.
   */
  readonly tower?: TowerState;
  readonly [module: string]: unknown;
}

/**
 * The rule modules' parts of a set-up position (`Setup.modules`), by module name: each as
 * `GameState.modules` writes it, any field left out taking its value at the start of a game.
 */
export interface SetupModules {
  readonly tower?: Partial<TowerState>;
  readonly [module: string]: unknown;
}

/**
 * The tokens the rule modules give players (`PlayerState`), by key: a module's only in a game with
 * it.
 */
export interface PlayerTokens {
  /**
   * Traders & Builders: the goods tokens the player has taken, one per symbol of each city they
   * completed.
   */
  readonly goods?: GoodsTokens;
}

/**
 * Each player's tokens in a set-up position (`Setup`), by key (default none).
 */
export interface SetupTokens {
  /**
   * Traders & Builders.
   */
  readonly goods?: readonly Partial<GoodsTokens>[];
}

/**
 * A player completing a feature took its tokens (`GameEvent`): `<key>-taken`, with how many of each
 * kind.
 *
 * - `'goods-taken'`: Traders & Builders.
 */
export type TokensTaken = { readonly type: 'goods-taken'; readonly player: number; readonly city: FeatureId } & GoodsTokens;

/**
 * Who has a figure that marks a field (a figure kind's `marksField`), in a farmer rule's input
 * (`FarmerField`), by the figure's supply key: 1 for each player with one in the field, else 0 (it
 * counts for no majority). The engine fills a game's own; optional in an input written by hand.
 */
export interface FieldMarks {
  /**
   * Traders & Builders: who has a pig in the field.
   */
  readonly pigs?: readonly number[];
}
