import { describe, expect, it } from 'vitest';
import { TILE_SETS, TILES, tileDefinition, type TileDef } from 'carcassonne-engine';
import { engineId, loadReference, type RefSet, type RefTile } from '../support/reference-data';

// Our tile tables are typed in by hand; these tests hold them against ../shared/reference, tile by
// tile, and against the published checksums of its README (§3).

/** A tile as a comparable string: edge kinds and every feature with its edges, halves, pennants and bordering cities. */
function ours(t: TileDef): string {
  const cityKey = (i: number) => {
    const f = t.features[i];
    return f?.kind === 'city' ? [...f.edges].sort().join('') : '?';
  };
  const feats = t.features.map((f) => {
    switch (f.kind) {
      case 'road':
        return `road ${[...f.edges].sort().join('')}`;
      case 'city':
        return `city ${[...f.edges].sort().join('')} p${f.pennants}`;
      case 'cloister':
        return 'cloister';
      case 'field':
        return `field ${[...f.halfEdges].sort().join(',')} [${f.cities.map(cityKey).sort().join('|')}]`;
    }
  });
  return `${t.edges.join(',')} / ${feats.sort().join('; ')}`;
}

function theirs(t: RefTile): string {
  const byId = new Map(t.features.map((f) => [f.id, f]));
  const feats = t.features
    .filter((f) => f.type !== 'garden')
    .map((f) => {
      switch (f.type) {
        case 'road':
          return `road ${[...(f.edges ?? [])].sort().join('')}`;
        case 'city':
          return `city ${[...(f.edges ?? [])].sort().join('')} p${f.pennants ?? 0}`;
        case 'cloister':
          return 'cloister';
        case 'field':
          return `field ${[...(f.halfEdges ?? [])].sort().join(',')} [${(f.adjacentCities ?? [])
            .map((c) => [...(byId.get(c)?.edges ?? [])].sort().join(''))
            .sort()
            .join('|')}]`;
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

describe('base tile set against ../shared/reference/base.json', () => {
  checkSet('base', loadReference('base.json'));
});

describe('print-and-play demo against ../shared/reference/pnp-demo-c2.json (primary reading)', () => {
  checkSet('pnp-demo', loadReference('pnp-demo-c2.json'));
});

/** Checksums over a set, computed from our tables: the quantities README §3 publishes. */
function checksums(name: 'base' | 'pnp-demo') {
  const set = TILE_SETS[name];
  const c = { tiles: 0, pennants: 0, cloisters: 0, field: 0, road: 0, city: 0, citySeg: 0, roadSeg: 0, fieldSeg: 0, roadEnds: 0, withCity: 0, withRoad: 0, roadOnly: 0 };
  const pairs: Record<string, number> = {};
  for (const [id, n] of set.counts) {
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

describe('tile-set checksums published in ../shared/reference/README.md §3', () => {
  it('base: 72 tiles, 10 pennants, 6 cloisters, edges 115/94/79 and the Gatliff pair statistics', () => {
    const { c, pairs } = checksums('base');
    expect(c).toEqual({
      tiles: 72, pennants: 10, cloisters: 6, field: 115, road: 94, city: 79,
      citySeg: 49, roadSeg: 62, fieldSeg: 126, roadEnds: 30, withCity: 44, withRoad: 45, roadOnly: 22,
    });
    expect(pairs).toEqual({ 'F-F': 46, 'F-R': 38, 'R-F': 38, 'R-R': 38, 'C-F': 31, 'F-C': 31, 'C-C': 30, 'C-R': 18, 'R-C': 18 });
  });
  it('pnp-demo (primary reading): 48 tiles, 7 pennants, 4 cloisters, edges 75/62/55', () => {
    const { c } = checksums('pnp-demo');
    expect(c).toMatchObject({
      tiles: 48, pennants: 7, cloisters: 4, field: 75, road: 62, city: 55,
      citySeg: 37, roadSeg: 42, fieldSeg: 86, roadEnds: 22, withCity: 32, withRoad: 31, roadOnly: 12,
    });
  });
  it('every tile view names every feature by at least one spot, and rotating turns edges clockwise', () => {
    for (const id of Object.keys(TILES)) {
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
