import type { Expansion } from './expansion.js';
import { abbot } from './abbot/expansion.js';
import { innsCathedrals } from './inns-cathedrals/expansion.js';
import { river } from './river/expansion.js';
import { tower } from './tower/expansion.js';
import { tradersBuilders } from './traders-builders/expansion.js';

/**
 * Every expansion this library has, for {@link useExpansions}: an app that imports this list
 * bundles all of them (import the ones it plays instead to bundle only those). A new expansion is
 * one line here.
 *
 * @example
 * ```ts
 * import { allExpansions, EXPANSIONS, useExpansions } from 'carcassonne-engine';
 *
 * console.log(useExpansions(...allExpansions).join() === EXPANSIONS.join()); // → true
 * ```
 */
export const allExpansions: readonly Expansion[] = [river, abbot, innsCathedrals, tradersBuilders, tower];
