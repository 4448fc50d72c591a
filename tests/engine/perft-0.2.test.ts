import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GameOptions } from 'carcassonne-engine';
import { Engine, perft } from 'carcassonne-engine/engine';

// tests/fixtures/perft-0.2.0.json is the perft fixture as 0.2.0 wrote it (commit 35def37, before
// the rule modules), in 0.2.0's move codes. Its games are replayed move by move through this
// version, each code converted to the new layout: at every turn the same number of legal moves,
// every recorded move among them, and the same perft counts from the start. The move-code layout,
// the order of legal moves and the fixture changed in 0.3.0; the counts must not.

interface OldGame {
  readonly options: GameOptions;
  readonly legalMoveCounts: readonly number[];
  readonly moves: readonly number[];
  readonly perft: readonly { readonly turn: number; readonly counts: readonly number[] }[];
}

const old = JSON.parse(readFileSync(new URL('../fixtures/perft-0.2.0.json', import.meta.url), 'utf8')) as { games: OldGame[] };

/**
 * A 0.2.0 move code in this version's layout. 0.2.0: bits 0–3 the spot (0 none, else 1 + its
 * index in SPOTS), 4–6 the figure, 7–8 the rotation, 9–16 y + 128, 17–24 x + 128, bit 25 taking
 * the abbot back. Now (docs/engine.md): bit 0 the action, 1–4 the spot, 5–8 the figure, 9–10 the
 * hand slot (0), 11–12 the rotation, 13–21 y + 256, 22–30 x + 256. The figure kinds keep their numbers (follower,
 * abbot, large meeple, builder, pig), and the abbot is figure 1.
 */
function convert(code: number): number {
  const spot = (code & 15) - 1;
  const figure = (code >>> 4) & 7;
  const q = (code >>> 7) & 3;
  const y = ((code >>> 9) & 255) - 128;
  const x = ((code >>> 17) & 255) - 128;
  const recall = ((code >>> 25) & 1) === 1;
  const rest = recall ? (1 << 5) | 1 : spot < 0 ? 0 : (figure << 5) | ((spot + 1) << 1);
  return ((x + 256) << 22) | ((y + 256) << 13) | (q << 11) | rest;
}

describe('the perft fixture of 0.2.0, replayed through this version', () => {
  it.each(old.games.map((g, i) => [i, JSON.stringify(g.options), g] as const))(
    'game %i %s: the same legal move counts at every turn and perft from the start',
    (_, __, g) => {
      const e = Engine.create(g.options);
      const buffer = new Int32Array(e.maxMoves);
      const counts: number[] = [];
      for (const code of g.moves) {
        const n = e.legalMoves(buffer);
        counts.push(n);
        expect(Array.from(buffer.subarray(0, n))).toContain(convert(code));
        e.play(convert(code));
      }
      expect(counts).toEqual(g.legalMoveCounts.slice(0, g.moves.length));
      const start = Engine.create(g.options);
      const deepest = g.perft[0]?.counts.length ?? 0;
      expect(Array.from({ length: deepest }, (_, d) => perft(start, d + 1))).toEqual(g.perft[0]?.counts);
    },
  );
});
