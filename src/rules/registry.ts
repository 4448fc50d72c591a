import { OptionsError } from '../core/errors.js';
import { EXPANSIONS } from '../core/vocabulary.js';
import type { Expansion, ExpansionParts } from './expansion.js';
import type { RuleModule } from './module.js';
import { base } from './base/index.js';
import { incomplete } from './incomplete-none/index.js';
import { table } from './table/index.js';
import { tableEdge } from './table-edge/index.js';
import { firstPlayer } from './first-player/index.js';
import { fillingHole } from './filling-hole/index.js';
import { unplaceable } from './unplaceable/index.js';
import { startTile } from './start-tile/index.js';
import { hand } from './hand/index.js';

// The rule modules a process plays: the base game and the house rules always; each expansion once
// the app has passed it to useExpansions, so that an app bundles only the expansions it imports.

/** The base game and the house rules (after the expansions in registry order). A new house rule is one line here. */
const BUILT_IN: readonly RuleModule[] = [base, incomplete, table, tableEdge, firstPlayer, fillingHole, unplaceable, startTile, hand];

let registered: readonly ExpansionParts[] = [];

/**
 * Every rule module in play, in registry order: the base game first, then the registered
 * expansions in the order of `EXPANSIONS` (a module it does not name, such as a test's, after them
 * by name), then the house rules. Figure kinds are numbered in this order (`FIGURE_KINDS`). A new
 * array whenever it changes, so that what is read from it can be kept until then.
 */
export let RULE_MODULES: readonly RuleModule[] = BUILT_IN;

/** The registered expansions, in registry order. */
export const registeredExpansions = (): readonly ExpansionParts[] => registered;

const rank = (name: string): number => {
  const i = (EXPANSIONS as readonly string[]).indexOf(name);
  return i < 0 ? EXPANSIONS.length : i;
};

/** Whether `e` is an expansion object: read without calling a getter, a Proxy's trap that throws meaning no. */
function isExpansion(e: unknown): e is ExpansionParts {
  try {
    return isParts(e);
  } catch {
    return false;
  }
}

function isParts(e: unknown): boolean {
  if (typeof e !== 'object' || e === null || Array.isArray(e)) return false;
  const name = Object.getOwnPropertyDescriptor(e, 'name');
  const rules = Object.getOwnPropertyDescriptor(e, 'rules');
  if (name === undefined || rules === undefined || !('value' in name) || !('value' in rules)) return false;
  const module = rules.value as unknown;
  if (typeof name.value !== 'string' || typeof module !== 'object' || module === null) return false;
  const own = Object.getOwnPropertyDescriptor(module, 'name');
  return own !== undefined && 'value' in own && own.value === name.value;
}

/**
 * Lets games play these expansions (and keeps those registered before): `createGame`,
 * `loadState`, the engine, the notation, the pictures and the bots then know their tiles, figures,
 * rules, words and pictures. An app calls it once, before it makes or reads games with them; an
 * expansion it never imports is not in its bundle. Registering an expansion again does nothing.
 * Returns the names of every registered expansion, in the order states list them.
 *
 * @example
 * ```ts
 * import { createGame, innsCathedrals, tower, useExpansions } from 'carcassonne-engine';
 *
 * useExpansions(tower, innsCathedrals);
 * const state = createGame({ players: 6, seed: 1, expansions: ['tower', 'inns-cathedrals'] });
 * console.log(state.expansions, state.players[0]?.floors); // → [ 'inns-cathedrals', 'tower' ] 5
 * ```
 */
export function useExpansions(...expansions: readonly Expansion[]): string[] {
  const added: ExpansionParts[] = [];
  expansions.forEach((e, i) => {
    const parts = e as ExpansionParts | null;
    if (!isExpansion(parts))
      throw new OptionsError([
        {
          code: 'invalid-expansion',
          message: `useExpansions: argument ${i} is not an expansion of this library (import one such as tower from 'carcassonne-engine')`,
        },
      ]);
    if (!registered.includes(parts) && !added.includes(parts)) added.push(parts);
  });
  if (added.length > 0) {
    const all = [...registered, ...added];
    for (const e of added)
      if (all.some((o) => o !== e && o.name === e.name))
        throw new OptionsError([
          { code: 'invalid-expansion', message: `useExpansions: another expansion named ${e.name} is registered already` },
        ]);
    registered = all.sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    RULE_MODULES = [base, ...registered.map((e) => e.rules), ...BUILT_IN.slice(1)];
  }
  return registered.map((e) => e.name);
}

/**
 * The names of the registered expansions (every module but the base game and the house rules), in
 * registry order: what options accept and the order states list them in.
 */
export const expansionNames = (): readonly string[] =>
  RULE_MODULES.slice(1)
    .filter((m) => m.activeWhen === undefined)
    .map((m) => m.name);

/** The name an app imports an expansion by (`inns-cathedrals`: `innsCathedrals`). */
export const importName = (name: string): string => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** Forgets every registered expansion, as in a process that registered none (for tests of what needs them). */
export function forgetExpansions(): void {
  registered = [];
  RULE_MODULES = BUILT_IN;
}
