import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  type Edition,
  type ExpansionName,
  type FarmerRuleName,
  features,
  type GameOptions,
  type GameState,
  legalMoves,
  legalPlacements,
  type MeepleKind,
  type Move,
  type ScoredFeature,
  scoreFinal,
} from 'carcassonne-engine';
import { choices, FARMER_RULES } from '../support/play';
import { type RefMajority, Referee, type RefRules } from './referee';

// The kernel against the slow, independently written referee (flood fill over the board), move by
// move: legal placements, follower, large-meeple and abbot options and recalls, scores, supplies of
// followers, abbots and large meeples, every figure, every feature (rivers and gardens too) with
// its completion, figures, pennants, inns and cathedrals, discards, the tiles of the game, the
// river's draw order, and the final scoring split by kind, under every farmer rule, with and
// without The River, The Abbot and Inns & Cathedrals, for 2 to 5 players (6 with Inns & Cathedrals).
const RUNS = Number(process.env.REFERENCE_RUNS ?? 25);

const ALL_EXPANSIONS: readonly ExpansionName[] = ['river', 'abbot', 'inns-cathedrals'];

interface FeatureFacts {
  kind: string;
  tiles: readonly string[];
  complete: boolean;
  owners: readonly number[];
  pennants: number;
  open: number;
  inns: number;
  cathedrals: number;
}

const key = (f: FeatureFacts) =>
  `${f.kind}|${f.tiles.join(' ')}|${f.complete}|${f.owners.join(',')}|${f.pennants}|${f.open}|inns ${f.inns}|cathedrals ${f.cathedrals}`;

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
        inns: f.inns,
        cathedrals: f.cathedrals,
      }),
    )
    .sort();
}

function compareTurn(s: GameState, ref: Referee, legal: readonly Move[], checkFigures: boolean): void {
  const tile = s.currentTile as string;
  const player = s.currentPlayer;
  const ours = legalPlacements(s);
  const theirs = ref.legalPlacements(tile);
  // Ours lists one rotation per distinct board; the referee lists all four.
  const str = (p: { x: number; y: number; rotation: number }): string => `${p.x},${p.y}@${p.rotation}`;
  const theirSet = new Set(theirs.map(str));
  expect(ours.filter((o) => !theirSet.has(str(o)))).toEqual([]);
  const missing = theirs.filter(
    (p) => !ours.some((o) => o.x === p.x && o.y === p.y && ref.sameRotation(tile, o.rotation, p.rotation)),
  );
  expect(missing).toEqual([]);
  if (!checkFigures) return;
  // Every legal move, placement by placement, as tokens: 'plain', 'recall', and for a figure its
  // kind and the index of the referee's option (a free feature) holding its spot ('?' when none).
  // One comparison per turn: vitest's expect is too slow to call per move.
  const recall = ref.canRecall(player);
  const optionsAt = new Map<string, Record<MeepleKind, string[][]>>();
  const expected: Record<string, string> = {};
  for (const p of ours) {
    const options: Record<MeepleKind, string[][]> = {
      // Followers: on each free feature the referee allows (never a river or a garden, §f §g).
      follower: ref.meepleOptions(tile, p.x, p.y, p.rotation, player),
      // The large meeple: wherever a follower may, when in supply (rules-facts §d).
      large: ref.largeOptions(tile, p.x, p.y, p.rotation, player),
      // The abbot: on the tile's cloister or garden, when in supply (§g).
      abbot: ref.abbotOptions(tile, p.x, p.y, p.rotation, player),
    };
    optionsAt.set(str(p), options);
    // The plain placement, and taking the abbot back when it is on the board (§g).
    const tokens = ['plain', ...(recall ? ['recall'] : [])];
    for (const kind of ['follower', 'large', 'abbot'] as const) options[kind].forEach((_, i) => tokens.push(`${kind} ${i}`));
    expected[str(p)] = tokens.sort().join(' | ');
  }
  const offered: Record<string, string[]> = {};
  for (const m of legal) {
    const options = optionsAt.get(str(m));
    let token = 'plain';
    if (m.recall) token = m.recall === 'abbot' ? 'recall' : `recall ${m.recall}`;
    else if (m.meeple) {
      const kind = m.meeple.kind ?? 'follower';
      const i = options?.[kind].findIndex((o) => o.includes(m.meeple?.at as string)) ?? -1;
      token = `${kind} ${i < 0 ? `? ${m.meeple.at}` : i}`;
    }
    (offered[str(m)] ??= []).push(token);
  }
  expect(Object.fromEntries(Object.entries(offered).map(([k, t]) => [k, t.sort().join(' | ')]))).toEqual(expected);
}

