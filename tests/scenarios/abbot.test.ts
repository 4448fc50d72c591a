/**
 * The Abbot (rules-facts §g; papageek The Abbot), rulebook scenarios derived by hand:
 * - one abbot per player; it goes (instead of a follower) on the cloister or garden of the tile
 *   just placed; followers may not stand on a garden;
 * - a cloister or garden surrounded by 8 tiles scores 9 for its abbot, which returns;
 * - instead of deploying, a player may take the abbot back, scoring at once 1 for its tile + 1 per
 *   tile in the 8 cells around it (the tile placed this turn counts, as it is on the board);
 * - at the end an abbot still on the board scores like an incomplete cloister (1 + neighbours).
 * Garden tiles: one copy each of E, H, I, M, N, R, U, V (base) and one river curve.
 *
 * Geometry (rotation 0 unless said): D at (0,0): city N, road E-W. U: road E-W, field north and
 * south; U-garden is U with a garden (spot G). E: city cap N, field on the E, S, W halves
 * (E turned 180: cap S, field N, E, W). B: cloister, all field.
 */
import { describe, expect, it } from 'vitest';
import { applyMove, createGame, type GameState, legalTurns, OptionsError } from '../../src/index.js';
import { tileCatalogue } from '../../src/rules/catalogue.js';
import {
  abbots,
  finalEntries,
  finalScores,
  heldOf,
  last,
  newGame,
  rejection,
  riverSteps,
  scenarioX,
  scores,
  supply,
  type XStep,
} from './board.js';

const ABBOT = { expansions: ['abbot'] } as const;
const BOTH = { expansions: ['river', 'abbot'] } as const;

/**
 * The 8 cells around (0,1), filled for a garden on U-garden at (0,1) (road E-W, so the tiles
 * beside it continue the road; every other touching edge is a field):
 *   (-1,0) U     (0,0) D         (1,0) U
 *   (-1,1) U     (0,1) U-garden  (1,1) U
 *   (-1,2) E@180 (0,2) E@180     (1,2) E@180
 * No road or city is completed by these tiles (the roads and the caps S all run into empty cells).
 */
const GARDEN_RING: XStep[] = [
  ['U', 1, 0, 0],
  ['U', -1, 0, 0],
  ['U', 1, 1, 0],
  ['U', -1, 1, 0],
  ['E', 0, 2, 180],
  ['E', -1, 2, 180],
  ['E', 1, 2, 180],
];

/** The ring of tests/scenarios/cloisters.test.ts around the cloister B at (0,1) (all fields). */
const CLOISTER_RING: XStep[] = [
  ['U', 1, 0, 0],
  ['U', -1, 0, 0],
  ['E', 1, 1, 90],
  ['E', -1, 1, 270],
  ['E', 0, 2, 180],
  ['E', -1, 2, 180],
  ['E', 1, 2, 180],
];

const drawn = (s: GameState): string[] => [s.currentTile as string, ...s.tilesLeft];
const gardenIds = (ids: readonly string[]): string[] => [...new Set(ids.filter((id) => id.endsWith('-garden')))].sort();

