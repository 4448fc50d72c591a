import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  createGame,
  EDGES,
  features,
  type GameOptions,
  type GameState,
  legalMoves,
  legalPlacements,
  type MeepleOnBoard,
  type Move,
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
  componentOfId,
  deeplyFrozen,
  DX,
  DY,
  edgesMatch,
  expectedTiles,
  figureWeight,
  fitsAnywhere,
  frontier,
  gameOptions,
  neighbours,
  placementCode,
  play,
  riverCourse,
  riverEdges,
  view,
  walkRiver,
} from '../support/play';

// Properties over random games (fast-check picks the options and every move). Each run plays a
// whole game through the pure API and checks the property at every state.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);
const prop = (name: string, check: (states: GameState[], moves: Move[], options: GameOptions) => void) =>
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
const isRiverTile = (id: string) => riverEdges(id, 0) !== null;

/** The board of a placement as a string: cell, edge kinds and features (rotations giving the same board are equal). */
function boardKey(tile: string, x: number, y: number, rotation: Rotation): string {
  const v = view(tile, rotation);
  return `${x},${y}:${EDGES.map((e) => v?.edges[e]).join('')}:${JSON.stringify(
    v?.features.map((f) => ('edges' in f ? [...f.edges].sort() : 'halfEdges' in f ? [...f.halfEdges].sort() : f.kind)).sort(),
  )}`;
}

