import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  EDGES,
  features,
  type GameOptions,
  type FeatureView,
  type GameState,
  type GoodsTokens,
  legalTurns,
  legalPlacements,
  loadState,
  type MeepleOnBoard,
  type TurnMove,
  type Rotation,
  ROTATIONS,
  scoreFinal,
  SPOTS,
  TILE_SETS,
  validateMove,
} from 'carcassonne-engine';
import {
  boardModel,
  cellAt,
  choices,
  closedCell,
  componentOfId,
  deeplyFrozen,
  DX,
  DY,
  edgesMatch,
  expectedTiles,
  figuresJoined,
  figureWeight,
  fitsAnywhere,
  firstMove,
  frontier,
  gameOptions,
  isMeeple,
  neighbours,
  placementCode,
  play,
  playTradersHeavy,
  riverCourse,
  riverEdges,
  view,
  walkRiver,
} from '../support/play';

// Properties over random games (fast-check picks the options and every move). Each run plays a
// whole game through the pure API and checks the property at every state.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 20);
const prop = (name: string, check: (states: GameState[], moves: TurnMove[], options: GameOptions) => void) =>
  it(name, () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const { states, moves } = play(options, picks);
        check(states, moves, options);
      }),
      { numRuns: RUNS },
    );
  });

const hasAbbot = (s: GameState) => s.expansions.includes('abbot');
const hasRiver = (s: GameState) => s.expansions.includes('river');
const hasInns = (s: GameState) => s.expansions.includes('inns-cathedrals');
const hasTraders = (s: GameState) => s.expansions.includes('traders-builders');
const isRiverTile = (id: string) => riverEdges(id, 0) !== null;

/** Whether edge `edge` of the tile at (x, y) is open: no tile beyond it, nor a closing table edge (house rule #10). */
function openEdge(s: GameState, x: number, y: number, edge: (typeof EDGES)[number]): boolean {
  const nx = x + (DX[EDGES.indexOf(edge)] as number);
  const ny = y + (DY[EDGES.indexOf(edge)] as number);
  return cellAt(s, nx, ny) === null && !closedCell(s, nx, ny);
}

/** Whether a tile placed at (x, y) fills the last empty cell around the current player's abbot. */
function completesAbbot(s: GameState, x: number, y: number): boolean {
  const abbot = s.meeples.find((m) => m.kind === 'abbot' && m.owner === s.currentPlayer);
  if (abbot === undefined) return false;
  const filled = new Set(s.placements.map((p) => `${p.x},${p.y}`));
  filled.add(`${x},${y}`);
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      const cx = abbot.x + dx;
      const cy = abbot.y + dy;
      if (!filled.has(`${cx},${cy}`) && !closedCell(s, cx, cy)) return false;
    }
  }
  return true;
}

/**
 * The board of a placement as a string: cell, edge kinds and features, with what is printed in
 * them (pennants, inns, cathedrals, goods symbols: TB-X turned 180 has the edges and segments of
 * TB-X but its wine in the other city). Rotations giving the same board are equal.
 */
const boardKeys = new Map<string, string>();
function boardKey(tile: string, x: number, y: number, rotation: Rotation): string {
  let printed = boardKeys.get(`${tile}@${rotation}`);
  if (printed === undefined) {
    const v = view(tile, rotation);
    const key = (f: FeatureView): string => {
      if ('halfEdges' in f) return `${f.kind} ${[...f.halfEdges].sort().join(',')}`;
      if (!('edges' in f)) return f.kind;
      const marks =
        f.kind === 'city'
          ? ` p${f.pennants}${f.cathedral === true ? ' cathedral' : ''}${f.goods ?? ''}`
          : f.kind === 'road' && f.inn === true
            ? ' inn'
            : '';
      return `${f.kind} ${[...f.edges].sort().join('')}${marks}`;
    };
    printed = `${EDGES.map((e) => v?.edges[e]).join('')}:${JSON.stringify(v?.features.map(key).sort())}`;
    boardKeys.set(`${tile}@${rotation}`, printed);
  }
  return `${x},${y}:${printed}`;
}

/** What the random games scored, to be sure the Inns & Cathedrals and Traders & Builders cases were met at all. */
const seen = { innRoads: 0, cathedralCities: 0, largeMajorities: 0, pigBonuses: 0, builderMajorities: 0 };

/**
 * Checks each scoring of a game against its figures on an independent model of the board: the
 * strengths are the figures' weights (a large meeple 2, rules-facts §d; a builder or pig 0, §e),
 * the holders the strongest, and each holder gets the points, a holder with a pig in the field
 * one more a completed city (§e: 4 instead of 3; under 'city-4', our documented choice, 5
 * instead of 4).
 */
function checkMajorities(states: readonly GameState[]): void {
  const last = states[states.length - 1] as GameState;
  // Features only grow by merging, and a completed one never again: the last board holds every
  // feature scored during play as it was, and the features of the final scoring.
  const board = boardModel(last);
  type Figure = Pick<MeepleOnBoard, 'owner' | 'kind' | 'x' | 'y' | 'at'>;
  for (const e of last.scored) {
    // The goods majorities (§e) are checked with the tokens.
    if (e.kind === 'goods') continue;
    // The figures when it was scored: during play, those on the board before the move and the one
    // it deployed (less an abbot it took back, once that scoring is done); at the end, the board's.
    let figures: Figure[] = [...last.meeples];
    if (e.phase === 'play') {
      const placed = last.placements[e.turn + firstMove(last)];
      if (placed === undefined || placed.player === null) throw new Error(`no placement for turn ${e.turn}`);
      figures = [...(states[e.turn] as GameState).meeples];
      if (placed.meeple !== null)
        figures.push({ owner: placed.player, kind: placed.meeple.kind, x: placed.x, y: placed.y, at: placed.meeple.at });
      if (placed.recall === 'abbot' && !e.note.startsWith('abbot taken back')) {
        figures = figures.filter((m) => !(m.kind === 'abbot' && m.owner === placed.player));
      }
    }
    // A farmer scoring counts the farmers of every field it lists (one field, or under 'city-4' all
    // the fields bordering the city); any other scoring the figures on its feature.
    const components = new Set((e.kind === 'field' ? e.fields : [e.id]).map((id) => componentOfId(board, id)));
    expect(components.has(null)).toBe(false);
    const here = figures.filter((m) => components.has(board.componentOf(m.x, m.y, m.at)));
    const strength = last.players.map(() => 0);
    for (const m of here) strength[m.owner] = (strength[m.owner] as number) + figureWeight(m.kind);
    expect(e.meeples, e.note).toEqual(strength);
    const best = Math.max(...strength);
    expect(e.holders, e.note).toEqual(best > 0 ? strength.flatMap((v, i) => (v === best ? [i] : [])) : []);
    // A pig (§e) in the scored field(s): its owner, when a holder, scores one more a completed city
    // (farm-3: 4 instead of 3 for each city of the field; city-4: 5 instead of 4 for the city).
    const pig = (i: number) => e.kind === 'field' && here.some((m) => m.kind === 'pig' && m.owner === i);
    const bonus = (i: number) => (!pig(i) ? 0 : last.rules.farmers === 'city-4' ? 1 : e.cities.length);
    if (e.kind !== 'field' || last.rules.farmers !== 'farm-3-once') {
      expect(e.awarded, e.note).toEqual(strength.map((_, i) => (e.holders.includes(i) ? e.points + bonus(i) : 0)));
    }
    if (e.holders.some((h) => bonus(h) > 0)) seen.pigBonuses++;
    if (here.some((m) => m.kind === 'large') && e.holders.length > 0) seen.largeMajorities++;
    if (here.some((m) => m.kind === 'builder')) seen.builderMajorities++;
  }
}

