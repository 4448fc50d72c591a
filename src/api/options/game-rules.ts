import { StateError } from '../../core/errors.js';
import { type Kernel, type KernelRules, MissingFarmerRule, type TileTables } from '../../kernel/index.js';
import { farmerRules, fieldScoring } from './farmers.js';
import { compileRuleset } from '../../rules/compile.js';
import type { ExpansionName, ExtraTurn } from '../../core/vocabulary.js';
import { activeModules } from '../../rules/tiles.js';
import type { FarmerRule, GameState, Rules } from '../types.js';
import { guardFarmerRule } from './lines.js';

// The rules a kernel plays by, from a game's recorded rules: the compiled rule modules and the
// farmer rule (a custom one is given again at call time).

/**
 * Rules given again at call time. Only games created with a custom farmer rule use them (the
 * function cannot live in a JSON state); other games ignore them.
 */
export interface RuleHooks {
  /** The custom farmer rule the game was created with. */
  readonly farmers?: FarmerRule;
}

/** The kernel rules of a state: the farmer rule by name, or the custom one from `hooks` / the cache. */
export function rulesFor(state: GameState, tables: TileTables, hooks: RuleHooks | undefined, cached: FarmerRule | null): KernelRules {
  const name = state.rules.farmers;
  const farmers = name === 'custom' ? (hooks?.farmers ? guardFarmerRule(hooks.farmers) : cached) : farmerRules[name];
  return kernelRules(state.rules, state.expansions, farmers, tables);
}

/**
 * The rules a kernel plays by, from a game's recorded rules, its expansions, its farmer rule
 * (`null`: a custom one not given) and its tile tables (the rule modules compile against them).
 */
export function kernelRules(
  rules: Rules,
  expansions: readonly ExpansionName[],
  farmers: FarmerRule | null,
  tables: TileTables,
): KernelRules {
  return {
    smallCity: rules.smallCity,
    meeples: rules.meeples,
    fields: farmers === null ? null : fieldScoring(farmers),
    ruleset: compileRuleset(
      activeModules(expansions, rules as unknown as Record<string, unknown>),
      tables,
      rules as unknown as Record<string, unknown>,
    ),
  };
}

/** What gave the kernel's current player the extra tile they play now, as the state says it, or null. */
export function extraTurnOf(k: Kernel): ExtraTurn | null {
  return extraTurnBy(k, k.extraBy);
}

/** What the state calls the extra tile that keepsTurn hook `by` gives (-1: none). */
export function extraTurnBy(k: Kernel, by: number): ExtraTurn | null {
  return by < 0 ? null : (k.rules.ruleset.extraTurns[by] as ExtraTurn);
}

/** Runs `fn`, turning a missing custom farmer rule into a typed error. */
export function withCustomRule<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof MissingFarmerRule) {
      throw new StateError([
        {
          code: 'custom-rule-missing',
          message:
            'this game scores farmers with a custom rule, which a state loaded from JSON does not carry: pass it again as { farmers } to applyMove or scoreFinal',
        },
      ]);
    }
    throw e;
  }
}
