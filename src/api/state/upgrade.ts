import { isRecord } from '../../core/guards.js';
import { RULES_OF_EXPANSIONS } from '../../core/vocabulary.js';
import { optionDefault } from '../../rules/module.js';
import { RULE_MODULES } from '../../rules/registry.js';
import { rosterFor } from '../../rules/roster.js';
import { activeModules } from '../../rules/tiles.js';
import { ruleKeys } from '../options/options.js';
import { playerKeys } from './players.js';

// Saved states of earlier versions, read in the current format before they are checked (saved.ts).

/**
 * A saved state as the current format reads it, or `state` itself when there is nothing to do:
 * - a version-1 state (0.1.0, before the expansions) becomes the version-2 state of a base game
 *   without expansions;
 * - the fields of rule modules that are not in the game (their figures' empty supply counts, their
 *   empty tokens, their rules), which states of 0.2.0 wrote, are left out; house rules saved
 *   before they existed get their defaults. A module in the game must have all of its fields.
 */
export function upgrade(state: unknown): unknown {
  if (!isRecord(state)) return state;
  const list = (v: unknown) => (Array.isArray(v) ? v : []);
  const older =
    state.version === 1
      ? {
          ...state,
          version: 2,
          expansions: [],
          builderTurn: false,
          placements: list(state.placements).map((p) => (isRecord(p) ? { ...p, recall: null } : p)),
        }
      : state;
  // Fields added after 0.2.0, each written right after an older one, from what the older state says:
  // extraTurn (a builder's second tile was the only extra tile), hands (none), draws (not recorded),
  // setup (none: the game was created). builderTurn, which 0.2.0 wrote, is extraTurn 'builder'.
  const earlier = withoutBuilderTurn(
    olderField(older, 'builderTurn', 'extraTurn', (v) => (typeof v === 'boolean' ? (v ? 'builder' : null) : undefined)),
  );
  // And, since turns are steps, step (every turn of an older state had ended: the tile step).
  const stepped = olderField(earlier, 'extraTurn', 'step', () => 'tile');
  const from = olderField(stepped, 'currentTile', 'hands', () => null);
  const drawn = olderField(from, 'discarded', 'draws', () => null);
  // And, since rule modules keep state of their own (The Tower), modules (none kept before).
  const kept = olderField(drawn, 'events', 'modules', () => ({}));
  return ownModules(olderField(kept, 'draws', 'setup', () => null));
}

/**
 * The record without `builderTurn` when it says what `extraTurn` says (true exactly for a builder's
 * second tile); one that disagrees is kept, for the check to refuse (saved.ts).
 */
function withoutBuilderTurn(r: Record<string, unknown>): Record<string, unknown> {
  if (r.version !== 2 || !Object.hasOwn(r, 'builderTurn') || r.builderTurn !== (r.extraTurn === 'builder')) return r;
  const { builderTurn: _, ...rest } = r;
  return rest;
}

/**
 * A version-2 record without `key`: `key` written right after `after`, its value from that of
 * `after` (undefined: the record is left as it is). Otherwise the record itself.
 */
function olderField(r: Record<string, unknown>, after: string, key: string, value: (before: unknown) => unknown): Record<string, unknown> {
  if (r.version !== 2 || Object.hasOwn(r, key) || !Object.hasOwn(r, after) || value(r[after]) === undefined) return r;
  return Object.fromEntries(
    Object.entries(r).flatMap(([k, v]) =>
      k === after
        ? [
            [k, v],
            [key, value(v)],
          ]
        : [[k, v]],
    ),
  );
}

/**
 * A game's player records and rules hold its own modules' fields only (see upgrade): fields of
 * modules not in the game that earlier versions wrote (every player's empty supply and tokens of
 * every module, every module's rules) are left out, and the rules of house rules saved before they
 * existed are filled in with their defaults.
 */
function ownModules(from: Record<string, unknown>): Record<string, unknown> {
  if (from.version !== 2 || !Array.isArray(from.expansions) || !Array.isArray(from.players) || !isRecord(from.rules)) return from;
  const expansions: unknown[] = from.expansions;
  const rules = from.rules;
  const own = new Set(playerKeys(rosterFor(activeModules(expansions as string[], rules))));
  const empty = (v: unknown) => v === 0 || (isRecord(v) && Object.values(v).every((n) => n === 0));
  const foreign = (p: unknown) => isRecord(p) && Object.keys(p).some((key) => !own.has(key) && empty(p[key]));
  const keys = ruleKeys(expansions);
  const elsewhere = (key: string) => !keys.includes(key) && Object.values(RULES_OF_EXPANSIONS).some((rules) => rules.includes(key));
  const missing = RULE_MODULES.filter((m) => m.activeWhen !== undefined)
    .flatMap((m) => m.options ?? [])
    .filter((o) => !Object.hasOwn(rules, o.key));
  const setup = isRecord(from.setup) && Array.isArray(from.setup.players) ? from.setup : null;
  const setUp: unknown[] = setup === null ? [] : (setup.players as unknown[]);
  if (missing.length === 0 && !Object.keys(rules).some(elsewhere) && !from.players.some(foreign) && !setUp.some(foreign)) return from;
  // Written in the order a new state writes them (see ruleKeys), then the rest.
  const defaults: Record<string, unknown> = Object.fromEntries(missing.map((o) => [o.key, optionDefault(o)]));
  const ownRules: Record<string, unknown> = {};
  for (const key of keys) {
    if (Object.hasOwn(rules, key)) ownRules[key] = rules[key];
    else if (Object.hasOwn(defaults, key)) ownRules[key] = defaults[key];
  }
  for (const [key, v] of Object.entries(rules)) if (!Object.hasOwn(ownRules, key) && !elsewhere(key)) ownRules[key] = v;
  const ours = (p: unknown) =>
    foreign(p) ? Object.fromEntries(Object.entries(p as Record<string, unknown>).filter(([key, v]) => own.has(key) || !empty(v))) : p;
  return {
    ...from,
    rules: ownRules,
    players: from.players.map(ours),
    ...(setup === null ? {} : { setup: { ...setup, players: setUp.map(ours) } }),
  };
}
