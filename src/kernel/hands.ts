import { discardAside, drawFitting, drewLand, pull, returnAside } from './draw.js';
import { canPlaceAnywhere } from './placement.js';
import { finish } from './turn.js';
import { DRAW_LAND } from './tables.js';
import type { KernelEvent } from './log.js';
import type { Kernel } from './kernel.js';

/** Draws every hand up to its size, in turn order from the player to move (nothing without hands). */
export function dealHands(k: Kernel, log: KernelEvent[] | null): void {
  for (let i = 0; i < k.players && k.handSize > 0; i++) refill(k, (k.current + i) % k.players, log);
}

/** Tiles in `player`'s hand. */
export function handCount(k: Kernel, player: number): number {
  return k.handLen[player] as number;
}

/** The tile type in slot i of `player`'s hand. */
export function handTile(k: Kernel, player: number, i: number): number {
  return k.hands[player * k.handSize + i] as number;
}

/** Draws `player`'s hand back up to its size from the bag, without looking at the tiles. */
export function refill(k: Kernel, player: number, log: KernelEvent[] | null): void {
  const at = player * k.handSize;
  while ((k.handLen[player] as number) < k.handSize && k.bagPos < k.bagLen) {
    const t = k.script === null ? (k.bag[k.bagPos++] as number) : pull(k);
    if (log !== null) log.push({ type: 'drew', player, tile: t, kept: true });
    drewLand(k, t);
    k.hands[at + (k.handLen[player] as number)] = t;
    k.handLen[player] = (k.handLen[player] as number) + 1;
  }
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

/**
 * Readies the hand of the player to move (see readyHand); a player whose hand stays empty passes
 * (an extra tile is lost), and when every hand is empty with the bag, the game ends.
 */
export function nextHand(k: Kernel, log: KernelEvent[] | null): void {
  for (;;) {
    if (readyHand(k, log)) {
      k.currentType = k.hands[k.current * k.handSize] as number;
      return;
    }
    let held = 0;
    for (let p = 0; p < k.players; p++) held += k.handLen[p] as number;
    if (held === 0) {
      finish(k, log);
      return;
    }
    k.extraTurn = false;
    k.extraBy = -1;
    k.current = (k.current + 1) % k.players;
  }
}

/**
 * The current player is about to play. When no tile of the hand fits anywhere, the whole hand
 * leaves (out of the game, or set aside with Ruleset.putBack, as a drawn tile would) and as many
 * tiles that fit are drawn in its place, at least one. A tile that fits nowhere beside one that
 * fits stays: it may fit later. Whether the hand then holds a tile.
 */
export function readyHand(k: Kernel, log: KernelEvent[] | null): boolean {
  const me = k.current;
  const at = me * k.handSize;
  const hands = k.hands;
  const n = k.handLen[me] as number;
  for (let i = 0; i < n; i++) if (canPlaceAnywhere(k, hands[at + i] as number)) return true;
  const putBack = k.rules.ruleset.putBack;
  for (let i = 0; i < n; i++) {
    const t = hands[at + i] as number;
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
  for (let want = Math.max(n, 1); want > 0; want--) {
    const t = drawFitting(k, log);
    if (t < 0) break;
    hands[at + (k.handLen[me] as number)] = t;
    k.handLen[me] = (k.handLen[me] as number) + 1;
  }
  // The tiles set aside go back into the bag once the new hand is drawn, if it holds a tile
  // (which is then placed: the board changes); otherwise they fit nowhere and leave the game.
  const held = (k.handLen[me] as number) > 0;
  if (held) returnAside(k, log);
  else discardAside(k, log);
  return held;
}
