/**
 * The Tower (wikicarpedia, The Tower; the C2 rules as transcribed at papageek.com/car/Tower.htm;
 * JCloisterZone's TowerCapability, TowerCapturePhase and PayRansom agree), rulebook scenarios
 * worked by hand:
 * - 18 tiles, each with a tower foundation; floors by player count: 2p 10, 3p 9, 4p 7, 5p 6, 6p 5;
 * - instead of deploying, a floor on any foundation or open tower of the board, or a follower on
 *   an open tower of at least one floor (closing it);
 * - after a floor, capture one follower in line with the tower within its height (the new floor
 *   counts): one's own goes back to the supply, another's becomes a prisoner;
 * - a prisoner whose owner holds one of the capturer's followers is exchanged at once;
 * - once a turn, a player with 3 points buys back a follower for 3 points paid to its holder.
 *
 * Geometry: D at (0,0) (city N, road E-W, field S). TO-F: all field and a foundation; TO-L: a
 * cloister in a field and a foundation; B: a cloister in a field. All-field tiles fit south of D
 * and beside each other in any rotation.
 */
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type GameState,
  legalMoves,
  legalTurns,
  loadState,
  playerView,
  previewMove,
  setupGame,
  setupOf,
  type ModuleEvent,
  type Move,
  type TowerState,
  type TurnMove,
  validateMove,
  validateSetup,
} from '../../src/index.js';
import { makeMove, makePosition, makeRecord, parseMove, parsePosition, replayRecord } from '../../src/notation/index.js';
import { renderSvg } from '../../src/render/index.js';

const TOWER = { expansions: ['tower'] } as const;
const tower = (s: GameState): TowerState => s.modules.tower as TowerState;
const moduleEvents = (s: GameState): ModuleEvent[] => s.events.filter((e): e is ModuleEvent => e.type === 'module');

/** A new two-player game with The Tower drawing `tiles` first. */
const game = (tiles: readonly string[]): GameState => createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: [...tiles], ...TOWER });

/** Plays the whole turn `tile at (x, y)`, then `act` (a figure's spot, or a module's action), then each of `then`. */
function turn(s: GameState, x: number, y: number, act: { at: string } | Move | null, ...then: Move[]): GameState {
  const base = { x, y, rotation: 0 as const };
  let next =
    act === null
      ? applyMove(s, base)
      : 'at' in act && !('type' in act)
        ? applyMove(s, { ...base, meeple: { at: act.at as 'C' } })
        : applyMove(s, { ...base, action: act as never });
  for (const m of then) next = applyMove(next, m);
  return next;
}

describe('The Tower: tiles and floors', () => {
  it('18 tiles of 17 types, every one with a foundation, shuffled into the land', () => {
    const s = createGame({ players: 2, seed: 't', ...TOWER });
    const towers = [...s.tilesLeft, s.currentTile].filter((id) => id?.startsWith('TO-'));
    expect(towers).toHaveLength(18);
    expect(new Set(towers).size).toBe(17);
    expect(towers.filter((id) => id === 'TO-C')).toHaveLength(2);
    expect(s.tilesLeft.length + 1).toBe(71 + 18);
  });

  it('floors per player by the number of players (2p 10, 3p 9, 4p 7, 5p 6, 6p 5)', () => {
    const floors = [2, 3, 4, 5, 6].map(
      (n) =>
        createGame({ players: n, seed: 1, expansions: ['tower', ...(n === 6 ? (['inns-cathedrals'] as const) : [])] }).players[0]?.floors,
    );
    expect(floors).toEqual([10, 9, 7, 6, 5]);
    expect('floors' in (createGame({ players: 2, seed: 1 }).players[0] ?? {})).toBe(false);
  });

  it('with The Abbot and its gardens, one copy of TO-F and of TO-RR carries a garden (the 2014 printings)', () => {
    const s = createGame({ players: 2, seed: 1, expansions: ['abbot', 'tower'] });
    const all = [...s.tilesLeft, s.currentTile];
    expect(all.filter((id) => id === 'TO-F-garden' || id === 'TO-RR-garden')).toHaveLength(2);
    expect(all.filter((id) => id === 'TO-F' || id === 'TO-RR')).toHaveLength(0);
  });
});

