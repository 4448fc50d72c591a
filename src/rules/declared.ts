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
