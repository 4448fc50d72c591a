import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type Edition,
  type ExpansionName,
  features,
  type GameOptions,
  type GameState,
  legalMoves,
  legalPlacements,
  legalTurns,
  type Move,
  type ScoredFeature,
  scoreFinal,
  tileDefinition,
  type TowerState,
  type TurnMove,
} from 'carcassonne-engine';
import { mulberry32 } from '../../src/core/rng.js';
import {
  loadGameTiles,
  type RefExpansion,
  type RefFigure,
  type RefMove,
  Referee,
  type RefRules,
  type RefTileDef,
  rotateDef,
} from './referee';

// The Tower (wikicarpedia, The Tower; the C2 rules at papageek.com/car/Tower.htm): the library's
// pure API against the independent referee (tests/reference/referee.ts), move by move, over
// seeded random games that build floors, close towers, capture, exchange and pay ransoms as often
// as they can. After every move of the library (a whole turn, a tile, a ransom, a capture or its
// pass, an exchange): The Tower's state (towers with their floors and tops, prisoners, the ransom
// mark), the step, who is to move, every supply (floors included), every figure, every feature
// with its figures, the scores and the points of the move. At every tile step the tower actions
// offered with each placement; at every action step the tower actions and ransoms; at every
// capture step the captures; at every exchange step the kinds to choose. At the end, the final
// scores. The tile data too: tests/fixtures/reference/tower.json, written from JCloisterZone's
// tower.xml, against the library's tiles, tile by tile and rotation by rotation.

const ALL: readonly RefExpansion[] = ['river', 'abbot', 'inns-cathedrals', 'traders-builders', 'tower'];

// ---------------------------------------------------------------------------------------------
// Tile data

/** A rotated tile as one string: edges, the foundation, and each feature (sorted). */
function refTileKey(def: RefTileDef): string {
  const edges = (es: readonly number[]): string => es.map((e) => 'NESW'[e]).join('');
  const halves = ['NNW', 'NNE', 'ENE', 'ESE', 'SSE', 'SSW', 'WSW', 'WNW'];
  const feats = def.features.map((f) => {
    const adj = f.adjacentCities.map((c) => edges(def.features[c]?.edges ?? [])).sort();
    return `${f.kind}|${edges(f.edges)}|${f.halves.map((h) => halves[h]).join(',')}|p${f.pennants}|adj ${adj.join(';')}`;
  });
  return `${def.edges.map((e) => e[0]).join('')}${def.foundation ? ' tower' : ''} # ${feats.sort().join(' # ')}`;
}

/** The same from the library's tile view. */
function libTileKey(id: string, rotation: 0 | 90 | 180 | 270): string {
  const v = tileDefinition(id, rotation);
  if (v === null) throw new Error(`no tile ${id} in the library`);
  const order = ['N', 'E', 'S', 'W'];
  const halves = ['NNW', 'NNE', 'ENE', 'ESE', 'SSE', 'SSW', 'WSW', 'WNW'];
  const sorted = (es: readonly string[] | undefined): string =>
    [...(es ?? [])].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join('');
  const feats = v.features.map((f) => {
    const view = f as { kind: string; edges?: string[]; halfEdges?: string[]; pennants?: number; cities?: number[] };
    const adj = (view.cities ?? []).map((c) => sorted((v.features[c] as { edges?: string[] }).edges)).sort();
    const hs = [...(view.halfEdges ?? [])].sort((a, b) => halves.indexOf(a) - halves.indexOf(b));
    return `${view.kind}|${sorted(view.edges)}|${hs.join(',')}|p${view.pennants ?? 0}|adj ${adj.join(';')}`;
  });
  const edges = order.map((e) => (v.edges as Record<string, string>)[e]?.[0]).join('');
  return `${edges}${v.marks?.includes('tower') === true ? ' tower' : ''} # ${feats.sort().join(' # ')}`;
}

