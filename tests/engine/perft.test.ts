import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type GameOptions,
  type GameState,
  legalTurns,
  scoreFinal,
  type TurnMove,
  validateMove,
} from 'carcassonne-engine';
import { decodeTurn, Engine, encodeMove, perft, seededRandom, type TurnCode } from 'carcassonne-engine/engine';

// tests/fixtures/perft.json, written by scripts/perft.mjs (npm run perft): seeded random games and
// perft counts recorded with the engine. Every figure is checked against the engine and against
// the pure API. A change in move generation or scoring shows up here; if it is intended,
// regenerate the fixture with `npm run perft` and review the diff.

interface PerftPosition {
  readonly turn: number;
  /** perft(depth) for depth 1, 2, … */
  readonly counts: readonly number[];
}

interface FixtureGame {
  readonly options: GameOptions;
  readonly playoutSeed: number | string;
  readonly turns: number;
  readonly scores: readonly number[];
  readonly tiles: readonly string[];
  /** The number of legal whole turns at each turn. */
  readonly legalMoveCounts: readonly number[];
  /** The whole turn played at each turn. */
  readonly moves: readonly TurnCode[];
  readonly perft: readonly PerftPosition[];
}

const fixture = JSON.parse(readFileSync(new URL('../fixtures/perft.json', import.meta.url), 'utf8')) as {
  readonly midTurn: number;
  readonly games: readonly FixtureGame[];
};

const label = (g: FixtureGame): string => {
  const o = g.options;
  const extras = [
    ...(o.expansions ?? []),
    ...(o.rules?.riverStartTile ? [o.rules.riverStartTile] : []),
    ...(o.rules?.gardens === false ? ['no gardens'] : []),
  ];
  return `${String(o.players)}p ${o.tileSet ?? 'base'} ${o.edition ?? 'current'} ${String(o.rules?.farmers ?? 'default')}${extras.map((x) => ` +${x}`).join('')} seed ${JSON.stringify(o.seed)}`;
};
const cases = fixture.games.map((g) => [label(g), g] as const);

/** perft through the pure API: legal whole turns counted, each applied in turn. */
function purePerft(s: GameState, depth: number): number {
  if (depth <= 0 || s.status === 'finished') return 1;
  const turns = legalTurns(s);
  if (depth === 1) return turns.length;
  return turns.reduce((total, m) => total + purePerft(applyMove(s, m), depth - 1), 0);
}

/** A recorded turn as a move. */
const turnOf = (code: TurnCode, tile?: string): TurnMove => decodeTurn(code, tile) as TurnMove;

/** The pure API state after the first `turns` recorded turns. */
function pureAfter(g: FixtureGame, turns: number): GameState {
  let s = createGame(g.options);
  for (const code of g.moves.slice(0, turns)) s = applyMove(s, turnOf(code));
  return s;
}

/** An engine after the first `turns` recorded turns. */
function engineAfter(g: FixtureGame, turns: number): Engine {
  const e = Engine.create(g.options);
  for (const code of g.moves.slice(0, turns)) e.playTurn(code);
  return e;
}