describe('properties of random games (fast-check)', () => {
  prop('figure conservation (followers, abbots, large meeples): supply + on the board = the rules\' figures, for every player; each figure on a feature it may take', (states) => {
    for (const s of states) {
      s.players.forEach((p, i) => {
        const mine = s.meeples.filter((m) => m.owner === i);
        expect(p.meeples + mine.filter((m) => m.kind === 'follower').length).toBe(s.rules.meeples);
        // rules-facts §g: one abbot per player with The Abbot, none without.
        expect(p.abbots + mine.filter((m) => m.kind === 'abbot').length).toBe(hasAbbot(s) ? 1 : 0);
        // rules-facts §d: one large meeple per player with Inns & Cathedrals, none without.
        expect(p.largeMeeples + mine.filter((m) => m.kind === 'large').length).toBe(hasInns(s) ? 1 : 0);
      });
      // rules-facts §d: 2 to 5 players, 6 with Inns & Cathedrals' sixth colour.
      expect(s.players.length).toBeLessThanOrEqual(hasInns(s) ? 6 : 5);
      for (const m of s.meeples) {
        // rules-facts §g: the abbot only on a cloister or garden; followers (§d: the large meeple too,
        // placed like a follower) never on a garden; §f: nothing on the river.
        if (m.kind === 'abbot') expect(['cloister', 'garden']).toContain(m.feature);
        else expect(['road', 'city', 'cloister', 'field']).toContain(m.feature);
      }
    }
  });

  prop('scores never fall', (states) => {
    for (let i = 1; i < states.length; i++) {
      states[i]?.players.forEach((p, j) => expect(p.score).toBeGreaterThanOrEqual(states[i - 1]?.players[j]?.score ?? 0));
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

  prop('the river is one path from the spring: each river tile continues the open end, never turning the same way twice in a row', (states) => {
    const last = states[states.length - 1] as GameState;
    const river = walkRiver(last);
    if (!hasRiver(last)) {
      expect(river.tiles).toBe(0);
      return;
    }
    expect(last.placements[0]).toMatchObject({ tile: 'RV-spring', x: 0, y: 0, rotation: 0 });
    // Every river tile was placed, or discarded because it fitted nowhere (rules-facts §f, §h).
    const discardedRiver = last.discarded.filter(isRiverTile).length;
    expect(river.tiles + discardedRiver).toBe(12);
    if (last.placements.some((p) => p.tile === 'RV-lake')) expect(river.open).toBeNull();
  });

  prop('placed + discarded + left (+ current) = the tiles of the game, per tile id (Inns & Cathedrals tiles and garden copies too)', (states, _, options) => {
    const first = states[0] as GameState;
    // The state records the options: expansions in the order river, abbot, inns-cathedrals; the River and Abbot rules always.
    expect(first.expansions).toEqual((['river', 'abbot', 'inns-cathedrals'] as const).filter((e) => options.expansions?.includes(e)));
    expect(first.rules.riverStartTile).toBe(options.rules?.riverStartTile ?? 'removed');
    expect(first.rules.gardens).toBe(options.rules?.gardens ?? true);
    const expected = expectedTiles(first);
    for (const s of states) {
      const count = new Map<string, number>();
      const add = (id: string) => count.set(id, (count.get(id) ?? 0) + 1);
      s.placements.forEach((p) => add(p.tile));
      s.discarded.forEach(add);
      s.tilesLeft.forEach(add);
      if (s.currentTile !== null) add(s.currentTile);
      expect(Object.fromEntries([...count].sort(([a], [b]) => (a < b ? -1 : 1)))).toEqual(expected);
    }
    if (!hasRiver(first) && !hasInns(first) && !(hasAbbot(first) && first.rules.gardens)) {
      expect(expected).toEqual(Object.fromEntries([...TILE_SETS[first.tileSet].counts].sort()));
    }
    // rules-facts §d: Inns & Cathedrals adds 18 land tiles; §f: The River 12, the spring replacing the
    // start tile (removed by default); a garden copy replaces a copy (no change in number).
    const total = Object.values(expected).reduce((a, n) => a + n, 0);
    const land = first.tileSet === 'base' ? 72 : 48;
    expect(total).toBe(land + (hasInns(first) ? 18 : 0) + (hasRiver(first) ? 12 - (first.rules.riverStartTile === 'removed' ? 1 : 0) : 0));
    const last = states[states.length - 1] as GameState;
    expect(last.status).toBe('finished');
    expect(last.tilesLeft).toEqual([]);
    expect(last.currentTile).toBeNull();
  });

  prop('the draw: river course tiles first, the lake last of them, a first-land start tile next, then the land; in deal order', (states) => {
    const first = states[0] as GameState;
    const deal = [...first.discarded, first.currentTile as string, ...first.tilesLeft];
    if (hasRiver(first)) {
      // rules-facts §f: the spring starts, the other river tiles are shuffled with the lake at the bottom.
      const gardens = hasAbbot(first) && first.rules.gardens;
      expect(deal.slice(0, 10).sort()).toEqual(riverCourse(gardens));
      expect(deal[10]).toBe('RV-lake');
      let land = 11;
      if (first.rules.riverStartTile === 'first-land') expect(deal[land++]).toBe(TILE_SETS[first.tileSet].startTile);
      expect(deal.slice(land).filter(isRiverTile)).toEqual([]);
    } else {
      expect(deal.filter(isRiverTile)).toEqual([]);
    }
    if (!(hasAbbot(first) && first.rules.gardens)) expect(deal.filter((id) => id.endsWith('-garden'))).toEqual([]);
    // Tiles come out in that order: what is left is always the end of the deal, the current tile just before it.
    for (const s of states) {
      expect(s.tilesLeft).toEqual(deal.slice(deal.length - s.tilesLeft.length));
      if (s.currentTile !== null) expect(s.currentTile).toBe(deal[deal.length - s.tilesLeft.length - 1]);
    }
  });

  prop('discarded tiles really fitted nowhere when drawn (river tiles: nowhere continuing the river)', (states) => {
    for (let i = 0; i < states.length; i++) {
      const s = states[i] as GameState;
      const discards = s.events.filter((e) => e.type === 'tile-discarded');
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

  prop('a finished game\'s scores are its final totals, and its last event announces them', (states) => {
    const last = states[states.length - 1] as GameState;
    const f = scoreFinal(last);
    expect(f.scores).toEqual(last.players.map((p) => p.score));
    expect(last.events.at(-1)).toEqual({ type: 'game-finished', scores: f.scores, winners: f.winners });
  });

  prop('states are plain JSON: a JSON round trip gives an equal state that plays on identically', (states, moves) => {
    for (let i = 0; i < states.length; i++) {
      const s = states[i] as GameState;
      const copy = JSON.parse(JSON.stringify(s)) as GameState;
      expect(copy).toEqual(s);
      const m = moves[i];
      if (m !== undefined && i % 7 === 0) {
        expect(legalMoves(copy)).toEqual(legalMoves(s));
        expect(applyMove(copy, m)).toEqual(states[i + 1]);
        expect(scoreFinal(copy)).toEqual(scoreFinal(s));
      }
    }
  });

  prop('inputs are never mutated and every state is deeply frozen', (states, moves) => {
    for (let i = 0; i < moves.length; i++) {
      const s = states[i] as GameState;
      expect(deeplyFrozen(s)).toBe(true);
      if (i % 5 !== 0) continue;
      const before = JSON.stringify(s);
      const move = moves[i] as Move;
      const moveBefore = JSON.stringify(move);
      applyMove(s, move);
      legalMoves(s);
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

  prop('the placements record replays the game: tile, cell, rotation, figure (with its kind) and recall', (states, _, options) => {
    const last = states[states.length - 1] as GameState;
    let s = createGame(options);
    for (const p of last.placements.slice(1)) {
      expect(s.currentTile).toBe(p.tile);
      expect(s.currentPlayer).toBe(p.player);
      const move: Move = {
        x: p.x,
        y: p.y,
        rotation: p.rotation,
        ...(p.meeple !== null ? { meeple: p.meeple } : {}),
        ...(p.recall !== null ? { recall: p.recall } : {}),
      };
      s = applyMove(s, move);
    }
    expect(s).toEqual(last);
  });

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
      const [x, y] = e.id.split(':')[0]?.split(',').map(Number) as [number, number];
      if (e.phase === 'play' && e.complete) {
        expect(e.points).toBe(9);
        expect(neighbours(last, x, y)).toBe(8);
      } else if (e.phase === 'final') {
        // At the end nothing more is placed: the board of the last state.
        expect(e.points).toBe(1 + neighbours(last, x, y));
        expect(e.complete).toBe(false);
      }
      e.holders.forEach((h) => expect(e.awarded[h]).toBe(e.points));
    }
  });

  prop('legal placements are exactly the rules\' placements (distinct boards, sorted by y, x, rotation); legal moves extend them', (states) => {
    for (const s of states.slice(0, -1).filter((_, i) => i % 3 === 0)) {
      const ps = legalPlacements(s);
      const tile = s.currentTile as string;
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
          if (placementCode(s, river, tile, x, y, r) === null) expect(boards.has(boardKey(tile, x, y, r)), `${tile} at ${x},${y} ${r}`).toBe(true);
        }
      }
      const sorted = [...ps].sort((a, b) => a.y - b.y || a.x - b.x || a.rotation - b.rotation);
      expect(ps).toEqual(sorted);
      // Per placement: the placement alone; on each free feature (SPOTS order) a follower, then a
      // large meeple (each when in supply); the abbot (when in supply, on a cloister or garden);
      // taking the abbot back (when it is on the board).
      const moves = legalMoves(s);
      const player = s.players[s.currentPlayer];
      const abbotSpot = view(tile, 0)?.features.find((f) => f.kind === 'cloister' || f.kind === 'garden')?.spot;
      const deploysAbbot = hasAbbot(s) && player?.abbots === 1 && abbotSpot !== undefined;
      const recalls = hasAbbot(s) && player?.abbots === 0;
      let i = 0;
      for (const p of ps) {
        expect(moves[i++]).toEqual({ tile, ...p });
        const figures: [number, string][] = [];
        const isFigure = (m: Move | undefined) => m?.meeple?.kind === 'follower' || m?.meeple?.kind === 'large';
        while (isFigure(moves[i]) && moves[i]?.x === p.x && moves[i]?.y === p.y && moves[i]?.rotation === p.rotation) {
          const m = moves[i++] as Move;
          figures.push([SPOTS.indexOf(m.meeple?.at as never), m.meeple?.kind as string]);
        }
        const spots = [...new Set(figures.map(([at]) => at))];
        expect(spots).toEqual([...spots].sort((a, b) => a - b));
        const perSpot = [...((player?.meeples ?? 0) > 0 ? ['follower'] : []), ...((player?.largeMeeples ?? 0) > 0 ? ['large'] : [])];
        expect(figures).toEqual(spots.flatMap((at) => perSpot.map((kind) => [at, kind])));
        if (deploysAbbot) expect(moves[i++]).toEqual({ tile, ...p, meeple: { at: abbotSpot, kind: 'abbot' } });
        if (recalls) expect(moves[i++]).toEqual({ tile, ...p, recall: 'abbot' });
      }
      expect(i).toBe(moves.length);
    }
  });

  prop('every legal move is accepted; mutated moves are rejected with the right code', (states) => {
    for (const s of states.slice(0, -1).filter((_, i) => i % 4 === 0)) {
      const moves = legalMoves(s);
      for (const m of moves) expect(validateMove(s, m)).toBeNull();
      const tile = s.currentTile as string;
      const m0 = moves[0] as Move;
      const river = walkRiver(s);
      // Wrong tile.
      const other = tile === 'B' ? 'C' : 'B';
      expect(validateMove(s, { ...m0, tile: other })?.code).toBe('wrong-tile');
      // Occupied cell.
      const p = s.placements[s.placements.length - 1];
      expect(validateMove(s, { x: p?.x ?? 0, y: p?.y ?? 0, rotation: 0 })?.code).toBe('cell-occupied');
      // Far from the board.
      expect(validateMove(s, { x: 1000, y: -1000, rotation: 0 })?.code).toBe('not-adjacent');
      // Malformed.
      expect(validateMove(s, { ...m0, rotation: 45 as Rotation })?.code).toBe('malformed-move');
      expect(validateMove(s, { ...m0, meeple: { at: 'X' as 'N' } })?.code).toBe('unknown-spot');
      expect(validateMove(s, { ...m0, recall: 'follower' as 'abbot' })?.code).toBe('malformed-move');
      expect(validateMove(s, { ...m0, meeple: { at: 'C', kind: 'giant' as 'abbot' } })?.code).toBe('malformed-move');
      // Every rotation at a legal cell: the rules' code (edges, then the river's open end and U-turns).
      for (const r of ROTATIONS) {
        expect(validateMove(s, { x: m0.x, y: m0.y, rotation: r })?.code ?? null).toBe(placementCode(s, river, tile, m0.x, m0.y, r));
      }
      // A river tile anywhere else on the frontier: where its edges match, it does not continue the river.
      if (riverEdges(tile, 0) !== null) {
        for (const { x, y } of frontier(s)) {
          for (const r of ROTATIONS) {
            const code = placementCode(s, river, tile, x, y, r);
            expect(validateMove(s, { x, y, rotation: r })?.code ?? null, `${tile} at ${x},${y} ${r}`).toBe(code);
          }
        }
      }
      // Follower spots: legal ones accepted; a spot naming no feature, a feature a follower may not
      // take (river, garden) or a feature not offered, rejected.
      const player = s.players[s.currentPlayer];
      const supply = player?.meeples ?? 0;
      const tileView = view(tile, m0.rotation);
      const at0 = (m: Move) => m.x === m0.x && m.y === m0.y && m.rotation === m0.rotation;
      const offered = new Set(moves.filter((m) => at0(m) && m.meeple?.kind === 'follower').map((m) => m.meeple?.at));
      for (const at of SPOTS) {
        const feature = tileView?.features.find((f) => f.spots.includes(at));
        const code = validateMove(s, { x: m0.x, y: m0.y, rotation: m0.rotation, meeple: { at } })?.code ?? null;
        if (supply === 0) expect(code).toBe('no-meeples-left');
        else if (feature === undefined) expect(code).toBe('no-feature-at-spot');
        else if (feature.kind === 'river' || feature.kind === 'garden') expect(code).toBe('figure-not-allowed');
        else if (offered.has(feature.spot)) expect(code).toBeNull();
        else expect(code).toBe('feature-occupied');
      }
      // The large meeple (rules-facts §d): only with Inns & Cathedrals, from the supply, wherever a
      // follower may stand (never a garden or the river), on a free feature.
      const large = player?.largeMeeples ?? 0;
      const offeredLarge = new Set(moves.filter((m) => at0(m) && m.meeple?.kind === 'large').map((m) => m.meeple?.at));
      if (large > 0 && supply > 0) expect(offeredLarge).toEqual(offered);
      for (const at of SPOTS) {
        const feature = tileView?.features.find((f) => f.spots.includes(at));
        const code = validateMove(s, { x: m0.x, y: m0.y, rotation: m0.rotation, meeple: { at, kind: 'large' } })?.code ?? null;
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
        const code = validateMove(s, { x: m0.x, y: m0.y, rotation: m0.rotation, meeple: { at, kind: 'abbot' } })?.code ?? null;
        if (!hasAbbot(s)) expect(code).toBe('figure-not-allowed');
        else if (abbots === 0) expect(code).toBe('no-meeples-left');
        else if (feature === undefined) expect(code).toBe('no-feature-at-spot');
        else if (feature.kind !== 'cloister' && feature.kind !== 'garden') expect(code).toBe('figure-not-allowed');
        else expect(code).toBeNull();
      }
      // Taking the abbot back: never with a deploy; only when it stands on the board.
      const recall = validateMove(s, { x: m0.x, y: m0.y, rotation: m0.rotation, recall: 'abbot' })?.code ?? null;
      expect(recall).toBe(hasAbbot(s) && abbots === 0 ? null : 'nothing-to-recall');
      const both = { x: m0.x, y: m0.y, rotation: m0.rotation, recall: 'abbot' as const, meeple: { at: 'C' as const, kind: 'abbot' as const } };
      expect(validateMove(s, both)?.code).toBe('deploy-and-recall');
    }
    const last = states[states.length - 1] as GameState;
    expect(validateMove(last, { x: 0, y: 1, rotation: 0 })?.code).toBe('game-finished');
    expect(() => applyMove(last, { x: 0, y: 1, rotation: 0 })).toThrow(expect.objectContaining({ code: 'game-finished' }));
  });

  /** What the random games scored, to be sure the Inns & Cathedrals cases were met at all. */
  const seen = { innRoads: 0, cathedralCities: 0, largeMajorities: 0 };

  it('majorities: each scoring\'s strengths and holders are its figures\' weights (a large meeple counts 2, rules-facts §d), from state.meeples on an independent model of the board', () => {
    fc.assert(
      fc.property(gameOptions, choices, (options, picks) => {
        const { states } = play(options, picks);
        const last = states[states.length - 1] as GameState;
        // Features only grow by merging, and a completed one never again: the last board holds every
        // feature scored during play as it was, and the features of the final scoring.
        const board = boardModel(last);
        type Figure = Pick<MeepleOnBoard, 'owner' | 'kind' | 'x' | 'y' | 'at'>;
        for (const e of last.scored) {
          // The figures when it was scored: during play, those on the board before the move and the one
          // it deployed (less an abbot it took back, once that scoring is done); at the end, the board's.
          let figures: Figure[] = [...last.meeples];
          if (e.phase === 'play') {
            const placed = last.placements[e.turn + 1];
            if (placed === undefined || placed.player === null) throw new Error(`no placement for turn ${e.turn}`);
            figures = [...(states[e.turn] as GameState).meeples];
            if (placed.meeple !== null) figures.push({ owner: placed.player, kind: placed.meeple.kind, x: placed.x, y: placed.y, at: placed.meeple.at });
            if (placed.recall === 'abbot' && !e.note.startsWith('abbot taken back')) {
              figures = figures.filter((m) => !(m.kind === 'abbot' && m.owner === placed.player));
            }
          }
          // A farmer scoring counts the farmers of every field it lists (one field, or under 'city-4' all
          // the fields bordering the city); any other scoring the figures on its feature.
          const components = new Set((e.kind === 'field' ? e.fields : [e.id]).map((id) => componentOfId(board, id)));
          expect(components.has(null)).toBe(false);
          const strength = last.players.map(() => 0);
          for (const m of figures) {
            if (components.has(board.componentOf(m.x, m.y, m.at))) strength[m.owner] = (strength[m.owner] as number) + figureWeight(m.kind);
          }
          expect(e.meeples, e.note).toEqual(strength);
          const best = Math.max(...strength);
          expect(e.holders, e.note).toEqual(best > 0 ? strength.flatMap((v, i) => (v === best ? [i] : [])) : []);
          if (e.kind !== 'field' || last.rules.farmers !== 'farm-3-once') {
            expect(e.awarded, e.note).toEqual(strength.map((_, i) => (e.holders.includes(i) ? e.points : 0)));
          }
          const largeHere = figures.some((m) => m.kind === 'large' && components.has(board.componentOf(m.x, m.y, m.at)));
          if (largeHere && e.holders.length > 0) seen.largeMajorities++;
        }
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
              open += f.edges.filter((edge) => cellAt(last, g.x + (DX[EDGES.indexOf(edge)] as number), g.y + (DY[EDGES.indexOf(edge)] as number)) === null).length;
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
          expect(e.points, e.note).toBe(points);
          if (inn) seen.innRoads++;
          if (cathedral) seen.cathedralCities++;
          // Without Inns & Cathedrals no tile has an inn or a cathedral (the demo's IC-D and IC-J have neither).
          if (!hasInns(last)) expect(inn || cathedral).toBe(false);
        }
        // features() counts the inns of a road and the cathedrals of a city, segment by segment.
        for (const f of features(last)) {
          const segments = board.segments(componentOfId(board, f.id) as number);
          expect(f.inns, f.id).toBe(segments.filter((g) => g.feature.kind === 'road' && g.feature.inn === true).length);
          expect(f.cathedrals, f.id).toBe(segments.filter((g) => g.feature.kind === 'city' && g.feature.cathedral === true).length);
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
