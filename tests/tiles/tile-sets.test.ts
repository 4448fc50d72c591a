import { describe, expect, it } from 'vitest';
import { createGame, TILE_SETS, tileDefinition, tileIds, type TileDef, type TileSetName } from 'carcassonne-engine';
import { tileCatalogue } from '../../src/rules/catalogue.js';
import { engineId, loadReference, type RefSet, type RefTile } from '../support/reference-data';
import { riverTiles } from '../../src/rules/river/tiles.js';
import { BASE_GARDEN_TILES, EXPANSION_GARDEN_TILES } from '../../src/rules/abbot/gardens.js';
import { gameTiles } from '../../src/rules/tiles.js';
import type { ExpansionName } from '../../src/core/vocabulary.js';
import type { RiverStartTile } from '../../src/rules/river/api.js';
import { innsCathedralsTiles } from '../../src/rules/inns-cathedrals/tiles.js';
import { pnpExtraTiles } from '../../src/tiles/pnp-demo.js';
import { tradersBuildersTiles } from '../../src/rules/traders-builders/tiles.js';

const TILES = tileCatalogue();
const GARDEN_TILES = BASE_GARDEN_TILES;
const RIVER_GARDEN_TILES = EXPANSION_GARDEN_TILES.filter((id) => id.startsWith('RV-'));
const IC_GARDEN_TILES = EXPANSION_GARDEN_TILES.filter((id) => id.startsWith('IC-'));
const TB_GARDEN_TILES = EXPANSION_GARDEN_TILES.filter((id) => id.startsWith('TB-'));
const RIVER_TILES = riverTiles();
const INNS_CATHEDRALS_TILES = innsCathedralsTiles();
const PNP_EXTRA_TILES = pnpExtraTiles();
const TRADERS_BUILDERS_TILES = tradersBuildersTiles();

// Our tile tables are typed in by hand; these tests hold them against tests/fixtures/reference, tile by
// tile, and against the published checksums of its README (§3).

/**
 * A tile as a comparable string: edge kinds and every feature with its edges, halves, pennants and
 * bordering cities, the Inns & Cathedrals marks (an inn beside a road, a cathedral in a city, a
 * field enclosed on the tile) and the Traders & Builders goods symbol of a city, written only where
 * present.
 */
function ours(t: TileDef): string {
  const cityKey = (i: number) => {
    const f = t.features[i];
    return f?.kind === 'city' ? [...f.edges].sort().join('') : '?';
  };
  function feature(f: TileDef['features'][number]): string {
    switch (f.kind) {
      case 'road':
        return `road ${[...f.edges].sort().join('')}${f.inn === true ? ' inn' : ''}`;
      case 'city':
        return `city ${[...f.edges].sort().join('')} p${f.pennants}${f.cathedral === true ? ' cathedral' : ''}${f.goods !== undefined ? ` ${f.goods}` : ''}`;
      case 'cloister':
        return 'cloister';
      case 'field':
        return `field ${[...f.halfEdges].sort().join(',')} [${f.cities.map(cityKey).sort().join('|')}]${f.halfEdges.length === 0 ? ' interior' : ''}`;
      case 'river':
        return `river ${[...f.edges].sort().join('')}`;
      case 'garden':
        return 'garden';
    }
  }
  return `${t.edges.join(',')} / ${t.features.map(feature).sort().join('; ')}`;
}

/** The reference tile as {@link ours} writes it; its garden (printed on some copies only) is left out unless `garden`. */
function theirs(t: RefTile, garden = false): string {
  const byId = new Map(t.features.map((f) => [f.id, f]));
  const feats = t.features
    .filter((f) => garden || f.type !== 'garden')
    .map((f) => {
      const mark = f as { inn?: boolean; cathedral?: boolean; interior?: boolean; goods?: string | null };
      switch (f.type) {
        case 'road':
          return `road ${[...(f.edges ?? [])].sort().join('')}${mark.inn === true ? ' inn' : ''}`;
        case 'city':
          return `city ${[...(f.edges ?? [])].sort().join('')} p${f.pennants ?? 0}${mark.cathedral === true ? ' cathedral' : ''}${
            typeof mark.goods === 'string' ? ` ${mark.goods}` : ''
          }`;
        case 'cloister':
          return 'cloister';
        case 'river':
          return `river ${[...(f.edges ?? [])].sort().join('')}`;
        case 'garden':
          return 'garden';
        case 'field':
          return `field ${[...(f.halfEdges ?? [])].sort().join(',')} [${(f.adjacentCities ?? [])
            .map((c) => [...(byId.get(c)?.edges ?? [])].sort().join(''))
            .sort()
            .join('|')}]${mark.interior === true ? ' interior' : ''}`;
        default:
          throw new Error(`unexpected feature type ${f.type}`);
      }
    });
  return `${[t.edges.N, t.edges.E, t.edges.S, t.edges.W].join(',')} / ${feats.sort().join('; ')}`;
}

function checkSet(name: 'base' | 'pnp-demo', ref: RefSet) {
  const set = TILE_SETS[name];
  it('has the reference number of tiles and tile types', () => {
    expect(set.counts.reduce((a, [, n]) => a + n, 0)).toBe(ref.totalTiles);
    expect(set.counts.length).toBe(ref.tileTypes);
  });
  it('matches the reference tile by tile: count, edges, features, pennants, field halves and bordering cities', () => {
    const counts = new Map(set.counts);
    for (const rt of ref.tiles) {
      const id = engineId(rt);
      const def = TILES[id];
      expect(def, `tile ${id}`).toBeDefined();
      expect(counts.get(id), `count of ${id}`).toBe(rt.count);
      expect(ours(def as TileDef), `tile ${id} (reference ${rt.id})`).toBe(theirs(rt));
    }
  });
  it('starts with the reference start tile', () => {
    const start = ref.tiles.find((t) => (t.startCopies ?? 0) > 0);
    expect(start && engineId(start)).toBe(set.startTile);
  });
}

