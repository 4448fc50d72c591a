import { FIGURE_KINDS } from '../core/vocabulary.js';
import type { Kernel, Ruleset } from '../kernel/index.js';
import { figuresOf } from './declared.js';
import type { FigureDef, RuleModule } from './module.js';
import { RULE_MODULES } from './registry.js';

/** Where an attribute lives in a feature's two attribute words. */
export interface AttributePlace {
  readonly word: number;
  readonly shift: number;
  readonly bits: number;
}

/**
 * What a game's active modules declare, numbered as its kernel numbers them: tokens, module
 * actions and steps, scoring lines and feature attributes in module order (the base game first),
 * so that a game's numbers never depend on which other modules an app has imported. Figure kinds
 * are the exception: a move code names one by its place in FIGURE_KINDS (then any other
 * registered module's kinds), the same in every game.
 */
export interface Roster {
  readonly modules: readonly RuleModule[];
  /** The game's figure kinds by code (the follower is 0); undefined for a kind its modules do not have. */
  readonly figures: readonly (FigureDef | undefined)[];
  /** Every figure kind's name, by code. */
  readonly names: readonly string[];
  /** The codes of the game's figure kinds, in code order. */
  readonly own: readonly number[];
  /** Where a player's record counts each of the game's figure kinds in supply: `supply[i]` for code `own[i]`. */
  readonly supply: readonly string[];
  /** Each module's tokens: its record key, its kinds and the kernel index of the first. */
  readonly tokens: readonly { readonly key: string; readonly kinds: readonly string[]; readonly first: number }[];
  /** The modules with an action at the action step, in action kind order (ACTION_MODULE on). */
  readonly actions: readonly RuleModule[];
  /** The modules' steps, in step kind order (STEP_MODULE on). */
  readonly steps: readonly { readonly module: RuleModule; readonly name: string; readonly free: boolean }[];
  /** The scoring lines modules write themselves (kernel kind K_MODULE), by their number. */
  readonly lines: readonly { readonly module: RuleModule; readonly name: string }[];
  /** The feature attributes as bit fields in two words. */
  readonly places: ReadonlyMap<string, AttributePlace>;
  /** The figure order this roster was built with (figureOrder). */
  readonly order: readonly string[];
}

const byKey = new Map<string, Roster>();
const ofRuleset = new WeakMap<Ruleset, Roster>();

/** The roster of these active modules (the base game first), built once per combination. */
export function rosterFor(modules: readonly RuleModule[]): Roster {
  const key = modules.map((m) => m.name).join();
  let roster = byKey.get(key);
  if (roster === undefined || roster.order !== figureOrder() || roster.modules.some((m, i) => m !== modules[i])) {
    roster = build(modules);
    byKey.set(key, roster);
  }
  return roster;
}

/** Remembers the roster a ruleset was compiled from (compile.ts). */
export const rememberRoster = (ruleset: Ruleset, roster: Roster): void => void ofRuleset.set(ruleset, roster);

/** The roster of kernel k's game. */
export const rosterOf = (k: Kernel): Roster => rosterOfRuleset(k.rules.ruleset);

/** The roster a ruleset was compiled from. */
export function rosterOfRuleset(ruleset: Ruleset): Roster {
  const roster = ofRuleset.get(ruleset);
  if (roster === undefined) throw new Error('a kernel whose ruleset was not compiled from rule modules');
  return roster;
}

/** Every figure kind by code: FIGURE_KINDS, then the kinds of registered modules it does not list. */
export function figureOrder(): readonly string[] {
  if (order?.registry !== RULE_MODULES) {
    const known: readonly string[] = FIGURE_KINDS;
    order = { registry: RULE_MODULES, names: [...known, ...figuresOf().flatMap((f) => (known.includes(f.name) ? [] : [f.name]))] };
  }
  return order.names;
}

let order: { readonly registry: readonly RuleModule[]; readonly names: readonly string[] } | undefined;

function build(modules: readonly RuleModule[]): Roster {
  const order = figureOrder();
  const defs = modules.flatMap((m) => m.figures ?? []);
  // A module compiled without being registered (a test's) numbers its kinds after every other.
  const names = [...order, ...defs.flatMap((f) => (order.includes(f.name) ? [] : [f.name]))];
  const figures = names.map((name) => defs.find((f) => f.name === name));
  const own = figures.flatMap((f, code) => (f === undefined ? [] : [code]));
  let first = 0;
  const tokens = modules.flatMap((m) => {
    if (m.tokens === undefined) return [];
    const at = first;
    first += m.tokens.kinds.length;
    return [{ key: m.tokens.key, kinds: m.tokens.kinds, first: at }];
  });
  return {
    modules,
    figures,
    names,
    own,
    supply: own.map((code) => (figures[code] as FigureDef).supplyKey),
    tokens,
    actions: modules.filter((m) => m.action !== undefined),
    steps: modules.flatMap((m) => (m.steps ?? []).map((st) => ({ module: m, name: st.name, free: st.free === true }))),
    lines: modules.flatMap((m) => (m.lines ?? []).map((name) => ({ module: m, name }))),
    places: placeAttributes(modules),
    order,
  };
}

function placeAttributes(modules: readonly RuleModule[]): Map<string, AttributePlace> {
  const places = new Map<string, AttributePlace>();
  let word = 0;
  let shift = 0;
  for (const a of modules.flatMap((m) => m.attributes ?? [])) {
    if (shift + a.bits > 32) {
      word++;
      shift = 0;
    }
    if (word > 1) throw new Error(`rule modules: attributes need more than 64 bits (at ${a.name})`);
    places.set(a.name, { word, shift, bits: a.bits });
    shift += a.bits;
  }
  return places;
}

/** An attribute's value in a pair of attribute words. */
export function readAttribute(place: AttributePlace, attrs: readonly number[] | Int32Array): number {
  return ((attrs[place.word] as number) >>> place.shift) & ((1 << place.bits) - 1);
}
