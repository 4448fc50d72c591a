import { tileDef } from '../../rules/catalogue.js';
import { type Problem, StateError, type StateErrorCode } from '../../core/errors.js';
import { isInt, isRecord, show } from '../../core/guards.js';
import { createKernel, type Kernel, type KernelEvent, tablesFor } from '../../kernel/index.js';
import { shapeProblem } from './shapes.js';
import type { ExpansionName } from '../../core/vocabulary.js';
import { expansionNames } from '../../rules/registry.js';
import { rosterFor } from '../../rules/roster.js';
import { activeModules, gameTiles, handsIn } from '../../rules/tiles.js';
import type { TileSetName } from '../../tiles/tile-types.js';
import { ruleKeys, validateOptions } from '../options/options.js';
import { isViewRecord, stateOfView } from './view-input.js';
import type { FarmerRule, GameState } from '../types.js';
import { fieldLines } from '../options/lines.js';
import { rulesFor } from '../options/game-rules.js';
import { loadSetUp } from '../setup/saved-setup.js';
import { stepsOf } from '../../rules/declared.js';
import { replayDrawn } from './replay-drawn.js';
import { replayGuessed } from './replay-guessed.js';
import { replayProblems } from './load-checks.js';
import type { Replay } from './replay-turn.js';

// Saved states: read in the current format, each field's form checked (shapes.ts), then the game
// replayed once through the kernel (replay-drawn.ts, or replay-guessed.ts for a view or a state
// without its draws) and each field compared with what the replay gives (load-checks.ts).

/**
 * Checks a state that did not come from this library (typically `JSON.parse` of a saved game)
 * and builds its kernel by replaying the game through the kernel: every placement must be a legal
 * move (the check `applyMove` makes) of the tile drawn then, and every field the rules give (the
 * scores, figures, goods, turn, hands, discards, draws, scorings, events) must be the record's.
 * Throws {@link StateError}: problems of form stop the check at the first; the others are all
 * listed. (The kernel of a state this library made is made again without these checks:
 * api/play/recorded.ts.)
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
  // A state of 0.2.0 whose builderTurn says what its extraTurn says was read without it (upgrade.ts).
  if (Object.hasOwn(s, 'builderTurn'))
    throw fail(
      `builderTurn (which 0.2.0 wrote) is ${show(s.builderTurn)}, but extraTurn is ${show(s.extraTurn)}: a builder's second tile is extraTurn 'builder'`,
    );
  const handSize = handsIn(inGame, rules).size;
  const steps = stepsOf()
    .filter((st) => !st.free && inGame.includes(st.module.name as ExpansionName))
    .map((st) => st.name);
  const shape = shapeProblem(s, { players: players.length, handSize, steps, roster, view: view !== null });
  if (shape !== null) throw fail(shape);

  const tables = tablesFor(gameTiles({ tileSet: s.tileSet as TileSetName, expansions: inGame, rules }), tileDef);
  const scored = s.scored as unknown[];
  const kernelRules = rulesFor(state, tables, undefined, recordedFarmers(scored, players.length, fail));
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
  // A view has no seed: who moved first is who made the first move (or is to move).
  const opener = isRecord(first) && !drawnStart ? placements[1] : first;
  const firstMover = isRecord(opener) && isInt(opener.player) ? opener.player : s.currentPlayer;
  const firstMove = setUp !== null ? setUp.start.tiles.length : drawnStart ? 0 : 1;
  const replay: Replay = { s, k, tables, log, names, inGame, handSize, setUp, firstMove, take, fail, note };
  const replayed =
    view === null && s.draws !== null ? replayDrawn(replay) : replayGuessed(replay, view === null ? null : view.facts, firstMover);
  const missing = [...counts].filter(([, n]) => n > 0).map(([id, n]) => `${n} × ${id}`);
  if (missing.length > 0) note(`the tiles do not add up to the ${tables.set.name} set: missing ${missing.join(', ')}`);
  for (const m of replayProblems(k, { ...replayed, s, log, firstMover: view === null ? null : firstMover })) note(m);
  // The recorded field scorings served the replay only: a custom rule must be given again.
  k.setRules(rulesFor(state, tables, undefined, null));
  if (problems.length > 0) throw new StateError(problems);
  return k;
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