describe('base tile set against tests/fixtures/reference/base.json', () => {
  checkSet('base', loadReference('base.json'));
});

describe('print-and-play demo against tests/fixtures/reference/pnp-demo-c2.json (primary reading)', () => {
  checkSet('pnp-demo', loadReference('pnp-demo-c2.json'));
});

/** Checksums over a set (or any list of tile counts), computed from our tables: the quantities README §3 publishes. */
function checksums(name: 'base' | 'pnp-demo' | readonly (readonly [string, number])[]) {
  const counts = typeof name === 'string' ? TILE_SETS[name].counts : name;
  const c = {
    tiles: 0,
    pennants: 0,
    cloisters: 0,
    field: 0,
    road: 0,
    city: 0,
    river: 0,
    citySeg: 0,
    roadSeg: 0,
    fieldSeg: 0,
    roadEnds: 0,
    withCity: 0,
    withRoad: 0,
    roadOnly: 0,
  };
  const pairs: Record<string, number> = {};
  for (const [id, n] of counts) {
    const t = TILES[id] as TileDef;
    c.tiles += n;
    for (const e of t.edges) c[e] += n;
    for (const f of t.features) {
      if (f.kind === 'city') {
        c.pennants += f.pennants * n;
        c.citySeg += n;
      }
      if (f.kind === 'road') {
        c.roadSeg += n;
        if (f.edges.length === 1) c.roadEnds += n;
      }
      if (f.kind === 'field') c.fieldSeg += n;
      if (f.kind === 'cloister') c.cloisters += n;
    }
    const hasCity = t.features.some((f) => f.kind === 'city');
    const hasRoad = t.features.some((f) => f.kind === 'road');
    if (hasCity) c.withCity += n;
    if (hasRoad) c.withRoad += n;
    if (hasRoad && !hasCity && !t.features.some((f) => f.kind === 'cloister')) c.roadOnly += n;
    for (let d = 0; d < 4; d++) {
      const key = `${t.edges[d]?.[0]}-${t.edges[(d + 1) % 4]?.[0]}`.toUpperCase();
      pairs[key] = (pairs[key] ?? 0) + n;
    }
  }
  return { c, pairs };
}

describe('tile-set checksums published in tests/fixtures/reference/README.md §3', () => {
  it('base: 72 tiles, 10 pennants, 6 cloisters, edges 115/94/79 and the Gatliff pair statistics', () => {
    const { c, pairs } = checksums('base');
    expect(c).toEqual({
      tiles: 72,
      pennants: 10,
      cloisters: 6,
      field: 115,
      road: 94,
      city: 79,
      river: 0,
      citySeg: 49,
      roadSeg: 62,
      fieldSeg: 126,
      roadEnds: 30,
      withCity: 44,
      withRoad: 45,
      roadOnly: 22,
    });
    expect(pairs).toEqual({ 'F-F': 46, 'F-R': 38, 'R-F': 38, 'R-R': 38, 'C-F': 31, 'F-C': 31, 'C-C': 30, 'C-R': 18, 'R-C': 18 });
  });
  it('pnp-demo (primary reading): 48 tiles, 7 pennants, 4 cloisters, edges 75/62/55', () => {
    const { c } = checksums('pnp-demo');
    expect(c).toMatchObject({
      tiles: 48,
      pennants: 7,
      cloisters: 4,
      field: 75,
      road: 62,
      city: 55,
      citySeg: 37,
      roadSeg: 42,
      fieldSeg: 86,
      roadEnds: 22,
      withCity: 32,
      withRoad: 31,
      roadOnly: 12,
    });
  });
  it('tileIds lists every tile type once (base, pnp extras, I&C, T&B, River, The Tower, gardens: 24 + 2 + 15 + 24 + 10 + 17 + 15), frozen', () => {
    const ids = tileIds();
    expect(ids).toEqual(Object.keys(TILES));
    expect(new Set(ids).size).toBe(107);
    expect(Object.isFrozen(ids)).toBe(true);
    expect(ids.slice(0, 3)).toEqual(['A', 'B', 'C']);
    expect(ids.filter((id) => id.endsWith('-garden'))).toHaveLength(8 + 1 + 2 + 2 + 2);
  });
  it('every tile view names every feature by at least one spot, and rotating turns edges clockwise', () => {
    for (const id of tileIds()) {
      for (const r of [0, 90, 180, 270] as const) {
        const v = tileDefinition(id, r);
        expect(v).not.toBeNull();
        for (const f of v?.features ?? []) expect(f.spots.length).toBeGreaterThan(0);
      }
      const v0 = tileDefinition(id, 0);
      const v90 = tileDefinition(id, 90);
      expect(v90?.edges.E).toBe(v0?.edges.N);
      expect(v90?.edges.S).toBe(v0?.edges.E);
    }
  });
});

