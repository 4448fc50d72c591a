import { hasAction } from './actions.js';
import { drawNext } from './draw.js';
import { deploy, recall } from './figures.js';
import { takeFromHand } from './hands.js';
import { placeTile } from './place.js';
import { spotFeature } from './records.js';
import { applyFinalScoring, scoreCompleted } from './scoring.js';
import {
  ACTION_DEPLOY,
  ACTION_MODULE,
  ACTION_RECALL,
  moveAction,
  moveFigure,
  moveQ,
  moveSlot,
  moveSpot,
  moveStep,
  moveX,
  moveY,
  STEP_MODULE,
} from '../core/move-code.js';
import type { KernelEvent } from './log.js';
import { type Kernel, PHASE_ACTION, PHASE_DRAW, PHASE_STEP, PHASE_TILE } from './kernel.js';

// A turn is a sequence of steps, the kernel's phases: the tile step (PHASE_TILE) places the tile;
// the action step (PHASE_ACTION) deploys a figure on it, takes one back or passes, and is played
// only when there is something besides the pass; then what the tile completed scores and the turn
// passes (or, when a module's keepsTurn said so, the same player plays another tile). The turn is
// then over and the next tile not drawn yet (PHASE_DRAW): `play` draws it at once, a replay of a
// saved game names it (setCurrentTile).

/**
 * Starts the game (the rule modules' start hooks, e.g. who moves first, unless `first` says),
 * before the first draw: `random` gives 32-bit integers from the game's seed, another source
 * than the bag's.
 */
export function begin(k: Kernel, random: () => number, log: KernelEvent[] | null, first = -1): void {
  const start = k.rules.ruleset.start;
  for (let j = 0; j < start.length; j++) (start[j] as (typeof start)[number])(k, random, log);
  // A replay without the seed knows who moved first instead.
  if (first >= 0) k.current = first;
  k.rules.ruleset.hand?.deal(k, log);
}

/**
 * Plays a move code (see `core/move-code.ts`) of the current step for the current player, and
 * when that ends the turn, draws the next tile. The one way moves enter the kernel: the pure API,
 * the engine and the check of saved states all play here. Assumes legality.
 */
export function play(k: Kernel, code: number, log: KernelEvent[] | null): void {
  playStep(k, code, log);
  if (k.phase === PHASE_DRAW) draw(k, log);
}

/**
 * `play` without the draw: a turn this step ends stops at PHASE_DRAW (a replay names the next
 * tile). With `act`, a tile step goes on to the action step even when the pass is its only move (a
 * whole turn checked or played as its two steps: its pass then ends the turn as the tile would).
 */
export function playStep(k: Kernel, code: number, log: KernelEvent[] | null, act = false): void {
  const step = moveStep(code);
  if (step >= STEP_MODULE) moduleStep(k, step, code, log);
  else if (k.phase === PHASE_TILE) tileStep(k, code, log, act);
  else actionStep(k, code, log);
}

/**
 * A module's step: a free move leaves the step it was made in as it was; any other step ends the
 * turn, unless it opened another.
 */
function moduleStep(k: Kernel, step: number, code: number, log: KernelEvent[] | null): void {
  const st = k.rules.ruleset.steps[step - STEP_MODULE];
  if (st === null || st === undefined) throw new Error(`no module step ${step} in this game`);
  const phase = PHASE_STEP + step - STEP_MODULE;
  st.play(k, code, log);
  if (!st.free && k.phase === phase) endTurn(k, log);
}

/** Opens a module's step (step kind `step`): the turn goes on there. */
export function openStep(k: Kernel, step: number): void {
  k.phase = PHASE_STEP + step - STEP_MODULE;
}

/** Places the current tile (with hands, the tile of the code's slot) and readies the action step. */
function tileStep(k: Kernel, code: number, log: KernelEvent[] | null, act: boolean): void {
  if (k.handSize > 0) takeFromHand(k, moveSlot(code));
  const t = k.currentType;
  const q = moveQ(code);
  const x = moveX(code);
  const y = moveY(code);
  const p = placeTile(k, t, q, x, y);
  if (log !== null) log.push({ type: 'placed', player: k.current, tile: t, x, y, q });
  // Asked before deploying: a figure deployed now was not there when the tile was placed.
  // An extra tile never gives another: a turn has at most two tiles. The first module (in
  // registry order) whose keepsTurn says so gives it.
  const keeps = k.rules.ruleset.keepsTurn;
  let by = -1;
  if (!k.extraTurn) for (let j = 0; j < keeps.length && by < 0; j++) if ((keeps[j] as (typeof keeps)[number])(k, p)) by = j;
  k.placed = p;
  k.keeps = by;
  if (act || hasAction(k)) k.phase = PHASE_ACTION;
  else endTurn(k, log);
}

/** Deploys a figure on the tile just placed, takes one back, or passes; then ends the turn. */
function actionStep(k: Kernel, code: number, log: KernelEvent[] | null): void {
  const action = moveAction(code);
  const figure = moveFigure(code);
  if (action >= ACTION_MODULE) {
    const a = k.rules.ruleset.actions[action - ACTION_MODULE];
    if (a === null || a === undefined) throw new Error(`no module action ${action} in this game`);
    a.play(k, code, log);
    // The action may open a step of its module, which then ends the turn.
    if (k.phase === PHASE_ACTION) endTurn(k, log);
    return;
  }
  if (action === ACTION_DEPLOY) {
    const p = k.placed;
    const local = spotFeature(k, k.pType[p] as number, k.pRot[p] as number, moveSpot(code));
    deploy(k, p, local, k.current, figure);
    if (log !== null) log.push({ type: 'deployed', player: k.current, figure, seg: (k.segBase[p] as number) + local });
  } else if (action === ACTION_RECALL) recall(k, k.current, figure, log);
  endTurn(k, log);
}

/** Scores what the tile completed and passes the turn (or keeps it for an extra tile): PHASE_DRAW. */
function endTurn(k: Kernel, log: KernelEvent[] | null): void {
  scoreCompleted(k, k.placed, log);
  k.turn++;
  const by = k.keeps;
  k.extraTurn = by >= 0;
  k.extraBy = by;
  if (by < 0) {
    k.current = (k.current + 1) % k.players;
    const passed = k.rules.ruleset.turnPassed;
    for (let j = 0; j < passed.length; j++) (passed[j] as (typeof passed)[number])(k);
  }
  k.placed = -1;
  k.keeps = -1;
  k.phase = PHASE_DRAW;
}

/**
 * Ends a turn's PHASE_DRAW: the next tile is drawn (tiles that fit nowhere leave or are set
 * aside), or with hands the mover's hand is drawn back up (after the last tile of the turn) and
 * the next player's readied. With no tile left the game ends.
 */
export function draw(k: Kernel, log: KernelEvent[] | null): void {
  const hand = k.rules.ruleset.hand;
  if (hand !== null) hand.turnOver(k, log);
  else drawNext(k, log);
  k.phase = PHASE_TILE;
}

/** Ends the game: no tile left. Applies the final scoring. */
export function finish(k: Kernel, log: KernelEvent[] | null): void {
  k.currentType = -1;
  k.finished = true;
  k.phase = PHASE_TILE;
  if (k.extraTurn) {
    // No tile left for the extra tile: the turn passes as usual.
    k.extraTurn = false;
    k.extraBy = -1;
    k.current = (k.current + 1) % k.players;
    const passed = k.rules.ruleset.turnPassed;
    for (let j = 0; j < passed.length; j++) (passed[j] as (typeof passed)[number])(k);
  }
  applyFinalScoring(k, log);
}
