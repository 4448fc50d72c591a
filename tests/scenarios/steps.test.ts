/**
 * A turn as steps (the base rules' turn: "1. placing a tile, 2. placing a meeple, 3. scoring a
 * feature", rules-facts §a), scenarios worked by hand. The tile step places the tile; the action
 * step (a figure on the tile just placed, the abbot taken back, or the pass) follows only when the
 * player has something besides the pass; scoring comes after it. Geometry as in board.ts: D at
 * (0, 0) with its city cap N and road E–W; E a city cap N (E turned 180°: cap S); U a straight road
 * E–W; B a cloister in a field.
 */
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type GameState,
  IllegalMoveError,
  legalMoves,
  legalTurns,
  loadState,
  previewMove,
  setupGame,
  setupOf,
  StateError,
  validateMove,
} from '../../src/index.js';
import { makeMove, makeRecord, NotationError, parseMove, parseRecord, replayRecord } from '../../src/notation/index.js';
import { caught } from '../support/caught';

const json = (s: GameState) => JSON.parse(JSON.stringify(s)) as GameState;

describe('a turn as steps (rules-facts §a: place a tile, then a meeple, then score)', () => {
  // Ann draws E: turned 180° above the start tile, its cap closes D's city (2 tiles).
  const start = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['E'] });
  const placed = applyMove(start, { type: 'tile', x: 0, y: -1, rotation: 180 });

  it('the tile step places the tile and waits for its action: nothing is scored yet', () => {
    expect(placed.step).toBe('action');
    expect([placed.turn, placed.currentPlayer, placed.currentTile]).toEqual([0, 0, 'E']);
    expect(placed.placements.at(-1)).toEqual({ tile: 'E', x: 0, y: -1, rotation: 180, player: 0, meeple: null, recall: null });
    expect(placed.events.map((e) => e.type)).toEqual(['tile-placed']);
    // The city is complete, but scoring is the turn's third part.
    expect(placed.players.map((p) => p.score)).toEqual([0, 0]);
    expect(placed.scored).toEqual([]);
    expect(legalTurns(placed)).toEqual([]);
    // The pass, then a knight in the city (S) and a farmer in the field (canonical spot NNW).
    expect(legalMoves(placed)).toEqual([
      { type: 'pass' },
      { type: 'meeple', at: 'S', kind: 'follower' },
      { type: 'meeple', at: 'NNW', kind: 'follower' },
    ]);
  });

  it('the action step ends the turn: a knight on the closed city scores 2 tiles × 2 = 4 and comes home', () => {
    const after = applyMove(placed, { type: 'meeple', at: 'S' });
    expect(after.step).toBe('tile');
    expect([after.turn, after.currentPlayer]).toEqual([1, 1]);
    expect(after.players.map((p) => [p.score, p.meeples])).toEqual([
      [4, 7],
      [0, 7],
    ]);
    expect(after.placements.at(-1)?.meeple).toEqual({ at: 'S', kind: 'follower' });
    expect(after.events.map((e) => e.type)).toEqual(['meeple-placed', 'feature-scored', 'meeple-returned']);
    // The whole turn gives the same state; its events are the two steps' together.
    const turn = applyMove(start, { x: 0, y: -1, rotation: 180, meeple: { at: 'S' } });
    expect({ ...turn, events: [] }).toEqual({ ...after, events: [] });
    expect(turn.events).toEqual([...placed.events, ...after.events]);
  });

  it('the pass scores the city for nobody (no knight: 0 points)', () => {
    const after = applyMove(placed, { type: 'pass' });
    expect(after.players.map((p) => p.score)).toEqual([0, 0]);
    expect(after.scored.map((l) => [l.kind, l.complete, l.holders, l.awarded])).toEqual([['city', true, [], [0, 0]]]);
    expect(after.placements.at(-1)?.meeple).toBeNull();
  });

  it('a move of the other step is refused with wrong-step, and a sentence', () => {
    expect(validateMove(start, { type: 'pass' })?.code).toBe('wrong-step');
    expect(validateMove(start, { type: 'meeple', at: 'S' })?.message).toBe(
      'the tile is not placed yet: the turn begins with a tile move or a whole turn, not a meeple move',
    );
    expect(validateMove(placed, { x: 1, y: 0, rotation: 0 })?.message).toBe(
      'tile E is placed at (0, -1): the turn goes on with its action (a meeple on it, a figure taken back, or the pass), not a whole turn',
    );
    expect(caught(() => applyMove(placed, { type: 'tile', x: 1, y: 0, rotation: 0 }), IllegalMoveError).code).toBe('wrong-step');
    // A figure where the tile has none, or on a feature the rules refuse, is refused as in a whole turn.
    expect(validateMove(placed, { type: 'meeple', at: 'C' })?.code).toBe('no-feature-at-spot');
    expect(validateMove(placed, { type: 'meeple', at: 'S', kind: 'abbot' })?.code).toBe('figure-not-allowed');
  });

  it('previewMove of the tile step stops with the tile placed; of the action, at the draw', () => {
    expect(previewMove(start, { type: 'tile', x: 0, y: -1, rotation: 180 }).events.map((e) => e.type)).toEqual(['tile-placed']);
    const knight = previewMove(placed, { type: 'meeple', at: 'S' });
    expect([knight.scores, knight.completed]).toEqual([[4, 0], ['0,0:N']]);
  });

  it('a state at its action step saves and loads; one whose waiting tile holds a figure is refused', () => {
    expect(loadState(json(placed))).toEqual(placed);
    const forged = json(placed) as unknown as { placements: { meeple: unknown }[] };
    (forged.placements.at(-1) as { meeple: unknown }).meeple = { at: 'S', kind: 'follower' };
    expect(caught(() => loadState(forged), StateError).message).toContain("waits for its action (step is 'action')");
    const stepless = json(placed) as unknown as Record<string, unknown>;
    stepless.step = 'tile';
    expect(() => loadState(stepless)).toThrow(StateError);
  });

  it('a set-up begins a turn: setupOf refuses the action step (mid-turn)', () => {
    expect(caught(() => setupOf(placed), StateError).code).toBe('mid-turn');
    expect(setupOf(applyMove(placed, { type: 'pass' })).board).toHaveLength(2);
  });

  it('notation: a tile step alone ends with "then", an action alone is its figure and spot; a record of it replays', () => {
    expect(makeMove(start, { type: 'tile', x: 0, y: -1, rotation: 180 })).toBe('E 0,-1 r180 then');
    expect(makeMove(placed, { type: 'meeple', at: 'S' })).toBe('knight S');
    expect(makeMove(placed, { type: 'pass' })).toBe('pass');
    expect(parseMove('farmer NNW', placed)).toEqual({ type: 'meeple', at: 'NNW', kind: 'follower' });
    expect(caught(() => parseMove('knight S', start), NotationError).message).toContain('the tile is not placed yet');
    const text = makeRecord(placed);
    expect(text.trim().split('\n').at(-1)).toBe('1. E 0,-1 r180 then');
    // The record replays the draws it lists (the bag beyond them comes from the seed, not drawOrder).
    const replayed = replayRecord(parseRecord(text));
    expect({ ...replayed, tilesLeft: [...replayed.tilesLeft].sort() }).toEqual({ ...placed, tilesLeft: [...placed.tilesLeft].sort() });
  });
});

