import { tileDef } from '../../rules/catalogue.js';
import { type Problem, StateError, type StateErrorCode } from '../../core/errors.js';
import { isRotation, SPOTS, type Spot } from '../../core/geometry.js';
import { moveSpot } from '../../core/move-code.js';
import { isInt, isRecord, show } from '../../core/guards.js';
import { startRandom } from '../../core/rng.js';
import {
  createKernel,
  type Kernel,
  PHASE_ACTION,
  PHASE_DRAW,
  PHASE_STEP,
  type KernelEvent,
  DRAW_LAND,
  tablesFor,
} from '../../kernel/index.js';
import { describeEvents, figureOf, scoringsOf } from '../play/events.js';
import { checkDraws, drawsShapeProblem } from './draws-check.js';
import type { ExpansionName } from '../../core/vocabulary.js';
import { expansionNames } from '../../rules/registry.js';
import { rosterFor } from '../../rules/roster.js';
import { activeModules, gameTiles, handsIn } from '../../rules/tiles.js';
import type { TileSetName } from '../../tiles/tile-types.js';
import { ruleKeys, validateOptions } from '../options/options.js';
import { isViewRecord, stateOfView } from './view-input.js';
import { figureNames, recallable } from '../options/figure-kinds.js';
import { isPlayerRecord, playerDifferences, playerForm } from './players.js';
import { actionOfTurn, codeOfAction, codeOfTile, moveError } from '../play/legality.js';
import type { FarmerRule, GameState, MeepleKind, ModuleMove, TileMove, TurnMove } from '../types.js';

/** Whether a recorded module move is a free move (a ransom), made before the turn's action. */
const isFreeMove = (m: unknown): boolean => isRecord(m) && stepsOf().some((st) => st.free && st.name === m.type);
import { fieldLines } from '../options/lines.js';
import { extraTurnOf, rulesFor } from '../options/game-rules.js';
import { loadSetUp } from '../setup/saved-setup.js';
import { sameJson } from '../../core/same-json.js';
import { modulesOf } from './modules.js';
import { stepsOf } from '../../rules/declared.js';
import { stepOf } from '../play/create.js';

// Saved states: read in the current format, then checked by replaying their placements through
// the kernel and comparing what they record with what the replay gives.

/**
 * Checks a state that did not come from this library (typically `JSON.parse` of a saved game)
 * and builds its kernel by replaying its placements through the kernel: every placement must be a
 * legal move (the check `applyMove` makes), and the scores, figures, goods, turn and scorings the
 * state records must be the ones the rules give. Throws {@link StateError}: structural problems
 * stop the check at the first; the others are all listed. (The kernel of a state this library
 * made is made again without these checks: api/play/recorded.ts.)
 */
