import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type GameState,
  legalTurns,
  loadState,
  playerView,
  type Setup,
  SetupError,
  setupGame,
  setupOf,
  StateError,
  validateSetup,
  validateState,
} from 'carcassonne-engine';
import { Engine, randomPlayout, seededRandom } from 'carcassonne-engine/engine';

// setupGame, validateSetup and setupOf: positions described by hand (docs: README "Setting up a
// position"). Points worked by hand with the current rules (a completed city: 2 a tile).

const D = { tile: 'D', x: 0, y: 0, rotation: 0 } as const;
/** G turned 90 above the start tile: the start tile's city goes on north through it. */
const G = { tile: 'G', x: 0, y: -1, rotation: 90 } as const;

const puzzle: Setup = {
  players: ['Ann', 'Bob'],
  board: [D, G],
  figures: [{ owner: 0, x: 0, y: -1, at: 'N' }],
  scores: [10, 12],
  currentTile: 'E',
};

const codes = (s: unknown) => validateSetup(s).map((p) => p.code);
const messages = (s: unknown) => validateSetup(s).map((p) => p.message);

describe('setupGame', () => {
  it("a puzzle: E closes the city of D and G for 3 × 2 = 6 points, and Ann's knight comes home", () => {
    const state = setupGame(puzzle);
    expect(state.placements.map((p) => [p.tile, p.player])).toEqual([
      ['D', null],
      ['G', null],
    ]);
    expect(state.meeples).toEqual([{ owner: 0, kind: 'follower', x: 0, y: -1, at: 'N', feature: 'city' }]);
    expect(state.players.map((p) => [p.score, p.meeples])).toEqual([
      [10, 6],
      [12, 7],
    ]);
    expect([state.turn, state.currentPlayer, state.currentTile, state.draws]).toEqual([0, 0, 'E', []]);
    const after = applyMove(state, { x: 0, y: -2, rotation: 180 });
    expect(after.players.map((p) => [p.score, p.meeples])).toEqual([
      [16, 7],
      [12, 7],
    ]);
    expect(after.scored[0]?.note).toBe('completed city of 3 tiles: 2×3');
    expect(after.setup).toBe(state.setup);
  });

  it('the rest of the set goes into the bag, shuffled by the seed; a listed bag is drawn in order', () => {
    const rest = setupGame({ ...puzzle, seed: 3 });
    // 72 tiles: D and G on the board, E to place.
    expect(rest.tilesLeft).toHaveLength(69);
    expect(rest.setup?.removed).toEqual([]);
    expect(setupGame({ ...puzzle, seed: 3 }).tilesLeft).toEqual(rest.tilesLeft);
    expect(setupGame({ ...puzzle, seed: 4 }).tilesLeft).not.toEqual(rest.tilesLeft);
    const listed = setupGame({ ...puzzle, tilesLeft: ['U', 'V'] });
    expect(listed.tilesLeft).toEqual(['U', 'V']);
    // Out of the game: the 72 tiles but D, G, E, U and V.
    expect(listed.setup?.removed).toHaveLength(67);
    expect(listed.setup?.removed.slice(0, 5)).toEqual(['A', 'A', 'B', 'B', 'B']);
    expect(applyMove(listed, { x: 0, y: -2, rotation: 180 }).currentTile).toBe('U');
  });

  it('without a tile to place, the first tile of the bag that fits is drawn; with none, the game ends and is scored', () => {
    // C is a city on every side: B (a cloister in a field) fits nowhere next to it.
    const drawn = setupGame({ players: 2, board: [{ tile: 'C', x: 0, y: 0, rotation: 0 }], tilesLeft: ['B', 'B', 'E'] });
    expect(drawn.currentTile).toBe('E');
    expect(drawn.discarded).toEqual(['B', 'B']);
    expect(drawn.events.map((e) => e.type)).toEqual(['tile-discarded', 'tile-discarded']);
    expect(drawn.draws?.map((d) => [d.tile, d.kept])).toEqual([
      ['B', false],
      ['B', false],
      ['E', true],
    ]);
    // Ann's knight on the start tile's city (1 tile: 1 point) and Bob's thief on its road (1 point).
    const over = setupGame({
      players: ['Ann', 'Bob'],
      board: [D],
      figures: [
        { owner: 0, x: 0, y: 0, at: 'N' },
        { owner: 1, x: 0, y: 0, at: 'E' },
      ],
      scores: [5, 0],
      tilesLeft: [],
    });
    expect(over.status).toBe('finished');
    expect(over.players.map((p) => p.score)).toEqual([6, 1]);
    expect(over.scored.map((l) => [l.phase, l.kind, l.points])).toEqual([
      ['final', 'city', 1],
      ['final', 'road', 1],
    ]);
  });

  it('hands of tiles: as set up, or dealt from the bag in turn order from the player to move', () => {
    const rules = { hand: { size: 2, visible: false } } as const;
    const given = setupGame({ players: 2, rules, board: [D], hands: [['E'], ['U', 'V']], tilesLeft: ['K'] });
    expect(given.hands).toEqual([['E'], ['U', 'V']]);
    expect(given.currentTile).toBeNull();
    const dealt = setupGame({ players: 2, rules, board: [D], currentPlayer: 1, tilesLeft: ['E', 'U', 'V', 'K'] });
    expect(dealt.hands).toEqual([
      ['V', 'K'],
      ['E', 'U'],
    ]);
    expect(dealt.draws?.map((d) => [d.player, d.tile])).toEqual([
      [1, 'E'],
      [1, 'U'],
      [0, 'V'],
      [0, 'K'],
    ]);
    // A view hides the hands set up that its viewer may not see, as it hides the hands.
    expect(playerView(given, 0).setup?.hands).toEqual([['E'], [null, null]]);
  });

  it("Traders & Builders: goods and a builder's second tile", () => {
    const state = setupGame({
      players: 2,
      expansions: ['traders-builders'],
      board: [D, { tile: 'U', x: 1, y: 0, rotation: 0 }],
      figures: [
        { owner: 0, x: 1, y: 0, at: 'E' },
        { owner: 0, kind: 'builder', x: 0, y: 0, at: 'W' },
      ],
      goods: [{ wine: 2 }, {}],
      extraTurn: 'builder',
      currentTile: 'V',
    });
    expect([state.extraTurn, state.players[0]?.builders, state.players[0]?.goods]).toEqual(['builder', 0, { wine: 2, grain: 0, cloth: 0 }]);
    // The second tile of a turn gives no third, even on the builder's road.
    const after = applyMove(state, legalTurns(state).find((m) => m.x === 2 && m.y === 0 && !m.meeple) as never);
    expect([after.currentPlayer, after.extraTurn]).toEqual([1, null]);
    // setupOf writes the goods after the supplies, as Traders & Builders' tokens (key 'goods').
    const setup = setupOf(state);
    expect(Object.keys(setup).slice(Object.keys(setup).indexOf('supplies'), Object.keys(setup).indexOf('supplies') + 2)).toEqual([
      'supplies',
      'goods',
    ]);
    expect(setup.goods).toEqual([
      { wine: 2, grain: 0, cloth: 0 },
      { wine: 0, grain: 0, cloth: 0 },
    ]);
    // Messages name the token key and its kinds.
    const wrong = validateSetup({ ...setup, goods: [{ wine: 1.5, silk: 1 }, {}] }).map((p) => p.message);
    expect(wrong).toEqual(['goods[0] has no field "silk" (fields: wine, grain, cloth)', 'goods[0].wine must be a whole number, not 1.5']);
  });

  it('a game without tokens writes none in its set-up, and a set-up of it may hold none', () => {
    const setup = setupOf(createGame({ players: 2, seed: 1 }));
    expect('goods' in setup).toBe(false);
    expect(validateSetup({ ...setup, goods: [{}, { wine: 0 }] })).toEqual([]);
  });

  it('lists every problem at once, each with its code', () => {
    const bad = {
      players: 2,
      board: [
        D,
        { tile: 'E', x: 0, y: -1, rotation: 0 },
        { tile: 'D', x: 0, y: 0, rotation: 90 },
        { tile: 'Q', x: 5, y: 5, rotation: 0 },
        { tile: 'Z', x: 1, y: 0, rotation: 0 },
      ],
      figures: [
        { owner: 0, kind: 'abbot', x: 0, y: 0, at: 'N' },
        { owner: 1, x: 9, y: 9, at: 'N' },
        { owner: 3, x: 0, y: 0, at: 'N' },
      ],
      scores: [1, -2],
      currentTile: 'X',
    };
    expect(messages(bad)).toEqual([
      'board[4]: unknown tile "Z"',
      'figures[2]: owner 3 is not a player',
      'scores[1] must be a whole number of points, not -2',
      'board[1] (tile E at (0, -1)): its south edge has a field, the north edge of board[0] (tile D at (0, 0)) has a city',
      'board[2] (tile D at (0, 0) turned 90°): (0, 0) already holds board[0]',
      'the board is in pieces: board[3] (tile Q at (5, 5)) touches no tile joined to board[0]',
      'figures[0]: The Abbot is not in play: there is no abbot',
      'figures[1]: no tile lies at (9, 9)',
    ]);
    expect(codes(bad)).toEqual([
      'unknown-tile',
      'invalid-setup',
      'invalid-setup',
      'edge-mismatch',
      'cell-occupied',
      'board-not-connected',
      'figure-not-allowed',
      'no-feature-at-spot',
    ]);
    expect(messages({ players: 2, board: [D], scores: [1, -2] })).toEqual(['scores[1] must be a whole number of points, not -2']);
    expect(() => setupGame(bad as never)).toThrow(SetupError);
  });

  it('refuses figures where no figure of their kind can stand, and more figures than a player owns', () => {
    const closed = { tile: 'E', x: 0, y: -1, rotation: 180 } as const;
    expect(
      messages({
        players: 2,
        expansions: ['abbot', 'traders-builders'],
        board: [D, closed],
        figures: [
          { owner: 0, kind: 'abbot', x: 0, y: 0, at: 'E' },
          { owner: 0, x: 0, y: -1, at: 'S' },
          { owner: 1, kind: 'builder', x: 0, y: 0, at: 'E' },
          { owner: 1, kind: 'pig', x: 0, y: 0, at: 'N' },
        ],
      }),
    ).toEqual([
      'figures[0]: the abbot stands only on a cloister or garden, not on a road (at E)',
      'figures[3]: the pig stands only on a field, not on a city (at N)',
      'figures[1]: the city at S of tile E at (0, -1) is complete: it scored, and its figures went home',
      "figures[2]: the builder stands on a road that holds none of player 1's meeples",
    ]);
    const many = Array.from({ length: 8 }, (_, i) => ({ owner: 0, x: i, y: 1, at: 'C' as const }));
    const board = [D, ...Array.from({ length: 8 }, (_, i) => ({ tile: 'B', x: i, y: 1, rotation: 0 as const }))];
    // B: a cloister in a field, 4 copies in the set.
    expect(codes({ players: 2, board, figures: many })).toEqual([
      'unknown-tile',
      'unknown-tile',
      'unknown-tile',
      'unknown-tile',
      'no-feature-at-spot',
      'no-feature-at-spot',
      'no-feature-at-spot',
      'no-feature-at-spot',
    ]);
    expect(messages({ players: 2, board: [D], figures: [{ owner: 0, x: 0, y: 0, at: 'N' }], supplies: [{ meeples: 7 }, {}] })).toEqual([
      'player 0 has 7 meeples in supply and 1 on the board, but owns 7',
    ]);
    expect(
      messages({
        players: 2,
        rules: { meeples: 1 },
        board: [D],
        figures: [
          { owner: 0, x: 0, y: 0, at: 'N' },
          { owner: 0, x: 0, y: 0, at: 'E' },
        ],
      }),
    ).toEqual(['player 0 has 2 followers on the board, but owns 1']);
  });

  it('refuses a tile to place that fits nowhere, and river tiles off the river', () => {
    expect(messages({ players: 2, board: [{ tile: 'C', x: 0, y: 0, rotation: 0 }], currentTile: 'B' })).toEqual([
      'currentTile B fits nowhere on this board: it would be discarded',
    ]);
    const spring = { tile: 'RV-spring', x: 0, y: 0, rotation: 0 } as const;
    expect(
      setupGame({ players: 2, expansions: ['river'], board: [spring, { tile: 'RV-straight', x: 1, y: 0, rotation: 0 }] }).currentTile,
    ).not.toBeNull();
    expect(
      validateSetup({ players: 2, expansions: ['river'], board: [spring, { tile: 'RV-straight', x: 0, y: -1, rotation: 0 }] }),
    ).toEqual([
      {
        code: 'river-not-continued',
        message:
          'board[1] (tile RV-straight at (0, -1)): tile RV-straight has a river, which must continue the river from its open end, at (1, 0)',
      },
    ]);
  });

  it('refuses what is not a set-up at all', () => {
    expect(messages(null)).toEqual(['a set-up must be an object such as { players: 2, board: [...] }']);
    expect(messages({ players: 1, board: [] })[0]).toContain('players');
    expect(messages({ players: 2, board: [], colour: 'red' })).toEqual([
      'a set-up has no field "colour" (fields: players, seed, tileSet, edition, expansions, rules, board, figures, scores, supplies, goods, currentPlayer, extraTurn, currentTile, hands, tilesLeft, modules)',
      'board: a set-up board holds at least one tile',
    ]);
    expect(messages({ players: 2, board: [{ tile: 'D', x: 500, y: 0, rotation: 0 }] })).toEqual(['board[0]: x and y run from -255 to 255']);
    expect(messages({ players: 2, board: [D], rules: { farmers: () => ({ points: [0, 0], breakdown: [] }) } })[0]).toContain(
      'a custom rule cannot be set up',
    );
  });
});

