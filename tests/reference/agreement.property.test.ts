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
  legalTurns,
  legalPlacements,
  type MeepleKind,
  type TurnMove,
  type ScoredFeature,
  scoreFinal,
} from 'carcassonne-engine';
import { Engine } from 'carcassonne-engine/engine';
import { choices, FARMER_RULES, houseRules } from '../support/play';
import { type RefExpansion, type RefFigure, type RefMajority, Referee, type RefRules } from './referee';

// The kernel against the slow, independently written referee (flood fill over the board), move by
// move: legal placements, follower, large-meeple, abbot, builder and pig options and recalls,
// scores, supplies of every kind of figure, goods tokens, whose turn it is and whether it is a
// builder's second tile, every figure, every feature (rivers and gardens too) with its completion,
// figures, pennants, inns, cathedrals and goods, discards, the tiles of the game, the river's draw
// order, and the final scoring split by kind (the goods majorities line by line), under every
// farmer rule, with and without The River, The Abbot, Inns & Cathedrals and Traders & Builders,
// for 2 to 5 players (6 with Inns & Cathedrals), with every house rule: with hands of tiles, each
// hand and every tile of it that left because nothing fit.
const RUNS = Number(process.env.REFERENCE_RUNS ?? 25);
// fast-check's parameters: REFERENCE_RUNS games per property, REFERENCE_SEED to replay a failure,
// REFERENCE_NO_SHRINK=1 to stop at the first failure (shrinking replays whole games: slow).
const PARAMS: fc.Parameters<unknown> = {
  numRuns: RUNS,
  ...(process.env.REFERENCE_SEED !== undefined ? { seed: Number(process.env.REFERENCE_SEED) } : {}),
  ...(process.env.REFERENCE_NO_SHRINK === '1' ? { endOnFailure: true } : {}),
};
/**
 * Whether to check that the games did what they are for (hands that gave tiles back, large meeples
 * that decided majorities, builders' second tiles…): with the fixed seed of every `npm test`. A
 * soak's random seed (PROPERTY_SEED, REFERENCE_SEED) may miss a rarer kind of game in RUNS games
 * with nothing wrong (in 25 games, one seed in six returned no tile to the bag).
 */
const COVERAGE = RUNS >= 10 && process.env.PROPERTY_SEED === undefined && process.env.REFERENCE_SEED === undefined;
/** A game takes up to about a second here: room for RUNS of them (and for shrinking a failure). */
const TIMEOUT = Math.max(120_000, RUNS * 6_000);

const ALL_EXPANSIONS: readonly ExpansionName[] = ['river', 'abbot', 'inns-cathedrals', 'traders-builders'];
const FIGURE_KINDS: readonly MeepleKind[] = ['follower', 'large', 'builder', 'pig', 'abbot'];

interface FeatureFacts {
  kind: string;
  tiles: readonly string[];
  complete: boolean;
  owners: readonly number[];
  pennants: number;
  open: number;
  inns: number;
  cathedrals: number;
  goods: { wine: number; grain: number; cloth: number };
}

const key = (f: FeatureFacts) =>
  `${f.kind}|${f.tiles.join(' ')}|${f.complete}|${f.owners.join(',')}|${f.pennants}|${f.open}|inns ${f.inns}|cathedrals ${f.cathedrals}` +
  `|goods ${f.goods.wine},${f.goods.grain},${f.goods.cloth}`;

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
        inns: f.inns ?? 0,
        cathedrals: f.cathedrals ?? 0,
        goods: f.goods ?? { wine: 0, grain: 0, cloth: 0 },
      }),
    )
    .sort();
}

/** The tiles the player to move may play: the current tile, or the distinct tiles of their hand. */
const playable = (s: GameState): string[] => (s.hands === null ? [s.currentTile as string] : [...new Set(s.hands[s.currentPlayer] ?? [])]);

/** The tile a legal move plays. */
const tileOf = (s: GameState, m: TurnMove): string => m.tile ?? (s.currentTile as string);

function compareTurn(s: GameState, ref: Referee, legal: readonly TurnMove[], checkFigures: boolean): void {
  // With a hand of tiles (house rules #3, #4), each tile of the hand in turn.
  for (const tile of playable(s)) {
    compareTile(
      s,
      tile,
      ref,
      legal.filter((m) => tileOf(s, m) === tile),
      checkFigures,
    );
  }
}

