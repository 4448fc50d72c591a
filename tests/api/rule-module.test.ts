import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type GameState,
  legalTurns,
  legalPlacements,
  loadState,
  type TurnMove,
  scoreFinal,
  validateMove,
  validateOptions,
  validateState,
  type AnyMove,
  type Expansion,
  useExpansions,
} from 'carcassonne-engine';
import { wayfarer } from '../support/rules/wayfarer/index';
import { fence } from '../support/rules/fence/index';
import { hermit } from '../support/rules/hermit/index';
import { Engine, randomPlayout, seededRandom } from 'carcassonne-engine/engine';
import { greedyBot } from 'carcassonne-engine/bots';
import { figurePicture, renderSvg } from 'carcassonne-engine/render';
import { FENCE } from '../support/rules/fence/index';
import { lcg } from '../support/play';

// The walkthrough of docs/architecture.md, "Adding a rule module", done for real: modules that
// exist only for tests (tests/support/rules/), registered as an app registers an expansion
// (useExpansions). `wayfarer` brings a figure kind, `fence` a placement constraint, `hermit` a
// second figure that may be taken back. Nothing else of the library knows them: everything below
// comes from their folders.
useExpansions(...[wayfarer, fence, hermit].map((rules) => ({ name: rules.name, rules }) as unknown as Expansion));

// The test modules' names are not in the public types, which are written for the library's own.
const expansions = (...names: string[]) => names as unknown as GameState['expansions'];
const wayfarerMove = (m: AnyMove) => 'meeple' in m && ((m as TurnMove).meeple?.kind as string) === 'wayfarer';
const supply = (s: GameState, player: number) => (s.players[player] as unknown as Record<string, number>).wayfarers;

/** Plays `turns` moves (or to the end), picking with `pick` among the legal moves. */
function play(s: GameState, turns: number, pick: (moves: TurnMove[], i: number) => TurnMove): GameState {
  for (let i = 0; i < turns && s.status === 'playing'; i++) s = applyMove(s, pick(legalTurns(s), i));
  return s;
}

