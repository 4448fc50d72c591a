import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  features,
  type GameEvent,
  type GameOptions,
  type GameState,
  legalMoves,
  loadState,
  loadView,
  type Move,
  playerView,
  previewMove,
  renderAscii,
  scoreFinal,
  StateError,
  validateState,
  type Viewer,
} from 'carcassonne-engine';
import { choices, gameOptions, lcg, play } from '../support/play';

// Player views over random games of every expansion and house rule: a view shows nothing that
// depends on the seed, the bag's order or a hidden hand, loses nothing else, and reads like the
// state it comes from.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);

/** The states of a game worth looking at: every seventh, and the last. */
const sample = (states: readonly GameState[]): GameState[] => states.filter((_, i) => i % 7 === 0 || i === states.length - 1);

const viewers = (s: GameState): Viewer[] => [...s.players.keys(), 'spectator'];

/** Whether the seed decides anything a state records beyond the bag (who moves first). */
const seedShows = (o: GameOptions): boolean => o.rules?.firstPlayer === 'random' || o.rules?.firstPlayer === 'draw-roads';

/**
 * The same game with what nobody may see changed: another seed (unless it chose the first
 * player), the bag in another order, and the tiles of every hidden hand but `keep`'s and the
 * player to move's traded with the bag's.
 */
