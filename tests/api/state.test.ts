import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  features,
  type GameOptions,
  type GameState,
  legalMoves,
  loadState,
  ROTATIONS,
  StateError,
  tileAt,
  validateMove,
  validateState,
} from 'carcassonne-engine';
import { caught } from '../support/caught';
import { deeplyFrozen, frontier, type Played, placementCode, playAbbotHeavy, playLargeHeavy, playSeeded, walkRiver } from '../support/play';

const game = playSeeded({ players: 3, seed: 4 }, 4);
const mid = game.states[30] as GameState;

const stateError = (fn: () => unknown): StateError => caught(fn, StateError);

describe('saved states', () => {
  it('loadState accepts a JSON round trip and returns a deeply frozen equal state', () => {
    const loaded = loadState(JSON.parse(JSON.stringify(mid)));
    expect(loaded).toEqual(mid);
    expect(deeplyFrozen(loaded)).toBe(true);
    expect(legalMoves(loaded)).toEqual(legalMoves(mid));
    expect(validateState(JSON.parse(JSON.stringify(mid)))).toEqual([]);
    expect(validateState(null)).toEqual([{ code: 'invalid-state', message: 'a game state must be an object' }]);
  });

  it('holds no undefined, class instance, Map, Set or function anywhere', () => {
    const walk = (v: unknown, path: string): void => {
      if (v === null || typeof v === 'string' || typeof v === 'boolean') return;
      if (typeof v === 'number') {
        expect(Number.isFinite(v), path).toBe(true);
        return;
      }
      expect(typeof v, path).toBe('object');
      expect([Object.prototype, Array.prototype], path).toContain(Object.getPrototypeOf(v));
      for (const [k, child] of Object.entries(v as object)) walk(child, `${path}.${k}`);
    };
    for (const s of game.states.filter((_, i) => i % 10 === 0)) walk(s, 'state');
    walk(game.states.at(-1), 'state');
  });

  const corrupt = (change: (s: Record<string, unknown>) => void) => {
    const s = JSON.parse(JSON.stringify(mid)) as Record<string, unknown>;
    change(s);
    return s;
  };

  it.each([
    ['no object at all', (s: Record<string, unknown>) => (s.players = 'two'), 'players must list 2 to 5 players'],
    ['an unknown edition', (s: Record<string, unknown>) => (s.edition = 'fifth'), 'unknown edition "fifth"'],
    ['an unknown version', (s: Record<string, unknown>) => (s.version = 3), 'unsupported state version 3'],
    ['an unknown tile set', (s: Record<string, unknown>) => (s.tileSet = 'river'), 'unknown tile set "river"'],
    ['a tile placed on another', (s: Record<string, unknown>) => {
      const ps = s.placements as { x: number; y: number }[];
      (ps[5] as { x: number; y: number }).x = (ps[4] as { x: number }).x;
      (ps[5] as { x: number; y: number }).y = (ps[4] as { y: number }).y;
    }, ': the cell already holds a tile'],
    ['an unknown tile', (s: Record<string, unknown>) => ((s.tilesLeft as string[])[0] = 'Z'), 'tilesLeft[0]: unknown tile "Z"'],
    ['a missing tile', (s: Record<string, unknown>) => (s.tilesLeft as string[]).pop(), 'the tiles do not add up to the base set: missing 1 ×'],
    ['too many copies', (s: Record<string, unknown>) => ((s.discarded as string[]).push('C')), 'more copies of tile C'],
    ['a meeple from nowhere', (s: Record<string, unknown>) => {
      const p = (s.players as { meeples: number }[])[0] as { meeples: number };
      p.meeples += 1;
    }, 'but the rules give 7'],
    ['a player index out of range', (s: Record<string, unknown>) => (s.currentPlayer = 7), 'currentPlayer is not a player'],
  ])('rejects a state with %s (invalid-state)', (_, change, message) => {
    const e = stateError(() => loadState(corrupt(change)));
    expect(e.code).toBe('invalid-state');
    expect(e.message).toContain(message);
    expect(validateState(corrupt(change))).toEqual(e.problems);
    // The other functions check an unknown state the same way on first use.
    expect(() => legalMoves(corrupt(change) as unknown as GameState)).toThrow(StateError);
  });
});

