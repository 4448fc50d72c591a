import { describe, expect, it } from 'vitest';
import { createGame, editionRules, OptionsError, validateOptions, type GameOptions } from 'carcassonne-engine';
import { caught } from '../support/caught';

const thrown = (options: unknown): OptionsError => caught(() => createGame(options as GameOptions), OptionsError);

describe('createGame options', () => {
  it('names players from a count, or takes the names given', () => {
    expect(createGame({ players: 3, seed: 1 }).players.map((p) => p.name)).toEqual(['Player 1', 'Player 2', 'Player 3']);
    expect(createGame({ players: ['Ann', 'Bob'], seed: 1 }).players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
  });

  it('base set: 72 tiles with the start tile D at (0,0), 7 followers each (rules-facts §i)', () => {
    const s = createGame({ players: 2, seed: 1 });
    expect(s.placements).toEqual([{ tile: 'D', x: 0, y: 0, rotation: 0, player: null, meeple: null, recall: null }]);
    expect(s.expansions).toEqual([]);
    expect(s.players.every((p) => !('abbots' in p))).toBe(true);
    expect(s.tilesLeft.length + 1 + 1).toBe(72);
    expect(s.players.every((p) => p.meeples === 7)).toBe(true);
    expect(s).toMatchObject({ status: 'playing', turn: 0, currentPlayer: 0, tileSet: 'base', edition: 'current' });
  });

  it('print-and-play demo: 48 tiles, 5 followers each (wikicarpedia Print-and-Play Demo)', () => {
    const s = createGame({ players: 2, seed: 1, tileSet: 'pnp-demo' });
    expect(s.tilesLeft.length + 2).toBe(48);
    expect(s.players.every((p) => p.meeples === 5)).toBe(true);
    expect([...s.tilesLeft, s.currentTile]).toContain('IC-D');
  });

  it('editions are presets that rules override', () => {
    // The rules of the house rules; an expansion's only with it.
    const setup = {
      incomplete: 'score',
      table: null,
      tableEdge: 'open',
      firstPlayer: 0,
      fillingHole: 'nothing',
      unplaceable: 'removed',
      startTile: 'board',
      hand: null,
    };
    expect(createGame({ players: 2, seed: 1, edition: 'first' }).rules).toEqual({ farmers: 'city-4', smallCity: 2, meeples: 7, ...setup });
    expect(createGame({ players: 2, seed: 1, edition: 'second' }).rules).toEqual({
      farmers: 'farm-3-once',
      smallCity: 2,
      meeples: 7,
      ...setup,
    });
    expect(createGame({ players: 2, seed: 1 }).rules).toEqual({ farmers: 'farm-3', smallCity: 4, meeples: 7, ...setup });
    expect(createGame({ players: 2, seed: 1, edition: 'first', rules: { smallCity: 4, meeples: 3 } }).rules).toEqual({
      farmers: 'city-4',
      smallCity: 4,
      meeples: 3,
      ...setup,
    });
    expect(editionRules('second')).toEqual({ farmers: 'farm-3-once', smallCity: 2 });
  });

  it('the same seed gives the same game; another seed another shuffle; numbers and strings both work', () => {
    expect(createGame({ players: 2, seed: 'abc' })).toEqual(createGame({ players: 2, seed: 'abc' }));
    expect(createGame({ players: 2, seed: 5 }).tilesLeft).not.toEqual(createGame({ players: 2, seed: 6 }).tilesLeft);
  });

  it('drawOrder puts tiles first, in order, and the rest follows shuffled', () => {
    const s = createGame({ players: 2, seed: 9, drawOrder: ['X', 'C', 'D', 'D', 'D'] });
    expect(s.currentTile).toBe('X');
    expect(s.tilesLeft.slice(0, 4)).toEqual(['C', 'D', 'D', 'D']);
    expect(s.tilesLeft.slice(4)).not.toContain('D');
  });

  it.each([
    [{ players: 1, seed: 1 }, 'invalid-players', 'players must be 2 to 5 (6 with Inns & Cathedrals), not 1'],
    [{ players: 6, seed: 1 }, 'invalid-players', 'players must be 2 to 5 (6 with Inns & Cathedrals), not 6'],
    [{ players: ['a', ''], seed: 1 }, 'invalid-players', 'every player name must be a non-empty string'],
    [{ players: 2 }, 'invalid-seed', 'seed is required'],
    [{ players: 2, seed: Number.NaN }, 'invalid-seed', 'seed is required'],
    [{ players: 2, seed: 1, tileSet: 'river' }, 'invalid-tile-set', 'tileSet must be one of base, pnp-demo, not "river"'],
    [{ players: 2, seed: 1, edition: 'fourth' }, 'invalid-edition', "edition must be 'first', 'second' or 'current'"],
    [{ players: 2, seed: 1, rules: { farmers: 'farm-4' } }, 'invalid-rule', 'rules.farmers must be one of'],
    [{ players: 2, seed: 1, rules: { smallCity: 3 } }, 'invalid-rule', 'rules.smallCity must be 2 or 4, not 3'],
    [{ players: 2, seed: 1, rules: { meeples: -1 } }, 'invalid-rule', 'rules.meeples must be a whole number'],
    [{ players: 2, seed: 1, rules: { farmer: 'none' } }, 'unknown-option', 'unknown rule "farmer"'],
    [{ players: 2, seed: 1, tileset: 'base' }, 'unknown-option', 'unknown option "tileset"'],
    [{ players: 2, seed: 1, drawOrder: ['Z'] }, 'invalid-draw-order', 'drawOrder: tile "Z" is not in the base tile set'],
    [
      { players: 2, seed: 1, drawOrder: ['D', 'D', 'D', 'D'] },
      'invalid-draw-order',
      'drawOrder asks for 4 × D but the base set holds only 3 (one is the start tile)',
    ],
    [{ players: 2, seed: 1, tileSet: 'pnp-demo', drawOrder: ['C'] }, 'invalid-draw-order', 'tile "C" is not in the pnp-demo tile set'],
    [null, 'invalid-options', 'options must be an object'],
  ])('rejects %j with %s', (options, code, message) => {
    const e = thrown(options);
    expect(e.code).toBe(code);
    expect(e.message).toContain(message);
    expect(e.name).toBe('OptionsError');
  });

  it('Inns & Cathedrals: 18 more tiles, one large meeple each, up to 6 players (rules-facts §d)', () => {
    const s = createGame({ players: 6, seed: 1, expansions: ['inns-cathedrals'] });
    expect(s.expansions).toEqual(['inns-cathedrals']);
    expect(s.players).toHaveLength(6);
    // The sixth colour is a full set: 7 followers, and a large meeple like every other colour.
    expect(s.players.every((p) => p.meeples === 7 && p.largeMeeples === 1 && !('abbots' in p))).toBe(true);
    // 72 base tiles + 18: the start tile on the board, the current tile, the rest left.
    expect(s.tilesLeft.length + 1 + 1).toBe(72 + 18);
    expect(s.placements[0]).toMatchObject({ tile: 'D', x: 0, y: 0 });
    // Six named players, in any combination with the other expansions; expansions recorded in order.
    const names = ['A', 'B', 'C', 'D', 'E', 'F'];
    const all = createGame({ players: names, seed: 2, expansions: ['inns-cathedrals', 'abbot', 'river'] });
    expect(all.players.map((p) => p.name)).toEqual(names);
    expect(all.expansions).toEqual(['river', 'abbot', 'inns-cathedrals']);
    expect(all.players.every((p) => p.abbots === 1 && p.largeMeeples === 1)).toBe(true);
    expect(validateOptions({ players: 6, seed: 1, tileSet: 'pnp-demo', expansions: ['inns-cathedrals'] })).toEqual([]);
    // Without it: no large meeples, and at most 5 players.
    expect(createGame({ players: 5, seed: 1, expansions: ['river', 'abbot'] }).players.every((p) => !('largeMeeples' in p))).toBe(true);
  });

  it("Traders & Builders: 24 more tiles, one builder and one pig each, no goods tokens yet, no builder's second tile (rules-facts §e)", () => {
    const s = createGame({ players: 4, seed: 1, expansions: ['traders-builders'] });
    expect(s.expansions).toEqual(['traders-builders']);
    expect(s.extraTurn === 'builder').toBe(false);
    for (const p of s.players)
      expect(p).toEqual({ name: p.name, score: 0, meeples: 7, builders: 1, pigs: 1, goods: { wine: 0, grain: 0, cloth: 0 } });
    // 72 base tiles + 24: the start tile on the board, the current tile, the rest left.
    expect(s.tilesLeft.length + 1 + 1).toBe(72 + 24);
    // With all four expansions: six players (Inns & Cathedrals), 72 + 12 river tiles - the start
    // tile removed by default (rules-facts §f) + 18 + 24 tiles, every figure of every expansion.
    const all = createGame({ players: 6, seed: 2, expansions: ['traders-builders', 'inns-cathedrals', 'abbot', 'river'] });
    expect(all.expansions).toEqual(['river', 'abbot', 'inns-cathedrals', 'traders-builders']);
    expect(all.tilesLeft.length + 1 + 1).toBe(72 + 12 - 1 + 18 + 24);
    expect(all.players.every((p) => p.abbots === 1 && p.largeMeeples === 1 && p.builders === 1 && p.pigs === 1)).toBe(true);
    // Without it: no builders, pigs or tokens, and their records hold no field for them.
    const other = createGame({ players: 5, seed: 1, expansions: ['river', 'abbot', 'inns-cathedrals'] });
    expect(other.extraTurn === 'builder').toBe(false);
    expect(other.players.every((p) => !('builders' in p) && !('pigs' in p) && !('goods' in p))).toBe(true);
    // Traders & Builders alone keeps the base game's 5 players.
    expect(thrown({ players: 6, seed: 1, expansions: ['traders-builders'] }).code).toBe('invalid-players');
  });

  it.each([
    [{ players: 6, seed: 1, expansions: ['river', 'abbot'] }, 'players must be 2 to 5 (6 with Inns & Cathedrals), not 6'],
    [{ players: ['a', 'b', 'c', 'd', 'e', 'f'], seed: 1 }, 'players must name 2 to 5 (6 with Inns & Cathedrals) players, not 6'],
    [{ players: 7, seed: 1, expansions: ['inns-cathedrals'] }, 'not 7'],
    [{ players: 1, seed: 1, expansions: ['inns-cathedrals'] }, 'not 1'],
  ])('rejects %j with invalid-players', (options, message) => {
    const e = thrown(options);
    expect(e.code).toBe('invalid-players');
    expect(e.message).toContain(message);
  });

  it('lists every problem, not only the first', () => {
    const problems = validateOptions({ players: 9, seed: {}, edition: 'x', rules: { smallCity: 1 } });
    expect(problems.map((p) => p.code)).toEqual(['invalid-players', 'invalid-seed', 'invalid-edition', 'invalid-rule']);
    expect(thrown({ players: 9, seed: {}, edition: 'x' }).problems).toHaveLength(3);
    expect(validateOptions({ players: 2, seed: 0 })).toEqual([]);
  });
});