function compareTile(s: GameState, tile: string, ref: Referee, legal: readonly TurnMove[], checkFigures: boolean): void {
  const player = s.currentPlayer;
  const ours = legalPlacements(s, ...(s.hands === null ? [] : [tile]));
  const theirs = ref.legalPlacements(tile);
  // Ours lists one rotation per distinct board; the referee lists all four.
  const str = (p: { x: number; y: number; rotation: number }): string => `${p.x},${p.y}@${p.rotation}`;
  const theirSet = new Set(theirs.map(str));
  expect(ours.filter((o) => !theirSet.has(str(o)))).toEqual([]);
  const missing = theirs.filter((p) => !ours.some((o) => o.x === p.x && o.y === p.y && ref.sameRotation(tile, o.rotation, p.rotation)));
  expect(missing).toEqual([]);
  if (!checkFigures) return;
  // Every legal move, placement by placement, as tokens: 'plain', 'recall', and for a figure its
  // kind and the index of the referee's option (a free feature) holding its spot ('?' when none).
  // One comparison per turn: vitest's expect is too slow to call per move.
  const optionsAt = new Map<string, Record<MeepleKind, string[][]>>();
  const expected: Record<string, string> = {};
  for (const p of ours) {
    const options: Record<MeepleKind, string[][]> = {
      // Followers: on each free feature the referee allows (never a river or a garden, §f §g).
      follower: ref.meepleOptions(tile, p.x, p.y, p.rotation, player),
      // The Tower's floors stand on no feature (its actions: tower-agreement.test.ts).
      floor: [],
      // The large meeple: wherever a follower may, when in supply (rules-facts §d).
      large: ref.largeOptions(tile, p.x, p.y, p.rotation, player),
      // The abbot: on the tile's cloister or garden, when in supply (§g).
      abbot: ref.abbotOptions(tile, p.x, p.y, p.rotation, player),
      // The builder: on a road or city segment whose feature holds the player's follower or
      // large meeple; the pig: on a field segment whose field holds their farmer (§e).
      builder: ref.builderOptions(tile, p.x, p.y, p.rotation, player),
      pig: ref.pigOptions(tile, p.x, p.y, p.rotation, player),
    };
    optionsAt.set(str(p), options);
    // The plain placement, and taking the abbot back when it is on the board (§g).
    const tokens = ['plain', ...(ref.canRecall(player, p.x, p.y) ? ['recall'] : [])];
    for (const kind of FIGURE_KINDS) for (const i of options[kind].keys()) tokens.push(`${kind} ${i}`);
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
    offered[str(m)] ??= [];
    offered[str(m)]?.push(token);
  }
  expect(Object.fromEntries(Object.entries(offered).map(([k, t]) => [k, t.sort().join(' | ')]))).toEqual(expected);
}

function sumAwarded(entries: readonly ScoredFeature[], players: number): number[] {
  const out = new Array<number>(players).fill(0);
  for (const e of entries) for (const [i, a] of e.awarded.entries()) out[i] = (out[i] ?? 0) + a;
  return out;
}

/**
 * Majorities decided, as "kind|strength per player|holders", sorted; entries with no figure left
 * out, and the goods majorities (compared line by line).
 */
function engineMajorities(entries: readonly ScoredFeature[]): string[] {
  return entries
    .filter((e) => e.kind !== 'goods' && e.meeples.some((m) => m > 0))
    .map((e) => `${e.kind}|${e.meeples.join(',')}|${e.holders.join(',')}`)
    .sort();
}

/**
 * How much a figure weighs, counted here: a large meeple 2 (rules-facts §d), a builder or a pig 0
 * (§e), a follower or an abbot 1.
 */
const STRENGTH: Record<RefFigure, number> = { follower: 1, abbot: 1, large: 2, builder: 0, pig: 0 };

/** The same from the referee's log. */
function refMajorities(log: readonly RefMajority[], players: number): string[] {
  return log
    .map((m) => {
      const strength = new Array<number>(players).fill(0);
      for (const f of m.figures) strength[f.owner] = (strength[f.owner] ?? 0) + STRENGTH[f.kind];
      return `${m.kind}|${strength.join(',')}|${m.holders.join(',')}`;
    })
    .sort();
}