function sumAwarded(entries: readonly ScoredFeature[], players: number): number[] {
  const out = new Array<number>(players).fill(0);
  for (const e of entries) e.awarded.forEach((a, i) => (out[i] = (out[i] ?? 0) + a));
  return out;
}

/** Majorities decided, as "kind|strength per player|holders", sorted; entries with no figure left out. */
function engineMajorities(entries: readonly ScoredFeature[]): string[] {
  return entries
    .filter((e) => e.meeples.some((m) => m > 0))
    .map((e) => `${e.kind}|${e.meeples.join(',')}|${e.holders.join(',')}`)
    .sort();
}

/** The same from the referee's log; strengths counted here: a large meeple 2, any other figure 1 (§d). */
function refMajorities(log: readonly RefMajority[], players: number): string[] {
  return log
    .map((m) => {
      const strength = new Array<number>(players).fill(0);
      for (const f of m.figures) strength[f.owner] = (strength[f.owner] ?? 0) + (f.kind === 'large' ? 2 : 1);
      return `${m.kind}|${strength.join(',')}|${m.holders.join(',')}`;
    })
    .sort();
}

function finalByKind(s: GameState): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const kind of ['road', 'city', 'cloister', 'garden', 'field']) out[kind] = s.players.map(() => 0);
  for (const e of scoreFinal(s).breakdown) {
    if (e.phase !== 'final') continue;
    e.awarded.forEach((a, i) => {
      (out[e.kind] as number[])[i] = ((out[e.kind] as number[])[i] ?? 0) + a;
    });
  }
  return out;
}

/** The rules a game's options stand for, by rules-facts §a, §b (editions) and §i (meeples). */
function rulesOf(o: GameOptions): RefRules {
  const preset: Record<Edition, { farmers: FarmerRuleName; smallCity: 2 | 4 }> = {
    first: { farmers: 'city-4', smallCity: 2 },
    second: { farmers: 'farm-3-once', smallCity: 2 },
    current: { farmers: 'farm-3', smallCity: 4 },
  };
  const p = preset[o.edition ?? 'current'];
  return {
    farmers: (o.rules?.farmers as FarmerRuleName | undefined) ?? p.farmers,
    smallCity: o.rules?.smallCity ?? p.smallCity,
    meeples: o.tileSet === 'pnp-demo' ? 5 : 7,
  };
}

const sortIds = (ids: readonly string[]): string[] => [...ids].sort();

/** Chooses a move among the legal ones at turn `turn` of the game in state `s`. */
type Chooser = (s: GameState, legal: readonly Move[], turn: number, ref: Referee) => Move;

/**
 * Plays a game with `choose` and checks every step against the referee. The game is played here
 * rather than beforehand so that each state still has its kernel when it is asked about.
 */
