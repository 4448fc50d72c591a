import type { FeatureLook, FigurePicture, ModuleLook, TileSymbolDef } from './facets.js';
import { look as river } from './river/look.js';
import { look as abbot } from './abbot/look.js';
import { look as base } from './base/look.js';
import { look as innsCathedrals } from './inns-cathedrals/look.js';
import { look as tradersBuilders } from './traders-builders/look.js';

/**
 * The look of every module with figures, tile symbols or kinds of feature, in registry order (one line a module;
 * `tests/package/layers.test.ts` holds it to the registry): apart from the modules, so that a
 * bundle that plays carries no pictures.
 */
export const LOOKS: readonly ModuleLook[] = [base, river, abbot, innsCathedrals, tradersBuilders];

/** How pictures draw a figure kind, or undefined for an unknown kind. */
export function figurePictureOf(kind: string): FigurePicture | undefined {
  for (const l of LOOKS) if (l.figures !== undefined && Object.hasOwn(l.figures, kind)) return l.figures[kind];
  return undefined;
}

/** How pictures draw a module's kind of feature, or undefined (the base game's kinds, an unknown kind). */
export function featureLookOf(kind: string): FeatureLook | undefined {
  for (const l of LOOKS) if (l.features !== undefined && Object.hasOwn(l.features, kind)) return l.features[kind];
  return undefined;
}

/** Every tile symbol the modules declare, in registry order. */
export const symbolsOf = (): TileSymbolDef[] => LOOKS.flatMap((l) => l.symbols ?? []);