function finalByKind(s: GameState): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const kind of ['road', 'city', 'cloister', 'garden', 'field', 'goods']) out[kind] = s.players.map(() => 0);
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
    incomplete: o.rules?.incomplete ?? 'score',
    table: o.rules?.table ?? null,
    tableEdge: o.rules?.tableEdge ?? 'open',
    firstPlayer: o.rules?.firstPlayer ?? 0,
    fillingHole: o.rules?.fillingHole ?? 'nothing',
    unplaceable: o.rules?.unplaceable ?? 'removed',
    startTile: o.rules?.startTile ?? 'board',
    hand: o.rules?.hand ? { size: o.rules.hand.size } : null,
  };
}

const sortIds = (ids: readonly string[]): string[] => [...ids].sort();

/** Chooses a move among the legal ones at turn `turn` of the game in state `s`. */
type Chooser = (s: GameState, legal: readonly TurnMove[], turn: number, ref: Referee) => TurnMove;

/** Each player's figures in supply, by kind, from a state. */
const engineSupplies = (s: GameState) => ({
  meeples: s.players.map((p) => p.meeples),
  abbots: s.players.map((p) => p.abbots ?? 0),
  largeMeeples: s.players.map((p) => p.largeMeeples ?? 0),
  builders: s.players.map((p) => p.builders ?? 0),
  pigs: s.players.map((p) => p.pigs ?? 0),
});

/** The same from the referee. */
const refSupplies = (ref: Referee) => ({
  meeples: ref.supply,
  abbots: ref.abbots,
  largeMeeples: ref.largeMeeples,
  builders: ref.builders,
  pigs: ref.pigs,
});

/**
 * Plays a game with `choose` and checks every step against the referee (the legal moves at every
 * turn with `everyTurn`, else every third turn). The game is played here rather than beforehand
 * so that each state still has its kernel when it is asked about.
 */