export function rebuild(state: GameState): Kernel {
  const problems: Problem<StateErrorCode>[] = [];
  const note = (message: string) => problems.push({ code: 'invalid-state', message });
  const fail = (message: string) => {
    note(message);
    return new StateError(problems);
  };
  if (!isRecord(state)) throw fail('a game state must be an object');
  // A player view is checked as the state it stands for (view-input.ts).
  const view = isViewRecord(state) ? stateOfView(state as unknown as Record<string, unknown>, fail) : null;
  const s = view === null ? (state as unknown as Record<string, unknown>) : view.state;
  if (s.version !== 2) throw fail(`unsupported state version ${show(s.version)} (expected 2, or 1 through loadState)`);
  // The game's options, checked as createGame checks them, with the same sentences. A state records
  // every rule, and its expansions in the order of the rule modules (EXPANSIONS).
  const rules = s.rules;
  for (const key of ['tileSet', 'edition', 'expansions', 'rules'])
    if (!Object.hasOwn(s, key)) note(`${key} is missing: a state records it`);
  if (!Array.isArray(s.players)) note('players must be a list of player records');
  const options = {
    players: Array.isArray(s.players) ? s.players.map((p: unknown) => (isRecord(p) ? p.name : p)) : 2,
    seed: s.seed,
    tileSet: s.tileSet,
    edition: s.edition,
    expansions: s.expansions,
    rules: isRecord(rules) ? { ...rules, farmers: rules.farmers === 'custom' ? 'none' : rules.farmers } : rules,
  };
  for (const p of validateOptions(options))
    if (p.code === 'expansion-not-loaded') problems.push({ code: p.code, message: p.message });
    else note(p.message);
  if (isRecord(rules))
    for (const key of ruleKeys(Array.isArray(s.expansions) ? s.expansions : []))
      if (!Object.hasOwn(rules, key)) note(`rules.${key} is missing: a state records every rule`);
  const expansions = s.expansions as ExpansionName[];
  const order = expansionNames();
  if (problems.length === 0 && expansions.join() !== order.filter((e) => expansions.includes(e as ExpansionName)).join()) {
    note(`expansions must be listed in the order ${order.join(', ')}`);
  }
  if (problems.length > 0) throw new StateError(problems);
  if (!isRecord(rules)) throw fail('rules must be an object');
  const inGame = expansions as ExpansionName[];
  const players = s.players as unknown[];
  const roster = rosterFor(activeModules(inGame, rules));
  players.forEach((p: unknown, i) => {
    if (!isPlayerRecord(p, true, roster)) throw fail(`players[${i}] must have ${playerForm(roster)}`);
  });
  // A state of 0.2.0 whose builderTurn says what its extraTurn says was read without it (upgrade.ts).
  if (Object.hasOwn(s, 'builderTurn'))
    throw fail(
      `builderTurn (which 0.2.0 wrote) is ${show(s.builderTurn)}, but extraTurn is ${show(s.extraTurn)}: a builder's second tile is extraTurn 'builder'`,
    );
  if (s.extraTurn !== null && typeof s.extraTurn !== 'string')
    throw fail('extraTurn must be null or what gave the current player an extra tile');
  for (const key of ['placements', 'meeples', 'tilesLeft', 'discarded', 'scored', 'events']) {
    if (!Array.isArray(s[key])) throw fail(`${key} must be a list`);
  }
  const drawsProblem = drawsShapeProblem(s.draws, players.length, view !== null);
  if (drawsProblem !== null) throw fail(drawsProblem);
  if (!(s.status === 'playing' || s.status === 'finished')) throw fail('status must be "playing" or "finished"');
  const moduleSteps = stepsOf()
    .filter((st) => !st.free && inGame.includes(st.module.name as ExpansionName))
    .map((st) => st.name);
  if (!(s.step === 'tile' || s.step === 'action' || moduleSteps.includes(s.step as string)))
    throw fail(`step must be ${['"tile"', '"action"', ...moduleSteps.map((n) => `"${n}"`)].join(', ').replace(/, ([^,]*)$/, ' or $1')}`);
  if (s.status === 'finished' && s.step !== 'tile') throw fail('step must be "tile" once the game is finished');
  if (!isInt(s.turn) || s.turn < 0) throw fail('turn must be a whole number');
  if (!isInt(s.currentPlayer) || s.currentPlayer < 0 || s.currentPlayer >= players.length) throw fail('currentPlayer is not a player');
  const finished = s.status === 'finished';
  const handSize = handsIn(inGame, rules).size;
  if (handSize > 0) {
    if (s.currentTile !== null) throw fail('currentTile must be null with hands of tiles: the player chooses among hands');
    if (!Array.isArray(s.hands) || s.hands.length !== players.length || !s.hands.every((h) => Array.isArray(h) && h.length <= handSize))
      throw fail(`hands must list each player's hand, of at most ${handSize} tile${handSize === 1 ? '' : 's'}`);
  } else {
    if (s.hands !== null) throw fail('hands must be null in a game without hands of tiles');
    if (finished !== (s.currentTile === null)) throw fail('currentTile must be null exactly when the game is finished');
  }

  const tables = tablesFor(gameTiles({ tileSet: s.tileSet as TileSetName, expansions: inGame, rules }), tileDef);
  const scored = s.scored as unknown[];
  const kernelRules = rulesFor(state, tables, undefined, recordedFarmers(scored, players.length, fail));
  if (s.setup === undefined) throw fail('setup is missing: a state records it (null for a game not set up)');
  const counts = new Map<string, number>(tables.set.counts.map(([id, n]) => [id, n]));
  const take = (id: unknown, where: string) => {
    const n = typeof id === 'string' ? counts.get(id) : undefined;
    if (n === undefined) throw fail(`${where}: unknown tile ${show(id)}`);
    if (n === 0) throw fail(`${where}: more copies of tile ${id} than the ${tables.set.name} set holds`);
    counts.set(id as string, n - 1);
    return tables.typeOf[id as string] as number;
  };

  const placements = s.placements as unknown[];
  const first = placements[0];
  // A game set up (setupGame) starts from its set-up board: the placements it lists come first.
  const setUp =
    s.setup === null ? null : loadSetUp(s, tables, kernelRules, inGame, players.length, view !== null, take, fail, (m) => note(m));
  if (problems.length > 0) throw new StateError(problems);
  const k = setUp?.kernel ?? createKernel(tables, kernelRules, players.length);
  // The start tile in the bag (a house rule): the board starts empty, and every placement is a move.
  const drawnStart = tables.set.startDrawn === true;
  if (setUp !== null) {
    // Checked by loadSetUp.
  } else if (drawnStart) {
    // Checked as moves below; a start tile drawn first of all (a river's spring) comes first.
    // With hands, the spring is in the first player's hand until it is placed.
    const inHand =
      Array.isArray(s.hands) && Array.isArray(s.hands[s.currentPlayer as number]) ? (s.hands[s.currentPlayer as number] as unknown[]) : [];
    const firstDrawn = isRecord(first) ? first.tile : handSize > 0 ? inHand.find((id) => id === tables.set.startTile) : s.currentTile;
    // A hand hidden from a view does not show it.
    const unseen = view !== null && !isRecord(first) && view.facts.hidden[s.currentPlayer as number] === true;
    if (tables.set.startFirst === true && firstDrawn !== tables.set.startTile && !unseen)
      throw fail(`the first tile drawn must be the start tile ${tables.set.startTile}, which this game draws first of all`);
  } else if (
    !isRecord(first) ||
    first.tile !== tables.set.startTile ||
    first.x !== 0 ||
    first.y !== 0 ||
    first.rotation !== 0 ||
    first.player !== null ||
    first.meeple !== null ||
    first.recall !== null
  ) {
    const start = tables.set.startTile;
    throw fail(
      `placements must start with the start tile ${start} at (0,0), rotation 0, placed by nobody: { tile: '${start}', x: 0, y: 0, rotation: 0, player: null, meeple: null, recall: null }`,
    );
  }
  if (!drawnStart && setUp === null) take((first as Record<string, unknown>).tile, 'placements[0]');
  const names = players.map((p) => (p as { name: string }).name);
  const log: KernelEvent[] = [];
  // The start as createGame made it (who moves first, from the seed); a set-up says who moves.
  if (setUp === null) k.begin(startRandom(s.seed as number | string), log);
  // A view has no seed: who moved first is who made the first move (or is to move).
  const opener = isRecord(first) && !drawnStart ? placements[1] : first;
  const firstMover = isRecord(opener) && isInt(opener.player) ? opener.player : s.currentPlayer;
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
  const firstMove = setUp !== null ? setUp.start.tiles.length : drawnStart ? 0 : 1;
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
  // Where the records of the last turn (or of the setup) begin, and of its action step (-1: none):
  // the state's events describe the last move, a whole turn or its last step.
  let lastTurn = 0;
  // Where each step after the tile of the last placement began in the log.
  let stepStarts: number[] = [];
  // The steps replayed, for the check of the draws: their codes, tiles (-1 for an action) and placements.
  const codes: number[] = [];
  const tiles: number[] = [];
  const at: number[] = [];
  // At the action step (or a module's step), the last placement waits for the rest of its turn.
  const pending = s.step !== 'tile';
  for (let i = firstMove; i < placements.length; i++) {
    const p = placements[i];
    if (
      !isRecord(p) ||
      !isInt(p.x) ||
      !isInt(p.y) ||
      !isRotation(p.rotation) ||
      !(p.meeple === null || (isRecord(p.meeple) && typeof p.meeple.kind === 'string')) ||
      !(p.recall === null || (typeof p.recall === 'string' && recallable(p.recall as MeepleKind))) ||
      !(
        p.steps === undefined ||
        (Array.isArray(p.steps) && p.steps.length > 0 && p.steps.every((m) => isRecord(m) && typeof m.type === 'string'))
      )
    ) {
      const kinds = figureNames()
        .filter(recallable)
        .map((kind) => `'${kind}'`);
      throw fail(
        `placements[${i}] is not a tile placement { tile, x, y, rotation, player, meeple: null or { at, kind }, recall: null or ${kinds.join(' or ')}, and when a rule module's moves were made, steps: a list of them }`,
      );
    }
    const t = take(p.tile, `placements[${i}]`);
    if (p.player !== k.current && !skipTo(p.player))
      note(`placements[${i}] was placed by player ${show(p.player)}, out of turn (player ${k.current} was to move)`);
    k.setCurrentTile(t);
    if (handSize > 0) k.setHand(k.current, [t]);
    const m = p.meeple as { at: Spot; kind: MeepleKind } | null;
    const waits = pending && i === placements.length - 1;
    if (waits && (m !== null || p.recall !== null))
      throw fail(`placements[${i}] waits for its action (step is '${String(s.step)}'): its meeple and recall are null`);
    const steps = (p.steps ?? []) as readonly ModuleMove[];
    const tile: TileMove = { type: 'tile', x: p.x, y: p.y, rotation: p.rotation };
    const turn: TurnMove = {
      x: p.x,
      y: p.y,
      rotation: p.rotation,
      ...(m === null ? {} : { meeple: m }),
      ...(p.recall === null ? {} : { recall: p.recall as MeepleKind }),
    };
    // A turn is checked a step at a time on the kernel itself, its tile first, then (below) its
    // action with the tile placed: the checks and sentences of a whole turn (legality.ts), without
    // a copy of the kernel a turn. A figure deployed or taken back asks for the action step even
    // where the tile gives none, as the check of a whole turn does; a figure deployed and one taken
    // back in one turn are refused as a whole turn.
    const whole = steps.length === 0 && !waits;
    const acts = whole && (m !== null || p.recall !== null);
    const said = `placements[${i}] (tile ${String(p.tile)} at (${p.x}, ${p.y}) turned ${p.rotation}°) is not a legal move`;
    const error = moveError(k, names, inGame, m !== null && p.recall !== null ? turn : tile);
    if (error !== null) throw fail(`${said}: ${error.message}`);
    lastTurn = log.length;
    stepStarts = [];
    const placed = codeOfTile(k, tile);
    codes.push(placed);
    tiles.push(t);
    at.push(i);
    k.playStep(placed, log, acts);
    const play = (code: number) => {
      stepStarts.push(log.length);
      codes.push(code);
      tiles.push(-1);
      at.push(i);
      k.playStep(code, log);
    };
    // The rule modules' moves in the order made: free moves (a ransom), then a module's action and its steps.
    let next = 0;
    const recorded = (free: boolean) => {
      while (next < steps.length && k.phase !== PHASE_DRAW && (!free || isFreeMove(steps[next]))) {
        const move = steps[next] as ModuleMove;
        const wrong = moveError(k, names, inGame, move);
        if (wrong !== null) throw fail(`placements[${i}].steps[${next}] ${show(move)} is not a legal move: ${wrong.message}`);
        play(codeOfAction(k, move));
        next++;
      }
    };
    if (steps.length > 0 && k.phase !== PHASE_ACTION)
      throw fail(`placements[${i}] lists steps, but its tile gave no action step: the turn ended with the tile`);
    recorded(true);
    if (next < steps.length) recorded(false);
    else if (k.phase === PHASE_ACTION && !waits) {
      const wrong = moveError(k, names, inGame, actionOfTurn(turn));
      if (wrong !== null)
        throw fail(steps.length > 0 ? `placements[${i}]'s action is not a legal move: ${wrong.message}` : `${said}: ${wrong.message}`);
      const action = codeOfAction(k, actionOfTurn(turn));
      const canonical = SPOTS[moveSpot(action)];
      if (m !== null && m.at !== canonical)
        throw fail(`placements[${i}].meeple: spot ${m.at} must be written as its feature's canonical spot ${canonical}`);
      play(action);
    }
    if (next < steps.length) throw fail(`placements[${i}].steps[${next}]: the turn was over before it`);
    if (waits && stepOf(k) !== s.step)
      note(
        `step is ${show(s.step)}, but placements[${i}] leaves the turn at the ${stepOf(k) === 'tile' ? 'next tile' : `${stepOf(k)} step`}`,
      );
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
  if (finished && left.length > 0) throw fail('a finished game has no tiles left');
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
      // the two), which the state does not record: the check of the draws follows the hands exactly.
      // At the action step the events are the tile step's: the draw that shortened the hand is not
      // among them.
      const mayBeShort =
        pl === k.current &&
        (second ||
          pending ||
          (s.events as unknown[]).some((e) => isRecord(e) && (e.type === 'tile-returned' || e.type === 'tile-discarded')));
      // A set-up may deal hands short of full; the check of the draws follows them.
      // A short hand holds a tile, except at the action step, where its last tile may be the one placed.
      const least = pending && pl === k.current ? 0 : 1;
      if (setUp === null && left.length > 0 && h.length !== full && !(mayBeShort && h.length >= least && h.length < full))
        note(`hands[${pl}] holds ${amount(h.length, 'tile')}, but with tiles left in the bag it holds ${full}`);
      if (finished && h.length > 0) note(`hands[${pl}] holds tiles, but the game is over: it ends when the bag and every hand are empty`);
    });
    if (!finished && k.phase !== PHASE_ACTION && k.phase < PHASE_STEP) {
      const mine = hands[k.current] as unknown[];
      if (mine.length === 0) note(`player ${k.current} is to move with an empty hand`);
      const seen = view === null || !view.facts.hidden[k.current];
      if (seen && mine.length > 0 && !mine.some((_, i) => k.canPlaceAnywhere(k.hands[k.current * handSize + i] as number)))
        note(`no tile of hands[${k.current}] fits anywhere: the hand would have left the game`);
      k.setCurrentTile(mine.length > 0 ? (k.hands[k.current * handSize] as number) : -1);
    }
  }
  if (finished) k.finish(log);
  else if (k.phase === PHASE_ACTION || k.phase >= PHASE_STEP) {
    // The tile of the turn is on the board already.
    const placedTile = k.tables.ids[k.currentType];
    if (handSize === 0 && s.currentTile !== placedTile)
      note(`currentTile is ${show(s.currentTile)}, but at the action step it is the tile just placed, ${placedTile}`);
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
  const missing = [...counts].filter(([, n]) => n > 0).map(([id, n]) => `${n} × ${id}`);
  if (missing.length > 0) note(`the tiles do not add up to the ${tables.set.name} set: missing ${missing.join(', ')}`);
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
  compareWithReplay(s, k, scoringsOf(describeEvents(k, log)), note);
  // The last move was the whole last turn or its tile step, or a step of its own after the tile.
  const recorded = s.events as unknown[];
  const expected = eventsToCompare(s, view === null ? null : firstMover, note);
  const fromTile = stepStarts.length === 0 || (isRecord(recorded[0]) && recorded[0].type === 'tile-placed');
  const starts = fromTile ? [lastTurn] : [...stepStarts].reverse();
  // The events from where the last move began: the first start they match, else the first start's, compared.
  let matched = false;
  for (const b of starts) {
    if (sameJson(expected, describeEvents(k, log.slice(b)))) {
      matched = true;
      break;
    }
  }
  if (!matched) compareLists('events', expected, describeEvents(k, log.slice(starts[0] as number)), 'event', showEvent, note);
  const modules = modulesOf(k);
  const listed = isRecord(s.modules) ? s.modules : {};
  for (const name of new Set([...Object.keys(listed), ...Object.keys(modules)])) {
    if (!sameJson(listed[name], (modules as Record<string, unknown>)[name]))
      note(`modules.${name} is ${show(listed[name])}, but the placements give ${show((modules as Record<string, unknown>)[name])}`);
  }
  if (problems.length === 0 && view === null && s.draws !== null)
    for (const m of checkDraws(s, k, codes, tiles, at, setUp?.start ?? null)) note(m);
  // The recorded field scorings served the replay only: a custom rule must be given again.
  k.setRules(rulesFor(state, tables, undefined, null));
  if (problems.length > 0) throw new StateError(problems);
  return k;
}