describe('setupGame: regressions found in review', () => {
  it('figures stand in board order, those of one tile as listed, whatever order they are listed in', () => {
    const s = setupGame({
      players: 2,
      board: [D, G],
      figures: [
        { owner: 0, x: 0, y: -1, at: 'N' },
        { owner: 1, x: 0, y: 0, at: 'E' },
      ],
      currentTile: 'E',
    });
    expect(s.meeples.map((m) => [m.owner, m.y])).toEqual([
      [1, 0],
      [0, -1],
    ]);
    // Messages name a figure by where it was listed.
    expect(
      messages({
        players: 2,
        board: [D, G],
        figures: [
          { owner: 0, x: 0, y: -1, at: 'C' },
          { owner: 1, x: 0, y: 0, at: 'C' },
        ],
      }),
    ).toEqual([
      'figures[1]: tile D at (0, 0) has nothing a figure can stand on at C',
      'figures[0]: tile G at (0, -1) has nothing a figure can stand on at C',
    ]);
  });

  it('a board may reach 255 cells out with every tile still to place: setupOf of a game grown far out sets up again', () => {
    let s = setupGame({ players: 2, board: [{ tile: 'D', x: 128, y: 0, rotation: 0 }], currentTile: 'U' });
    s = applyMove(s, { x: 129, y: 0, rotation: 0 });
    expect(setupGame(setupOf(s)).placements).toHaveLength(2);
    // 71 tiles still to place (the base set without the one D): 185 + 71 = 256 cells out.
    expect(messages({ players: 2, board: [{ tile: 'D', x: -185, y: 0, rotation: 0 }] })).toEqual([
      'board: it reaches 185 cells from (0, 0) with 71 tiles still to place, which may take it 256 cells out: a board reaches 255 at most (set it nearer to (0, 0))',
    ]);
    expect(validateSetup({ players: 2, board: [{ tile: 'D', x: -184, y: 0, rotation: 0 }] })).toEqual([]);
  });

  it('refuses goods no expansion in play has, a supply of -1, and tiles in hand that are not tile ids', () => {
    expect(messages({ players: 2, board: [D], goods: [{ wine: 3 }, {}] })).toEqual(['goods[0].wine: no expansion in play has wine tokens']);
    expect(messages({ players: 2, board: [D], supplies: [{ meeples: -1 }, {}] })).toEqual([
      'supplies[0].meeples must be a whole number, not -1',
    ]);
    expect(messages({ players: 2, rules: { hand: { size: 2, visible: true } }, board: [D], hands: [[42, 'E'], [null]] })).toEqual([
      'hands[0][0]: unknown tile 42',
      'hands[1][0]: unknown tile null',
    ]);
    // Holes in a list are not skipped.
    // biome-ignore lint/suspicious/noSparseArray: a hole is the point
    expect(messages({ players: 2, board: [D, , G] })).toEqual(['the set-up at board is a list with holes or extra properties']);
  });
});

