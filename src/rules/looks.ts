import type { FeatureLook, FigurePicture, ModuleLook, TileSymbolDef } from './facets.js';
import { look as river } from './river/look.js';
import { look as abbot } from './abbot/look.js';
import { look as base } from './base/look.js';
import { look as innsCathedrals } from './inns-cathedrals/look.js';
import { look as tradersBuilders } from './traders-builders/look.js';
import { look as tower } from './tower/look.js';

/**
 * The look of every module with figures, tile symbols or kinds of feature, in registry order (one line a module;
 * `tests/package/layers.test.ts` holds it to the registry): apart from the modules, so that a
 * bundle that plays carries no pictures.
 */
export const LOOKS: readonly ModuleLook[] = [base, river, abbot, innsCathedrals, tradersBuilders, tower];

/** The modules' drawings of their parts of a state over the board, in registry order. */
export function boardLooks(): readonly { readonly module: string; readonly board: NonNullable<ModuleLook['board']> }[] {
  return LOOKS.flatMap((l) => (l.board === undefined ? [] : [{ module: l.module, board: l.board }]));
}

/** How pictures draw a figure kind, or undefined for an unknown kind. */
export function figurePictureOf(kind: string): FigurePicture | undefined {
  return byKind(kind, (l) => l.figures);
}

/** The entry for `kind` in the first look whose record `part` has it. */
function byKind<T>(kind: string, part: (l: ModuleLook) => Readonly<Record<string, T>> | undefined): T | undefined {
  for (const l of LOOKS) {
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
export const symbolsOf = (): TileSymbolDef[] => LOOKS.flatMap((l) => l.symbols ?? []);