function hiddenChanged(s: GameState, o: GameOptions, keep: Viewer, r: () => number): GameState | null {
  const t = JSON.parse(JSON.stringify(s)) as { -readonly [K in keyof GameState]: unknown } & {
    tilesLeft: string[];
    hands: string[][] | null;
  };
  if (!seedShows(o)) t.seed = `${String(s.seed)}-other`;
  const pool = [...t.tilesLeft];
  // The tiles the last move put back into the bag stay in it (its events say so).
  const returned: string[] = [];
  for (const e of s.events) if (e.type === 'tile-returned') returned.push(...pool.splice(pool.indexOf(e.tile), 1));
  const hidden = s.rules.hand !== null && !s.rules.hand.visible;
  const traded = (t.hands ?? []).map((_, p) => hidden && p !== keep && p !== s.currentPlayer && s.status === 'playing');
  (t.hands ?? []).forEach((h, p) => {
    if (traded[p]) pool.push(...h);
  });
  for (let i = pool.length - 1; i > 0; i--) {
    const j = r() % (i + 1);
    [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
  }
  const draws = t.draws as { player: number; tile: string; kept: boolean }[];
  (t.hands ?? []).forEach((h, p) => {
    if (!traded[p]) return;
    const given = pool.splice(0, h.length);
    t.hands?.splice(p, 1, given);
    // The hand's tiles are the player's last tiles drawn and kept (in hand order): they are drawn anew.
    let j = draws.length - 1;
    for (let i = h.length - 1; i >= 0; i--) {
      while (j >= 0 && !(draws[j]?.player === p && draws[j]?.kept && draws[j]?.tile === h[i])) j--;
      if (j >= 0) draws[j] = { ...(draws[j] as (typeof draws)[number]), tile: given[i] as string };
      j--;
    }
  });
  t.tilesLeft = [...pool, ...returned];
  try {
    return loadState(t);
  } catch (e) {
    // Another hidden hand is another game only if its tiles could have been drawn when they were
    // (a hand given up draws until tiles fit): the draws say when; such a trade is not made.
    if (e instanceof StateError && e.problems.every((p) => /^(draws|tilesLeft: drawing|hands: drawing)/.test(p.message))) return null;
    throw e;
  }
}

/** The events of a move up to its draw (what a preview tells). */
const beforeDraw = (events: readonly GameEvent[]): GameEvent[] =>
  events.filter(
    (e) =>
      e.type !== 'tile-discarded' &&
      e.type !== 'tile-returned' &&
      e.type !== 'game-finished' &&
      !(e.type === 'feature-scored' && e.score.phase === 'final'),
  );

describe('player views (fast-check)', () => {
  it('views hide what they must: the same game with another seed, bag order and hidden hands gives byte-identical views', () => {
    let traded = 0;
    let refused = 0;
    fc.assert(
      fc.property(gameOptions, choices, fc.nat(), (options, picks, shuffle) => {
        const { states } = play(options, picks);
        for (const s of sample(states)) {
          for (const v of viewers(s)) {
            const other = hiddenChanged(s, options, v, lcg(shuffle + s.turn));
            if (other === null) {
              refused++;
              continue;
            }
            if (JSON.stringify(other.hands) !== JSON.stringify(s.hands)) traded++;
            const view = JSON.stringify(playerView(s, v));
            expect(JSON.stringify(playerView(other, v))).toBe(view);
            expect(view).not.toContain('"seed"');
          }
        }
      }),
      { numRuns: RUNS },
    );
    // Hidden hands were traded in some game (by far), and most trades made another game.
    if (RUNS >= 20) expect(traded).toBeGreaterThan(refused);
  });

  it('two games differing only in seed and bag order, played alike, give byte-identical views at every move', () => {
    fc.assert(
      fc.property(gameOptions, choices, fc.integer(), (options, picks, seed) => {
        const rules = { ...options.rules, hand: null, unplaceable: 'removed' as const, firstPlayer: 0 };
        const o: GameOptions = { ...options, expansions: (options.expansions ?? []).filter((e) => e !== 'river'), rules };
        const { states, moves } = play(o, picks, 30);
        // The tiles the game drew, in order (discards too): the other game draws them first.
        const drawn = states.flatMap((s) => [
          ...s.events.flatMap((e) => (e.type === 'tile-discarded' ? [e.tile] : [])),
          ...(s.currentTile === null ? [] : [s.currentTile]),
        ]);
        let other = createGame({ ...o, seed, drawOrder: drawn });
        for (let i = 0; ; i++) {
          const s = states[i] as GameState;
          for (const v of viewers(s)) expect(JSON.stringify(playerView(other, v))).toBe(JSON.stringify(playerView(s, v)));
          if (i === moves.length) break;
          other = applyMove(other, moves[i] as Move);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a view reads like its state: legal moves, features, scores, the text board, and previews of the move played', () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const { states, moves } = play(options, picks);
        states.forEach((s, i) => {
          if (i % 5 !== 0 && i !== states.length - 1) return;
          const mine = playerView(s, s.currentPlayer);
          expect(legalMoves(mine)).toEqual(legalMoves(s));
          expect(features(mine)).toEqual(features(s));
          expect(scoreFinal(mine)).toEqual(scoreFinal(s));
          const board = (text: string) => text.split('\n').filter((l) => !l.startsWith('hands: '));
          expect(board(renderAscii(playerView(s, 'spectator')))).toEqual(board(renderAscii(s)));
          const move = moves[i];
          if (move !== undefined) {
            const after = states[i + 1] as GameState;
            const preview = previewMove(mine, move);
            expect(preview.events).toEqual(beforeDraw(after.events));
            if (after.status === 'playing') {
              expect(preview.scores).toEqual(after.players.map((p) => p.score));
              expect(preview.extraTurn).toBe(after.extraTurn);
            }
          }
          // A hidden hand to move is not the spectator's to list.
          const spectator = playerView(s, 'spectator');
          const hidden = s.status === 'playing' && s.rules.hand !== null && !s.rules.hand.visible;
          if (hidden) expect(() => legalMoves(spectator)).toThrow(StateError);
          else expect(legalMoves(spectator)).toEqual(legalMoves(s));
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('a view survives JSON: loadView gives it back, validateState finds nothing wrong', () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const { states } = play(options, picks);
        for (const s of sample(states)) {
          for (const v of viewers(s)) {
            const view = playerView(s, v);
            const json = JSON.parse(JSON.stringify(view));
            expect(validateState(json)).toEqual([]);
            expect(loadView(json)).toEqual(view);
          }
        }
      }),
      { numRuns: Math.max(1, Math.floor(RUNS / 2)) },
    );
  });
});