describe('tests/fixtures/perft.json', () => {
  it('is well formed: one tile, count and move per turn, scores per player, perft at the start and mid-game', () => {
    expect(fixture.games.length).toBeGreaterThanOrEqual(6);
    const players = new Set<number>();
    const sets = new Set<string>();
    for (const g of fixture.games) {
      expect(g.tiles.length, label(g)).toBe(g.turns);
      expect(g.legalMoveCounts.length, label(g)).toBe(g.turns);
      expect(g.moves.length, label(g)).toBe(g.turns);
      expect(g.scores.length, label(g)).toBe(g.options.players);
      expect(
        g.perft.map((p) => p.turn),
        label(g),
      ).toEqual([0, fixture.midTurn]);
      for (const p of g.perft) expect(p.counts.length, label(g)).toBeGreaterThanOrEqual(2);
      players.add(g.options.players as number);
      sets.add(g.options.tileSet ?? 'base');
    }
    expect([...players].sort()).toEqual([2, 3, 4, 5, 6]);
    expect([...sets].sort()).toEqual(['base', 'pnp-demo']);
    // The base games first (recorded before the expansions; their entries never change), then The
    // River and The Abbot: river + abbot, abbot alone without gardens, river with a first-land start
    // tile; then Inns & Cathedrals: alone with six players, and all three expansions together; then
    // Traders & Builders: alone, and all four expansions together.
    const firstExpansion = fixture.games.findIndex((g) => (g.options.expansions ?? []).length > 0);
    expect(firstExpansion).toBe(6);
    expect(fixture.games.slice(firstExpansion).every((g) => (g.options.expansions ?? []).length > 0)).toBe(true);
    expect(
      fixture.games.slice(firstExpansion).map((g) => [g.options.expansions, g.options.rules?.gardens, g.options.rules?.riverStartTile]),
    ).toEqual([
      [['river', 'abbot'], undefined, undefined],
      [['abbot'], false, undefined],
      [['river'], undefined, 'first-land'],
      [['inns-cathedrals'], undefined, undefined],
      [['river', 'abbot', 'inns-cathedrals'], undefined, undefined],
      [['traders-builders'], undefined, undefined],
      [['river', 'abbot', 'inns-cathedrals', 'traders-builders'], undefined, undefined],
    ]);
    // rules-facts §d: six players only with Inns & Cathedrals.
    for (const g of fixture.games) {
      if (g.options.players === 6) expect(g.options.expansions, label(g)).toContain('inns-cathedrals');
    }
  });

  it("expansion games: the river's tiles come first, the lake last of them (rules-facts §f), the abbot, the large meeple, the builder and the pig are played", () => {
    const deployed = (g: FixtureGame, kind: string) => g.moves.filter((c) => turnOf(c).meeple?.kind === kind).length;
    const abbotMoves = (g: FixtureGame) => deployed(g, 'abbot');
    const largeMoves = (g: FixtureGame) => deployed(g, 'large');
    const recalls = (g: FixtureGame) => g.moves.filter((c) => turnOf(c).recall === 'abbot').length;
    const builderMoves = (g: FixtureGame) => deployed(g, 'builder');
    const pigMoves = (g: FixtureGame) => deployed(g, 'pig');
    for (const g of fixture.games) {
      const river = (g.options.expansions ?? []).includes('river');
      const abbot = (g.options.expansions ?? []).includes('abbot');
      const inns = (g.options.expansions ?? []).includes('inns-cathedrals');
      const traders = (g.options.expansions ?? []).includes('traders-builders');
      const gardens = abbot && g.options.rules?.gardens !== false;
      // Tiles drawn: the land tiles (72 base, 48 demo, Inns & Cathedrals' 18, rules-facts §d, and
      // Traders & Builders' 24, §e) but the start tile; with The River the spring starts instead, its
      // 11 other tiles are drawn, and by default the base start tile is removed. A builder's second
      // tile is a tile like any other: one turn per tile placed.
      const land = ((g.options.tileSet ?? 'base') === 'base' ? 72 : 48) + (inns ? 18 : 0) + (traders ? 24 : 0);
      const removed = (g.options.rules?.riverStartTile ?? 'removed') === 'removed' ? 1 : 0;
      const discards = (river ? land - removed + 11 : land - 1) - g.turns;
      expect(discards, label(g)).toBeGreaterThanOrEqual(0);
      if (river && discards === 0) {
        expect(
          g.tiles.slice(0, 11).every((t) => t.startsWith('RV-')),
          label(g),
        ).toBe(true);
        expect(g.tiles[10], label(g)).toBe('RV-lake');
        expect(
          g.tiles.slice(11).some((t) => t.startsWith('RV-')),
          label(g),
        ).toBe(false);
        if (g.options.rules?.riverStartTile === 'first-land') expect(g.tiles[11], label(g)).toBe('D');
      } else if (!river) {
        expect(
          g.tiles.some((t) => t.startsWith('RV-')),
          label(g),
        ).toBe(false);
      }
      expect(
        g.tiles.some((t) => t.endsWith('-garden')),
        label(g),
      ).toBe(gardens);
      if (!abbot) expect(abbotMoves(g) + recalls(g), label(g)).toBe(0);
      // Inns & Cathedrals' tiles and large meeples only in its games; there, every one of its 18 tiles is drawn.
      const icTiles = g.tiles.filter((t) => t.startsWith('IC-')).length;
      if (inns) {
        expect(icTiles, label(g)).toBeGreaterThanOrEqual(18 - discards);
        if ((g.options.tileSet ?? 'base') === 'base') expect(icTiles, label(g)).toBeLessThanOrEqual(18);
        expect(largeMoves(g), label(g)).toBeGreaterThan(0);
      } else {
        expect(largeMoves(g), label(g)).toBe(0);
        if ((g.options.tileSet ?? 'base') === 'base') expect(icTiles, label(g)).toBe(0);
      }
      // Traders & Builders' tiles, builders and pigs only in its games; there, every one of its 24 tiles is drawn.
      const tbTiles = g.tiles.filter((t) => t.startsWith('TB-')).length;
      if (traders) {
        expect(tbTiles, label(g)).toBeGreaterThanOrEqual(24 - discards);
        expect(tbTiles, label(g)).toBeLessThanOrEqual(24);
        expect(builderMoves(g), label(g)).toBeGreaterThan(0);
        expect(pigMoves(g), label(g)).toBeGreaterThan(0);
      } else {
        expect([tbTiles, builderMoves(g), pigMoves(g)], label(g)).toEqual([0, 0, 0]);
      }
    }
    const both = fixture.games.find((g) => (g.options.expansions ?? []).length === 2) as FixtureGame;
    expect(abbotMoves(both)).toBeGreaterThan(0);
    expect(recalls(both)).toBeGreaterThan(0);
  });

  it('Traders & Builders games: a builder gives its owner a second tile, never a third; no second tiles in other games', () => {
    for (const g of fixture.games) {
      const traders = (g.options.expansions ?? []).includes('traders-builders');
      const e = Engine.create(g.options);
      let seconds = 0;
      for (const code of g.moves) {
        const mover = e.currentPlayer;
        const second = e.extraTurn === 'builder';
        e.playTurn(code);
        if (e.status === 'finished') break;
        // rules-facts §e: the same player places the second tile, and the second tile gives no third.
        if (e.extraTurn === 'builder') {
          seconds++;
          expect(second, label(g)).toBe(false);
          expect(e.currentPlayer, label(g)).toBe(mover);
        } else {
          expect(e.currentPlayer, label(g)).toBe((mover + 1) % e.players);
        }
      }
      if (traders) expect(seconds, label(g)).toBeGreaterThan(0);
      else expect(seconds, label(g)).toBe(0);
    }
  });

  describe('the engine', () => {
    it.each(cases)('%s: the seeded game replays with the same tiles, legal turn counts, turns and final scores', (_, g) => {
      const e = Engine.create(g.options);
      const random = seededRandom(g.playoutSeed);
      const buf = new Float64Array(e.maxMoves);
      const steps: number[] = [];
      for (let i = 0; i < g.turns; i++) {
        expect(e.status, `turn ${i}`).toBe('playing');
        expect(e.currentTile, `turn ${i}`).toBe(g.tiles[i]);
        const n = e.legalTurns(buf);
        expect(n, `turn ${i}`).toBe(g.legalMoveCounts[i]);
        const code = buf[Math.floor(random() * n)] as TurnCode;
        expect(code, `turn ${i}`).toBe(g.moves[i]);
        // The turn's steps, as the engine logs them: the tile, then the action when there is an action step.
        const turn = turnOf(code);
        steps.push(encodeMove({ type: 'tile', x: turn.x, y: turn.y, rotation: turn.rotation }));
        e.playTurn(code);
        if (e.movesPlayed().length > steps.length)
          steps.push(
            encodeMove(
              turn.meeple
                ? { type: 'meeple', at: turn.meeple.at, kind: turn.meeple.kind ?? 'follower' }
                : turn.recall
                  ? { type: 'recall', kind: turn.recall }
                  : { type: 'pass' },
            ),
          );
      }
      expect(e.status).toBe('finished');
      expect(e.turn).toBe(g.turns);
      expect(e.scores()).toEqual(g.scores);
      expect(e.scoreFinal()).toEqual(g.scores);
      expect(e.movesPlayed()).toEqual(steps);
    });

    it.each(cases)('%s: perft counts', (_, g) => {
      for (const p of g.perft) {
        const e = engineAfter(g, p.turn);
        for (const [i, count] of p.counts.entries()) expect(perft(e, i + 1), `perft(${i + 1}) after turn ${p.turn}`).toBe(count);
        expect(perft(e, 0)).toBe(1);
        // perft leaves the engine as it was.
        expect(e.turn).toBe(p.turn);
        expect(e.legalTurns().length).toBe(p.counts[0]);
      }
    });
  });

  describe('the pure API', () => {
    it.each(cases)('%s: replaying the recorded moves gives the same tiles, legal move counts and final scores', (_, g) => {
      let s = createGame(g.options);
      for (let i = 0; i < g.turns; i++) {
        expect(s.status, `turn ${i}`).toBe('playing');
        expect(s.currentTile, `turn ${i}`).toBe(g.tiles[i]);
        expect(legalTurns(s).length, `turn ${i}`).toBe(g.legalMoveCounts[i]);
        const move = turnOf(g.moves[i] as TurnCode, s.currentTile as string);
        expect(validateMove(s, move), `turn ${i}`).toBeNull();
        s = applyMove(s, move);
      }
      expect(s.status).toBe('finished');
      expect(s.turn).toBe(g.turns);
      expect(s.players.map((p) => p.score)).toEqual(g.scores);
      expect(scoreFinal(s).scores).toEqual(g.scores);
    });

    it.each(cases)('%s: perft counts to depth 2 (3 from the start)', (_, g) => {
      for (const p of g.perft) {
        const s = pureAfter(g, p.turn);
        const deepest = p.turn === 0 ? 3 : 2;
        for (const [i, count] of p.counts.slice(0, deepest).entries())
          expect(purePerft(s, i + 1), `perft(${i + 1}) after turn ${p.turn}`).toBe(count);
      }
    });
  });
});