function agree(options: GameOptions, choose: Chooser, everyTurn = false): Referee {
  const first = createGame(options);
  const expansions = ALL_EXPANSIONS.filter((e) => options.expansions?.includes(e)) as RefExpansion[];
  const rules = rulesOf(options);
  expect(first.expansions).toEqual(expansions);
  // The River's and The Abbot's rules are recorded with their expansions only.
  expect(first.rules).toEqual({
    ...rules,
    ...(expansions.includes('river') ? { riverStartTile: options.rules?.riverStartTile ?? 'removed' } : {}),
    ...(expansions.includes('abbot') ? { gardens: options.rules?.gardens ?? true } : {}),
    hand: options.rules?.hand ?? null,
  });
  const ref = new Referee({
    tileSet: first.tileSet,
    players: first.players.length,
    rules,
    seed: options.seed,
    expansions,
    ...(options.rules?.riverStartTile !== undefined ? { riverStartTile: options.rules.riverStartTile } : {}),
    ...(options.rules?.gardens !== undefined ? { gardens: options.rules.gardens } : {}),
  });
  expect(first.placements.map((p) => p.tile)).toEqual(ref.placements.map((p) => p.tile));
  if (rules.hand) {
    // The referee deals from the bag in its order, an input like the seed: the order of the same
    // game drawing a tile a turn, tiles that fit nowhere at the start leaving the game.
    const twin = createGame({ ...options, rules: { ...options.rules, hand: null, unplaceable: 'removed' } });
    const startDiscards = twin.events.flatMap((e) => (e.type === 'tile-discarded' ? [e.tile] : []));
    ref.deal(bagOf([...startDiscards, ...(twin.currentTile === null ? [] : [twin.currentTile]), ...twin.tilesLeft]));
  }
  // Who moves first (house rules #1, #2: given, at random or by drawing for road ends).
  expect(first.currentPlayer).toBe(ref.nextPlayer);
  expect({
    ...engineSupplies(first),
    goods: first.players.map((p) => p.goods ?? { wine: 0, grain: 0, cloth: 0 }),
    builderTurn: first.extraTurn === 'builder',
  }).toEqual({
    ...refSupplies(ref),
    goods: ref.goods,
    builderTurn: false,
  });
  // Every tile drawn, in order: placed, or discarded as fitting nowhere (rules-facts §h).
  const drawn: string[] = [];
  // With hands: the referee's log of tiles that fit nowhere, compared up to here.
  let unplacedSeen = 0;
  // What became of each tile drawn that fits nowhere: out of the game, or back into the bag (house
  // rule #5), as the referee's rule says; then the tiles left, as multisets.
  const discarded = (s: GameState): void => {
    if (rules.hand) {
      // Hands: the referee plays the tiles that fit nowhere itself (docs/rules.md, "A hand of tiles").
      const ours = s.events.flatMap((e) =>
        e.type === 'tile-discarded' || e.type === 'tile-returned'
          ? [`${e.player} ${e.tile} ${e.type === 'tile-discarded' ? 'discarded' : 'returned'}`]
          : [],
      );
      const theirs = ref.unplacedLog.slice(unplacedSeen).map((u) => `${u.player} ${u.tile} ${u.fate}`);
      unplacedSeen = ref.unplacedLog.length;
      for (const e of s.events) if (e.type === 'tile-discarded') drawn.push(e.tile);
      expect({ unplaced: ours.sort(), bag: sortIds(s.tilesLeft), hands: s.hands }).toEqual({
        unplaced: theirs.sort(),
        bag: ref.tilesLeft(),
        hands: ref.hands,
      });
      return;
    }
    for (const e of s.events) {
      if (e.type !== 'tile-discarded' && e.type !== 'tile-returned') continue;
      expect(ref.unplaceable(e.tile)).toBe(e.type === 'tile-discarded' ? 'discarded' : 'returned');
      if (e.type === 'tile-discarded') drawn.push(e.tile);
    }
    expect(sortIds(s.currentTile === null ? s.tilesLeft : [s.currentTile, ...s.tilesLeft])).toEqual(ref.tilesLeft());
  };
  discarded(first);
  let decided = 0;
  let goodsTaken = 0;
  let before = first;
  for (let i = 0; before.status === 'playing'; i++) {
    const legal = legalTurns(before);
    compareTurn(before, ref, legal, everyTurn || i % 3 === 0);
    const m = choose(before, legal, i, ref);
    const after = applyMove(before, m);
    const tile = tileOf(before, m);
    const players = before.players.length;
    drawn.push(tile);
    const meeple = m.meeple ? { at: m.meeple.at, kind: (m.meeple.kind ?? 'follower') as RefFigure } : null;
    const gained = ref.play(
      { tile, x: m.x, y: m.y, rotation: m.rotation, meeple, recall: (m.recall ?? null) as 'abbot' | null },
      before.currentPlayer,
      // With hands the referee draws, from the bag in the order the state holds it.
      ...(rules.hand ? [bagOf(before.tilesLeft)] : []),
    );
    discarded(after);
    // The points of this move, per player, and the majorities it decided: the strength of each
    // player (a large meeple weighing 2, rules-facts §d) and who scored.
    const thisMove = after.scored.slice(before.scored.length).filter((e) => e.phase === 'play');
    const majorities = ref.majorities();
    const playing = after.status === 'playing';
    const tokens = (t: { player: number; wine: number; grain: number; cloth: number }): string =>
      `${t.player}: ${t.wine},${t.grain},${t.cloth}`;
    // One comparison per move (vitest's expect is too slow to call a dozen times a move).
    expect({
      features: engineFeatures(after),
      ...engineSupplies(after),
      goods: after.players.map((p) => p.goods ?? { wine: 0, grain: 0, cloth: 0 }),
      // The goods each completed city gave, and to whom.
      goodsTaken: after.events.flatMap((e) => (e.type === 'goods-taken' ? [tokens(e)] : [])).sort(),
      figures: after.meeples,
      // A discard does not skip anyone: the next player draws until a tile fits. A builder's
      // second tile goes to the same player (rules-facts §e).
      next: after.currentPlayer,
      builderTurn: after.extraTurn === 'builder',
      extraTurn: after.extraTurn,
      turn: after.turn,
      placedBy: after.placements.map((p) => p.player),
      gained: sumAwarded(thisMove, players),
      majorities: engineMajorities(thisMove.filter((e) => e.complete)),
      scores: playing ? after.players.map((p) => p.score) : null,
    }).toEqual({
      features: ref.features().map(key).sort(),
      ...refSupplies(ref),
      goods: ref.goods,
      goodsTaken: ref.goodsTaken
        .slice(goodsTaken)
        .map((t) => tokens({ player: t.player, ...t.goods }))
        .sort(),
      figures: ref.figures(),
      // Once the game is over no second tile is left to play: the turn passes as usual (the
      // state's convention: after the end, currentPlayer is the next in turn).
      // With hands, the player who found nothing to play when every hand was empty.
      next: playing || rules.hand ? ref.nextPlayer : ((ref.placements.at(-1)?.player ?? 0) + 1) % players,
      builderTurn: playing && ref.builderTurn,
      extraTurn: playing ? ref.extraTurn : null,
      // Moves made: every placement but a start tile that started the board.
      turn: ref.placements.length - (rules.startTile === 'bag' ? 0 : 1),
      placedBy: ref.placements.map((p) => p.player),
      gained,
      majorities: refMajorities(majorities.slice(decided), players),
      scores: playing ? ref.scores : null,
    });
    decided = majorities.length;
    goodsTaken = ref.goodsTaken.length;
    if (playing) {
      // The totals if the game ended now, from the pure API and from the engine (whose kernel
      // scores fields without describing them, another path).
      if (i % 10 === 0) {
        const totals = ref.finalScore().totals;
        expect([scoreFinal(after).scores, Engine.fromState(after).scoreFinal()]).toEqual([totals, totals]);
      }
    } else {
      const f = ref.finalScore();
      const final = scoreFinal(after).breakdown.filter((e) => e.phase === 'final');
      // The goods majorities (§e): three lines, wine, grain, cloth, whenever Traders & Builders
      // is in play: each player's tokens, the players tied for the most (at least one), 10 each.
      const goodsLines = final
        .filter((e) => e.kind === 'goods')
        .map((e) => ({ goods: e.id, tokens: e.meeples, holders: e.holders, points: e.points, awarded: e.awarded }));
      expect({
        scores: after.players.map((p) => p.score),
        byKind: finalByKind(after),
        majorities: engineMajorities(final),
        goods: goodsLines,
      }).toEqual({
        scores: f.totals,
        byKind: f.final,
        majorities: refMajorities(ref.finalMajorities(), players),
        goods: ref.goodsMajorities().map((m) => ({ goods: m.goods, tokens: m.tokens, holders: m.holders, points: 10, awarded: m.awarded })),
      });
    }
    before = after;
  }
  // Every tile of the game was drawn once (the start tile excepted, unless it was in the bag): the
  // composition of the game.
  const deck: string[] = [];
  for (const t of ref.tileTypes()) for (let i = 0; i < t.count; i++) deck.push(t.id);
  if (rules.startTile !== 'bag') deck.splice(deck.indexOf(ref.placements[0]?.tile as string), 1);
  expect(sortIds(drawn)).toEqual(sortIds(deck));
  // The River (rules-facts §f): the river tiles first, the lake last among them; then, with
  // 'first-land', the base start tile as the first land tile.
  if (rules.hand) expect({ ended: ref.ended, bag: ref.tilesLeft() }).toEqual({ ended: true, bag: [] });
  if (expansions.includes('river')) {
    // In the order drawn: with hands, tiles are placed in another order.
    const order = rules.hand ? [...ref.drawLog] : drawn;
    // The start tile in the bag: the spring, drawn first of all.
    if (rules.startTile === 'bag') expect(ref.riverRole(order.shift() as string)).toBe('spring');
    const roles = order.map((t) => ref.riverRole(t));
    const land = roles.indexOf(null);
    const lake = roles.indexOf('lake');
    expect(roles.slice(0, lake)).toEqual(roles.slice(0, lake).map(() => 'course'));
    expect(land).toBe(lake + 1);
    expect(roles.slice(land).every((r) => r === null)).toBe(true);
    if (options.rules?.riverStartTile === 'first-land') expect(order[land]).toBe('D');
  }
  return ref;
}