describe('The Tower: tile data (tests/fixtures/reference/tower.json)', () => {
  it('README §3 checksums: 18 tiles of 17 types, each with a foundation; 1 cloister, 1 pennant, 1 enclosed field, C2 gardens on TO-F and TO-RR', () => {
    const base = loadGameTiles({ tileSet: 'base' }).types;
    const tower = [...loadGameTiles({ tileSet: 'base', expansions: ['tower'] }).types.values()].filter((t) => !base.has(t.id));
    const n = (pred: (d: RefTileDef) => number): number => tower.reduce((a, t) => a + t.count * pred(t.def), 0);
    expect({
      tiles: n(() => 1),
      types: tower.length,
      foundations: n((d) => (d.foundation ? 1 : 0)),
      cloisters: n((d) => d.features.filter((f) => f.kind === 'cloister').length),
      pennants: n((d) => d.features.reduce((a, f) => a + f.pennants, 0)),
      interior: n((d) => d.features.filter((f) => f.kind === 'field' && f.halves.length === 0).length),
      twice: tower.filter((t) => t.count === 2).map((t) => t.id),
    }).toEqual({ tiles: 18, types: 17, foundations: 18, cloisters: 1, pennants: 1, interior: 1, twice: ['TO-C'] });
    expect([...base.values()].some((t) => t.def.foundation)).toBe(false);
    const gardens = [...loadGameTiles({ tileSet: 'base', expansions: ['tower', 'abbot'] }).types.values()].filter((t) =>
      t.def.features.some((f) => f.kind === 'garden'),
    );
    expect(gardens.filter((t) => t.id.startsWith('TO-')).map((t) => [t.id, t.count])).toEqual([
      ['TO-F-garden', 1],
      ['TO-RR-garden', 1],
    ]);
  });

  it('every tile agrees with the library (src/rules/tower/tiles.ts), in every rotation, garden copies included', () => {
    const ids = [
      ...[...loadGameTiles({ tileSet: 'base', expansions: ['tower', 'abbot'] }).types.values()],
      ...[...loadGameTiles({ tileSet: 'base', expansions: ['tower'] }).types.values()],
    ].filter((t) => t.id.startsWith('TO-'));
    expect(new Set(ids.map((t) => t.id)).size).toBe(19);
    const ours: string[] = [];
    const theirs: string[] = [];
    for (const t of ids) {
      for (const r of [0, 90, 180, 270] as const) {
        ours.push(`${t.id}@${r}: ${refTileKey(rotateDef(t.def, r))}`);
        theirs.push(`${t.id}@${r}: ${libTileKey(t.id, r)}`);
      }
    }
    expect(theirs).toEqual(ours);
  });
});

// ---------------------------------------------------------------------------------------------
// Games

/** The rules a game's options stand for (rules-facts §a, §b: editions; §i: 7 meeples in the base set). */
function rulesOf(o: GameOptions): RefRules {
  const preset: Record<Edition, { farmers: RefRules['farmers']; smallCity: 2 | 4 }> = {
    first: { farmers: 'city-4', smallCity: 2 },
    second: { farmers: 'farm-3-once', smallCity: 2 },
    current: { farmers: 'farm-3', smallCity: 4 },
  };
  const p = preset[o.edition ?? 'current'];
  return { farmers: p.farmers, smallCity: p.smallCity, meeples: 7 };
}

const sumAwarded = (entries: readonly ScoredFeature[], players: number): number[] => {
  const out = new Array<number>(players).fill(0);
  for (const e of entries) for (const [i, a] of e.awarded.entries()) out[i] = (out[i] ?? 0) + a;
  return out;
};

const str = (v: unknown): string => JSON.stringify(v);
const sorted = (xs: readonly unknown[]): string[] => xs.map(str).sort();

/** Each feature with its tiles, completion and figures, sorted: where captures took figures from. */
function libFeatures(s: GameState): string[] {
  return features(s)
    .map(
      (f) =>
        `${f.kind}|${f.tiles
          .map((t) => `${t.x},${t.y}`)
          .sort()
          .join(' ')}|${f.complete}|${f.meeples
          .map((m) => m.owner)
          .sort()
          .join(',')}`,
    )
    .sort();
}
function refFeatures(ref: Referee): string[] {
  return ref
    .features()
    .map((f) => `${f.kind}|${f.tiles.join(' ')}|${f.complete}|${f.owners.join(',')}`)
    .sort();
}

