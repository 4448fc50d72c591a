import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderModuleTypes, renderVocabulary } from '../../scripts/vocabulary.mjs';
import { EXPANSIONS, FIGURE_KINDS } from '../../src/core/vocabulary.js';
import { figureOrder } from '../../src/rules/roster.js';
import { decodeMove, encodeMove } from '../../src/engine/index.js';
import { moveFigure } from '../../src/core/move-code.js';
import { expansionNames, RULE_MODULES } from '../../src/rules/registry.js';
import type { ModuleDocs, RuleModule } from '../../src/rules/module.js';
import { tileIds } from '../../src/rules/catalogue.js';

// The public names of the rule modules (src/core/vocabulary.ts) are written from the registry by
// `npm run vocabulary`: a module added to the registry changes them without a list kept by hand.

const written = () => readFileSync(new URL('../../src/core/vocabulary.ts', import.meta.url), 'utf8');

/** The docs each registered module's folder exports, by module name. */
async function docsOf(modules: readonly RuleModule[]): Promise<Record<string, ModuleDocs>> {
  const out: Record<string, ModuleDocs> = {};
  for (const m of modules) out[m.name] = ((await import(`../../src/rules/${m.name}/index.ts`)) as { docs: ModuleDocs }).docs;
  return out;
}

describe('the rule modules’ public names (src/core/vocabulary.ts)', () => {
  it('are what the registered modules give: run `npm run vocabulary` after changing a module', async () => {
    expect(written()).toBe(renderVocabulary(RULE_MODULES, await docsOf(RULE_MODULES), tileIds()));
    // And the types the API takes from the modules' folders (src/api/module-types.ts).
    const types = readFileSync(new URL('../../src/api/module-types.ts', import.meta.url), 'utf8');
    const docs = await docsOf(RULE_MODULES);
    expect(types).toBe(renderModuleTypes(RULE_MODULES, docs));
    expect(types).toContain('  readonly tower?: TowerState;');
    expect(types).toContain("import type { FeatureFacts as InnsCathedralsFacts } from '../rules/inns-cathedrals/api.js';");
    expect(
      renderModuleTypes(
        RULE_MODULES.filter((m) => m.facts === undefined),
        docs,
      ),
    ).toContain('export type FeatureFacts = Record<never, never>;');
  });

  it('EXPANSIONS lists the registered modules after the base game, in registry order', () => {
    expect([...EXPANSIONS]).toEqual([...expansionNames()]);
  });

  it('FIGURE_KINDS numbers every figure kind of the registered modules, in registry order, as the move codes do', () => {
    expect([...FIGURE_KINDS]).toEqual(RULE_MODULES.flatMap((m) => (m.figures ?? []).map((f) => f.name)));
    expect(figureOrder()).toEqual([...FIGURE_KINDS]);
    // A code names a figure by its place there, with no game at hand.
    for (const kind of FIGURE_KINDS.filter((k) => k !== 'floor')) {
      const code = encodeMove({ type: 'meeple', at: 'C', kind });
      expect(moveFigure(code)).toBe(FIGURE_KINDS.indexOf(kind));
      expect(decodeMove(code)).toEqual({ type: 'meeple', at: 'C', kind });
    }
  });

  it('grow with the registry: a module with a figure kind, an option and an error code adds them', async () => {
    const added: RuleModule = {
      name: 'shepherd',
      title: 'The Shepherd',
      options: [{ key: 'flock', choices: ['small', 'large'] }],
      errors: ['shepherd-lost'],
      figures: [
        {
          name: 'shepherd',
          supplyKey: 'shepherds',
          word: 'shepherd',
          places: 'only on a field',
          perPlayer: 1,
          weight: 0,
          stands: ['field'],
          joins: 'free',
        },
      ],
    };
    const docs: ModuleDocs = {
      about: 'a shepherd per player',
      figures: { shepherd: { about: 'the shepherd', supply: 'Shepherds in supply.' } },
      options: { flock: 'How big a flock is.' },
    };
    const text = renderVocabulary([...RULE_MODULES, added], { ...(await docsOf(RULE_MODULES)), shepherd: docs });
    expect(text).toContain(
      "export type ExpansionName = 'river' | 'abbot' | 'inns-cathedrals' | 'traders-builders' | 'tower' | 'shepherd';",
    );
    expect(text).toContain("| 'pig' | 'floor' | 'shepherd';");
    expect(text).toContain('  readonly shepherds?: number;');
    expect(text).toContain("  readonly flock?: 'small' | 'large';");
    expect(text).toContain("export type ModuleMoveErrorCode = 'river-not-continued' | 'river-u-turn' | 'off-the-table' | 'shepherd-lost';");
    expect(text).toContain('// → river, abbot, inns-cathedrals, traders-builders, tower, shepherd');
  });

  it('a module without docs for its figures or options is refused', async () => {
    const docs = await docsOf(RULE_MODULES);
    const mute: RuleModule = { name: 'mute', title: 'Mute', options: [{ key: 'loud', choices: [true, false] }] };
    expect(() => renderVocabulary([...RULE_MODULES, mute], docs)).toThrow('rule module mute: its folder exports no docs');
    expect(() => renderVocabulary([...RULE_MODULES, mute], { ...docs, mute: { about: 'quiet' } })).toThrow(
      'rule module mute: its docs say nothing of the option loud',
    );
  });

  it('every code a placement constraint explains with is declared by its module', () => {
    for (const m of RULE_MODULES) {
      if (m.explainPlacement === undefined) continue;
      expect(m.errors?.length ?? 0, m.name).toBeGreaterThan(0);
    }
  });
});
