import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The reference tile data (tests/fixtures/reference, see its README for sources); tests only, never the package. */
export const REFERENCE_DIR = fileURLToPath(new URL('../fixtures/reference/', import.meta.url));

export interface RefFeature {
  id: string;
  type: string;
  edges?: string[];
  halfEdges?: string[];
  pennants?: number;
  adjacentCities?: string[];
}
export interface RefTile {
  id: string;
  count: number;
  startCopies?: number;
  baseEquivalent?: string;
  edges: Record<'N' | 'E' | 'S' | 'W', string>;
  features: RefFeature[];
}
export interface RefSet {
  totalTiles: number;
  tileTypes: number;
  tiles: RefTile[];
}

export function loadReference(file: string): RefSet {
  return JSON.parse(readFileSync(REFERENCE_DIR + file, 'utf8')) as RefSet;
}

/** The id this library uses for a reference tile (print-and-play letters map to the tile they equal). */
export function engineId(t: RefTile): string {
  if (t.baseEquivalent === undefined) return t.id;
  const [set, letter] = t.baseEquivalent.split(':');
  return set === 'base' ? (letter as string) : `IC-${letter}`;
}
