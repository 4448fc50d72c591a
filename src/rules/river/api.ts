import type { ModuleRules } from '../../core/vocabulary.js';

// The River's words for the pure API.

/**
 * What becomes of the base game's start tile when The River supplies the start (the rulebooks
 * differ): `'removed'` from the game, `'shuffled'` into the land tiles, or drawn as the
 * `'first-land'` tile, right after the lake.
 */
export type RiverStartTile = NonNullable<ModuleRules['riverStartTile']>;
