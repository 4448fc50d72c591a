import { describe, expect, it } from 'vitest';
import {
  allExpansions,
  applyMove,
  createGame,
  type GameState,
  legalMoves,
  legalTurns,
  loadState,
  useExpansions,
  validateState,
} from '../../src/index.js';

// A saved state is replayed once, drawing the tiles its draws record (src/api/state/replay-drawn.ts):
// the draws are the game's, drawn in order; a state that draws otherwise than it places is refused
// at the first draw that goes wrong.

/** Eight whole turns of a game whose first draws are C (one copy in the set), E, U, V, K, L. */
function eightTurns(): GameState {
  let s = createGame({ players: 2, seed: 3, drawOrder: ['C', 'E', 'U', 'V', 'K', 'L'] });
  for (let i = 0; i < 8; i++) {
    const turns = legalTurns(s);
    s = applyMove(s, turns[(i * 7) % turns.length] as (typeof turns)[number]);
  }
  return s;
}
const state = eightTurns();
const json = () => JSON.parse(JSON.stringify(state)) as Record<string, any>;
const problems = (s: unknown) => validateState(s).map((p) => p.message);

describe('the draws of a saved state, drawn again', () => {
  it('a state loads as it was saved, and plays on as the original', () => {
    expect(state.draws?.map((d) => d.tile).slice(0, 6)).toEqual(['C', 'E', 'U', 'V', 'K', 'L']);
    const loaded = loadState(json());
    expect(loaded).toEqual(state);
    const next = legalTurns(state)[0] as ReturnType<typeof legalTurns>[number];
    expect(applyMove(loaded, next)).toEqual(applyMove(state, next));
  });

  it('two draws swapped: the first move whose tile is not the tile drawn then is told', () => {
    const s = json();
    [s.draws[1].tile, s.draws[2].tile] = [s.draws[2].tile, s.draws[1].tile];
    // placements[1] holds C (drawn first), placements[2] E: U is drawn in its place now.
    expect(s.placements[2].tile).toBe('E');
    expect(problems(s)).toEqual(['draws: the move of placements[2] places tile E, but the tile drawn then is U']);
  });

  it('a tile drawn that is no longer in the bag, too few draws, too many, and a draw by another player', () => {
    const gone = json();
    gone.draws[4].tile = 'C';
    expect(problems(gone)).toEqual(['draws[4] is tile C, which was not in the bag then']);
    const short = json();
    short.draws.pop();
    expect(problems(short)).toEqual([`draws lists ${state.draws?.length ? state.draws.length - 1 : 0} tiles, but the game drew more`]);
    const long = json();
    long.draws.push({ ...long.draws[long.draws.length - 1] });
    expect(problems(long)).toEqual([`draws lists ${(state.draws?.length ?? 0) + 1} tiles, but the game drew ${state.draws?.length}`]);
    const other = json();
    other.draws[3].player = 1 - other.draws[3].player;
    expect(problems(other)).toEqual([
      `draws[3] is ${JSON.stringify(other.draws[3])}, but drawing the recorded tiles gives ${JSON.stringify(state.draws?.[3])}`,
    ]);
  });

  it('the tiles left are the bag after the draws, in any order (the state keeps its own)', () => {
    const s = json();
    s.tilesLeft.reverse();
    const loaded = loadState(s);
    expect(loaded.tilesLeft).toEqual(s.tilesLeft);
    // The next tile drawn is the first of the tiles left, in the order the state gives.
    const turn = legalTurns(loaded)[0] as ReturnType<typeof legalTurns>[number];
    expect(applyMove(loaded, turn).currentTile).toBe(s.tilesLeft[0]);
    const swapped = json();
    swapped.tilesLeft[0] = 'C';
    expect(problems(swapped)).toContain(`tilesLeft[0]: more copies of tile C than the base set holds`);
  });
});

describe('a turn left unfinished before the last placement', () => {
  it("is told where it stops: a tower floor's capture step left out of a placement that is not the last", () => {
    useExpansions(...allExpansions);
    let s = createGame({ players: 2, seed: 5, expansions: ['tower'] });
    const captured = (t: GameState) => t.placements.findIndex((p, i) => i < t.placements.length - 1 && (p.steps?.length ?? 0) >= 2);
    for (let i = 0; captured(s) < 0 || s.step !== 'tile'; i++) {
      const moves = legalMoves(s);
      s = applyMove(s, moves[(i * 7919) % moves.length] as (typeof moves)[number]);
    }
    const at = captured(s);
    const t = JSON.parse(JSON.stringify(s));
    const dropped = t.placements[at].steps.pop();
    // The capture step's move: a follower captured, or the pass.
    expect(['capture', 'pass']).toContain(dropped.type);
    expect(problems(t)).toEqual([
      `placements[${at}] leaves its turn at the capture step, but another placement follows: its steps are not all listed`,
    ]);
  });
});
