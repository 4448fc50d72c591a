// The public names the rule modules bring (expansion names, figure kinds, supply fields, module
// rules, error codes), written as TypeScript to src/core/vocabulary.ts from the modules registered
// in src/rules/registry.ts, so that the public types grow with the registry without a list to keep
// by hand, and the published declarations name them plainly.
//
//   npm run vocabulary                    rewrites src/core/vocabulary.ts
//   node scripts/vocabulary.mjs --check   fails when it is out of date (a test checks it as well)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET = path.join(ROOT, 'src/core/vocabulary.ts');
const TYPES = path.join(ROOT, 'src/api/module-types.ts');
const WIDTH = 100;
const LINE = 140;

const quote = (s) => `'${String(s).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A doc comment of `paragraphs` (each a string, or a list of bullet strings), wrapped at WIDTH, indented by `pad`. */
function comment(paragraphs, pad = '') {
  const out = [`${pad}/**`];
  const wrap = (text, first, next) => {
    let line = first;
    let fresh = true;
    for (const word of text.split(/\s+/).filter(Boolean)) {
      if (!fresh && `${line} ${word}`.length > WIDTH) {
        out.push(line);
        line = next + word;
      } else line = fresh ? line + word : `${line} ${word}`;
      fresh = false;
    }
    out.push(line);
  };
  paragraphs.forEach((p, i) => {
    if (i > 0) out.push(`${pad} *`);
    if (Array.isArray(p)) for (const item of p) wrap(item, `${pad} * - `, `${pad} *   `);
    else if (p.startsWith('```') || p.startsWith('@')) for (const l of p.split('\n')) out.push(`${pad} * ${l}`.trimEnd());
    else wrap(p, `${pad} * `, `${pad} * `);
  });
  out.push(`${pad} */`);
  return out.join('\n');
}

/** `export type name = a | b;`, on one line when it fits, as Biome formats it. */
function union(name, members) {
  const one = `export type ${name} = ${members.join(' | ')};`;
  return one.length <= LINE ? one : `export type ${name} =\n${members.map((m) => `  | ${m}`).join('\n')};`;
}

/**
 * The text of src/core/vocabulary.ts for the rule modules of a registry (the base game first), with
 * the words of each module's documentation (`docs` of its folder, by module name).
 */
export function renderVocabulary(modules, docs, tileIds = []) {
  const words = (m) => {
    const d = docs[m.name];
    if (d === undefined) throw new Error(`rule module ${m.name}: its folder exports no docs`);
    return d;
  };
  const figureWords = (m, f) => {
    const d = words(m).figures?.[f.name];
    if (d === undefined) throw new Error(`rule module ${m.name}: its docs say nothing of the figure ${f.name}`);
    return d;
  };
  const optionWords = (m, o) => {
    const d = words(m).options?.[o.key];
    if (d === undefined) throw new Error(`rule module ${m.name}: its docs say nothing of the option ${o.key}`);
    return d;
  };
  // House rules are turned on by their options, not listed as expansions.
  const expansions = modules.slice(1).filter((m) => m.activeWhen === undefined);
  const figures = modules.flatMap((m) => (m.figures ?? []).map((f) => ({ ...f, ...figureWords(m, f) })));
  const options = modules.flatMap((m) =>
    (m.options ?? []).map((o) => ({ ...o, doc: optionWords(m, o), optional: m.name !== 'base' && m.activeWhen === undefined })),
  );
  const errors = modules.flatMap((m) => m.errors ?? []);
  const names = expansions.map((m) => quote(m.name));
  const list = `export const EXPANSIONS: readonly ExpansionName[] = [${names.join(', ')}];`;
  const parts = [
    [
      '// Written by `npm run vocabulary` (scripts/vocabulary.mjs) from the rule modules registered in',
      '// src/rules/registry.ts; a test fails when it is out of date. Do not edit it by hand.',
    ].join('\n'),
    [
      comment([
        'Names of the expansions a game can be played with: one per rule module after the base game.',
        expansions.map((m) => `\`${quote(m.name)}\`: ${m.title}: ${words(m).about}.`),
      ]),
      union('ExpansionName', names.length > 0 ? names : ['never']),
    ].join('\n'),
    [
      comment([
        'Every expansion, in the order a state records them (the order of the rule modules).',
        [
          '@example',
          '```ts',
          "import { allExpansions, createGame, EXPANSIONS, useExpansions } from 'carcassonne-engine';",
          '',
          'useExpansions(...allExpansions);',
          `console.log(EXPANSIONS.join(', ')); // → ${expansions.map((m) => m.name).join(', ')}`,
          'const state = createGame({ players: 2, seed: 1, expansions: [...EXPANSIONS].reverse() });',
          `console.log(state.expansions.join(', ')); // → ${expansions.map((m) => m.name).join(', ')}`,
          '```',
        ].join('\n'),
      ]),
      list.length <= LINE ? list : `export const EXPANSIONS: readonly ExpansionName[] = [\n${names.map((n) => `  ${n},`).join('\n')}\n];`,
    ].join('\n'),
    [
      comment([
        'Kinds of figure (all called meeples throughout), one or more per rule module:',
        figures.map((f) => `\`${quote(f.name)}\`: ${f.about}.`),
      ]),
      union(
        'MeepleKind',
        figures.map((f) => quote(f.name)),
      ),
    ].join('\n'),
    [
      comment([
        'Every figure kind, in the order move codes number them (`encodeMove`): the same in every game, whichever modules an app imports.',
        [
          '@example',
          '```ts',
          "import { FIGURE_KINDS } from 'carcassonne-engine';",
          '',
          `console.log(FIGURE_KINDS.join(', ')); // → ${figures.map((f) => f.name).join(', ')}`,
          '```',
        ].join('\n'),
      ]),
      (() => {
        const one = `export const FIGURE_KINDS: readonly MeepleKind[] = [${figures.map((f) => quote(f.name)).join(', ')}];`;
        return one.length <= LINE
          ? one
          : `export const FIGURE_KINDS: readonly MeepleKind[] = [\n${figures.map((f) => `  ${quote(f.name)},`).join('\n')}\n];`;
      })(),
    ].join('\n'),
    ...featureVocabulary(modules, words),
    [
      comment([
        "The types of the rule modules' moves (`ModuleMove`): their actions at the action step and their steps.",
        modules.flatMap((m) =>
          [...(m.action === undefined ? [] : [m.action]), ...(m.steps ?? []).map((st) => st.name)].map(
            (t) => `\`${quote(t)}\`: ${m.title}.`,
          ),
        ),
      ]),
      union(
        'ModuleMoveType',
        (() => {
          const types = modules.flatMap((m) => [...(m.action === undefined ? [] : [m.action]), ...(m.steps ?? []).map((st) => st.name)]);
          return types.length > 0 ? types.map(quote) : ['never'];
        })(),
      ),
    ].join('\n'),
    [
      comment([
        "The figures in a player's supply: a field per figure kind of the game's rule modules (an expansion's only when it is in the game).",
      ]),
      'export interface Supplies {',
      modules
        .flatMap((m) => (m.figures ?? []).map((f) => ({ ...f, ...figureWords(m, f), optional: m.name !== 'base' })))
        .map((f) => `${comment([f.supply], '  ')}\n  readonly ${f.supplyKey}${f.optional ? '?' : ''}: number;`)
        .join('\n'),
      '}',
    ].join('\n'),
    [
      comment([
        'The rules each expansion adds (`ModuleRules`), by its name: a game records them only with the expansion, and a state saved by 0.2.0 recorded them in every game.',
      ]),
      (() => {
        const entries = expansions.map(
          (m) => `${/^[a-z]+$/.test(m.name) ? m.name : quote(m.name)}: [${(m.options ?? []).map((o) => quote(o.key)).join(', ')}]`,
        );
        const one = `export const RULES_OF_EXPANSIONS: Readonly<Record<ExpansionName, readonly string[]>> = { ${entries.join(', ')} };`;
        return one.length <= LINE
          ? one
          : `export const RULES_OF_EXPANSIONS: Readonly<Record<ExpansionName, readonly string[]>> = {\n${entries.map((e) => `  ${e},`).join('\n')}\n};`;
      })(),
    ].join('\n'),
    [
      comment(["The rules the rule modules add to a game: a state records every house rule's, and an expansion's when it is in the game."]),
      'export interface ModuleRules {',
      options
        .map((o) => {
          const type = !('choices' in o)
            ? o.type
            : o.choices.every((c) => typeof c === 'boolean')
              ? 'boolean'
              : o.choices.map((c) => (typeof c === 'string' ? quote(c) : String(c))).join(' | ');
          return `${comment([o.doc], '  ')}\n  readonly ${o.key}${o.optional ? '?' : ''}: ${type};`;
        })
        .join('\n'),
      '}',
    ].join('\n'),
    [
      comment([
        'What gave the current player an extra tile this turn (`GameState.extraTurn`): one word per rule module that gives one.',
        modules.filter((m) => m.extraTurn !== undefined).map((m) => `\`${quote(m.extraTurn)}\`: ${m.title}.`),
      ]),
      union(
        'ExtraTurn',
        (() => {
          const words = modules.flatMap((m) => (m.extraTurn === undefined ? [] : [quote(m.extraTurn)]));
          return words.length > 0 ? words : ['never'];
        })(),
      ),
    ].join('\n'),
    [
      comment([
        'The id of every tile this library knows: the base game letters, the tiles of the expansions (prefixed `IC-`, `TB-`, `RV-`) and the garden copies The Abbot uses (suffixed `-garden`). `TileId` is this union, open to any string (ids read from JSON or text are checked at run time).',
        [
          '@example',
          '```ts',
          "import { allExpansions, type KnownTileId, tileIds, useExpansions } from 'carcassonne-engine';",
          '',
          'useExpansions(...allExpansions);',
          "const spring: KnownTileId = 'RV-spring';",
          `console.log(tileIds().includes(spring), tileIds().length); // → true ${tileIds.length}`,
          '```',
        ].join('\n'),
      ]),
      union('KnownTileId', tileIds.length > 0 ? tileIds.map(quote) : ['never']),
    ].join('\n'),
    [
      comment(["Error codes of the rule modules' placement constraints."]),
      union('ModuleMoveErrorCode', errors.length > 0 ? errors.map(quote) : ['never']),
    ].join('\n'),
  ];
  return `${parts.join('\n\n')}\n`;
}