describe('states of set-up games', () => {
  const played = () => {
    let s = setupGame({ ...puzzle, seed: 'saved' });
    for (let i = 0; i < 8; i++) s = applyMove(s, legalTurns(s)[i % 3] as never);
    return s;
  };

  it('save and load, and play on the same after loading', () => {
    const s = played();
    const back = loadState(JSON.parse(JSON.stringify(s)));
    expect(JSON.stringify(back)).toBe(JSON.stringify(s));
    expect(legalTurns(back)).toEqual(legalTurns(s));
  });

  it('a forged set-up is refused', () => {
    const forge = (change: (j: Record<string, any>) => void) => {
      const j = JSON.parse(JSON.stringify(played()));
      change(j);
      return validateState(j).map((p) => p.message);
    };
    // Set up with 10 points: one more at the set-up is one more now, whatever the moves scored.
    const now = played().players[0]?.score as number;
    expect(forge((j) => (j.setup.players[0].score = 11))).toEqual([`player 0 has ${now} points, but the placements score ${now + 1}`]);
    expect(forge((j) => (j.setup.figures[0].at = 'S'))).toContain(
      'setup.figures[0] must name its feature\'s canonical spot: {"owner":0,"kind":"follower","x":0,"y":-1,"at":"N"}',
    );
    expect(forge((j) => j.setup.removed.push('A'))).toEqual(['tilesLeft[57]: more copies of tile A than the base set holds']);
    expect(forge((j) => (j.placements[1].x = 3))).toEqual([
      'setup: the board is in pieces: placements[1] (tile G at (3, -1) turned 90°) touches no tile joined to placements[0]',
      'setup.figures[0]: no tile lies at (0, -1)',
    ]);
    expect(forge((j) => (j.draws[0].tile = j.draws[1].tile))).toEqual([
      'draws: the move of placements[3] places tile J, but the tile drawn then is R',
    ]);
    expect(forge((j) => (j.setup = 7))).toEqual(['setup must be null or the set-up the game began from']);
  });

  it('an engine plays them, and gives back the states the pure API makes', () => {
    const s = setupGame({ ...puzzle, seed: 9 });
    const engine = Engine.fromState(s);
    randomPlayout(engine, seededRandom(1));
    const end = engine.toState();
    expect(end.status).toBe('finished');
    expect(validateState(JSON.parse(JSON.stringify(end)))).toEqual([]);
    expect(end.placements.slice(0, 2)).toEqual(s.placements);
  });
});

