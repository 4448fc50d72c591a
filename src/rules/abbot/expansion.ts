import type { Expansion, ExpansionParts } from '../expansion.js';
import { abbot as rules } from './index.js';
import { look } from './look.js';
import { tileTypes } from './gardens.js';
import { words } from './words.js';

const parts: ExpansionParts = { name: 'abbot', rules, tiles: tileTypes, words, look };

/**
 * The Abbot, for {@link useExpansions}: its rules, tiles, words and pictures.
 *
 * @example
 * ```ts
 * import { createGame, abbot, useExpansions } from 'carcassonne-engine';
 *
 * useExpansions(abbot);
 * console.log(createGame({ players: 2, seed: 1, expansions: ['abbot'] }).expansions); // → [ 'abbot' ]
 * ```
 */
export const abbot: Expansion = parts;
