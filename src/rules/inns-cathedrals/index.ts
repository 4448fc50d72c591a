import { K_CITY, K_ROAD, type Kernel, type ScoreRecord } from '../../kernel/index.js';
import { innsCathedralsTiles } from './tiles.js';
import type { FeatureDef } from '../../tiles/tile-types.js';
import type { ModuleContext, ModuleDocs, RuleModule, TileDraft } from '../module.js';

/**
 * Inns & Cathedrals: 18 tiles, a large meeple per player (counting as two for every majority), a
 * sixth player, and inns and cathedrals that double the stakes of their road or city.
 */
export const innsCathedrals = {
  name: 'inns-cathedrals',
  title: 'Inns & Cathedrals',
  maxPlayers: 6,
  figures: [
    {
      name: 'large',
      supplyKey: 'largeMeeples',
      word: 'large meeple',
      places: 'on a road, city, cloister or field',
      perPlayer: 1,
      weight: 2,
      stands: ['road', 'city', 'cloister', 'field'],
      joins: 'free',
      bot: { weight: 3 },
    },
  ],
  attributes: [
    {
      name: 'inns',
      bits: 8,
      of: (f: FeatureDef) => ((f.kind === 'road' && f.inn === true) || (f.kind === 'city' && f.cathedral === true) ? 1 : 0),
    },
  ],
  tiles: {
    add(draft: TileDraft): void {
      // Merged by id: the print-and-play demo already holds two of these tiles.
      for (const [def, n] of innsCathedralsTiles()) draft.land.set(def.id, (draft.land.get(def.id) ?? 0) + n);
    },
  },
  note(r: ScoreRecord, attribute: (name: string) => number): string | null {
    const inns = attribute('inns');
    if (inns === 0) return null;
    const tiles = r.tiles.length;
    const tileWord = tiles === 1 ? 'tile' : 'tiles';
    if (r.kind === K_ROAD) {
      const with_ = `with ${inns === 1 ? 'an inn' : `${inns} inns`}`;
      return r.complete ? `completed road of ${tiles} ${tileWord} ${with_}: 2×${tiles}` : `incomplete road ${with_}: 0`;
    }
    if (r.kind !== K_CITY) return null;
    const p = r.pennants;
    const with_ = `with ${inns === 1 ? 'a cathedral' : `${inns} cathedrals`}`;
    if (!r.complete) return `incomplete city ${with_}: 0`;
    const pennantPart = p > 0 ? ` and ${p} pennant${p === 1 ? '' : 's'}` : '';
    return `completed city of ${tiles} ${tileWord}${pennantPart} ${with_}: 3×${tiles}${p ? ` + 3×${p}` : ''}`;
  },
  facts: (kind: string, attribute: (name: string) => number) =>
    kind === 'road' ? { inns: attribute('inns') } : kind === 'city' ? { cathedrals: attribute('inns') } : null,
  hooks(ctx: ModuleContext) {
    const { word, shift, bits } = ctx.attribute('inns');
    return {
      // A road with an inn scores 2 a tile when completed, 0 when not; a city with a cathedral 3 a
      // tile and 3 a pennant, or 0 (rules-facts §d). More inns or cathedrals add nothing.
      value(k: Kernel, r: number, kind: number, tiles: number, extra: number, complete: boolean, base: number): number {
        if (((k.attrOf(r, word) >>> shift) & ((1 << bits) - 1)) === 0) return base;
        if (kind === K_ROAD) return complete ? 2 * tiles : 0;
        if (kind === K_CITY) return complete ? 3 * tiles + 3 * extra : 0;
        return base;
      },
    };
  },
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: '18 tiles with inns and cathedrals, a large meeple per player, up to 6 players',
  featureFields: {
    road: { inn: { type: 'boolean', about: 'Inns & Cathedrals: an inn stands beside this segment.' } },
    city: { cathedral: { type: 'boolean', about: 'Inns & Cathedrals: a cathedral stands in this segment.' } },
  },
  figures: {
    large: {
      about: "Inns & Cathedrals' large meeple (one per player): where a follower may stand; it counts as two followers for every majority",
      supply: "Large meeples in the player's supply: 1 or 0 with Inns & Cathedrals, always 0 without.",
    },
  },
} satisfies ModuleDocs;
