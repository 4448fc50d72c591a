import type { Kernel } from './kernel.js';

/**
 * Shuffles the tiles of kernel `k` not drawn yet (the current tile stays), driven by `random`
 * (uniform in [0, 1)). They are sorted first, so that the result depends only on which tiles are
 * left and on `random`, never on the order they were in. The known structure of the draw stays:
 * the set's piles first, each shuffled or not (The River's course, then its lake), a `firstLand`
 * tile next, then the land tiles (shuffled). A function apart from the kernel class: only search needs it.
 */
export function shuffleUndrawn(k: Kernel, random: () => number): void {
  const bag = k.bag;
  const T = k.tables;
  bag.subarray(k.bagPos, k.bagLen).sort();
  // Sorting by type groups the draw classes, which never decrease along the type order: each pile
  // of the set (The River's course, shuffled; its lake), then the land.
  let land = k.bagPos;
  for (let c = 0; c < (T.set.piles?.length ?? 0); c++) {
    const from = land;
    while (land < k.bagLen && T.drawClass[bag[land] as number] === c) land++;
    if (T.set.piles?.[c]?.shuffled === true) shuffleRange(bag, from, land, random);
  }
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

/**
 * With hands of tiles hidden from the other players: the tiles of every hand but the current
 * player's go back among the tiles not drawn, which are shuffled (see shuffleUndrawn), and each of
 * those players is dealt as many again, in turn order. The current player's own hand stays.
 */
export function dealHiddenHands(k: Kernel, random: () => number): void {
  const S = k.handSize;
  const P = k.players;
  const me = k.current;
  const sizes = new Uint8Array(P);
  // The hands' tiles take the places of the last records of tiles drawn (the bag before bagPos
  // holds one per tile drawn, hands included), then are dealt again from there.
  let m = 0;
  for (let p = 0; p < P; p++) if (p !== me) m += k.handLen[p] as number;
  let at = k.bagPos - m;
  for (let p = 0; p < P; p++) {
    if (p === me) continue;
    sizes[p] = k.handLen[p] as number;
    for (let i = 0; i < (sizes[p] as number); i++) k.bag[at++] = k.hands[p * S + i] as number;
    k.handLen[p] = 0;
  }
  k.bagPos -= m;
  shuffleUndrawn(k, random);
  for (let j = 1; j <= P; j++) {
    const p = (me + j) % P;
    for (let i = 0; i < (sizes[p] as number); i++) {
      k.hands[p * S + i] = k.bag[k.bagPos++] as number;
      k.handLen[p] = i + 1;
    }
  }
}
