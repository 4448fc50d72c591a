import type { Expansion, ExpansionParts } from '../expansion.js';
import { tower as rules } from './index.js';
import { look } from './look.js';
import { tileTypes } from './tiles.js';
import { words } from './words.js';

const parts: ExpansionParts = { name: 'tower', rules, tiles: tileTypes, words, look };

/**
 * The Tower, for {@link useExpansions}: its rules, tiles, words and pictures.
 *
 * @example
 * ```ts
 * import { createGame, tower, useExpansions } from 'carcassonne-engine';
 *
 * useExpansions(tower);
 * console.log(createGame({ players: 2, seed: 1, expansions: ['tower'] }).expansions); // → [ 'tower' ]
 * ```
 */
export const tower: Expansion = parts;