/** Every spot in order, for the centre feature kinds `centres`. */
const SPOTS_OF = (centres) => [
  ...'NESW',
  ...centres.filter((f) => f.m.name === 'base').map((f) => f.spot),
  'NNW',
  'NNE',
  'ENE',
  'ESE',
  'SSE',
  'SSW',
  'WSW',
  'WNW',
  'I',
  ...centres.filter((f) => f.m.name !== 'base').map((f) => f.spot),
];

/** `export const name: readonly type[] = [...]`, on one line when it fits. */
function list(name, type, members) {
  const one = `export const ${name}: ${type} = [${members.join(', ')}];`;
  return one.length <= LINE ? one : `export const ${name}: ${type} = [\n${members.map((m) => `  ${m},`).join('\n')}\n];`;
}

/**
 * The parts of the vocabulary the modules' feature and edge kinds make: their names and unions, the
 * centre spots, the edge letters of tile definitions, and the fields modules print on roads and cities.
 */
function featureVocabulary(modules, words) {
  const kinds = modules.flatMap((m) => (m.featureKinds ?? []).map((f) => ({ m, ...f })));
  const edges = modules.flatMap((m) => (m.edgeKinds ?? []).map((e) => ({ m, ...e })));
  const seen = (what, names) => {
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice !== undefined) throw new Error(`two rule modules declare the ${what} ${twice}`);
  };
  seen(
    'feature kind',
    kinds.map((f) => f.name),
  );
  seen(
    'edge kind',
    edges.map((e) => e.name),
  );
  seen(
    'edge letter',
    edges.map((e) => e.letter),
  );
  seen('spot', [...'NESWI', ...kinds.filter((f) => f.shape === 'centre').map((f) => f.spot)]);
  // The kernel keeps figures per (player, feature kind) in blocks of 8, and a cell's demand as one
  // base-5 digit per edge (1 + the edge kind): at most 8 feature kinds and 4 edge kinds.
  if (kinds.length > 8) throw new Error(`${kinds.length} feature kinds: the kernel numbers at most 8`);
  if (edges.length > 4) throw new Error(`${edges.length} edge kinds: the kernel numbers at most 4`);
  const kindWords = (f) => {
    const d = words(f.m).featureKinds?.[f.name];
    if (d === undefined) throw new Error(`rule module ${f.m.name}: its docs say nothing of the feature kind ${f.name}`);
    return d;
  };
  const centres = kinds.filter((f) => f.shape === 'centre');
  const fields = (on) =>
    modules.flatMap((m) =>
      Object.entries(words(m).featureFields?.[on] ?? {}).map(([key, f]) => `${comment([f.about], '  ')}\n  readonly ${key}?: ${f.type};`),
    );
  const fieldsOf = (name, on, about) => {
    const lines = fields(on);
    return [
      comment([about]),
      lines.length === 0 ? `export type ${name} = Record<never, never>;` : `export interface ${name} {\n${lines.join('\n')}\n}`,
    ].join('\n');
  };
  return [
    [
      comment([
        'Kinds of feature a tile can carry, one or more per rule module:',
        kinds.map((f) => `\`${quote(f.name)}\`: ${kindWords(f)} (${f.m.title}).`),
      ]),
      union(
        'FeatureKind',
        kinds.map((f) => quote(f.name)),
      ),
    ].join('\n'),
    [
      comment(['Every feature kind, in the order the kernel numbers them (registry order).']),
      list(
        'FEATURE_KINDS',
        'readonly FeatureKind[]',
        kinds.map((f) => quote(f.name)),
      ),
    ].join('\n'),
    [
      comment(['The feature kinds in the middle of a tile, named by a spot of their own and scored by the tiles around them.']),
      union(
        'CentreKind',
        centres.map((f) => quote(f.name)),
      ),
    ].join('\n'),
    [
      comment(['The spots that name a feature in the middle of a tile (`CentreKind`).']),
      union(
        'CentreSpot',
        centres.map((f) => quote(f.spot)),
      ),
    ].join('\n'),
    [
      comment(["The spot of each kind of `FEATURE_KINDS` that lies in the middle of a tile, `''` for the others."]),
      list(
        'CENTRE_SPOTS',
        "readonly ('' | CentreSpot)[]",
        kinds.map((f) => quote(f.shape === 'centre' ? f.spot : '')),
      ),
    ].join('\n'),
    [
      comment([
        "Every spot (`SPOTS`): the edges, the base game's centre spot, the half-edges and `I`, then the rule modules' centre spots in registry order.",
      ]),
      list('SPOT_ORDER', 'readonly string[]', SPOTS_OF(centres).map(quote)),
    ].join('\n'),
    [comment(['The number of spots (`SPOT_ORDER`).']), `export const SPOT_COUNT = ${SPOTS_OF(centres).length};`].join('\n'),
    [
      comment(['What an edge of a tile shows; two touching edges must show the same.']),
      union(
        'EdgeKind',
        edges.map((e) => quote(e.name)),
      ),
    ].join('\n'),
    [
      comment(['Every edge kind, in the order the kernel numbers them (registry order).']),
      list(
        'EDGE_KINDS',
        'readonly EdgeKind[]',
        edges.map((e) => quote(e.name)),
      ),
    ].join('\n'),
    [
      comment(['The letter of each kind of `EDGE_KINDS` in the edges of a tile definition (`tiles/define.ts`).']),
      `export const EDGE_LETTERS = ${quote(edges.map((e) => e.letter).join(''))};`,
    ].join('\n'),
    fieldsOf('RoadFields', 'road', 'What the rule modules print on a road segment of a tile definition (`RoadDef`).'),
    fieldsOf('CityFields', 'city', 'What the rule modules print on a city segment of a tile definition (`CityDef`).'),
  ];
}

