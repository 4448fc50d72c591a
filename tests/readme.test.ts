import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allExpansions, useExpansions } from '../src/index.js';
import { forgetExpansions } from '../src/rules/registry.js';

// Runs README's quick start exactly as written (the first ```ts block under "## Quick start").
const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
const section = readme.slice(readme.indexOf('## Quick start'));
const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const botsCode = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Bots and search')))?.[1] ?? '';
const expansionsCode = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Expansions')))?.[1] ?? '';
const viewsCode = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Online play: player views')))?.[1] ?? '';
const notationCode = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Writing games down')))?.[1] ?? '';
const setupCode = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Tutorials and puzzles')))?.[1] ?? '';
const analysisCode = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Hints and commentary')))?.[1] ?? '';
const picturesCode = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Pictures')))?.[1] ?? '';
const tradersCode = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('### Traders & Builders')))?.[1] ?? '';

/** Runs a README block as a module and returns what it logged, line by line. */
async function run(name: string, source: string): Promise<string[]> {
  const dir = fileURLToPath(new URL('./.generated/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}${name}.ts`, source);
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  });
  await import(/* @vite-ignore */ `${dir}${name}.ts`);
  return lines;
}

describe('README', () => {
  // Each example runs as in an app that has registered nothing but what the example registers.
  beforeEach(() => forgetExpansions());
  afterEach(() => {
    vi.restoreAllMocks();
    useExpansions(...allExpansions);
  });

  it('pictures: the render block runs verbatim and prints what its comments say', async () => {
    expect(picturesCode).toContain("from 'carcassonne-engine/render'");
    const lines = await run('pictures', picturesCode);
    expect(lines).toEqual(['city road field field', 'true 0', 'true']);
  });

  it('quick start runs verbatim and prints what its comments say', async () => {
    expect(code).toContain("from 'carcassonne-engine'");
    const lines = await run('quick-start', code);
    expect(lines[0]).toMatch(/^Ann starts with tile [A-X]$/);
    expect(lines[1]).toBe('not-adjacent');
    expect(lines[2]).toContain('# city');
    expect(lines[3]).toMatch(/^scores \d+ : \d+, won by (Ann|Bob)( and Bob)?$/);
  });

  it('the bots and search example runs verbatim and prints what its comments say', async () => {
    expect(botsCode).toContain("from 'carcassonne-engine/engine'");
    const lines = await run('bots-and-search', botsCode);
    expect(lines[0]).toMatch(/^\d+ legal moves, the first is \{"type":"tile","tile":"[A-X]","x":-?\d+,"y":-?\d+,"rotation":\d+/);
    expect(lines[1]).toMatch(/^player 0 wins \d+(\.\d)?% of random playouts$/);
    expect(lines[2]).toBe('3');
  });

  it('the expansions example runs verbatim and prints what its comments say', async () => {
    expect(expansionsCode).toContain("expansions: ['river', 'abbot']");
    const lines = await run('expansions', expansionsCode);
    expect(lines[0]).toBe('RV-spring true');
    const recalls = /^(\d+) abbot recalls scored ([\d, ]*)$/.exec(lines[1] ?? '');
    expect(recalls, lines[1]).not.toBeNull();
    // Each recall scores 1 + its neighbours: 1 to 9 points.
    const points = (recalls?.[2] ?? '')
      .split(', ')
      .filter((p) => p !== '')
      .map(Number);
    expect(points.length).toBe(Number(recalls?.[1]));
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) expect(p >= 1 && p <= 9).toBe(true);
  });

  it('the Traders & Builders example runs verbatim and prints what its comments say', async () => {
    expect(tradersCode).toContain("expansions: ['traders-builders']");
    const lines = await run('traders-builders', tradersCode);
    const second = /^(\d+) second tiles$/.exec(lines[0] ?? '');
    expect(second, lines[0]).not.toBeNull();
    expect(Number(second?.[1])).toBeGreaterThan(0);
    // One goods line per kind, in the order wine, grain, cloth.
    expect(lines.slice(1).map((l) => /^(?:most )?(wine|grain|cloth)/.exec(l)?.[1])).toEqual(['wine', 'grain', 'cloth']);
  });

  it('the player views example runs verbatim and prints what its comments say', async () => {
    expect(viewsCode).toContain('playerView(state, 0)');
    const lines = await run('player-views', viewsCode);
    expect(lines).toEqual(['false [4,0]', '1']);
  });

  it('the notation example runs verbatim and prints what its comments say', async () => {
    expect(notationCode).toContain("from 'carcassonne-engine/notation'");
    const lines = await run('notation', notationCode);
    expect(lines).toEqual(['["1. E 0,-1 r180 knight S","2. U"]', '[4,0] U -1,0 r90']);
  });

  it('the set-up example runs verbatim and prints what its comments say', async () => {
    expect(setupCode).toContain('setupGame(parsePosition(puzzle))');
    const lines = await run('setup', setupCode);
    expect(lines).toEqual(['[16,12] true', 'edge-mismatch']);
  });

  it('the analysis example runs verbatim and prints what its comments say', async () => {
    expect(analysisCode).toContain('analyseAsync(state');
    const lines = await run('analysis', analysisCode);
    expect(lines).toEqual(['180 S 4', 'moved']);
  });

  it('names the two set-up commands', () => {
    expect(readme).toContain('npm install && npm run demo');
    expect(readme).toContain('npm install && npm test');
  });
});
