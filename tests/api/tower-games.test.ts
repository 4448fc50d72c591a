import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type ExpansionName,
  type GameState,
  legalMoves,
  loadState,
  type ModuleEvent,
  type TowerState,
} from 'carcassonne-engine';
import { makeRecord, replayRecord } from 'carcassonne-engine/notation';

// Random games of The Tower, alone and with every other expansion: every tile and every figure is
// accounted for after every move (on the board, on a tower, held as a prisoner or in supply), the
// floors too, and the finished game replays from its JSON. The moves are drawn from legalMoves,
// The Tower's own half the time when there are some, so that captures, exchanges and ransoms happen.

const FLOORS = [0, 10, 10, 9, 7, 6, 5];

/** Every figure of `owner` of kind `kind`: in supply, on the board, on a tower top, held as a prisoner. */
function figures(s: GameState, owner: number, kind: string, supplyKey: string): number {
  const t = s.modules.tower as TowerState;
  const onBoard = s.meeples.filter((m) => m.owner === owner && m.kind === kind).length;
  const onTop = t.towers.filter((w) => w.top?.owner === owner && w.top.kind === kind).length;
  const held = t.prisoners.filter((p) => p.owner === owner && p.kind === kind).reduce((n, p) => n + p.count, 0);
  // A game without the figure's module has no field for it: none in supply.
  return ((s.players[owner] as unknown as Record<string, number>)[supplyKey] ?? 0) + onBoard + onTop + held;
}

function accounted(s: GameState): void {
  const t = s.modules.tower as TowerState;
  const n = s.players.length;
  const has = (e: ExpansionName) => s.expansions.includes(e);
  s.players.forEach((_, p) => {
    expect(figures(s, p, 'follower', 'meeples')).toBe(s.rules.meeples);
    expect(figures(s, p, 'large', 'largeMeeples')).toBe(has('inns-cathedrals') ? 1 : 0);
    expect(figures(s, p, 'abbot', 'abbots')).toBe(has('abbot') ? 1 : 0);
  });
  const floors = s.players.reduce((sum, p) => sum + (p.floors ?? 0), 0) + t.towers.reduce((sum, w) => sum + w.floors, 0);
  expect(floors).toBe(n * (FLOORS[n] as number));
  // Every tile: on the board, to place, left, or discarded.
  const total = s.placements.length + (s.currentTile !== null && s.step === 'tile' ? 1 : 0) + s.tilesLeft.length + s.discarded.length;
  expect(total).toBe(
    createGame({ players: n, seed: 0, expansions: [...s.expansions], rules: { ...s.rules, farmers: 'farm-3' } as never }).tilesLeft.length +
      2,
  );
  // A tower is a placed tile with a foundation, in placement order.
  const placed = s.placements.filter((p) => p.tile.startsWith('TO-')).map((p) => [p.x, p.y]);
  expect(t.towers.map((w) => [w.x, w.y])).toEqual(placed);
}

const CONFIGS: readonly (readonly ExpansionName[])[] = [
  ['tower'],
  ['tower', 'inns-cathedrals'],
  ['tower', 'traders-builders'],
  ['tower', 'abbot'],
  ['tower', 'river'],
  ['river', 'abbot', 'inns-cathedrals', 'traders-builders', 'tower'],
];

describe('random games of The Tower: every tile and figure accounted for', () => {
  const seen: Record<string, number> = {};
  it.each(CONFIGS.map((c) => [c.join('+'), c] as const))('%s', (_, expansions) => {
    for (let g = 0; g < 3; g++) {
      const players = 2 + ((g * 2 + expansions.length) % (expansions.includes('inns-cathedrals') ? 5 : 4));
      let s = createGame({ players, seed: `tower ${g}`, expansions: [...expansions] });
      let i = 0;
      while (s.status === 'playing') {
        const moves = legalMoves(s);
        const own = moves.filter((m) => ['tower', 'capture', 'exchange', 'ransom'].includes(m.type));
        const m = own.length > 0 && i % 2 === 0 ? own[(i * 31) % own.length] : moves[(i * 7919) % moves.length];
        s = applyMove(s, m as never);
        for (const e of s.events) if (e.type === 'module') seen[(e as ModuleEvent).name] = (seen[(e as ModuleEvent).name] ?? 0) + 1;
        for (const line of s.events)
          if (line.type === 'feature-scored' && line.score.kind === 'ransom') seen.ransom = (seen.ransom ?? 0) + 1;
        accounted(s);
        i++;
      }
      expect(loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
      // The record of the game, its module moves joined to their turns with '&', replays it (the
      // last move's events aside: a record writes whole turns).
      const back = replayRecord(makeRecord(s)) as GameState;
      expect({ ...back, events: [] }).toEqual({ ...s, events: [] });
      expect(s.players.reduce((a, p) => a + p.score, 0)).toBe(s.scored.reduce((a, l) => a + l.awarded.reduce((x, y) => x + y, 0), 0));
    }
  });

  it('captures, exchanges, ransoms and closed towers happened in them', () => {
    expect(seen['floor-built']).toBeGreaterThan(0);
    expect(seen.captured).toBeGreaterThan(0);
    expect(seen.exchanged).toBeGreaterThan(0);
    expect(seen['tower-closed']).toBeGreaterThan(0);
    expect(seen.ransom).toBeGreaterThan(0);
  });
});
