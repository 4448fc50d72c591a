import type { Expansion, ExpansionParts } from '../expansion.js';
import { river as rules } from './index.js';
import { look } from './look.js';
import { tileTypes } from './tiles.js';
import { words } from './words.js';

const parts: ExpansionParts = { name: 'river', rules, tiles: tileTypes, words, look };

/**
 * The River, for {@link useExpansions}: its rules, tiles, words and pictures.
 *
 * @example
 * ```ts
 * import { createGame, river, useExpansions } from 'carcassonne-engine';
 *
 * useExpansions(river);
 * console.log(createGame({ players: 2, seed: 1, expansions: ['river'] }).expansions); // → [ 'river' ]
 * ```
 */
export const river: Expansion = parts;
