import { type Kernel, type KernelEvent, DRAW_LAND, roadEnds, type TileTables } from '../../kernel/index.js';
import type { ModuleContext, ModuleDocs, OptionGame, RuleModule } from '../module.js';

/** How the first player is chosen, as the kernel's record numbers it. */
export const FIRST_GIVEN = 0;
export const FIRST_RANDOM = 1;
export const FIRST_DRAW_ROADS = 2;

/** Why a value of `rules.firstPlayer` is refused (the end of "rules.firstPlayer must be …"), or null. */
function firstPlayerProblem(v: unknown, game: OptionGame): string | null {
  if (v === 'random' || v === 'draw-roads') return null;
  if (Number.isInteger(v) && (v as number) >= 0 && (v as number) < game.players) return null;
  return `a player index from 0 to ${game.players - 1}, 'random' or 'draw-roads'`;
}

/**
 * The land tiles players draw from to choose who starts, by type: every copy but the start tile's
 * (which is one of them when it is in the bag),
 * in the order of their ids (so that the draws depend on the tiles only, not on how a set lists
 * them).
 */
function drawPile(T: TileTables): number[] {
  const types = Array.from({ length: T.types }, (_, t) => t).sort((a, b) => ((T.ids[a] as string) < (T.ids[b] as string) ? -1 : 1));
  const pile: number[] = [];
  for (const t of types) {
    if (T.drawClass[t] !== DRAW_LAND) continue;
    // The start tile's copy starts the board, unless it is in the bag and not drawn first of all (a river's spring).
    const copies = (T.count[t] as number) - (t === T.startType && (T.set.startDrawn !== true || T.set.startFirst === true) ? 1 : 0);
    for (let i = 0; i < copies; i++) pile.push(t);
  }
  return pile;
}

/**
 * House rules for who moves first (wikicarpedia, Print-and-Play Demo, House rules #1 and #2):
 * `rules.firstPlayer` is a player index, `'random'` (from the game's seed), or `'draw-roads'`: each
 * player draws a land tile; whoever drew the most road ends (0–4) starts; the players tied for the
 * most draw again, all tiles back in the pile, until one has the most. The draws come from the
 * game's seed, apart from the bag (docs/rules.md gives the procedure), and the state's first
 * events record them.
 */
export const firstPlayer = {
  name: 'first-player',
  title: 'choosing the first player',
  activeWhen: (rules: Readonly<Record<string, unknown>>) => rules.firstPlayer !== 0 && rules.firstPlayer !== undefined,
  options: [{ key: 'firstPlayer', default: 0, check: firstPlayerProblem, type: "number | 'random' | 'draw-roads'" }],
  hooks(ctx: ModuleContext) {
    const choice = ctx.rules.firstPlayer;
    const roads = Uint8Array.from({ length: ctx.tables.types }, (_, t) => roadEnds(ctx.tables, t));
    const pile = drawPile(ctx.tables);
    return {
      start(k: Kernel, random: () => number, log: KernelEvent[] | null): void {
        const rounds: number[][] = [];
        let first: number;
        let how = FIRST_GIVEN;
        if (choice === 'random') {
          how = FIRST_RANDOM;
          first = random() % k.players;
        } else if (choice === 'draw-roads') {
          how = FIRST_DRAW_ROADS;
          // Each round, the players still in draw in seat order, each a tile of the pile (not
          // put back within the round); the most road ends stay in.
          let contenders = Array.from({ length: k.players }, (_, p) => p);
          while (contenders.length > 1) {
            const left = [...pile];
            const round: number[] = [];
            let most = -1;
            let best: number[] = [];
            for (const p of contenders) {
              const t = left.splice(random() % left.length, 1)[0] as number;
              round.push(p, t);
              const n = roads[t] as number;
              if (n > most) {
                most = n;
                best = [p];
              } else if (n === most) best.push(p);
            }
            rounds.push(round);
            contenders = best;
          }
          first = contenders[0] as number;
        } else first = choice as number;
        k.setPlayer(first);
        log?.push({ type: 'first-chosen', player: first, how, rounds });
      },
    };
  },
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: 'who moves first: a given player, one at random, or the one who draws the most road ends',
  options: {
    firstPlayer:
      "Who moves first: a player index (default `0`), `'random'` (drawn from the game's seed), or `'draw-roads'`: each player draws a land tile, the most road ends starts, the players tied for the most draw again (a house rule); the state's first events say how it went (`first-player-chosen`).",
  },
} satisfies ModuleDocs;