/** A JSON round trip of every state gives an equal state; every 7th plays on identically. */
function checkJson(states: readonly GameState[], moves: readonly TurnMove[]): void {
  for (let i = 0; i < states.length; i++) {
    const s = states[i] as GameState;
    const copy = JSON.parse(JSON.stringify(s)) as GameState;
    expect(copy).toEqual(s);
    const m = moves[i];
    if (m !== undefined && i % 7 === 0) {
      const loaded = loadState(copy);
      expect(loaded).toEqual(s);
      expect(legalTurns(loaded)).toEqual(legalTurns(s));
      expect(applyMove(loaded, m)).toEqual(states[i + 1]);
      expect(scoreFinal(loaded)).toEqual(scoreFinal(s));
    }
  }
}

/** The placements record replays the game: tile, cell, rotation, figure (with its kind) and recall, each by the player recorded. */
function checkPlacementsReplay(states: readonly GameState[], options: GameOptions): void {
  const last = states[states.length - 1] as GameState;
  let s = createGame(options);
  for (const p of last.placements.slice(firstMove(last))) {
    // With hands of tiles, the tile is one of the player's hand, which the move names.
    if (s.hands === null) expect(s.currentTile).toBe(p.tile);
    else expect(s.hands[s.currentPlayer]).toContain(p.tile);
    expect(s.currentPlayer).toBe(p.player);
    const move: TurnMove = {
      ...(s.hands === null ? {} : { tile: p.tile }),
      x: p.x,
      y: p.y,
      rotation: p.rotation,
      ...(p.meeple !== null ? { meeple: p.meeple } : {}),
      ...(p.recall !== null ? { recall: p.recall } : {}),
    };
    s = applyMove(s, move);
  }
  expect(s).toEqual(last);
}

// ---------------------------------------------------------------------------------------------
// Traders & Builders (rules-facts §e), on the independent board model and the tile views.

const GOODS = ['wine', 'grain', 'cloth'] as const;
/** README §3 traders-builders.json: 9 wine, 6 grain, 5 cloth symbols, as many as the tokens (rules-facts §e). */
const ALL_GOODS: GoodsTokens = { wine: 9, grain: 6, cloth: 5 };
const NO_GOODS: GoodsTokens = { wine: 0, grain: 0, cloth: 0 };
const plus = (a: GoodsTokens, b: GoodsTokens): GoodsTokens => ({
  wine: a.wine + b.wine,
  grain: a.grain + b.grain,
  cloth: a.cloth + b.cloth,
});
const minus = (a: GoodsTokens, b: GoodsTokens): GoodsTokens => ({
  wine: a.wine - b.wine,
  grain: a.grain - b.grain,
  cloth: a.cloth - b.cloth,
});
const sumGoods = (list: readonly GoodsTokens[]): GoodsTokens => list.reduce(plus, NO_GOODS);

/** The goods symbols of one feature as the tile view gives it. */
const featureGoods = (f: FeatureView): GoodsTokens =>
  f.kind === 'city' && f.goods !== undefined ? { ...NO_GOODS, [f.goods]: 1 } : NO_GOODS;
/** The goods symbols printed on a tile. */
const tileGoods = (id: string): GoodsTokens => sumGoods((view(id, 0)?.features ?? []).map(featureGoods));

/**
 * The cities completed in a game, from the model of its last board: a completed city never grows
 * again, so it is a component of the last board, completed by the move placing the last of its
 * tiles (`at`: the state it completes in). Each with its goods symbols.
 */
function completedCities(last: GameState): { goods: GoodsTokens; at: number }[] {
  const board = boardModel(last);
  // The state each placement's move led to (the start tile in the bag: placement i, state i + 1).
  const index = new Map(last.placements.map((p, i) => [`${p.x},${p.y}`, i + 1 - firstMove(last)]));
  const seen = new Set<number>();
  const out: { goods: GoodsTokens; at: number }[] = [];
  for (const p of last.placements) {
    for (const f of view(p.tile, p.rotation)?.features ?? []) {
      if (f.kind !== 'city') continue;
      const c = board.componentOf(p.x, p.y, f.spot) as number;
      if (seen.has(c)) continue;
      seen.add(c);
      let open = 0;
      let at = 0;
      const goods: GoodsTokens[] = [];
      for (const g of board.segments(c)) {
        if (g.feature.kind !== 'city') continue;
        goods.push(featureGoods(g.feature));
        at = Math.max(at, index.get(`${g.x},${g.y}`) as number);
        open += g.feature.edges.filter((e) => openEdge(last, g.x, g.y, e)).length;
      }
      if (open === 0) out.push({ goods: sumGoods(goods), at });
    }
  }
  return out;
}

/** What the T&B games met, to be sure the cases were played at all. */
const tb = { lastTileExtends: 0, builderTurns: 0, builderTurnsAfterReturn: 0, goodsTaken: 0, pigs: 0, builders: 0, goodsHolders: 0 };

/**
 * Token conservation (rules-facts §e): at every step, the tokens the players hold + the symbols in
 * the cities on the board not completed + the symbols on the tiles not on the board (to draw, the
 * current tile, discarded) = 9 wine, 6 grain, 5 cloth with Traders & Builders (0 without). Tokens
 * never fall; a move gives the player who placed its tile one token per symbol in each city the
 * tile completed (knights or not) and nobody else anything, in its 'goods-taken' events.
 */
function checkTokens(states: readonly GameState[]): void {
  const last = states[states.length - 1] as GameState;
  const completed = completedCities(last);
  for (let i = 0; i < states.length; i++) {
    const s = states[i] as GameState;
    // Symbols on the board: on its tiles, less those in the cities completed by now.
    const onBoard = sumGoods(s.placements.map((p) => tileGoods(p.tile)));
    const open = minus(onBoard, sumGoods(completed.filter((c) => c.at <= i).map((c) => c.goods)));
    const off = [...s.tilesLeft, ...s.discarded, ...(s.currentTile === null ? [] : [s.currentTile]), ...(s.hands ?? []).flat()].map(
      tileGoods,
    );
    const held = s.players.map((p) => p.goods ?? NO_GOODS);
    expect(sumGoods([...held, open, ...off]), `state ${i}`).toEqual(hasTraders(s) ? ALL_GOODS : NO_GOODS);
    if (i === 0) {
      expect(held.every((g) => g.wine === 0 && g.grain === 0 && g.cloth === 0)).toBe(true);
      continue;
    }
    const before = states[i - 1] as GameState;
    const placed = s.placements.at(-1);
    if (placed === undefined || placed.player === null || s.placements.length !== i + firstMove(s))
      throw new Error('a move places one tile');
    // The cities the move's tile completed (a city completes only when a tile joins it).
    const gained = sumGoods(completed.filter((c) => c.at === i).map((c) => c.goods));
    s.players.forEach((p, j) => {
      const delta = minus(p.goods ?? NO_GOODS, (before.players[j] as GameState['players'][number]).goods ?? NO_GOODS);
      for (const g of GOODS) expect(delta[g], `state ${i}: player ${j}'s ${g}`).toBeGreaterThanOrEqual(0);
      expect(delta, `state ${i}: player ${j}'s tokens`).toEqual(j === placed.player && hasTraders(s) ? gained : NO_GOODS);
    });
    const taken = s.events.flatMap((e) => (e.type === 'goods-taken' ? [e] : []));
    for (const e of taken) expect(e.player).toBe(placed.player);
    expect(sumGoods(taken.map(({ wine, grain, cloth }) => ({ wine, grain, cloth })))).toEqual(hasTraders(s) ? gained : NO_GOODS);
    if (taken.length > 0) tb.goodsTaken++;
  }
}

