import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allExpansions, useExpansions } from '../../src/index.js';
import { forgetExpansions } from '../../src/rules/registry.js';
// @ts-expect-error: a plain JavaScript script, without types
import { pictures } from '../../scripts/docs-pictures.mjs';

// The guides of the docs site (docs/guides/*.md, and the rules and notation pages beside them):
// every ```ts block runs as written and logs exactly what its `// → …` comments say; every
// relative link and picture points at a file that exists; every picture is what the renderer
// draws today.

const DOCS = fileURLToPath(new URL('../../docs/', import.meta.url));
const GUIDES = readdirSync(path.join(DOCS, 'guides'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `guides/${f}`);
const PAGES = [...GUIDES, 'rules.md', 'notation.md'];
const text = (page: string) => readFileSync(path.join(DOCS, page), 'utf8');

const blocks = GUIDES.flatMap((page) =>
  [...text(page).matchAll(/```ts\n([\s\S]*?)```/g)].map((m, i) => ({ name: `${page} #${i + 1}`, code: m[1] as string })),
);

describe('the guides', () => {
  // Each example runs as in an app that has registered nothing but what the example registers.
  beforeEach(() => forgetExpansions());
  afterEach(() => {
    vi.restoreAllMocks();
    useExpansions(...allExpansions);
  });

  it('are the four guides the docs site promises beside the rules and the notation, each with code that says what it logs', () => {
    expect(GUIDES.sort()).toEqual(['guides/bots.md', 'guides/frontend.md', 'guides/getting-started.md', 'guides/tutorials.md']);
    for (const page of GUIDES) expect(blocks.some((b) => b.name.startsWith(page) && b.code.includes('// → '))).toBe(true);
  });

  it.each(blocks)('$name runs and logs what it says', async ({ name, code }) => {
    const dir = fileURLToPath(new URL('../.generated/guides/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    const file = `${dir}${name.replace(/[^\w.-]+/g, '_')}.ts`;
    writeFileSync(file, code);
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(...format(...args).split('\n'));
    });
    await import(/* @vite-ignore */ file);
    const promised = [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => (m[1] as string).trimEnd());
    expect(lines).toEqual(promised);
  });

  it.each(PAGES)('every relative link and picture of %s exists', (page) => {
    const targets = [...text(page).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1] as string).filter((t) => !/^[a-z]+:/i.test(t));
    if (page.startsWith('guides/')) expect(targets.length).toBeGreaterThan(0);
    const missing = targets.filter((t) => !existsSync(path.resolve(path.dirname(path.join(DOCS, page)), t)));
    expect(missing).toEqual([]);
  });

  it('every picture in docs/pictures is what the renderer draws now (npm run docs writes them)', () => {
    useExpansions(...allExpansions);
    const made = pictures() as Record<string, string>;
    const files = readdirSync(path.join(DOCS, 'pictures')).sort();
    expect(files).toEqual(Object.keys(made).sort());
    for (const [name, svg] of Object.entries(made)) expect(readFileSync(path.join(DOCS, 'pictures', name), 'utf8'), name).toBe(svg);
    const shown = PAGES.flatMap((page) =>
      [...text(page).matchAll(/\.\.\/pictures\/([\w-]+\.svg)|pictures\/([\w-]+\.svg)/g)].map((m) => m[1] ?? m[2]),
    );
    expect(new Set(shown)).toEqual(new Set(files));
  });
});
