import type { Rotation } from '../core/geometry.js';
import { figureWord } from '../api/options/figure-kinds.js';
import { isTurn, readMove } from '../api/play/legality.js';
import { checked } from '../api/state/kernels.js';
import type { AnyMove, GameState, MeepleKind, PlayerView } from '../api/types.js';
import { tileFeatures } from '../rules/catalogue.js';
import { actionsOf, stepsOf } from '../rules/declared.js';
import type { ModuleApi } from '../rules/module.js';
import type { Kernel } from '../kernel/index.js';
import { ROLES } from './move.js';

// A move as a person reads it, for buttons, logs and tutorials: the base game's words here, a rule
// module's from its words (ModuleWords.move).

const an = (word: string): string => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;

/**
 * A sentence for a move at a state or view: a tile step (`V on (1, 0) turned 90°`), an action
 * (`a knight on S`, `take the abbot back`, `no figure`), a whole turn (the two joined by a comma),
 * or a rule module's move in its module's words (`a tower floor on (0, 1)`, `capture nobody`). A
 * follower is named by the feature it stands on (knight, thief, farmer, monk), as the notation
 * names it. The move is not checked against the rules (`validateMove` does); a move that is not
 * well formed throws `IllegalMoveError` (`malformed-move`).
 *
 * @example
 * ```ts
 * import { applyMove, createGame } from 'carcassonne-engine';
 * import { describeMove } from 'carcassonne-engine/notation';
 *
 * const state = createGame({ players: 2, seed: 1, drawOrder: ['E'] });
 * console.log(describeMove(state, { x: 0, y: -1, rotation: 180, meeple: { at: 'S' } })); // → E on (0, -1) turned 180°, a knight on S
 * const placed = applyMove(state, { type: 'tile', x: 0, y: -1, rotation: 180 });
 * console.log(describeMove(placed, { type: 'pass' })); // → no figure
 * ```
 */
export function describeMove(input: GameState | PlayerView, asked: AnyMove): string {
  const { state, kernel: k } = checked(input);
  const { move, error } = readMove(asked);
  if (error !== null) throw error;
  const last = state.placements[state.placements.length - 1];
  // The tile a move places when it names none: the tile to place, or with hands the hand's first.
  const toPlace = state.currentTile ?? state.hands?.[state.currentPlayer]?.[0] ?? '';
  if (isTurn(move)) {
    const tile = move.tile ?? toPlace;
    const placed = tileWords(tile, move.x, move.y, move.rotation);
    if (move.meeple !== undefined && move.meeple !== null)
      return `${placed}, ${figureOn(tile, move.rotation, move.meeple.kind ?? 'follower', move.meeple.at)}`;
    if (move.recall !== undefined && move.recall !== null) return `${placed}, take the ${figureWord(move.recall)} back`;
    if (move.action !== undefined && move.action !== null)
      return `${placed}, ${moduleWords(k, move.action as unknown as Record<string, unknown>, 'action')}`;
    return placed;
  }
  switch (move.type) {
    case 'tile':
      return tileWords(move.tile ?? toPlace, move.x, move.y, move.rotation);
    case 'meeple':
      return figureOn(last?.tile ?? '', last?.rotation ?? 0, move.kind ?? 'follower', move.at);
    case 'recall':
      return `take the ${figureWord(move.kind)} back`;
    case 'pass':
      return state.step === 'action' || state.step === 'tile' ? 'no figure' : moduleWords(k, { type: 'pass' }, state.step);
    default:
      return moduleWords(k, move as unknown as Record<string, unknown>, state.step);
  }
}

function tileWords(tile: string, x: number, y: number, rotation: Rotation): string {
  return `${tile} on (${x}, ${y})${rotation === 0 ? '' : ` turned ${rotation}°`}`;
}

/** A figure on a spot of a tile as it lies: a follower by its role on the feature there. */
function figureOn(tile: string, rotation: Rotation, kind: MeepleKind, at: string): string {
  const feature = tileFeatures(tile, rotation)?.features.find((f) => f.spots.includes(at as never))?.kind;
  const role = kind === 'follower' && feature !== undefined ? ROLES[feature] : undefined;
  return `${an(role ?? figureWord(kind))} on ${at}`;
}

/** A rule module's move in its module's words (at step `step` of kernel k's game), or its type and fields. */
function moduleWords(k: Kernel, move: Readonly<Record<string, unknown>>, step: string): string {
  const module =
    actionsOf().find((m) => m.action === move.type)?.name ??
    stepsOf().find((st) => st.name === move.type || (move.type === 'pass' && st.name === step))?.module.name;
  const api = k.rules.ruleset.words.find((w) => w.module === module)?.api as ModuleApi | undefined;
  const said = api?.say(move, step);
  if (said !== undefined) return said;
  const fields = Object.entries(move).filter(([key]) => key !== 'type');
  return [String(move.type), ...fields.map(([key, v]) => `${key} ${JSON.stringify(v)}`)].join(' ');
}
