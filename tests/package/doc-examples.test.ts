import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import ts from 'typescript';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allExpansions, useExpansions } from '../../src/index.js';
import { forgetExpansions } from '../../src/rules/registry.js';

// Every export of the six entry points is documented; every exported value (function, class,
// constant) and every public method of an exported class carries an @example. The examples are
// run here, as doctests: each one's ```ts block is written to a module and imported, and where
// its lines say `// → …`, what it logs (as console.log prints it) must be exactly those, in order.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRIES = {
  'carcassonne-engine': 'src/index.ts',
  'carcassonne-engine/engine': 'src/engine/index.ts',
  'carcassonne-engine/bots': 'src/bots/index.ts',
  'carcassonne-engine/notation': 'src/notation/index.ts',
  'carcassonne-engine/render': 'src/render/index.ts',
  'carcassonne-engine/element': 'src/element/index.ts',
};

interface Documented {
  readonly name: string;
  readonly needsExample: boolean;
  readonly doc: string;
  readonly examples: string[];
}

function documented(): Documented[] {
  const files = Object.values(ENTRIES).map((f) => ROOT + f);
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
  });
  const checker = program.getTypeChecker();
  const out: Documented[] = [];
  const describeSymbol = (name: string, symbol: ts.Symbol, needsExample: boolean) => {
    const doc = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
    const examples = symbol
      .getJsDocTags(checker)
      .filter((t) => t.name === 'example')
      .map((t) => ts.displayPartsToString(t.text));
    out.push({ name, needsExample, doc, examples });
  };
  for (const [entry, file] of Object.entries(ENTRIES)) {
    const source = program.getSourceFile(ROOT + file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (moduleSymbol === undefined) throw new Error(`no module symbol for ${file}`);
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const isValue = (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class | ts.SymbolFlags.Variable)) !== 0;
      describeSymbol(`${entry} ${exported.name}`, symbol, isValue);
      if ((symbol.flags & ts.SymbolFlags.Class) === 0) continue;
      // Public methods and static methods of an exported class (not the inherited ones of errors).
      const declaration = symbol.declarations?.[0];
      if (declaration === undefined || !ts.isClassDeclaration(declaration)) continue;
      for (const member of declaration.members) {
        if (!ts.isMethodDeclaration(member) && !ts.isGetAccessorDeclaration(member)) continue;
        const modifiers = ts.getCombinedModifierFlags(member);
        if (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected) || member.name === undefined) continue;
        const memberSymbol = checker.getSymbolAtLocation(member.name);
        if (memberSymbol === undefined) continue;
        // An overloaded method is one symbol: described once.
        if (out.some((d) => d.name === `${entry} ${exported.name}.${memberSymbol.name}`)) continue;
        describeSymbol(`${entry} ${exported.name}.${memberSymbol.name}`, memberSymbol, ts.isMethodDeclaration(member));
      }
    }
  }
  return out;
}

/** The code of an @example: its ```ts block. */
function codeOf(example: string): string {
  return /```ts\n([\s\S]*?)```/.exec(example)?.[1] ?? '';
}

/** What the example says it logs: the `// → …` comments, in order. */
function promised(code: string): string[] {
  return [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => (m[1] as string).trimEnd());
}

const all = documented();

describe('documentation of the public API', () => {
  // Each example runs as in an app that has registered nothing but what the example registers.
  beforeEach(() => forgetExpansions());
  afterEach(() => {
    vi.restoreAllMocks();
    useExpansions(...allExpansions);
  });

  it('finds the exports of the four entry points', () => {
    expect(all.filter((d) => d.needsExample).length).toBeGreaterThan(50);
    expect(all.map((d) => d.name)).toContain('carcassonne-engine/engine Engine.legalMoves');
    expect(all.map((d) => d.name)).toContain('carcassonne-engine/notation replayRecord');
  });

  it('every export has a doc comment', () => {
    expect(all.filter((d) => d.doc === '').map((d) => d.name)).toEqual([]);
  });

  it('every exported function, class, constant and public method has an @example with a ```ts block', () => {
    expect(all.filter((d) => d.needsExample && !d.examples.some((e) => codeOf(e) !== '')).map((d) => d.name)).toEqual([]);
  });

  const examples = all
    .flatMap((d) => d.examples.map((e, i) => ({ name: `${d.name}${i > 0 ? ` #${i + 1}` : ''}`, code: codeOf(e) })))
    .filter((e) => e.code !== '');
  const dir = `${ROOT}tests/.generated/examples/`;

  it.each(examples)('the example of $name runs and logs what it says', async ({ name, code }) => {
    mkdirSync(dir, { recursive: true });
    const file = `${dir}${name.replace(/[^\w.#-]+/g, '_')}.ts`;
    writeFileSync(file, code);
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(...format(...args).split('\n'));
    });
    await import(/* @vite-ignore */ file);
    const expected = promised(code);
    if (expected.length > 0) expect(lines).toEqual(expected);
  });
});
