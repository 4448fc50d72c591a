import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { tileCatalogue, tileTypesOf } from '../../src/rules/catalogue.js';
import { tileName, wordsOf } from '../../src/rules/words.js';
import { looksOf } from '../../src/rules/looks.js';
import { RULE_MODULES } from '../../src/rules/registry.js';
import { TILE_SETS } from '../../src/tiles/sets.js';

// The layers point one way: core → tiles → kernel → rules → api → engine and render → bots, the
// entry points on top. A module may import from its own folder and from lower layers only (types
// included): the kernel knows nothing of the API's types or words, nor of any rule module.

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const RANK: Readonly<Record<string, number>> = {
  core: 0,
  tiles: 1,
  kernel: 2,
  rules: 3,
  api: 4,
  engine: 5,
  render: 5,
  notation: 5,
  bots: 6,
  element: 6,
  '.': 7,
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(`${dir}${d.name}/`) : d.name.endsWith('.ts') ? [`${dir}${d.name}`] : [],
  );
}

/** The layer of a source file: its folder under src/ ('.' for the files at the top). */
const layerOf = (file: string): string => {
  const rel = file.slice(SRC.length);
  return rel.includes('/') ? (rel.split('/')[0] as string) : '.';
};

/** Every relative import of a file, resolved to a source path. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^;]*?from\s+'(\.[^']+)'/gms)) {
    out.push(fileURLToPath(new URL((m[1] as string).replace(/\.js$/, '.ts'), `file://${file}`)));
  }
  return out;
}

/** Whether an import from one source file to another points the wrong way (up, or across to a sibling layer). */
function wrongWay(file: string, target: string): boolean {
  const from = layerOf(file);
  const to = layerOf(target);
  return to !== from && (RANK[to] ?? 99) >= (RANK[from] ?? -1);
}

function violations(): string[] {
  const out: string[] = [];
  for (const file of files(SRC)) {
    for (const target of importsOf(file)) {
      if (wrongWay(file, target))
        out.push(`${file.slice(SRC.length)} imports ${target.slice(SRC.length)} (${layerOf(file)} → ${layerOf(target)})`);
    }
  }
  return out;
}

describe('layers', () => {
  it('every folder of src/ has a layer', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.filter((f) => RANK[f] === undefined)).toEqual([]);
  });

  it('imports point down only: core → tiles → kernel → api → engine, render → bots', () => {
    expect(violations()).toEqual([]);
  });

  it('the check reads imports and sees a wrong-way one', () => {
    const kernel = importsOf(`${SRC}kernel/kernel.ts`);
    expect(kernel).toContain(`${SRC}kernel/tables.ts`);
    expect(kernel).toContain(`${SRC}core/geometry.ts`);
    expect(wrongWay(`${SRC}kernel/kernel.ts`, `${SRC}api/types.ts`)).toBe(true);
    expect(wrongWay(`${SRC}engine/engine.ts`, `${SRC}render/ascii.ts`)).toBe(true);
    expect(wrongWay(`${SRC}core/rng.ts`, `${SRC}index.ts`)).toBe(true);
    expect(wrongWay(`${SRC}api/play/game.ts`, `${SRC}kernel/index.ts`)).toBe(false);
    expect(wrongWay(`${SRC}api/play/game.ts`, `${SRC}api/bridge.ts`)).toBe(false);
  });
});

// The kernel has a narrow interface (src/kernel/index.ts): the layers above import it from there
// only, and its type lets them read its state but write it only through its methods.

/** Imports of a kernel file other than its index, from outside src/kernel/, one line each. */
function kernelInternals(): string[] {
  const out: string[] = [];
  for (const file of files(SRC)) {
    if (layerOf(file) === 'kernel') continue;
    for (const target of importsOf(file))
      if (layerOf(target) === 'kernel' && target !== `${SRC}kernel/index.ts`)
        out.push(`${file.slice(SRC.length)} imports ${target.slice(SRC.length)}`);
  }
  return out;
}

describe('the kernel', () => {
  it('is imported through src/kernel/index.ts only', () => {
    expect(kernelInternals()).toEqual([]);
  });

  it('has no source file over 600 lines, nor has any other part of src/', () => {
    const long = files(SRC)
      .map((f) => [f.slice(SRC.length), readFileSync(f, 'utf8').split('\n').length] as const)
      .filter(([, n]) => n > 600);
    expect(long).toEqual([]);
  });
});