describe('The Abbot: deploying (rules-facts §g "Placement")', () => {
  it('papageek The Abbot: each player has one abbot; it may go on the garden of the tile just placed, a follower may not', () => {
    const s = newGame(['U-garden'], ABBOT);
    expect(s.expansions).toEqual(['abbot']);
    expect(abbots(s)).toEqual([1, 1]);
    expect(supply(s)).toEqual([7, 7]);
    // U-garden at (0,1) turned 0: its north field faces D's south field.
    const moves = legalTurns(s).filter((m) => m.x === 0 && m.y === 1 && m.rotation === 0);
    expect(moves).toContainEqual({ tile: 'U-garden', x: 0, y: 1, rotation: 0, meeple: { at: 'G', kind: 'abbot' } });
    // Followers: the road and the two fields, never the garden.
    expect(moves.filter((m) => m.meeple?.kind === 'follower').map((m) => m.meeple?.at)).toEqual(['E', 'NNW', 'ESE']);
    // The abbot: only on the garden.
    expect(moves.filter((m) => m.meeple?.kind === 'abbot').map((m) => m.meeple?.at)).toEqual(['G']);
    const follower = rejection(s, { tile: 'U-garden', x: 0, y: 1, rotation: 0, meeple: { at: 'G' } });
    expect(follower?.code).toBe('figure-not-allowed');
    expect(follower?.message).toContain('garden');
    expect(rejection(s, { tile: 'U-garden', x: 0, y: 1, rotation: 0, meeple: { at: 'G', kind: 'follower' } })?.code).toBe(
      'figure-not-allowed',
    );
    // The abbot stands only on a cloister or garden: not on the road or a field.
    expect(rejection(s, { tile: 'U-garden', x: 0, y: 1, rotation: 0, meeple: { at: 'E', kind: 'abbot' } })?.code).toBe(
      'figure-not-allowed',
    );
    expect(rejection(s, { tile: 'U-garden', x: 0, y: 1, rotation: 0, meeple: { at: 'NNW', kind: 'abbot' } })?.code).toBe(
      'figure-not-allowed',
    );

    const t1 = applyMove(s, { tile: 'U-garden', x: 0, y: 1, rotation: 0, meeple: { at: 'G', kind: 'abbot' } });
    expect(abbots(t1)).toEqual([0, 1]);
    expect(supply(t1)).toEqual([7, 7]);
    expect(t1.meeples).toEqual([{ owner: 0, kind: 'abbot', x: 0, y: 1, at: 'G', feature: 'garden' }]);
    expect(t1.placements[1]).toEqual({
      tile: 'U-garden',
      x: 0,
      y: 1,
      rotation: 0,
      player: 0,
      meeple: { at: 'G', kind: 'abbot' },
      recall: null,
    });
    expect(t1.events).toContainEqual({ type: 'meeple-placed', player: 0, kind: 'abbot', x: 0, y: 1, at: 'G', feature: 'garden' });
  });

  it('papageek The Abbot: the abbot may go on a cloister (and a monk still may)', () => {
    const s = newGame(['B'], ABBOT);
    expect(legalTurns(s)).toContainEqual({ tile: 'B', x: 0, y: 1, rotation: 0, meeple: { at: 'C', kind: 'abbot' } });
    expect(legalTurns(s)).toContainEqual({ tile: 'B', x: 0, y: 1, rotation: 0, meeple: { at: 'C', kind: 'follower' } });
    expect(rejection(s, { tile: 'B', x: 0, y: 1, rotation: 0, meeple: { at: 'C', kind: 'abbot' } })).toBeNull();
    const t1 = applyMove(s, { tile: 'B', x: 0, y: 1, rotation: 0, meeple: { at: 'C', kind: 'abbot' } });
    expect(t1.meeples).toEqual([{ owner: 0, kind: 'abbot', x: 0, y: 1, at: 'C', feature: 'cloister' }]);
    expect(abbots(t1)).toEqual([0, 1]);
  });

  it("rules-facts §g (one abbot per player): a second abbot is 'no-meeples-left'; legalTurns offers the recall instead", () => {
    // t0 A: U-garden (0,1) with the abbot. t1 B: U (1,0). t2 A draws B (cloister, all fields) and
    // places it at (1,-1): it touches only U (1,0), field against field.
    const s = last(
      scenarioX(
        [
          ['U-garden', 0, 1, 0, 'abbot:G'],
          ['U', 1, 0, 0],
        ],
        ABBOT,
        ['B'],
      ),
    );
    expect(abbots(s)).toEqual([0, 1]);
    const err = rejection(s, { tile: 'B', x: 1, y: -1, rotation: 0, meeple: { at: 'C', kind: 'abbot' } });
    expect(err?.code).toBe('no-meeples-left');
    expect(err?.message).toContain('abbot');
    // A follower may still go on the cloister.
    expect(rejection(s, { tile: 'B', x: 1, y: -1, rotation: 0, meeple: { at: 'C' } })).toBeNull();
    const moves = legalTurns(s);
    expect(moves.some((m) => m.meeple?.kind === 'abbot')).toBe(false);
    // One recall per placement, and one placement-only move per placement.
    expect(moves.filter((m) => m.recall === 'abbot').length).toBe(
      moves.filter((m) => m.meeple === undefined && m.recall === undefined).length,
    );
    expect(moves).toContainEqual({ tile: 'B', x: 1, y: -1, rotation: 0, recall: 'abbot' });
  });
});

