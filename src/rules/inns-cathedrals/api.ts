// Inns & Cathedrals' words for the pure API.

/** What Inns & Cathedrals shows of a feature in `features()` (`BoardFeature`), in a game with it. */
export interface FeatureFacts {
  /** The inns beside a road (roads only). */
  readonly inns?: number;
  /** The cathedrals in a city (cities only). */
  readonly cathedrals?: number;
}
