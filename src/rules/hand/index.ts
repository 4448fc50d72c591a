import { isRecord } from '../../core/guards.js';
import type { ModuleDocs, RuleModule } from '../module.js';
import { drawUpHands } from './draw-up.js';

/** A hand of tiles: how many each player holds, and whether the others see them. */
export interface HandRule {
  readonly size: 1 | 2 | 3;
  readonly visible: boolean;
}

/** Why a value of `rules.hand` is refused (the end of "rules.hand must be …"), or null. */
function handProblem(v: unknown): string | null {
  if (v === null) return null;
  const shape = 'null or { size, visible }: a size of 1, 2 or 3 tiles, and visible true or false';
  if (!isRecord(v) || Object.keys(v).length !== 2 || !Object.hasOwn(v, 'size') || !Object.hasOwn(v, 'visible')) return shape;
  return (v.size === 1 || v.size === 2 || v.size === 3) && typeof v.visible === 'boolean' ? null : shape;
}

/**
 * House rules "take your next tile at the end of your turn" and "play with a three-tile hand"
 * (wikicarpedia, Print-and-Play Demo, House rules #3 and #4): each player holds `size` tiles and
 * chooses which to play; after the turn (a second tile included, which also comes from the hand)
 * they draw back up. Size 1 is the first rule: the next tile is drawn at the end of one's own turn.
 * The kernel keeps the hands (Kernel.handSize); this module declares the option and its size, and
 * deals and draws them (draw-up.ts).
 */
export const hand = {
  name: 'hand',
  title: 'a hand of tiles',
  activeWhen: (rules: Readonly<Record<string, unknown>>) => rules.hand !== null && rules.hand !== undefined,
  options: [{ key: 'hand', default: null, check: handProblem, type: '{ readonly size: 1 | 2 | 3; readonly visible: boolean } | null' }],
  handSize: (rules: Readonly<Record<string, unknown>>) => (rules.hand as HandRule).size,
  handsHidden: (rules: Readonly<Record<string, unknown>>) => (rules.hand as HandRule).visible !== true,
  hooks: () => ({ hand: drawUpHands }),
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: 'each player holds a hand of tiles and chooses which to play',
  options: {
    hand: "A hand of tiles (a house rule), or `null` (default: each turn draws one tile). `{ size, visible }`: each player holds `size` tiles (1 to 3), dealt in turn order from the first player, plays one of them (the move names it in `tile`; a builder's or a hole's second tile comes from the hand too) and draws back up at the end of the turn; size 1 is \"take your next tile at the end of your turn\". `visible`: whether the other players may see a hand (`false`: search and player views deal them anew). A player none of whose tiles fits anywhere gives up the whole hand (it leaves the game, or goes back into the bag with `unplaceable: 'returned'`) and draws as many tiles that fit (an empty hand draws one); a tile that fits nowhere beside one that fits stays in hand; a player with an empty hand when the bag is empty passes, and the game ends when the bag and every hand are empty. `currentTile` is then `null` and `hands` lists every player's tiles.",
  },
} satisfies ModuleDocs;
