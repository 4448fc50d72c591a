import { isInt, isRecord, show } from '../../core/guards.js';
import { startRandom } from '../../core/rng.js';
import { DRAW_LAND, PHASE_ACTION, PHASE_STEP } from '../../kernel/index.js';
import { amount } from './players.js';
import { type LastMove, playPlacement, readPlacement, type Replay, type Replayed } from './replay-turn.js';

// The replay of a saved state that does not record its draws: a player view (whose bag and
// hidden hands are not in it) or a state saved by 0.2.0. Each placement's tile is given to the
// kernel as the tile to place (with hands, as the hand), the discards and the tiles put back are
// drawn where they must have been, and the hands, the current tile and the bag are written from
// the state at the end, checked against what the hand rule of the house rules allows. A state
// with its draws is replayed by drawing them (replay-drawn.ts).

/**
 * Replays the state of `r` without its draws. `view`: the hands hidden from the viewer (null for
 * a state); `firstMover`: who moved first, for a view (which has no seed to choose it).
 */
export function replayGuessed(r: Replay, view: { readonly hidden: readonly boolean[] } | null, firstMover: unknown): Replayed {
  const { s, k, tables, log, handSize, setUp, firstMove, take, fail, note } = r;
  const players = s.players as unknown[];
  const placements = s.placements as unknown[];
  const finished = s.status === 'finished';
  // The start as createGame made it (who moves first, from the seed); a set-up says who moves.
  if (setUp === null) k.begin(startRandom(s.seed as number | string), log);
  // A view has no seed: who moved first is who made the first move (or is to move).
  if (view !== null && setUp === null) {
    if (isInt(firstMover) && firstMover >= 0 && firstMover < players.length) k.setPlayer(firstMover);
    const chosen = log.findIndex((e) => e.type === 'first-chosen');
    if (chosen >= 0) log.splice(chosen, 1);
  }
  // A tile is discarded when it is drawn and fits nowhere. The discards are drawn in order, each
  // at the first draw (the start, or after a placement) where it fits nowhere, except those the
  // last move's events show: they were drawn at the last draw (a tile may fit nowhere at several
  // draws, so the record alone does not say which).
  const discarded = s.discarded as unknown[];
  const shownEvents = (s.events as unknown[]).filter((e) => isRecord(e) && e.type === 'tile-discarded') as Record<string, unknown>[];
  const shown = shownEvents.length;
  const beforeLast = Math.max(0, discarded.length - shown);
  let discards = 0;
  const drawDiscards = (last: boolean) => {
    const until = last ? discarded.length : beforeLast;
    while (discards < until) {
      const id = discarded[discards];
      if (typeof id !== 'string' || !Object.hasOwn(tables.typeOf, id) || k.canPlaceAnywhere(tables.typeOf[id] as number)) return;
      // With hands, players whose hands hold no tile that fits pass: the last move's events name
      // whose hand each tile left.
      const by = shownEvents[discards - beforeLast]?.player;
      const player = handSize > 0 && discards >= beforeLast && isInt(by) && by < players.length ? by : k.current;
      log.push({ type: 'discarded', player, tile: tables.typeOf[id] as number });
      discards++;
    }
  };
  // With unplaceable tiles put back (a house rule), the last draw's events show the tiles that
  // fitted nowhere and went back into the bag; tiles leave the game only when the bag runs out.
  const putBack = k.rules.ruleset.putBack !== null;
  const landTile = (id: unknown) =>
    typeof id === 'string' && Object.hasOwn(tables.typeOf, id) && tables.drawClass[tables.typeOf[id] as number] === DRAW_LAND;
  // With hands the game goes on after the bag ran out (it never fills again then): hands leave.
  const ranOut = (i: number) => (handSize > 0 ? (s.tilesLeft as unknown[]).length === 0 : finished && i >= beforeLast);
  if (putBack && discarded.some((id, i) => landTile(id) && !ranOut(i)))
    note('discarded: with unplaceable tiles returned to the bag, a land tile leaves the game only when the bag runs out');
  const drawReturns = (last: boolean) => {
    // A tile that went back is in the bag, and a tile that fits was drawn after it: the game goes on.
    if (!last || finished) return;
    const inBag = new Map<unknown, number>();
    for (const id of s.tilesLeft as unknown[]) inBag.set(id, (inBag.get(id) ?? 0) + 1);
    for (const e of s.events as unknown[]) {
      if (!isRecord(e) || e.type !== 'tile-returned') continue;
      const t = typeof e.tile === 'string' && Object.hasOwn(tables.typeOf, e.tile) ? (tables.typeOf[e.tile] as number) : -1;
      const copies = inBag.get(e.tile) ?? 0;
      if (!putBack || t < 0 || copies === 0 || k.canPlaceAnywhere(t)) return;
      inBag.set(e.tile, copies - 1);
      log.push({ type: 'put-back', player: k.current, tile: t });
    }
  };
  // With hands the state records what each hand holds now, not when each tile was drawn: a move
  // is checked with its tile as the hand, and turns pass as without hands, except that once the
  // bag is empty (it never fills again: a tile set aside then leaves the game) a player with an
  // empty hand passes, so the next player with tiles may move.
  const left = s.tilesLeft as unknown[];
  const skipTo = (player: unknown): boolean => {
    if (handSize === 0 || left.length > 0 || !isInt(player) || player < 0 || player >= players.length) return false;
    k.setPlayer(player);
    return true;
  };
  drawDiscards(placements.length === firstMove);
  drawReturns(placements.length === firstMove);
  let last: LastMove = { lastTurn: 0, stepStarts: [] };
  // At the action step (or a module's step), the last placement waits for the rest of its turn.
  const pending = s.step !== 'tile';
  for (let i = firstMove; i < placements.length; i++) {
    const p = readPlacement(placements[i], i, fail);
    const t = take(p.tile, `placements[${i}]`);
    if (p.player !== k.current && !skipTo(p.player))
      note(`placements[${i}] was placed by player ${show(p.player)}, out of turn (player ${k.current} was to move)`);
    k.setCurrentTile(t);
    if (handSize > 0) k.setHand(k.current, [t]);
    const waits = pending && i === placements.length - 1;
    last = playPlacement(r, i, p, waits);
    if (!waits) {
      drawDiscards(i === placements.length - 1);
      drawReturns(i === placements.length - 1);
    }
  }
  for (let i = discards; i < discarded.length; i++) {
    note(
      `discarded[${i}] is tile ${show(discarded[i])}, which fits on the board wherever it could have been drawn: only a tile that fits nowhere is discarded`,
    );
  }
  // What the hand rule in play says of the hands it deals (a rule of a module's own may say nothing).
  const hand = k.rules.ruleset.hand;
  const drawsUp = hand?.drawsUp === true;
  if (finished && left.length > 0 && (hand === null || drawsUp)) throw fail('a finished game has no tiles left');
  // The tiles in hand were drawn: they come first in the kernel's bag, before the tiles left.
  const drawn: number[] = [];
  if (handSize > 0) {
    // A finished game ends at whoever found every hand empty.
    if (finished || s.currentPlayer !== k.current) skipTo(s.currentPlayer);
    const hands = s.hands as unknown[][];
    for (let pl = 0; pl < players.length; pl++) k.setHand(pl, []);
    hands.forEach((h, pl) => {
      const held = h.map((id, i) => take(id, `hands[${pl}][${i}]`));
      k.setHand(pl, held);
      drawn.push(...held);
      // The bag refills every hand but the current player's during their second tile.
      const second = pl === k.current && k.extraTurn;
      // At the action step, the player to move has taken the tile placed from the hand.
      const full = finished ? 0 : (second ? Math.max(1, handSize - 1) : handSize) - (pending && pl === k.current ? 1 : 0);
      // A hand given up is drawn anew with the tiles that fit, which may run out before it is full
      // (the tiles set aside then go back into the bag): the last move's events show the give-up,
      // or, during the second tile of that turn, the move before (the hand is not drawn up between
      // the two), which the state does not record: a hand may be short then (a view's draws are not
      // drawn again to say more).
      // At the action step the events are the tile step's: the draw that shortened the hand is not
      // among them.
      const mayBeShort =
        pl === k.current &&
        (second ||
          pending ||
          (s.events as unknown[]).some((e) => isRecord(e) && (e.type === 'tile-returned' || e.type === 'tile-discarded')));
      // A set-up may deal hands short of full.
      // A short hand holds a tile, except at the action step, where its last tile may be the one placed.
      const least = pending && pl === k.current ? 0 : 1;
      if (drawsUp && setUp === null && left.length > 0 && h.length !== full && !(mayBeShort && h.length >= least && h.length < full))
        note(`hands[${pl}] holds ${amount(h.length, 'tile')}, but with tiles left in the bag it holds ${full}`);
      if (finished && h.length > 0) note(`hands[${pl}] holds tiles, but the game is over: it ends when the bag and every hand are empty`);
    });
    if (!finished && k.phase !== PHASE_ACTION && k.phase < PHASE_STEP) {
      const mine = hands[k.current] as unknown[];
      if (mine.length === 0) note(`player ${k.current} is to move with an empty hand`);
      const seen = view === null || !view.hidden[k.current];
      if (drawsUp && seen && mine.length > 0 && !mine.some((_, i) => k.canPlaceAnywhere(k.hands[k.current * handSize + i] as number)))
        note(`no tile of hands[${k.current}] fits anywhere: the hand would have left the game`);
      k.setCurrentTile(mine.length > 0 ? (k.hands[k.current * handSize] as number) : -1);
    }
  }
  if (finished) k.finish(log);
  else if (k.phase === PHASE_ACTION || k.phase >= PHASE_STEP) {
    // The tile of the turn is on the board already: it is the current tile (load-checks.ts).
  } else if (handSize === 0) {
    k.setCurrentTile(take(s.currentTile, 'currentTile'));
    if (!k.canPlaceAnywhere(k.currentType)) note(`currentTile ${s.currentTile} fits nowhere: it would have been discarded`);
  }
  k.setBag(
    drawn,
    left.map((id, i) => take(id, `tilesLeft[${i}]`)),
  );
  (s.discarded as unknown[]).forEach((id, i) => {
    k.addDiscarded(take(id, `discarded[${i}]`));
  });
  // A land tile was drawn once one lies on the board, was discarded, or is the current tile.
  // As the kernel's draw has it: a river's spring drawn first starts no land.
  const drawnLand = (t: number) => tables.drawClass[t] === DRAW_LAND && t !== tables.startType;
  if (
    Array.from(k.pType.subarray(firstMove, k.nPlaced)).some(drawnLand) ||
    Array.from(k.discarded.subarray(0, k.nDiscarded)).some(drawnLand) ||
    (!finished && drawnLand(k.currentType)) ||
    drawn.some(drawnLand)
  )
    k.setLandStarted();
  return { ...last, draws: null };
}
