import { drawNext } from './draw.js';
import { deploy, recall } from './figures.js';
import { dealHands, nextHand, refill, takeFromHand } from './hands.js';
import { placeTile } from './place.js';
import { spotFeature } from './records.js';
import { applyFinalScoring, scoreCompleted } from './scoring.js';
import { ACTION_RECALL, moveAction, moveFigure, moveQ, moveSlot, moveSpot, moveX, moveY } from '../core/move-code.js';
import type { KernelEvent } from './log.js';
import type { Kernel } from './kernel.js';

/**
 * Starts the game (the rule modules' start hooks, e.g. who moves first, unless `first` says),
 * before the first draw: `random` gives 32-bit integers from the game's seed, another source
 * than the bag's.
 */
export function begin(k: Kernel, random: () => number, log: KernelEvent[] | null, first = -1): void {
  const start = k.rules.ruleset.start;
  for (let j = 0; j < start.length; j++) (start[j] as (typeof start)[number])(k, random, log);
  // A replay without the seed (api/replay.ts) knows who moved first instead.
  if (first >= 0) k.current = first;
  dealHands(k, log);
}

/**
 * Plays a move code (see `core/move-code.ts`) for the current player: place the current tile,
 * deploy the figure on the feature its spot names or take a figure back, score what the tile
 * completed, pass the turn (or, when a module's keepsTurn says so, give the same player another
 * tile) and draw. The one way moves enter the kernel: the pure
 * API, the engine and the check of saved states all play here. Assumes legality.
 */
export function play(k: Kernel, code: number, log: KernelEvent[] | null): void {
  if (k.handSize > 0) {
    const mover = k.current;
    takeFromHand(k, moveSlot(code));
    playTile(k, code, log);
    // The hand is drawn back up once the turn is over, a second tile included.
    if (!k.extraTurn) refill(k, mover, log);
    nextHand(k, log);
    return;
  }
  playTile(k, code, log);
  drawNext(k, log);
}

/**
 * The part of `play` before the draw: place the current tile, deploy or take a figure back,
 * score, and pass the turn (or keep it for an extra tile). Replaying a saved game calls k, the
 * tiles being known.
 */
export function playTile(k: Kernel, code: number, log: KernelEvent[] | null): void {
  const t = k.currentType;
  const q = moveQ(code);
  const x = moveX(code);
  const y = moveY(code);
  const si = moveSpot(code);
  const local = si < 0 ? -1 : spotFeature(k, t, q, si);
  const figure = moveFigure(code);
  const p = placeTile(k, t, q, x, y);
  if (log !== null) log.push({ type: 'placed', player: k.current, tile: t, x, y, q });
  // Asked before deploying: a figure deployed now was not there when the tile was placed.
  // An extra tile never gives another: a turn has at most two tiles. The first module (in
  // registry order) whose keepsTurn says so gives it.
  const keeps = k.rules.ruleset.keepsTurn;
  let by = -1;
  if (!k.extraTurn) for (let j = 0; j < keeps.length && by < 0; j++) if ((keeps[j] as (typeof keeps)[number])(k, p)) by = j;
  const again = by >= 0;
  if (local >= 0) {
    deploy(k, p, local, k.current, figure);
    if (log !== null) log.push({ type: 'deployed', player: k.current, figure, seg: (k.segBase[p] as number) + local });
  } else if (moveAction(code) === ACTION_RECALL) recall(k, k.current, figure, log);
  scoreCompleted(k, p, log);
  k.turn++;
  k.extraTurn = again;
  k.extraBy = by;
  if (!again) k.current = (k.current + 1) % k.players;
}

/** Ends the game: no tile left. Applies the final scoring. */
export function finish(k: Kernel, log: KernelEvent[] | null): void {
  k.currentType = -1;
  k.finished = true;
  if (k.extraTurn) {
    // No tile left for the extra tile: the turn passes as usual.
    k.extraTurn = false;
    k.extraBy = -1;
    k.current = (k.current + 1) % k.players;
  }
  applyFinalScoring(k, log);
}