// Expansions live in their rule modules: outside src/rules/, no code names a module (a string such as 'abbot') or imports a module's folder except as types.
// Comments and types may name them (the public types describe every expansion's fields). A module
// name that is also a word of the tile data ('river', a feature and edge kind) is flagged only
// where it is looked up in a list or compared with a list of expansions.

/** Words of the tile data: feature and edge kinds. */
const TILE_WORDS = new Set(['road', 'city', 'cloister', 'field', 'garden', 'river']);

/** Whether a string literal that is a tile word is used as an expansion's name. */
function asExpansion(n: ts.Node): boolean {
  const p = n.parent;
  if (ts.isCallExpression(p) && ts.isPropertyAccessExpression(p.expression)) {
    return ['includes', 'indexOf', 'has', 'filter'].includes(p.expression.name.text);
  }
  return ts.isBinaryExpression(p) && /expansion/i.test(p.getText());
}

/** Names of modules that code outside src/rules/ writes, and value imports of module folders, one line each. */
function expansionNames(): string[] {
  const names = new Set(RULE_MODULES.map((m) => m.name).filter((n) => n !== 'base'));
  const out: string[] = [];
  for (const file of files(SRC)) {
    const rel = file.slice(SRC.length);
    // The public names of the modules are written from the registry (tests/package/vocabulary.test.ts).
    if (rel.startsWith('rules/') || rel === 'core/vocabulary.ts') continue;
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (ts.isTypeNode(n)) return;
      if (ts.isImportDeclaration(n)) {
        const from = (n.moduleSpecifier as ts.StringLiteral).text;
        const typeOnly = n.importClause?.isTypeOnly === true;
        if (!typeOnly && /\/rules\/[^/]+\//.test(from)) out.push(`${rel} imports ${from}`);
        return;
      }
      if (
        (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) &&
        names.has(n.text) &&
        (!TILE_WORDS.has(n.text) || asExpansion(n))
      ) {
        out.push(`${rel}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} names '${n.text}'`);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

describe('rule modules', () => {
  it('no code outside src/rules/ names an expansion or imports a module folder (types aside)', () => {
    expect(expansionNames()).toEqual([]);
  });

  it('the check finds a module named in code (known cases)', () => {
    const names = new Set(RULE_MODULES.map((m) => m.name));
    const code = "const a = expansions.includes('river'); const b = f.kind === 'river'; const c = 'abbot'; type T = 'abbot';";
    const sf = ts.createSourceFile('x.ts', code, ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (n: ts.Node): void => {
      if (ts.isTypeNode(n)) return;
      if (ts.isStringLiteral(n) && names.has(n.text) && (!TILE_WORDS.has(n.text) || asExpansion(n))) found.push(n.text);
      ts.forEachChild(n, visit);
    };
    visit(sf);
    expect(found).toEqual(['river', 'abbot']);
  });

  it("a module's tile types are written in its folder only (the tile sets' own aside)", () => {
    const sets = new Set(Object.values(TILE_SETS).flatMap((set) => set.counts.map(([id]) => id)));
    const out: string[] = [];
    for (const m of tileTypesOf()) {
      const own = new Set(
        [...(m.types?.() ?? []), ...(m.derived?.(Object.values(tileCatalogue())) ?? [])].map((t) => t.id).filter((id) => !sets.has(id)),
      );
      for (const file of files(SRC)) {
        const rel = file.slice(SRC.length);
        // The abbot's gardens name the tiles printed with one (the 2014 printings), whosever they are.
        if (rel.startsWith(`rules/${m.module}/`) || rel === 'rules/abbot/gardens.ts' || rel === 'core/vocabulary.ts') continue;
        const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
        const visit = (n: ts.Node): void => {
          if (ts.isStringLiteral(n) && own.has(n.text)) out.push(`${rel} writes ${m.module}'s '${n.text}'`);
          ts.forEachChild(n, visit);
        };
        visit(sf);
      }
    }
    expect(out).toEqual([]);
    // The check sees the tiles: every module that brings tiles has some of its own.
    for (const name of ['river', 'inns-cathedrals', 'traders-builders']) {
      expect(
        tileTypesOf()
          .find((m) => m.module === name)
          ?.types?.().length,
        name,
      ).toBeGreaterThan(0);
    }
  });

  it('the lists of tile types, words and looks follow the registry: its modules, in its order, every tile named, every figure drawn', () => {
    const order = RULE_MODULES.map((m) => m.name);
    for (const list of [tileTypesOf().map((t) => t.module), wordsOf().map((t) => t.module), looksOf().map((l) => l.module)]) {
      expect(list.every((name) => order.includes(name))).toBe(true);
      expect([...list].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(list);
    }
    // A module that adds tiles to a game's set declares its tile types.
    for (const m of RULE_MODULES.filter((m) => m.tiles?.add !== undefined))
      expect(
        tileTypesOf().some((t) => t.module === m.name),
        m.name,
      ).toBe(true);
    // Every tile type has a name.
    expect(Object.keys(tileCatalogue()).filter((id) => tileName(id) === '')).toEqual([]);
    for (const m of RULE_MODULES)
      for (const f of m.figures ?? []) {
        const look = looksOf().find((l) => l.module === m.name);
        expect(look?.figures?.[f.name]?.path, `${m.name}: ${f.name}`).toMatch(/^M/);
      }
  });

  it('outside src/rules/, no code writes a word of an expansion (comments aside)', () => {
    // The words of every expansion, from what it declares: its name, figures, tokens, extra tile,
    // and its look's symbols and kinds of feature.
    const expansions = RULE_MODULES.filter((m) => m.name !== 'base' && m.activeWhen === undefined);
    const words = new Set<string>();
    for (const m of expansions) {
      for (const w of m.name.split('-')) words.add(w);
      for (const f of m.figures ?? []) words.add(f.name).add(f.supplyKey);
      if (m.tokens !== undefined) for (const w of [m.tokens.key, ...m.tokens.kinds]) words.add(w);
      if (m.extraTurn !== undefined) words.add(m.extraTurn);
      const look = looksOf().find((l) => l.module === m.name);
      for (const sym of look?.symbols ?? []) words.add(sym.name);
      for (const kind of Object.keys(look?.features ?? {})) words.add(kind);
      for (const kind of [...(m.featureKinds ?? []), ...(m.edgeKinds ?? [])]) words.add(kind.name);
    }
    expect([...words]).toEqual(
      expect.arrayContaining(['river', 'abbot', 'inns', 'large', 'builder', 'pig', 'goods', 'wine', 'inn', 'garden']),
    );
    const stem = (w: string) => w.toLowerCase().replace(/s$/, '');
    const stems = new Set([...words].map(stem));
    const out: string[] = [];
    for (const file of files(SRC)) {
      const rel = file.slice(SRC.length);
      // Written from the modules by npm run vocabulary (tests/package/vocabulary.test.ts).
      if (rel.startsWith('rules/') || rel === 'core/vocabulary.ts' || rel === 'api/module-types.ts') continue;
      // 0.2.0's states, from before the modules, held `builderTurn`: the loader reads it.
      const allowed = rel === 'api/state/upgrade.ts' || rel === 'api/state/saved.ts' ? ['builder'] : [];
      const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (n: ts.Node): void => {
        // The main entry's one export line per expansion.
        if (
          rel === 'index.ts' &&
          ts.isExportDeclaration(n) &&
          /^'\.\/rules\/[a-z-]+\/expansion\.js'$/.test(n.moduleSpecifier?.getText() ?? '')
        )
          return;
        // Math's own names (Math.floor) are JavaScript's words, not a module's (The Tower's floor).
        const builtin =
          n.parent !== undefined &&
          ts.isPropertyAccessExpression(n.parent) &&
          n.parent.name === n &&
          n.parent.expression.getText() === 'Math';
        if (
          !builtin &&
          (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateLiteralToken(n))
        ) {
          const found = n.text
            .replace(/([a-z])([A-Z])/g, '$1 $2')
            .split(/[^A-Za-z]+/)
            .filter((w) => w !== '' && stems.has(stem(w)) && !allowed.includes(stem(w)));
          if (found.length > 0) out.push(`${rel}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${found.join(' ')}`);
        }
        ts.forEachChild(n, visit);
      };
      visit(sf);
    }
    expect(out).toEqual([]);
  });

  it('names each source file once across folders (index.ts and the files every module folder has aside)', () => {
    const byName = new Map<string, string[]>();
    for (const file of files(SRC)) {
      const rel = file.slice(SRC.length);
      const name = rel.split('/').pop() as string;
      if (name === 'index.ts' || /^rules\/[^/]+\/(api|expansion|look|tiles|words)\.ts$/.test(rel)) continue;
      byName.set(name, [...(byName.get(name) ?? []), rel]);
    }
    expect([...byName.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });

  it('the registry lists the base game first', () => {
    expect(RULE_MODULES[0]?.name).toBe('base');
  });
});
