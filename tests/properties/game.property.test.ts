import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  EDGES,
  type GameState,
  legalMoves,
  legalPlacements,
  type Move,
  type Rotation,
  scoreFinal,
  TILE_SETS,
  tileAt,
  tileDefinition,
  validateMove,
} from 'carcassonne-engine';
import { choices, deeplyFrozen, gameOptions, play } from '../support/play';

// Properties over random games (fast-check picks the options and every move). Each run plays a
// whole game through the pure API and checks the property at every state.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);
const prop = (name: string, check: (states: GameState[], moves: Move[]) => void) =>
  it(name, () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const { states, moves } = play(options, picks);
        check(states, moves);
      }),
      { numRuns: RUNS },
    );
  });

const DIRS = [
  { edge: 'N', opposite: 'S', dx: 0, dy: -1 },
  { edge: 'E', opposite: 'W', dx: 1, dy: 0 },
  { edge: 'S', opposite: 'N', dx: 0, dy: 1 },
  { edge: 'W', opposite: 'E', dx: -1, dy: 0 },
] as const;

/** Edge kinds facing each other across every shared edge must be equal: checked from tile views alone. */
function edgesMatch(s: GameState, tile: string, x: number, y: number, rotation: Rotation): boolean {
  const v = tileDefinition(tile, rotation);
  if (v === null) return false;
  return DIRS.every(({ edge, opposite, dx, dy }) => {
    const n = tileAt(s, x + dx, y + dy);
    if (n === null) return true;
    return tileDefinition(n.tile, n.rotation)?.edges[opposite] === v.edges[edge];
  });
}