describe('a figure kind from a module of its own (tests/support/rules/wayfarer)', () => {
  it('is an expansion like the others: options accept it, states record its supply', () => {
    expect(validateOptions({ players: 2, seed: 1, expansions: ['wayfarer'] })).toEqual([]);
    const s = createGame({ players: 2, seed: 1, expansions: expansions('wayfarer') });
    expect(s.expansions).toEqual(['wayfarer']);
    expect([supply(s, 0), supply(s, 1)]).toEqual([1, 1]);
    // Without the module, no player record has its field.
    expect('wayfarers' in (createGame({ players: 2, seed: 1 }).players[0] ?? {})).toBe(false);
  });

  it('is offered on roads only, after the follower on the same spot, and its moves check', () => {
    // U (a straight road, east–west unturned) east of the start tile D continues D's road.
    const s = createGame({ players: 2, seed: 1, drawOrder: ['U'], expansions: expansions('wayfarer') });
    const moves = legalTurns(s).filter((m) => m.x === 1 && m.y === 0 && m.rotation === 0);
    expect(moves.map((m) => `${m.meeple?.at ?? '-'}:${m.meeple?.kind ?? ''}`)).toEqual([
      '-:',
      'E:follower',
      'E:wayfarer',
      'NNW:follower',
      'ESE:follower',
    ]);
    expect(validateMove(s, { x: 1, y: 0, rotation: 0, meeple: { at: 'W', kind: 'wayfarer' as 'follower' } })).toBeNull();
    const onField = validateMove(s, { x: 1, y: 0, rotation: 0, meeple: { at: 'NNE', kind: 'wayfarer' as 'follower' } });
    expect(onField?.code).toBe('figure-not-allowed');
    expect(onField?.message).toBe('the wayfarer stands only on a road, not on a field (at NNE)');
    const without = createGame({ players: 2, seed: 1, drawOrder: ['U'] });
    const absent = validateMove(without, { x: 1, y: 0, rotation: 0, meeple: { at: 'E', kind: 'wayfarer' as 'follower' } });
    expect(absent?.code).toBe('figure-not-allowed');
    expect(absent?.message).toBe('The Wayfarer is not in play: there is no wayfarer to deploy');
  });

  it("counts three for a road's majority: Ann's wayfarer holds it against Bob's two followers (worked by hand)", () => {
    // Start tile D at (0,0): its road runs west–east. Ann's wayfarer goes on U east of it; Bob
    // starts two roads south of it with a follower each (the curves V at (0,1) and (1,1)); the
    // curves at (-1,0), (-1,1), (0,2) and (1,2) join the three roads into one of 8 tiles, still open
    // at (2,0) and (2,1). Strengths: Ann 3, Bob 2; at the end Ann alone scores it, 1 a tile: 8.
    let s = createGame({
      players: ['Ann', 'Bob'],
      seed: 1,
      drawOrder: ['U', 'V', 'V', 'V', 'V', 'V', 'V'],
      expansions: expansions('wayfarer'),
    });
    const steps: TurnMove[] = [
      { x: 1, y: 0, rotation: 0, meeple: { at: 'E', kind: 'wayfarer' as 'follower' } }, // Ann
      { x: 0, y: 1, rotation: 0, meeple: { at: 'S' } }, // Bob: road west–south
      { x: -1, y: 0, rotation: 270 }, // Ann: road east–south, joins the start road
      { x: 1, y: 1, rotation: 270, meeple: { at: 'E' } }, // Bob: road east–south
      { x: -1, y: 1, rotation: 180 }, // Ann: road north–east: Ann's and Bob's first road meet
      { x: 0, y: 2, rotation: 180 }, // Bob: road north–east
      { x: 1, y: 2, rotation: 90 }, // Ann: road north–west: Bob's second road joins
    ];
    for (const m of steps) s = applyMove(s, m);
    expect(s.players.map((p) => p.meeples)).toEqual([7, 5]);
    expect(supply(s, 0)).toBe(0);
    expect(s.scored).toEqual([]);
    const road = scoreFinal(s).breakdown.filter((e) => e.kind === 'road');
    expect(road.map((e) => ({ meeples: e.meeples, holders: e.holders, tiles: e.tiles.length, awarded: e.awarded }))).toEqual([
      { meeples: [3, 2], holders: [0], tiles: 8, awarded: [8, 0] },
    ]);
    expect(scoreFinal(s).scores).toEqual([8, 0]);
  });

  it('survives a JSON round trip, and a saved state that lies about it is refused', () => {
    const r = lcg(5);
    let s = createGame({ players: 2, seed: 5, expansions: expansions('wayfarer') });
    s = play(s, 30, (moves) => {
      const w = moves.filter(wayfarerMove);
      return (w.length > 0 ? w : moves)[r() % (w.length > 0 ? w.length : moves.length)] as TurnMove;
    });
    expect(s.meeples.some((m) => (m.kind as string) === 'wayfarer')).toBe(true);
    const loaded = loadState(JSON.parse(JSON.stringify(s)));
    expect(loaded).toEqual(s);
    expect(legalTurns(loaded)).toEqual(legalTurns(s));
    const forged = JSON.parse(JSON.stringify(s));
    const holder = s.meeples.find((m) => (m.kind as string) === 'wayfarer')?.owner as number;
    forged.players[holder].wayfarers = 1;
    expect(validateState(forged).map((p) => p.message)).toContain(`player ${holder} has 1 wayfarer in supply, but the placements leave 0`);
  });

  it('is drawn as a follower in pictures, having no look of its own', () => {
    const r = lcg(5);
    let s = createGame({ players: 2, seed: 5, expansions: expansions('wayfarer') });
    s = play(s, 30, (moves) => {
      const w = moves.filter(wayfarerMove);
      return (w.length > 0 ? w : moves)[r() % (w.length > 0 ? w.length : moves.length)] as TurnMove;
    });
    const svg = renderSvg(s);
    const follower = figurePicture('follower')?.path as string;
    const drawn = [...svg.matchAll(/data-kind="wayfarer"[^>]*><path d="([^"]+)"/g)].map((m) => m[1]);
    expect(drawn.length).toBe(s.meeples.filter((m) => (m.kind as string) === 'wayfarer').length);
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.every((d) => d === follower)).toBe(true);
    expect(figurePicture('wayfarer' as 'follower')).toBeNull();
  });

  it('the engine and the bots play it: move codes, supplies, whole games', () => {
    const engine = Engine.create({ players: 3, seed: 2, expansions: expansions('wayfarer') });
    expect(engine.inSupply(0, 'wayfarer' as 'follower')).toBe(1);
    const e = engine.clone();
    e.shuffleTilesLeft(seededRandom(1));
    randomPlayout(e, seededRandom(2));
    expect(e.status).toBe('finished');
    let s = createGame({ players: 2, seed: 4, expansions: expansions('wayfarer') });
    let deployed = 0;
    while (s.status === 'playing') {
      const m = greedyBot(s);
      if (wayfarerMove(m)) deployed++;
      s = applyMove(s, m);
    }
    expect(deployed).toBeGreaterThan(0);
  });
});

