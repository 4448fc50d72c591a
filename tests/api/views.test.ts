import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  features,
  legalTurns,
  legalPlacements,
  loadState,
  type TurnMove,
  loadView,
  playerView,
  previewMove,
  renderAscii,
  scoreFinal,
  StateError,
  tileAt,
  validateMove,
  validateState,
} from 'carcassonne-engine';
import { Engine } from 'carcassonne-engine/engine';

const HIDDEN = { hand: { size: 3 as const, visible: false } };

/** The StateError code a call throws. */
function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof StateError) return e.code;
    throw e;
  }
  return undefined;
}

describe('playerView', () => {
  it('drops the seed and the bag order: the tiles left as a multiset sorted by id', () => {
    const s = createGame({ players: 2, seed: 1, drawOrder: ['E'] });
    const v = playerView(s, 0);
    expect(Object.keys(v)).toEqual([
      'version',
      'viewer',
      'tileSet',
      'edition',
      'expansions',
      'rules',
      'status',
      'turn',
      'currentPlayer',
      'extraTurn',
      'step',
      'currentTile',
      'hands',
      'players',
      'placements',
      'meeples',
      'tilesLeft',
      'discarded',
      'draws',
      'setup',
      'scored',
      'events',
      'modules',
    ]);
    expect(v.tilesLeft).toEqual([...s.tilesLeft].sort());
    expect(v.tilesLeft).not.toEqual(s.tilesLeft);
    // Nothing else is lost: the current tile is public.
    expect(v.currentTile).toBe('E');
    expect(Object.isFrozen(v) && Object.isFrozen(v.tilesLeft)).toBe(true);
  });

  it("hides the other players' hidden hands, whose tiles count among the tiles left; a spectator sees none", () => {
    const s = createGame({ players: 3, seed: 1, drawOrder: ['E', 'U', 'V', 'X', 'A', 'B', 'K', 'L', 'M'], rules: HIDDEN });
    const v1 = playerView(s, 1);
    expect(v1.hands).toEqual([
      [null, null, null],
      ['X', 'A', 'B'],
      [null, null, null],
    ]);
    // 72 tiles, D on the board, B and the other five hidden tiles among the 68 unseen.
    expect(v1.tilesLeft.length).toBe(s.tilesLeft.length + 6);
    expect(v1.tilesLeft).toEqual([...s.tilesLeft, 'E', 'U', 'V', 'K', 'L', 'M'].sort());
    const spectator = playerView(s, 'spectator');
    expect(spectator.hands).toEqual([
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
    // A player's view gives a spectator's, never another player's.
    expect(playerView(v1, 'spectator')).toEqual(spectator);
    expect(codeOf(() => playerView(v1, 0))).toBe('hidden-information');
    // Visible hands stay visible to everyone.
    const open = createGame({
      players: 2,
      seed: 1,
      drawOrder: ['E', 'U', 'V', 'X', 'A', 'B'],
      rules: { hand: { size: 3, visible: true } },
    });
    expect(playerView(open, 'spectator').hands).toEqual(open.hands);
  });

  it('is refused for a viewer who is not a player', () => {
    const s = createGame({ players: 2, seed: 1 });
    for (const viewer of [2, -1, 0.5, 'someone'] as unknown as number[]) expect(codeOf(() => playerView(s, viewer))).toBe('invalid-viewer');
  });
});

describe('a player view is valid input to every read function', () => {
  it('legal moves, placements, validation, features, tiles, final scores and the text board are the same as from the state', () => {
    let s = createGame({ players: 2, seed: 4 });
    for (let i = 0; i < 12; i++) s = applyMove(s, legalTurns(s)[(i * 5) % legalTurns(s).length] as TurnMove);
    const v = playerView(s, s.currentPlayer);
    expect(legalTurns(v)).toEqual(legalTurns(s));
    expect(legalPlacements(v)).toEqual(legalPlacements(s));
    expect(validateMove(v, { x: 40, y: 40, rotation: 0 })?.code).toBe('not-adjacent');
    expect(features(v)).toEqual(features(s));
    expect(tileAt(v, 0, 0)).toEqual(tileAt(s, 0, 0));
    expect(scoreFinal(v)).toEqual(scoreFinal(s));
    expect(renderAscii(v)).toBe(renderAscii(s));
  });

  it('a hidden hand to move lists no moves: only its player may; the text board shows its tiles as ?', () => {
    const s = createGame({ players: 2, seed: 1, drawOrder: ['E', 'U', 'V', 'X', 'A', 'B'], rules: HIDDEN });
    const mine = playerView(s, 0);
    expect(legalTurns(mine)).toEqual(legalTurns(s));
    const theirs = playerView(s, 1);
    expect(codeOf(() => legalTurns(theirs))).toBe('hidden-information');
    expect(codeOf(() => legalPlacements(theirs))).toBe('hidden-information');
    expect(codeOf(() => validateMove(theirs, { tile: 'E', x: 0, y: -1, rotation: 180 }))).toBe('hidden-information');
    // Reads that need no hand work.
    expect(scoreFinal(theirs).scores).toEqual([0, 0]);
    expect(renderAscii(theirs).split('\n').at(-1)).toBe('hands: 1: ? ? ?; 2: X A B');
  });

  it('cannot be played: the server plays the state', () => {
    const s = createGame({ players: 2, seed: 1, drawOrder: ['E'] });
    expect(codeOf(() => applyMove(playerView(s, 0) as never, { x: 0, y: -1, rotation: 180 }))).toBe('view-not-playable');
    expect(codeOf(() => Engine.fromState(playerView(s, 0) as never))).toBe('view-not-playable');
  });

  it('survives JSON: loadView checks it as a state is checked, and refuses a forged one', () => {
    let s = createGame({ players: 2, seed: 3, rules: HIDDEN });
    for (let i = 0; i < 6; i++) s = applyMove(s, legalTurns(s)[i % 3] as TurnMove);
    const sent = JSON.stringify(playerView(s, 1));
    const v = loadView(JSON.parse(sent));
    expect(JSON.stringify(v)).toBe(sent);
    expect(validateState(JSON.parse(sent))).toEqual([]);
    const forged = JSON.parse(sent);
    forged.players[0].score += 3;
    expect(validateState(forged).map((p) => p.message)).toContain(
      `player 0 has ${(s.players[0]?.score as number) + 3} points, but the placements score ${s.players[0]?.score}`,
    );
    const unsorted = JSON.parse(sent);
    unsorted.tilesLeft.reverse();
    expect(validateState(unsorted).map((p) => p.message)).toEqual(['a player view lists tilesLeft sorted by id (the order is hidden)']);
    const peeking = JSON.parse(sent);
    peeking.hands[0][0] = 'E';
    expect(validateState(peeking).map((p) => p.message)).toEqual(['hands[0] is hidden from this view: its tiles must be null']);
    const seeded = { ...JSON.parse(sent), seed: 3 };
    expect(validateState(seeded).map((p) => p.message)).toEqual(['a player view has no seed']);
    // A view is not a state, nor a state a view.
    expect(() => loadState(JSON.parse(sent))).toThrow('this is a player view, not a game state: read it with loadView');
    expect(() => loadView(JSON.parse(JSON.stringify(s)))).toThrow('a player view names its viewer');
  });

  it('with the first player drawn from the seed, a view checks the choice against who moved first', () => {
    const s = createGame({ players: 3, seed: 8, rules: { firstPlayer: 'draw-roads' } });
    const sent = JSON.parse(JSON.stringify(playerView(s, 0)));
    expect(validateState(sent)).toEqual([]);
    const other = (s.currentPlayer + 1) % 3;
    sent.events[0].player = other;
    expect(validateState(sent).map((p) => p.message)).toContain(
      `events: the first player chosen is ${other}, but player ${s.currentPlayer} moved first`,
    );
  });
});

describe('previewMove', () => {
  it('tells what a move completes, scores and returns, and whether it gives another tile, without drawing', () => {
    const s = createGame({ players: ['Ann', 'Bob'], seed: 1, drawOrder: ['E'] });
    const move = { x: 0, y: -1, rotation: 180 as const, meeple: { at: 'S' as const } };
    const preview = previewMove(playerView(s, 1), move);
    const after = applyMove(s, move);
    expect(preview.events).toEqual(after.events);
    expect(preview.scores).toEqual(after.players.map((p) => p.score));
    expect(preview.completed).toEqual(['0,0:N']);
    expect(preview.extraTurn).toBeNull();
    expect(() => previewMove(s, { x: 0, y: -1, rotation: 0 })).toThrow('south edge: the tile has a field, the neighbour has a city');
  });

  it("a builder's second tile is told (Traders & Builders)", () => {
    // Five U (straight roads): P0's follower on the road east of D, then P0's builder on it; P0's next U extends it.
    let s = createGame({ players: 2, seed: 1, expansions: ['traders-builders'], drawOrder: ['U', 'U', 'U', 'U', 'U'] });
    s = applyMove(s, { x: 1, y: 0, rotation: 0, meeple: { at: 'E' } });
    s = applyMove(s, { x: -1, y: 0, rotation: 0 });
    s = applyMove(s, { x: 2, y: 0, rotation: 0, meeple: { at: 'E', kind: 'builder' } });
    expect(s.currentPlayer).toBe(1);
    s = applyMove(s, { x: -2, y: 0, rotation: 0 });
    expect(previewMove(s, { x: 3, y: 0, rotation: 0 }).extraTurn).toBe('builder');
  });
});
