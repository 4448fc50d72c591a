import { BASE_GARDEN_TILES, EXPANSION_GARDEN_TILES, GARDEN_MARK, gardenId } from './gardens.js';
import { tileDef } from '../catalogue.js';
import type { ModuleDocs, RuleModule, TileDraft, TileOptions } from '../module.js';

/** Swaps one copy of `id` in `counts` for its garden copy, keeping the order. */
function withGardenCopy(counts: [string, number][]): [string, number][] {
  return counts.flatMap(([id, n]): [string, number][] =>
    n > 1
      ? [
          [id, n - 1],
          [gardenId(id), 1],
        ]
      : n === 1
        ? [[gardenId(id), 1]]
        : [],
  );
}

/**
 * The Abbot: each player has one abbot, which stands only on a cloister or garden and may be taken
 * back instead of deploying while its feature is incomplete (scoring it at once as at the end);
 * with `gardens`, one copy of each garden tile of the 2014 printings carries a garden.
 */
export const abbot = {
  name: 'abbot',
  title: 'The Abbot',
  featureKinds: [{ name: 'garden', shape: 'centre', spot: 'G' }],
  options: [
    {
      key: 'gardens',
      choices: [true, false],
    },
  ],
  figures: [
    {
      name: 'abbot',
      supplyKey: 'abbots',
      word: 'abbot',
      places: 'only on a cloister or garden',
      perPlayer: 1,
      weight: 1,
      stands: ['cloister', 'garden'],
      joins: 'free',
      recall: true,
      bot: { weight: 1.5 },
    },
  ],
  tiles: {
    finish(draft: TileDraft, options: TileOptions): void {
      if (options.rules.gardens !== true) return;
      const gardened = new Set(EXPANSION_GARDEN_TILES);
      for (const [id] of [...draft.before, ...draft.land]) if (tileDef(id)?.marks?.includes(GARDEN_MARK) === true) gardened.add(id);
      // The print-and-play demo's own tiles have no garden copies.
      if (options.tileSet === 'base') for (const id of BASE_GARDEN_TILES) gardened.add(id);
      const swap = (counts: [string, number][]) =>
        counts.flatMap((entry): [string, number][] => (gardened.has(entry[0]) ? withGardenCopy([entry]) : [entry]));
      draft.before.splice(0, draft.before.length, ...swap(draft.before));
      const land = swap([...draft.land]);
      draft.land.clear();
      for (const [id, n] of land) draft.land.set(id, n);
      // A tile's garden copy is drawn from the pile the tile is drawn from (a river tile's, its course).
      draft.piles.forEach((p, i) => {
        const copies = p.ids.filter((id) => gardened.has(id)).map(gardenId);
        if (copies.length > 0) draft.piles[i] = { ...p, ids: [...p.ids, ...copies] };
      });
    },
  },
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: 'one abbot per player, and gardens',
  types: ['GardenDef'],
  featureKinds: {
    garden: 'a garden in the middle of its tile (spot `G`): only an abbot may stand on it, and it does not split the field around it',
  },
  figures: {
    abbot: {
      about:
        "The Abbot's abbot (one per player): only on a cloister or garden; instead of deploying, its owner may take it back while its feature is incomplete",
      supply: "Abbots in the player's supply: 1 or 0 with The Abbot (0 while it is on the board), always 0 without.",
    },
  },
  options: {
    gardens:
      'With The Abbot, whether the garden copies of tiles are used (default `true`; the printings before 2014 have no gardens: `false`). Recorded in every game; no effect without The Abbot.',
  },
} satisfies ModuleDocs;