/** Everything compared after each move of the library, as one object (one expect a move: vitest's expect is slow). */
function libView(s: GameState, gained: number[] | null) {
  const t = s.modules.tower as TowerState;
  const playing = s.status === 'playing';
  return {
    step: s.step === 'action' ? 'tile' : s.step,
    towers: t.towers,
    prisoners: sorted(t.prisoners),
    ransomPaid: playing ? t.ransomPaid : null,
    meeples: s.players.map((p) => p.meeples),
    large: s.players.map((p) => p.largeMeeples ?? 0),
    abbots: s.players.map((p) => p.abbots ?? 0),
    builders: s.players.map((p) => p.builders ?? 0),
    pigs: s.players.map((p) => p.pigs ?? 0),
    floors: s.players.map((p) => p.floors ?? 0),
    figures: sorted(s.meeples),
    next: playing ? s.currentPlayer : null,
    scores: playing ? s.players.map((p) => p.score) : null,
    gained,
  };
}
function refView(ref: Referee, playing: boolean, gained: number[] | null) {
  return {
    step: ref.step,
    towers: ref.towers,
    prisoners: sorted(ref.prisoners),
    ransomPaid: playing ? ref.ransomPaid : null,
    meeples: ref.supply,
    large: ref.largeMeeples,
    abbots: ref.abbots,
    builders: ref.builders,
    pigs: ref.pigs,
    floors: ref.floors,
    figures: sorted(ref.figures().map((f) => ({ owner: f.owner, kind: f.kind, x: f.x, y: f.y, at: f.at, feature: f.feature }))),
    next: playing ? ref.nextPlayer : null,
    scores: playing ? ref.scores : null,
    gained,
  };
}

/** The library's figures on the board, as the referee lists them (owner, kind, x, y, at, feature). */
const libFigure = (m: GameState['meeples'][number]) => ({ owner: m.owner, kind: m.kind, x: m.x, y: m.y, at: m.at, feature: m.feature });

interface Seen {
  games: number;
  moves: number;
  turns: number;
  floors: number;
  closed: number;
  captures: number;
  ownCaptures: number;
  topCaptures: number;
  passes: number;
  exchanges: number;
  exchangeChoices: number;
  ransoms: number;
  buildersHome: number;
  pigsHome: number;
  /** Captured figures by kind. */
  largeCaptured: number;
  abbotsCaptured: number;
  /** Builders' second tiles played with the turn's ransom already paid (one turn, one ransom). */
  ransomKept: number;
  /** Games by number of players, 2 to 6. */
  sizes: number;
}

const seen: Seen = {
  games: 0,
  moves: 0,
  turns: 0,
  floors: 0,
  closed: 0,
  captures: 0,
  ownCaptures: 0,
  topCaptures: 0,
  passes: 0,
  exchanges: 0,
  exchangeChoices: 0,
  ransoms: 0,
  buildersHome: 0,
  pigsHome: 0,
  largeCaptured: 0,
  abbotsCaptured: 0,
  ransomKept: 0,
  sizes: 0,
};
const sizes = new Set<number>();

/** The referee's move for a whole turn of the library. */
function refMove(tile: string, m: TurnMove): RefMove {
  const action = towerActionOf(m);
  return {
    tile,
    x: m.x,
    y: m.y,
    rotation: m.rotation,
    meeple: m.meeple ? { at: m.meeple.at, kind: (m.meeple.kind ?? 'follower') as RefFigure } : null,
    recall: (m.recall ?? null) as 'abbot' | null,
    tower: action !== null ? { x: action.x, y: action.y, kind: action.kind as 'floor' | 'follower' | 'large' } : null,
  };
}

type TowerAction = { type: 'tower'; x: number; y: number; kind: string };

/** The tower action of a whole turn, or null. */
function towerActionOf(m: TurnMove): { type: 'tower'; x: number; y: number; kind: string } | null {
  const a = m.action as unknown as { type: string; x: number; y: number; kind: string } | null | undefined;
  return a?.type === 'tower' ? (a as { type: 'tower'; x: number; y: number; kind: string }) : null;
}

/** The action step's move of a whole turn. */
function actionOf(m: TurnMove): Move {
  const action = m.action as unknown as Move | null | undefined;
  if (action !== undefined && action !== null) return action;
  if (m.meeple) return { type: 'meeple', at: m.meeple.at, kind: m.meeple.kind ?? 'follower' } as Move;
  if (m.recall) return { type: 'recall', kind: m.recall } as Move;
  return { type: 'pass' } as Move;
}

const towerKey = (a: { x: number; y: number; kind: string }): string => `${a.x},${a.y} ${a.kind}`;

/**
 * Plays a seeded random game through the pure API, the referee alongside, and compares after
 * every move. Tower moves are chosen often: a turn with a floor or a closing follower when there
 * is one (3 turns in 4), a capture rather than the pass (5 in 6), a ransom when offered (1 in 2);
 * a turn in 3, and every turn with a ransom to pay, is played tile first, then the action step.
 */
