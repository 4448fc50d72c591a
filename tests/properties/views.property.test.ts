import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  features,
  type GameEvent,
  type GameOptions,
  type GameState,
  legalTurns,
  loadView,
  type TurnMove,
  playerView,
  previewMove,
  renderAscii,
  scoreFinal,
  StateError,
  validateState,
  type Viewer,
} from 'carcassonne-engine';
import { hiddenChanged } from '../support/hidden';
import { choices, gameOptions, lcg, play } from '../support/play';

// Player views over random games of every expansion and house rule: a view shows nothing that
// depends on the seed, the bag's order or a hidden hand, loses nothing else, and reads like the
// state it comes from.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 20);

/** The states of a game worth looking at: every seventh, and the last. */
const sample = (states: readonly GameState[]): GameState[] => states.filter((_, i) => i % 7 === 0 || i === states.length - 1);

const viewers = (s: GameState): Viewer[] => [...s.players.keys(), 'spectator'];

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
          other = applyMove(other, moves[i] as TurnMove);
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
          expect(legalTurns(mine)).toEqual(legalTurns(s));
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
              // The extra tile a move earns is lost when no tile that fits is left to draw for it;
              // with hands of tiles the game goes on with the others' hands, the mover's empty.
              const lost = preview.extraTurn !== null && after.extraTurn === null;
              if (lost) expect(after.hands?.[s.currentPlayer]).toEqual([]);
              expect(lost ? null : preview.extraTurn).toBe(after.extraTurn);
            }
          }
          // A hidden hand to move is not the spectator's to list.
          const spectator = playerView(s, 'spectator');
          const hidden = s.status === 'playing' && s.rules.hand !== null && !s.rules.hand.visible;
          if (hidden) expect(() => legalTurns(spectator)).toThrow(StateError);
          else expect(legalTurns(spectator)).toEqual(legalTurns(s));
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
