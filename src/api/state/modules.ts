import { freezeBuilt } from '../../core/freeze.js';
import { sameJson } from '../../core/same-json.js';
import type { Kernel } from '../../kernel/index.js';
import type { ModuleApi } from '../../rules/module.js';
import type { ModuleStates } from '../types.js';

let none: ModuleStates | undefined;

/**
 * The rule modules' parts of a state (`GameState.modules`), written from kernel k by each module in
 * play that keeps a part (ModuleApi.state), frozen; a part equal to `before`'s is `before`'s, and
 * when every part is, `before` itself.
 */
export function modulesOf(k: Kernel, before?: ModuleStates): ModuleStates {
  const words = k.rules.ruleset.words;
  if (words.length === 0) {
    if (before !== undefined && Object.keys(before).length === 0) return before;
    none ??= Object.freeze({});
    return none;
  }
  const out: Record<string, unknown> = {};
  let same = before !== undefined && Object.keys(before).length === words.length;
  for (const w of words) {
    const value = (w.api as ModuleApi).state(k);
    const old = before?.[w.module];
    if (old !== undefined && sameJson(old, value)) out[w.module] = old;
    else {
      out[w.module] = freezeBuilt(value);
      same = false;
    }
  }
  return same ? (before as ModuleStates) : Object.freeze(out);
}