function playGame(options: GameOptions, check?: (s: GameState, ref: Referee) => void): Referee {
  // Numbers in [0, 1).
  const rand = mulberry32(typeof options.seed === 'number' ? options.seed : 1, 2 ** 32);
  const int = (n: number): number => Math.floor(rand() * n) % n;
  const choose = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  const first = createGame(options);
  const players = first.players.length;
  const rules = rulesOf(options);
  const ref = new Referee({
    tileSet: first.tileSet,
    players,
    rules,
    seed: options.seed,
    expansions: ALL.filter((e) => options.expansions?.includes(e)),
  });
  const discarded = (s: GameState): void => {
    for (const e of s.events) if (e.type === 'tile-discarded') expect(ref.unplaceable(e.tile)).toBe('discarded');
  };
  discarded(first);
  const compare = (
    s: GameState,
    before: GameState | null,
    gained: number[] | null,
    withFeatures: boolean,
    placed: { x: number; y: number } | null = null,
  ): void => {
    seen.moves++;
    const thisMove =
      before === null
        ? null
        : sumAwarded(
            s.scored.slice(before.scored.length).filter((e) => e.phase === 'play'),
            players,
          );
    const lib = libView(s, thisMove);
    if (placed !== null) lib.towers = lib.towers.filter((t) => t.x !== placed.x || t.y !== placed.y);
    lib.figures = sorted(s.meeples.map(libFigure));
    expect({ ...lib, features: withFeatures ? libFeatures(s) : null }).toEqual({
      ...refView(ref, s.status === 'playing', gained),
      features: withFeatures ? refFeatures(ref) : null,
    });
    check?.(s, ref);
  };
  compare(first, null, null, true);
  let s = first;
  let turn = 0;
  while (s.status === 'playing') {
    turn++;
    seen.turns++;
    const player = s.currentPlayer;
    const tile = s.currentTile as string;
    if (ref.extraTurn === 'builder' && ref.ransomPaid) seen.ransomKept++;
    const turns = legalTurns(s);
    // The tower actions offered with each placement (the referee lists all four rotations; the
    // library one per distinct board, every one of them legal to the referee).
    const offered = new Map<string, string[]>();
    for (const p of legalPlacements(s)) offered.set(`${p.x},${p.y}@${p.rotation}`, []);
    for (const m of turns) {
      const a = towerActionOf(m);
      if (a?.type === 'tower') offered.get(`${m.x},${m.y}@${m.rotation}`)?.push(towerKey(a));
    }
    const expected = new Map<string, string[]>();
    for (const k of offered.keys()) {
      const [xy, r] = k.split('@') as [string, string];
      const [x, y] = xy.split(',').map(Number) as [number, number];
      expected.set(k, ref.towerOptions(tile, x, y, Number(r), player).map(towerKey).sort());
    }
    expect(new Map([...offered].map(([k, v]) => [k, v.sort()]))).toEqual(expected);

    // The turn (the referee only steers the choice): by preference a floor raising a tower within
    // reach of a figure (another player's first), a follower closing a tower, any floor, a figure
    // deployed, any turn.
    const figures = ref.figures();
    const tops = ref.towers.filter((t) => t.top !== null);
    const reaches = (a: { x: number; y: number }, mine: boolean): boolean => {
      const h = (ref.towers.find((t) => t.x === a.x && t.y === a.y)?.floors ?? 0) + 1;
      const near = (x: number, y: number): boolean => (x === a.x && Math.abs(y - a.y) <= h) || (y === a.y && Math.abs(x - a.x) <= h);
      return [
        ...figures.filter((f) => f.kind !== 'builder' && f.kind !== 'pig').map((f) => ({ x: f.x, y: f.y, owner: f.owner })),
        ...tops.map((t) => ({ x: t.x, y: t.y, owner: t.top?.owner })),
      ].some((f) => near(f.x, f.y) && (mine || f.owner !== player));
    };
    const floors = turns.filter((t) => towerActionOf(t)?.kind === 'floor');
    // With a ransom to pay, a tile extending the player's builder: a second tile in the same turn,
    // where no second ransom may be paid.
    const ransoms = ref.ransomOptions(player);
    const builderAt = new Map<string, boolean>();
    const extendsBuilder = (t: TurnMove): boolean => {
      const k = `${t.x},${t.y}@${t.rotation}`;
      let v = builderAt.get(k);
      if (v === undefined) {
        v = ref
          .placementJoins(tile, t.x, t.y, t.rotation)
          .some((j) => (j.kind === 'road' || j.kind === 'city') && j.figures.some((f) => f.owner === player && f.kind === 'builder'));
        builderAt.set(k, v);
      }
      return v;
    };
    const pools = [
      ransoms.length > 0 && ref.figures().some((f) => f.owner === player && f.kind === 'builder') && ref.extraTurn === null
        ? turns.filter(extendsBuilder)
        : [],
      floors.filter((t) => reaches(towerActionOf(t) as TowerAction, false)),
      floors.filter((t) => reaches(towerActionOf(t) as TowerAction, true)),
      turns.filter((t) => (towerActionOf(t)?.kind ?? 'floor') !== 'floor'),
      floors,
      // Builders and pigs, to be sent home with a captured follower; builders' second tiles.
      turns.filter((t) => t.meeple?.kind === 'builder' || t.meeple?.kind === 'pig'),
      turns.filter((t) => t.meeple?.kind === 'large'),
      turns.filter((t) => t.meeple !== undefined && t.meeple !== null),
    ];
    const wanted = [true, int(10) < 5, int(10) < 5, int(10) < 3, int(10) < 2, int(10) < 8, int(10) < 5, int(10) < 7];
    const m = choose(pools.find((p, i) => p.length > 0 && wanted[i]) ?? turns);
    // The state before the move's points: before the tile, or after the ransom.
    let before = s;
    if (ransoms.length > 0 || int(3) === 0) {
      // Tile first, then the action step: its tower actions and ransoms against the referee's.
      s = applyMove(s, { type: 'tile', tile, x: m.x, y: m.y, rotation: m.rotation } as Move);
      if (s.step === 'action') {
        const askAction = (): Move[] => {
          const moves = legalMoves(s);
          expect({
            towers: moves.flatMap((a) => (a.type === 'tower' ? [towerKey(a as never)] : [])).sort(),
            ransoms: sorted(moves.flatMap((a) => (a.type === 'ransom' ? [{ jailer: a.jailer, kind: a.kind }] : []))),
          }).toEqual({
            towers: ref.towerOptions(tile, m.x, m.y, m.rotation, player).map(towerKey).sort(),
            ransoms: sorted(ref.ransomOptions(player)),
          });
          return moves;
        };
        const moves = askAction();
        const offeredRansoms = moves.filter((a) => a.type === 'ransom');
        if (offeredRansoms.length > 0 && (int(3) < 2 || (ref.extraTurn === null && extendsBuilder(m)))) {
          const r = choose(offeredRansoms) as Move & { jailer: number; kind: string };
          const paid = s;
          s = applyMove(s, r);
          const gained = ref.ransom(player, r.jailer, r.kind as RefFigure);
          // The referee has yet to place the tile: its tower aside.
          compare(s, paid, gained, false, { x: m.x, y: m.y });
          before = s;
          askAction();
        }
        s = applyMove(s, actionOf(m));
      } else {
        // Nothing to do with the tile: the turn ended with its placement.
        expect(actionOf(m)).toEqual({ type: 'pass' });
      }
    } else {
      s = applyMove(s, m);
    }
    const action = refMove(tile, m);
    let gained = ref.play(action, player);
    discarded(s);
    compare(s, before, gained, turn % 4 === 0 || ref.step !== 'tile');
    // The capture step, then perhaps the exchange step.
    while (s.step === 'capture' || s.step === 'exchange') {
      const moves = legalMoves(s);
      const prev = s;
      if (s.step === 'capture') {
        const captures = moves.filter((c) => c.type === 'capture') as (Move & { x: number; y: number; at: string | null })[];
        expect({
          pass: moves.filter((c) => c.type === 'pass').length,
          captures: sorted(captures.map((c) => ({ x: c.x, y: c.y, at: c.at }))),
        }).toEqual({
          pass: 1,
          captures: sorted(ref.captureOptions()),
        });
        if (captures.length > 0 && int(6) < 5) {
          // By preference (the referee only steers): a figure whose owner holds some of ours (an
          // exchange), a follower whose owner has a builder or pig with it (sent home), any.
          const ownerOf = (c: { x: number; y: number; at: string | null }): number | undefined =>
            c.at === null
              ? ref.towers.find((t) => t.x === c.x && t.y === c.y)?.top?.owner
              : ref.figures().find((f) => f.x === c.x && f.y === c.y && f.at === c.at)?.owner;
          const holdsMine = (o: number | undefined): boolean => ref.prisoners.some((p) => p.jailer === o && p.owner === player);
          const withHelper = (c: { x: number; y: number; at: string | null }): boolean => {
            if (c.at === null) return false;
            const o = ownerOf(c);
            const fs = ref.features();
            const figs = ref.featureFigures();
            return fs.some(
              (f, i) =>
                f.kind !== 'cloister' &&
                f.tiles.includes(`${c.x},${c.y}`) &&
                (figs[i] ?? []).some((g) => g.owner === o && (g.kind === 'builder' || g.kind === 'pig')),
            );
          };
          const capturePools = [captures.filter((c) => holdsMine(ownerOf(c))), captures.filter(withHelper)];
          const c = choose(capturePools.find((p) => p.length > 0 && int(3) < 2) ?? captures);
          const top = c.at === null ? ref.towers.find((t) => t.x === c.x && t.y === c.y)?.top : null;
          const victim = c.at === null ? top?.owner : ref.figures().find((f) => f.x === c.x && f.y === c.y && f.at === c.at)?.owner;
          s = applyMove(s, c);
          gained = ref.capture(player, { x: c.x, y: c.y, at: c.at });
          if (victim === player) seen.ownCaptures++;
          if (c.at === null) seen.topCaptures++;
        } else {
          s = applyMove(s, { type: 'pass' } as Move);
          gained = ref.capture(player, null);
        }
      } else {
        const kinds = moves.map((e) => (e as Move & { kind: string }).kind);
        expect({ types: [...new Set(moves.map((e) => e.type))], kinds: kinds.sort() }).toEqual({
          types: ['exchange'],
          kinds: [...ref.exchangeOptions()].sort(),
        });
        const kind = choose(kinds) as RefFigure;
        s = applyMove(s, { type: 'exchange', kind } as Move);
        gained = ref.exchange(player, kind);
        seen.exchangeChoices++;
      }
      discarded(s);
      compare(s, prev, gained, true);
    }
  }
  // The end: towers, floors and prisoners score nothing (the referee's final scoring knows none of them).
  expect(s.players.map((p) => p.score)).toEqual(ref.finalScore().totals);
  expect(scoreFinal(s).scores).toEqual(ref.finalScore().totals);
  seen.games++;
  // What the referee saw played.
  const log = (type: (typeof ref.towerLog)[number]['type']): number => ref.towerLog.filter((e) => e.type === type).length;
  seen.floors += log('floor');
  seen.closed += log('close');
  seen.captures += log('capture');
  seen.passes += log('pass');
  seen.exchanges += log('exchange');
  seen.ransoms += log('ransom');
  for (const e of ref.towerLog) {
    if (e.type === 'capture' && e.detail.includes("'s large ")) seen.largeCaptured++;
    if (e.type === 'capture' && e.detail.includes("'s abbot ")) seen.abbotsCaptured++;
  }
  sizes.add(players);
  seen.sizes = sizes.size;
  // Builders and pigs sent home with the follower captured from their feature (rules-facts §e).
  seen.buildersHome += ref.sentHomeByCapture.filter((k) => k === 'builder').length;
  seen.pigsHome += ref.sentHomeByCapture.filter((k) => k === 'pig').length;
  return ref;
}