describe('The Abbot: scoring (rules-facts §g)', () => {
  it('papageek The Abbot ("9 points, exactly like a monk"): a garden surrounded by 8 tiles scores 9 for its abbot, which returns', () => {
    // t0 A: U-garden (0,1), abbot on the garden. t1..t7: the 7 other neighbours (D is the 8th);
    // t7 (B's move) completes the garden: 1 + 8 = 9 for A, whose abbot returns.
    const states = scenarioX([['U-garden', 0, 1, 0, 'abbot:G'], ...GARDEN_RING], ABBOT);
    expect(scores(states[7] as GameState)).toEqual([0, 0]);
    const end = last(states);
    expect(scores(end)).toEqual([9, 0]);
    expect(abbots(end)).toEqual([1, 1]);
    expect(end.meeples).toEqual([]);
    const garden = end.events.flatMap((e) => (e.type === 'feature-scored' ? [e.score] : []));
    expect(garden).toHaveLength(1);
    expect(garden[0]).toMatchObject({ phase: 'play', turn: 7, kind: 'garden', complete: true, points: 9, holders: [0], awarded: [9, 0] });
    expect(end.events).toContainEqual({ type: 'meeple-returned', owner: 0, kind: 'abbot', x: 0, y: 1, at: 'G' });
  });

  it('papageek The Abbot: a cloister surrounded by 8 tiles scores 9 for its abbot, which returns', () => {
    // The ring uses 5 plain E; with gardens one of the 5 E is E-garden, so this game has no gardens.
    const end = last(scenarioX([['B', 0, 1, 0, 'abbot:C'], ...CLOISTER_RING], { ...ABBOT, rules: { gardens: false } }));
    expect(scores(end)).toEqual([9, 0]);
    expect(abbots(end)).toEqual([1, 1]);
    expect(supply(end)).toEqual([7, 7]);
    expect(end.events).toContainEqual({ type: 'meeple-returned', owner: 0, kind: 'abbot', x: 0, y: 1, at: 'C' });
    const [c] = end.events.flatMap((e) => (e.type === 'feature-scored' ? [e.score] : []));
    expect(c).toMatchObject({ kind: 'cloister', complete: true, points: 9, holders: [0] });
  });

  it('papageek The Abbot (recall "score as in the final scoring"): taking the abbot back scores 1 + neighbours, the tile just placed included', () => {
    // t0 A: U-garden (0,1), abbot on the garden. t1 B: U (1,0).
    // t2 A: U at (-1,0) and takes the abbot back instead of deploying. Around (0,1): D (0,0),
    // U (1,0) (diagonal) and the U just placed at (-1,0) (diagonal): 1 + 3 = 4.
    const states = scenarioX(
      [
        ['U-garden', 0, 1, 0, 'abbot:G'],
        ['U', 1, 0, 0],
        ['U', -1, 0, 0, 'recall'],
      ],
      ABBOT,
    );
    const end = last(states);
    expect(scores(end)).toEqual([4, 0]);
    expect(abbots(end)).toEqual([1, 1]);
    expect(end.meeples).toEqual([]);
    expect(end.placements[3]).toEqual({ tile: 'U', x: -1, y: 0, rotation: 0, player: 0, meeple: null, recall: 'abbot' });
    expect(end.events.map((e) => e.type)).toEqual(['tile-placed', 'feature-scored', 'meeple-returned']);
    const [entry] = end.events.flatMap((e) => (e.type === 'feature-scored' ? [e.score] : []));
    expect(entry).toMatchObject({ phase: 'play', turn: 2, kind: 'garden', complete: false, points: 4, holders: [0], awarded: [4, 0] });
    expect(entry?.note.startsWith('abbot taken back: ')).toBe(true);
    expect(end.events[2]).toEqual({ type: 'meeple-returned', owner: 0, kind: 'abbot', x: 0, y: 1, at: 'G' });
    // Back in supply: A may deploy the abbot again on a later turn.
    expect(end.scored).toHaveLength(1);
  });

  it("wikicarpedia The Abbot (clarification of 11/2020): the tile that completes the abbot's garden cannot take it back; the garden scores 9 as completed and the abbot comes home", () => {
    // The garden ring with one extra B move (U at (2,0), off the ring) so that A places the last
    // neighbour: t0 A U-garden (0,1) abbot; t1 B U (1,0); t2 A U (-1,0); t3 B U (2,0) (road
    // continues, its south faces the empty (2,1)); t4 A U (1,1); t5 B U (-1,1); t6 A E@180 (0,2);
    // t7 B E@180 (-1,2). A's E@180 at (1,2) is the eighth neighbour: it completes the garden.
    const steps: XStep[] = [
      ['U-garden', 0, 1, 0, 'abbot:G'],
      ['U', 1, 0, 0],
      ['U', -1, 0, 0],
      ['U', 2, 0, 0],
      ['U', 1, 1, 0],
      ['U', -1, 1, 0],
      ['E', 0, 2, 180],
      ['E', -1, 2, 180],
    ];
    const before = last(scenarioX(steps, ABBOT, ['E']));
    const completing = { tile: 'E', x: 1, y: 2, rotation: 180 } as const;
    const refused = rejection(before, { ...completing, recall: 'abbot' });
    expect(refused?.code).toBe('nothing-to-recall');
    expect(refused?.message).toBe(
      "this tile completes the garden of A's abbot, which then scores as completed and comes home: an abbot is taken back only while its garden is incomplete",
    );
    const offered = legalTurns(before);
    expect(offered.some((m) => m.x === 1 && m.y === 2 && m.recall === 'abbot')).toBe(false);
    // Elsewhere the recall is still offered: away from the garden at (0,1) the tile completes nothing.
    const recalls = offered.filter((m) => m.recall === 'abbot');
    expect(recalls.length).toBeGreaterThan(0);
    for (const m of recalls) expect(Math.abs(m.x) > 1 || Math.abs(m.y - 1) > 1, JSON.stringify(m)).toBe(true);
    const end = last(scenarioX([...steps, ['E', 1, 2, 180]], ABBOT));
    expect(scores(end)).toEqual([9, 0]);
    expect(abbots(end)).toEqual([1, 1]);
    expect(end.events.map((e) => e.type)).toEqual(['tile-placed', 'feature-scored', 'meeple-returned']);
    const [completed] = end.events.flatMap((e) => (e.type === 'feature-scored' ? [e.score] : []));
    expect(completed).toMatchObject({
      kind: 'garden',
      complete: true,
      points: 9,
      holders: [0],
      awarded: [9, 0],
      note: 'completed garden: 9',
    });
  });

  it("rules-facts §g: recall needs the abbot on the board ('nothing-to-recall'), and excludes deploying ('deploy-and-recall')", () => {
    const s = newGame(['U-garden', 'U'], ABBOT);
    // The abbot is in supply at the start: nothing to take back.
    const none = rejection(s, { tile: 'U-garden', x: 0, y: 1, rotation: 0, recall: 'abbot' });
    expect(none?.code).toBe('nothing-to-recall');
    expect(legalTurns(s).some((m) => m.recall === 'abbot')).toBe(false);
    // Deploying and recalling in one move, even with the abbot in supply: 'deploy-and-recall'.
    expect(rejection(s, { tile: 'U-garden', x: 0, y: 1, rotation: 0, meeple: { at: 'G', kind: 'abbot' }, recall: 'abbot' })?.code).toBe(
      'deploy-and-recall',
    );
    // With the abbot on the board: a follower plus the recall is still 'deploy-and-recall'.
    const t2 = last(scenarioX([['U-garden', 0, 1, 0, 'abbot:G']], ABBOT, ['U']));
    expect(rejection(t2, { tile: 'U', x: 1, y: 0, rotation: 0, meeple: { at: 'E' }, recall: 'abbot' })?.code).toBe('deploy-and-recall');
    // B's abbot is in B's supply: B has nothing to take back although A's abbot is on the board.
    expect(t2.currentPlayer).toBe(1);
    expect(rejection(t2, { tile: 'U', x: 1, y: 0, rotation: 0, recall: 'abbot' })?.code).toBe('nothing-to-recall');
    // Without The Abbot there is no abbot at all.
    const base = newGame(['B']);
    expect(abbots(base)).toEqual([0, 0]);
    expect(rejection(base, { tile: 'B', x: 0, y: 1, rotation: 0, recall: 'abbot' })?.code).toBe('nothing-to-recall');
    expect(rejection(base, { tile: 'B', x: 0, y: 1, rotation: 0, meeple: { at: 'C', kind: 'abbot' } })?.code).toBe('figure-not-allowed');
    expect(legalTurns(base).some((m) => m.meeple?.kind === 'abbot' || m.recall === 'abbot')).toBe(false);
  });

  it('papageek The Abbot ("an abbot still on the board scores like an incomplete cloister"): garden 1 + 2 = 3, cloister 1 + 2 = 3', () => {
    // t0 A: U-garden (0,1) with the abbot. t1 B: U (1,0). Around (0,1): D and (1,0): 1 + 2 = 3.
    const g = last(
      scenarioX(
        [
          ['U-garden', 0, 1, 0, 'abbot:G'],
          ['U', 1, 0, 0],
        ],
        ABBOT,
      ),
    );
    expect(finalScores(g)).toEqual([3, 0]);
    const [ge] = heldOf(finalEntries(g), 'garden');
    expect(ge).toMatchObject({ phase: 'final', kind: 'garden', complete: false, points: 3, holders: [0], awarded: [3, 0] });
    // The same with the abbot on the cloister B at (0,1).
    const c = last(
      scenarioX(
        [
          ['B', 0, 1, 0, 'abbot:C'],
          ['U', 1, 0, 0],
        ],
        ABBOT,
      ),
    );
    expect(finalScores(c)).toEqual([3, 0]);
    const [ce] = heldOf(finalEntries(c), 'cloister');
    expect(ce).toMatchObject({ phase: 'final', kind: 'cloister', complete: false, points: 3, holders: [0], awarded: [3, 0] });
    // HiG FAQ example of cloisters.test.ts: 6 of 8 neighbours -> 1 + 6 = 7, for the abbot too.
    const seven = last(scenarioX([['B', 0, 1, 0, 'abbot:C'], ...CLOISTER_RING.slice(0, 5)], ABBOT));
    expect(finalScores(seven)).toEqual([7, 0]);
  });
});

