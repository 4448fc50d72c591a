// Traders & Builders' words for the pure API.

/** The goods of Traders & Builders. */
export type Goods = keyof GoodsTokens;

/** Goods tokens of each kind (Traders & Builders). */
export interface GoodsTokens {
  readonly wine: number;
  readonly grain: number;
  readonly cloth: number;
}

/** What Traders & Builders shows of a feature in `features()` (`BoardFeature`), in a game with it. */
export interface FeatureFacts {
  /** The goods symbols in a city (cities only). */
  readonly goods?: GoodsTokens;
}