/** Games per set of expansions (TOWER_GAMES, default 3) and the first seed (TOWER_SEED, default 0), for a soak. */
const PER_SET = Number(process.env.TOWER_GAMES ?? 3);
const FIRST_SEED = Number(process.env.TOWER_SEED ?? 0);
/** Whether to check that the games did what they are for: with the fixed games of every run. */
const COVERAGE = process.env.TOWER_GAMES === undefined && process.env.TOWER_SEED === undefined;

const GAMES: readonly { expansions: ExpansionName[]; games: number }[] = [
  { expansions: ['tower'], games: PER_SET },
  { expansions: ['tower', 'inns-cathedrals'], games: PER_SET },
  { expansions: ['tower', 'traders-builders'], games: PER_SET },
  { expansions: ['river', 'abbot', 'inns-cathedrals', 'traders-builders', 'tower'], games: PER_SET },
];

describe('The Tower: the library agrees with the referee over random games', () => {
  for (const { expansions, games } of GAMES) {
    it(
      `${expansions.join(' + ')}: ${games} games`,
      () => {
        for (let g = 0; g < games; g++) {
          const six = expansions.includes('inns-cathedrals');
          const players = 2 + ((g * 3 + expansions.length + 1) % (six ? 5 : 4));
          const edition = (['current', 'second', 'first'] as const)[g % 3] as Edition;
          playGame({ players, seed: 1000 * expansions.length + FIRST_SEED + g, expansions, edition });
        }
      },
      120_000 + PER_SET * 10_000,
    );
  }

  it('the games did what they are for: floors, closed towers, captures of every kind, exchanges (with a choice), ransoms', () => {
    if (process.env.REFERENCE_STATS) console.log('tower agreement:', JSON.stringify(seen));
    if (COVERAGE) for (const [k, v] of Object.entries(seen)) expect([k, v > 0]).toEqual([k, true]);
  });
});