/** The bag in the given order, as the referee draws from it. */
function bagOf(order: readonly string[]): () => string | null {
  let i = 0;
  return () => order[i++] ?? null;
}

const expansionsArb = fc.shuffledSubarray<ExpansionName>([...ALL_EXPANSIONS]);

/** Picks uniformly by `picks`: its i-th entry (cycling) modulo the number of moves. */
const pick = (pool: readonly TurnMove[], picks: readonly number[], turn: number): TurnMove =>
  pool[(picks[turn % picks.length] ?? 0) % pool.length] as TurnMove;

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
    // Per placement: 2 when it joins a large meeple's feature to another player's figure, 1 when
    // it only extends a large meeple's feature, 0 otherwise.
    const merges = new Map<string, number>();
    const merging = (m: TurnMove): number => {
      const k = `${tileOf(s, m)} ${m.x},${m.y}@${m.rotation}`;
      let v = merges.get(k);
      if (v === undefined) {
        v = 0;
        for (const j of ref.placementJoins(tileOf(s, m), m.x, m.y, m.rotation)) {
          const large = j.figures.filter((f) => f.kind === 'large');
          if (j.features > 1 && large.some((l) => j.figures.some((f) => f.owner !== l.owner))) v = 2;
          else if (large.length > 0) v = Math.max(v, 1);
        }
        merges.set(k, v);
      }
      return v;
    };
    const figures = new Set(s.meeples.map((m) => `${m.x},${m.y}`));
    const near = (m: TurnMove): boolean =>
      [`${m.x},${m.y - 1}`, `${m.x + 1},${m.y}`, `${m.x},${m.y + 1}`, `${m.x - 1},${m.y}`].some((k) => figures.has(k));
    const follower = (m: TurnMove): boolean => m.meeple !== undefined && m.meeple !== null && (m.meeple.kind ?? 'follower') === 'follower';
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
 * A game that deploys builders and pigs as often as it can, so that builders give second tiles
 * and pigs raise farmers' points, or give nothing when their owner is outnumbered (rules-facts §e,
 * §a), which uniformly random moves rarely do. In order of preference: the builder deployed; the
 * pig deployed; a tile joining fields into one that then holds a pig and more farmers of
 * another player than of its owner, or else as many or fewer; a tile extending the road or city holding the player's builder, which gives a second
 * tile (or, on a second tile, would give a third); a follower next to a tile holding a figure
 * (while the player keeps 2 in supply); any move but taking the abbot back. Among the moves kept,
 * `picks` chooses. (The referee is asked about the joins: it only steers the choice.)
 */
