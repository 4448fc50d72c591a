import { type Kernel, PHASE_DRAW, PHASE_TILE } from './kernel.js';

// Setting up a position that play did not reach: a set-up board's players and bag, a saved state's
// draws and hands, and the few words rule modules keep. Each writes what its name says and nothing
// else: the callers (the API's set-ups and saved states) check the position.

/** Who is to move, and the keepsTurn hook (its index in Ruleset.keepsTurn) that gave them an extra tile, or -1. */
export function setPlayer(k: Kernel, player: number, extraBy: number): void {
  k.current = player;
  k.extraTurn = extraBy >= 0;
  k.extraBy = extraBy;
}

/** The tile type the current player places (-1: none): a replay names the tile drawn, which ends PHASE_DRAW. */
export function setCurrentTile(k: Kernel, t: number): void {
  k.currentType = t;
  if (k.phase === PHASE_DRAW) k.phase = PHASE_TILE;
}

export function setScore(k: Kernel, player: number, points: number): void {
  k.score[player] = points;
}

/** Figures of kind `figure` in the supply of `player`. */
export function setSupply(k: Kernel, player: number, figure: number, n: number): void {
  k.supply[figure * k.players + player] = n;
}

/** The tiles of `player`'s hand, in the order drawn (with hands of tiles). */
export function setHand(k: Kernel, player: number, tiles: ArrayLike<number>): void {
  for (let i = 0; i < tiles.length; i++) k.hands[player * k.handSize + i] = tiles[i] as number;
  k.handLen[player] = tiles.length;
}

/**
 * The bag: `drawn`, the tiles drawn so far that the kernel keeps a record of (a hand given up is set
 * aside among them), then `left`, the tiles to draw in order.
 */
export function setBag(k: Kernel, drawn: ArrayLike<number>, left: ArrayLike<number>): void {
  for (let i = 0; i < drawn.length; i++) k.bag[i] = drawn[i] as number;
  for (let i = 0; i < left.length; i++) k.bag[drawn.length + i] = left[i] as number;
  k.bagPos = drawn.length;
  k.bagLen = drawn.length + left.length;
}

/** A tile that left the game (it fitted nowhere). */
export function addDiscarded(k: Kernel, t: number): void {
  k.discarded[k.nDiscarded++] = t;
}

/** A land tile was drawn: a `'first-land'` start tile no longer comes first. */
export function setLandStarted(k: Kernel): void {
  k.landStarted = true;
}

/** Draws the tiles of `script` in order from now on (see Kernel.script), or the bag as it lies (null). */
export function setScript(k: Kernel, script: Int16Array | null): void {
  k.script = script;
  if (script === null) return;
  k.scriptPos = 0;
  k.scriptMiss = -1;
}

/** Word i of the rule modules' state (a module writes its own words only: ModuleContext.slot). */
export function setSlot(k: Kernel, i: number, value: number): void {
  k.slots[i] = value;
}

/** Empties the move log its owner keeps in the kernel (the engine's history). */
export function clearMoveLog(k: Kernel): void {
  k.logged = 0;
}

/** Adds a move code and the tile type it plays to the move log. */
export function logMove(k: Kernel, code: number, tile: number): void {
  k.moveLogTile[k.logged] = tile;
  k.moveLog[k.logged++] = code;
}