/**
 * The final goods majorities (rules-facts §e): with Traders & Builders the final scoring ends with
 * one line per kind, wine, grain, cloth: each player's tokens, the players tied for the most (at
 * least one token) score 10 each; without it no such line.
 */
function checkGoodsScoring(states: readonly GameState[]): void {
  states.forEach((s, i) => {
    if (i % 5 !== 0 && i !== states.length - 1) return;
    const f = scoreFinal(s);
    const lines = f.breakdown.filter((e) => e.kind === 'goods');
    if (!hasTraders(s)) {
      expect(lines).toEqual([]);
      return;
    }
    expect(f.breakdown.slice(-3)).toEqual(lines);
    expect(lines.map((e) => e.id)).toEqual([...GOODS]);
    for (const e of lines) {
      const tokens = s.players.map((p) => p.goods?.[e.id as (typeof GOODS)[number]] ?? 0);
      const most = Math.max(...tokens);
      const holders = most > 0 ? tokens.flatMap((t, j) => (t === most ? [j] : [])) : [];
      expect(e).toMatchObject({ phase: 'final', complete: false, meeples: tokens, holders, points: 10 });
      expect(e.awarded).toEqual(tokens.map((_, j) => (holders.includes(j) ? 10 : 0)));
      if (holders.length > 0) tb.goodsHolders++;
    }
  });
}

/**
 * Turn order with builders (rules-facts §e): after a move the same player moves again exactly when
 * `builderTurn` is set, and `builderTurn` is set exactly when the move was not itself a builder's
 * second tile, its tile joined a road or city segment to the feature holding the player's builder
 * (the builder standing there before the move: not one deployed with this tile), and a tile is
 * left to play. Otherwise the next player in turn moves (after the game's last tile too: the
 * finished state has no builder turn pending). Never two builder turns in a row.
 */
function checkTurnOrder(states: readonly GameState[]): void {
  for (let i = 1; i < states.length; i++) {
    const before = states[i - 1] as GameState;
    const after = states[i] as GameState;
    const mover = before.currentPlayer;
    expect(after.placements.at(-1)?.player).toBe(mover);
    expect(after.turn).toBe(before.turn + 1);
    expect(after.turn).toBe(after.placements.length - firstMove(after));
    const placed = after.placements.at(-1) as GameState['placements'][number];
    let extends_ = false;
    const builder = before.meeples.find((m) => m.owner === mover && m.kind === 'builder');
    if (builder !== undefined && before.extraTurn === null) {
      const board = boardModel(after);
      const home = board.componentOf(builder.x, builder.y, builder.at);
      extends_ = (view(placed.tile, placed.rotation)?.features ?? []).some(
        (f) => (f.kind === 'road' || f.kind === 'city') && board.componentOf(placed.x, placed.y, f.spot) === home,
      );
    }
    // House rule #7: a tile with tiles on all four sides fills a hole and gives another tile.
    const fills =
      before.rules.fillingHole === 'extra-turn' &&
      before.extraTurn === null &&
      EDGES.every((_, d) => cellAt(after, placed.x + (DX[d] as number), placed.y + (DY[d] as number)) !== null);
    // A last tile extending the builder's feature gives nothing: no tile is left (test below).
    if (after.status === 'finished' && extends_) tb.lastTileExtends++;
    // With hands of tiles, once the bag is empty a player with an empty hand has no tile for a
    // second tile (it is lost) and passes their turns.
    const lost = after.hands !== null && after.tilesLeft.length === 0 && (after.hands[mover]?.length ?? 0) === 0;
    const again = (extends_ || fills) && after.status === 'playing' && !lost;
    const second = extends_ && after.status === 'playing' && !lost;
    expect(after.extraTurn, `move ${i - 1}`).toBe(again ? (extends_ ? 'builder' : 'hole') : null);
    expect(after.extraTurn === 'builder', `move ${i - 1}`).toBe(second);
    let next = (mover + 1) % before.players.length;
    if (after.hands !== null && after.status === 'playing')
      while ((after.hands[next]?.length ?? 0) === 0 && after.tilesLeft.length === 0) next = (next + 1) % before.players.length;
    // With hands, a finished game ends with whoever found the last hand empty.
    if (after.hands === null || after.status === 'playing')
      expect(after.currentPlayer === mover, `move ${i - 1}`).toBe(again || (!again && next === mover));
    if (!again && after.status === 'playing') expect(after.currentPlayer).toBe(next);
    if (!again && after.hands === null) expect(after.currentPlayer).toBe((mover + 1) % before.players.length);
    expect(before.extraTurn !== null && after.extraTurn !== null).toBe(false);
    if (!hasTraders(after)) expect(after.extraTurn === 'builder').toBe(false);
    if (second) {
      tb.builderTurns++;
      if (!after.meeples.some((m) => m.owner === mover && m.kind === 'builder')) tb.builderTurnsAfterReturn++;
    }
  }
}

/**
 * Builders and pigs (rules-facts §e): each on the board shares its feature (features()) with a
 * meeple (follower or large) of its owner, the builder on a road or city, the pig on a field; a pig
 * never leaves the board; a builder leaves only when its feature is completed (and returns).
 */
function checkBuildersAndPigs(states: readonly GameState[]): void {
  states.forEach((s, i) => {
    const feats = s.meeples.some((m) => m.kind === 'builder' || m.kind === 'pig') ? features(s) : [];
    for (const m of s.meeples) {
      if (m.kind !== 'builder' && m.kind !== 'pig') continue;
      const home = feats.find((f) =>
        f.meeples.some((x) => x.x === m.x && x.y === m.y && x.at === m.at && x.kind === m.kind && x.owner === m.owner),
      );
      expect(home, `state ${i}: ${m.kind} at ${m.x},${m.y}:${m.at}`).toBeDefined();
      expect(m.kind === 'pig' ? ['field'] : ['road', 'city']).toContain(home?.kind);
      expect(
        home?.meeples.some((x) => x.owner === m.owner && isMeeple(x.kind)),
        `state ${i}: ${m.kind} of player ${m.owner} without a meeple of theirs`,
      ).toBe(true);
      if (m.kind === 'builder') expect(home?.complete, `state ${i}: builder on a completed ${home?.kind}`).toBe(false);
      if (m.kind === 'pig') tb.pigs++;
      else tb.builders++;
    }
    const next = states[i + 1];
    if (next === undefined) return;
    const same = (a: MeepleOnBoard, b: MeepleOnBoard) =>
      a.owner === b.owner && a.kind === b.kind && a.x === b.x && a.y === b.y && a.at === b.at;
    for (const m of s.meeples) {
      if (m.kind === 'pig')
        expect(
          next.meeples.some((x) => same(x, m)),
          `state ${i + 1}: a pig left`,
        ).toBe(true);
      if (m.kind !== 'builder' || next.meeples.some((x) => same(x, m))) continue;
      const home = features(next).find((f) => f.segments.some((g) => g.x === m.x && g.y === m.y && g.at === m.at));
      expect(home?.complete, `state ${i + 1}: a builder left an incomplete ${home?.kind}`).toBe(true);
      expect(next.events).toContainEqual({ type: 'meeple-returned', owner: m.owner, kind: 'builder', x: m.x, y: m.y, at: m.at });
    }
  });
}

