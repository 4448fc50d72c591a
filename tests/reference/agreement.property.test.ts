import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FarmerRuleName,
  features,
  type GameState,
  legalMoves,
  legalPlacements,
  type Move,
  scoreFinal,
} from 'carcassonne-engine';
import { choices, FARMER_RULES, play } from '../support/play';
import { Referee } from './referee';

// The kernel against the slow, independently written referee (flood fill over the board), move by
// move: legal placements, meeple options, scores, supplies, every feature with its completion and
// figures, discards, and the final scoring split by kind, under every farmer rule.
const RUNS = Number(process.env.REFERENCE_RUNS ?? 25);

const key = (f: { kind: string; tiles: readonly string[]; complete: boolean; owners: readonly number[]; pennants: number; open: number }) =>
  `${f.kind}|${f.tiles.join(' ')}|${f.complete}|${f.owners.join(',')}|${f.pennants}|${f.open}`;

function engineFeatures(s: GameState): string[] {
  return features(s)
    .map((f) =>
      key({
        kind: f.kind,
        tiles: f.tiles.map((t) => `${t.x},${t.y}`).sort(),
        complete: f.complete,
        owners: f.meeples.map((m) => m.owner).sort(),
        pennants: f.pennants,
        open: f.open,
      }),
    )
    .sort();
}

function compareTurn(s: GameState, ref: Referee, checkMeeples: boolean): void {
  const tile = s.currentTile as string;
  const ours = legalPlacements(s);
  const theirs = ref.legalPlacements(tile);
  // Ours lists one rotation per distinct board; the referee lists all four.
  for (const p of theirs) {
    expect(ours.some((o) => o.x === p.x && o.y === p.y && ref.sameRotation(tile, o.rotation, p.rotation))).toBe(true);
  }
  for (const o of ours) expect(theirs).toContainEqual(o);
  if (!checkMeeples) return;
  const moves = legalMoves(s);
  for (const p of ours) {
    const options = ref.meepleOptions(tile, p.x, p.y, p.rotation, s.currentPlayer);
    const offered = moves.filter((m) => m.x === p.x && m.y === p.y && m.rotation === p.rotation && m.meeple).map((m) => m.meeple?.at as string);
    expect(offered.length).toBe(options.length);
    for (const at of offered) expect(options.filter((o) => o.includes(at)).length).toBe(1);
  }
}

function finalByKind(s: GameState): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const kind of ['road', 'city', 'cloister', 'field']) out[kind] = s.players.map(() => 0);
  for (const e of scoreFinal(s).breakdown) {
    if (e.phase !== 'final') continue;
    e.awarded.forEach((a, i) => {
      (out[e.kind] as number[])[i] = ((out[e.kind] as number[])[i] ?? 0) + a;
    });
  }
  return out;
}

function agree(states: GameState[], moves: Move[]): void {
  const first = states[0] as GameState;
  const ref = new Referee({
    tileSet: first.tileSet,
    players: first.players.length,
    rules: { farmers: first.rules.farmers as FarmerRuleName, smallCity: first.rules.smallCity, meeples: first.rules.meeples },
  });
  moves.forEach((m, i) => {
    const before = states[i] as GameState;
    const after = states[i + 1] as GameState;
    compareTurn(before, ref, i % 3 === 0);
    ref.play({ tile: before.currentTile as string, x: m.x, y: m.y, rotation: m.rotation, meeple: m.meeple ?? null }, before.currentPlayer);
    for (const e of after.events) if (e.type === 'tile-discarded') expect(ref.legalPlacements(e.tile)).toEqual([]);
    expect(engineFeatures(after)).toEqual(ref.features().map(key).sort());
    expect(after.players.map((p) => p.meeples)).toEqual(ref.supply);
    if (after.status === 'playing') {
      expect(after.players.map((p) => p.score)).toEqual(ref.scores);
      if (i % 10 === 0) expect(scoreFinal(after).scores).toEqual(ref.finalScore().totals);
    } else {
      const f = ref.finalScore();
      expect(after.players.map((p) => p.score)).toEqual(f.totals);
      expect(finalByKind(after)).toEqual(f.final);
    }
  });
}

describe('the kernel agrees with the independent referee (tests/reference/referee.ts)', () => {
  for (const farmers of FARMER_RULES) {
    it(`over random games scored with farmers '${farmers}'`, () => {
      fc.assert(
        fc.property(
          fc.record({
            players: fc.integer({ min: 2, max: 5 }),
            seed: fc.integer(),
            tileSet: fc.constantFrom('base' as const, 'pnp-demo' as const),
            rules: fc.record({ farmers: fc.constant(farmers), smallCity: fc.constantFrom(2 as const, 4 as const) }),
          }),
          choices,
          (options, picks) => {
            const { states, moves } = play(options, picks);
            agree(states, moves);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }
});
