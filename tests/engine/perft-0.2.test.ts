import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type GameOptions, type MeepleKind, SPOTS, type TurnMove } from 'carcassonne-engine';
import { Engine, encodeTurn, perft } from 'carcassonne-engine/engine';

// tests/fixtures/perft-0.2.0.json is the perft fixture as 0.2.0 wrote it (commit 35def37, before
// the rule modules), in 0.2.0's move codes. Its games are replayed move by move through this
// version, each code read as a whole turn: at every turn the same number of legal turns, every
// recorded turn among them, and the same perft counts from the start. The move-code layout, the
// order of legal moves and the fixture changed after 0.2.0 (and turns became steps); the counts
// must not.

interface OldGame {
  readonly options: GameOptions;
  readonly legalMoveCounts: readonly number[];
  readonly moves: readonly number[];
  readonly perft: readonly { readonly turn: number; readonly counts: readonly number[] }[];
}

const old = JSON.parse(readFileSync(new URL('../fixtures/perft-0.2.0.json', import.meta.url), 'utf8')) as { games: OldGame[] };

/**
 * A 0.2.0 move code as a whole turn: bits 0–3 the spot (0 none, else 1 + its index in SPOTS), 4–6
 * the figure (follower, abbot, large meeple, builder, pig), 7–8 the rotation, 9–16 y + 128, 17–24
 * x + 128, bit 25 taking the abbot back.
 */
function convert(code: number): number {
  const spot = (code & 15) - 1;
  const kind = (['follower', 'abbot', 'large', 'builder', 'pig'] as const)[(code >>> 4) & 7] as MeepleKind;
  const rotation = (((code >>> 7) & 3) * 90) as TurnMove['rotation'];
  const y = ((code >>> 9) & 255) - 128;
  const x = ((code >>> 17) & 255) - 128;
  const recall = ((code >>> 25) & 1) === 1;
  const turn: TurnMove = recall
    ? { x, y, rotation, recall: 'abbot' }
    : spot < 0
      ? { x, y, rotation }
      : { x, y, rotation, meeple: { at: SPOTS[spot] as (typeof SPOTS)[number], kind } };
  return encodeTurn(turn);
}

describe('the perft fixture of 0.2.0, replayed through this version', () => {
  it.each(old.games.map((g, i) => [i, JSON.stringify(g.options), g] as const))(
    'game %i %s: the same legal move counts at every turn and perft from the start',
    (_, __, g) => {
      const e = Engine.create(g.options);
      const buffer = new Float64Array(e.maxMoves);
      const counts: number[] = [];
      for (const code of g.moves) {
        const n = e.legalTurns(buffer);
        counts.push(n);
        expect(Array.from(buffer.subarray(0, n))).toContain(convert(code));
        e.playTurn(convert(code));
      }
      expect(counts).toEqual(g.legalMoveCounts.slice(0, g.moves.length));
      const start = Engine.create(g.options);
      const deepest = g.perft[0]?.counts.length ?? 0;
      expect(Array.from({ length: deepest }, (_, d) => perft(start, d + 1))).toEqual(g.perft[0]?.counts);
    },
  );
});