describe('The Tower, hand-built: the capture comes before the scoring of what the tile completed', () => {
  // D at (0,0) (city N). Ann: TO-F at (0,1), a floor (height 1). Bob: G turned 90° at (0,-1), a
  // knight on the city D–G. Ann: E turned 180° at (0,-2) closes the city (3 tiles) and puts a
  // floor on (0,1): height 2 reaches (0,-1). Captured, Bob's knight scores nothing (mjharper's
  // FAQ: "Prisoners are taken first"; the tower action is the deploy part of the turn, scoring
  // comes after it); let go, it scores the city.
  for (const capture of [true, false]) {
    it(capture ? 'captured: nobody scores the city, the knight is held' : 'the pass: the knight scores the city, 6', () => {
      let s = createGame({ players: 2, seed: 1, expansions: ['tower'], drawOrder: ['TO-F', 'G', 'E'] });
      const ref = new Referee({
        tileSet: 'base',
        players: 2,
        rules: { farmers: 'farm-3', smallCity: 4, meeples: 7 },
        expansions: ['tower'],
      });
      const turns: [TurnMove, RefMove][] = [
        [
          { x: 0, y: 1, rotation: 0, action: { type: 'tower', x: 0, y: 1, kind: 'floor' } } as unknown as TurnMove,
          { tile: 'TO-F', x: 0, y: 1, rotation: 0, tower: { x: 0, y: 1, kind: 'floor' } },
        ],
        [
          { x: 0, y: -1, rotation: 90, meeple: { at: 'N' } },
          { tile: 'G', x: 0, y: -1, rotation: 90, meeple: { at: 'N' } },
        ],
        [
          { x: 0, y: -2, rotation: 180, action: { type: 'tower', x: 0, y: 1, kind: 'floor' } } as unknown as TurnMove,
          { tile: 'E', x: 0, y: -2, rotation: 180, tower: { x: 0, y: 1, kind: 'floor' } },
        ],
      ];
      turns.forEach(([m, r], i) => {
        s = applyMove(s, m);
        ref.play(r, i % 2);
      });
      expect({ step: s.step, captures: legalMoves(s) }).toEqual({
        step: 'capture',
        captures: [{ type: 'pass' }, { type: 'capture', x: 0, y: -1, at: 'N' }],
      });
      expect(ref.captureOptions()).toEqual([{ x: 0, y: -1, at: 'N' }]);
      s = applyMove(s, capture ? ({ type: 'capture', x: 0, y: -1, at: 'N' } as Move) : ({ type: 'pass' } as Move));
      const gained = ref.capture(0, capture ? { x: 0, y: -1, at: 'N' } : null);
      const t = s.modules.tower as TowerState;
      const expected = capture
        ? { scores: [0, 0], prisoners: [{ jailer: 0, owner: 1, kind: 'follower', count: 1 }], meeples: [7, 6] }
        : { scores: [0, 6], prisoners: [], meeples: [7, 7] };
      expect({ scores: s.players.map((p) => p.score), prisoners: t.prisoners, meeples: s.players.map((p) => p.meeples) }).toEqual(expected);
      expect({ scores: ref.scores, prisoners: ref.prisoners, meeples: ref.supply, gained }).toEqual({
        ...expected,
        gained: expected.scores,
      });
      expect(t.towers).toEqual(ref.towers);
      expect(ref.towers).toEqual([{ x: 0, y: 1, floors: 2, top: null }]);
    });
  }
});
