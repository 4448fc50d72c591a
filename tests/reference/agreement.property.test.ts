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
  type Move,
  scoreFinal,
} from 'carcassonne-engine';
import { choices, FARMER_RULES, type Played, play } from '../support/play';
import { Referee, type RefRules } from './referee';

// The kernel against the slow, independently written referee (flood fill over the board), move by
// move: legal placements, follower and abbot options and recalls, scores, supplies of followers and
// abbots, every figure, every feature (rivers and gardens too) with its completion and figures,
// discards, the tiles of the game, the river's draw order, and the final scoring split by kind,
// under every farmer rule, with and without The River and The Abbot.
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

function compareTurn(s: GameState, ref: Referee, checkFigures: boolean): void {
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
  const moves = legalMoves(s);
  const recall = ref.canRecall(player);
  let expected = 0;
  for (const p of ours) {
    const here = moves.filter((m) => m.x === p.x && m.y === p.y && m.rotation === p.rotation);
    // Followers: one move per free feature the referee allows (never a river or a garden).
    const options = ref.meepleOptions(tile, p.x, p.y, p.rotation, player);
    const offered = here.filter((m) => m.meeple && (m.meeple.kind ?? 'follower') === 'follower').map((m) => m.meeple?.at as string);
    expect(offered.length).toBe(options.length);
    for (const at of offered) expect(options.filter((o) => o.includes(at)).length).toBe(1);
    // The abbot: on the tile's cloister or garden, when in supply.
    const abbot = ref.abbotOptions(tile, p.x, p.y, p.rotation, player);
    const abbotMoves = here.filter((m) => m.meeple?.kind === 'abbot').map((m) => m.meeple?.at as string);
    expect(abbotMoves.length).toBe(abbot.length);
    for (const at of abbotMoves) expect(abbot.filter((o) => o.includes(at)).length).toBe(1);
    // Taking the abbot back, when it is on the board; and the plain placement.
    expect(here.filter((m) => m.recall === 'abbot').length).toBe(recall ? 1 : 0);
    expect(here.filter((m) => !m.meeple && !m.recall).length).toBe(1);
    expected += 1 + options.length + abbot.length + (recall ? 1 : 0);
  }
  expect(moves.length).toBe(expected);
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

function agree(options: GameOptions, states: GameState[], moves: Move[]): void {
  const first = states[0] as GameState;
  const expansions = (['river', 'abbot'] as const).filter((e) => options.expansions?.includes(e));
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
  moves.forEach((m, i) => {
    const before = states[i] as GameState;
    const after = states[i + 1] as GameState;
    compareTurn(before, ref, i % 3 === 0);
    const tile = before.currentTile as string;
    drawn.push(tile);
    const meeple = m.meeple ? { at: m.meeple.at, kind: m.meeple.kind ?? 'follower' } : null;
    ref.play({ tile, x: m.x, y: m.y, rotation: m.rotation, meeple, recall: m.recall ?? null }, before.currentPlayer);
    discarded(after);
    expect(engineFeatures(after)).toEqual(ref.features().map(key).sort());
    expect(after.players.map((p) => p.meeples)).toEqual(ref.supply);
    expect(after.players.map((p) => p.abbots)).toEqual(ref.abbots);
    expect(after.meeples).toEqual(ref.figures());
    // A discard does not skip anyone: the next player draws until a tile fits.
    expect(after.currentPlayer).toBe((before.currentPlayer + 1) % before.players.length);
    if (after.status === 'playing') {
      expect(after.players.map((p) => p.score)).toEqual(ref.scores);
      if (i % 10 === 0) expect(scoreFinal(after).scores).toEqual(ref.finalScore().totals);
    } else {
      const f = ref.finalScore();
      expect(after.players.map((p) => p.score)).toEqual(f.totals);
      expect(finalByKind(after)).toEqual(f.final);
    }
  });
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
}

const expansionsArb = fc.shuffledSubarray<ExpansionName>(['river', 'abbot']);

/**
 * Plays a game that crowds cloisters and gardens, so that abbots and monks get surrounded: the
 * abbot goes out whenever it can, otherwise a tile goes next to a cloister or garden holding a
 * figure when one can, and the abbot is never taken back. Among the moves kept, `picks` chooses.
 */
function playCrowded(options: GameOptions, picks: readonly number[]): Played {
  let s = createGame(options);
  const states = [s];
  const moves: Move[] = [];
  for (let i = 0; s.status === 'playing'; i++) {
    const legal = legalMoves(s);
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
    const pool = pools.find((p) => p.length > 0) ?? legal;
    const m = pool[(picks[i % picks.length] ?? 0) % pool.length] as Move;
    s = applyMove(s, m);
    moves.push(m);
    states.push(s);
  }
  return { states, moves };
}

/**
 * Options of a random game: 2–5 players, any tile set and edition, the given farmer rules and
 * expansions (`always`: the expansions are always given; otherwise sometimes left out), and the
 * River's and the Abbot's rules sometimes left to their defaults.
 */
function gameOptionsArb(
  farmers: fc.Arbitrary<FarmerRuleName>,
  expansions: fc.Arbitrary<ExpansionName[]>,
  always: boolean,
): fc.Arbitrary<GameOptions> {
  return fc.record(
    {
      players: fc.integer({ min: 2, max: 5 }),
      seed: fc.integer(),
      tileSet: fc.constantFrom('base' as const, 'pnp-demo' as const),
      edition: fc.constantFrom('first' as const, 'second' as const, 'current' as const),
      expansions,
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
    { requiredKeys: always ? ['players', 'seed', 'tileSet', 'expansions', 'rules'] : ['players', 'seed', 'tileSet', 'rules'] },
  );
}

describe('the kernel agrees with the independent referee (tests/reference/referee.ts)', () => {
  for (const farmers of FARMER_RULES) {
    it(`over random games scored with farmers '${farmers}', with and without The River and The Abbot`, () => {
      fc.assert(
        fc.property(
          gameOptionsArb(fc.constant(farmers), expansionsArb, false),
          choices,
          (options, picks) => {
            const { states, moves } = play(options, picks);
            agree(options, states, moves);
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
          fc.constantFrom<ExpansionName[]>(['abbot'], ['river', 'abbot'], ['abbot', 'river']),
          true,
        ),
        choices,
        (options, picks) => {
          const { states, moves } = playCrowded(options, picks);
          agree(options, states, moves);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
