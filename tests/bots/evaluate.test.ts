import { applyMove, createGame, OptionsError, type Setup, setupGame, validateMove } from 'carcassonne-engine';
import { DEFAULT_WEIGHTS as W, evaluate, greedyBot, LEVELS, levelBot, mctsBot } from 'carcassonne-engine/bots';
import { Engine, seededRandom } from 'carcassonne-engine/engine';
import { describe, expect, it } from 'vitest';
import { caught } from '../support/caught.js';

// Start tile D (city north, road east–west) with Ann's knight on its city, open towards (0, -1).
const knight: Setup = {
  players: ['Ann', 'Bob'],
  board: [{ tile: 'D', x: 0, y: 0, rotation: 0 }],
  figures: [{ owner: 0, x: 0, y: 0, at: 'N' }],
};
const worth = (setup: Setup) => evaluate(Engine.fromState(setupGame(setup)));

describe('evaluate: the tile-aware evaluation, worked by hand', () => {
  it('a knight on a city no tile left can close is stuck: its city scores 1 and the knight is worth nothing', () => {
    // Four straight roads (U) left: none has a city, so the city of D can never be closed.
    // Ann: 1 point (a city of one tile if the game ended now) + 6 followers in supply at 3 each × 4/20
    // (tiles left / horizon). Bob: 7 followers.
    const hand = Math.min(1, 4 / W.horizon);
    const [ann, bob] = worth({ ...knight, currentTile: 'U', tilesLeft: ['U', 'U', 'U'] });
    expect(ann).toBeCloseTo(W.now * 1 + 6 * W.meeple * hand, 9);
    expect(bob).toBeCloseTo(7 * W.meeple * hand, 9);
  });

  it('a knight on a city every tile left closes: the chance, the points it would add and the knight coming back', () => {
    // Four city caps (E) left: every one closes the city at (0, -1). Ann's draws: reach × 4 tiles / 2
    // players; the chance that one of them is a cap is 1, times `cell` for the one cell. Closed, the
    // city has 2 tiles: 2 × 2 = 4 points (the city of one tile scores 2 a tile, grown by one tile for
    // its one open cell), 3 more than the 1 it scores open.
    const chance = W.cell * (1 - (1 - 4 / 4) ** ((W.reach * 4) / 2));
    expect(chance).toBeCloseTo(W.cell, 9);
    const hand = Math.min(1, 4 / W.horizon);
    const [ann, bob] = worth({ ...knight, currentTile: 'E', tilesLeft: ['E', 'E', 'E'] });
    expect(ann).toBeCloseTo(W.now * 1 + W.complete * chance * (2 * (1 + W.grow) - 1) + W.meeple * hand * (6 + W.back * chance), 9);
    expect(bob).toBeCloseTo(7 * W.meeple * hand, 9);
  });

  it('counts only the tiles that close: a city tile that leads on (F) fits the cell but does not count', () => {
    // Two caps (E) and two city tiles that carry the city through (F): 2 of the 4 close it.
    const draws = (W.reach * 4) / 2;
    const chance = W.cell * (1 - (1 - 2 / 4) ** draws);
    const hand = Math.min(1, 4 / W.horizon);
    const [ann] = worth({ ...knight, currentTile: 'E', tilesLeft: ['F', 'E', 'F'] });
    expect(ann).toBeCloseTo(W.now * 1 + W.complete * chance * (2 * (1 + W.grow) - 1) + W.meeple * hand * (6 + W.back * chance), 9);
  });

  it("a farmer's field gains 'field' points times the chance of each open city it borders", () => {
    // Bob's farmer on D's field between the city and the road: the city is open, so the field scores
    // nothing now, and counts W.field × the city's chance.
    const chance = W.cell * (1 - (1 - 4 / 4) ** ((W.reach * 4) / 2));
    const hand = Math.min(1, 4 / W.horizon);
    const setup: Setup = {
      ...knight,
      figures: [...(knight.figures ?? []), { owner: 1, x: 0, y: 0, at: 'ENE' }],
      currentTile: 'E',
      tilesLeft: ['E', 'E', 'E'],
    };
    const [, bob] = worth(setup);
    expect(bob).toBeCloseTo(W.field * chance + 6 * W.meeple * hand, 9);
  });

  it('reads the multiset of the tiles left, never their order', () => {
    const state = applyMove(createGame({ players: 3, seed: 'order' }), greedyBot(createGame({ players: 3, seed: 'order' })));
    const values = [1, 2, 3].map((seed) => {
      const engine = Engine.fromState(state);
      engine.shuffleTilesLeft(seededRandom(seed));
      return evaluate(engine);
    });
    expect(values[1]).toEqual(values[0]);
    expect(values[2]).toEqual(values[0]);
  });

  it('is the final score once the game is over', () => {
    const engine = Engine.create({ players: 2, seed: 'end' });
    while (engine.status === 'playing') engine.play(engine.legalMoves()[0] as number);
    expect(evaluate(engine)).toEqual(engine.scores());
  });
});

describe('greedyBot evaluations', () => {
  it("'now' is the evaluation of 0.3.0 (what the position would score if the game ended now); bad values are refused", () => {
    const s = createGame({ players: 2, seed: 'now' });
    expect(validateMove(s, greedyBot(s, { evaluation: 'now' }))).toBeNull();
    const e = caught(() => greedyBot(s, { evaluation: 'later' as 'now', weights: { cell: -1 } }), OptionsError);
    expect(e.problems.map((p) => p.message)).toEqual([
      'evaluation must be tiles or now, not later',
      'weights.cell must be a finite number of at least 0, not -1',
    ]);
  });
});

describe('levelBot', () => {
  it('plays every level, with every expansion and a house rule, and refuses a level out of range', () => {
    const s = createGame({
      players: 3,
      seed: 'ladder',
      expansions: ['river', 'abbot', 'inns-cathedrals', 'traders-builders'],
      rules: { hand: { size: 2, visible: false } },
    });
    for (let level = 1; level <= LEVELS; level++) expect(validateMove(s, levelBot(s, { level, timeMs: 20, seed: 1 }))).toBeNull();
    const e = caught(() => levelBot(s, { level: LEVELS + 1, timeMs: 0 }), OptionsError);
    expect(e.problems.map((p) => p.message.split(' ')[0])).toEqual(['level', 'timeMs']);
  });

  it('the top level stops when its clock says the time is spent (a clock moving 10 ms a reading: no timed assertion)', () => {
    const s = createGame({ players: 2, seed: 'clock' });
    let now = 0;
    let readings = 0;
    const clock = () => {
      readings++;
      now += 10;
      return now;
    };
    expect(validateMove(s, levelBot(s, { level: LEVELS, timeMs: 100, clock }))).toBeNull();
    // The start, then one reading an iteration: 95 of the 100 ms are spent by the 11th.
    expect(readings).toBeLessThanOrEqual(12);
    readings = 0;
    expect(validateMove(s, mctsBot(s, { timeMs: 100, clock }))).toBeNull();
    expect(readings).toBeLessThanOrEqual(12);
  });
});
