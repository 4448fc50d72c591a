import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  features,
  type GameState,
  legalTurns,
  legalPlacements,
  movesAt,
  playerView,
  ROTATIONS,
  spotsAt,
  tileDefinition,
  validateMove,
} from 'carcassonne-engine';
import { choices, gameOptions, play } from '../support/play';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);

/** The cells a tile could go to: empty, beside a tile (or (0,0) on an empty board). */
function candidateCells(s: GameState): { x: number; y: number }[] {
  const taken = new Set(s.placements.map((p) => `${p.x},${p.y}`));
  if (taken.size === 0) return [{ x: 0, y: 0 }];
  const out = new Map<string, { x: number; y: number }>();
  for (const p of s.placements) {
    for (const [dx, dy] of [
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
    ] as const) {
      const k = `${p.x + dx},${p.y + dy}`;
      if (!taken.has(k)) out.set(k, { x: p.x + dx, y: p.y + dy });
    }
  }
  return [...out.values()];
}

describe('every legal rotation, the moves of one placement, the spots of a placed tile', () => {
  it("legalPlacements(state, { rotations: 'all' }) lists a symmetric tile's equal rotations too", () => {
    // U, a straight road, west of D: 0° and 180° give the same board; both are legal and listed.
    const s = createGame({ players: 2, seed: 1, drawOrder: ['U'] });
    expect(legalPlacements(s).filter((p) => p.x === -1 && p.y === 0)).toEqual([{ x: -1, y: 0, rotation: 0 }]);
    expect(legalPlacements(s, { rotations: 'all' }).filter((p) => p.x === -1 && p.y === 0)).toEqual([
      { x: -1, y: 0, rotation: 0 },
      { x: -1, y: 0, rotation: 180 },
    ]);
    // The moves of the 180° placement are those of 0°, turned 180°; applied, the tile lies at 180°.
    const turned = movesAt(s, { x: -1, y: 0, rotation: 180 });
    expect(turned.map((m) => ({ ...m, rotation: 0 }))).toEqual(movesAt(s, { x: -1, y: 0, rotation: 0 }));
    expect(applyMove(s, turned[0] as (typeof turned)[number]).placements[1]?.rotation).toBe(180);
    // An illegal placement has no moves.
    expect(movesAt(s, { x: 0, y: -1, rotation: 0 })).toEqual([]);
    expect(movesAt(s, { x: 7, y: 7, rotation: 0 })).toEqual([]);
  });

  it('with hands, the tile is named; a view lists the same', () => {
    const s = createGame({ players: 2, seed: 1, drawOrder: ['E', 'U', 'V', 'X', 'A', 'B'], rules: { hand: { size: 3, visible: false } } });
    expect(movesAt(s, { tile: 'U', x: 1, y: 0, rotation: 180 }).every((m) => m.tile === 'U' && m.rotation === 180)).toBe(true);
    expect(movesAt(s, { tile: 'U', x: 1, y: 0, rotation: 180 }).length).toBe(4);
    expect(movesAt(playerView(s, 0), { tile: 'U', x: 1, y: 0, rotation: 180 })).toEqual(
      movesAt(s, { tile: 'U', x: 1, y: 0, rotation: 180 }),
    );
    expect(legalPlacements(s, { tile: 'U', rotations: 'all' }).filter((p) => p.x === 1)).toEqual([
      { x: 1, y: 0, rotation: 0 },
      { x: 1, y: 0, rotation: 180 },
    ]);
  });

  it('over random games: every legal rotation is listed exactly when validateMove accepts it, and its moves are the legal moves of that placement', () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const { states } = play(options, picks, 25);
        const s = states.at(-1) as GameState;
        if (s.status !== 'playing') return;
        const tile = (s.hands === null ? s.currentTile : s.hands[s.currentPlayer]?.[0]) as string;
        const all = legalPlacements(s, { tile, rotations: 'all' });
        const accepted = candidateCells(s).flatMap((c) =>
          ROTATIONS.filter((rotation) => validateMove(s, { tile, x: c.x, y: c.y, rotation }) === null).map((rotation) => ({
            ...c,
            rotation,
          })),
        );
        const key = (p: { x: number; y: number; rotation: number }) => `${p.x},${p.y}@${p.rotation}`;
        expect(all.map(key).sort()).toEqual(accepted.map(key).sort());
        const legal = legalTurns(s).filter((m) => m.tile === tile);
        let count = 0;
        for (const p of all) {
          const moves = movesAt(s, { tile, ...p });
          expect(moves.length).toBeGreaterThan(0);
          for (const m of moves) expect(validateMove(s, m)).toBeNull();
          // The distinct placements' moves are exactly the legal moves.
          if (legalPlacements(s, tile).some((d) => key(d) === key(p))) count += moves.length;
        }
        expect(count).toBe(legal.length);
      }),
      { numRuns: RUNS },
    );
  });

  it("over random games: each spot of a placed tile names the board feature holding that tile's segment", () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const { states } = play(options, picks, 30);
        const s = states.at(-1) as GameState;
        const all = features(s);
        for (const p of s.placements) {
          const spots = spotsAt(s, p.x, p.y);
          const view = tileDefinition(p.tile, p.rotation);
          // Every spot of the tile, once.
          expect(spots.map((x) => x.spot).sort()).toEqual((view?.features ?? []).flatMap((f) => f.spots).sort());
          for (const spot of spots) {
            const f = all.find((g) => g.id === spot.feature);
            expect(f?.kind).toBe(spot.kind);
            const local = view?.features.find((g) => g.spots.includes(spot.spot));
            expect(f?.segments.some((seg) => seg.x === p.x && seg.y === p.y && seg.at === local?.spot)).toBe(true);
          }
        }
        expect(spotsAt(s, 99, 99)).toEqual([]);
      }),
      { numRuns: Math.max(1, Math.floor(RUNS / 2)) },
    );
  });
});
