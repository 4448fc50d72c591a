import { describe, expect, it } from 'vitest';
import { applyMove, createGame, type GameState, legalTurns, loadState, playerView } from 'carcassonne-engine';
import { makeRecord, NotationError, parseRecord, replayRecord } from 'carcassonne-engine/notation';

const caught = (f: () => unknown): NotationError => {
  try {
    f();
  } catch (e) {
    if (e instanceof NotationError) return e;
    throw e;
  }
  throw new Error('no NotationError');
};

describe('game records (docs/notation.md)', () => {
  // drawOrder E, U, then by hand: E turned 180 above the start tile closes its city (knight S: 4
  // points, 2 tiles × 2); U waits to be placed.
  const dealt = () =>
    applyMove(createGame({ players: ['Ann', 'Bob'], seed: 7, drawOrder: ['E', 'U'] }), { x: 0, y: -1, rotation: 180, meeple: { at: 'S' } });

  it('writes the headers and one entry per move; a game dealt with drawOrder replays without it', () => {
    const s = dealt();
    const text = makeRecord(s);
    expect(text).toBe(
      '[Players ["Ann","Bob"]]\n[Edition "current"]\n[TileSet "base"]\n[Expansions []]\n[Rules {}]\n[Seed 7]\n[Scores [4,0]]\n\n1. E 0,-1 r180 knight S\n2. U\n',
    );
    const back = replayRecord(text) as GameState;
    expect(back.players.map((p) => p.score)).toEqual([4, 0]);
    expect(back.currentTile).toBe('U');
    expect({ ...back, tilesLeft: [...back.tilesLeft].sort() }).toEqual({ ...s, tilesLeft: [...s.tilesLeft].sort() });
  });

  it('the state records every draw: a game replayed from createGame with its seed and placements alone draws other tiles', () => {
    const s = dealt();
    expect(s.draws).toEqual([
      { turn: 0, player: 0, tile: 'E', kept: true },
      { turn: 1, player: 1, tile: 'U', kept: true },
    ]);
    const fresh = createGame({ players: ['Ann', 'Bob'], seed: 7 });
    expect(fresh.currentTile).not.toBe('E');
  });

  it('writes discards as (K), reads comments, and replays the discard where it was drawn', () => {
    // U (a straight road) fits beside the start tile: a record that says it was discarded is refused.
    const text = '[Players 2]\n[Seed 7]\n{ a comment\n spanning lines }\n1. (U) E 0,-1 r180 ; U fits: refused\n';
    const e = caught(() => replayRecord(text));
    expect(e.code).toBe('record-not-replayable');
    expect(e.problems[0]).toMatchObject({ line: 5, column: 4, move: 1 });
    expect(e.message).toContain('tile U fits on the board here: it is placed, not discarded');
    expect(parseRecord('[Players 2]\n{ a comment }\n1. E 0,-1 r180 {here} ; and here').turns[0]?.comments).toEqual([
      'a comment',
      'here',
      'and here',
    ]);
    expect(parseRecord(text).turns[0]?.comments).toEqual(['a comment spanning lines', 'U fits: refused']);
  });

  it('names the line, column and move number of what does not read, every problem at once', () => {
    const e = caught(() => parseRecord('[Players 2]\n[Seed nope]\n1. E 0,-1 r45\n3. U 1,0 knight\n(X)'));
    expect(e.problems.map((p) => [p.line, p.column, p.move])).toEqual([
      [2, 7, null],
      [3, 11, 1],
      [4, 1, 2],
      [4, 16, 2],
      [5, 1, 2],
    ]);
    expect(e.problems.map((p) => p.message.replace(/ \(one of.*/, ''))).toEqual([
      'line 2, column 7: the value of Seed is not JSON: nope',
      'line 3, column 11 (move 1): "r45" is not a rotation: r0, r90, r180 or r270',
      'line 4, column 1 (move 2): entry 3 where 2 comes next',
      'line 4, column 16 (move 2): the spot of the knight is missing',
      'line 5, column 1 (move 2): "(X)": the tiles drawn come before the move',
    ]);
  });

  it('a tile not in the bag, a draw the game does not make, and wrong scores are refused where written', () => {
    const full = makeRecord(dealt());
    expect(caught(() => replayRecord(full.replace('[Scores [4,0]]', '[Scores [5,0]]'))).message).toContain(
      'line 7, column 1: the record says the scores are [5,0]',
    );
    expect(caught(() => replayRecord(full.replace('2. U', '2. U\n3. V'))).message).toContain(
      'line 11, column 4 (move 3): the game draws no tile here: it waits for a move',
    );
    const tooMany = '[Players 2]\n[Seed 1]\n[TileSet "pnp-demo"]\n1. D 0,-1\n';
    expect(() => replayRecord(tooMany)).toThrow(NotationError);
  });

  it("a record of a player's view has no seed, and replays to the view", () => {
    const view = playerView(dealt(), 1);
    const text = makeRecord(view);
    expect(text).toContain('[Viewer 1]');
    expect(text).not.toContain('Seed');
    expect(replayRecord(text)).toEqual(view);
  });

  it('a hand given up and drawn anew short of full (tiles put back) loads from JSON: the draws say how', () => {
    // Found by the record properties: a hand of 3, unplaceable tiles returned, a small table.
    const o = {
      players: 2,
      seed: -1053474005,
      edition: 'first' as const,
      expansions: ['abbot' as const],
      rules: {
        farmers: 'farm-3' as const,
        table: { minX: -6, maxX: 0, minY: -1, maxY: 4 },
        unplaceable: 'returned' as const,
        hand: { size: 3 as const, visible: false },
      },
    };
    const picks = [
      1674621868, 13, 2021378288, 938839571, 1211703723, 547191924, 1673503459, 22, 520563668, 1260299425, 115997464, 1923632064,
      1194439839, 1, 1541450695, 1308349508, 2105540601, 1732410057, 910762507, 0, 849112223, 480553073, 1215672447, 8, 815905587,
      562815461, 1552483800, 103598783, 0, 4, 0, 600830572,
    ];
    let s = createGame(o);
    for (let i = 0; i < 36; i++) {
      const legal = legalTurns(s);
      s = applyMove(s, legal[(picks[i] ?? 0) % legal.length] as (typeof legal)[number]);
    }
    expect(s.hands?.[s.currentPlayer]).toHaveLength(2);
    expect(s.tilesLeft.length).toBeGreaterThan(0);
    expect(loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(replayRecord(makeRecord(s))).toEqual(s);
  });
});