const building =
  (picks: readonly number[]): Chooser =>
  (s, legal, turn, ref) => {
    const player = s.currentPlayer;
    // Per placement: whether it extends the player's builder; whether it brings a pig and
    // another player's farmer into one field (2 when that player then has more farmers there
    // than the pig's owner).
    const joins = new Map<string, { builder: boolean; pig: number }>();
    const joinsOf = (m: TurnMove): { builder: boolean; pig: number } => {
      const k = `${tileOf(s, m)} ${m.x},${m.y}@${m.rotation}`;
      let v = joins.get(k);
      if (v === undefined) {
        const js = ref.placementJoins(tileOf(s, m), m.x, m.y, m.rotation);
        let pig = 0;
        for (const j of js) {
          if (j.kind !== 'field' || j.features < 2) continue;
          const strength = new Map<number, number>();
          for (const f of j.figures) strength.set(f.owner, (strength.get(f.owner) ?? 0) + STRENGTH[f.kind]);
          for (const p of j.figures.filter((f) => f.kind === 'pig')) {
            const others = [...strength].filter(([o]) => o !== p.owner).map(([, w]) => w);
            if (others.some((w) => w > 0)) pig = Math.max(pig, others.some((w) => w > (strength.get(p.owner) ?? 0)) ? 2 : 1);
          }
        }
        v = {
          builder: js.some(
            (j) => (j.kind === 'road' || j.kind === 'city') && j.figures.some((f) => f.owner === player && f.kind === 'builder'),
          ),
          pig,
        };
        joins.set(k, v);
      }
      return v;
    };
    const figures = new Set(s.meeples.map((m) => `${m.x},${m.y}`));
    const near = (m: TurnMove): boolean =>
      [`${m.x},${m.y - 1}`, `${m.x + 1},${m.y}`, `${m.x},${m.y + 1}`, `${m.x - 1},${m.y}`].some((k) => figures.has(k));
    const follower = (m: TurnMove): boolean => m.meeple !== undefined && m.meeple !== null && (m.meeple.kind ?? 'follower') === 'follower';
    const supply = s.players[player]?.meeples ?? 0;
    const pools = [
      legal.filter((m) => m.meeple?.kind === 'builder'),
      legal.filter((m) => m.meeple?.kind === 'pig'),
      legal.filter((m) => !m.recall && joinsOf(m).pig === 2),
      legal.filter((m) => !m.recall && joinsOf(m).pig === 1),
      legal.filter((m) => !m.recall && joinsOf(m).builder),
      supply > 2 ? legal.filter((m) => follower(m) && near(m)) : [],
      legal.filter((m) => !m.recall),
    ];
    return pick(pools.find((p) => p.length > 0) ?? legal, picks, turn);
  };

