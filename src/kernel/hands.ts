import { discardAside, drawFitting, drewLand, pull, returnAside } from './draw.js';
import { DRAW_LAND } from './tables.js';
import type { KernelEvent } from './log.js';
import type { Kernel } from './kernel.js';

// Hands of tiles (Ruleset.handSize > 0): each player's tiles, kept in `k.hands`. The kernel keeps
// them and lists the moves of every tile in hand; when hands are dealt, drawn up and given up is
// the rule of the module that has them (Ruleset.hand), which plays it with these primitives.

/** Tiles in `player`'s hand. */
export function handCount(k: Kernel, player: number): number {
  return k.handLen[player] as number;
}

/** The tile type in slot i of `player`'s hand. */
export function handTile(k: Kernel, player: number, i: number): number {
  return k.hands[player * k.handSize + i] as number;
}

/** Makes slot i of the current player's hand the current tile and takes it out of the hand. */
export function takeFromHand(k: Kernel, i: number): void {
  const me = k.current;
  const at = me * k.handSize;
  const n = k.handLen[me] as number;
  k.currentType = k.hands[at + i] as number;
  k.hands.copyWithin(at + i, at + i + 1, at + n);
  k.handLen[me] = n - 1;
}

/** Puts tile t last in `player`'s hand. */
function addToHand(k: Kernel, player: number, t: number): void {
  k.hands[player * k.handSize + (k.handLen[player] as number)] = t;
  k.handLen[player] = (k.handLen[player] as number) + 1;
}

/** Draws the bag's next tile into `player`'s hand, without looking at it; false when the bag is empty. */
export function drawIntoHand(k: Kernel, player: number, log: KernelEvent[] | null): boolean {
  if (k.bagPos >= k.bagLen) return false;
  const t = k.script === null ? (k.bag[k.bagPos++] as number) : pull(k);
  if (log !== null) log.push({ type: 'drew', player, tile: t, kept: true });
  drewLand(k, t);
  addToHand(k, player, t);
  return true;
}

/**
 * Draws into the current player's hand until a tile fits (see drawFitting: the tiles that fit
 * nowhere leave the game or are set aside); false when the bag runs out first.
 */
export function drawFittingIntoHand(k: Kernel, log: KernelEvent[] | null): boolean {
  const t = drawFitting(k, log);
  if (t < 0) return false;
  addToHand(k, k.current, t);
  return true;
}

/**
 * The current player gives up their whole hand: each tile leaves the game, or with Ruleset.putBack
 * a land tile is set aside as a drawn tile that fits nowhere is (then returned with returnAside,
 * or put in the box with discardAside).
 */
export function giveUpHand(k: Kernel, log: KernelEvent[] | null): void {
  const me = k.current;
  const at = me * k.handSize;
  const putBack = k.rules.ruleset.putBack;
  for (let i = 0; i < (k.handLen[me] as number); i++) {
    const t = k.hands[at + i] as number;
    if (putBack !== null && k.tables.drawClass[t] === DRAW_LAND) {
      // Set aside with the tiles drawn next (see drawFitting): written just below them, over the
      // record of an earlier draw (the bag before bagPos holds one per tile drawn).
      k.bag[k.bagPos - k.aside - 1] = t;
      k.aside++;
    } else {
      k.discarded[k.nDiscarded++] = t;
      if (log !== null) log.push({ type: 'discarded', player: me, tile: t });
    }
  }
  k.handLen[me] = 0;
}

/** The tiles set aside go back into the bag (a tile that fits was drawn), or leave the game (none was). */
export function settleAside(k: Kernel, drewOne: boolean, log: KernelEvent[] | null): void {
  if (drewOne) returnAside(k, log);
  else discardAside(k, log);
}
