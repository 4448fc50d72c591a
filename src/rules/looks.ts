import type { FeatureLook, FigurePicture, ModuleLook, TileSymbolDef } from './facets.js';
import { look as base } from './base/look.js';
import { RULE_MODULES, registeredExpansions } from './registry.js';

let looks: { readonly registry: unknown; readonly list: readonly ModuleLook[] } | undefined;

/**
 * The look of the base game and of every registered expansion with figures, tile symbols or kinds
 * of feature, in registry order: apart from the modules, so that a bundle that plays carries no
 * pictures but its expansions'.
 */
export function looksOf(): readonly ModuleLook[] {
  if (looks?.registry !== RULE_MODULES)
    looks = { registry: RULE_MODULES, list: [base, ...registeredExpansions().flatMap((e) => (e.look === undefined ? [] : [e.look]))] };
  return looks.list;
}

/** The modules' drawings of their parts of a state over the board, in registry order. */
export function boardLooks(): readonly { readonly module: string; readonly board: NonNullable<ModuleLook['board']> }[] {
  return looksOf().flatMap((l) => (l.board === undefined ? [] : [{ module: l.module, board: l.board }]));
}

/** How pictures draw a figure kind, or undefined for an unknown kind. */
export function figurePictureOf(kind: string): FigurePicture | undefined {
  return byKind(kind, (l) => l.figures);
}

/** The entry for `kind` in the first look whose record `part` has it. */
function byKind<T>(kind: string, part: (l: ModuleLook) => Readonly<Record<string, T>> | undefined): T | undefined {
  for (const l of looksOf()) {
    const record = part(l);
    if (record !== undefined && Object.hasOwn(record, kind)) return record[kind];
  }
  return undefined;
}

/** How pictures draw a module's kind of feature, or undefined (the base game's kinds, an unknown kind). */
export function featureLookOf(kind: string): FeatureLook | undefined {
  return byKind(kind, (l) => l.features);
}

/** Every tile symbol the modules declare, in registry order. */
export const symbolsOf = (): TileSymbolDef[] => looksOf().flatMap((l) => l.symbols ?? []);
