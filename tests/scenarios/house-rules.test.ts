/**
 * House rules (wikicarpedia, Print-and-Play Demo, section "House rules"; restated in
 * tests/fixtures/reference/house-rules.md), each a rule module turned on by an option of `rules`.
 * Numbers are worked out by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  features,
  type GameState,
  legalTurns,
  legalPlacements,
  loadState,
  type TurnMove,
  renderAscii,
  tileDefinition,
  validateMove,
  validateOptions,
} from '../../src/index.js';
import { finalEntries, finalScores, last, RING_FIRST, type Step, scenario, scores } from './board.js';

describe('House rule: incomplete features score nothing (house-rules.md #8, rules.incomplete)', () => {
  // Ann: a follower on the road of U east of the start tile D (a road of 2 tiles, open at both
  // ends). Bob: E turned 180° north of D closes D's city (2 tiles, no knight: nobody scores) with a
  // farmer on E's field, which borders that completed city. Ann: the cloister B south of D with a
  // monk; its neighbours are D and U (a corner): 2.
  const steps = [
    ['U', 1, 0, 0, 'E'],
    ['E', 0, -1, 180, 'NNW'],
    ['B', 0, 1, 0, 'C'],
  ] as const;

  it("by default ('score') the road scores 2 and the cloister 1 + 2; Bob's farmer 3 for the city", () => {
    const s = last(scenario(steps));
    expect(scores(s)).toEqual([0, 0]);
    expect(finalScores(s)).toEqual([5, 3]);
  });

  it("with rules.incomplete 'none' the road and the cloister score 0 (their lines say why); the field still 3", () => {
    const s = last(scenario(steps, { rules: { incomplete: 'none' } }));
    expect(s.rules.incomplete).toBe('none');
    expect(finalScores(s)).toEqual([0, 3]);
    const lines = finalEntries(s).map((e) => [e.kind, e.points, e.awarded, e.note]);
    expect(lines).toEqual([
      ['road', 0, [0, 0], 'incomplete road of 2 tiles: 0 (incomplete features score nothing)'],
      ['cloister', 0, [0, 0], 'incomplete cloister of 1 tile: 0 (incomplete features score nothing)'],
      ['field', 3, [0, 3], expect.stringContaining('1 completed city')],
    ]);
  });
});

describe('House rule: the edge of the table limits the play area (house-rules.md #9, rules.table)', () => {
  const table = { minX: -1, maxX: 1, minY: -1, maxY: 1 };

  it('a tile past the edge is refused with off-the-table; without the table the same move is legal', () => {
    // Straight roads U continue the start tile's road east: (1,0) lies on the table, (2,0) past it.
    const s = last(scenario([['U', 1, 0, 0]], { rules: { table } }, ['U']));
    const error = validateMove(s, { x: 2, y: 0, rotation: 0 });
    expect(error?.code).toBe('off-the-table');
    expect(error?.message).toBe('the table ends there: tiles lie from x -1 to 1 and from y -1 to 1');
    expect(legalPlacements(s).every((p) => Math.abs(p.x) <= 1 && Math.abs(p.y) <= 1)).toBe(true);
    expect(validateMove(last(scenario([['U', 1, 0, 0]], {}, ['U'])), { x: 2, y: 0, rotation: 0 })).toBeNull();
  });

  it('on a 3 × 3 table at most 9 tiles lie; every other tile, with no place on the table, leaves the game', () => {
    for (const seed of [1, 2, 3]) {
      let s = createGame({ players: 2, seed, rules: { table } });
      while (s.status === 'playing') s = applyMove(s, legalTurns(s)[0] as ReturnType<typeof legalTurns>[number]);
      expect(s.placements.length).toBeLessThanOrEqual(9);
      expect(s.placements.every((p) => Math.abs(p.x) <= 1 && Math.abs(p.y) <= 1)).toBe(true);
      expect(s.placements.length + s.discarded.length).toBe(72);
    }
  });

  it('a table must hold the start tile: its bounds are whole numbers around (0, 0)', () => {
    const problems = validateOptions({ players: 2, seed: 1, rules: { table: { minX: 1, maxX: 3, minY: 0, maxY: 0 } } });
    expect(problems.map((p) => p.code)).toEqual(['invalid-rule']);
    expect(problems[0]?.message).toContain('rules.table must be null or { minX, maxX, minY, maxY }');
  });
});

describe("House rule: the table's edge closes features (house-rules.md #10, rules.tableEdge 'closes')", () => {
  // The table spans x 0..1 and y -1..1. D at (0,0): its road's west end faces the edge. Ann puts U
  // at (1,0) with a follower on the road: its east end faces the edge too, so the road of 2 tiles
  // is complete: 2 to Ann, and the follower comes home. Bob puts the cloister B at (1,1) with a
  // monk: around it D and U, and 5 cells off the table: 7. Ann puts B at (0,1): it fills the 8th
  // cell of Bob's cloister (9 to Bob), and its own cloister has D, U, B and 5 cells off the table:
  // complete, but nobody's.
  const steps = [
    ['U', 1, 0, 0, 'E'],
    ['B', 1, 1, 0, 'C'],
    ['B', 0, 1, 0],
  ] as const;
  const table = { minX: 0, maxX: 1, minY: -1, maxY: 1 };

  it('roads and cloisters facing the edge complete and score at once', () => {
    const states = scenario(steps, { rules: { table, tableEdge: 'closes' } });
    expect(scores(states[1] as GameState)).toEqual([2, 0]);
    expect((states[1] as GameState).meeples).toEqual([]);
    expect(scores(states[2] as GameState)).toEqual([2, 0]);
    const end = last(states);
    expect(scores(end)).toEqual([2, 9]);
    expect(
      features(end)
        .filter((f) => f.kind === 'cloister')
        .map((f) => [f.id, f.complete, f.open]),
    ).toEqual([
      ['1,1:C', true, 0],
      ['0,1:C', true, 0],
    ]);
  });

  it("with the edge left open ('open', the default) nothing of it is complete", () => {
    // Nothing scores during play. At the end Ann's road of 2 tiles scores 2 and Bob's cloister,
    // with D, U and B around it, 1 + 3.
    const end = last(scenario(steps, { rules: { table } }));
    expect(scores(end)).toEqual([0, 0]);
    expect(finalScores(end)).toEqual([2, 1 + 3]);
  });
});

describe('House rules: choosing the first player (house-rules.md #1, #2, rules.firstPlayer)', () => {
  type Chosen = Extract<GameState['events'][number], { type: 'first-player-chosen' }>;
  const chosen = (s: GameState) => s.events.find((e): e is Chosen => e.type === 'first-player-chosen');

  it('a given player moves first, then the others in seat order', () => {
    let s = createGame({ players: 3, seed: 1, rules: { firstPlayer: 2 } });
    expect(s.currentPlayer).toBe(2);
    expect(chosen(s)).toEqual({ type: 'first-player-chosen', player: 2, by: 'given', draws: [] });
    for (let i = 0; i < 3; i++) s = applyMove(s, legalTurns(s)[0] as TurnMove);
    expect(s.placements.slice(1).map((p) => p.player)).toEqual([2, 0, 1]);
    // Without the rule player 0 starts and no such event is written.
    expect(chosen(createGame({ players: 3, seed: 1 }))).toBeUndefined();
  });

  it("'random' draws the first player from the seed: the same seed gives the same player, and every player starts in some game", () => {
    const firsts = Array.from(
      { length: 30 },
      (_, seed) => createGame({ players: 3, seed, rules: { firstPlayer: 'random' } }).currentPlayer,
    );
    expect(new Set(firsts)).toEqual(new Set([0, 1, 2]));
    expect(createGame({ players: 3, seed: 7, rules: { firstPlayer: 'random' } }).currentPlayer).toBe(firsts[7]);
    // The bag is not touched: the same tiles in the same order as without the rule.
    expect(createGame({ players: 3, seed: 7, rules: { firstPlayer: 'random' } }).tilesLeft).toEqual(
      createGame({ players: 3, seed: 7 }).tilesLeft,
    );
  });

  it("'draw-roads': the most road ends start; players tied for the most draw again, until one has the most", () => {
    let rounds = 0;
    let tied = 0;
    for (let seed = 0; seed < 40; seed++) {
      const s = createGame({ players: 4, seed, rules: { firstPlayer: 'draw-roads' } });
      const e = chosen(s) as Chosen;
      expect(e.by).toBe('draw-roads');
      expect(e.player).toBe(s.currentPlayer);
      let contenders = [0, 1, 2, 3];
      for (const round of e.draws) {
        rounds++;
        expect(round.map((d) => d.player)).toEqual(contenders);
        for (const d of round) {
          const def = tileDefinition(d.tile);
          expect(def).not.toBeNull();
          // A land tile (never a river tile), with its road ends counted from its edges.
          expect(Object.values(def?.edges ?? {}).filter((edge) => edge === 'road').length).toBe(d.roads);
          expect(Object.values(def?.edges ?? {})).not.toContain('river');
        }
        const most = Math.max(...round.map((d) => d.roads));
        contenders = round.filter((d) => d.roads === most).map((d) => d.player);
        if (contenders.length > 1) tied++;
      }
      expect(contenders).toEqual([e.player]);
      // A saved game reads back with the same first player and draws.
      expect(loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    }
    expect(tied).toBeGreaterThan(0);
    expect(rounds).toBeGreaterThan(40);
  });

  it('a first player who is not at the table is refused', () => {
    const problems = validateOptions({ players: 3, seed: 1, rules: { firstPlayer: 3 } });
    expect(problems).toEqual([
      { code: 'invalid-rule', message: "rules.firstPlayer must be a player index from 0 to 2, 'random' or 'draw-roads', not 3" },
    ]);
  });
});

describe('House rule: filling a hole gives another tile (house-rules.md #7, rules.fillingHole)', () => {
  // Seven tiles ring the cell (0,1) south of the start tile D (A and B alternate, A first): U at
  // (1,0) and (-1,0), E turned 90° at (1,1), E turned 270° at (-1,1), E turned 180° at (-1,2), (0,2)
  // and (1,2). The eighth tile, the cloister B, goes into (0,1): D, both E at its sides and the E
  // below touch its four edges, so it fills a hole and B places another tile at once: U at (2,0).
  const steps: readonly Step[] = [...RING_FIRST, ['B', 0, 1, 0]];

  it("the player who fills it places another tile (extraTurn 'hole'), then the turn passes", () => {
    const states = scenario([...steps, ['U', 2, 0, 0]], { rules: { fillingHole: 'extra-turn' } });
    const filled = states[8] as GameState;
    expect(filled.placements.at(-1)?.player).toBe(1);
    expect([filled.currentPlayer, filled.extraTurn]).toEqual([1, 'hole']);
    const after = last(states);
    expect(after.placements.at(-1)?.player).toBe(1);
    expect([after.currentPlayer, after.extraTurn]).toEqual([0, null]);
  });

  it("by default ('nothing') filling a hole gives nothing", () => {
    const filled = last(scenario(steps));
    expect([filled.currentPlayer, filled.extraTurn]).toEqual([0, null]);
  });
});

describe('House rule: unplaceable tiles go back into the bag (house-rules.md #5, rules.unplaceable)', () => {
  // A table one row high: the only free cells are (-1,0) and (1,0), at the two road ends of the
  // start tile D. E (a city cap, no road) fits in neither. The base set holds 5 E and 8 U.
  const row = { minX: -1, maxX: 1, minY: 0, maxY: 0 };
  const rules = (unplaceable: 'removed' | 'returned') => ({ table: row, unplaceable });
  const count = (ids: readonly string[], id: string) => ids.filter((t) => t === id).length;
  const playOut = (s: GameState): GameState[] => {
    const states = [s];
    while ((states.at(-1) as GameState).status === 'playing')
      states.push(applyMove(states.at(-1) as GameState, legalTurns(states.at(-1) as GameState)[0] as TurnMove));
    return states;
  };

  it("'returned': E, drawn first, fits nowhere and goes back into the bag; U, drawn next, is Ann's tile", () => {
    const s = createGame({ players: ['Ann', 'Bob'], seed: 3, drawOrder: ['E', 'U'], rules: rules('returned') });
    expect(s.events).toEqual([{ type: 'tile-returned', player: 0, tile: 'E' }]);
    expect([s.currentPlayer, s.currentTile, s.discarded]).toEqual([0, 'U', []]);
    // 72 tiles − D on the table − U in Ann's hand = 70 in the bag, all 5 E among them.
    expect(s.tilesLeft).toHaveLength(70);
    expect(count(s.tilesLeft, 'E')).toBe(5);
    // The bag was shaken: the same tiles, dealt anew from the seed (the same seed, the same deal).
    const again = createGame({ players: ['Ann', 'Bob'], seed: 3, drawOrder: ['E', 'U'], rules: rules('returned') });
    expect(again.tilesLeft).toEqual(s.tilesLeft);
    expect(createGame({ players: ['Ann', 'Bob'], seed: 4, drawOrder: ['E', 'U'], rules: rules('returned') }).tilesLeft).not.toEqual(
      s.tilesLeft,
    );
  });

  it("'removed' (the default): the same E leaves the game", () => {
    const s = createGame({ players: ['Ann', 'Bob'], seed: 3, drawOrder: ['E', 'U'], rules: rules('removed') });
    expect(s.events).toEqual([{ type: 'tile-discarded', player: 0, tile: 'E' }]);
    expect([s.currentTile, s.discarded, s.tilesLeft.length, count(s.tilesLeft, 'E')]).toEqual(['U', ['E'], 69, 4]);
  });

  it('the game still ends: once the row is full, every tile left fits nowhere and they all leave at the last move', () => {
    // Ann plays U at (1,0); Bob's tile fills (-1,0); then no cell is free. Under 'returned' the
    // next draw sets aside every tile left, the bag runs out, and all 72 − 3 = 69 leave the game.
    const states = playOut(createGame({ players: ['Ann', 'Bob'], seed: 3, drawOrder: ['E', 'U'], rules: rules('returned') }));
    const end = last(states);
    expect(end.status).toBe('finished');
    expect(end.placements).toHaveLength(3);
    expect(end.discarded).toHaveLength(69);
    expect(end.events.filter((e) => e.type === 'tile-discarded')).toHaveLength(69);
    // Before the last move nothing had left the game.
    expect((states.at(-2) as GameState).discarded).toEqual([]);
    // Every state reloads as it is, the tiles that went back included.
    for (const st of states) expect(loadState(JSON.parse(JSON.stringify(st)))).toEqual(st);
  });

  it('on a table of one cell nothing fits: createGame sets every tile aside and the game is over at once', () => {
    const s = createGame({ players: 2, seed: 9, rules: { table: { minX: 0, maxX: 0, minY: 0, maxY: 0 }, unplaceable: 'returned' } });
    expect([s.status, s.currentTile, s.tilesLeft.length, s.discarded.length]).toEqual(['finished', null, 0, 71]);
    expect(s.events.some((e) => e.type === 'tile-returned')).toBe(false);
  });

  it('a state that says a tile left the game early, or went back when it fits, is refused', () => {
    const states = playOut(createGame({ players: ['Ann', 'Bob'], seed: 3, drawOrder: ['E', 'U'], rules: rules('returned') }));
    const first = states[0] as GameState;
    const early = {
      ...first,
      discarded: ['E'],
      tilesLeft: first.tilesLeft.filter((id, i) => id !== 'E' || i !== first.tilesLeft.indexOf('E')),
    };
    expect(() => loadState(JSON.parse(JSON.stringify(early)))).toThrow(
      /with unplaceable tiles returned to the bag, a land tile leaves the game only when the bag runs out/,
    );
    // U fits at (1,0): it cannot have gone back.
    const fits = { ...first, events: [{ type: 'tile-returned', player: 0, tile: 'U' }] };
    expect(() => loadState(JSON.parse(JSON.stringify(fits)))).toThrow(/events\[0\] is a tile-returned event/);
  });
});

describe('House rule: the start tile in the bag (house-rules.md #5, rules.startTile)', () => {
  const bag = { rules: { startTile: 'bag' as const } };

  it("'bag': the board starts empty, the start tile D is in the bag, and the first tile drawn goes to (0, 0)", () => {
    const s = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['E'], ...bag });
    // 72 tiles: E in Ann's hand, the other 71 in the bag, all 4 copies of D among them.
    expect([s.placements, s.currentTile, s.tilesLeft.length, s.tilesLeft.filter((id) => id === 'D').length]).toEqual([[], 'E', 71, 4]);
    // E (a city cap) has no symmetry: its four rotations at (0, 0) are four boards.
    expect(legalPlacements(s)).toEqual([0, 90, 180, 270].map((rotation) => ({ x: 0, y: 0, rotation })));
    const error = validateMove(s, { x: 1, y: 0, rotation: 0 });
    expect([error?.code, error?.message]).toEqual(['not-adjacent', 'the board is empty: the first tile goes to (0, 0), not (1, 0)']);
    expect(renderAscii(s)).toBe('the board is empty: the first tile goes to (0, 0)');
  });

  it('the first tile is a turn like any other: Ann puts a knight on it, and closing her city with E turned 180° scores her 4', () => {
    const s0 = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['E', 'E'], ...bag });
    const s1 = applyMove(s0, { x: 0, y: 0, rotation: 0, meeple: { at: 'N' } });
    expect(s1.placements).toEqual([{ tile: 'E', x: 0, y: 0, rotation: 0, player: 0, meeple: { at: 'N', kind: 'follower' }, recall: null }]);
    expect([s1.turn, s1.currentPlayer, s1.currentTile, s1.players[0]?.meeples]).toEqual([1, 1, 'E', 6]);
    // Bob's E turned 180° at (0, -1) closes the city of 2 tiles: 2 × 2 = 4 (current edition) to Ann.
    const s2 = applyMove(s1, { x: 0, y: -1, rotation: 180 });
    expect(scores(s2)).toEqual([4, 0]);
    expect(s2.players[0]?.meeples).toBe(7);
    for (const s of [s0, s1, s2]) expect(loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(renderAscii(s1).split('\n')[0]).toBe('##1##');
  });

  it("'board' (the default): D starts the board, placed by nobody", () => {
    const s = createGame({ players: 2, seed: 1, drawOrder: ['E'] });
    expect(s.placements).toEqual([{ tile: 'D', x: 0, y: 0, rotation: 0, player: null, meeple: null, recall: null }]);
    expect(s.tilesLeft.filter((id) => id === 'D').length).toBe(3);
  });

  it('with The River the spring is drawn first of all, before drawOrder, and goes to (0, 0) in any rotation', () => {
    const s = createGame({ players: 2, seed: 1, expansions: ['river'], drawOrder: ['RV-lake'], ...bag });
    expect([s.placements, s.currentTile, s.tilesLeft[0]]).toEqual([[], 'RV-spring', 'RV-lake']);
    expect(legalPlacements(s)).toHaveLength(4);
    // The spring turned 90° flows south: the lake must come in from the north at (0, 1).
    const s1 = applyMove(s, { x: 0, y: 0, rotation: 90 });
    expect(legalPlacements(s1).map((p) => [p.x, p.y])).toEqual([[0, 1]]);
    expect(validateOptions({ players: 2, seed: 1, expansions: ['river'], drawOrder: ['RV-spring'], ...bag })[0]?.message).toMatch(
      /holds only 0 \(one is the start tile\)/,
    );
  });

  it('with The River a saved game whose first tile is not the spring is refused', () => {
    const s = createGame({ players: 2, seed: 3, expansions: ['river'], rules: { startTile: 'bag' } });
    const e = s.tilesLeft.indexOf('E');
    const swapped = { ...s, currentTile: 'E', tilesLeft: s.tilesLeft.map((id, i) => (i === e ? 'RV-spring' : id)) };
    expect(() => loadState(JSON.parse(JSON.stringify(swapped)))).toThrow(
      /the first tile drawn must be the start tile RV-spring, which this game draws first of all/,
    );
  });

  it('a saved game whose first placement is not at (0, 0), or was placed by nobody, is refused', () => {
    const s1 = applyMove(createGame({ players: 2, seed: 1, drawOrder: ['E', 'E'], ...bag }), { x: 0, y: 0, rotation: 0 });
    const moved = { ...s1, placements: [{ ...(s1.placements[0] as object), x: 1 }] };
    expect(() => loadState(JSON.parse(JSON.stringify(moved)))).toThrow(/placements\[0\].*not a legal move: the board is empty/);
    const nobody = { ...s1, placements: [{ ...(s1.placements[0] as object), player: null }] };
    expect(() => loadState(JSON.parse(JSON.stringify(nobody)))).toThrow(/placements\[0\] was placed by player null, out of turn/);
  });
});

describe('House rule #5, unplaceable tiles returned: tiles of other piles and forged records', () => {
  const returned = (table: { minX: number; maxX: number; minY: number; maxY: number }, drawOrder: string[]) =>
    createGame({ players: 2, seed: 1, expansions: ['river'], drawOrder, rules: { table, unplaceable: 'returned' } });

  it('a river tile drawn after a land tile set aside leaves the game; the land tile goes back', () => {
    // On a table of 2 × 3 cells around the spring, drawOrder deals C (a city on all sides, which
    // fits nowhere beside the spring) before RV-straight (which cannot continue the river there)
    // and E. C is set aside, RV-straight leaves the game, E fits: C goes back into the bag.
    const s = returned({ minX: -1, maxX: 0, minY: -1, maxY: 1 }, ['C', 'RV-straight', 'E']);
    expect(s.discarded).toEqual(['RV-straight']);
    expect(s.events).toEqual([
      { type: 'tile-discarded', player: 0, tile: 'RV-straight' },
      { type: 'tile-returned', player: 0, tile: 'C' },
    ]);
    expect(s.tilesLeft.filter((id) => id === 'C')).toHaveLength(1);
    expect(loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });

  it('on a table of one cell every tile leaves the game once, each copy counted', () => {
    const s = returned({ minX: 0, maxX: 0, minY: 0, maxY: 0 }, ['C']);
    expect(s.status).toBe('finished');
    // 71 base tiles (the start tile removed with The River) and the 11 river tiles after the spring.
    const game = createGame({ players: 2, seed: 1, expansions: ['river'] });
    expect([...s.discarded].sort()).toEqual([game.currentTile as string, ...game.tilesLeft].sort());
    expect(s.discarded).toHaveLength(82);
    expect(loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    // Nothing goes back at the end: a tile goes back only when a tile that fits is drawn after it.
    const late = { ...s, events: [{ type: 'tile-returned', player: 0, tile: 'C' }, ...s.events] };
    expect(() => loadState(JSON.parse(JSON.stringify(late)))).toThrow(/tile-returned event/);
  });

  it("a land tile set aside during the river does not start the land: a 'first-land' start tile stays first after the lake", () => {
    const s = createGame({
      players: 2,
      seed: 5,
      expansions: ['river'],
      drawOrder: ['C'],
      rules: { riverStartTile: 'first-land', unplaceable: 'returned' },
    });
    expect(s.events).toContainEqual({ type: 'tile-returned', player: 0, tile: 'C' });
    const lake = s.tilesLeft.indexOf('RV-lake');
    expect(s.tilesLeft[lake + 1]).toBe('D');
    expect(loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });

  it('a record of more tiles going back than the bag holds, or of a tile going back at the end, is refused', () => {
    const row = { minX: -1, maxX: 1, minY: 0, maxY: 0 };
    const s = createGame({ players: 2, seed: 3, drawOrder: ['E', 'U'], rules: { table: row, unplaceable: 'returned' } });
    // C (a city on all four sides) fits nowhere in the row, but the bag holds its one copy only.
    const once = { type: 'tile-returned', player: 0, tile: 'C' };
    const drewC = { turn: 0, player: 0, tile: 'C', kept: false };
    // C drawn first and set aside (as E is) goes back when U is drawn: the draws say so as the events do.
    const forged = { ...s, events: [once, ...s.events], draws: [drewC, ...(s.draws ?? [])] };
    expect(loadState(JSON.parse(JSON.stringify(forged))).events).toHaveLength(2);
    expect(() => loadState(JSON.parse(JSON.stringify({ ...s, events: [...s.events, once] })))).toThrow(/tile-returned event/);
    const many = { ...s, events: [...s.events, once, once], draws: [drewC, drewC, ...(s.draws ?? [])] };
    expect(() => loadState(JSON.parse(JSON.stringify(many)))).toThrow('draws[1] is tile C, which was not in the bag then');
    // Without the draws (a state of 0.2.0), the tiles put back are drawn where the events show them.
    expect(loadState(JSON.parse(JSON.stringify({ ...s, events: [...s.events, once], draws: null }))).events).toHaveLength(2);
    expect(() => loadState(JSON.parse(JSON.stringify({ ...many, draws: null })))).toThrow(/tile-returned event/);
  });
});
