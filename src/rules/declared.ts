import type { FigureDef, RuleModule, TokensDef } from './module.js';
import { RULE_MODULES } from './registry.js';

// What the registered modules declare, looked up by name without compiling a game (no kernel
// needed). Numbers (figure codes, token indices, action and step kinds) are a game's own: see
// roster.ts.

/** Every figure kind of the registered modules, in module order. */
export const figuresOf = (registry: readonly RuleModule[] = RULE_MODULES): FigureDef[] => registry.flatMap((m) => m.figures ?? []);

/** The registered modules with an action at the action step. */
export const actionsOf = (registry: readonly RuleModule[] = RULE_MODULES): RuleModule[] => registry.filter((m) => m.action !== undefined);

/** The steps of the registered modules, each with its module. */
export const stepsOf = (
  registry: readonly RuleModule[] = RULE_MODULES,
): { readonly module: RuleModule; readonly name: string; readonly free: boolean }[] =>
  registry.flatMap((m) => (m.steps ?? []).map((st) => ({ module: m, name: st.name, free: st.free === true })));

/** The tokens of the registered modules: each one's record key and kinds. */
export const tokenDefs = (registry: readonly RuleModule[] = RULE_MODULES): TokensDef[] =>
  registry.flatMap((m) => (m.tokens === undefined ? [] : [m.tokens]));
