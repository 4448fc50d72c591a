import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layers point one way: core → tiles → kernel → api → engine and render → bots, the entry
// points on top. A module may import from its own folder and from lower layers only (types
// included): the kernel knows nothing of the API's types or words.

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const RANK: Readonly<Record<string, number>> = { core: 0, tiles: 1, kernel: 2, api: 3, engine: 4, render: 4, bots: 5, '.': 6 };

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
    expect(wrongWay(`${SRC}api/game.ts`, `${SRC}kernel/kernel.ts`)).toBe(false);
    expect(wrongWay(`${SRC}api/game.ts`, `${SRC}api/bridge.ts`)).toBe(false);
  });
});
