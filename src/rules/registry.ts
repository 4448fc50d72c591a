import type { RuleModule } from './module.js';
import { abbot } from './abbot/index.js';
import { base } from './base/index.js';
import { innsCathedrals } from './inns-cathedrals/index.js';
import { river } from './river/index.js';
import { tradersBuilders } from './traders-builders/index.js';

/**
 * Every rule module, in the order games list them; the base game first (always active). Figure
 * kinds, attributes, tokens, slots and hooks are numbered in this order. A new module is one line
 * here.
 */
export const RULE_MODULES: readonly RuleModule[] = [base, river, abbot, innsCathedrals, tradersBuilders];

/** Names of the expansions a game can be played with: every module but the base game (a test holds them to RULE_MODULES). */
export type ExpansionName = 'river' | 'abbot' | 'inns-cathedrals' | 'traders-builders';

/**
 * Every expansion, in the order a state records them: the names of RULE_MODULES after the base
 * game, written out so that importing them builds nothing (a test holds the two lists together).
 *
 * @example
 * ```ts
 * import { createGame, EXPANSIONS } from 'carcassonne-engine';
 *
 * console.log(EXPANSIONS); // → [ 'river', 'abbot', 'inns-cathedrals', 'traders-builders' ]
 * console.log(createGame({ players: 2, seed: 1, expansions: [...EXPANSIONS].reverse() }).expansions.join()); // → river,abbot,inns-cathedrals,traders-builders
 * ```
 */
export const EXPANSIONS: readonly ExpansionName[] = ['river', 'abbot', 'inns-cathedrals', 'traders-builders'];
