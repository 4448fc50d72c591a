import { createKernel, type Kernel, type KernelRules, type KernelEvent, DRAW_LAND, type TileTables } from '../../kernel/index.js';
import type { ExpansionName } from '../../core/vocabulary.js';
import { rosterOfRuleset } from '../../rules/roster.js';
import type { ModuleApi } from '../../rules/module.js';
import { RULE_MODULES } from '../../rules/registry.js';
import { type BoardFigure, type BoardLabels, type BoardTile, type Note, setUpBoard } from './setup-board.js';
import type { ExtraTurn, SetupStartFigure, SetupStartPlayer } from '../types.js';

// The start of a set-up game: a kernel at the set-up position, and its opening draws. setupGame
// makes it, and the loader rebuilds it (saved.ts) and replays the game's draws from it (replay-drawn.ts).

/** A set-up position as the kernel takes it: its fields checked for form, its tile ids known. */
export interface StartPosition {
  readonly tiles: readonly BoardTile[];
  readonly figures: readonly BoardFigure[];
  readonly players: readonly SetupStartPlayer[];
  readonly currentPlayer: number;
  readonly extraTurn: ExtraTurn | null;
  /** The tile to place as set up, or null (drawn, or with hands). */
  readonly currentTile: string | null;
  /** With hands: each hand as set up, or null (dealt from the bag). */
  readonly hands: readonly (readonly (string | null)[])[] | null;
  /** The rule modules' parts of the position, by module name (`Setup.modules`): as given, unchecked. */
  readonly modules: Readonly<Record<string, unknown>>;
}

/**
 * A kernel at a set-up position, before any draw (its bag empty), and the figures at their
 * canonical spots; every problem with the position noted.
 */
export function startKernel(
  tables: TileTables,
  rules: KernelRules,
  expansions: readonly ExpansionName[],
  start: StartPosition,
  labels: BoardLabels,
  note: Note,
): { kernel: Kernel; figures: SetupStartFigure[] } {
  const k = createKernel(tables, rules, start.players.length, true);
  const figures = setUpBoard(k, start.tiles, start.figures, expansions, labels, note);
  // The modules' parts, on the board placed: the figures they hold leave the supplies, as deployed ones do.
  for (const name of Object.keys(start.modules)) {
    const words = rules.ruleset.words.find((w) => w.module === name);
    if (words === undefined) {
      const known = RULE_MODULES.some((m) => m.name === name);
      note(
        'invalid-setup',
        `modules.${name}: ${known ? `${name} is not in play` : 'no rule module keeps a part of a position by that name'}`,
      );
      continue;
    }
    for (const m of (words.api as ModuleApi).setUp(k, start.modules[name])) note('invalid-setup', `modules.${name}: ${m}`);
  }
  const roster = rosterOfRuleset(rules.ruleset);
  start.players.forEach((p, pl) => {
    const record = p as unknown as Record<string, unknown>;
    k.setScore(pl, p.score);
    roster.supply.forEach((key, j) => {
      const figure = roster.own[j] as number;
      const owned = figure === 0 ? rules.meeples : (rules.ruleset.figures.perPlayer[figure * 8 + start.players.length] as number);
      const onBoard = owned - k.inSupply(pl, figure);
      // A supply left out (-1) is what the player owns off the board.
      const supply = (record[key] as number) < 0 ? Math.max(0, owned - onBoard) : (record[key] as number);
      if (supply + onBoard > owned && k.inSupply(pl, figure) >= 0)
        note(
          'too-many-figures',
          `player ${pl} has ${supply} ${key} in supply and ${onBoard} on the board${Object.keys(start.modules).length > 0 ? ' or kept by the rule modules' : ''}, but owns ${owned}`,
        );
      k.setSupply(pl, figure, supply);
    });
    for (const tk of roster.tokens) {
      const held = record[tk.key] as Record<string, number>;
      tk.kinds.forEach((name, g) => {
        const n = held[name] as number;
        if (n > 0) k.addTokens(pl, tk.first + g, n);
      });
    }
  });
  const by = start.extraTurn === null ? -1 : rules.ruleset.extraTurns.indexOf(start.extraTurn);
  if (start.extraTurn !== null && by < 0)
    note('invalid-setup', `extraTurn: nothing in play gives an extra tile for ${JSON.stringify(start.extraTurn)}`);
  k.setPlayer(start.currentPlayer, by);
  // The tiles set up were drawn: a 'first-land' start tile (The River) no longer comes first.
  for (let p = 0; p < k.nPlaced; p++) if (tables.drawClass[k.pType[p] as number] === DRAW_LAND) k.setLandStarted();
  if (start.hands !== null) {
    start.hands.forEach((hand, pl) => {
      // A hand hidden from a view reads as tile 0: the view's own hands replace it.
      k.setHand(
        pl,
        hand.map((id) => (id === null ? 0 : (tables.typeOf[id] as number))),
      );
    });
  }
  return { kernel: k, figures };
}

/**
 * The opening of a set-up game, its bag filled: the hands not set up are dealt and the player to
 * move readied as at the start of a game; without hands, the tile set up is the tile to place, or
 * the first tile that fits is drawn (with none, the game ends and is scored).
 */
export function openSetUp(k: Kernel, start: StartPosition, log: KernelEvent[] | null): void {
  if (k.handSize > 0) {
    if (start.hands === null) k.dealHands(log);
    k.drawNext(log);
  } else if (start.currentTile !== null) {
    k.setCurrentTile(k.tables.typeOf[start.currentTile] as number);
  } else {
    k.drawNext(log);
  }
}

/**
 * Fills the bag of a set-up kernel: `bag` in order, after the tiles of the hands set up, which
 * count as drawn (the kernel keeps a record of every tile drawn below `bagPos`, where a hand given
 * up is set aside).
 */
export function fillSetUpBag(k: Kernel, start: StartPosition, bag: readonly string[]): void {
  const T = k.tables;
  const held = (start.hands ?? []).flat();
  k.setBag(
    held.map((id) => (id === null ? 0 : (T.typeOf[id] as number))),
    bag.map((id) => T.typeOf[id] as number),
  );
}
