import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// "Nothing runs at import": tile tables, the Immer instance and every other precomputed value are
// built on first use. A module's top level may only declare: imports and exports, functions,
// classes without static initialisers, types, and constants holding literals (strings, numbers,
// arrays and objects of them, functions) or an empty Map/WeakMap cache. Anything else (a call, a
// `new`, a spread, a top-level statement) would run when the module is imported, and bundlers keep
// it even when nothing from the module is used.

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const ENTRIES = ['index.ts', 'engine/index.ts', 'bots/index.ts', 'notation/index.ts', 'render/index.ts', 'element/index.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(`${dir}${d.name}/`) : d.name.endsWith('.ts') ? [`${dir}${d.name}`] : [],
  );
}

function inert(n: ts.Node | undefined): boolean {
  if (n === undefined) return true;
  if (ts.isStringLiteral(n) || ts.isNumericLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isIdentifier(n)) return true;
  if (n.kind === ts.SyntaxKind.TrueKeyword || n.kind === ts.SyntaxKind.FalseKeyword || n.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isArrowFunction(n) || ts.isFunctionExpression(n)) return true;
  if (ts.isPrefixUnaryExpression(n)) return inert(n.operand);
  if (ts.isBinaryExpression(n)) return inert(n.left) && inert(n.right);
  if (ts.isAsExpression(n) || ts.isSatisfiesExpression(n) || ts.isParenthesizedExpression(n)) return inert(n.expression);
  if (ts.isArrayLiteralExpression(n)) return n.elements.every((e) => !ts.isSpreadElement(e) && inert(e));
  if (ts.isObjectLiteralExpression(n)) {
    return n.properties.every((p) =>
      ts.isPropertyAssignment(p) ? inert(p.initializer) : ts.isShorthandPropertyAssignment(p) || ts.isMethodDeclaration(p),
    );
  }
  // An empty cache: `new Map()` / `new WeakMap()` with no entries.
  if (ts.isNewExpression(n))
    return ts.isIdentifier(n.expression) && ['Map', 'WeakMap'].includes(n.expression.text) && (n.arguments ?? []).length === 0;
  return false;
}

/** What runs at the top level of a file (or of `code`, when given), one line each. */
function workAtImport(file: string, code = readFileSync(file, 'utf8')): string[] {
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const where = (n: ts.Node) => `${file.slice(SRC.length)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const out: string[] = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) || ts.isExportDeclaration(st) || ts.isFunctionDeclaration(st)) continue;
    if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) continue;
    if (ts.isClassDeclaration(st)) {
      for (const m of st.members) {
        const isStatic = ts.canHaveModifiers(m) && (ts.getModifiers(m) ?? []).some((x) => x.kind === ts.SyntaxKind.StaticKeyword);
        if (ts.isClassStaticBlockDeclaration(m) || (isStatic && ts.isPropertyDeclaration(m) && !inert(m.initializer)))
          out.push(`${where(m)} static initialiser`);
      }
      if (st.heritageClauses?.some((h) => h.types.some((t) => !ts.isIdentifier(t.expression))))
        out.push(`${where(st)} computed base class`);
      continue;
    }
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (!inert(d.initializer)) out.push(`${where(d)} ${d.getText().slice(0, 60)}`);
      continue;
    }
    out.push(`${where(st)} ${st.getText().slice(0, 60)}`);
  }
  return out;
}

describe('nothing runs at import', () => {
  const files = sourceFiles(SRC);

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('no module of src/ does work at its top level', () => {
    expect(files.flatMap((f) => workAtImport(f))).toEqual([]);
  });

  // package.json says `"sideEffects": false`, so a bundler drops any module of the package that
  // nothing is imported from. That promise holds only if no module does work when evaluated.
  it('package.json promises bundlers no side effects', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(pkg.sideEffects).toBe(false);
  });

  // The same check on what a bundler makes of each entry imported for its effects alone
  // (`import 'carcassonne-engine/engine'`), with the package's annotations and its sideEffects
  // field ignored: whatever survives tree-shaking is what runs at import, and it is only constants.
  it.each(ENTRIES)('an app that imports %s and uses nothing keeps no work', async (entry) => {
    const out = await build({
      stdin: { contents: `import '${SRC}${entry}';`, resolveDir: SRC, loader: 'ts' },
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      external: ['immer'],
      ignoreAnnotations: true,
      write: false,
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]?.text ?? '';
    expect(workAtImport(`${SRC}bundle-of-${entry}`, code)).toEqual([]);
    // The bundle is not empty because of anything but constants: it holds no function.
    expect(code).not.toMatch(/\bfunction\b|=>/);
  });

  it('the check itself catches a top-level call, a new, a spread and a statement', () => {
    const probe = (code: string) => {
      const sf = ts.createSourceFile('probe.ts', code, ts.ScriptTarget.Latest, true);
      const st = sf.statements[0] as ts.VariableStatement;
      return inert(st.declarationList.declarations[0]?.initializer);
    };
    expect(probe("const a = ['N', { b: 1 }, () => f()];")).toBe(true);
    expect(probe('const a = new WeakMap<object, number>();')).toBe(true);
    expect(probe('const a = f();')).toBe(false);
    expect(probe('const a = new Immer({ autoFreeze: true });')).toBe(false);
    expect(probe('const a = [...b];')).toBe(false);
    expect(probe('const a = Object.freeze({});')).toBe(false);
    expect(probe('const a = new Map([[1, 2]]);')).toBe(false);
  });
});
