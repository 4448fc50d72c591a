import type { Position, Spot } from '../core/geometry.js';
import type { FeatureKind } from '../tiles/tile-types.js';
import type { FeatureFacts, FieldMarks } from './module-types.js';
import type { FeatureId, MeepleOnBoard, ScoredFeature } from './types.js';

// Features and scores as the pure API reports them (re-exported by types.ts): the final score,
// the board's features, and the input and result of a farmer rule.

/** Final totals, every scoring that made them, and the winners. */
export interface FinalScore {
  /** Totals per player: points so far plus the final scoring. */
  readonly scores: readonly number[];
  /** Every scoring of the game (play and final), in order; `scores` is exactly their sum. */
  readonly breakdown: readonly ScoredFeature[];
  /** The players with the highest total (several on a tie). */
  readonly winners: readonly number[];
}

/**
 * A feature on the board, as {@link features} reports it, with the fields the game's expansions add
 * ({@link FeatureFacts}: Inns & Cathedrals' `inns` on roads and `cathedrals` on cities, Traders &
 * Builders' `goods` on cities).
 */
export interface BoardFeature extends FeatureFacts {
  readonly id: FeatureId;
  readonly kind: FeatureKind;
  /** Distinct tiles, in placement order. */
  readonly tiles: readonly Position[];
  /** Each segment of the feature: its tile and canonical spot. */
  readonly segments: readonly { readonly x: number; readonly y: number; readonly at: Spot }[];
  readonly complete: boolean;
  /** Roads, cities and rivers: edges still open. Cloisters and gardens: empty cells around them. Fields: 0. */
  readonly open: number;
  readonly pennants: number;
  readonly meeples: readonly MeepleOnBoard[];
  /** Fields: the cities it borders. Empty for other kinds. */
  readonly cities: readonly FeatureId[];
}

/** The input of a farmer rule: every field holding a farmer and every city they border. */
export interface FarmerInput {
  readonly players: number;
  readonly fields: readonly FarmerField[];
  readonly cities: readonly FarmerCity[];
}

/** A field with at least one farmer, and who has a figure marking it ({@link FieldMarks}: Traders & Builders' `pigs`). */
export interface FarmerField extends FieldMarks {
  readonly id: FeatureId;
  readonly tiles: readonly Position[];
  /** Farmer strength per player. */
  readonly meeples: readonly number[];
  /** Ids of the distinct cities the field borders, complete or not. */
  readonly cities: readonly FeatureId[];
}

/** A city bordering a field with farmers. */
export interface FarmerCity {
  readonly id: FeatureId;
  readonly tiles: readonly Position[];
  readonly pennants: number;
  readonly complete: boolean;
}

/** One line of a farmer rule's result. */
export interface FarmerScore {
  /** The field scored, or for a city-centred rule, the city. */
  readonly id: FeatureId;
  readonly tiles: readonly Position[];
  readonly fields: readonly FeatureId[];
  readonly cities: readonly FeatureId[];
  readonly meeples: readonly number[];
  readonly holders: readonly number[];
  readonly points: number;
  /** Points given to each player by this line. */
  readonly awarded: readonly number[];
  readonly note: string;
}

/** What a farmer rule returns: points per player and the lines that make them. */
export interface FarmerResult {
  /** Points per player; must equal the sum of `awarded` over the breakdown. */
  readonly points: readonly number[];
  readonly breakdown: readonly FarmerScore[];
}

/**
 * A farmer rule: a pure function from the fields, the cities and who holds what to the points
 * and a breakdown. The built-in rules are functions of this type too (see `farmerRules`).
 */
export type FarmerRule = (input: FarmerInput) => FarmerResult;