describe('queries', () => {
  it('tileAt finds placed tiles and nothing elsewhere', () => {
    expect(tileAt(mid, 0, 0)).toMatchObject({ tile: 'D', rotation: 0, player: null });
    expect(tileAt(mid, 500, 500)).toBeNull();
  });

  it('features: the start board has a city, a road and two fields, in age order', () => {
    const f = features(createGame({ players: 2, seed: 1 }));
    expect(f.map((x) => [x.id, x.kind, x.open, x.complete])).toEqual([
      ['0,0:N', 'city', 1, false],
      ['0,0:E', 'road', 2, false],
      ['0,0:ENE', 'field', 0, false],
      ['0,0:ESE', 'field', 0, false],
    ]);
    expect(f[2]?.cities).toEqual(['0,0:N']);
    expect(f[3]?.cities).toEqual([]);
  });

  it('features cover every meeple on the board exactly once', () => {
    for (const s of game.states.filter((_, i) => i % 7 === 0)) {
      const listed = features(s).flatMap((f) => f.meeples);
      expect(listed).toHaveLength(s.meeples.length);
      expect(new Set(listed)).toEqual(new Set(s.meeples));
    }
  });

  it('events describe the last move: placement first, then meeple, scorings and returns', () => {
    const withScore = game.states.find((s) => s.events.some((e) => e.type === 'feature-scored' && e.score.phase === 'play'));
    expect(withScore).toBeDefined();
    const types = (withScore as GameState).events.map((e) => e.type);
    expect(types[0]).toBe('tile-placed');
    expect(types.indexOf('feature-scored')).toBeGreaterThan(0);
  });

  it('a move at x = -0 is stored as 0, so the state equals its JSON round trip', () => {
    const s = createGame({ players: 2, seed: 1, drawOrder: ['U'] });
    const next = applyMove(s, { x: -0, y: 1, rotation: 0 });
    expect(Object.is(next.placements[1]?.x, 0)).toBe(true);
    expect(JSON.parse(JSON.stringify(next))).toEqual(next);
  });

  it('applyMove throws the same error validateMove returns, and changes nothing', () => {
    const bad = { x: 0, y: 0, rotation: 0 as const };
    const err = validateMove(mid, bad);
    expect(err?.code).toBe('cell-occupied');
    expect(err?.message).toBe('(0, 0) already holds tile D');
    expect(() => applyMove(mid, bad)).toThrow(err?.message);
  });
});

