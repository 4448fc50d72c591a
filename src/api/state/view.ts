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
  const sees: Sees = { viewer, hidden: (p) => state.hands !== null && !visible && p !== viewer, unseen: [] };
  // The hands first: the tiles of those hidden are among the tiles left the viewer has not seen.
  const hands = SEEN.hands(state, sees);
  const view: Record<string, unknown> = { version: state.version, viewer };
  for (const [name, seen] of Object.entries(SEEN) as [keyof GameState, Seen<keyof GameState>][]) {
    if (name === 'version' || seen === HIDDEN) continue;
    view[name] = name === 'hands' ? hands : seen === SAME ? state[name] : seen(state, sees);
  }
  freeze(view, true);
  rememberView(view as unknown as PlayerView);
  return view as unknown as PlayerView;
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

/** What the viewer may know, for the fields that show less than the state. */
interface Sees {
  readonly viewer: Viewer;
  /** Whether player p's hand is hidden from the viewer. */
  readonly hidden: (player: number) => boolean;
  /** The tiles of the hands hidden from the viewer, counted among the tiles left. */
  readonly unseen: TileId[];
}

const SAME = 'same';
const HIDDEN = 'hidden';
/** A field in a view: the state's own (SAME), left out (HIDDEN), or what the viewer sees of it. */
type Seen<K extends keyof GameState> = typeof SAME | typeof HIDDEN | ((state: GameState, sees: Sees) => PlayerView[Exclude<K, 'seed'>]);

/**
 * What a view shows of each field of a state, in the state's order (the view's `viewer` follows
 * `version`). Every field is declared (the type makes a new field declare itself).
 */
const SEEN: { readonly [K in keyof GameState]-?: Seen<K> } & { readonly hands: (state: GameState, sees: Sees) => PlayerView['hands'] } = {
  version: SAME,
  tileSet: SAME,
  edition: SAME,
  expansions: SAME,
  rules: SAME,
  // Two games that differ only in their seed give the same views.
  seed: HIDDEN,
  status: SAME,
  turn: SAME,
  currentPlayer: SAME,
  extraTurn: SAME,
  step: SAME,
  currentTile: SAME,
  hands: (state, sees) =>
    state.hands === null
      ? null
      : (state.hands as readonly (readonly (TileId | null)[])[]).map((h, p) => {
          if (!sees.hidden(p)) return h;
          for (const t of h) if (t !== null) sees.unseen.push(t);
          return h.map(() => null);
        }),
  players: SAME,
  placements: SAME,
  meeples: SAME,
  // A multiset: the order of the bag is hidden.
  tilesLeft: (state, sees) => [...state.tilesLeft, ...sees.unseen].sort(byId),
  discarded: SAME,
  // With hands, a tile kept is drawn into its player's hand.
  draws: (state, sees) =>
    state.draws === null ? null : state.draws.map((d) => (d.kept && sees.hidden(d.player) && d.tile !== null ? { ...d, tile: null } : d)),
  setup: (state, sees) => setupSeen(state.setup, sees.hidden),
  scored: SAME,
  events: SAME,
  modules: SAME,
};
