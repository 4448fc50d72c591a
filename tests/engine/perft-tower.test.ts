import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type AnyMove,
  applyMove,
  createGame,
  type GameOptions,
  type GameState,
  legalMoves,
  legalTurns,
  scoreFinal,
  setupGame,
} from 'carcassonne-engine';
import { Engine, perft } from 'carcassonne-engine/engine';
import { parsePosition } from 'carcassonne-engine/notation';

// tests/fixtures/perft-tower.json, written by scripts/perft.mjs (npm run perft): games with The
// Tower played a step at a time (floors, captures, ransoms), and perft counts where a turn counts
// with every step of it (the capture after a floor, the ransom before the action). Every figure is
// checked against the engine and against the pure API.

interface TowerGame {
  readonly options: GameOptions;
  readonly playoutSeed: string;
  readonly steps: readonly string[];
  readonly legalMoveCounts: readonly number[];
  readonly moves: readonly number[];
  readonly scores: readonly number[];
  readonly perft: readonly { readonly step: number; readonly counts: readonly number[] }[];
}

const fixture = JSON.parse(readFileSync(new URL('../fixtures/perft-tower.json', import.meta.url), 'utf8')) as {
  readonly midSteps: number;
  readonly games: readonly TowerGame[];
};
const cases = fixture.games.map((g) => [`${g.options.players}p ${(g.options.expansions ?? []).join(' + ')}`, g] as const);

/** The engine after the first `steps` recorded steps. */
function engineAfter(g: TowerGame, steps: number): Engine {
  const e = Engine.create(g.options);
  for (const code of g.moves.slice(0, steps)) e.play(code);
  return e;
}

/** perft through the pure API, a turn counting with every step of it: whole turns, then the steps that follow. */
function purePerft(s: GameState, depth: number): number {
  if (depth <= 0 || s.status === 'finished') return 1;
  const moves: AnyMove[] = s.step === 'tile' ? legalTurns(s) : legalMoves(s);
  let total = moves.reduce((sum, m) => sum + pureAfter(applyMove(s, m), depth), 0);
  // A ransom before the action is no part of a whole turn: the turns that begin with one.
  if (s.step === 'tile') {
    for (const tile of legalMoves(s)) {
      const placed = applyMove(s, tile);
      if (placed.step !== 'action') continue;
      for (const m of legalMoves(placed)) if (m.type === 'ransom') total += pureAfter(applyMove(placed, m), depth);
    }
  }
  return total;
}

function pureAfter(next: GameState, depth: number): number {
  if (next.status === 'finished') return 1;
  if (next.step === 'tile') return purePerft(next, depth - 1);
  return legalMoves(next).reduce((total, m) => total + pureAfter(applyMove(next, m), depth), 0);
}

describe('tests/fixtures/perft-tower.json', () => {
  it('is well formed, and its games have floors, captures and ransoms', () => {
    expect(fixture.games.length).toBeGreaterThanOrEqual(2);
    for (const g of fixture.games) {
      expect(g.steps.length).toBe(g.moves.length);
      expect(g.legalMoveCounts.length).toBe(g.moves.length);
      expect(g.perft.map((p) => p.step)[0]).toBe(0);
      expect(new Set(g.steps)).toEqual(new Set(['tile', 'action', 'capture']));
      const e = Engine.create(g.options);
      const types = new Set<string>();
      for (const code of g.moves) {
        const m = e.moveOf(code);
        types.add(m.type === 'tower' ? `tower ${m.kind}` : m.type);
        e.play(code);
      }
      for (const t of ['tower floor', 'tower follower', 'capture', 'ransom']) expect(types, t).toContain(t);
    }
  });

  it.each(cases)('%s: the engine replays the steps with the same legal move counts and final scores', (_, g) => {
    const e = Engine.create(g.options);
    g.moves.forEach((code, i) => {
      expect(e.step, `step ${i}`).toBe(g.steps[i]);
      const listed = e.legalMoves();
      expect(listed.length, `step ${i}`).toBe(g.legalMoveCounts[i]);
      expect(listed, `step ${i}`).toContain(code);
      e.play(code);
    });
    expect(e.status).toBe('finished');
    expect(e.scores()).toEqual(g.scores);
  });

  it.each(cases)('%s: the pure API replays them alike, each move as the engine writes it', (_, g) => {
    const e = Engine.create(g.options);
    let s = createGame(g.options);
    g.moves.forEach((code, i) => {
      expect(s.step, `step ${i}`).toBe(g.steps[i]);
      expect(legalMoves(s).length, `step ${i}`).toBe(g.legalMoveCounts[i]);
      const move = e.moveOf(code);
      expect(legalMoves(s), `step ${i}`).toContainEqual(move);
      s = applyMove(s, move);
      e.play(code);
    });
    expect(s.status).toBe('finished');
    expect(s.players.map((p) => p.score)).toEqual(g.scores);
    expect(scoreFinal(s).scores).toEqual(g.scores);
  });

  it.each(cases)('%s: perft counts in the engine, and in the pure API up to 25,000 leaves', (_, g) => {
    for (const p of g.perft) {
      const e = engineAfter(g, p.step);
      for (const [i, count] of p.counts.entries()) expect(perft(e, i + 1), `perft(${i + 1}) after step ${p.step}`).toBe(count);
      let s = createGame(g.options);
      const w = Engine.create(g.options);
      for (const code of g.moves.slice(0, p.step)) {
        s = applyMove(s, w.moveOf(code));
        w.play(code);
      }
      // The pure API writes a state a step: depths of up to 25,000 leaves (a few seconds) are counted there.
      for (const [i, count] of p.counts.entries())
        if (count <= 25_000) expect(purePerft(s, i + 1), `pure perft(${i + 1}) after step ${p.step}`).toBe(count);
    }
  });

  it('a ransom before the action begins turns of its own (a position worked by hand)', () => {
    // Bob (3 points) places B; Ann holds one of his followers. B fits at (0,2), (1,1) and (-1,1)
    // (fields only: not beside D's road or city). Each placement's whole turns: the pass, a monk,
    // a farmer, a floor on TO-F's foundation: 3 × 4 = 12. Paying the ransom first, then the same
    // four actions: 12 more.
    const s = setupGame(
      parsePosition(
        'game {"players":["Ann","Bob"],"expansions":["tower"]} / board D 0,0; TO-F 0,1 / scores 0 3 / modules {"tower":{"prisoners":[{"jailer":0,"owner":1,"kind":"follower","count":1}]}} / turn p1 B',
      ),
    );
    expect(legalTurns(s)).toHaveLength(12);
    const e = Engine.fromState(s);
    expect(perft(e, 1)).toBe(24);
    expect(purePerft(s, 1)).toBe(24);
    expect(perft(e, 2)).toBe(purePerft(s, 2));
  });
});