/**
 * Plays `script` first (move i at turn i; `agree` checks each against the referee), then `then`;
 * when the script is done, `check` looks at the position.
 */
const scripted =
  (script: readonly TurnMove[], then: Chooser, check: (s: GameState, ref: Referee) => void): Chooser =>
  (s, legal, turn, ref) => {
    if (turn === script.length) check(s, ref);
    return script[turn] ?? then(s, legal, turn, ref);
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
              ...houseRules,
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
    for (const f of m.figures) if (f.kind !== 'builder' && f.kind !== 'pig') counts.set(f.owner, (counts.get(f.owner) ?? 0) + 1);
    const max = Math.max(...counts.values());
    const flat = [...counts]
      .filter(([, c]) => c === max)
      .map(([p]) => p)
      .sort((a, b) => a - b);
    return flat.join(',') !== m.holders.join(',');
  }).length;
}

describe('the kernel agrees with the independent referee (tests/reference/referee.ts)', () => {
  for (const farmers of FARMER_RULES) {
    it(
      `over random games scored with farmers '${farmers}', with and without The River, The Abbot, Inns & Cathedrals and Traders & Builders`,
      () => {
        // Hands of tiles (house rules #3, #4): games with hands, tiles that left a hand or a draw
        // fitting nowhere (out of the game or back into the bag), players passing with no tile.
        const hands = { games: 0, discarded: 0, returned: 0, passes: 0 };
        fc.assert(
          fc.property(gameOptionsArb(fc.constant(farmers), expansionsArb, false), choices, (options, picks) => {
            const ref = agree(options, uniform(picks));
            if (ref.hands === null) return;
            hands.games++;
            hands.discarded += ref.unplacedLog.filter((u) => u.fate === 'discarded').length;
            hands.returned += ref.unplacedLog.filter((u) => u.fate === 'returned').length;
            hands.passes += ref.passLog.length;
          }),
          PARAMS,
        );
        if (process.env.REFERENCE_STATS) console.log(`hands (${farmers}):`, JSON.stringify(hands));
        // The games did what they are for (see COVERAGE).
        if (COVERAGE) expect(Object.values(hands).every((n) => n > 0)).toBe(true);
      },
      TIMEOUT,
    );
  }

  // Random games rarely surround an abbot; these games do (rules-facts §g: 9 points when
  // surrounded, an abbot still on the board scores like an incomplete cloister).
  it(
    'over random games crowding cloisters and gardens, with The Abbot',
    () => {
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
        PARAMS,
      );
    },
    TIMEOUT,
  );

  // Random games rarely let a large meeple decide a majority; these games do (rules-facts §d: a
  // large meeple counts as 2 in every majority, farmers included, under every farmer rule).
  it(
    'over random games bringing large meeples against other figures, with Inns & Cathedrals',
    () => {
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
        PARAMS,
      );
      // The games did what they are for (see COVERAGE).
      if (COVERAGE) expect(decided).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  // Random games rarely deploy a builder or a pig; these games do, so that builders give second
  // tiles (also when the first tile completed the builder's feature, and never a third) and pigs
  // raise farmers' points (rules-facts §e, §a). Legal moves are compared at every turn.
  it(
    'over random games deploying builders and pigs as often as they can, with Traders & Builders',
    () => {
      const seen = { games: 0, secondTiles: 0, afterReturn: 0, noThird: 0, pigPoints: 0, goodsTaken: 0, goodsTies: 0 };
      // Pigs that gave nothing, their owner outnumbered, by farmer rule.
      const idlePigs: Record<string, number> = { 'farm-3': 0, 'farm-3-once': 0, 'city-4': 0 };
      fc.assert(
        fc.property(
          gameOptionsArb(
            fc.constantFrom(...FARMER_RULES),
            fc.shuffledSubarray<ExpansionName>(['river', 'abbot', 'inns-cathedrals']).map((e) => [...e, 'traders-builders' as const]),
            true,
          ),
          choices,
          (options, picks) => {
            const ref = agree(options, building(picks), true);
            seen.games++;
            seen.secondTiles += ref.secondTiles.length;
            seen.afterReturn += ref.secondTiles.filter((t) => t.builderReturned).length;
            seen.noThird += ref.noThirdTile.length;
            seen.pigPoints += ref.finalScore().pigPoints.reduce((a, b) => a + b, 0);
            if (ref.rules.farmers !== 'none') idlePigs[ref.rules.farmers] = (idlePigs[ref.rules.farmers] ?? 0) + ref.idlePigs();
            seen.goodsTaken += ref.goodsTaken.length;
            seen.goodsTies += ref.goodsMajorities().filter((m) => m.holders.length > 1).length;
          },
        ),
        PARAMS,
      );
      if (process.env.REFERENCE_STATS) console.log('traders & builders agreement:', JSON.stringify({ ...seen, idlePigs }));
      // The games did what they are for (see COVERAGE).
      if (COVERAGE) {
        expect(seen.secondTiles).toBeGreaterThan(0);
        expect(seen.afterReturn).toBeGreaterThan(0);
        expect(seen.noThird).toBeGreaterThan(0);
        expect(seen.pigPoints).toBeGreaterThan(0);
        expect(Object.values(idlePigs).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
        expect(seen.goodsTaken).toBeGreaterThan(0);
      }
    },
    TIMEOUT,
  );

  // rules-facts §a (2nd-edition rules: a city scores at most once per player) with §e (the pig
  // makes a city 4 for its owner): P0's farmers in two fields bordering the same completed city,
  // P0's pig in one of them, first the younger field, then the older (the engine orders fields
  // by age in one path and by figure in another). Then the game goes on at random.
  it("rules-facts §a / §e, hand-built: a city bordering two of a player's fields, one with their pig, under every farmer rule", () => {
    // E r180 at (0,-1) closes D's city C (nobody on it); P0's farmer on E's field F1 (borders C).
    // U r0 at (1,0): P0's farmer on the field north of the road, F2 (D's, borders C). The pig on
    // B at (-1,-1) (its field joins F1) or on U r0 at (-1,0) (its north field joins F2).
    const start: TurnMove[] = [
      { x: 0, y: -1, rotation: 180, meeple: { at: 'NNW' } },
      { x: 0, y: 1, rotation: 0 },
      { x: 1, y: 0, rotation: 0, meeple: { at: 'NNW' } },
      { x: 1, y: 1, rotation: 0 },
    ];
    const pigs: [string, TurnMove][] = [
      ['B', { x: -1, y: -1, rotation: 0, meeple: { at: 'NNW', kind: 'pig' } }],
      ['U', { x: -1, y: 0, rotation: 0, meeple: { at: 'NNW', kind: 'pig' } }],
    ];
    // P0 holds both fields alone; C is their one completed city. farm-3: each field on its own,
    // 4 (pig) + 3 = 7. farm-3-once: C once, through the field with the pig: 4. city-4: C's
    // fields give P0 2 farmers: 4, +1 for the pig in one of them: 5. none: 0.
    const expected: Record<FarmerRuleName, number> = { 'farm-3': 7, 'farm-3-once': 4, 'city-4': 5, none: 0 };
    const picks = Array.from({ length: 80 }, (_, i) => i * 7919);
    for (const farmers of FARMER_RULES) {
      for (const [tile, pigMove] of pigs) {
        const options: GameOptions = {
          players: 2,
          seed: 6,
          expansions: ['traders-builders'],
          rules: { farmers },
          drawOrder: ['E', 'B', 'U', 'B', tile],
        };
        let checked = false;
        agree(
          options,
          scripted([...start, pigMove], uniform(picks), (s, ref) => {
            const totals = [expected[farmers], 0];
            expect([ref.finalScore().totals, scoreFinal(s).scores, Engine.fromState(s).scoreFinal()]).toEqual([totals, totals, totals]);
            checked = true;
          }),
        );
        expect(checked).toBe(true);
      }
    }
  });
});