function agree(options: GameOptions, choose: Chooser): Referee {
  const first = createGame(options);
  const expansions = ALL_EXPANSIONS.filter((e) => options.expansions?.includes(e));
  const rules = rulesOf(options);
  expect(first.expansions).toEqual(expansions);
  expect(first.rules).toEqual({
    ...rules,
    riverStartTile: options.rules?.riverStartTile ?? 'removed',
    gardens: options.rules?.gardens ?? true,
  });
  const ref = new Referee({
    tileSet: first.tileSet,
    players: first.players.length,
    rules,
    expansions,
    ...(options.rules?.riverStartTile !== undefined ? { riverStartTile: options.rules.riverStartTile } : {}),
    ...(options.rules?.gardens !== undefined ? { gardens: options.rules.gardens } : {}),
  });
  expect(first.placements.map((p) => p.tile)).toEqual(ref.placements.map((p) => p.tile));
  expect(first.players.map((p) => p.abbots)).toEqual(ref.abbots);
  expect(first.players.map((p) => p.largeMeeples)).toEqual(ref.largeMeeples);
  // Every tile drawn, in order: placed, or discarded as fitting nowhere (rules-facts §h).
  const drawn: string[] = [];
  const discarded = (s: GameState): void => {
    for (const e of s.events) {
      if (e.type !== 'tile-discarded') continue;
      expect(ref.legalPlacements(e.tile)).toEqual([]);
      drawn.push(e.tile);
    }
  };
  discarded(first);
  let decided = 0;
  let before = first;
  for (let i = 0; before.status === 'playing'; i++) {
    const legal = legalMoves(before);
    compareTurn(before, ref, legal, i % 3 === 0);
    const m = choose(before, legal, i, ref);
    const after = applyMove(before, m);
    const tile = before.currentTile as string;
    const players = before.players.length;
    drawn.push(tile);
    const meeple = m.meeple ? { at: m.meeple.at, kind: m.meeple.kind ?? 'follower' } : null;
    const gained = ref.play({ tile, x: m.x, y: m.y, rotation: m.rotation, meeple, recall: m.recall ?? null }, before.currentPlayer);
    discarded(after);
    // The points of this move, per player, and the majorities it decided: the strength of each
    // player (a large meeple weighing 2, rules-facts §d) and who scored.
    const thisMove = after.scored.slice(before.scored.length).filter((e) => e.phase === 'play');
    const majorities = ref.majorities();
    const playing = after.status === 'playing';
    // One comparison per move (vitest's expect is too slow to call a dozen times a move).
    expect({
      features: engineFeatures(after),
      meeples: after.players.map((p) => p.meeples),
      abbots: after.players.map((p) => p.abbots),
      largeMeeples: after.players.map((p) => p.largeMeeples),
      figures: after.meeples,
      // A discard does not skip anyone: the next player draws until a tile fits.
      next: after.currentPlayer,
      gained: sumAwarded(thisMove, players),
      majorities: engineMajorities(thisMove.filter((e) => e.complete)),
      scores: playing ? after.players.map((p) => p.score) : null,
    }).toEqual({
      features: ref.features().map(key).sort(),
      meeples: ref.supply,
      abbots: ref.abbots,
      largeMeeples: ref.largeMeeples,
      figures: ref.figures(),
      next: (before.currentPlayer + 1) % players,
      gained,
      majorities: refMajorities(majorities.slice(decided), players),
      scores: playing ? ref.scores : null,
    });
    decided = majorities.length;
    if (playing) {
      if (i % 10 === 0) expect(scoreFinal(after).scores).toEqual(ref.finalScore().totals);
    } else {
      const f = ref.finalScore();
      const final = scoreFinal(after).breakdown.filter((e) => e.phase === 'final');
      expect({ scores: after.players.map((p) => p.score), byKind: finalByKind(after), majorities: engineMajorities(final) }).toEqual({
        scores: f.totals,
        byKind: f.final,
        majorities: refMajorities(ref.finalMajorities(), players),
      });
    }
    before = after;
  }
  // Every tile of the game was drawn once (the start tile excepted): the composition of the game.
  const deck: string[] = [];
  for (const t of ref.tileTypes()) for (let i = 0; i < t.count; i++) deck.push(t.id);
  deck.splice(deck.indexOf(ref.placements[0]?.tile as string), 1);
  expect(sortIds(drawn)).toEqual(sortIds(deck));
  // The River (rules-facts §f): the river tiles first, the lake last among them; then, with
  // 'first-land', the base start tile as the first land tile.
  if (expansions.includes('river')) {
    const roles = drawn.map((t) => ref.riverRole(t));
    const land = roles.indexOf(null);
    const lake = roles.indexOf('lake');
    expect(roles.slice(0, lake)).toEqual(roles.slice(0, lake).map(() => 'course'));
    expect(land).toBe(lake + 1);
    expect(roles.slice(land).every((r) => r === null)).toBe(true);
    if (options.rules?.riverStartTile === 'first-land') expect(drawn[land]).toBe('D');
  }
  return ref;
}