describe('a placement constraint from a module of its own (tests/support/rules/fence)', () => {
  it(`keeps every tile within ${FENCE} columns of the start tile, over whole games`, () => {
    for (let seed = 1; seed <= 6; seed++) {
      const r = lcg(seed);
      const s = play(
        createGame({ players: 2, seed, expansions: expansions('fence') }),
        200,
        (moves) => moves[r() % moves.length] as TurnMove,
      );
      expect(s.status).toBe('finished');
      expect(Math.max(...s.placements.map((p) => Math.abs(p.x)))).toBeLessThanOrEqual(FENCE);
      // Tiles that fit only outside the fence were put back in the box.
      expect(s.placements.length + s.discarded.length).toBe(72);
    }
  });

  it('refuses a placement outside with its own code and sentence; the same placement is legal without it', () => {
    // A straight road U continues the start tile's road eastward: (1,0), (2,0), then (3,0) is outside.
    let s = createGame({ players: 2, seed: 1, drawOrder: ['U', 'U', 'U'], expansions: expansions('fence') });
    s = applyMove(s, { x: 1, y: 0, rotation: 0 });
    s = applyMove(s, { x: 2, y: 0, rotation: 0 });
    const error = validateMove(s, { x: 3, y: 0, rotation: 0 });
    expect(error?.code).toBe('fence-crossed');
    expect(error?.message).toBe(`the fence: no tile may lie more than ${FENCE} columns east or west of the start tile`);
    expect(legalPlacements(s).some((p) => p.x === 3)).toBe(false);
    let free = createGame({ players: 2, seed: 1, drawOrder: ['U', 'U', 'U'] });
    free = applyMove(free, { x: 1, y: 0, rotation: 0 });
    free = applyMove(free, { x: 2, y: 0, rotation: 0 });
    expect(validateMove(free, { x: 3, y: 0, rotation: 0 })).toBeNull();
  });

  it('a saved state with a tile outside the fence is refused by the replay', () => {
    const s = createGame({ players: 2, seed: 1, drawOrder: ['U', 'U', 'U'] });
    const outside = play(s, 3, (_, i) => ({ x: i + 1, y: 0, rotation: 0 }));
    const forged = { ...JSON.parse(JSON.stringify(outside)), expansions: ['fence'] };
    const messages = validateState(forged).map((p) => p.message);
    expect(messages.some((m) => m.includes('placements[3]') && m.includes('the fence'))).toBe(true);
  });

  it('plays with the other modules: engine playouts and bots with the fence, the wayfarer and The River', () => {
    const engine = Engine.create({ players: 2, seed: 3, expansions: expansions('river', 'wayfarer', 'fence') });
    for (let i = 0; i < 20; i++) {
      const e = engine.clone();
      e.shuffleTilesLeft(seededRandom(i));
      randomPlayout(e, seededRandom(100 + i));
      const placed = e.toState().placements;
      expect(Math.max(...placed.map((p) => Math.abs(p.x)))).toBeLessThanOrEqual(FENCE);
    }
    let s = createGame({ players: 2, seed: 6, expansions: expansions('fence', 'wayfarer') });
    expect(s.expansions).toEqual(['fence', 'wayfarer']);
    while (s.status === 'playing') s = applyMove(s, greedyBot(s));
    expect(Math.max(...s.placements.map((p) => Math.abs(p.x)))).toBeLessThanOrEqual(FENCE);
  });
});

describe('two figures that may be taken back (tests/support/rules/hermit beside The Abbot)', () => {
  it('each is offered, checked and taken back by its kind; a tile completing its cloister blocks only its own', () => {
    // Over random games that deploy abbots and hermits when they can: whenever both stand on the
    // board, every placement lists a recall of each whose cloister it does not complete.
    let both = 0;
    const taken: Record<string, number> = { abbot: 0, hermit: 0 };
    for (let seed = 1; seed <= 10; seed++) {
      const r = lcg(seed);
      let s = createGame({ players: 2, seed, expansions: expansions('abbot', 'hermit') });
      while (s.status === 'playing') {
        const moves = legalTurns(s);
        const recalls = moves.filter((m) => m.recall !== undefined);
        const me = s.currentPlayer;
        const onBoard = (kind: string) => s.meeples.some((m) => m.owner === me && (m.kind as string) === kind);
        if (onBoard('abbot') && onBoard('hermit')) {
          both++;
          // Listed exactly when the check accepts it (a recall the check accepts but the list
          // lacks would be an internal error of validateMove).
          for (const p of moves.filter((m) => m.meeple === undefined && m.recall === undefined)) {
            for (const kind of ['abbot', 'hermit']) {
              const move = { x: p.x, y: p.y, rotation: p.rotation, recall: kind as 'abbot' };
              const listed = recalls.some((m) => m.x === p.x && m.y === p.y && m.rotation === p.rotation && m.recall === move.recall);
              expect(validateMove(s, move) === null, `${kind} at ${p.x},${p.y}`).toBe(listed);
            }
          }
        }
        for (const m of recalls) expect(onBoard(m.recall as string)).toBe(true);
        const figure = moves.filter((m) => m.meeple?.kind === 'abbot' || (m.meeple?.kind as string) === 'hermit');
        const pool = figure.length > 0 && r() % 2 === 0 ? figure : recalls.length > 0 && r() % 3 === 0 ? recalls : moves;
        const m = pool[r() % pool.length] as TurnMove;
        if (m.recall !== undefined && m.recall !== null) taken[m.recall] = (taken[m.recall] ?? 0) + 1;
        s = applyMove(s, m);
      }
    }
    expect(both).toBeGreaterThan(0);
    expect(taken.abbot).toBeGreaterThan(0);
    expect(taken.hermit).toBeGreaterThan(0);
  });
});