describe('setupOf', () => {
  it('gives the position now: setupGame of it is the same position', () => {
    let s = createGame({ players: ['Ann', 'Bob'], seed: 7, expansions: ['abbot'] });
    for (let i = 0; i < 10; i++) s = applyMove(s, legalTurns(s)[i] as never);
    const setup = setupOf(s);
    expect(setup.board).toHaveLength(11);
    expect(setup.figures).toEqual(s.meeples.map(({ feature: _, ...m }) => m));
    const again = setupGame(setup);
    expect(legalTurns(again)).toEqual(legalTurns(s));
    expect(again.players).toEqual(s.players);
    expect(again.tilesLeft).toEqual(s.tilesLeft);
    expect(setupOf(again)).toEqual(setup);
  });

  it('of a finished game: the position before its final scoring, which scores the same', () => {
    let s: GameState = createGame({ players: 2, seed: 2 });
    while (s.status === 'playing') s = applyMove(s, legalTurns(s)[0] as never);
    const setup = setupOf(s);
    const finals = s.scored.filter((l) => l.phase === 'final');
    expect(setup.scores).toEqual(s.players.map((p, i) => p.score - finals.reduce((n, l) => n + (l.awarded[i] ?? 0), 0)));
    const again = setupGame(setup);
    expect(again.status).toBe('finished');
    expect(again.players.map((p) => p.score)).toEqual(s.players.map((p) => p.score));
  });

  it('refuses a view that hides the hand to play, and a custom farmer rule', () => {
    const hidden = createGame({ players: 2, seed: 1, rules: { hand: { size: 2, visible: false } } });
    expect(() => setupOf(playerView(hidden, 0))).toThrow(StateError);
    const shown = createGame({ players: 2, seed: 1, rules: { hand: { size: 2, visible: true } } });
    expect(setupOf(playerView(shown, 1)).hands).toEqual(shown.hands);
    const custom = createGame({ players: 2, seed: 1, rules: { farmers: () => ({ points: [0, 0], breakdown: [] }) } });
    expect(() => setupOf(custom)).toThrow(/custom rule/);
  });
});