/** A module name as a TypeScript identifier: inns-cathedrals → InnsCathedrals. */
const pascal = (name) => name.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase());

/**
 * The text of src/api/module-types.ts for the rule modules of a registry: the public types the API
 * takes from the modules' folders (each folder's `api.ts`), so that no module's word is written
 * outside its folder. `FeatureFacts`: the fields of every module that shows facts of a feature.
 */
export function renderModuleTypes(modules, docs) {
  const facts = modules.filter((m) => m.facts !== undefined);
  const kept = modules.filter((m) => docs[m.name]?.state !== undefined).map((m) => ({ m, ...docs[m.name].state }));
  // The types each module's api.ts gives, by module: one import a module.
  const from = new Map();
  const take = (m, name) => from.set(m.name, [...(from.get(m.name) ?? []), name]);
  for (const m of facts) take(m, `FeatureFacts as ${pascal(m.name)}Facts`);
  for (const { m, type } of kept) take(m, type);
  const key = (name) => (/^[a-z]+$/.test(name) ? name : quote(name));
  const states = [
    comment([
      "What the rule modules in play keep besides the board (`GameState.modules`), by module name (`{}` when none keeps anything): each module's part only with it.",
      kept.map(({ m, type }) => `\`${m.name}\`: ${m.title}'s \`${type}\`.`),
    ]),
    'export interface ModuleStates {',
    ...kept.map(({ m, type, about }) => `${comment([`${m.title}: ${about}.`], '  ')}\n  readonly ${key(m.name)}?: ${type};`),
    '  readonly [module: string]: unknown;',
    '}',
    '',
    comment([
      "The rule modules' parts of a set-up position (`Setup.modules`), by module name: each as `GameState.modules` writes it, any field left out taking its value at the start of a game.",
    ]),
    'export interface SetupModules {',
    ...kept.map(({ m, type }) => `  readonly ${key(m.name)}?: Partial<${type}>;`),
    '  readonly [module: string]: unknown;',
    '}',
  ].join('\n');
  const tokened = modules
    .filter((m) => m.tokens !== undefined)
    .map((m) => {
      const d = docs[m.name]?.tokens;
      if (d === undefined) throw new Error(`rule module ${m.name}: its docs name no type for its tokens`);
      return { m, key: m.tokens.key, kinds: m.tokens.kinds, ...d };
    });
  for (const { m, type } of tokened) take(m, type);
  const others = modules.flatMap((m) => (docs[m.name]?.types ?? []).map((type) => ({ m, type })));
  for (const { m, type } of others) take(m, type);
  const imports = [...from].map(([name, types]) => `import type { ${types.join(', ')} } from '../rules/${name}/api.js';`);
  if (tokened.length > 0) imports.push("import type { FeatureId } from './types.js';");
  const tokens = [
    comment(["The tokens the rule modules give players (`PlayerState`), by key: a module's only in a game with it."]),
    ...(tokened.length === 0
      ? ['export type PlayerTokens = Record<never, never>;']
      : [
          'export interface PlayerTokens {',
          ...tokened.map(({ m, key: k, type, about }) => `${comment([`${m.title}: ${about}.`], '  ')}\n  readonly ${key(k)}?: ${type};`),
          '}',
        ]),
    '',
    comment(["Each player's tokens in a set-up position (`Setup`), by key (default none)."]),
    ...(tokened.length === 0
      ? ['export type SetupTokens = Record<never, never>;']
      : [
          'export interface SetupTokens {',
          ...tokened.map(({ m, key: k, type }) => `${comment([`${m.title}.`], '  ')}\n  readonly ${key(k)}?: readonly Partial<${type}>[];`),
          '}',
        ]),
    '',
    comment([
      'A player completing a feature took its tokens (`GameEvent`): `<key>-taken`, with how many of each kind.',
      tokened.map(({ m, key: k }) => `\`'${k}-taken'\`: ${m.title}.`),
    ]),
    union(
      'TokensTaken',
      tokened.length === 0
        ? ['never']
        : tokened.map(({ key: k, type }) => `{ readonly type: '${k}-taken'; readonly player: number; readonly city: FeatureId } & ${type}`),
    ),
  ].join('\n');
  const marking = modules.flatMap((m) => (m.figures ?? []).filter((f) => f.marksField === true).map((f) => ({ m, f })));
  const marks = [
    comment([
      "Who has a figure that marks a field (a figure kind's `marksField`), in a farmer rule's input (`FarmerField`), by the figure's supply key: 1 for each player with one in the field, else 0 (it counts for no majority). The engine fills a game's own; optional in an input written by hand.",
    ]),
    ...(marking.length === 0
      ? ['export type FieldMarks = Record<never, never>;']
      : [
          'export interface FieldMarks {',
          ...marking.map(
            ({ m, f }) =>
              `${comment([`${m.title}: who has a ${f.word} in the field.`], '  ')}\n  readonly ${key(f.supplyKey)}?: readonly number[];`,
          ),
          '}',
        ]),
  ].join('\n');
  const named = [...kept, ...tokened, ...others];
  const exported = named.length === 0 ? [] : [`export type { ${named.map(({ type }) => type).join(', ')} };`];
  const doc = comment([
    "What the rule modules show of a feature in `features()` (`BoardFeature`): each module's fields (`RuleModule.facts`), in a game with it.",
    facts.map((m) => `${m.title}: \`${pascal(m.name)}Facts\`.`),
  ]);
  const body =
    facts.length === 0
      ? 'export type FeatureFacts = Record<never, never>;'
      : `export interface FeatureFacts extends ${facts.map((m) => `${pascal(m.name)}Facts`).join(', ')} {}`;
  return `${[
    [
      '// Written by `npm run vocabulary` (scripts/vocabulary.mjs) from the rule modules registered in',
      '// src/rules/registry.ts; a test fails when it is out of date. Do not edit it by hand.',
    ].join('\n'),
    ...(imports.length === 0 ? [] : [imports.join('\n')]),
    ...exported,
    `${doc}\n${body}`,
    states,
    tokens,
    marks,
  ].join('\n\n')}\n`;
}

