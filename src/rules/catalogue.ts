import { isRotation, type Rotation } from '../core/geometry.js';
import type { KnownTileId } from '../core/vocabulary.js';
import { baseTiles } from '../tiles/base.js';
import { pnpExtraTiles } from '../tiles/pnp-demo.js';
import { type TileView, viewTile } from '../tiles/spots.js';
import type { TileDef } from '../tiles/tile-types.js';
import type { TileTypes } from './facets.js';
import { tileName } from './words.js';
import { RULE_MODULES, registeredExpansions } from './registry.js';

/** The tile types of every registered expansion that brings or derives some, in registry order. */
export const tileTypesOf = (): readonly TileTypes[] => registeredExpansions().flatMap((e) => (e.tiles === undefined ? [] : [e.tiles]));

// Built on first use, and again when the registry changes.
let catalogue: Readonly<Record<string, TileDef>> | undefined;
let ids: readonly KnownTileId[] | undefined;
let builtFor: unknown;

/**
 * Every tile type this library knows, by id, built on first use and again when the registry
 * changes: the tile sets' (the base game's `'A'`…`'X'` and the two tiles the print-and-play demo
 * borrows), then each registered expansion's own types in registry order, then the types they
 * derive from those (garden copies).
 */
export function tileCatalogue(): Readonly<Record<string, TileDef>> {
  if (builtFor !== RULE_MODULES) {
    builtFor = RULE_MODULES;
    ids = undefined;
    const own = new Map<string, TileDef>();
    for (const t of [...baseTiles(), ...pnpExtraTiles()]) own.set(t.id, t);
    const types = tileTypesOf();
    for (const m of types) for (const t of m.types?.() ?? []) if (!own.has(t.id)) own.set(t.id, t);
    const known = [...own.values()];
    const derived = types.flatMap((m) => m.derived?.(known) ?? []);
    catalogue = Object.fromEntries([...own.values(), ...derived].map((t) => [t.id, t]));
  }
  return catalogue as Readonly<Record<string, TileDef>>;
}

/** The definition of a tile type in its printed orientation, or `undefined` for an unknown id. */
export function tileDef(id: string): TileDef | undefined {
  const all = tileCatalogue();
  return Object.hasOwn(all, id) ? all[id] : undefined;
}

/**
 * The id of every tile type this library knows: the base game (`'A'`…`'X'`, and the two tiles the
 * print-and-play demo borrows), then those of the registered expansions (`useExpansions`): Inns &
 * Cathedrals (`'IC-A'`…`'IC-Q'`), Traders & Builders (`'TB-A'`…`'TB-X'`), The River (`'RV-…'`), The
 * Tower (`'TO-…'`) and the garden copies of tiles (`'E-garden'`, …) that The Abbot uses.
 * {@link tileDefinition} gives each one's edges and features.
 *
 * @example
 * ```ts
 * import { tileDefinition, tileIds } from 'carcassonne-engine';
 *
 * const cloisters = tileIds().filter((id) => tileDefinition(id)?.features.some((f) => f.kind === 'cloister'));
 * console.log(cloisters.slice(0, 3)); // [ 'A', 'B', 'IC-D' ]
 * ```
 */
export function tileIds(): readonly KnownTileId[] {
  const all = tileCatalogue();
  ids ??= Object.freeze(Object.keys(all) as KnownTileId[]);
  return ids;
}

/**
 * Whether `id` is the id of a tile this library knows (see {@link tileIds}): narrows a string read
 * from JSON or typed by a person to {@link KnownTileId}.
 *
 * @example
 * ```ts
 * import { isTileId } from 'carcassonne-engine';
 *
 * console.log(isTileId('IC-D'), isTileId('Z'), isTileId(7)); // → true false false
 * ```
 */
export function isTileId(id: unknown): id is KnownTileId {
  return typeof id === 'string' && Object.hasOwn(tileCatalogue(), id);
}

/**
 * A tile type's definition rotated as it would lie on the board: edge kinds, features and the
 * spots naming each feature. Returns `null` for an unknown id or rotation.
 *
 * @example
 * ```ts
 * import { tileDefinition } from 'carcassonne-engine';
 *
 * // The start tile D turned a quarter: its city now faces east.
 * const d = tileDefinition('D', 90);
 * console.log(d?.edges); // → { E: 'city', S: 'road', W: 'field', N: 'road' }
 * console.log(d?.features.map((f) => `${f.kind} at ${f.spot}`).join(', ')); // → city at E, road at N, field at NNE, field at NNW
 * ```
 */
export function tileDefinition(id: string, rotation: Rotation = 0): TileView | null {
  return viewOf(id, rotation, tileName);
}

/** As {@link tileDefinition}, without the name (`''`): for the layers that read features only, so that they carry no words. */
export function tileFeatures(id: string, rotation: Rotation = 0): TileView | null {
  return viewOf(id, rotation, () => '');
}

function viewOf(id: string, rotation: Rotation, name: (id: string) => string): TileView | null {
  const t = typeof id === 'string' ? tileDef(id) : undefined;
  if (t === undefined || !isRotation(rotation)) return null;
  return viewTile(t, (rotation + 0) as Rotation, name(t.id));
}