describe('the action step is played only when there is something besides the pass', () => {
  it('a player with no follower in supply places the tile and the turn ends (Bob to move)', () => {
    const state = setupGame({
      players: ['Ann', 'Bob'],
      board: [{ tile: 'D', x: 0, y: 0, rotation: 0 }],
      supplies: [{ meeples: 0 }, {}],
      currentTile: 'U',
      tilesLeft: ['V'],
    });
    const after = applyMove(state, { type: 'tile', x: 1, y: 0, rotation: 0 });
    expect([after.step, after.turn, after.currentPlayer, after.currentTile]).toEqual(['tile', 1, 1, 'V']);
    expect(legalTurns(state)).toHaveLength(legalMoves(state).length);
  });
});

describe('with the expansions', () => {
  it("Traders & Builders: the builder's second tile is known at the action step and given after it", () => {
    // Ann's thief and builder on the road of D and U (rules-facts §e): her next U at (2, 0) extends it.
    const state = setupGame({
      players: ['Ann', 'Bob'],
      expansions: ['traders-builders'],
      board: [
        { tile: 'D', x: 0, y: 0, rotation: 0 },
        { tile: 'U', x: 1, y: 0, rotation: 0 },
      ],
      figures: [
        { owner: 0, x: 1, y: 0, at: 'E' },
        { owner: 0, kind: 'builder', x: 1, y: 0, at: 'E' },
      ],
      currentTile: 'U',
      tilesLeft: ['V', 'X'],
    });
    const tile = { type: 'tile', x: 2, y: 0, rotation: 0 } as const;
    expect(previewMove(state, tile).extraTurn).toBe('builder');
    const placed = applyMove(state, tile);
    expect([placed.step, placed.extraTurn]).toEqual(['action', null]);
    const after = applyMove(placed, { type: 'pass' });
    expect([after.step, after.extraTurn, after.currentPlayer, after.turn, after.currentTile]).toEqual(['tile', 'builder', 0, 1, 'V']);
  });

  it('The Abbot: taking the abbot back is an action; it scores its cloister as at the end (1 + 2 neighbours)', () => {
    // Ann's abbot on B at (0, 1), below D; her B at (1, 1) beside it: the cloister has D and that B around it.
    const state = setupGame({
      players: ['Ann', 'Bob'],
      expansions: ['abbot'],
      board: [
        { tile: 'D', x: 0, y: 0, rotation: 0 },
        { tile: 'B', x: 0, y: 1, rotation: 0 },
      ],
      figures: [{ owner: 0, kind: 'abbot', x: 0, y: 1, at: 'C' }],
      currentTile: 'B',
      tilesLeft: ['V'],
    });
    const placed = applyMove(state, { type: 'tile', x: 1, y: 1, rotation: 0 });
    expect(legalMoves(placed).at(-1)).toEqual({ type: 'recall', kind: 'abbot' });
    const after = applyMove(placed, { type: 'recall', kind: 'abbot' });
    // Ann's abbot back in her supply; Bob's never left his.
    expect(after.players.map((p) => [p.score, p.abbots])).toEqual([
      [3, 1],
      [0, 1],
    ]);
    expect(after.placements.at(-1)?.recall).toBe('abbot');
  });

  it('a hand of tiles (house rule): the tile played leaves the hand at the tile step; the hand is drawn up after the action', () => {
    const state = createGame({ players: 2, seed: 1, drawOrder: ['E', 'U', 'V', 'X', 'A'], rules: { hand: { size: 2, visible: true } } });
    expect(state.hands).toEqual([
      ['E', 'U'],
      ['V', 'X'],
    ]);
    const placed = applyMove(state, { type: 'tile', tile: 'U', x: 1, y: 0, rotation: 0 });
    expect([placed.step, placed.currentTile, placed.hands?.[0]]).toEqual(['action', null, ['E']]);
    const after = applyMove(placed, { type: 'pass' });
    expect([after.currentPlayer, after.hands?.[0]]).toEqual([1, ['E', 'A']]);
    expect(loadState(json(placed))).toEqual(placed);
  });

  // Found by tests/properties/steps.property.test.ts: a hand left short by tiles set aside (its
  // last move's events told it) was refused once its player placed the tile, the events then
  // being the tile step's alone.
  it('a hand of tiles left short, its last tile placed: the action step saves and loads', () => {
    let s = createGame({
      players: 2,
      seed: 50,
      rules: { hand: { size: 2, visible: true }, unplaceable: 'returned', table: { minX: -1, maxX: 1, minY: -1, maxY: 1 } },
    });
    for (let i = 0; i < 15; i++) s = applyMove(s, legalMoves(s)[0] as Parameters<typeof applyMove>[1]);
    expect([s.step, s.hands?.[s.currentPlayer]]).toEqual(['action', []]);
    expect(loadState(json(s))).toEqual(s);
  });
});