/**
 * The events a replay must give: in a view (`first`: who moved first, else null), who moved first
 * was chosen from the seed it does not have, so the choice is only checked against `first`.
 */
function eventsToCompare(s: Record<string, unknown>, first: unknown, note: (message: string) => void): unknown[] {
  const events = s.events as unknown[];
  if (first === null) return events;
  return events.filter((e) => {
    if (!isRecord(e) || e.type !== 'first-player-chosen') return true;
    if (e.player !== first) note(`events: the first player chosen is ${show(e.player)}, but player ${show(first)} moved first`);
    return false;
  });
}

/** What the state says after its placements, against what replaying them gave. */
function compareWithReplay(s: Record<string, unknown>, k: Kernel, lines: readonly unknown[], note: (message: string) => void): void {
  if (s.turn !== k.turn) note(`turn is ${s.turn}, but ${k.turn} tiles were placed${drawnStartOf(k) ? '' : ' after the start tile'}`);
  if (s.currentPlayer !== k.current)
    note(`currentPlayer ${s.currentPlayer} is not the player whose turn ${k.turn} is (player ${k.current})`);
  const extra = extraTurnOf(k);
  if (s.extraTurn !== extra) {
    note(
      `extraTurn is ${show(s.extraTurn)}, but the placements give the current player ${extra === null ? 'no extra tile' : `an extra tile for ${show(extra)}`}`,
    );
  }
  (s.players as Record<string, unknown>[]).forEach((pl, i) => {
    for (const m of playerDifferences(pl, k, i)) note(m);
  });
  const figures = Array.from({ length: k.nMeeples }, (_, i) => ({
    owner: k.mOwner[i],
    ...figureOf(k, k.mKind[i] as number, k.mSeg[i] as number),
  }));
  compareLists('meeples', s.meeples as unknown[], figures, 'figure', show, note);
  // A recorded line is written with show unless its parts are what they should be: a frozen state
  // is read in place, so it may hold values (an object without a prototype) that join cannot write.
  const line = (l: unknown) => {
    const { kind, id, awarded } = (isRecord(l) ? l : {}) as { kind?: unknown; id?: unknown; awarded?: unknown };
    return typeof kind === 'string' && typeof id === 'string' && Array.isArray(awarded) && awarded.every((a) => typeof a === 'number')
      ? `the ${kind} ${id}, awarding ${awarded.join('/')}`
      : show(l);
  };
  compareLists('scored', s.scored as unknown[], lines, 'scoring', line, note);
}

