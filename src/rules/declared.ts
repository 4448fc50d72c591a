import type { FigureDef, RuleModule } from './module.js';
import { RULE_MODULES } from './registry.js';

// What the registered modules declare, read without compiling a game (no kernel needed).

/**
 * Every figure kind of a registry, in kernel code order (the follower is 0): codes do not depend
 * on which modules a game uses, so that a move code means the same in every game.
 */
export const figuresOf = (registry: readonly RuleModule[] = RULE_MODULES): FigureDef[] => registry.flatMap((m) => m.figures ?? []);

/** The tokens of a registry: each module's record key, kinds, and the kernel index of its first kind (numbered like figures). */
export function tokensOf(registry: readonly RuleModule[] = RULE_MODULES): { key: string; kinds: readonly string[]; first: number }[] {
  let first = 0;
  return registry.flatMap((m) => {
    if (m.tokens === undefined) return [];
    const at = first;
    first += m.tokens.kinds.length;
    return [{ key: m.tokens.key, kinds: m.tokens.kinds, first: at }];
  });
}

/** The modules of a registry with an action at the action step, in action kind order (ACTION_MODULE on). */
export const actionsOf = (registry: readonly RuleModule[] = RULE_MODULES): RuleModule[] => registry.filter((m) => m.action !== undefined);

/** The steps of a registry's modules, in step kind order (STEP_MODULE on): each with its module. */
export const stepsOf = (
  registry: readonly RuleModule[] = RULE_MODULES,
): { readonly module: RuleModule; readonly name: string; readonly free: boolean }[] =>
  registry.flatMap((m) => (m.steps ?? []).map((st) => ({ module: m, name: st.name, free: st.free === true })));

/** The scoring lines modules write themselves (kernel kind K_MODULE), numbered over the registry: each with its module. */
export const moduleLines = (registry: readonly RuleModule[] = RULE_MODULES): { readonly module: RuleModule; readonly name: string }[] =>
  registry.flatMap((m) => (m.lines ?? []).map((name) => ({ module: m, name })));
