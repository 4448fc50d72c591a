import { figuresOf, tokensOf } from '../../rules/declared.js';
import type { FigureDef } from '../../rules/module.js';
import { RULE_MODULES } from '../../rules/registry.js';
import { activeModules } from '../../rules/tiles.js';
import type { ExpansionName } from '../../core/vocabulary.js';
import type { MeepleKind } from '../types.js';

let cache: { figures: FigureDef[]; names: MeepleKind[]; supply: string[]; tokens: ReturnType<typeof tokensOf> } | undefined;

/** The registry's figures and tokens, read on first use. */
function registry() {
  if (cache === undefined) {
    const figures = figuresOf();
    cache = { figures, names: figures.map((f) => f.name as MeepleKind), supply: figures.map((f) => f.supplyKey), tokens: tokensOf() };
  }
  return cache;
}

/** Figure kinds by their kernel code (the index), from the rule modules. */
export const figureNames = (): readonly MeepleKind[] => registry().names;

/** Where a player's record (`PlayerState`) counts each figure kind in supply, by kernel code (the index). */
export const supplyKeys = (): readonly string[] => registry().supply;

const FIGURES = { at: (i: number): FigureDef | undefined => registry().figures[i] };

/** The kernel's code of each figure kind. */
export const figureCode = (kind: MeepleKind): number => registry().names.indexOf(kind);

/** Whether `kind` names a figure kind. */
export const isFigureKind = (kind: unknown): kind is MeepleKind =>
  typeof kind === 'string' && registry().names.includes(kind as MeepleKind);

/** The figure kind's module (`null`: the base game). */
export function figureExpansion(kind: MeepleKind): ExpansionName | null {
  const m = RULE_MODULES.find((mod) => mod.figures?.some((f) => f.name === kind));
  return m === undefined || m.name === 'base' ? null : (m.name as ExpansionName);
}

/** Names of the expansions as messages write them. */
export function expansionTitle(name: ExpansionName): string {
  return RULE_MODULES.find((m) => m.name === name)?.title ?? name;
}

/** How a figure kind is named in messages. */
export const figureWord = (kind: MeepleKind): string => FIGURES.at(figureCode(kind))?.word ?? kind;

/** The feature kinds a figure kind may stand on. */
export const figureStands = (kind: MeepleKind): readonly string[] => FIGURES.at(figureCode(kind))?.stands ?? [];

/** Where a figure kind may stand, as messages say it. */
export const figurePlaces = (kind: MeepleKind): string => FIGURES.at(figureCode(kind))?.places ?? '';

/** Whether a figure kind is in a game with these expansions. */
export function figureInPlay(kind: MeepleKind, expansions: readonly ExpansionName[]): boolean {
  const needs = figureExpansion(kind);
  return needs === null || expansions.includes(needs);
}

/** Whether a figure kind joins a feature that already holds a meeple of its owner. */
export const joinsOwnMeeple = (kind: MeepleKind): boolean => FIGURES.at(figureCode(kind))?.joins === 'own';

/** Whether a figure kind may be taken back instead of deploying. */
export const recallable = (kind: MeepleKind): boolean => FIGURES.at(figureCode(kind))?.recall === true;

/** Most players with these expansions: the largest any active module allows. */
export function maxPlayers(expansions: readonly string[]): number {
  // House rules (turned on by rules, not expansions) change no player count.
  return Math.max(...activeModules(expansions, {}).map((m) => m.maxPlayers ?? 0));
}

/** The tokens players collect, by the key of their record (e.g. `goods`), with the kernel index of their first kind. */
export const tokenKinds = (): ReturnType<typeof tokensOf> => registry().tokens;

/** A player's token records, as the state writes them: every kind of every module, 0 when not in play. */
export function tokenRecords(tokensOfPlayer: (g: number) => number): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const tk of tokenKinds()) out[tk.key] = Object.fromEntries(tk.kinds.map((name, i) => [name, tokensOfPlayer(tk.first + i)]));
  return out;
}
