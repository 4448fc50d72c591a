import { canPlaceAnywhere } from './placement.js';
import { finish } from './turn.js';
import { DRAW_LAND } from './tables.js';
import type { KernelEvent } from './log.js';
import type { Kernel } from './kernel.js';

/**
 * Draws the next tile for the current player. A tile that fits nowhere is put back in the box
 * and the same player draws again (rulebook: "Unplaceable tiles"), or, when a module puts such
 * tiles back (Ruleset.putBack), a land tile is set aside until a tile that fits is drawn and then
 * returned to the bag (river tiles, a pile of their own, leave as The River says); with no tile
 * left the game ends and the final scoring is applied.
 */
export function drawNext(k: Kernel, log: KernelEvent[] | null): void {
  const hand = k.rules.ruleset.hand;
  if (hand !== null) {
    hand.ready(k, log);
    return;
  }
  const t = drawFitting(k, log);
  if (t >= 0) {
    k.currentType = t;
    returnAside(k, log);
  } else {
    discardAside(k, log);
    finish(k, log);
  }
}

/**
 * Draws until a tile fits and returns it, or -1 when the bag runs out. A tile that fits nowhere
 * leaves the game, or (Ruleset.putBack) a land tile is set aside: `aside` counts the tiles set
 * aside, kept together just below bag[bagPos], until the caller returns them to the bag
 * (returnAside) or, when no tile fit, puts them in the box (discardAside).
 */
export function drawFitting(k: Kernel, log: KernelEvent[] | null): number {
  const putBack = k.rules.ruleset.putBack;
  while (k.bagPos < k.bagLen) {
    const t = k.script === null ? (k.bag[k.bagPos++] as number) : pull(k);
    const fits = canPlaceAnywhere(k, t);
    if (log !== null) log.push({ type: 'drew', player: k.current, tile: t, kept: fits });
    if (fits) {
      drewLand(k, t);
      belowAside(k, t);
      return t;
    }
    if (putBack !== null && k.tables.drawClass[t] === DRAW_LAND) k.aside++;
    else discard(k, t, log);
  }
  return -1;
}

/**
 * Draws the tile a replay says comes next (see `script`): it is brought to the top of the bag
 * first. A scripted tile not in the bag is noted in `scriptMiss`, and the top tile is drawn.
 */
export function pull(k: Kernel): number {
  const script = k.script as Int16Array;
  const bag = k.bag;
  if (k.scriptPos < script.length) {
    const want = script[k.scriptPos++] as number;
    if (want >= 0 && bag[k.bagPos] !== want) {
      let i = k.bagPos + 1;
      while (i < k.bagLen && bag[i] !== want) i++;
      if (i < k.bagLen) {
        bag[i] = bag[k.bagPos] as number;
        bag[k.bagPos] = want;
      } else if (k.scriptMiss < 0) k.scriptMiss = k.scriptPos - 1;
    }
  } else if (k.scriptMiss < 0) k.scriptMiss = k.scriptPos;
  return bag[k.bagPos++] as number;
}

/** A land tile left the bag for good (a `'first-land'` start tile stays first until then). */
export function drewLand(k: Kernel, t: number): void {
  // A river's spring, drawn first when the start tile is drawn, starts no land.
  if (k.tables.drawClass[t] === DRAW_LAND && t !== k.tables.startType) k.landStarted = true;
}

/** Puts t, just drawn, in the box (below the tiles set aside: see belowAside). */
export function discard(k: Kernel, t: number, log: KernelEvent[] | null): void {
  belowAside(k, t);
  k.discarded[k.nDiscarded++] = t;
  drewLand(k, t);
  if (log !== null) log.push({ type: 'discarded', player: k.current, tile: t });
}

/**
 * Moves t, just drawn, below the tiles set aside, so that those stay together just below
 * bag[bagPos] and the bag before them stays the tiles drawn in order.
 */
export function belowAside(k: Kernel, t: number): void {
  const aside = k.aside;
  if (aside === 0) return;
  const last = k.bagPos - 1;
  k.bag.copyWithin(last - aside + 1, last - aside, last);
  k.bag[last - aside] = t;
}

/** The tiles set aside go back among the tiles not drawn, and the bag is shaken (Ruleset.putBack). */
export function returnAside(k: Kernel, log: KernelEvent[] | null): void {
  const aside = k.aside;
  if (aside === 0) return;
  const bag = k.bag;
  for (let i = k.bagPos - aside; i < k.bagPos; i++)
    if (log !== null) log.push({ type: 'put-back', player: k.current, tile: bag[i] as number });
  k.bagPos -= aside;
  k.aside = 0;
  (k.rules.ruleset.putBack as (kernel: Kernel) => void)(k);
}

/** The tiles set aside fit nowhere, and no tile drawn changes that: they leave the game. */
export function discardAside(k: Kernel, log: KernelEvent[] | null): void {
  for (let i = k.bagPos - k.aside; i < k.bagPos; i++) {
    const t = k.bag[i] as number;
    k.discarded[k.nDiscarded++] = t;
    drewLand(k, t);
    if (log !== null) log.push({ type: 'discarded', player: k.current, tile: t });
  }
  k.aside = 0;
}
