import type { ExpansionName } from '../core/vocabulary.js';
import type { ModuleLook, ModuleWords, TileTypes } from './facets.js';
import type { RuleModule } from './module.js';

/**
 * An expansion as an app imports it (`river`, `abbot`, `innsCathedrals`, `tradersBuilders`,
 * `tower`): its rule module with its tiles, words and pictures. Games play an expansion once the
 * app has passed it to {@link useExpansions}; an app that never imports one does not bundle it.
 */
export interface Expansion {
  /** The expansion's name, as `GameOptions.expansions` and states write it. */
  readonly name: ExpansionName;
}

/** What an {@link Expansion} holds, for the library's own layers. */
export interface ExpansionParts extends Expansion {
  readonly rules: RuleModule;
  readonly tiles?: TileTypes;
  readonly words?: ModuleWords;
  readonly look?: ModuleLook;
}
