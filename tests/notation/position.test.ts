import { describe, expect, it } from 'vitest';
import { applyMove, createGame, legalTurns, SetupError, setupGame } from 'carcassonne-engine';
import { makeRecord, replayRecord } from 'carcassonne-engine/notation';
import { makePosition, NotationError, parsePosition } from 'carcassonne-engine/notation';

// The position notation (docs/notation.md, "Positions").

const problems = (text: string) => {
  try {
    parsePosition(text);
    return [];
  } catch (e) {
    if (!(e instanceof NotationError)) throw e;
    return e.problems.map((p) => p.message);
  }
};

describe('parsePosition', () => {
  it('reads a block, a field a line, and the same on one line', () => {
    const block = [
      'game {"players":["Ann","Bob"],"expansions":["abbot"]}',
      'board D 0,0; G 0,-1 r90 p0 knight N; B 0,1 p1 abbot C',
      'scores 10 12',
      'supplies meeples 6 abbots 1; meeples 7 abbots 0',
      'turn p1 E',
      'left U V',
    ].join('\n');
    const setup = parsePosition(block);
    expect(setup).toEqual({
      players: ['Ann', 'Bob'],
      expansions: ['abbot'],
      board: [
        { tile: 'D', x: 0, y: 0, rotation: 0 },
        { tile: 'G', x: 0, y: -1, rotation: 90 },
        { tile: 'B', x: 0, y: 1, rotation: 0 },
      ],
      figures: [
        { owner: 0, kind: 'follower', x: 0, y: -1, at: 'N' },
        { owner: 1, kind: 'abbot', x: 0, y: 1, at: 'C' },
      ],
      scores: [10, 12],
      supplies: [
        { meeples: 6, abbots: 1 },
        { meeples: 7, abbots: 0 },
      ],
      currentPlayer: 1,
      currentTile: 'E',
      tilesLeft: ['U', 'V'],
    });
    expect(parsePosition(block.split('\n').join(' / '))).toEqual(setup);
    expect(makePosition(setup)).toBe(block);
    expect(makePosition(setup, { oneLine: true })).toBe(block.split('\n').join(' / '));
  });

  it('fills in what is left out: two players, the rest of the set, nothing drawn yet', () => {
    expect(parsePosition('board D 0,0')).toEqual({ players: 2, board: [{ tile: 'D', x: 0, y: 0, rotation: 0 }] });
    const state = setupGame(parsePosition('board D 0,0 / turn p1 - / left -'));
    // Nothing to place and an empty bag: the game is over at once.
    expect([state.status, state.currentPlayer, state.tilesLeft]).toEqual(['finished', 1, []]);
  });

  it('reads hands, goods and an extra tile', () => {
    expect(
      parsePosition('game {"players":2,"rules":{"hand":{"size":2,"visible":true}}} / board D 0,0 / hands E U; - / turn p0').hands,
    ).toEqual([['E', 'U'], []]);
    const tb = parsePosition(
      'game {"players":2,"expansions":["traders-builders"]} / board D 0,0 / goods wine 2; cloth 1 / turn p0 V builder',
    );
    expect([tb.goods, tb.extraTurn]).toEqual([[{ wine: 2 }, { cloth: 1 }], 'builder']);
  });

  it('names every problem with its line and column', () => {
    expect(problems('board D 0,0 p0 knight S; E 0,-1 r45\nscores x 2\nturn 0\ncolour red\nboard E 1,0')).toEqual([
      'line 1, column 16: a knight stands on a city, but spot S of D is a field',
      'line 1, column 33: "r45" is not a rotation: r0, r90, r180 or r270',
      'line 2, column 8: "x" is not a score: a whole number',
      'line 3, column 6: turn names the player to move first: turn p0 E',
      'line 4, column 1: "colour" is not a field of a position: game, board, scores, supplies, goods, modules, turn, hands, left',
      'line 5, column 1: the field board is written twice',
    ]);
    expect(problems('game {"players":2 / board D 0,0')).toEqual([
      'line 1, column 1: a position has a board: board D 0,0; …',
      'line 1, column 5: game is followed by the options as a JSON object, e.g. {"players":["Ann","Bob"]}',
    ]);
    expect(problems('game {"colour":1} / board D 0,0 p0 giant N / hands ? E')).toEqual([
      'line 1, column 1: game has no option "colour" (options: players, seed, tileSet, edition, expansions, rules)',
      'line 1, column 36: "giant" is not a figure: follower, abbot, large, builder, pig, floor, knight, thief, farmer, monk',
      'line 1, column 52: a tile hidden from the writer (?) cannot be set up',
    ]);
  });
});

describe('makePosition', () => {
  it("writes a state's position: the options as JSON, the rules that differ from the edition's", () => {
    const state = createGame({ players: ['Ann', 'Bob'], seed: 5, edition: 'first', rules: { smallCity: 4 }, drawOrder: ['E', 'U'] });
    expect(makePosition(state).split('\n')).toEqual([
      'game {"players":["Ann","Bob"],"seed":5,"edition":"first","rules":{"smallCity":4}}',
      'board D 0,0',
      'supplies meeples 7; meeples 7',
      'turn p0 E',
      `left ${state.tilesLeft.join(' ')}`,
    ]);
  });

  it('writes what it reads back: empty entries, large scores, the figures of the expansions in play, in records too', () => {
    const D = { tile: 'D', x: 0, y: 0, rotation: 0 } as const;
    const empty = { players: 2, board: [D], supplies: [{}, { meeples: 3 }] };
    expect(makePosition(empty)).toBe('game {"players":2}\nboard D 0,0\nsupplies -; meeples 3\nturn p0');
    expect(parsePosition(makePosition(empty)).supplies).toEqual([{}, { meeples: 3 }]);
    const rich = setupGame({ players: 2, board: [D], scores: [10000, 5], currentTile: 'E' });
    expect(setupGame(parsePosition(makePosition(rich))).players.map((p) => p.score)).toEqual([10000, 5]);
    const played = applyMove(rich, legalTurns(rich)[0] as never);
    expect(replayRecord(makeRecord(played))).toEqual(played);
    const figures = setupGame({
      players: 2,
      expansions: ['abbot', 'inns-cathedrals', 'traders-builders'],
      board: [D],
      supplies: [{ abbots: 0, largeMeeples: 0, pigs: 0 }, {}],
      currentTile: 'E',
    });
    expect(replayRecord(makeRecord(figures))).toEqual(figures);
  });

  it('refuses to write a set-up no game can start from', () => {
    expect(() => makePosition({ players: 2, board: 5 } as never)).toThrow(SetupError);
    expect(() => makePosition({ players: 2, board: [{}] } as never)).toThrow(SetupError);
  });
});