const expansionsArb = fc.shuffledSubarray<ExpansionName>([...ALL_EXPANSIONS]);

/** Picks uniformly by `picks`: its i-th entry (cycling) modulo the number of moves. */
const pick = (pool: readonly Move[], picks: readonly number[], turn: number): Move =>
  pool[(picks[turn % picks.length] ?? 0) % pool.length] as Move;

/** Any legal move, chosen by `picks`. */
const uniform =
  (picks: readonly number[]): Chooser =>
  (_s, legal, turn) =>
    pick(legal, picks, turn);

/**
 * A game that crowds cloisters and gardens, so that abbots and monks get surrounded: the abbot
 * goes out whenever it can, otherwise a tile goes next to a cloister or garden holding a figure
 * when one can, and the abbot is never taken back. Among the moves kept, `picks` chooses.
 */
const crowded =
  (picks: readonly number[]): Chooser =>
  (s, legal, turn) => {
    const near = new Set<string>();
    for (const m of s.meeples) {
      if (m.feature !== 'cloister' && m.feature !== 'garden') continue;
      for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) near.add(`${m.x + dx},${m.y + dy}`);
    }
    const pools = [
      legal.filter((m) => m.meeple?.kind === 'abbot'),
      legal.filter((m) => near.has(`${m.x},${m.y}`) && !m.recall),
      legal.filter((m) => !m.recall),
    ];
    return pick(pools.find((p) => p.length > 0) ?? legal, picks, turn);
  };

/**
 * A game that brings large meeples against other figures (rules-facts §d: a large meeple counts
 * as 2 in every majority), which uniformly random moves rarely do (a large meeple decides a
 * majority in about one game in five; here in about three in five). In order of preference: a
 * tile joining features into one that then holds a large meeple and another player's figure
 * (asked of the referee: it only steers the choice); the large meeple deployed, on a road or city
 * if it can; a follower deployed next to a tile holding a figure (while the player keeps 2 in
 * supply); a tile extending a large meeple's feature; any move but taking the abbot back. Among
 * the moves kept, `picks` chooses.
 */
const contested =
  (picks: readonly number[]): Chooser =>
  (s, legal, turn, ref) => {
    const tile = s.currentTile as string;
    // Per placement: 2 when it joins a large meeple's feature to another player's figure, 1 when
    // it only extends a large meeple's feature, 0 otherwise.
    const merges = new Map<string, number>();
    const merging = (m: Move): number => {
      const k = `${m.x},${m.y}@${m.rotation}`;
      let v = merges.get(k);
      if (v === undefined) {
        v = 0;
        for (const j of ref.placementJoins(tile, m.x, m.y, m.rotation)) {
          const large = j.figures.filter((f) => f.kind === 'large');
          if (j.features > 1 && large.some((l) => j.figures.some((f) => f.owner !== l.owner))) v = 2;
          else if (large.length > 0) v = Math.max(v, 1);
        }
        merges.set(k, v);
      }
      return v;
    };
    const figures = new Set(s.meeples.map((m) => `${m.x},${m.y}`));
    const near = (m: Move): boolean =>
      [`${m.x},${m.y - 1}`, `${m.x + 1},${m.y}`, `${m.x},${m.y + 1}`, `${m.x - 1},${m.y}`].some((k) => figures.has(k));
    const follower = (m: Move): boolean => m.meeple !== undefined && m.meeple !== null && (m.meeple.kind ?? 'follower') === 'follower';
    const supply = s.players[s.currentPlayer]?.meeples ?? 0;
    const pools = [
      legal.filter((m) => !m.recall && merging(m) === 2),
      legal.filter((m) => m.meeple?.kind === 'large' && ['N', 'E', 'S', 'W'].includes(m.meeple.at)),
      legal.filter((m) => m.meeple?.kind === 'large'),
      supply > 2 ? legal.filter((m) => follower(m) && near(m)) : [],
      legal.filter((m) => !m.recall && merging(m) === 1),
      legal.filter((m) => !m.recall),
    ];
    return pick(pools.find((p) => p.length > 0) ?? legal, picks, turn);
  };