describe('The River against tests/fixtures/reference/river.json', () => {
  const ref = loadReference('river.json');
  const counts = new Map(RIVER_TILES.map(([t, n]) => [t.id, n]));

  it('12 tiles of 10 types, the spring as start tile', () => {
    expect(ref.totalTiles).toBe(12);
    expect(RIVER_TILES.reduce((a, [, n]) => a + n, 0)).toBe(12);
    expect(RIVER_TILES.length).toBe(10);
    expect(gameTiles({ tileSet: 'base', expansions: ['river'], rules: { riverStartTile: 'removed', gardens: true } }).startTile).toBe(
      'RV-spring',
    );
  });

  it('matches the reference tile by tile: count, edges, river, features, field halves and bordering cities', () => {
    expect([...counts.keys()].sort()).toEqual(ref.tiles.map((t) => t.id).sort());
    for (const rt of ref.tiles) {
      const def = TILES[rt.id];
      expect(def, `tile ${rt.id}`).toBeDefined();
      expect(counts.get(rt.id), `count of ${rt.id}`).toBe(rt.count);
      // Our RV-curve is the copy without a garden; the garden copy is checked below.
      expect(ours(def as TileDef), `tile ${rt.id}`).toBe(theirs(rt));
    }
  });

  it('README §3 river.json checksums: 22 river edges, edges field/road/city 15/6/5, segments 4/4/28, 1 cloister, 0 pennants, 3 tiles with a city, 4 with a road', () => {
    const { c } = checksums(RIVER_TILES.map(([t, n]) => [t.id, n] as const));
    // 22 river edges = 10 course tiles × 2 + spring 1 + lake 1; 15 + 6 + 5 + 22 = 48 = 12 × 4.
    expect(c).toMatchObject({
      tiles: 12,
      river: 22,
      field: 15,
      road: 6,
      city: 5,
      citySeg: 4,
      roadSeg: 4,
      fieldSeg: 28,
      cloisters: 1,
      pennants: 0,
      withCity: 3,
      withRoad: 4,
    });
    const ends = (n: number) =>
      RIVER_TILES.filter(([t]) => t.features.some((f) => f.kind === 'river' && f.edges.length === n)).reduce((a, [, k]) => a + k, 0);
    // Spring and lake: the two tiles whose river has one end; every other tile carries the river through.
    expect(ends(1)).toBe(2);
    expect(ends(2)).toBe(10);
  });
});

describe('Garden copies (The Abbot) against the gardens of base.json and river.json', () => {
  const base = loadReference('base.json');
  const river = loadReference('river.json');
  const withGardenIn = (ref: RefSet) =>
    ref.tiles
      .filter((t) => t.features.some((f) => f.type === 'garden'))
      .map((t) => t.id)
      .sort();

  it('the tiles with a garden are the reference ones: E, H, I, M, N, R, U, V and the river curve, one copy each', () => {
    expect([...GARDEN_TILES].sort()).toEqual(withGardenIn(base));
    expect(withGardenIn(base)).toEqual(['E', 'H', 'I', 'M', 'N', 'R', 'U', 'V']);
    expect([...RIVER_GARDEN_TILES]).toEqual(withGardenIn(river));
    for (const t of [...base.tiles, ...river.tiles]) {
      for (const f of t.features) if (f.type === 'garden') expect((f as { presentOnCopies?: number }).presentOnCopies, t.id).toBe(1);
    }
  });

  it('each garden copy is its tile plus a garden: same edges and features, one garden feature added last', () => {
    for (const id of [...GARDEN_TILES, ...RIVER_GARDEN_TILES]) {
      const plain = TILES[id] as TileDef;
      const g = TILES[`${id}-garden`] as TileDef;
      expect(g, `${id}-garden`).toBeDefined();
      expect(g.edges).toEqual(plain.edges);
      expect(g.features).toEqual([...plain.features, { kind: 'garden' }]);
      expect(tileDefinition(`${id}-garden`, 90)?.features.at(-1)).toMatchObject({ kind: 'garden', spot: 'G', spots: ['G'] });
    }
    // The garden copies hold the reference's garden tile by tile (the garden does not split fields).
    for (const rt of [...base.tiles, ...river.tiles]) {
      if (!rt.features.some((f) => f.type === 'garden')) continue;
      expect(ours(TILES[`${rt.id}-garden`] as TileDef), `${rt.id}-garden`).toBe(theirs(rt, true));
    }
  });
});