describe('The Tower: floors, captures, exchanges', () => {
  it('a floor instead of a follower, on the foundation of the tile just placed; no follower in reach: no capture step', () => {
    const s = turn(game(['TO-F']), 0, 1, { type: 'tower', x: 0, y: 1, kind: 'floor' });
    expect(tower(s).towers).toEqual([{ x: 0, y: 1, floors: 1, top: null }]);
    expect(s.players[0]?.floors).toBe(9);
    expect(s.step).toBe('tile');
    expect(s.placements.at(-1)?.steps).toEqual([{ type: 'tower', x: 0, y: 1, kind: 'floor' }]);
    expect(moduleEvents(s)).toEqual([{ type: 'module', module: 'tower', name: 'floor-built', player: 0, x: 0, y: 1, floors: 1 }]);
  });

  it('a follower goes on an open tower of one floor or more only: never on a bare foundation', () => {
    const s = game(['TO-F', 'TO-L', 'B']);
    const bare = applyMove(s, { x: 0, y: 1, rotation: 0 });
    expect(validateMove(bare, { type: 'tower', x: 0, y: 1, kind: 'follower' })?.code).toBe('move-not-allowed');
    const built = turn(s, 0, 1, { type: 'tower', x: 0, y: 1, kind: 'floor' });
    // Bob closes it from his own tile's action step, anywhere on the board.
    const closed = turn(built, 1, 1, { type: 'tower', x: 0, y: 1, kind: 'follower' });
    expect(tower(closed).towers[0]).toEqual({ x: 0, y: 1, floors: 1, top: { owner: 1, kind: 'follower' } });
    expect(renderSvg(closed)).toMatch(/data-floors="1">.*class="figure" data-kind="follower" data-owner="1"/);
    expect(closed.players[1]?.meeples).toBe(6);
    // Closed: no floor goes on it any more; TO-L's own bare foundation still takes one.
    const next = applyMove(closed, { type: 'tile', x: -1, y: 1, rotation: 0 });
    const towers = legalMoves(next).filter((m) => m.type === 'tower');
    expect(towers).toEqual([{ type: 'tower', x: 1, y: 1, kind: 'floor' }]);
  });

  it("capturing: the reach is the tower's height in line (the new floor counts); one's own follower goes home, another's is held; an exchange is at once", () => {
    // Ann: TO-F at (0,1), floor (height 1). Bob: TO-L at (1,1), monk. Ann: B at (-1,1), monk.
    let s = turn(game(['TO-F', 'TO-L', 'B', 'B', 'B']), 0, 1, { type: 'tower', x: 0, y: 1, kind: 'floor' });
    s = turn(s, 1, 1, { at: 'C' });
    s = turn(s, -1, 1, { at: 'C' });
    // Bob: B at (0,2), a floor on (0,1): height 2; both monks are in reach (one cell east and west).
    s = applyMove(s, { x: 0, y: 2, rotation: 0, action: { type: 'tower', x: 0, y: 1, kind: 'floor' } });
    expect(s.step).toBe('capture');
    expect(s.currentPlayer).toBe(1);
    expect(legalMoves(s)).toEqual([{ type: 'pass' }, { type: 'capture', x: 1, y: 1, at: 'C' }, { type: 'capture', x: -1, y: 1, at: 'C' }]);
    s = applyMove(s, { type: 'capture', x: -1, y: 1, at: 'C' });
    expect(tower(s).prisoners).toEqual([{ jailer: 1, owner: 0, kind: 'follower', count: 1 }]);
    expect(s.meeples.map((m) => [m.owner, m.x, m.y])).toEqual([[1, 1, 1]]);
    expect(s.players.map((p) => p.meeples)).toEqual([6, 6]);
    expect(moduleEvents(s)).toEqual([
      { type: 'module', module: 'tower', name: 'captured', player: 1, owner: 0, kind: 'follower', x: -1, y: 1, at: 'C' },
    ]);
    // Ann: B at (-1,2), a floor: height 3, captures Bob's monk; Bob holds hers: exchanged at once.
    s = applyMove(s, { x: -1, y: 2, rotation: 0, action: { type: 'tower', x: 0, y: 1, kind: 'floor' } });
    s = applyMove(s, { type: 'capture', x: 1, y: 1, at: 'C' });
    expect(tower(s).prisoners).toEqual([]);
    expect(s.meeples).toEqual([]);
    expect(s.players.map((p) => [p.meeples, p.floors])).toEqual([
      [7, 8],
      [7, 9],
    ]);
    expect(moduleEvents(s).map((e) => e.name)).toEqual(['captured', 'exchanged']);
    expect(tower(s).towers[0]?.floors).toBe(3);
    // The board picture draws the tower with its floors, and TO-L's bare foundation.
    const svg = renderSvg(s);
    expect(svg).toContain('class="tower" data-x="0" data-y="1" data-floors="3"');
    expect(svg).toContain('class="tower" data-x="1" data-y="1" data-floors="0"');
    // The state replays from its JSON.
    expect(loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });

  it('capturing one of your own followers returns it to your supply; a cell out of line or beyond the height is out of reach', () => {
    // Ann: TO-L at (0,1) with a monk; Bob: B at (1,1) with a monk.
    let s = turn(game(['TO-L', 'B', 'B']), 0, 1, { at: 'C' });
    s = turn(s, 1, 1, { at: 'C' });
    // Ann: B at (-1,1), a floor on (0,1): height 1 reaches (±1,1), (0,0), (0,2) and (0,1) itself.
    s = applyMove(s, { x: -1, y: 1, rotation: 0, action: { type: 'tower', x: 0, y: 1, kind: 'floor' } });
    // The pass first, then the followers in the order deployed.
    expect(legalMoves(s)).toEqual([{ type: 'pass' }, { type: 'capture', x: 0, y: 1, at: 'C' }, { type: 'capture', x: 1, y: 1, at: 'C' }]);
    s = applyMove(s, { type: 'capture', x: 0, y: 1, at: 'C' });
    expect(s.players[0]?.meeples).toBe(7);
    expect(tower(s).prisoners).toEqual([]);
  });

  it('ransom: a player with 3 points buys a follower back for 3 points paid to its holder, once a turn', () => {
    // Ann: TO-F (0,1), floor. Bob: TO-L (1,1), monk. Ann: B (-1,1), floor on (0,1), captures the monk.
    let s = turn(game(['TO-F', 'TO-L', 'B', 'E', 'B', 'B']), 0, 1, { type: 'tower', x: 0, y: 1, kind: 'floor' });
    s = turn(s, 1, 1, { at: 'C' });
    s = applyMove(s, { x: -1, y: 1, rotation: 0, action: { type: 'tower', x: 0, y: 1, kind: 'floor' } });
    s = applyMove(s, { type: 'capture', x: 1, y: 1, at: 'C' });
    expect(tower(s).prisoners).toEqual([{ jailer: 0, owner: 1, kind: 'follower', count: 1 }]);
    // Bob: E turned 180° at (0,-1) closes D's city with a knight: 2 tiles, 4 points. With 0 points
    // before it, his action step offers no ransom.
    const placed = applyMove(s, { type: 'tile', x: 0, y: -1, rotation: 180 });
    expect(legalMoves(placed).some((m) => m.type === 'ransom')).toBe(false);
    s = applyMove(placed, { type: 'meeple', at: 'S' });
    expect(s.players.map((p) => p.score)).toEqual([0, 4]);
    s = turn(s, -1, 2, null);
    // Bob's next turn: the ransom, then nothing more to pay this turn.
    s = applyMove(s, { type: 'tile', x: 1, y: 2, rotation: 0 });
    expect(legalMoves(s)).toContainEqual({ type: 'ransom', jailer: 0, kind: 'follower' });
    s = applyMove(s, { type: 'ransom', jailer: 0, kind: 'follower' });
    expect(s.players.map((p) => [p.score, p.meeples])).toEqual([
      [3, 7],
      [1, 7],
    ]);
    expect(tower(s).prisoners).toEqual([]);
    expect(tower(s).ransomPaid).toBe(true);
    expect(s.step).toBe('action');
    expect(legalMoves(s).some((m) => m.type === 'ransom')).toBe(false);
    const line = s.scored.at(-1);
    expect(line).toMatchObject({ kind: 'ransom', id: 'follower', awarded: [3, -3], holders: [0], points: 3 });
    // The freed follower may be deployed at once.
    s = applyMove(s, { type: 'meeple', at: 'C' });
    expect(s.players[1]?.meeples).toBe(6);
    expect(tower(s).ransomPaid).toBe(false);
    expect(loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });

  it('previewMove shows a tower action on a player view; a malformed module move is refused with a code, never played', () => {
    const s = game(['TO-F', 'TO-L']);
    const preview = previewMove(playerView(s, 0), { x: 0, y: 1, rotation: 0, action: { type: 'tower', x: 0, y: 1, kind: 'floor' } });
    expect(preview.events.map((e) => (e.type === 'module' ? e.name : e.type))).toEqual(['tile-placed', 'floor-built']);
    expect(validateMove(s, { type: 'capture', x: 9, y: 9, at: 'C' })?.code).toBe('malformed-move');
    expect(validateMove(s, { type: 'ransom', jailer: 7, kind: 'follower' })?.code).toBe('malformed-move');
    expect(() => applyMove(s, { type: 'tower', x: 0, y: 0, kind: 'floor' })).toThrow(expect.objectContaining({ code: 'malformed-move' }));
  });

  it('the move notation writes a module move as its type and fields, and reads it back', () => {
    const s = game(['TO-F', 'TO-L']);
    const turn = { x: 0, y: 1, rotation: 0, action: { type: 'tower', x: 0, y: 1, kind: 'floor' } } as const;
    expect(makeMove(s, turn)).toBe('TO-F 0,1 tower x=0 y=1 kind=floor');
    expect(parseMove('TO-F 0,1 tower x=0 y=1 kind=floor', s)).toEqual({ tile: 'TO-F', ...turn });
    expect(parseMove('capture x=1 y=-2 at=null')).toEqual({ type: 'capture', x: 1, y: -2, at: null });
    expect(() => parseMove('capture x')).toThrow(/not a field of the capture move/);
  });

  it('whole turns list the module actions after each placement; a turn with a floor ends in the capture step when one is in reach', () => {
    const s = turn(game(['TO-F', 'TO-L', 'B']), 0, 1, { type: 'tower', x: 0, y: 1, kind: 'floor' });
    const turns = legalTurns(s).filter((t) => t.x === 1 && t.y === 1 && t.rotation === 0);
    expect(turns).toContainEqual({ tile: 'TO-L', x: 1, y: 1, rotation: 0, action: { type: 'tower', x: 0, y: 1, kind: 'floor' } });
    expect(turns).toContainEqual({ tile: 'TO-L', x: 1, y: 1, rotation: 0, action: { type: 'tower', x: 1, y: 1, kind: 'floor' } });
  });
});

describe('The Tower: positions (Setup.modules, the position notation)', () => {
  /** Ann's floor on TO-F at (0,1), Bob's monk on TO-L (1,1), Ann's monk on B (-1,1); Bob builds to 2 and captures Ann's monk. */
  function captured(): GameState {
    let s = turn(game(['TO-F', 'TO-L', 'B', 'B', 'B']), 0, 1, { type: 'tower', x: 0, y: 1, kind: 'floor' });
    s = turn(s, 1, 1, { at: 'C' });
    s = turn(s, -1, 1, { at: 'C' });
    s = applyMove(s, { x: 0, y: 2, rotation: 0, action: { type: 'tower', x: 0, y: 1, kind: 'floor' } });
    return applyMove(s, { type: 'capture', x: -1, y: 1, at: 'C' });
  }

  it('setupOf keeps the towers with floors and the prisoners; the game set up from it plays on as the game itself', () => {
    const s = captured();
    const setup = setupOf(s);
    // Only what a set-up must say: the bare foundation of TO-L at (1,1) goes without saying.
    expect(setup.modules).toEqual({
      tower: { towers: [{ x: 0, y: 1, floors: 2, top: null }], prisoners: [{ jailer: 1, owner: 0, kind: 'follower', count: 1 }] },
    });
    const again = setupGame(setup);
    expect(again.modules).toEqual(s.modules);
    expect(again.players.map((p) => [p.meeples, p.floors])).toEqual(s.players.map((p) => [p.meeples, p.floors]));
    expect(again.setup?.modules).toEqual(s.modules);
    expect(legalTurns(again)).toEqual(legalTurns(s));
    // The set-up game's JSON loads (its set-up replayed with the towers and prisoners), and so does a view of it.
    expect(loadState(JSON.parse(JSON.stringify(again)))).toEqual(again);
    expect(playerView(again, 0).setup?.modules).toEqual(s.modules);
    // A record of the set-up game holds its position, towers and prisoners included, and replays.
    let played = applyMove(again, legalTurns(again)[0] as TurnMove);
    played = applyMove(played, legalMoves(played)[0] as Move);
    expect(makeRecord(played)).toContain('{\\"x\\":0,\\"y\\":1,\\"floors\\":2');
    expect(replayRecord(makeRecord(played))).toEqual(played);
    // A game without floors or prisoners sets up without modules.
    expect(setupOf(turn(game(['TO-F', 'TO-L']), 0, 1, null)).modules).toBeUndefined();
  });

  it('the position notation writes the modules as JSON and reads them back', () => {
    const s = captured();
    const text = makePosition(s);
    expect(text.split('\n')).toContain(
      'modules {"tower":{"towers":[{"x":0,"y":1,"floors":2,"top":null}],"prisoners":[{"jailer":1,"owner":0,"kind":"follower","count":1}]}}',
    );
    const again = setupGame(parsePosition(text));
    expect(again.modules).toEqual(s.modules);
    expect(legalTurns(again)).toEqual(legalTurns(s));
    expect(makePosition(parsePosition(text))).toBe(text);
    expect(() => parsePosition('board D 0,0 / modules tower')).toThrow(
      /modules is followed by the rule modules' parts as a JSON object, by module name/,
    );
  });

  it("a set-up by hand: a tower closed by Bob's follower, Ann holding one of Bob's; Bob's supply is 5, and his ransom is offered", () => {
    // D (0,0), TO-F (0,1), TO-L (0,2); Bob has 3 points and moves, with B to place.
    const text = [
      'game {"players":["Ann","Bob"],"expansions":["tower"]}',
      'board D 0,0; TO-F 0,1; TO-L 0,2',
      'scores 0 3',
      'modules {"tower":{"towers":[{"x":0,"y":1,"floors":2,"top":{"owner":1,"kind":"follower"}}],"prisoners":[{"jailer":0,"owner":1,"kind":"follower","count":1}]}}',
      'turn p1 B',
    ].join('\n');
    let s = setupGame(parsePosition(text));
    expect(s.players.map((p) => p.meeples)).toEqual([7, 5]);
    expect(tower(s).towers).toEqual([
      { x: 0, y: 1, floors: 2, top: { owner: 1, kind: 'follower' } },
      { x: 0, y: 2, floors: 0, top: null },
    ]);
    // Closed: a floor goes only on TO-L's foundation.
    s = applyMove(s, { type: 'tile', x: 1, y: 1, rotation: 0 });
    const moves = legalMoves(s);
    expect(moves.filter((m) => m.type === 'tower')).toEqual([{ type: 'tower', x: 0, y: 2, kind: 'floor' }]);
    expect(moves.filter((m) => m.type === 'ransom')).toEqual([{ type: 'ransom', jailer: 0, kind: 'follower' }]);
    s = applyMove(s, { type: 'ransom', jailer: 0, kind: 'follower' });
    expect(s.players.map((p) => [p.score, p.meeples])).toEqual([
      [3, 7],
      [0, 6],
    ]);
  });

  it('every problem with the modules of a set-up is listed at once, and nothing is set up', () => {
    const board = [
      { tile: 'D', x: 0, y: 0, rotation: 0 },
      { tile: 'TO-F', x: 0, y: 1, rotation: 0 },
      { tile: 'B', x: 1, y: 1, rotation: 0 },
    ] as const;
    const problems = validateSetup({
      players: 2,
      expansions: ['tower'],
      board,
      modules: {
        tower: {
          towers: [
            { x: 1, y: 1, floors: 1, top: null },
            { x: 0, y: 1, floors: 0, top: { owner: 0, kind: 'follower' } },
          ],
          prisoners: [
            { jailer: 0, owner: 0, kind: 'follower', count: 1 },
            { jailer: 1, owner: 0, kind: 'follower', count: 8 },
          ],
          ransomPaid: 'no',
          height: 3,
        },
        dragon: {},
      },
    }).map((p) => p.message);
    expect(problems).toEqual([
      'modules.tower: has no field "height" (fields: towers, prisoners, ransomPaid)',
      'modules.tower: towers[0]: the tile at (1, 1) has no tower foundation',
      'modules.tower: towers[1].top: a tower is closed once it has a floor at least, and this one has none',
      "modules.tower: prisoners[0]: a player's own follower goes back to the supply, and is never held by them",
      'modules.tower: ransomPaid must be true or false, not "no"',
      'modules.tower: player 0 has 7 follower off the board to put on towers and in prison, not 8',
      'modules.dragon: no rule module keeps a part of a position by that name',
    ]);
    expect(validateSetup({ players: 2, expansions: ['tower'], board, modules: 5 } as never).map((p) => p.message)).toEqual([
      "modules must be an object of the rule modules' parts, by module name, not 5",
    ]);
    // The Tower's part in a game without The Tower.
    expect(validateSetup({ players: 2, board: [{ tile: 'D', x: 0, y: 0, rotation: 0 }], modules: { tower: {} } })).toEqual([
      { code: 'invalid-setup', message: 'modules.tower: tower is not in play' },
    ]);
  });

  it('a saved set-up whose modules were changed by hand is refused', () => {
    const again = setupGame(setupOf(captured()));
    const json = JSON.parse(JSON.stringify(again));
    json.setup.modules.tower.prisoners[0].count = 2;
    expect(() => loadState(json)).toThrow(
      'setup: player 0 has 6 meeples in supply and 2 on the board or kept by the rule modules, but owns 7',
    );
    json.setup.modules.tower.towers[0].floors = -1;
    expect(() => loadState(json)).toThrow('modules.tower: towers[0] is not a tower');
  });
});