describe('properties of random games (fast-check)', () => {
  prop(
    "figure conservation (followers, abbots, large meeples, builders, pigs): supply + on the board = the rules' figures, for every player; each figure on a feature it may take",
    (states) => {
      for (const s of states) {
        s.players.forEach((p, i) => {
          const mine = s.meeples.filter((m) => m.owner === i);
          expect(p.meeples + mine.filter((m) => m.kind === 'follower').length).toBe(s.rules.meeples);
          // rules-facts §g: one abbot per player with The Abbot, none without.
          expect((p.abbots ?? 0) + mine.filter((m) => m.kind === 'abbot').length).toBe(hasAbbot(s) ? 1 : 0);
          // rules-facts §d: one large meeple per player with Inns & Cathedrals, none without.
          expect((p.largeMeeples ?? 0) + mine.filter((m) => m.kind === 'large').length).toBe(hasInns(s) ? 1 : 0);
          // rules-facts §e: one builder and one pig per player with Traders & Builders, none without.
          expect((p.builders ?? 0) + mine.filter((m) => m.kind === 'builder').length).toBe(hasTraders(s) ? 1 : 0);
          expect((p.pigs ?? 0) + mine.filter((m) => m.kind === 'pig').length).toBe(hasTraders(s) ? 1 : 0);
        });
        // rules-facts §d: 2 to 5 players, 6 with Inns & Cathedrals' sixth colour.
        expect(s.players.length).toBeLessThanOrEqual(hasInns(s) ? 6 : 5);
        for (const m of s.meeples) {
          // rules-facts §g: the abbot only on a cloister or garden; followers (§d: the large meeple too,
          // placed like a follower) never on a garden; §f: nothing on the river.
          if (m.kind === 'abbot') expect(['cloister', 'garden']).toContain(m.feature);
          // §e: the builder on a road or city, the pig on a field.
          else if (m.kind === 'builder') expect(['road', 'city']).toContain(m.feature);
          else if (m.kind === 'pig') expect(m.feature).toBe('field');
          else expect(['road', 'city', 'cloister', 'field']).toContain(m.feature);
        }
      }
    },
  );

  prop('scores never fall', (states) => {
    for (let i = 1; i < states.length; i++) {
      for (const [j, p] of (states[i]?.players ?? []).entries())
        expect(p.score).toBeGreaterThanOrEqual(states[i - 1]?.players[j]?.score ?? 0);
    }
  });

  prop('every placed edge matches its neighbour (a river only a river), and every tile touches an earlier one', (states) => {
    const s = states[states.length - 1] as GameState;
    const seen = new Set<string>();
    s.placements.forEach((p, i) => {
      expect(seen.has(`${p.x},${p.y}`)).toBe(false);
      if (i > 0) expect(EDGES.some((_, d) => seen.has(`${p.x + (DX[d] as number)},${p.y + (DY[d] as number)}`))).toBe(true);
      seen.add(`${p.x},${p.y}`);
      expect(edgesMatch(s, p.tile, p.x, p.y, p.rotation)).toBe(true);
    });
    // Open river edges (a river edge with no tile across it): only the river's single open end.
    const open = s.placements.flatMap((p) =>
      (riverEdges(p.tile, p.rotation) ?? [])
        .filter((d) => cellAt(s, p.x + (DX[d] as number), p.y + (DY[d] as number)) === null)
        .map((d) => `${p.x + (DX[d] as number)},${p.y + (DY[d] as number)}`),
    );
    const end = walkRiver(s).open;
    expect(open).toEqual(end === null ? [] : [`${end.x},${end.y}`]);
    if (s.placements.some((p) => p.tile === 'RV-lake')) expect(open).toEqual([]);
  });

  prop(
    'the river is one path from the spring: each river tile continues the open end, never turning the same way twice in a row',
    (states) => {
      const last = states[states.length - 1] as GameState;
      const river = walkRiver(last);
      if (!hasRiver(last)) {
        expect(river.tiles).toBe(0);
        return;
      }
      expect(last.placements[0]).toMatchObject({
        tile: 'RV-spring',
        x: 0,
        y: 0,
        ...(last.rules.startTile === 'bag' ? {} : { rotation: 0 }),
      });
      // Every river tile was placed, or discarded because it fitted nowhere (rules-facts §f, §h).
      const discardedRiver = last.discarded.filter(isRiverTile).length;
      expect(river.tiles + discardedRiver).toBe(12);
      if (last.placements.some((p) => p.tile === 'RV-lake')) expect(river.open).toBeNull();
    },
  );

  prop(
    'placed + discarded + left (+ current) = the tiles of the game, per tile id (Inns & Cathedrals tiles and garden copies too)',
    (states, _, options) => {
      const first = states[0] as GameState;
      // The state records the options: expansions in the order river, abbot, inns-cathedrals, traders-builders; the River's and The Abbot's rules with them only.
      expect(first.expansions).toEqual(
        (['river', 'abbot', 'inns-cathedrals', 'traders-builders'] as const).filter((e) => options.expansions?.includes(e)),
      );
      expect(first.rules.riverStartTile).toBe(hasRiver(first) ? (options.rules?.riverStartTile ?? 'removed') : undefined);
      expect(first.rules.gardens).toBe(hasAbbot(first) ? (options.rules?.gardens ?? true) : undefined);
      const expected = expectedTiles(first);
      for (const s of states) {
        const count = new Map<string, number>();
        const add = (id: string) => count.set(id, (count.get(id) ?? 0) + 1);
        for (const p of s.placements) add(p.tile);
        s.discarded.forEach(add);
        s.tilesLeft.forEach(add);
        if (s.currentTile !== null) add(s.currentTile);
        for (const hand of s.hands ?? []) hand.forEach(add);
        expect(Object.fromEntries([...count].sort(([a], [b]) => (a < b ? -1 : 1)))).toEqual(expected);
      }
      if (!hasRiver(first) && !hasInns(first) && !hasTraders(first) && !(hasAbbot(first) && first.rules.gardens)) {
        expect(expected).toEqual(Object.fromEntries([...TILE_SETS[first.tileSet].counts].sort()));
      }
      // rules-facts §d: Inns & Cathedrals adds 18 land tiles; §e: Traders & Builders 24; §f: The River
      // 12, the spring replacing the start tile (removed by default); a garden copy replaces a copy (no
      // change in number).
      const total = Object.values(expected).reduce((a, n) => a + n, 0);
      const land = first.tileSet === 'base' ? 72 : 48;
      expect(total).toBe(
        land +
          (hasInns(first) ? 18 : 0) +
          (hasTraders(first) ? 24 : 0) +
          (hasRiver(first) ? 12 - (first.rules.riverStartTile === 'removed' ? 1 : 0) : 0),
      );
      const last = states[states.length - 1] as GameState;
      expect(last.status).toBe('finished');
      expect(last.tilesLeft).toEqual([]);
      expect(last.currentTile).toBeNull();
    },
  );

  prop(
    'the draw: river course tiles first, the lake last of them, a first-land start tile next, then the land; in deal order',
    (states) => {
      const first = states[0] as GameState;
      // With hands of tiles: the hands as dealt, in turn order from the first player.
      const seats = first.players.map((_, i) => (first.currentPlayer + i) % first.players.length);
      const held = first.hands === null ? [first.currentTile as string] : seats.flatMap((p) => first.hands?.[p] ?? []);
      const deal = [...first.discarded, ...held, ...first.tilesLeft];
      // A first hand none of whose tiles fits is dealt anew: the order is then not the deal's.
      if (first.hands !== null && first.discarded.length > 0) return;
      if (hasRiver(first)) {
        // rules-facts §f: the spring starts, the other river tiles are shuffled with the lake at the bottom.
        // The start tile in the bag (a house rule): the spring is drawn first of all.
        if (first.rules.startTile === 'bag') expect(deal.shift()).toBe('RV-spring');
        const gardens = hasAbbot(first) && first.rules.gardens === true;
        expect(deal.slice(0, 10).sort()).toEqual(riverCourse(gardens));
        expect(deal[10]).toBe('RV-lake');
        let land = 11;
        if (first.rules.riverStartTile === 'first-land') expect(deal[land++]).toBe(TILE_SETS[first.tileSet].startTile);
        expect(deal.slice(land).filter(isRiverTile)).toEqual([]);
      } else {
        expect(deal.filter(isRiverTile)).toEqual([]);
      }
      if (!(hasAbbot(first) && first.rules.gardens)) expect(deal.filter((id) => id.endsWith('-garden'))).toEqual([]);
      // Tiles come out in that order: after each move, the tiles put in the box, then the current
      // tile, then the tiles left are what was left before. Tiles that fitted nowhere and went back
      // into the bag (house rule #5) are dealt anew with the others: the same tiles, a new order.
      for (let i = 1; i < states.length; i++) {
        const before = (states[i - 1] as GameState).tilesLeft;
        const s = states[i] as GameState;
        const out = s.events.flatMap((e) => (e.type === 'tile-discarded' ? [e.tile] : []));
        const now = [...out, ...(s.currentTile === null ? [] : [s.currentTile]), ...s.tilesLeft];
        const returned = s.events.flatMap((e) => (e.type === 'tile-returned' ? [e.tile] : []));
        // With hands, the tiles drawn went into hands or out of the game: the rest is as it was.
        if (s.hands !== null) {
          // With hands of tiles: the tiles drawn went into hands or out of the game, and every
          // tile is still somewhere: bag and hands before = out, bag, hands after and the tile placed.
          if (returned.length === 0) expect(before.slice(before.length - s.tilesLeft.length)).toEqual(s.tilesLeft);
          const was = [...before, ...((states[i - 1] as GameState).hands ?? []).flat()];
          const is = [...now, ...s.hands.flat(), s.placements.at(-1)?.tile as string];
          expect(is.sort()).toEqual(was.sort());
        } else if (returned.length === 0) expect(now).toEqual(before);
        else {
          expect(s.rules.unplaceable).toBe('returned');
          expect([...now].sort()).toEqual([...before].sort());
          for (const id of returned) expect(s.tilesLeft).toContain(id);
        }
      }
    },
  );

  prop('discarded and returned tiles really fitted nowhere when drawn (river tiles: nowhere continuing the river)', (states) => {
    for (let i = 0; i < states.length; i++) {
      const s = states[i] as GameState;
      const discards = s.events.filter((e) => e.type === 'tile-discarded' || e.type === 'tile-returned');
      if (discards.length === 0) continue;
      // The board at discard time is the board after this move's placement: the board of s.
      const river = walkRiver(s);
      for (const e of discards) expect(fitsAnywhere(s, river, e.tile), `${e.tile} was discarded`).toBe(false);
    }
  });

  prop('final totals equal the sum of the breakdown, at every state', (states) => {
    for (const s of states) {
      const f = scoreFinal(s);
      const sums = s.players.map((_, i) => f.breakdown.reduce((a, e) => a + (e.awarded[i] ?? 0), 0));
      expect(f.scores).toEqual(sums);
      const played = s.players.map((_, i) => s.scored.filter((e) => e.phase === 'play').reduce((a, e) => a + (e.awarded[i] ?? 0), 0));
      if (s.status === 'playing') expect(s.players.map((p) => p.score)).toEqual(played);
      const best = Math.max(...f.scores);
      expect(f.winners).toEqual(f.scores.flatMap((v, i) => (v === best ? [i] : [])));
    }
  });

  prop("a finished game's scores are its final totals, and its last event announces them", (states) => {
    const last = states[states.length - 1] as GameState;
    const f = scoreFinal(last);
    expect(f.scores).toEqual(last.players.map((p) => p.score));
    expect(last.events.at(-1)).toEqual({ type: 'game-finished', scores: f.scores, winners: f.winners });
  });

  prop('states are plain JSON: a JSON round trip gives an equal state that plays on identically', (states, moves) =>
    checkJson(states, moves),
  );

  prop('inputs are never mutated and every state is deeply frozen', (states, moves) => {
    for (let i = 0; i < moves.length; i++) {
      const s = states[i] as GameState;
      expect(deeplyFrozen(s)).toBe(true);
      if (i % 5 !== 0) continue;
      const before = JSON.stringify(s);
      const move = moves[i] as TurnMove;
      const moveBefore = JSON.stringify(move);
      applyMove(s, move);
      legalTurns(s);
      scoreFinal(s);
      validateMove(s, move);
      expect(JSON.stringify(s)).toBe(before);
      expect(JSON.stringify(move)).toBe(moveBefore);
    }
    expect(deeplyFrozen(states[states.length - 1])).toBe(true);
  });

  it('same options and moves give the same states (replay)', () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const a = play(options, picks);
        let s = createGame(options);
        expect(s).toEqual(a.states[0]);
        a.moves.forEach((m, i) => {
          s = applyMove(s, m);
          expect(s).toEqual(a.states[i + 1]);
        });
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });

  prop('the placements record replays the game: tile, cell, rotation, figure (with its kind) and recall', (states, _, options) =>
    checkPlacementsReplay(states, options),
  );

  prop('taking the abbot back scores 1 + the tiles around it at once, before what the tile completes (rules-facts §g)', (states, moves) => {
    moves.forEach((m, i) => {
      const before = states[i] as GameState;
      const after = states[i + 1] as GameState;
      const player = before.currentPlayer;
      if (m.recall !== 'abbot') {
        expect(after.events.some((e) => e.type === 'feature-scored' && e.score.note.startsWith('abbot taken back'))).toBe(false);
        return;
      }
      const abbot = before.meeples.find((x) => x.owner === player && x.kind === 'abbot');
      expect(abbot).toBeDefined();
      if (abbot === undefined) return;
      // "Score what the cloister or garden is worth right now, as in the final scoring": its tile + each
      // tile around it, the tile just placed included.
      const worth = 1 + neighbours(after, abbot.x, abbot.y);
      const scored = after.events.filter((e) => e.type === 'feature-scored');
      const first = scored[0];
      expect(first?.type === 'feature-scored' && first.score).toMatchObject({
        phase: 'play',
        kind: abbot.feature,
        id: `${abbot.x},${abbot.y}:${abbot.at}`,
        complete: false,
        holders: [player],
        points: worth,
      });
      if (first?.type !== 'feature-scored') return;
      expect(first.score.awarded).toEqual(before.players.map((_, j) => (j === player ? worth : 0)));
      expect(first.score.note.startsWith('abbot taken back: ')).toBe(true);
      const k = after.events.indexOf(first);
      expect(after.events[k + 1]).toEqual({ type: 'meeple-returned', owner: player, kind: 'abbot', x: abbot.x, y: abbot.y, at: abbot.at });
      expect(after.players[player]?.abbots).toBe(1);
      expect(after.meeples.some((x) => x.owner === player && x.kind === 'abbot')).toBe(false);
      expect(after.placements.at(-1)).toMatchObject({ meeple: null, recall: 'abbot' });
    });
  });

  prop('cloisters and gardens: 9 when surrounded during play; recalled or at the end 1 + the tiles around', (states) => {
    const last = states[states.length - 1] as GameState;
    for (const e of last.scored) {
      if (e.kind !== 'cloister' && e.kind !== 'garden') continue;
      const [x, y] = (e.id.split(':')[0] ?? '').split(',').map(Number) as [number, number];
      if (e.phase === 'play' && e.complete) {
        expect(e.points).toBe(9);
        expect(neighbours(last, x, y)).toBe(8);
      } else if (e.phase === 'final') {
        // At the end nothing more is placed: the board of the last state (house rule #8: nothing).
        expect(e.points).toBe(last.rules.incomplete === 'none' ? 0 : 1 + neighbours(last, x, y));
        expect(e.complete).toBe(false);
      }
      for (const h of e.holders) expect(e.awarded[h]).toBe(e.points);
    }
  });

  prop(
    "legal placements are exactly the rules' placements (distinct boards, sorted by y, x, rotation); legal moves extend them",
    (states) => {
      for (const s of states.slice(0, -1).filter((_, i) => i % 3 === 0)) {
        // With hands of tiles, the moves of each distinct tile of the hand, in hand order.
        const tiles = [...new Set(s.hands?.[s.currentPlayer] ?? [s.currentTile as string])];
        const all = legalTurns(s);
        let i = 0;
        for (const tile of tiles) {
          const ps = legalPlacements(s, tile);
          const river = walkRiver(s);
          const boards = new Set<string>();
          for (const p of ps) {
            const key = boardKey(tile, p.x, p.y, p.rotation);
            expect(boards.has(key)).toBe(false);
            boards.add(key);
            expect(placementCode(s, river, tile, p.x, p.y, p.rotation)).toBeNull();
          }
          // Complete: every placement the rules allow is listed (as its board).
          for (const { x, y } of frontier(s)) {
            for (const r of ROTATIONS) {
              if (placementCode(s, river, tile, x, y, r) === null)
                expect(boards.has(boardKey(tile, x, y, r)), `${tile} at ${x},${y} ${r}`).toBe(true);
            }
          }
          const sorted = [...ps].sort((a, b) => a.y - b.y || a.x - b.x || a.rotation - b.rotation);
          expect(ps).toEqual(sorted);
          // Per placement: the placement alone; then by canonical spot (SPOTS order), on a feature holding
          // no figure once the tile joins it a follower, on a cloister or garden the abbot, then a large
          // meeple (each when in supply); on a road or city holding a meeple of the player a builder, on
          // such a field a pig (rules-facts §e, each when in supply); then taking the abbot back (when
          // it is on the board). Which feature holds what: the board model.
          const moves = all;
          const player = s.players[s.currentPlayer];
          const abbotSpot = view(tile, 0)?.features.find((f) => f.kind === 'cloister' || f.kind === 'garden')?.spot;
          const deploysAbbot = hasAbbot(s) && (player?.abbots ?? 0) === 1 && abbotSpot !== undefined;
          const recalls = hasAbbot(s) && (player?.abbots ?? 0) === 0;
          const board = boardModel(s);
          for (const p of ps) {
            const expected: TurnMove[] = [{ tile, ...p }];
            const joined = figuresJoined(s, board, tile, p.x, p.y, p.rotation);
            const feats = [...(view(tile, p.rotation)?.features ?? [])].sort((a, b) => SPOTS.indexOf(a.spot) - SPOTS.indexOf(b.spot));
            for (const f of feats) {
              const here = joined[f.index] ?? [];
              const free = here.length === 0;
              const own = here.some((m) => m.owner === s.currentPlayer && isMeeple(m.kind));
              const follows = f.kind === 'road' || f.kind === 'city' || f.kind === 'cloister' || f.kind === 'field';
              const deploy = (kind: MeepleOnBoard['kind']) => expected.push({ tile, ...p, meeple: { at: f.spot, kind } });
              if (follows && free && (player?.meeples ?? 0) > 0) deploy('follower');
              if (deploysAbbot && f.spot === abbotSpot) deploy('abbot');
              if (follows && free && (player?.largeMeeples ?? 0) > 0) deploy('large');
              if ((f.kind === 'road' || f.kind === 'city') && own && (player?.builders ?? 0) > 0) deploy('builder');
              if (f.kind === 'field' && own && (player?.pigs ?? 0) > 0) deploy('pig');
            }
            // The abbot is taken back only while its cloister or garden is incomplete: not when this
            // tile fills its last neighbouring cell (wikicarpedia, The Abbot, clarification of 11/2020).
            if (recalls && !completesAbbot(s, p.x, p.y)) expected.push({ tile, ...p, recall: 'abbot' });
            expect(moves.slice(i, i + expected.length), `${tile} at ${p.x},${p.y} ${p.rotation}`).toEqual(expected);
            i += expected.length;
          }
        }
        expect(i).toBe(all.length);
      }
    },
  );

  prop('every legal move is accepted; mutated moves are rejected with the right code', (states) => {
    for (const s of states.slice(0, -1).filter((_, i) => i % 4 === 0)) {
      const moves = legalTurns(s);
      for (const m of moves) expect(validateMove(s, m)).toBeNull();
      // With hands of tiles, the moves of the first tile of the hand, each naming it.
      const m0 = moves[0] as TurnMove;
      const tile = m0.tile as string;
      const river = walkRiver(s);
      // Wrong tile.
      const other = ['B', 'C', 'D', 'E'].find((id) => !(s.hands?.[s.currentPlayer] ?? [tile]).includes(id)) as string;
      expect(validateMove(s, { ...m0, tile: other })?.code).toBe('wrong-tile');
      // Occupied cell.
      const p = s.placements[s.placements.length - 1];
      if (p !== undefined) expect(validateMove(s, { tile, x: p.x, y: p.y, rotation: 0 })?.code).toBe('cell-occupied');
      // Far from the board.
      expect(validateMove(s, { tile, x: 1000, y: -1000, rotation: 0 })?.code).toBe('not-adjacent');
      // Malformed.
      expect(validateMove(s, { ...m0, rotation: 45 as Rotation })?.code).toBe('malformed-move');
      expect(validateMove(s, { ...m0, meeple: { at: 'X' as 'N' } })?.code).toBe('unknown-spot');
      expect(validateMove(s, { ...m0, recall: 'follower' as 'abbot' })?.code).toBe('malformed-move');
      expect(validateMove(s, { ...m0, meeple: { at: 'C', kind: 'giant' as 'abbot' } })?.code).toBe('malformed-move');
      // Every rotation at a legal cell: the rules' code (edges, then the river's open end and U-turns).
      for (const r of ROTATIONS) {
        expect(validateMove(s, { tile, x: m0.x, y: m0.y, rotation: r })?.code ?? null).toBe(placementCode(s, river, tile, m0.x, m0.y, r));
      }
      // A river tile anywhere else on the frontier: where its edges match, it does not continue the river.
      if (riverEdges(tile, 0) !== null) {
        for (const { x, y } of frontier(s)) {
          for (const r of ROTATIONS) {
            const code = placementCode(s, river, tile, x, y, r);
            expect(validateMove(s, { tile, x, y, rotation: r })?.code ?? null, `${tile} at ${x},${y} ${r}`).toBe(code);
          }
        }
      }
      // Follower spots: legal ones accepted; a spot naming no feature, a feature a follower may not
      // take (river, garden) or a feature not offered, rejected.
      const player = s.players[s.currentPlayer];
      const supply = player?.meeples ?? 0;
      const tileView = view(tile, m0.rotation);
      const at0 = (m: TurnMove) => m.x === m0.x && m.y === m0.y && m.rotation === m0.rotation;
      const offered = new Set(moves.filter((m) => m.tile === tile && at0(m) && m.meeple?.kind === 'follower').map((m) => m.meeple?.at));
      for (const at of SPOTS) {
        const feature = tileView?.features.find((f) => f.spots.includes(at));
        const code = validateMove(s, { tile, x: m0.x, y: m0.y, rotation: m0.rotation, meeple: { at } })?.code ?? null;
        if (supply === 0) expect(code).toBe('no-meeples-left');
        else if (feature === undefined) expect(code).toBe('no-feature-at-spot');
        else if (feature.kind === 'river' || feature.kind === 'garden') expect(code).toBe('figure-not-allowed');
        else if (offered.has(feature.spot)) expect(code).toBeNull();
        else expect(code).toBe('feature-occupied');
      }
      // The large meeple (rules-facts §d): only with Inns & Cathedrals, from the supply, wherever a
      // follower may stand (never a garden or the river), on a free feature.
      const large = player?.largeMeeples ?? 0;
      const offeredLarge = new Set(moves.filter((m) => m.tile === tile && at0(m) && m.meeple?.kind === 'large').map((m) => m.meeple?.at));
      if (large > 0 && supply > 0) expect(offeredLarge).toEqual(offered);
      for (const at of SPOTS) {
        const feature = tileView?.features.find((f) => f.spots.includes(at));
        const code = validateMove(s, { tile, x: m0.x, y: m0.y, rotation: m0.rotation, meeple: { at, kind: 'large' } })?.code ?? null;
        if (!hasInns(s)) expect(code).toBe('figure-not-allowed');
        else if (large === 0) expect(code).toBe('no-meeples-left');
        else if (feature === undefined) expect(code).toBe('no-feature-at-spot');
        else if (feature.kind === 'river' || feature.kind === 'garden') expect(code).toBe('figure-not-allowed');
        else if (offeredLarge.has(feature.spot)) expect(code).toBeNull();
        else expect(code).toBe('feature-occupied');
      }
      // The abbot (rules-facts §g): only with The Abbot, from the supply, on a cloister or garden.
      const abbots = player?.abbots ?? 0;
      for (const at of SPOTS) {
        const feature = tileView?.features.find((f) => f.spots.includes(at));
        const code = validateMove(s, { tile, x: m0.x, y: m0.y, rotation: m0.rotation, meeple: { at, kind: 'abbot' } })?.code ?? null;
        if (!hasAbbot(s)) expect(code).toBe('figure-not-allowed');
        else if (abbots === 0) expect(code).toBe('no-meeples-left');
        else if (feature === undefined) expect(code).toBe('no-feature-at-spot');
        else if (feature.kind !== 'cloister' && feature.kind !== 'garden') expect(code).toBe('figure-not-allowed');
        else expect(code).toBeNull();
      }
      // The builder and the pig (rules-facts §e): only with Traders & Builders, from the supply, the
      // builder on a road or city and the pig on a field of the tile that (once the tile joins it)
      // holds a meeple (follower or large) of the player; occupied features are no obstacle.
      const joined0 = figuresJoined(s, boardModel(s), tile, m0.x, m0.y, m0.rotation);
      for (const kind of ['builder', 'pig'] as const) {
        const inSupply = kind === 'builder' ? (player?.builders ?? 0) : (player?.pigs ?? 0);
        for (const at of SPOTS) {
          const feature = tileView?.features.find((f) => f.spots.includes(at));
          const code = validateMove(s, { tile, x: m0.x, y: m0.y, rotation: m0.rotation, meeple: { at, kind } })?.code ?? null;
          const own = feature !== undefined && (joined0[feature.index] ?? []).some((m) => m.owner === s.currentPlayer && isMeeple(m.kind));
          const fits = kind === 'builder' ? feature?.kind === 'road' || feature?.kind === 'city' : feature?.kind === 'field';
          if (!hasTraders(s)) expect(code).toBe('figure-not-allowed');
          else if (inSupply === 0) expect(code).toBe('no-meeples-left');
          else if (feature === undefined) expect(code).toBe('no-feature-at-spot');
          else if (!fits) expect(code).toBe('figure-not-allowed');
          else expect(code, `${kind} at ${at}`).toBe(own ? null : 'no-own-meeple');
        }
      }
      // Taking the abbot back: never with a deploy; only when it stands on the board, on a feature
      // this tile does not complete.
      const recall = validateMove(s, { tile, x: m0.x, y: m0.y, rotation: m0.rotation, recall: 'abbot' })?.code ?? null;
      expect(recall).toBe(hasAbbot(s) && abbots === 0 && !completesAbbot(s, m0.x, m0.y) ? null : 'nothing-to-recall');
      const both = {
        tile,
        x: m0.x,
        y: m0.y,
        rotation: m0.rotation,
        recall: 'abbot' as const,
        meeple: { at: 'C' as const, kind: 'abbot' as const },
      };
      expect(validateMove(s, both)?.code).toBe('deploy-and-recall');
    }
    const last = states[states.length - 1] as GameState;
    expect(validateMove(last, { x: 0, y: 1, rotation: 0 })?.code).toBe('game-finished');
    expect(() => applyMove(last, { x: 0, y: 1, rotation: 0 })).toThrow(expect.objectContaining({ code: 'game-finished' }));
  });

  it("majorities: each scoring's strengths and holders are its figures' weights (a large meeple counts 2, rules-facts §d; builders and pigs 0, §e), a pig raising its holder's field points, from state.meeples on an independent model of the board", () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        checkMajorities(play(options, picks).states);
      }),
      { numRuns: RUNS },
    );
    if (RUNS >= 20) expect(seen.largeMajorities).toBeGreaterThan(0);
  });

  it('roads and cities score by the tile data: an inn makes a completed road 2 a tile and an unfinished one 0; a cathedral a completed city 3 a tile and pennant and an unfinished one 0 (rules-facts §d)', () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const { states } = play(options, picks);
        const last = states[states.length - 1] as GameState;
        const board = boardModel(last);
        for (const e of last.scored) {
          if (e.kind !== 'road' && e.kind !== 'city') continue;
          const c = componentOfId(board, e.id) as number;
          const segments = board.segments(c);
          const tiles = board.cells(c);
          expect(new Set(e.tiles.map((t) => `${t.x},${t.y}`))).toEqual(tiles);
          // tileDefinition's flags: an inn beside a road segment, a cathedral in a city segment.
          let pennants = 0;
          let inn = false;
          let cathedral = false;
          let open = 0;
          for (const g of segments) {
            const f = g.feature;
            if (f.kind === 'road' && f.inn === true) inn = true;
            if (f.kind === 'city') {
              pennants += f.pennants;
              if (f.cathedral === true) cathedral = true;
            }
            if (f.kind === 'road' || f.kind === 'city') {
              open += f.edges.filter((edge) => openEdge(last, g.x, g.y, edge)).length;
            }
          }
          expect(e.pennants).toBe(pennants);
          expect(e.complete).toBe(open === 0);
          const n = tiles.size;
          let points: number;
          if (e.kind === 'road') {
            // A road: 1 a tile, complete or not (rules-facts §c); with an inn 2 a tile completed, 0 unfinished.
            points = e.complete ? (inn ? 2 : 1) * n : inn ? 0 : n;
          } else if (e.complete) {
            // A completed city: 2 a tile and pennant, 1 each for two tiles under the first-edition rule
            // (§b); with a cathedral 3 each, the small-city rule never applying.
            points = cathedral ? 3 * n + 3 * pennants : n === 2 && last.rules.smallCity === 2 ? n + pennants : 2 * n + 2 * pennants;
          } else {
            points = cathedral ? 0 : n + pennants;
          }
          // House rule #8: incomplete features score nothing at the end.
          if (!e.complete && e.phase === 'final' && last.rules.incomplete === 'none') points = 0;
          expect(e.points, e.note).toBe(points);
          if (inn) seen.innRoads++;
          if (cathedral) seen.cathedralCities++;
          // Without Inns & Cathedrals no tile has an inn or a cathedral (the demo's IC-D and IC-J have neither).
          if (!hasInns(last)) expect(inn || cathedral).toBe(false);
        }
        // features() counts the inns of a road and the cathedrals of a city, segment by segment: in
        // a game with Inns & Cathedrals, roads have `inns` and cities `cathedrals`; no other has either.
        for (const f of features(last)) {
          const segments = board.segments(componentOfId(board, f.id) as number);
          const inns = segments.filter((g) => g.feature.kind === 'road' && g.feature.inn === true).length;
          const cathedrals = segments.filter((g) => g.feature.kind === 'city' && g.feature.cathedral === true).length;
          expect(f.inns, f.id).toBe(hasInns(last) && f.kind === 'road' ? inns : undefined);
          expect(f.cathedrals, f.id).toBe(hasInns(last) && f.kind === 'city' ? cathedrals : undefined);
        }
      }),
      { numRuns: RUNS },
    );
    if (RUNS >= 20) {
      expect(seen.innRoads).toBeGreaterThan(0);
      expect(seen.cathedralCities).toBeGreaterThan(0);
    }
  });
});

