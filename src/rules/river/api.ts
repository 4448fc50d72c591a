import type { ModuleRules } from '../../core/vocabulary.js';
import type { LineDef } from '../../tiles/tile-types.js';

// The River's words for the pure API.

/**
 * What becomes of the base game's start tile when The River supplies the start (the rulebooks
 * differ): `'removed'` from the game, `'shuffled'` into the land tiles, or drawn as the
 * `'first-land'` tile, right after the lake.
 */
export type RiverStartTile = NonNullable<ModuleRules['riverStartTile']>;

/**
 * A river segment (The River). One edge: the spring or the lake. Nothing may stand on it; it
 * splits the fields on its banks.
 */
export interface RiverDef extends LineDef {
  readonly kind: 'river';
}