describe('Composed tile sets: every combination of expansions, riverStartTile and gardens', () => {
  type Row = {
    tileSet: TileSetName;
    expansions: ExpansionName[];
    start: RiverStartTile;
    gardens: boolean;
    tiles: number;
    types: number;
    gardenTiles: number;
    d: number;
    icd: number | undefined;
    startTile: string;
  };
  const rows: Row[] = [];
  // Derived by hand. Base: 72 tiles of 24 types, D × 4 (one is the base start tile). PnP demo: 48
  // tiles of 22 types, D × 4. River: 12 tiles of 10 types. 'removed' takes one D out of the game;
  // 'shuffled' and 'first-land' keep it. A garden copy replaces one copy of its tile, so the total
  // stays and each garden tile adds a type (every such tile has 2 or more copies): 8 base types
  // (E5, H3, I2, M2, N3, R3, U8, V9; none in the PnP demo) and 1 river type (RV-curve × 2).
  // Inns & Cathedrals: 18 tiles of 17 types. The PnP demo already holds 2 of those types (IC-D and
  // IC-J, 1 copy each), so with it only 15 types are new and IC-D, IC-J have 2 copies each. Its two
  // garden tiles (IC-B, IC-H) have 1 copy each: the garden copy replaces the tile, no new type, and
  // this with either tile set (the gardens are printed on the I&C tiles).
  // Traders & Builders: 24 tiles of 24 types (traders-builders.json), none shared with either tile
  // set or another expansion. Its two garden tiles (TB-K, TB-U, README §3 "gardens (C2) 2") have 1
  // copy each: as for I&C, the garden copy replaces the tile, no new type.
  for (const tileSet of ['base', 'pnp-demo'] as const) {
    const land =
      tileSet === 'base'
        ? { tiles: 72, types: 24, gardens: 8, icTypes: 17, icd: undefined }
        : { tiles: 48, types: 22, gardens: 0, icTypes: 15, icd: 1 };
    for (const river of [false, true]) {
      for (const abbot of [false, true]) {
        for (const inns of [false, true]) {
          for (const traders of [false, true]) {
            for (const start of ['removed', 'shuffled', 'first-land'] as const) {
              for (const gardens of [true, false]) {
                const g = abbot && gardens;
                const expansions: ExpansionName[] = [
                  ...(river ? ['river' as const] : []),
                  ...(abbot ? ['abbot' as const] : []),
                  ...(inns ? ['inns-cathedrals' as const] : []),
                  ...(traders ? ['traders-builders' as const] : []),
                ];
                rows.push({
                  tileSet,
                  expansions,
                  start,
                  gardens,
                  // e.g. base + river + 'removed' = 72 - 1 + 12 = 83; base + river + 'shuffled' = 84;
                  // pnp-demo + river + 'removed' = 48 - 1 + 12 = 59; base + I&C = 72 + 18 = 90;
                  // base + river 'removed' + I&C = 72 - 1 + 12 + 18 = 101; pnp-demo + I&C = 48 + 18 = 66;
                  // base + T&B = 72 + 24 = 96; base + I&C + T&B = 72 + 18 + 24 = 114; base + river
                  // 'removed' + T&B = 72 - 1 + 12 + 24 = 107; all four, 'removed' = 72 - 1 + 12 + 18 + 24
                  // = 125 ('shuffled' 126); pnp-demo + T&B = 48 + 24 = 72; pnp-demo + I&C + T&B = 90.
                  tiles: land.tiles + (river ? 12 - (start === 'removed' ? 1 : 0) : 0) + (inns ? 18 : 0) + (traders ? 24 : 0),
                  // e.g. base + I&C = 24 + 17 = 41; pnp-demo + I&C = 22 + 15 = 37; base + T&B = 24 + 24 =
                  // 48; pnp-demo + T&B = 22 + 24 = 46; base + river, abbot, I&C with gardens = 24 + 10 +
                  // 17 + 8 + 1 = 60, and with T&B too 60 + 24 = 84 (its garden copies add no type).
                  types:
                    land.types +
                    (river ? 10 : 0) +
                    (inns ? land.icTypes : 0) +
                    (traders ? 24 : 0) +
                    (g ? land.gardens + (river ? 1 : 0) : 0),
                  gardenTiles: g ? land.gardens + (river ? 1 : 0) + (inns ? 2 : 0) + (traders ? 2 : 0) : 0,
                  d: river && start === 'removed' ? 3 : 4,
                  // IC-D: 1 copy in I&C, 1 in the PnP demo.
                  icd: inns ? (land.icd ?? 0) + 1 : land.icd,
                  startTile: river ? 'RV-spring' : 'D',
                });
              }
            }
          }
        }
      }
    }
  }

  it.each(
    rows.map(
      (r) =>
        [
          `${r.tileSet} + [${r.expansions.join(', ')}] riverStartTile ${r.start}, gardens ${r.gardens}: ${r.tiles} tiles of ${r.types} types`,
          r,
        ] as const,
    ),
  )('%s', (_, r) => {
    const set = gameTiles({ tileSet: r.tileSet, expansions: r.expansions, rules: { riverStartTile: r.start, gardens: r.gardens } });
    const total = set.counts.reduce((a, [, n]) => a + n, 0);
    expect(total).toBe(r.tiles);
    expect(set.counts.length).toBe(r.types);
    expect(set.startTile).toBe(r.startTile);
    expect(set.counts.filter(([id]) => id.endsWith('-garden')).reduce((a, [, n]) => a + n, 0)).toBe(r.gardenTiles);
    expect(new Map(set.counts).get('D')).toBe(r.d);
    expect(new Map(set.counts).get('IC-D')).toBe(r.icd);
    expect(new Map(set.counts).get('IC-J')).toBe(r.icd);
    // The I&C garden copies replace their tile exactly when I&C, The Abbot and gardens are all in.
    const icGardens = r.expansions.includes('inns-cathedrals') && r.expansions.includes('abbot') && r.gardens;
    const ids = new Set(set.counts.map(([id]) => id));
    for (const id of ['IC-B', 'IC-H']) {
      expect(ids.has(`${id}-garden`), `${id}-garden`).toBe(icGardens);
      expect(ids.has(id), id).toBe(r.expansions.includes('inns-cathedrals') && !icGardens);
    }
    // Likewise the T&B garden copies, with T&B, The Abbot and gardens; every T&B tile once.
    const traders = r.expansions.includes('traders-builders');
    const tbGardens = traders && r.expansions.includes('abbot') && r.gardens;
    for (const id of ['TB-K', 'TB-U']) {
      expect(ids.has(`${id}-garden`), `${id}-garden`).toBe(tbGardens);
      expect(ids.has(id), id).toBe(traders && !tbGardens);
    }
    const tb = set.counts.filter(([id]) => id.startsWith('TB-'));
    expect(tb.reduce((a, [, n]) => a + n, 0)).toBe(traders ? 24 : 0);
    expect(tb.every(([, n]) => n === 1)).toBe(true);
    // The composed set keeps its tile set's name and title (the expansions are the game's options).
    expect([set.name, set.title]).toEqual([TILE_SETS[r.tileSet].name, TILE_SETS[r.tileSet].title]);
    expect(set.firstLand).toBe(r.expansions.includes('river') && r.start === 'first-land' ? 'D' : undefined);
    // Every id is a known tile, listed once.
    expect(new Set(set.counts.map(([id]) => id)).size).toBe(set.counts.length);
    for (const [id] of set.counts) expect(TILES[id], id).toBeDefined();
    // A game deals all of them but the start tile's copy.
    const game = createGame({
      players: 2,
      seed: 3,
      tileSet: r.tileSet,
      expansions: r.expansions,
      rules: { riverStartTile: r.start, gardens: r.gardens },
    });
    expect(1 + game.tilesLeft.length + game.placements.length).toBe(r.tiles);
  });

  it('README §3 checksums of the combined base game with The River and gardens (removed): 83 tiles, 22 river edges, 7 cloisters, 9 gardens', () => {
    const { c } = checksums(
      gameTiles({ tileSet: 'base', expansions: ['river', 'abbot'], rules: { riverStartTile: 'removed', gardens: true } }).counts,
    );
    // Base 115/94/79 edges minus one D (field S; road E, W; city N) plus the river's 15/6/5/22.
    expect(c).toMatchObject({ tiles: 83, field: 115 - 1 + 15, road: 94 - 2 + 6, city: 79 - 1 + 5, river: 22, cloisters: 7, pennants: 10 });
    const set = gameTiles({ tileSet: 'base', expansions: ['river', 'abbot'], rules: { riverStartTile: 'removed', gardens: true } });
    const gardens = set.counts.reduce((a, [id, n]) => a + n * (TILES[id] as TileDef).features.filter((f) => f.kind === 'garden').length, 0);
    expect(gardens).toBe(9);
  });
});

