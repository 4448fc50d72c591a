import type { Expansion, ExpansionParts } from '../expansion.js';
import { tradersBuilders as rules } from './index.js';
import { look } from './look.js';
import { tileTypes } from './tiles.js';
import { words } from './words.js';

const parts: ExpansionParts = { name: 'traders-builders', rules, tiles: tileTypes, words, look };

/**
 * Traders & Builders, for {@link useExpansions}: its rules, tiles, words and pictures.
 *
 * @example
 * ```ts
 * import { createGame, tradersBuilders, useExpansions } from 'carcassonne-engine';
 *
 * useExpansions(tradersBuilders);
 * console.log(createGame({ players: 2, seed: 1, expansions: ['traders-builders'] }).expansions); // → [ 'traders-builders' ]
 * ```
 */
export const tradersBuilders: Expansion = parts;
