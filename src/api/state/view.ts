import { handsIn } from '../../rules/tiles.js';
import { show } from '../../core/guards.js';
import { freeze } from 'immer';
import { StateError } from '../../core/errors.js';
import { isInt } from '../../core/guards.js';
import { checked } from './kernels.js';
import { load, rememberView } from './load.js';
import type { GameState, PlayerView, TileId, Viewer } from '../types.js';
import { byId, isViewRecord } from './view-input.js';

/**
 * What `viewer` (a player index, or `'spectator'`) may know of a game: the state without its
 * seed, the tiles left as a multiset sorted by id instead of in draw order, and, with hidden hands
 * of tiles (`rules.hand.visible: false`), every hand but the viewer's own hidden (its tiles `null`
 * and counted among `tilesLeft`). Send it to a player instead of the state: two games that differ
 * only in their seed and the order of the bag give the same view. A view of a view may only hide
 * more (a player's view gives a spectator's, not another player's). Throws {@link StateError}
 * (`invalid-viewer`, `hidden-information`) or, for a bad state, as `loadState` does.
 *
 * @example
 * ```ts
 * import { createGame, legalMoves, playerView } from 'carcassonne-engine';
 *
 * const state = createGame({ players: 2, seed: 1, drawOrder: ['E', 'U', 'V', 'X', 'A', 'B'], rules: { hand: { size: 3, visible: false } } });
 * const view = playerView(state, 0);
 * console.log('seed' in view, view.hands); // → false [ [ 'E', 'U', 'V' ], [ null, null, null ] ]
 * console.log(view.tilesLeft.length, view.tilesLeft.slice(0, 4)); // → 68 [ 'A', 'A', 'B', 'B' ]
 * console.log(legalMoves(view).length === legalMoves(state).length); // → true
 * ```
 */
export function playerView(input: GameState | PlayerView, asked: Viewer): PlayerView {
  const { state } = checked(input as GameState);
  // + 0: a viewer -0 is player 0, written 0.
  const viewer = typeof asked === 'number' ? ((asked + 0) as Viewer) : asked;
  const players = state.players.length;
  if (!(viewer === 'spectator' || (isInt(viewer) && viewer >= 0 && viewer < players))) {
    throw new StateError([
      { code: 'invalid-viewer', message: `viewer must be a player index (0 to ${players - 1}) or 'spectator', not ${show(viewer)}` },
    ]);
  }
  const from = isViewRecord(state) ? (state as unknown as PlayerView).viewer : null;
  if (from !== null && from !== viewer && viewer !== 'spectator') {
    throw new StateError([
      {
        code: 'hidden-information',
        message: `this is ${from === 'spectator' ? "a spectator's" : `player ${from}'s`} view: it cannot show what player ${viewer} sees`,
      },
    ]);
  }
  const visible = !handsIn(state.expansions, state.rules).hidden;
  const unseen: TileId[] = [];
  const hands =
    state.hands === null
      ? null
      : (state.hands as readonly (readonly (TileId | null)[])[]).map((h, p) => {
          if (visible || p === viewer) return h;
          for (const t of h) if (t !== null) unseen.push(t);
          return h.map(() => null);
        });
  const { version, tileSet, edition, expansions, rules, status, turn, currentPlayer, extraTurn, step, currentTile } = state;
  const { players: records, placements, meeples, tilesLeft, discarded, scored, events } = state;
  // With hands, a tile kept is drawn into its player's hand.
  const hiddenDraw = (d: { player: number; kept: boolean }) => state.hands !== null && !visible && d.kept && d.player !== viewer;
  const draws = state.draws === null ? null : state.draws.map((d) => (hiddenDraw(d) && d.tile !== null ? { ...d, tile: null } : d));
  const view: PlayerView = {
    version,
    viewer,
    tileSet,
    edition,
    expansions,
    rules,
    status,
    turn,
    currentPlayer,
    extraTurn,
    step,
    currentTile,
    hands,
    players: records,
    placements,
    meeples,
    tilesLeft: [...tilesLeft, ...unseen].sort(byId),
    discarded,
    draws,
    setup: setupSeen(state.setup, (p) => state.hands !== null && !visible && p !== viewer),
    scored,
    events,
    modules: state.modules,
  };
  freeze(view, true);
  rememberView(view);
  return view;
}

/**
 * Checks a player view (for example `JSON.parse` of what a server sent) and returns it deeply
 * frozen: everything it shows must follow from its placements, as for a state (`validateState`
 * lists the problems of a view too). Throws {@link StateError}; a state is not a view (read it
 * with `loadState`).
 *
 * @example
 * ```ts
 * import { createGame, legalMoves, loadView, playerView } from 'carcassonne-engine';
 *
 * const sent = JSON.stringify(playerView(createGame({ players: 2, seed: 1, drawOrder: ['E'] }), 0));
 * const view = loadView(JSON.parse(sent));
 * console.log(view.viewer, view.currentTile, legalMoves(view).length); // → 0 E 4
 * ```
 */
export function loadView(json: unknown): PlayerView {
  const { state } = load(json);
  if (!isViewRecord(state)) {
    throw new StateError([
      { code: 'invalid-state', message: 'a player view names its viewer: this is not one (read a game state with loadState)' },
    ]);
  }
  return state as unknown as PlayerView;
}

/** A set-up as a viewer sees it: the hands set up that the viewer may not see, their tiles `null`. */
function setupSeen(setup: GameState['setup'], hidden: (player: number) => boolean): PlayerView['setup'] {
  if (setup === null || setup.hands === null) return setup;
  return { ...setup, hands: setup.hands.map((h, p) => (hidden(p) ? h.map(() => null) : h)) };
}
