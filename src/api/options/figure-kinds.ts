import type { Kernel } from '../../kernel/index.js';
import { figuresOf } from '../../rules/declared.js';
import type { FigureDef } from '../../rules/module.js';
import { RULE_MODULES } from '../../rules/registry.js';
import { figureOrder, type Roster, rosterOf } from '../../rules/roster.js';
import { activeModules } from '../../rules/tiles.js';
import type { ExpansionName } from '../../core/vocabulary.js';
import type { MeepleKind } from '../types.js';

// Figure kinds by name and by code (over every registered module), and a game's tokens (its
// kernel's roster).

let cache: { readonly registry: readonly unknown[]; readonly figures: FigureDef[]; readonly names: MeepleKind[] } | undefined;

/** The registered modules' figures, read again when the registry changes. */
function registry() {
  if (cache?.registry !== RULE_MODULES) {
    const figures = figuresOf();
    cache = { registry: RULE_MODULES, figures, names: figures.map((f) => f.name as MeepleKind) };
  }
  return cache;
}

/** Every figure kind of the registered modules. */
export const figureKinds = (): readonly MeepleKind[] => registry().names;

/** Where a player's record counts each figure kind of the registered modules (`figureKinds`) in supply. */
export const supplyKeysOf = (): readonly string[] => registry().figures.map((f) => f.supplyKey);

/** Figure kinds by their code (the index), the same in every game. */
export const figureNames = (): readonly MeepleKind[] => figureOrder() as readonly MeepleKind[];

const FIGURES = { at: (kind: MeepleKind): FigureDef | undefined => registry().figures[registry().names.indexOf(kind)] };

/** The code of a figure kind (-1 for an unknown kind). */
export const figureCode = (kind: MeepleKind): number => figureOrder().indexOf(kind);

/** Whether `kind` names a figure kind of a registered module. */
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
export const figureWord = (kind: MeepleKind): string => FIGURES.at(kind)?.word ?? kind;

/** The feature kinds a figure kind may stand on. */
export const figureStands = (kind: MeepleKind): readonly string[] => FIGURES.at(kind)?.stands ?? [];

/** Where a figure kind may stand, as messages say it. */
export const figurePlaces = (kind: MeepleKind): string => FIGURES.at(kind)?.places ?? '';

/** Whether a figure kind is in a game with these expansions. */
export function figureInPlay(kind: MeepleKind, expansions: readonly ExpansionName[]): boolean {
  const needs = figureExpansion(kind);
  return needs === null || expansions.includes(needs);
}

/** Whether a figure kind joins a feature that already holds a meeple of its owner. */
export const joinsOwnMeeple = (kind: MeepleKind): boolean => FIGURES.at(kind)?.joins === 'own';

/** Whether a figure kind may be taken back instead of deploying. */
export const recallable = (kind: MeepleKind): boolean => FIGURES.at(kind)?.recall === true;

/** Most players with these expansions: the largest any active module allows. */
export function maxPlayers(expansions: readonly string[]): number {
  // House rules (turned on by rules, not expansions) change no player count.
  return Math.max(...activeModules(expansions, {}).map((m) => m.maxPlayers ?? 0));
}

/** The tokens players of kernel k's game collect, by the key of their record (e.g. `goods`), with the kernel index of their first kind. */
export const tokenKinds = (k: Kernel): Roster['tokens'] => rosterOf(k).tokens;

/** Player p's token records in kernel k, as the state writes them: every kind of the game's modules. */
export function tokenRecords(k: Kernel, p: number): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const tk of tokenKinds(k)) out[tk.key] = Object.fromEntries(tk.kinds.map((name, i) => [name, k.tokensOf(p, tk.first + i)]));
  return out;
}