describe('properties of random games (fast-check)', () => {
  prop('meeple conservation: supply + meeples on the board = the rules\' meeples, for every player', (states) => {
    for (const s of states) {
      s.players.forEach((p, i) => {
        expect(p.meeples + s.meeples.filter((m) => m.owner === i).length).toBe(s.rules.meeples);
      });
    }
  });

  prop('scores never fall', (states) => {
    for (let i = 1; i < states.length; i++) {
      states[i]?.players.forEach((p, j) => expect(p.score).toBeGreaterThanOrEqual(states[i - 1]?.players[j]?.score ?? 0));
    }
  });

  prop('every placed edge matches its neighbour, and every tile touches an earlier one', (states) => {
    const s = states[states.length - 1] as GameState;
    const seen = new Set<string>();
    s.placements.forEach((p, i) => {
      expect(seen.has(`${p.x},${p.y}`)).toBe(false);
      if (i > 0) expect(DIRS.some(({ dx, dy }) => seen.has(`${p.x + dx},${p.y + dy}`))).toBe(true);
      seen.add(`${p.x},${p.y}`);
      expect(edgesMatch(s, p.tile, p.x, p.y, p.rotation)).toBe(true);
    });
  });

  prop('placed + discarded + left (+ current) = the tile set', (states) => {
    for (const s of states) {
      const count = new Map<string, number>();
      const add = (id: string) => count.set(id, (count.get(id) ?? 0) + 1);
      s.placements.forEach((p) => add(p.tile));
      s.discarded.forEach(add);
      s.tilesLeft.forEach(add);
      if (s.currentTile !== null) add(s.currentTile);
      expect(Object.fromEntries([...count].sort())).toEqual(Object.fromEntries([...TILE_SETS[s.tileSet].counts].sort()));
    }
    const last = states[states.length - 1] as GameState;
    expect(last.status).toBe('finished');
    expect(last.tilesLeft).toEqual([]);
    expect(last.currentTile).toBeNull();
  });

  prop('discarded tiles really fitted nowhere when drawn', (states) => {
    for (let i = 0; i < states.length; i++) {
      const s = states[i] as GameState;
      for (const e of s.events) {
        if (e.type !== 'tile-discarded') continue;
        // The board at discard time is the board after this move's placement: the board of s.
        const fits = s.placements.some((p) =>
          DIRS.some(({ dx, dy }) =>
            ([0, 90, 180, 270] as const).some(
              (r) => tileAt(s, p.x + dx, p.y + dy) === null && edgesMatch(s, e.tile, p.x + dx, p.y + dy, r),
            ),
          ),
        );
        expect(fits).toBe(false);
      }
    }
  });

  prop('final totals equal the sum of the breakdown, at every state', (states) => {
    for (const s of states) {
      const f = scoreFinal(s);
      const sums = s.players.map((_, i) => f.breakdown.reduce((a, e) => a + (e.awarded[i] ?? 0), 0));
      expect(f.scores).toEqual(sums);
      const played = s.players.map((_, i) => s.scored.filter((e) => e.phase === 'play').reduce((a, e) => a + (e.awarded[i] ?? 0), 0));
      if (s.status === 'playing') expect(s.players.map((p) => p.score)).toEqual(played);
      const best = Math.max(...f.scores);
      expect(f.winners).toEqual(f.scores.flatMap((v, i) => (v === best ? [i] : [])));
    }
  });

  prop('a finished game\'s scores are its final totals, and its last event announces them', (states) => {
    const last = states[states.length - 1] as GameState;
    const f = scoreFinal(last);
    expect(f.scores).toEqual(last.players.map((p) => p.score));
    expect(last.events.at(-1)).toEqual({ type: 'game-finished', scores: f.scores, winners: f.winners });
  });

  prop('states are plain JSON: a JSON round trip gives an equal state that plays on identically', (states, moves) => {
    for (let i = 0; i < states.length; i++) {
      const s = states[i] as GameState;
      const copy = JSON.parse(JSON.stringify(s)) as GameState;
      expect(copy).toEqual(s);
      const m = moves[i];
      if (m !== undefined && i % 7 === 0) {
        expect(legalMoves(copy)).toEqual(legalMoves(s));
        expect(applyMove(copy, m)).toEqual(states[i + 1]);
        expect(scoreFinal(copy)).toEqual(scoreFinal(s));
      }
    }
  });

  prop('inputs are never mutated and every state is deeply frozen', (states, moves) => {
    for (let i = 0; i < moves.length; i++) {
      const s = states[i] as GameState;
      expect(deeplyFrozen(s)).toBe(true);
      if (i % 5 !== 0) continue;
      const before = JSON.stringify(s);
      const move = moves[i] as Move;
      const moveBefore = JSON.stringify(move);
      applyMove(s, move);
      legalMoves(s);
      scoreFinal(s);
      validateMove(s, move);
      expect(JSON.stringify(s)).toBe(before);
      expect(JSON.stringify(move)).toBe(moveBefore);
    }
    expect(deeplyFrozen(states[states.length - 1])).toBe(true);
  });

  it('same options and moves give the same states (replay)', () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const a = play(options, picks);
        let s = createGame(options);
        expect(s).toEqual(a.states[0]);
        a.moves.forEach((m, i) => {
          s = applyMove(s, m);
          expect(s).toEqual(a.states[i + 1]);
        });
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });

  prop('legal placements are distinct boards, sorted by y, x, rotation, and legal moves extend them', (states) => {
    for (const s of states.slice(0, -1).filter((_, i) => i % 3 === 0)) {
      const ps = legalPlacements(s);
      const tile = s.currentTile as string;
      const boards = new Set<string>();
      for (const p of ps) {
        const v = tileDefinition(tile, p.rotation);
        const key = `${p.x},${p.y}:${EDGES.map((e) => v?.edges[e]).join('')}:${JSON.stringify(
          v?.features.map((f) => ('edges' in f ? [...f.edges].sort() : 'halfEdges' in f ? [...f.halfEdges].sort() : f.kind)).sort(),
        )}`;
        expect(boards.has(key)).toBe(false);
        boards.add(key);
        expect(edgesMatch(s, tile, p.x, p.y, p.rotation)).toBe(true);
      }
      const sorted = [...ps].sort((a, b) => a.y - b.y || a.x - b.x || a.rotation - b.rotation);
      expect(ps).toEqual(sorted);
      const moves = legalMoves(s);
      expect(moves.filter((m) => m.meeple === undefined).map(({ x, y, rotation }) => ({ x, y, rotation }))).toEqual(ps);
    }
  });

  prop('every legal move is accepted; mutated moves are rejected with the right code', (states) => {
    const spotsAll = ['N', 'E', 'S', 'W', 'C', 'NNW', 'NNE', 'ENE', 'ESE', 'SSE', 'SSW', 'WSW', 'WNW', 'I'] as const;
    for (const s of states.slice(0, -1).filter((_, i) => i % 4 === 0)) {
      const moves = legalMoves(s);
      for (const m of moves) expect(validateMove(s, m)).toBeNull();
      const tile = s.currentTile as string;
      const m0 = moves[0] as Move;
      // Wrong tile.
      const other = tile === 'B' ? 'C' : 'B';
      expect(validateMove(s, { ...m0, tile: other })?.code).toBe('wrong-tile');
      // Occupied cell.
      const p = s.placements[s.placements.length - 1];
      expect(validateMove(s, { x: p?.x ?? 0, y: p?.y ?? 0, rotation: 0 })?.code).toBe('cell-occupied');
      // Far from the board.
      expect(validateMove(s, { x: 1000, y: -1000, rotation: 0 })?.code).toBe('not-adjacent');
      // Malformed.
      expect(validateMove(s, { ...m0, rotation: 45 as Rotation })?.code).toBe('malformed-move');
      expect(validateMove(s, { ...m0, meeple: { at: 'X' as 'N' } })?.code).toBe('unknown-spot');
      // A rotation that does not fit at a legal cell.
      for (const r of [0, 90, 180, 270] as const) {
        const fits = edgesMatch(s, tile, m0.x, m0.y, r);
        const code = validateMove(s, { x: m0.x, y: m0.y, rotation: r })?.code ?? null;
        expect(code).toBe(fits ? null : 'edge-mismatch');
      }
      // Meeple spots: legal ones accepted; a spot naming no feature, or a feature not offered, rejected.
      const supply = s.players[s.currentPlayer]?.meeples ?? 0;
      const view = tileDefinition(tile, m0.rotation);
      const offered = new Set(
        moves.filter((m) => m.x === m0.x && m.y === m0.y && m.rotation === m0.rotation && m.meeple).map((m) => m.meeple?.at),
      );
      for (const at of spotsAll) {
        const feature = view?.features.find((f) => f.spots.includes(at));
        const code = validateMove(s, { x: m0.x, y: m0.y, rotation: m0.rotation, meeple: { at } })?.code ?? null;
        if (feature === undefined) expect(code).toBe(supply === 0 ? 'no-meeples-left' : 'no-feature-at-spot');
        else if (offered.has(feature.spot)) expect(code).toBeNull();
        else expect(code).toBe(supply === 0 ? 'no-meeples-left' : 'feature-occupied');
      }
    }
    const last = states[states.length - 1] as GameState;
    expect(validateMove(last, { x: 0, y: 1, rotation: 0 })?.code).toBe('game-finished');
    expect(() => applyMove(last, { x: 0, y: 1, rotation: 0 })).toThrow(expect.objectContaining({ code: 'game-finished' }));
  });
});
