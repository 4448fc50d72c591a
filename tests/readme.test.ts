import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Runs README's quick start exactly as written (the first ```ts block under "## Quick start").
const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
const section = readme.slice(readme.indexOf('## Quick start'));
const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';

describe('README', () => {
  afterEach(() => vi.restoreAllMocks());

  it('quick start runs verbatim and prints what its comments say', async () => {
    expect(code).toContain("from 'carcassonne-engine'");
    const dir = fileURLToPath(new URL('./.generated/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}quick-start.ts`, code);
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(args.join(' '));
    });
    await import(/* @vite-ignore */ `${dir}quick-start.ts`);
    expect(lines[0]).toMatch(/^Ann starts with tile [A-X]$/);
    expect(lines[1]).toBe('not-adjacent');
    expect(lines[2]).toContain('# city');
    expect(lines[3]).toMatch(/^scores \d+ : \d+, won by (Ann|Bob)( and Bob)?$/);
  });

  it('names the two set-up commands', () => {
    expect(readme).toContain('npm install && npm run demo');
    expect(readme).toContain('npm install && npm test');
  });
});
