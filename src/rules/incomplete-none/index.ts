import { FEATURE_KINDS } from '../../core/vocabulary.js';
import type { ScoreRecord } from '../../kernel/index.js';
import type { ModuleDocs, RuleModule } from '../module.js';

/**
 * House rule "incomplete features do not score at the end of the game" (wikicarpedia,
 * Print-and-Play Demo, House rules): roads, cities, cloisters and gardens still incomplete at the
 * end score nothing. Fields and goods score by their own rules; a figure taken back during play
 * (The Abbot) scores as before: the rule is about the end.
 */
export const incomplete = {
  name: 'incomplete-none',
  title: 'incomplete features score nothing',
  activeWhen: (rules: Readonly<Record<string, unknown>>) => rules.incomplete === 'none',
  options: [{ key: 'incomplete', choices: ['score', 'none'] }],
  incompleteScores: false,
  note(r: ScoreRecord): string | null {
    if (!r.final || r.complete || r.recall >= 0) return null;
    const tiles = r.tiles.length;
    return `incomplete ${FEATURE_KINDS[r.kind]} of ${tiles} tile${tiles === 1 ? '' : 's'}: 0 (incomplete features score nothing)`;
  },
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: 'roads, cities, cloisters and gardens still incomplete at the end score nothing',
  options: {
    incomplete:
      "What roads, cities, cloisters and gardens still incomplete at the end score: `'score'` (default) as the rules say, or `'none'`: nothing (a house rule). Fields and goods score by their own rules either way.",
  },
} satisfies ModuleDocs;
