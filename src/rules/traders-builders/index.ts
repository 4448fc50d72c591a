import { type Kernel, award, K_TOKENS, type KernelEvent, type ScoreRecord, majority, K_CITY, K_ROAD } from '../../kernel/index.js';
import { tradersBuildersTiles } from './tiles.js';
import type { FeatureDef } from '../../tiles/tile-types.js';
import type { ModuleContext, ModuleDocs, RuleModule, TileDraft } from '../module.js';

/** The goods, in the order of their token kinds. */
export const GOODS = ['wine', 'grain', 'cloth'] as const;
/** Points for the most tokens of a goods kind at the end (every tied player scores them). */
const GOODS_POINTS = 10;

/**
 * Traders & Builders (rules-facts §e): 24 tiles, goods symbols in cities that the player who
 * completes the city takes as tokens (10 points per kind to the majority at the end), a builder
 * that gives a second tile when its owner extends its road or city, and a pig that raises its
 * owner's field.
 */
export const tradersBuilders = {
  name: 'traders-builders',
  title: 'Traders & Builders',
  extraTurn: 'builder',
  figures: [
    {
      name: 'builder',
      supplyKey: 'builders',
      word: 'builder',
      places: 'only on a road or city',
      perPlayer: 1,
      weight: 0,
      stands: ['road', 'city'],
      joins: 'own',
      // The second tiles it may give.
      bot: { weight: 2, onBoard: true },
    },
    {
      name: 'pig',
      supplyKey: 'pigs',
      word: 'pig',
      places: 'only on a field',
      perPlayer: 1,
      weight: 0,
      stands: ['field'],
      joins: 'own',
      marksField: true,
    },
  ],
  // 8 bits per goods kind: a tile set has fewer than 256 symbols of a kind.
  attributes: [
    { name: 'wine', bits: 8, of: (f: FeatureDef) => (f.kind === 'city' && f.goods === 'wine' ? 1 : 0) },
    { name: 'grain', bits: 8, of: (f: FeatureDef) => (f.kind === 'city' && f.goods === 'grain' ? 1 : 0) },
    { name: 'cloth', bits: 8, of: (f: FeatureDef) => (f.kind === 'city' && f.goods === 'cloth' ? 1 : 0) },
  ],
  tokens: { key: 'goods', kinds: GOODS },
  facts: (kind: string, attribute: (name: string) => number) =>
    kind === 'city' ? { goods: Object.fromEntries(GOODS.map((g) => [g, attribute(g)])) } : null,
  tiles: {
    add(draft: TileDraft): void {
      for (const [def, n] of tradersBuildersTiles()) draft.land.set(def.id, (draft.land.get(def.id) ?? 0) + n);
    },
  },
  hooks(ctx: ModuleContext) {
    const T = ctx.tables;
    const builder = ctx.figure('builder');
    const places = GOODS.map((g) => ctx.attribute(g));
    const goodsOf = (k: Kernel, r: number, g: number) => {
      const a = places[g] as (typeof places)[number];
      return (k.attrOf(r, a.word) >>> a.shift) & ((1 << a.bits) - 1);
    };
    return {
      // A tile that extends the road or city holding the player's builder gives a second tile,
      // even if it completes the feature and the builder goes home; the second never gives a third.
      keepsTurn(k: Kernel, p: number): boolean {
        const s = k.soleSeg(k.current, builder);
        if (s < 0) return false;
        const t = k.pType[p] as number;
        return k.extends(p, s, (T.kindMask[t * 8 + K_ROAD] as number) | (T.kindMask[t * 8 + K_CITY] as number));
      },
      // The player who completes a city takes one token per goods symbol in it, whoever held it.
      completed(k: Kernel, r: number, kind: number, log: KernelEvent[] | null): void {
        if (kind !== K_CITY) return;
        let any = 0;
        for (let g = 0; g < GOODS.length; g++) {
          const n = goodsOf(k, r, g);
          any += n;
          k.addTokens(k.current, ctx.tokens + g, n);
        }
        if (any === 0 || log === null) return;
        log.push({
          type: 'tokens-taken',
          player: k.current,
          feature: k.ref(r),
          first: ctx.tokens,
          counts: GOODS.map((_, g) => goodsOf(k, r, g)),
        });
      },
      // For each goods kind, every player tied for the most tokens (at least one) scores 10.
      final(k: Kernel, into: Int32Array, log: KernelEvent[] | null): void {
        const P = k.players;
        const w = new Int32Array(P);
        for (let g = 0; g < GOODS.length; g++) {
          for (let p = 0; p < P; p++) w[p] = k.tokensOf(p, ctx.tokens + g);
          const best = majority(w);
          if (log !== null) log.push({ type: 'scored', score: tokenLine(k, g, w, best) });
          award(w, best, GOODS_POINTS, into);
        }
      },
    };
  },
} as const satisfies RuleModule;

function tokenLine(k: Kernel, g: number, w: Int32Array, best: number): ScoreRecord {
  const holders: number[] = [];
  const awarded: number[] = [];
  for (let p = 0; p < k.players; p++) {
    const holds = best > 0 && w[p] === best;
    if (holds) holders.push(p);
    awarded.push(holds ? GOODS_POINTS : 0);
  }
  return {
    final: true,
    turn: Math.max(0, k.turn - 1),
    kind: K_TOKENS,
    ref: { x: 0, y: 0, spot: g },
    complete: false,
    tiles: [],
    pennants: 0,
    attrs: [0, 0],
    neighbours: 0,
    strengths: Array.from(w),
    holders,
    points: GOODS_POINTS,
    awarded,
    recall: -1,
  };
}

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: '24 tiles with 20 goods symbols, a builder and a pig per player',
  tokens: { type: 'GoodsTokens', about: 'the goods tokens the player has taken, one per symbol of each city they completed' },
  types: ['Goods'],
  featureFields: {
    city: { goods: { type: "'wine' | 'grain' | 'cloth'", about: 'Traders & Builders: the goods symbol printed in this segment.' } },
  },
  figures: {
    builder: {
      about:
        "Traders & Builders' builder (one per player): joins a road or city that holds a meeple of its owner, counts for no majority, and gives its owner a second tile when a tile extends that feature",
      supply: "Builders in the player's supply: 1 or 0 with Traders & Builders, always 0 without.",
    },
    pig: {
      about:
        "Traders & Builders' pig (one per player): joins a field that holds a farmer of its owner, counts for no majority, and raises what the field's cities score its owner",
      supply: "Pigs in the player's supply: 1 or 0 with Traders & Builders (a pig stays on the board once placed), always 0 without.",
    },
  },
} satisfies ModuleDocs;
