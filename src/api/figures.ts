import { FIGURE_ABBOT, FIGURE_FOLLOWER, FIGURE_LARGE } from '../kernel/kernel.js';
import type { TileTables } from '../kernel/tables.js';
import type { ExpansionName } from '../tiles/setup.js';
import type { MeepleKind } from './types.js';

/** The kernel's code of each figure kind. */
export const FIGURE_CODE: Readonly<Record<MeepleKind, number>> = { follower: FIGURE_FOLLOWER, abbot: FIGURE_ABBOT, large: FIGURE_LARGE };

/** The expansion that brings each figure kind (`null`: the base game). */
export const FIGURE_EXPANSION: Readonly<Record<MeepleKind, ExpansionName | null>> = {
  follower: null,
  abbot: 'abbot',
  large: 'inns-cathedrals',
};

/** How each figure kind is named in messages. */
export const FIGURE_WORDS: Readonly<Record<MeepleKind, string>> = { follower: 'follower', abbot: 'abbot', large: 'large meeple' };

/** Whether a figure kind is in a game with these expansions. */
export function figureInPlay(kind: MeepleKind, expansions: readonly ExpansionName[]): boolean {
  const needs = FIGURE_EXPANSION[kind];
  return needs === null || expansions.includes(needs);
}

/** Bit mask of the local features of tile type t where a figure of this kind may stand. */
export function figureSpots(tables: TileTables, t: number, kind: MeepleKind): number {
  return (kind === 'abbot' ? tables.abbotSpots[t] : tables.followerSpots[t]) as number;
}

/** Most players: 5, or 6 with Inns & Cathedrals (its sixth colour). */
export function maxPlayers(expansions: readonly unknown[]): number {
  return expansions.includes('inns-cathedrals') ? 6 : 5;
}
