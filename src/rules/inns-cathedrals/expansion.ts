import type { Expansion, ExpansionParts } from '../expansion.js';
import { innsCathedrals as rules } from './index.js';
import { look } from './look.js';
import { tileTypes } from './tiles.js';
import { words } from './words.js';

const parts: ExpansionParts = { name: 'inns-cathedrals', rules, tiles: tileTypes, words, look };

/**
 * Inns & Cathedrals, for {@link useExpansions}: its rules, tiles, words and pictures.
 *
 * @example
 * ```ts
 * import { createGame, innsCathedrals, useExpansions } from 'carcassonne-engine';
 *
 * useExpansions(innsCathedrals);
 * console.log(createGame({ players: 2, seed: 1, expansions: ['inns-cathedrals'] }).expansions); // → [ 'inns-cathedrals' ]
 * ```
 */
export const innsCathedrals: Expansion = parts;