describe('Traders & Builders properties (fast-check)', () => {
  prop(
    "token conservation: held + in cities not completed + on tiles off the board = 9 wine, 6 grain, 5 cloth (0 without T&B); tokens never fall; the completer takes each completed city's symbols",
    (states) => checkTokens(states),
  );

  prop('the final goods majorities: wine, grain, cloth last, 10 to each player tied for the most tokens (at least one)', (states) =>
    checkGoodsScoring(states),
  );

  prop(
    "turn order: the same player moves again exactly when extraTurn: a builder's extended feature or (house rule) a filled hole gives it, never twice in a row",
    (states) => checkTurnOrder(states),
  );

  prop(
    'builders and pigs share their feature with a meeple of their owner; a pig never leaves; a builder leaves only with its completed feature',
    (states) => checkBuildersAndPigs(states),
  );

  // Games with Traders & Builders always in, played by a driver deploying builders and pigs
  // whenever it can (three times in four), so that double turns, pigs in scored fields and goods
  // come up; every T&B property, the majorities, the JSON round trip and the replays on them.
  const withTraders = gameOptions.map(
    (o): GameOptions => ({ ...o, expansions: [...new Set([...(o.expansions ?? []), 'traders-builders' as const])] }),
  );
  it('builder- and pig-heavy games: all of the above, with double turns (also after the builder returned), pigs raising field scores and goods taken', () => {
    fc.assert(
      fc.property(withTraders, fc.nat(), (options, seed) => {
        const { states, moves } = playTradersHeavy(options, seed);
        checkTokens(states);
        checkGoodsScoring(states);
        checkTurnOrder(states);
        checkBuildersAndPigs(states);
        checkMajorities(states);
        checkJson(states, moves);
        checkPlacementsReplay(states, options);
        // Same options and moves give the same states.
        let s = createGame(options);
        moves.forEach((m, i) => {
          s = applyMove(s, m);
          if (i % 10 === 0 || i === moves.length - 1) expect(s).toEqual(states[i + 1]);
        });
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    if (RUNS >= 20) {
      expect(tb.builderTurns).toBeGreaterThan(0);
      expect(tb.builderTurnsAfterReturn).toBeGreaterThan(0);
      expect(tb.builders).toBeGreaterThan(0);
      expect(tb.pigs).toBeGreaterThan(0);
      expect(tb.goodsTaken).toBeGreaterThan(0);
      expect(tb.goodsHolders).toBeGreaterThan(0);
      expect(seen.pigBonuses).toBeGreaterThan(0);
      expect(seen.builderMajorities).toBeGreaterThan(0);
    }
  });

  it("a finished game has no builder turn pending: when the last tile extends the feature holding the player's builder, builderTurn is false and currentPlayer the next in turn (rules-facts §e: the builder gives a second tile only if one is drawn)", () => {
    // The first of these games whose last tile extends the builder's road or city (by the board model).
    let found: { states: GameState[]; seed: number } | null = null;
    for (let seed = 0; seed < 300 && found === null; seed++) {
      const { states } = playTradersHeavy({ players: 2, seed, expansions: ['traders-builders'] }, seed);
      const before = states[states.length - 2] as GameState;
      const last = states[states.length - 1] as GameState;
      const builder = before.meeples.find((m) => m.owner === before.currentPlayer && m.kind === 'builder');
      if (builder === undefined || before.extraTurn === 'builder') continue;
      const board = boardModel(last);
      const placed = last.placements.at(-1) as GameState['placements'][number];
      const home = board.componentOf(builder.x, builder.y, builder.at);
      if (
        (view(placed.tile, placed.rotation)?.features ?? []).some(
          (f) => (f.kind === 'road' || f.kind === 'city') && board.componentOf(placed.x, placed.y, f.spot) === home,
        )
      ) {
        found = { states, seed };
      }
    }
    expect(found, 'no game ending on a tile that extends the builder').not.toBeNull();
    if (found === null) return;
    const before = found.states[found.states.length - 2] as GameState;
    const last = found.states[found.states.length - 1] as GameState;
    expect(last.status).toBe('finished');
    expect(last.currentTile).toBeNull();
    // GameState.extraTurn: 'builder' "while currentPlayer plays the second tile of a turn"; no tile is
    // left, so no second tile is played.
    expect({ seed: found.seed, builderTurn: last.extraTurn === 'builder' }).toEqual({ seed: found.seed, builderTurn: false });
    // currentPlayer: "after the game ends, the next in turn"; the same player only with builderTurn.
    expect(last.currentPlayer).toBe((before.currentPlayer + 1) % last.players.length);
  });
});
