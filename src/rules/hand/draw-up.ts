import type { HandPolicy, Kernel, KernelEvent } from '../../kernel/index.js';

// When hands are dealt, drawn back up and given up (house rules #3 and #4 of the print-and-play
// demo's page on wikicarpedia): the kernel keeps the hands, this module plays the rule.

/** Draws `player`'s hand back up to its size from the bag, without looking at the tiles. */
function drawUp(k: Kernel, player: number, log: KernelEvent[] | null): void {
  while (k.handCount(player) < k.handSize && k.drawIntoHand(player, log));
}

/**
 * The current player is about to play. When no tile of the hand fits anywhere, the whole hand
 * leaves (out of the game, or set aside with Ruleset.putBack, as a drawn tile would) and as many
 * tiles that fit are drawn in its place, at least one. A tile that fits nowhere beside one that
 * fits stays: it may fit later. Whether the hand then holds a tile.
 */
function readyHand(k: Kernel, log: KernelEvent[] | null): boolean {
  const me = k.current;
  const n = k.handCount(me);
  for (let i = 0; i < n; i++) if (k.canPlaceAnywhere(k.handTile(me, i))) return true;
  k.giveUpHand(log);
  for (let want = Math.max(n, 1); want > 0 && k.drawFittingIntoHand(log); want--);
  // The tiles set aside go back into the bag once the new hand is drawn, if it holds a tile
  // (which is then placed: the board changes); otherwise they fit nowhere and leave the game.
  const held = k.handCount(me) > 0;
  k.settleAside(held, log);
  return held;
}

/**
 * Readies the hand of the player to move; a player whose hand stays empty passes (an extra tile
 * is lost), and when every hand is empty with the bag, the game ends.
 */
function nextHand(k: Kernel, log: KernelEvent[] | null): void {
  for (;;) {
    if (readyHand(k, log)) {
      k.setCurrentTile(k.handTile(k.current, 0));
      return;
    }
    let held = 0;
    for (let p = 0; p < k.players; p++) held += k.handCount(p);
    if (held === 0) {
      k.finish(log);
      return;
    }
    // The turn passes (an extra tile is lost).
    k.setPlayer((k.current + 1) % k.players);
  }
}

/** The hand rule: every hand dealt in turn order from the player to move, drawn back up after its player's turn. */
export const drawUpHands: HandPolicy = {
  deal(k, log) {
    for (let i = 0; i < k.players; i++) drawUp(k, (k.current + i) % k.players, log);
  },
  ready: nextHand,
  turnOver(k, log) {
    // The hand is drawn back up once the turn is over, a second tile included.
    if (!k.extraTurn) drawUp(k, (k.current + k.players - 1) % k.players, log);
    nextHand(k, log);
  },
  drawsUp: true,
};
