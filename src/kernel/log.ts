import type { Position } from '../core/geometry.js';

// What the kernel records while it plays, when asked to (the pure API asks; playouts do not): plain
// numbers and positions, no words. The API layer (`api/play/events.ts`) writes the events and the
// sentences of scorings from them.

/** A feature named by its oldest segment: that segment's tile position and canonical spot index. */
export interface FeatureRef {
  readonly x: number;
  readonly y: number;
  readonly spot: number;
}

/** Kind code of a scoring line that scores a majority of tokens (see Ruleset.tokenKinds), beside the K_* feature kinds. */
export const K_TOKENS = -1;
/**
 * Kind code of a module's own scoring line (The Tower's ransom): `ref.spot` is the line's index
 * among the registry's module lines (RuleModule.lines), x and y name what it is about.
 */
export const K_MODULE = -2;

/** One scoring, in numbers. */
export interface ScoreRecord {
  readonly final: boolean;
  /** The turn whose move caused it; the final scoring carries the last turn. */
  readonly turn: number;
  /** A feature kind code (K_*), or K_TOKENS. */
  readonly kind: number;
  /** The feature scored; for a token line, `spot` is the token kind and x, y are 0. */
  readonly ref: FeatureRef;
  readonly complete: boolean;
  /** Distinct tiles of the feature, in placement order (none for tokens). */
  readonly tiles: readonly Position[];
  readonly pennants: number;
  /** The feature's two attribute words (see Ruleset.attrs). */
  readonly attrs: readonly [number, number];
  /** Cloisters and gardens: tiles around. */
  readonly neighbours: number;
  /** Each player's strength in the feature (for a token line, tokens). */
  readonly strengths: readonly number[];
  readonly holders: readonly number[];
  readonly points: number;
  readonly awarded: readonly number[];
  /** The kind of the figure taken back that made it score (see FigureTable.recall), or -1. */
  readonly recall: number;
}

/** What happened, in order. */
export type KernelEvent =
  | { readonly type: 'placed'; readonly player: number; readonly tile: number; readonly x: number; readonly y: number; readonly q: number }
  | { readonly type: 'deployed'; readonly player: number; readonly figure: number; readonly seg: number }
  | { readonly type: 'scored'; readonly score: ScoreRecord }
  | { readonly type: 'returned'; readonly owner: number; readonly figure: number; readonly seg: number }
  /**
   * `player` drew `tile` from the bag: for their hand, or to place (`kept`), or it fitted nowhere
   * (not `kept`: a discard, or a tile put back, follows).
   */
  | { readonly type: 'drew'; readonly player: number; readonly tile: number; readonly kept: boolean }
  | { readonly type: 'discarded'; readonly player: number; readonly tile: number }
  /** A tile `player` drew fitted nowhere and went back into the bag (see Ruleset.putBack). */
  | { readonly type: 'put-back'; readonly player: number; readonly tile: number }
  /** `player` took tokens for completing `feature`: counts of the token kinds from `first` on. */
  | {
      readonly type: 'tokens-taken';
      readonly player: number;
      readonly feature: FeatureRef;
      readonly first: number;
      readonly counts: readonly number[];
    }
  /** Lines a rule hook wrote itself (the farmer rules of the API layer); the kernel never reads them. */
  | { readonly type: 'lines'; readonly lines: readonly unknown[] }
  /**
   * Who moves first was chosen (`how`: 0 given, 1 at random, 2 by drawing tiles for the most road
   * ends); `rounds` the draws, each round a flat list of player, tile type, player, tile type….
   */
  | { readonly type: 'first-chosen'; readonly player: number; readonly how: number; readonly rounds: readonly (readonly number[])[] }
  /**
   * Something a module did (a tower floor, a capture…): `module` its index in the registry,
   * `name` its own event number, `values` numbers its words read (see RuleModule.events).
   */
  | { readonly type: 'module'; readonly module: number; readonly name: number; readonly values: readonly number[] }
  | { readonly type: 'finished' };