describe('The Abbot: garden tiles (rules-facts §g "Garden tiles"; reference base.json, river.json)', () => {
  const BASE_GARDENS = ['E-garden', 'H-garden', 'I-garden', 'M-garden', 'N-garden', 'R-garden', 'U-garden', 'V-garden'];

  it('papageek The Abbot ("8 of the Basic Game\'s 72 tiles" + 1 River tile): garden tiles are in the game only with The Abbot and rules.gardens (default true)', () => {
    for (const seed of [1, 2, 3]) {
      expect(gardenIds(drawn(createGame({ players: 2, seed })))).toEqual([]);
      expect(gardenIds(drawn(createGame({ players: 2, seed, expansions: ['river'] })))).toEqual([]);
      expect(gardenIds(drawn(createGame({ players: 2, seed, expansions: ['abbot'], rules: { gardens: false } })))).toEqual([]);
      expect(gardenIds(drawn(createGame({ players: 2, seed, expansions: ['river', 'abbot'], rules: { gardens: false } })))).toEqual([]);
      const a = drawn(createGame({ players: 2, seed, expansions: ['abbot'] }));
      // One copy each: 8 garden tiles, and the total stays 71 to draw (garden copies replace copies).
      expect(gardenIds(a)).toEqual(BASE_GARDENS);
      expect(a.filter((id) => id.endsWith('-garden'))).toHaveLength(8);
      expect(a).toHaveLength(71);
      // E: 5 copies = 4 plain + 1 with a garden; V: 9 = 8 + 1.
      expect(a.filter((id) => id === 'E')).toHaveLength(4);
      expect(a.filter((id) => id === 'V')).toHaveLength(8);
      const ra = drawn(createGame({ players: 2, seed, expansions: ['river', 'abbot'] }));
      expect(gardenIds(ra)).toEqual([...BASE_GARDENS, 'RV-curve-garden'].sort());
      expect(ra.filter((id) => id === 'RV-curve')).toHaveLength(1);
    }
    // A garden copy cannot be asked for without its expansion.
    expect(() => newGame(['U-garden'])).toThrow(OptionsError);
    expect(() => newGame(['U-garden'], { expansions: ['abbot'], rules: { gardens: false } })).toThrow(OptionsError);
    expect(() => newGame(['RV-curve-garden'], { expansions: ['river'] })).toThrow(OptionsError);
  });

  it('rules-facts §g: with rules.gardens false every player still has an abbot (cloisters only)', () => {
    const s = newGame(['B'], { expansions: ['abbot'], rules: { gardens: false } });
    expect(s.rules.gardens).toBe(false);
    expect(abbots(s)).toEqual([1, 1]);
    expect(rejection(s, { tile: 'B', x: 0, y: 1, rotation: 0, meeple: { at: 'C', kind: 'abbot' } })).toBeNull();
    expect(tileCatalogue().B?.features.some((f) => f.kind === 'garden')).toBe(false);
  });
});

