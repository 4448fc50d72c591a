import { describe, expect, it } from 'vitest';
import {
  type GameState,
  allExpansions,
  applyMove,
  createGame,
  legalMoves,
  playerView,
  useExpansions,
  validateState,
} from '../../src/index.js';
import { LOAD_CHECKS } from '../../src/api/state/load-checks.js';
import { SHAPES } from '../../src/api/state/shapes.js';

// Each field of a state is declared once per concern: its form (shapes.ts), what the loader
// compares after the replay (load-checks.ts) and what a view shows (view.ts). The tables follow
// the state's order, and each comparison catches a record that says otherwise than the rules.

useExpansions(...allExpansions);
const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as Record<string, any>;
/** 60 steps or more into a game with The Tower, at a tile step, with a tower on the board. */
function middleGame(): GameState {
  let s = createGame({ players: 3, seed: 4, expansions: ['traders-builders', 'tower'] });
  for (let i = 0; i < 60 || s.step !== 'tile' || JSON.stringify(s.modules).length < 30; i++) {
    const moves = legalMoves(s);
    s = applyMove(s, moves[(i * 7919) % moves.length] as (typeof moves)[number]);
  }
  return s;
}
const middle = middleGame();

describe('the fields of a state, declared per concern', () => {
  it("list every field in the state's order; a view shows them in that order, viewer after version, seed left out", () => {
    const keys = Object.keys(middle);
    expect(Object.keys(SHAPES)).toEqual(keys);
    expect(Object.keys(LOAD_CHECKS)).toEqual(keys);
    expect(Object.keys(playerView(middle, 1))).toEqual(['version', 'viewer', ...keys.slice(1).filter((k) => k !== 'seed')]);
  });

  it('the form of each field is checked before the replay, the first field out of form told', () => {
    expect(validateState({ ...json(middle), modules: 5 }).map((p) => p.message)).toEqual([
      "modules must be the rule modules' parts of the state, by module name",
    ]);
    expect(validateState({ ...json(middle), turn: -1, meeples: {} }).map((p) => p.message)).toEqual(['turn must be a whole number']);
    expect(validateState({ ...json(middle), scored: null }).map((p) => p.message)).toEqual(['scored must be a list']);
  });

  it('every field the replay gives is compared with the record, each in its own words', () => {
    const s = json(middle);
    const said = (change: (t: Record<string, any>) => void) => {
      const t = json(s);
      change(t);
      return validateState(t).map((p) => p.message);
    };
    expect(said((t) => (t.turn += 1))).toContain(`turn is ${s.turn + 1}, but ${s.turn} tiles were placed after the start tile`);
    expect(said((t) => (t.currentPlayer = (t.currentPlayer + 1) % 3))).toEqual([
      `currentPlayer ${(s.currentPlayer + 1) % 3} is not the player whose turn ${s.turn} is (player ${s.currentPlayer})`,
    ]);
    expect(said((t) => (t.extraTurn = 'builder'))).toEqual([
      'extraTurn is "builder", but the placements give the current player no extra tile',
    ]);
    expect(said((t) => (t.players[2].score += 5))).toEqual([
      `player 2 has ${s.players[2].score + 5} points, but the placements score ${s.players[2].score}`,
    ]);
    expect(said((t) => t.scored.pop())[0]).toMatch(/^scored lists \d+ scorings, but the placements also give the /);
    expect(said((t) => (t.events = []))[0]).toMatch(/^events lists 0 events, but the placements also give a [a-z-]+ event /);
    expect(said((t) => (t.modules = {}))[0]).toMatch(/^modules\.tower is undefined, but the placements give \{"towers":/);
    expect(said((t) => (t.draws[3].kept = !t.draws[3].kept))).toEqual([
      `draws[3] is ${JSON.stringify({ ...s.draws[3], kept: !s.draws[3].kept })}, but drawing the recorded tiles gives ${JSON.stringify(s.draws[3])}`,
    ]);
  });
});