/**
 * Options of a random game: 2–5 players (6 with Inns & Cathedrals), any tile set and edition, the
 * given farmer rules and expansions (`always`: the expansions are always given; otherwise
 * sometimes left out), and the River's and the Abbot's rules sometimes left to their defaults.
 */
function gameOptionsArb(
  farmers: fc.Arbitrary<FarmerRuleName>,
  expansions: fc.Arbitrary<ExpansionName[]>,
  always: boolean,
): fc.Arbitrary<GameOptions> {
  const given: fc.Arbitrary<ExpansionName[] | undefined> = always ? expansions : fc.option(expansions, { nil: undefined });
  return given.chain((exps) =>
    fc
      .record(
        {
          players: fc.integer({ min: 2, max: exps?.includes('inns-cathedrals') ? 6 : 5 }),
          seed: fc.integer(),
          tileSet: fc.constantFrom('base' as const, 'pnp-demo' as const),
          edition: fc.constantFrom('first' as const, 'second' as const, 'current' as const),
          rules: fc.record(
            {
              farmers,
              smallCity: fc.constantFrom(2 as const, 4 as const),
              riverStartTile: fc.constantFrom('removed' as const, 'shuffled' as const, 'first-land' as const),
              gardens: fc.boolean(),
            },
            { requiredKeys: ['farmers'] },
          ),
        },
        { requiredKeys: ['players', 'seed', 'tileSet', 'rules'] },
      )
      .map((o): GameOptions => (exps === undefined ? o : { ...o, expansions: exps })),
  );
}

/** Majorities a large meeple decided: its weight of 2 changed who scores (2 against 1, 2 against 2, …). */
function largeDecided(ref: Referee): number {
  const all = [...ref.majorities(), ...ref.finalMajorities()];
  return all.filter((m) => {
    if (!m.figures.some((f) => f.kind === 'large')) return false;
    const counts = new Map<number, number>();
    for (const f of m.figures) counts.set(f.owner, (counts.get(f.owner) ?? 0) + 1);
    const max = Math.max(...counts.values());
    const flat = [...counts].filter(([, c]) => c === max).map(([p]) => p).sort((a, b) => a - b);
    return flat.join(',') !== m.holders.join(',');
  }).length;
}

describe('the kernel agrees with the independent referee (tests/reference/referee.ts)', () => {
  for (const farmers of FARMER_RULES) {
    it(`over random games scored with farmers '${farmers}', with and without The River, The Abbot and Inns & Cathedrals`, () => {
      fc.assert(
        fc.property(
          gameOptionsArb(fc.constant(farmers), expansionsArb, false),
          choices,
          (options, picks) => {
            agree(options, uniform(picks));
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  // Random games rarely surround an abbot; these games do (rules-facts §g: 9 points when
  // surrounded, an abbot still on the board scores like an incomplete cloister).
  it('over random games crowding cloisters and gardens, with The Abbot', () => {
    fc.assert(
      fc.property(
        gameOptionsArb(
          fc.constantFrom(...FARMER_RULES),
          fc.constantFrom<ExpansionName[]>(['abbot'], ['river', 'abbot'], ['abbot', 'river'], ['abbot', 'inns-cathedrals']),
          true,
        ),
        choices,
        (options, picks) => {
          agree(options, crowded(picks));
        },
      ),
      { numRuns: RUNS },
    );
  });

  // Random games rarely let a large meeple decide a majority; these games do (rules-facts §d: a
  // large meeple counts as 2 in every majority, farmers included, under every farmer rule).
  it('over random games bringing large meeples against other figures, with Inns & Cathedrals', () => {
    let decided = 0;
    fc.assert(
      fc.property(
        gameOptionsArb(
          fc.constantFrom(...FARMER_RULES),
          fc.shuffledSubarray<ExpansionName>(['river', 'abbot']).map((e) => [...e, 'inns-cathedrals' as const]),
          true,
        ),
        choices,
        (options, picks) => {
          const ref = agree(options, contested(picks));
          decided += largeDecided(ref);
        },
      ),
      { numRuns: RUNS },
    );
    // The games did what they are for (in some game of ten, by far).
    if (RUNS >= 10) expect(decided).toBeGreaterThan(0);
  });
});