describe('Inns & Cathedrals against tests/fixtures/reference/inns-cathedrals.json', () => {
  const ref = loadReference('inns-cathedrals.json');
  const counts = new Map(INNS_CATHEDRALS_TILES.map(([t, n]) => [t.id, n]));
  const icCounts = INNS_CATHEDRALS_TILES.map(([t, n]) => [t.id, n] as const);
  /** Copies × features matching `pred` (each copy counted). */
  const tally = (pred: (f: TileDef['features'][number]) => boolean) =>
    INNS_CATHEDRALS_TILES.reduce((a, [t, n]) => a + n * t.features.filter(pred).length, 0);
  /** Copies of tiles having a feature matching `pred`. */
  const tilesWith = (pred: (f: TileDef['features'][number]) => boolean) =>
    INNS_CATHEDRALS_TILES.filter(([t]) => t.features.some(pred)).reduce((a, [, n]) => a + n, 0);

  it('18 tiles of 17 types, IC-A … IC-Q, IC-K twice', () => {
    expect(ref.totalTiles).toBe(18);
    expect(ref.tileTypes).toBe(17);
    expect(INNS_CATHEDRALS_TILES.reduce((a, [, n]) => a + n, 0)).toBe(18);
    expect(INNS_CATHEDRALS_TILES).toHaveLength(17);
    expect([...counts.keys()].sort()).toEqual([...'ABCDEFGHIJKLMNOPQ'].map((l) => `IC-${l}`));
    expect([...counts].filter(([, n]) => n !== 1)).toEqual([['IC-K', 2]]);
  });

  it('matches the reference tile by tile: count, edges, features, pennants, field halves, bordering cities, inns, cathedrals, enclosed field', () => {
    expect([...counts.keys()].sort()).toEqual(ref.tiles.map((t) => t.id).sort());
    for (const rt of ref.tiles) {
      const def = TILES[rt.id];
      expect(def, `tile ${rt.id}`).toBeDefined();
      expect(counts.get(rt.id), `count of ${rt.id}`).toBe(rt.count);
      // The catalogue holds the very tiles of the set (IC-B and IC-H without their garden; the
      // garden copies are checked below).
      expect(
        INNS_CATHEDRALS_TILES.some(([t]) => t === def),
        rt.id,
      ).toBe(true);
      expect(ours(def as TileDef), `tile ${rt.id}`).toBe(theirs(rt));
    }
  });

  it('IC-D and IC-J are the tiles the print-and-play demo already uses (the same objects)', () => {
    expect(PNP_EXTRA_TILES.map((t) => t.id)).toEqual(['IC-D', 'IC-J']);
    for (const t of PNP_EXTRA_TILES) expect(INNS_CATHEDRALS_TILES.find(([d]) => d.id === t.id)?.[0]).toBe(t);
  });

  it('README §3 inns-cathedrals.json checksums: 6 inns, 2 cathedrals, 3 pennants, 1 cloister, edges 17/24/31, segments 20/18/35, 12 road ends, 13 tiles with a city, 12 with a road', () => {
    const { c } = checksums(icCounts);
    // 17 + 24 + 31 = 72 = 18 × 4.
    expect(c).toMatchObject({
      tiles: 18,
      pennants: 3,
      cloisters: 1,
      field: 17,
      road: 24,
      city: 31,
      river: 0,
      citySeg: 20,
      roadSeg: 18,
      fieldSeg: 35,
      roadEnds: 12,
      withCity: 13,
      withRoad: 12,
    });
    // Inns: one road segment each on A, B, C, L, M, N (6 inn tiles, 6 inns).
    expect(tally((f) => f.kind === 'road' && f.inn === true)).toBe(6);
    expect(tilesWith((f) => f.kind === 'road' && f.inn === true)).toBe(6);
    expect(INNS_CATHEDRALS_TILES.filter(([t]) => t.features.some((f) => f.kind === 'road' && f.inn === true)).map(([t]) => t.id)).toEqual([
      'IC-A',
      'IC-B',
      'IC-C',
      'IC-L',
      'IC-M',
      'IC-N',
    ]);
    // Cathedrals: IC-K × 2, a 4-sided city without pennant.
    expect(tally((f) => f.kind === 'city' && f.cathedral === true)).toBe(2);
    expect(TILES['IC-K']?.features).toEqual([{ kind: 'city', edges: ['N', 'E', 'S', 'W'], pennants: 0, cathedral: true }]);
    // Pennants on L, P, Q; the enclosed field only on H.
    expect(INNS_CATHEDRALS_TILES.filter(([t]) => t.features.some((f) => f.kind === 'city' && f.pennants > 0)).map(([t]) => t.id)).toEqual([
      'IC-L',
      'IC-P',
      'IC-Q',
    ]);
    expect(
      INNS_CATHEDRALS_TILES.filter(([t]) => t.features.some((f) => f.kind === 'field' && f.halfEdges.length === 0)).map(([t]) => t.id),
    ).toEqual(['IC-H']);
    // Gardens (C2 printings): 2, on B and H, one copy each (checked below).
    const gardens = ref.tiles.filter((t) => t.features.some((f) => f.type === 'garden'));
    expect(gardens.map((t) => t.id)).toEqual(['IC-B', 'IC-H']);
  });

  it('README §2 (IC-C): the inn is beside the E road only; the S and W roads are plain', () => {
    const roads = (TILES['IC-C'] as TileDef).features.filter((f) => f.kind === 'road');
    expect(roads).toEqual([
      { kind: 'road', edges: ['E'], inn: true },
      { kind: 'road', edges: ['S'] },
      { kind: 'road', edges: ['W'] },
    ]);
    // Turned 90 the inn road faces south.
    const v = tileDefinition('IC-C', 90);
    expect(v?.edges).toEqual({ N: 'road', E: 'field', S: 'road', W: 'road' });
  });

  it('IC-H: the enclosed field (spot I) borders all four caps', () => {
    const h = TILES['IC-H'] as TileDef;
    const f = h.features.find((x) => x.kind === 'field');
    expect(f).toEqual({ kind: 'field', halfEdges: [], cities: [0, 1, 2, 3] });
    for (const r of [0, 90, 180, 270] as const) {
      const field = tileDefinition('IC-H', r)?.features.find((x) => x.kind === 'field');
      expect(field?.spot, `rotation ${r}`).toBe('I');
    }
  });

  it('garden copies IC-B-garden and IC-H-garden: the tile plus a garden, equal to the reference tile with its garden', () => {
    expect([...IC_GARDEN_TILES].sort()).toEqual(['IC-B', 'IC-H']);
    for (const rt of ref.tiles) {
      if (!rt.features.some((f) => f.type === 'garden')) continue;
      const g = TILES[`${rt.id}-garden`] as TileDef;
      expect(g, `${rt.id}-garden`).toBeDefined();
      expect(g.features).toEqual([...(TILES[rt.id] as TileDef).features, { kind: 'garden' }]);
      expect(ours(g), `${rt.id}-garden`).toBe(theirs(rt, true));
      for (const f of rt.features) if (f.type === 'garden') expect((f as { presentOnCopies?: number }).presentOnCopies, rt.id).toBe(1);
    }
  });

  it('the garden copies are dealt only with The Abbot (and gardens on): IC-B and IC-H are then replaced', () => {
    const ids = (expansions: ExpansionName[], gardens = true) =>
      gameTiles({ tileSet: 'base', expansions, rules: { riverStartTile: 'removed', gardens } })
        .counts.map(([id]) => id)
        .filter((id) => id === 'IC-B' || id === 'IC-H' || (id.startsWith('IC-') && id.endsWith('-garden')));
    expect(ids(['inns-cathedrals'])).toEqual(['IC-B', 'IC-H']);
    expect(ids(['abbot', 'inns-cathedrals'], false)).toEqual(['IC-B', 'IC-H']);
    expect(ids(['abbot', 'inns-cathedrals'])).toEqual(['IC-B-garden', 'IC-H-garden']);
    expect(ids(['river', 'abbot', 'inns-cathedrals'])).toEqual(['IC-B-garden', 'IC-H-garden']);
    // A game with them deals them (both are land tiles, none is the start tile).
    const game = createGame({ players: 2, seed: 5, expansions: ['abbot', 'inns-cathedrals'] });
    const drawn = [game.currentTile, ...game.tilesLeft];
    expect(drawn.filter((id) => id === 'IC-B-garden' || id === 'IC-H-garden').sort()).toEqual(['IC-B-garden', 'IC-H-garden']);
    expect(drawn.filter((id) => id === 'IC-B' || id === 'IC-H')).toEqual([]);
  });

  it('combined checksums: base + I&C = 90 tiles, edges 132/118/110, 13 pennants, 7 cloisters; pnp-demo + I&C = 66 tiles, IC-D and IC-J twice', () => {
    // Base 115/94/79 plus I&C 17/24/31; pennants 10 + 3; cloisters 6 + 1.
    const { c } = checksums(
      gameTiles({ tileSet: 'base', expansions: ['inns-cathedrals'], rules: { riverStartTile: 'removed', gardens: true } }).counts,
    );
    expect(c).toMatchObject({
      tiles: 90,
      field: 132,
      road: 118,
      city: 110,
      pennants: 13,
      cloisters: 7,
      citySeg: 69,
      roadSeg: 80,
      fieldSeg: 161,
    });
    // PnP demo 75/62/55 plus 17/24/31; pennants 7 + 3; cloisters 4 + 1.
    const p = checksums(
      gameTiles({ tileSet: 'pnp-demo', expansions: ['inns-cathedrals'], rules: { riverStartTile: 'removed', gardens: true } }).counts,
    ).c;
    expect(p).toMatchObject({ tiles: 66, field: 92, road: 86, city: 86, pennants: 10, cloisters: 5 });
  });
});