/** An event as a message names it: its type, and what it is about. */
function showEvent(e: unknown): string {
  if (!isRecord(e) || typeof e.type !== 'string') return show(e);
  return `a ${e.type} event ${show(e)}`;
}

/** `n` things, with the plural when n is not 1. */
const amount = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Notes every entry of `listed` that differs from what the placements give (`given`). */
function compareLists(
  name: string,
  listed: readonly unknown[],
  given: readonly unknown[],
  what: string,
  describe: (v: unknown) => string,
  note: (m: string) => void,
): void {
  for (let i = 0; i < Math.max(listed.length, given.length); i++) {
    if (i >= given.length) note(`${name}[${i}] is ${describe(listed[i])}, which the placements do not give`);
    else if (i >= listed.length) note(`${name} lists ${amount(listed.length, what)}, but the placements also give ${describe(given[i])}`);
    else if (!sameJson(listed[i], given[i])) note(`${name}[${i}] is ${describe(listed[i])}, but the placements give ${describe(given[i])}`);
  }
}

/**
 * A farmer rule that gives back the field lines of a finished game's final scoring as the state
 * records them: a game scored by a custom rule that a JSON state cannot carry is replayed with its
 * recorded field scorings (each checked as a scoring line), everything else recomputed.
 */
function recordedFarmers(scored: readonly unknown[], players: number, fail: (m: string) => StateError): FarmerRule {
  const at: number[] = [];
  scored.forEach((line, i) => {
    if (isRecord(line) && line.phase === 'final' && line.kind === 'field') at.push(i);
  });
  return () =>
    fieldLines(
      at.map((i) => scored[i]),
      players,
      (why, j) => fail(`scored[${at[j]}]: ${why}`),
    );
}

/** Whether the game's start tile is drawn (a house rule): then no placement is the start's. */
const drawnStartOf = (k: Kernel): boolean => k.tables.set.startDrawn === true;
