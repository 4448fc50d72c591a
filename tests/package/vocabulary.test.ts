import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderModuleTypes, renderVocabulary } from '../../scripts/vocabulary.mjs';
import { EDGE_KINDS, EXPANSIONS, FEATURE_KINDS, FIGURE_KINDS, SPOT_COUNT } from '../../src/core/vocabulary.js';
import { SPOTS } from '../../src/core/geometry.js';
import { compileTileSet, E_CITY, E_FIELD, E_ROAD, isCentreKind, K_CITY, K_CLOISTER, K_FIELD, K_ROAD } from '../../src/kernel/tables.js';
import { TILE_SETS } from '../../src/tiles/sets.js';
import type { TileDef } from '../../src/tiles/tile-types.js';
import { figureOrder } from '../../src/rules/roster.js';
import { decodeMove, encodeMove } from '../../src/engine/index.js';
import { moveFigure } from '../../src/core/move-code.js';
import { expansionNames, RULE_MODULES } from '../../src/rules/registry.js';
import type { ModuleDocs, RuleModule } from '../../src/rules/module.js';
import { tileDef, tileIds } from '../../src/rules/catalogue.js';

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

  it('FEATURE_KINDS, EDGE_KINDS and SPOTS are what the registered modules declare, numbered as the kernel numbers them', () => {
    expect([...FEATURE_KINDS]).toEqual(RULE_MODULES.flatMap((m) => (m.featureKinds ?? []).map((f) => f.name)));
    expect([...EDGE_KINDS]).toEqual(RULE_MODULES.flatMap((m) => (m.edgeKinds ?? []).map((e) => e.name)));
    expect([FEATURE_KINDS[K_ROAD], FEATURE_KINDS[K_CITY], FEATURE_KINDS[K_CLOISTER], FEATURE_KINDS[K_FIELD]]).toEqual([
      'road',
      'city',
      'cloister',
      'field',
    ]);
    expect([EDGE_KINDS[E_FIELD], EDGE_KINDS[E_ROAD], EDGE_KINDS[E_CITY]]).toEqual(['field', 'road', 'city']);
    // A module's centre kind has its spot after the base game's, and scores like a cloister.
    expect(SPOTS.slice(0, 14).join(' ')).toBe('N E S W C NNW NNE ENE ESE SSE SSW WSW WNW I');
    expect(SPOTS.length).toBe(SPOT_COUNT);
    const centres = RULE_MODULES.flatMap((m) => (m.featureKinds ?? []).flatMap((f) => (f.shape === 'centre' ? [f.spot] : [])));
    expect(SPOTS.filter((s) => centres.includes(s))).toEqual(centres);
    expect(FEATURE_KINDS.map((_, i) => isCentreKind(i))).toEqual(
      RULE_MODULES.flatMap((m) => (m.featureKinds ?? []).map((f) => f.shape === 'centre')),
    );
  });

  it('grow with the registry: a module with a feature kind in the middle, a line, an edge kind and printed fields adds them', async () => {
    const docs = await docsOf(RULE_MODULES);
    // Without The River's edge kind, to leave room for one (the kernel numbers at most 4).
    const modules = RULE_MODULES.map((m) => (m.name === 'river' ? { ...m, edgeKinds: [] } : m));
    const added: RuleModule = {
      name: 'volcanoes',
      title: 'Volcanoes',
      featureKinds: [
        { name: 'shrine', shape: 'centre', spot: 'H' },
        { name: 'lava', shape: 'edges' },
      ],
      edgeKinds: [{ name: 'lava', letter: 'L' }],
    };
    const words: ModuleDocs = {
      about: 'shrines and lava',
      featureKinds: { shrine: 'a shrine in the middle of its tile', lava: 'a lava flow' },
      featureFields: { city: { castle: { type: 'boolean', about: 'A castle stands in this segment.' } } },
    };
    const text = renderVocabulary([...modules, added], { ...docs, volcanoes: words });
    expect(text).toContain("export type FeatureKind = 'road' | 'city' | 'cloister' | 'field' | 'river' | 'garden' | 'shrine' | 'lava';");
    expect(text).toContain("export type CentreKind = 'cloister' | 'garden' | 'shrine';");
    expect(text).toContain("export const CENTRE_SPOTS: readonly ('' | CentreSpot)[] = ['', '', 'C', '', '', 'G', 'H', ''];");
    expect(text).toContain("  'I',\n  'G',\n  'H',\n];");
    expect(text).toContain('export const SPOT_COUNT = 16;');
    expect(text).toContain("export type EdgeKind = 'field' | 'road' | 'city' | 'lava';");
    expect(text).toContain("export const EDGE_LETTERS = 'FRCL';");
    expect(text).toContain('  readonly castle?: boolean;');
    expect(text).toContain("  readonly goods?: 'wine' | 'grain' | 'cloth';");
    expect(text).toContain("- `'shrine'`: a shrine in the middle of its tile (Volcanoes).");
  });

  it('refuses feature and edge kinds that clash or that the kernel cannot number', async () => {
    const docs = await docsOf(RULE_MODULES);
    const render =
      (m: RuleModule, d: ModuleDocs = { about: 'x', featureKinds: { shrine: 'a shrine', lava: 'lava' } }) =>
      () =>
        renderVocabulary([...RULE_MODULES, m], { ...docs, [m.name]: d });
    expect(render({ name: 'x', title: 'X', featureKinds: [{ name: 'garden', shape: 'centre', spot: 'H' }] })).toThrow(
      'two rule modules declare the feature kind garden',
    );
    expect(render({ name: 'x', title: 'X', featureKinds: [{ name: 'shrine', shape: 'centre', spot: 'S' }] })).toThrow(
      'two rule modules declare the spot S',
    );
    expect(render({ name: 'x', title: 'X', edgeKinds: [{ name: 'lava', letter: 'S' }] })).toThrow(
      'two rule modules declare the edge letter S',
    );
    // The River's four edge kinds fill the kernel's base-5 demand digit.
    expect(render({ name: 'x', title: 'X', edgeKinds: [{ name: 'lava', letter: 'L' }] })).toThrow(
      '5 edge kinds: the kernel numbers at most 4',
    );
    const many = ['a', 'b', 'c'].map((n) => ({ name: n, shape: 'edges' as const }));
    expect(render({ name: 'x', title: 'X', featureKinds: many }, { about: 'x', featureKinds: { a: 'a', b: 'b', c: 'c' } })).toThrow(
      '9 feature kinds: the kernel numbers at most 8',
    );
    expect(render({ name: 'x', title: 'X', featureKinds: [{ name: 'shrine', shape: 'edges' }] }, { about: 'x' })).toThrow(
      'rule module x: its docs say nothing of the feature kind shrine',
    );
  });

  it("the kernel's tables refuse a tile whose feature or edge kind no module declares", () => {
    const set = { ...TILE_SETS.base, counts: [['D', 1] as const, ['Q', 1] as const] };
    const shrine = { id: 'Q', edges: ['field', 'field', 'field', 'field'], features: [{ kind: 'shrine' }] } as unknown as TileDef;
    const lava = { id: 'Q', edges: ['lava', 'field', 'field', 'field'], features: [] } as unknown as TileDef;
    expect(() => compileTileSet(set, (id) => (id === 'Q' ? shrine : tileDef(id)))).toThrow(
      'tile Q: feature kind shrine is declared by no rule module (FEATURE_KINDS)',
    );
    expect(() => compileTileSet(set, (id) => (id === 'Q' ? lava : tileDef(id)))).toThrow(
      'tile Q: edge kind lava is declared by no rule module (EDGE_KINDS)',
    );
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