describe('saved states of games with The River and The Abbot', () => {
  const options: GameOptions = { players: 3, seed: 'save', expansions: ['abbot', 'river'], rules: { riverStartTile: 'first-land' } };
  const heavy = playAbbotHeavy(options, 7);
  const find = (what: string, test: (s: GameState) => boolean): GameState => {
    const found = heavy.states.find(test);
    if (found === undefined) throw new Error(`no state with ${what} in the test game`);
    return found;
  };
  const onGarden = find('an abbot on a garden', (s) => s.meeples.some((m) => m.kind === 'abbot' && m.feature === 'garden'));
  const onCloister = find('an abbot on a cloister', (s) => s.meeples.some((m) => m.kind === 'abbot' && m.feature === 'cloister'));
  const recalled = find('a recall', (s) => s.placements.some((p) => p.recall === 'abbot') && s.meeples.some((m) => m.feature === 'road'));
  const riverOnly = playSeeded({ players: 2, seed: 3, expansions: ['river'] }, 3);

  it('loadState accepts JSON round trips (river, abbots on cloisters and gardens, recalls) and they play on alike', () => {
    const others = [
      playSeeded({ players: 2, seed: 8, expansions: ['abbot'], rules: { gardens: false } }, 8),
      playSeeded({ players: 4, seed: 'pnp', tileSet: 'pnp-demo', expansions: ['river', 'abbot'], rules: { riverStartTile: 'shuffled' } }, 9),
      riverOnly,
    ];
    for (const played of [heavy, ...others]) expectRoundTrips(played, 6);
    for (const s of [onGarden, onCloister, recalled]) expect(loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });

  type Change = (s: any) => void;
  const figure = (s: any, test: (m: any) => boolean): { m: any; p: any } => {
    const m = s.meeples.find(test);
    const p = s.placements.find((q: any) => q.x === m.x && q.y === m.y);
    return { m, p };
  };
  const abbotOn = (feature: string) => (m: any) => m.kind === 'abbot' && m.feature === feature;
  const followerOn = (feature: string) => (m: any) => m.kind === 'follower' && m.feature === feature;

  it.each<[string, () => GameState, Change, string]>([
    ['an abbot count of 2', () => onGarden, (s) => (s.players[1].abbots = 2), 'players[1] must have a name, a whole score, a meeple count, an abbot count (0 or 1), a large meeple count (0 without Inns & Cathedrals), builder and pig counts (0 without Traders & Builders)'],
    ['an abbot count of 1 without The Abbot', () => riverOnly.states[20] as GameState, (s) => (s.players[0].abbots = 1), 'an abbot count (0 without The Abbot)'],
    ['an abbot both in supply and on the board', () => onGarden, (s) => {
      const { m } = figure(s, abbotOn('garden'));
      s.players[m.owner].abbots = 1;
    }, 'abbots in supply and 1 on the board, but The Abbot gives one'],
    ['an abbot on a road (in the figure list)', () => recalled, (s) => {
      figure(s, followerOn('road')).m.kind = 'abbot';
    }, 'an abbot may not stand on a road'],
    ['an abbot on a road (deployed so in the placements)', () => recalled, (s) => {
      const { m, p } = figure(s, followerOn('road'));
      m.kind = 'abbot';
      p.meeple.kind = 'abbot';
    }, 'must be null or { at, kind } at the canonical spot of a feature of its tile that the figure may take'],
    ['a follower on a garden (in the figure list)', () => onGarden, (s) => {
      figure(s, abbotOn('garden')).m.kind = 'follower';
    }, 'a follower may not stand on a garden'],
    ['a follower on a garden (deployed so in the placements)', () => onGarden, (s) => {
      const { m, p } = figure(s, abbotOn('garden'));
      m.kind = 'follower';
      p.meeple.kind = 'follower';
    }, 'must be null or { at, kind } at the canonical spot of a feature of its tile that the figure may take'],
    ['a recall without The Abbot', () => riverOnly.states[20] as GameState, (s) => {
      s.placements.find((p: any, i: number) => i > 0 && p.meeple === null).recall = 'abbot';
    }, "recall must be null, or 'abbot' with The Abbot in play and no meeple deployed"],
    ['a recall and a deploy in the same turn', () => onCloister, (s) => {
      figure(s, abbotOn('cloister')).p.recall = 'abbot';
    }, "recall must be null, or 'abbot' with The Abbot in play and no meeple deployed"],
    ['expansions listed twice', () => onGarden, (s) => (s.expansions = ['river', 'abbot', 'abbot']), 'expansions must list distinct expansions among river, abbot, inns-cathedrals, traders-builders, in that order'],
    ['an unknown expansion', () => onGarden, (s) => (s.expansions = ['river', 'abbot', 'inns']), 'expansions must list distinct expansions among river, abbot, inns-cathedrals, traders-builders, in that order'],
    ['expansions out of order', () => onGarden, (s) => (s.expansions = ['abbot', 'river']), 'expansions must list distinct expansions among river, abbot, inns-cathedrals, traders-builders, in that order'],
    ['no expansions field', () => onGarden, (s) => delete s.expansions, 'expansions must list distinct expansions'],
    ['an abbot on the board of a game without The Abbot', () => onGarden, (s) => (s.expansions = ['river']), 'an abbot count (0 without The Abbot)'],
    ['an unknown river start tile rule', () => onGarden, (s) => (s.rules.riverStartTile = 'kept'), 'riverStartTile (removed, shuffled or first-land)'],
    ['gardens that are not true or false', () => onGarden, (s) => (s.rules.gardens = 'yes'), 'gardens (true or false)'],
    ['garden tiles in a game without gardens', () => onGarden, (s) => (s.rules.gardens = false), 'unknown tile'],
  ])('rejects a state with %s (invalid-state)', (_, base, change, message) => {
    const s = JSON.parse(JSON.stringify(base())) as Record<string, unknown>;
    change(s);
    const e = stateError(() => loadState(s));
    expect(e.code).toBe('invalid-state');
    expect(e.message).toContain(message);
    expect(validateState(s)).toEqual(e.problems);
  });

  it('rejects a river tile placed away from the river\'s open end (rules-facts §f)', () => {
    // Turn 3's river tile moved to a cell where its edges match but the river does not continue.
    const { states } = riverOnly;
    const before = states[3] as GameState;
    const after = states[4] as GameState;
    const tile = before.currentTile as string;
    const river = walkRiver(before);
    const away = frontier(before).flatMap(({ x, y }) => ROTATIONS.map((r) => ({ x, y, r }))).find(({ x, y, r }) => placementCode(before, river, tile, x, y, r) === 'river-not-continued');
    expect(away).toBeDefined();
    const { x, y, r } = away as { x: number; y: number; r: 0 };
    expect(validateMove(before, { x, y, rotation: r })?.code).toBe('river-not-continued');
    const s = JSON.parse(JSON.stringify(after));
    const placed = s.placements[4];
    if (placed.meeple !== null) {
      s.meeples = s.meeples.filter((m: any) => m.x !== placed.x || m.y !== placed.y);
      s.players[placed.player].meeples += 1;
    }
    Object.assign(placed, { x, y, rotation: r, meeple: null });
    const e = stateError(() => loadState(s));
    expect(e.problems).toHaveLength(1);
    expect(e.message).toContain(`placements[4]: tile ${tile} cannot lie at (${x}, ${y}) turned ${r}°`);
    expect(e.message).toContain('continue the river');
  });

  it('rejects a river turning the same way twice in a row (rules-facts §f)', () => {
    // The spring flows east into (1,0). RV-curve (river S and W) at (1,0) turned 0 takes it in from
    // the west and out south: a right turn. At (1,1), turned 180 (river N and E) it turns left: fine;
    // turned 90 (river W and N) it would turn right again: the forbidden U-turn.
    const s0 = createGame({ players: 2, seed: 1, expansions: ['river'], drawOrder: ['RV-curve', 'RV-curve'] });
    const s1 = applyMove(s0, { x: 1, y: 0, rotation: 0 });
    expect(validateMove(s1, { x: 1, y: 1, rotation: 90 })?.code).toBe('river-u-turn');
    const s2 = applyMove(s1, { x: 1, y: 1, rotation: 180 });
    const bad = JSON.parse(JSON.stringify(s2));
    bad.placements[2].rotation = 90;
    const e = stateError(() => loadState(bad));
    expect(e.message).toContain('placements[2]: tile RV-curve cannot lie at (1, 1) turned 90°');
    expect(e.message).toContain('turn the same way twice in a row');
  });

  it('rejects a recall by a player whose abbot is not on the board', () => {
    // Player 0 takes the abbot back at turn 0, before ever deploying it.
    const s = JSON.parse(JSON.stringify(heavy.states[6])) as any;
    const p = s.placements[1];
    if (p.meeple !== null) {
      s.meeples = s.meeples.filter((m: any) => m.x !== p.x || m.y !== p.y);
      s.players[0][p.meeple.kind === 'abbot' ? 'abbots' : 'meeples'] += 1;
      p.meeple = null;
    }
    expect(validateState(JSON.parse(JSON.stringify(s)))).toEqual([]); // consistent but for the recall
    p.recall = 'abbot';
    const e = stateError(() => loadState(s));
    expect(e.message).toContain("placements[1] takes player 0's abbot back, but it is not on the board");
  });

  it('rejects an abbot on the board that its owner took back after deploying it', () => {
    // A state where an abbot stands on the board and its owner has since had a turn deploying nothing.
    const laterTurn = (x: GameState) => {
      for (const m of x.meeples.filter((f) => f.kind === 'abbot')) {
        const at = x.placements.findIndex((p) => p.x === m.x && p.y === m.y);
        const later = x.placements.findIndex((p, i) => i > at && p.player === m.owner && p.meeple === null && p.recall === null);
        if (later > at) return { owner: m.owner, at, later };
      }
      return null;
    };
    const base = find('an abbot on the board and a later turn of its owner', (x) => laterTurn(x) !== null);
    const { owner, at, later } = laterTurn(base) as { owner: number; at: number; later: number };
    const s = JSON.parse(JSON.stringify(base)) as any;
    s.placements[later].recall = 'abbot';
    const e = stateError(() => loadState(s));
    expect(e.message).toContain(`player ${owner}'s abbot was taken back at placements[${later}], after it was deployed at placements[${at}]`);
  });
});

describe('saved states of games with Inns & Cathedrals', () => {
  const SIX: GameOptions = { players: 6, seed: 'save', expansions: ['inns-cathedrals', 'abbot'] };
  const large = playLargeHeavy(SIX, 7);
  // An abbot-heavy game of the same setup: abbots on gardens (IC-B and IC-H have garden copies too).
  const abbots = playAbbotHeavy(SIX, 1);
  const base = playSeeded({ players: 2, seed: 12 }, 12);
  const find = (game: { states: GameState[] }, what: string, test: (s: GameState) => boolean): GameState => {
    const found = game.states.find(test);
    if (found === undefined) throw new Error(`no state with ${what} in the test game`);
    return found;
  };
  const largeOn = (feature: string) => (s: GameState) => s.meeples.some((m) => m.kind === 'large' && m.feature === feature);
  const onRoad = find(large, 'a large meeple on a road', largeOn('road'));
  const onCity = find(large, 'a large meeple on a city', largeOn('city'));
  const onField = find(large, 'a large meeple on a field', largeOn('field'));
  // An abbot on a garden whose owner still has the large meeple in supply.
  const gardenWithLargeInHand = find(abbots, 'an abbot on a garden, its owner\'s large meeple in supply', (s) =>
    s.meeples.some((m) => m.kind === 'abbot' && m.feature === 'garden' && s.players[m.owner]?.largeMeeples === 1),
  );
  const baseWithFollower = find(base, 'a follower on the board', (s) => s.turn >= 20 && s.meeples.some((m) => m.kind === 'follower'));

  it('loadState accepts JSON round trips (six players, large meeples on roads, cities and fields; all three expansions; the demo) and they play on alike', () => {
    const others = [
      abbots,
      playSeeded({ players: 4, seed: 'all', expansions: ['river', 'abbot', 'inns-cathedrals'], rules: { riverStartTile: 'first-land' } }, 4),
      playSeeded({ players: 5, seed: 'demo', tileSet: 'pnp-demo', expansions: ['inns-cathedrals'] }, 5),
    ];
    for (const played of [large, ...others]) expectRoundTrips(played, 8);
    for (const s of [onRoad, onCity, onField, gardenWithLargeInHand]) expect(loadState(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(large.states[0]?.players.map((p) => p.largeMeeples)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  type Change = (s: any) => void;
  const figure = (s: any, test: (m: any) => boolean): { m: any; p: any } => {
    const m = s.meeples.find(test);
    const p = s.placements.find((q: any) => q.x === m.x && q.y === m.y);
    return { m, p };
  };
  const largeMeeple = (m: any) => m.kind === 'large';
  const abbotOnGarden = (s: any) => (m: any) => m.kind === 'abbot' && m.feature === 'garden' && s.players[m.owner].largeMeeples === 1;
  /** A follower of the base game turned into a large meeple (in the figure list, and in the placements too when `deployed`). */
  const followerToLarge = (deployed: boolean): Change => (s) => {
    const { m, p } = figure(s, (x) => x.kind === 'follower');
    m.kind = 'large';
    if (deployed) p.meeple.kind = 'large';
    s.players[m.owner].meeples += 1;
  };
  /** An abbot on a garden turned into its owner's large meeple (supplies kept consistent). */
  const abbotToLarge = (deployed: boolean): Change => (s) => {
    const { m, p } = figure(s, abbotOnGarden(s));
    m.kind = 'large';
    if (deployed) p.meeple.kind = 'large';
    s.players[m.owner].abbots = 1;
    s.players[m.owner].largeMeeples = 0;
  };

  it.each<[string, () => GameState, Change, string]>([
    ['a large meeple count of 2', () => onCity, (s) => (s.players[1].largeMeeples = 2), 'players[1] must have a name, a whole score, a meeple count, an abbot count (0 or 1), a large meeple count (0 or 1)'],
    ['a large meeple count of 1 without Inns & Cathedrals', () => baseWithFollower, (s) => (s.players[0].largeMeeples = 1), 'a large meeple count (0 without Inns & Cathedrals)'],
    ['a large meeple both in supply and on the board', () => onRoad, (s) => {
      s.players[figure(s, largeMeeple).m.owner].largeMeeples = 1;
    }, 'large meeples in supply and 1 on the board, but Inns & Cathedrals gives one'],
    ['a large meeple deployed without Inns & Cathedrals', () => baseWithFollower, followerToLarge(true), 'there is no large meeple without Inns & Cathedrals'],
    ['a large meeple on the board (only in the figure list) without Inns & Cathedrals', () => baseWithFollower, followerToLarge(false), 'there is no large meeple without Inns & Cathedrals'],
    ['six players without Inns & Cathedrals', () => onField, (s) => (s.expansions = ['abbot']), 'players must list 2 to 5 players (6 with Inns & Cathedrals)'],
    ['seven players', () => onField, (s) => s.players.push({ ...s.players[0], name: 'Player 7' }), 'players must list 2 to 6 players'],
    ['a large meeple on a garden (in the figure list)', () => gardenWithLargeInHand, abbotToLarge(false), 'a large meeple may not stand on a garden'],
    ['a large meeple on a garden (deployed so in the placements)', () => gardenWithLargeInHand, abbotToLarge(true), 'must be null or { at, kind } at the canonical spot of a feature of its tile that the figure may take'],
    ['a large meeple of an unknown kind name', () => onRoad, (s) => (figure(s, largeMeeple).m.kind = 'big'), 'is not a figure of a player'],
  ])('rejects a state with %s (invalid-state)', (_, from, change, message) => {
    const s = JSON.parse(JSON.stringify(from())) as Record<string, unknown>;
    change(s);
    const e = stateError(() => loadState(s));
    expect(e.code).toBe('invalid-state');
    expect(e.message).toContain(message);
    expect(validateState(s)).toEqual(e.problems);
  });

  it('rejects Inns & Cathedrals tiles in a game without the expansion', () => {
    // A five-player game of Inns & Cathedrals with the expansion struck out: its tiles are unknown there.
    const s = JSON.parse(JSON.stringify(playSeeded({ players: 5, seed: 'ic tiles', expansions: ['inns-cathedrals'] }, 2).states[0])) as any;
    s.expansions = [];
    for (const p of s.players) p.largeMeeples = 0;
    const e = stateError(() => loadState(s));
    expect(e.message).toMatch(/unknown tile "IC-[A-Q]"/);
  });
});

/**
 * Every `every`-th state of a played game (and the last) survives a JSON round trip through
 * loadState: valid, equal, deeply frozen, with the same legal moves, and the recorded move from it
 * gives the recorded next state.
 */
function expectRoundTrips({ states, moves }: Played, every: number): void {
  states.forEach((s, i) => {
    if (i % every !== 0 && i !== states.length - 1) return;
    const json = JSON.parse(JSON.stringify(s)) as unknown;
    expect(validateState(json)).toEqual([]);
    const loaded = loadState(json);
    expect(loaded).toEqual(s);
    expect(deeplyFrozen(loaded)).toBe(true);
    expect(legalMoves(loaded)).toEqual(legalMoves(s));
    const m = moves[i];
    if (m !== undefined) expect(applyMove(loaded, m)).toEqual(states[i + 1]);
  });
}