/** The exports of a TypeScript source of this repository (a path, or `{ contents }` importing from it), bundled with esbuild. */
async function load(source) {
  const { build } = await import('esbuild');
  const result = await build({
    ...(typeof source === 'string'
      ? { entryPoints: [path.join(ROOT, source)] }
      : { stdin: { contents: source.contents, resolveDir: ROOT, loader: 'ts' } }),
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'error',
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'vocabulary-'));
  try {
    const file = path.join(dir, 'module.mjs');
    writeFileSync(file, result.outputFiles[0].text);
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The registry's modules with every expansion registered (src/rules/all.ts), and the docs of each module's folder (src/rules/<name>/index.ts) by name. */
async function registered() {
  const all = await load({
    contents: [
      "import { allExpansions } from './src/rules/all.ts';",
      "import * as registry from './src/rules/registry.ts';",
      "import { tileIds } from './src/rules/catalogue.ts';",
      'registry.useExpansions(...allExpansions);',
      'export const modules = registry.RULE_MODULES;',
      'export const ids = tileIds();',
    ].join('\n'),
  });
  const docs = {};
  for (const m of all.modules) docs[m.name] = (await load(`src/rules/${m.name}/index.ts`)).docs;
  return { modules: all.modules, docs, tileIds: all.ids };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { modules, docs, tileIds } = await registered();
  for (const [target, text] of [
    [TARGET, renderVocabulary(modules, docs, tileIds)],
    [TYPES, renderModuleTypes(modules, docs)],
  ]) {
    const name = path.relative(ROOT, target);
    const now = (() => {
      try {
        return readFileSync(target, 'utf8');
      } catch {
        return null;
      }
    })();
    if (process.argv.includes('--check')) {
      if (now !== text) {
        console.error(`${name} is out of date: run npm run vocabulary`);
        process.exit(1);
      }
      console.log(`vocabulary --check: ${name} is up to date`);
    } else if (now === text) console.log(`${name} is up to date`);
    else {
      writeFileSync(target, text);
      console.log(`wrote ${name}`);
    }
  }
}