describe('The Abbot with The River (papageek The Abbot: "8 base tiles + 1 River tile")', () => {
  it('papageek The Abbot + papageek River: the abbot on the garden of RV-curve-garden and on the cloister of RV-cloister-road; recall and final scoring along the river', () => {
    // The whole river of board.ts (riverSteps) with the garden curve at step 6:
    //   t3 B: RV-cloister-road (4,0), abbot on its cloister.
    //   t6 A: RV-curve-garden (5,2) turned 180, abbot on its garden.
    //   t8 A: RV-road-curve (6,3), takes the abbot back: around (5,2): (5,1), (6,2) and the tile
    //         just placed (6,3); (4,1), (6,1), (4,2), (4,3), (5,3) are empty: 1 + 3 = 4.
    // After the lake, the game "ends now": B's abbot at (4,0): around it (3,0), (5,0), (5,1) are
    // placed, (3,-1), (4,-1), (5,-1), (3,1), (4,1) empty: 1 + 3 = 4.
    const steps = riverSteps({ 3: 'abbot:C', 6: 'abbot:G', 8: 'recall' }, 'RV-curve-garden');
    const states = scenarioX(steps, BOTH);
    const t6 = states[6] as GameState;
    expect(t6.currentTile).toBe('RV-curve-garden');
    expect(legalTurns(t6)).toContainEqual({ tile: 'RV-curve-garden', x: 5, y: 2, rotation: 180, meeple: { at: 'G', kind: 'abbot' } });
    // No follower on the garden, nobody on the river (RV-curve-garden turned 180: river N and E).
    expect(rejection(t6, { tile: 'RV-curve-garden', x: 5, y: 2, rotation: 180, meeple: { at: 'G' } })?.code).toBe('figure-not-allowed');
    expect(rejection(t6, { tile: 'RV-curve-garden', x: 5, y: 2, rotation: 180, meeple: { at: 'N' } })?.code).toBe('figure-not-allowed');
    expect(rejection(t6, { tile: 'RV-curve-garden', x: 5, y: 2, rotation: 180, meeple: { at: 'N', kind: 'abbot' } })?.code).toBe(
      'figure-not-allowed',
    );
    const t7 = states[7] as GameState;
    expect(t7.meeples.map((m) => `${m.owner}:${m.kind}@${m.x},${m.y}:${m.at}`)).toEqual(['1:abbot@4,0:C', '0:abbot@5,2:G']);
    expect(abbots(t7)).toEqual([0, 0]);
    const t9 = states[9] as GameState;
    expect(scores(t9)).toEqual([4, 0]);
    expect(abbots(t9)).toEqual([1, 0]);
    const end = last(states);
    expect(end.currentTile).not.toBeNull();
    expect(finalScores(end)).toEqual([4, 4]);
    const [ce] = heldOf(finalEntries(end), 'cloister');
    expect(ce).toMatchObject({ kind: 'cloister', complete: false, points: 4, holders: [1] });
  });
});
