import { resolveOptions } from '../api/options/options.js';
import type { Edition, ExpansionName } from '../api/types.js';
import type { TileSetName } from '../tiles/tile-types.js';

/** The rules that differ from those the edition, expansions and tile set give: what a record or a position writes. */
export function changedRules(
  game: {
    readonly players?: unknown;
    readonly edition?: Edition;
    readonly expansions?: readonly ExpansionName[];
    readonly tileSet?: TileSetName;
  },
  rules: object,
): Record<string, unknown> {
  const defaults = resolveOptions({
    players: Array.isArray(game.players) ? game.players.length : typeof game.players === 'number' ? game.players : 2,
    seed: 0,
    ...(game.edition === undefined ? {} : { edition: game.edition }),
    ...(game.expansions === undefined ? {} : { expansions: game.expansions }),
    ...(game.tileSet === undefined ? {} : { tileSet: game.tileSet }),
  }).rules as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.entries(rules).filter(([key, v]) => JSON.stringify(v) !== JSON.stringify(defaults[key])));
}
