import type { Kernel } from './kernel.js';
import { DRAW_LAKE, DRAW_RIVER } from './tables.js';

/**
 * Shuffles the tiles of kernel `k` not drawn yet (the current tile stays), driven by `random`
 * (uniform in [0, 1)). They are sorted first, so that the result depends only on which tiles are
 * left and on `random`, never on the order they were in. With The River the known structure of the
 * draw stays: river tiles first (shuffled), the lake after them, a `'first-land'` start tile next,
 * then the land tiles (shuffled). A function apart from the kernel class: only search needs it.
 */
export function shuffleUndrawn(k: Kernel, random: () => number): void {
  const bag = k.bag;
  const T = k.tables;
  bag.subarray(k.bagPos, k.bagLen).sort();
  // Sorting by type groups the draw classes, which never decrease along the type order.
  let land = k.bagPos;
  while (land < k.bagLen && T.drawClass[bag[land] as number] === DRAW_RIVER) land++;
  shuffleRange(bag, k.bagPos, land, random);
  while (land < k.bagLen && T.drawClass[bag[land] as number] === DRAW_LAKE) land++;
  if (T.firstLandType >= 0 && !k.landStarted) {
    const at = bag.indexOf(T.firstLandType, land);
    if (at >= 0 && at < k.bagLen) {
      bag[at] = bag[land] as number;
      bag[land++] = T.firstLandType;
    }
  }
  shuffleRange(bag, land, k.bagLen, random);
}

/** Fisher–Yates over bag[from, to). */
function shuffleRange(bag: Uint16Array, from: number, to: number, random: () => number): void {
  for (let i = to - 1; i > from; i--) {
    const j = from + Math.floor(random() * (i - from + 1));
    const tmp = bag[i] as number;
    bag[i] = bag[j] as number;
    bag[j] = tmp;
  }
}
