/**
 * carcassonne-engine: the Carcassonne base game, in every rule edition, with The River, The
 * Abbot, Inns & Cathedrals and Traders & Builders, as pure functions over frozen plain-JSON states.
 *
 * @packageDocumentation
 * @module carcassonne-engine
 */
export { createGame } from './api/play/create.js';
export { applyMove, validateMove, previewMove } from './api/play/apply.js';
export { legalPlacements, legalMoves, legalTurns } from './api/play/list.js';
export { scoreFinal } from './api/play/score.js';
export { loadView, playerView } from './api/state/view.js';
export { movesAt, spotsAt } from './api/play/cell.js';
export type { SpotOnBoard } from './api/play/cell.js';
export { features, tileAt } from './api/state/queries.js';
export { loadState, validateState } from './api/state/load.js';
export { setupGame, setupOf, validateSetup } from './api/setup/setup.js';
export { validateOptions, editionRules } from './api/options/options.js';
export type { GameOptions, RulesOptions } from './api/options/options.js';
export type { RuleHooks } from './api/options/game-rules.js';
export { renderAscii } from './render/ascii.js';
export { isTileId, tileDefinition, tileIds } from './rules/catalogue.js';
export { TILE_SETS } from './tiles/sets.js';
export type { TileView, FeatureView } from './tiles/spots.js';
export { farmerRules } from './api/options/farmers.js';
export {
  CarcassonneError,
  IllegalMoveError,
  OptionsError,
  ProblemsError,
  SetupError,
  StateError,
} from './core/errors.js';
export type { ErrorCode, MoveErrorCode, OptionsErrorCode, SetupErrorCode, StateErrorCode, Problem } from './core/errors.js';
export { EDGES, HALF_EDGES, SPOTS, ROTATIONS } from './core/geometry.js';
export type { Edge, HalfEdge, Spot, Rotation, Position } from './core/geometry.js';
export type {
  TileDef,
  TileSetDef,
  TilePile,
  TileSetName,
  FeatureDef,
  FeatureKind,
  EdgeKind,
  RoadDef,
  CityDef,
  CloisterDef,
  CentreDef,
  LineDef,
  FieldDef,
} from './tiles/tile-types.js';
export { EXPANSIONS, FIGURE_KINDS } from './core/vocabulary.js';
export { useExpansions } from './rules/registry.js';
export type { Expansion } from './rules/expansion.js';
export { allExpansions } from './rules/all.js';
export { river } from './rules/river/expansion.js';
export { abbot } from './rules/abbot/expansion.js';
export { innsCathedrals } from './rules/inns-cathedrals/expansion.js';
export { tradersBuilders } from './rules/traders-builders/expansion.js';
export { tower } from './rules/tower/expansion.js';
export { LIMITS } from './core/limits.js';
export type * from './api/types.js';