describe('Traders & Builders against tests/fixtures/reference/traders-builders.json', () => {
  const ref = loadReference('traders-builders.json');
  const counts = new Map(TRADERS_BUILDERS_TILES.map(([t, n]) => [t.id, n]));
  const tbCounts = TRADERS_BUILDERS_TILES.map(([t, n]) => [t.id, n] as const);
  type Feature = TileDef['features'][number];
  /** Copies × features matching `pred` (each copy counted). */
  const tally = (pred: (f: Feature) => boolean) => TRADERS_BUILDERS_TILES.reduce((a, [t, n]) => a + n * t.features.filter(pred).length, 0);
  /** Ids of the tiles having a feature matching `pred`. */
  const idsWith = (pred: (f: Feature) => boolean) => TRADERS_BUILDERS_TILES.filter(([t]) => t.features.some(pred)).map(([t]) => t.id);
  const goodsOf = (g: string) => (f: Feature) => f.kind === 'city' && f.goods === g;
  const letters = (s: string) => [...s].map((l) => `TB-${l}`);

  it('24 tiles of 24 types, TB-A … TB-X, one copy each', () => {
    expect(ref.totalTiles).toBe(24);
    expect(ref.tileTypes).toBe(24);
    expect(TRADERS_BUILDERS_TILES.reduce((a, [, n]) => a + n, 0)).toBe(24);
    expect(TRADERS_BUILDERS_TILES).toHaveLength(24);
    expect([...counts.keys()].sort()).toEqual(letters('ABCDEFGHIJKLMNOPQRSTUVWX'));
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('matches the reference tile by tile: count, edges, features, goods, field halves, bordering cities, enclosed fields', () => {
    expect([...counts.keys()].sort()).toEqual(ref.tiles.map((t) => t.id).sort());
    for (const rt of ref.tiles) {
      const def = TILES[rt.id];
      expect(def, `tile ${rt.id}`).toBeDefined();
      expect(counts.get(rt.id), `count of ${rt.id}`).toBe(rt.count);
      // The catalogue holds the very tiles of the set (TB-K and TB-U without their garden; the
      // garden copies are checked below).
      expect(
        TRADERS_BUILDERS_TILES.some(([t]) => t === def),
        rt.id,
      ).toBe(true);
      expect(ours(def as TileDef), `tile ${rt.id}`).toBe(theirs(rt));
    }
  });

  it('README §3 traders-builders.json checksums: goods 9/6/5, 0 pennants, 1 cloister, edges 19/25/52, segments 29/23/56, 21 road ends, 22 tiles with a city, 16 with a road', () => {
    const { c } = checksums(tbCounts);
    // 19 + 25 + 52 = 96 = 24 × 4.
    expect(c).toMatchObject({
      tiles: 24,
      pennants: 0,
      cloisters: 1,
      field: 19,
      road: 25,
      city: 52,
      river: 0,
      citySeg: 29,
      roadSeg: 23,
      fieldSeg: 56,
      roadEnds: 21,
      withCity: 22,
      withRoad: 16,
    });
    // Goods (README §2): grain D–I (6), cloth K–O (5), wine P–X (9): 20 symbols, as many as the tokens.
    expect(tally(goodsOf('wine'))).toBe(9);
    expect(tally(goodsOf('grain'))).toBe(6);
    expect(tally(goodsOf('cloth'))).toBe(5);
    expect(tally((f) => f.kind === 'city' && f.goods !== undefined)).toBe(20);
    expect(idsWith(goodsOf('grain'))).toEqual(letters('DEFGHI'));
    expect(idsWith(goodsOf('cloth'))).toEqual(letters('KLMNO'));
    expect(idsWith(goodsOf('wine'))).toEqual(letters('PQRSTUVWX'));
    // One symbol per goods tile; 4 tiles without goods: A, B, C, J.
    for (const [t] of TRADERS_BUILDERS_TILES)
      expect(t.features.filter((f) => f.kind === 'city' && f.goods !== undefined).length, t.id).toBeLessThanOrEqual(1);
    expect(
      TRADERS_BUILDERS_TILES.filter(([t]) => !t.features.some((f) => f.kind === 'city' && f.goods !== undefined)).map(([t]) => t.id),
    ).toEqual(letters('ABCJ'));
    // No goods on any tile outside the expansion (the base, river, I&C and PnP tiles).
    for (const [id, t] of Object.entries(TILES))
      if (!id.startsWith('TB-'))
        expect(
          t.features.some((f) => f.kind === 'city' && f.goods !== undefined),
          id,
        ).toBe(false);
    // The cloister: TB-J. Enclosed fields: M, N, P, X.
    expect(idsWith((f) => f.kind === 'cloister')).toEqual(['TB-J']);
    expect(idsWith((f) => f.kind === 'field' && f.halfEdges.length === 0)).toEqual(letters('MNPX'));
    // Gardens (C2 printings): 2, on K and U, one copy each.
    const gardens = ref.tiles.filter((t) => t.features.some((f) => f.type === 'garden'));
    expect(gardens.map((t) => t.id)).toEqual(['TB-K', 'TB-U']);
    expect([...TB_GARDEN_TILES].sort()).toEqual(['TB-K', 'TB-U']);
  });

  it('README §2 special tiles: the bridge (TB-B) is no junction, the cloister (TB-J) splits the road in three, the cottage road end (TB-C), the enclosed field (TB-M)', () => {
    // TB-B: two roads, each through two opposite edges, and four separate fields bordering no city.
    const b = TILES['TB-B'] as TileDef;
    expect(b.features.filter((f) => f.kind === 'road').map((f) => (f.kind === 'road' ? [...f.edges].sort().join('') : ''))).toEqual(
      ['NS', 'EW'].map((e) => [...e].sort().join('')),
    );
    expect(b.features.filter((f) => f.kind === 'field')).toHaveLength(4);
    // TB-J: three one-edge roads ending at the cloister, three fields.
    const j = TILES['TB-J'] as TileDef;
    expect(j.features.filter((f) => f.kind === 'road').map((f) => (f.kind === 'road' ? f.edges : []))).toEqual([['E'], ['S'], ['W']]);
    expect(j.features.filter((f) => f.kind === 'field')).toHaveLength(3);
    // TB-C: the S road and the W road are two road ends (one at the city, one at the cottage).
    const c = TILES['TB-C'] as TileDef;
    expect(c.features.filter((f) => f.kind === 'road').map((f) => (f.kind === 'road' ? f.edges : []))).toEqual([['S'], ['W']]);
    // TB-M: three city segments around one enclosed field bordering all three.
    const m = tileDefinition('TB-M', 0);
    expect(m?.features.filter((f) => f.kind === 'city')).toHaveLength(3);
    expect(m?.features.filter((f) => f.kind === 'field').map((f) => f.spot)).toEqual(['I']);
    expect((TILES['TB-M'] as TileDef).features.find((f) => f.kind === 'field')).toEqual({
      kind: 'field',
      halfEdges: [],
      cities: [0, 1, 2],
    });
  });

  it('the goods symbol turns with its city: tileDefinition keeps it in every rotation', () => {
    for (const [t] of TRADERS_BUILDERS_TILES) {
      const goods = t.features.map((f) => (f.kind === 'city' ? f.goods : undefined));
      for (const r of [0, 90, 180, 270] as const) {
        expect(
          tileDefinition(t.id, r)?.features.map((f) => (f.kind === 'city' ? f.goods : undefined)),
          `${t.id} ${r}`,
        ).toEqual(goods);
      }
    }
    // TB-P turned 90: its wine city (E W at rotation 0) runs N–S.
    expect(tileDefinition('TB-P', 90)?.features[0]).toMatchObject({ kind: 'city', edges: ['S', 'N'], goods: 'wine', spot: 'N' });
  });

  it('garden copies TB-K-garden and TB-U-garden: the tile plus a garden, equal to the reference tile with its garden', () => {
    for (const rt of ref.tiles) {
      if (!rt.features.some((f) => f.type === 'garden')) continue;
      const plain = TILES[rt.id] as TileDef;
      const g = TILES[`${rt.id}-garden`] as TileDef;
      expect(g, `${rt.id}-garden`).toBeDefined();
      expect(g.edges).toEqual(plain.edges);
      expect(g.features).toEqual([...plain.features, { kind: 'garden' }]);
      expect(ours(g), `${rt.id}-garden`).toBe(theirs(rt, true));
      expect(tileDefinition(`${rt.id}-garden`, 270)?.features.at(-1)).toMatchObject({ kind: 'garden', spot: 'G', spots: ['G'] });
      for (const f of rt.features) if (f.type === 'garden') expect((f as { presentOnCopies?: number }).presentOnCopies, rt.id).toBe(1);
    }
  });

  it('the garden copies are dealt only with The Abbot (and gardens on): TB-K and TB-U are then replaced', () => {
    const ids = (expansions: ExpansionName[], gardens = true) =>
      gameTiles({ tileSet: 'base', expansions, rules: { riverStartTile: 'removed', gardens } })
        .counts.map(([id]) => id)
        .filter((id) => /^TB-[KU](-garden)?$/.test(id));
    expect(ids(['traders-builders'])).toEqual(['TB-K', 'TB-U']);
    expect(ids(['abbot', 'traders-builders'], false)).toEqual(['TB-K', 'TB-U']);
    expect(ids(['abbot', 'traders-builders'])).toEqual(['TB-K-garden', 'TB-U-garden']);
    expect(ids(['river', 'abbot', 'inns-cathedrals', 'traders-builders'])).toEqual(['TB-K-garden', 'TB-U-garden']);
    expect(ids(['abbot'])).toEqual([]);
    const game = createGame({ players: 2, seed: 6, expansions: ['abbot', 'traders-builders'] });
    const drawn = [game.currentTile, ...game.tilesLeft];
    expect(drawn.filter((id) => id === 'TB-K-garden' || id === 'TB-U-garden').sort()).toEqual(['TB-K-garden', 'TB-U-garden']);
    expect(drawn.filter((id) => id === 'TB-K' || id === 'TB-U')).toEqual([]);
    // All 24 T&B tiles are dealt (none is the start tile): 95 tiles to draw besides the start tile.
    expect(drawn.filter((id) => id?.startsWith('TB-'))).toHaveLength(24);
    expect(drawn).toHaveLength(95);
  });

  it('combined checksums: base + T&B = 96 tiles, edges 134/119/131, 10 pennants, 7 cloisters, goods 9/6/5; pnp-demo + T&B = 72 tiles', () => {
    // Base 115/94/79 plus T&B 19/25/52; pennants 10 + 0; cloisters 6 + 1; segments 49 + 29, 62 + 23, 126 + 56.
    const base = gameTiles({ tileSet: 'base', expansions: ['traders-builders'], rules: { riverStartTile: 'removed', gardens: true } });
    const { c } = checksums(base.counts);
    expect(c).toMatchObject({
      tiles: 96,
      field: 134,
      road: 119,
      city: 131,
      pennants: 10,
      cloisters: 7,
      citySeg: 78,
      roadSeg: 85,
      fieldSeg: 182,
    });
    const goods = (counts: readonly (readonly [string, number])[]) => {
      const out: Record<string, number> = { wine: 0, grain: 0, cloth: 0 };
      for (const [id, n] of counts)
        for (const f of (TILES[id] as TileDef).features)
          if (f.kind === 'city' && f.goods !== undefined) out[f.goods] = (out[f.goods] as number) + n;
      return out;
    };
    expect(goods(base.counts)).toEqual({ wine: 9, grain: 6, cloth: 5 });
    // With every expansion and the garden copies the goods are the same 20 (the garden copies keep them).
    expect(
      goods(
        gameTiles({
          tileSet: 'base',
          expansions: ['river', 'abbot', 'inns-cathedrals', 'traders-builders'],
          rules: { riverStartTile: 'shuffled', gardens: true },
        }).counts,
      ),
    ).toEqual({ wine: 9, grain: 6, cloth: 5 });
    // PnP demo 75/62/55 plus 19/25/52; pennants 7 + 0; cloisters 4 + 1.
    const p = checksums(
      gameTiles({ tileSet: 'pnp-demo', expansions: ['traders-builders'], rules: { riverStartTile: 'removed', gardens: true } }).counts,
    ).c;
    expect(p).toMatchObject({ tiles: 72, field: 94, road: 87, city: 107, pennants: 7, cloisters: 5 });
    expect(base.title).toBe(TILE_SETS.base.title);
  });
});
