import { FIGURE_ABBOT, FIGURE_BUILDER, FIGURE_FOLLOWER, FIGURE_LARGE, FIGURE_PIG } from '../kernel/kernel.js';
import type { TileTables } from '../kernel/tables.js';
import type { ExpansionName } from '../tiles/setup.js';
import type { MeepleKind } from './types.js';

/** Figure kinds by their kernel code (the index). */
export const FIGURE_NAMES: readonly MeepleKind[] = ['follower', 'abbot', 'large', 'builder', 'pig'];

/** Where a player's record (`PlayerState`) counts each figure kind in supply, by kernel code (the index). */
export const SUPPLY_KEYS = ['meeples', 'abbots', 'largeMeeples', 'builders', 'pigs'] as const;

/** The kernel's code of each figure kind. */
export const FIGURE_CODE: Readonly<Record<MeepleKind, number>> = {
  follower: FIGURE_FOLLOWER,
  abbot: FIGURE_ABBOT,
  large: FIGURE_LARGE,
  builder: FIGURE_BUILDER,
  pig: FIGURE_PIG,
};

/** The expansion that brings each figure kind (`null`: the base game). */
export const FIGURE_EXPANSION: Readonly<Record<MeepleKind, ExpansionName | null>> = {
  follower: null,
  abbot: 'abbot',
  large: 'inns-cathedrals',
  builder: 'traders-builders',
  pig: 'traders-builders',
};

/** Names of the expansions as messages write them. */
export const EXPANSION_TITLES: Readonly<Record<ExpansionName, string>> = {
  river: 'The River',
  abbot: 'The Abbot',
  'inns-cathedrals': 'Inns & Cathedrals',
  'traders-builders': 'Traders & Builders',
};

/** How each figure kind is named in messages. */
export const FIGURE_WORDS: Readonly<Record<MeepleKind, string>> = {
  follower: 'follower',
  abbot: 'abbot',
  large: 'large meeple',
  builder: 'builder',
  pig: 'pig',
};

/** Where each figure kind may stand, as messages say it. */
export const FIGURE_PLACES: Readonly<Record<MeepleKind, string>> = {
  follower: 'on a road, city, cloister or field',
  abbot: 'only on a cloister or garden',
  large: 'on a road, city, cloister or field',
  builder: 'only on a road or city',
  pig: 'only on a field',
};

/** Whether a figure kind is in a game with these expansions. */
export function figureInPlay(kind: MeepleKind, expansions: readonly ExpansionName[]): boolean {
  const needs = FIGURE_EXPANSION[kind];
  return needs === null || expansions.includes(needs);
}

/** Whether a figure kind joins a feature that already holds a meeple of its owner (Traders & Builders). */
export const joinsOwnMeeple = (kind: MeepleKind): boolean => kind === 'builder' || kind === 'pig';

/** Bit mask of the local features of tile type t where a figure of this kind may stand. */
export function figureSpots(tables: TileTables, t: number, kind: MeepleKind): number {
  switch (kind) {
    case 'abbot':
      return tables.abbotSpots[t] as number;
    case 'builder':
      return tables.builderSpots[t] as number;
    case 'pig':
      return tables.pigSpots[t] as number;
    case 'follower':
    case 'large':
      return tables.followerSpots[t] as number;
  }
}

/** Most players: 5, or 6 with Inns & Cathedrals (its sixth colour). */
export function maxPlayers(expansions: readonly unknown[]): number {
  return expansions.includes('inns-cathedrals') ? 6 : 5;
}
