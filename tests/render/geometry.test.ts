import { EDGES, type Edge, type HalfEdge, ROTATIONS, tileDefinition, tileIds } from 'carcassonne-engine';
import { type Point, type TileGeometry, tileGeometry } from 'carcassonne-engine/render';
import { describe, expect, it } from 'vitest';

// The geometry of every tile of every set, in every rotation, checked against the tile definitions
// (tileDefinition, not the geometry's own code): the areas tile the square, every anchor and symbol
// lies inside its own feature, and each edge of the tile shows what the definition says it does.

/** Whether a point lies inside a set of rings (even-odd, as the areas are filled). */
function inside(rings: readonly (readonly Point[])[], [x, y]: Point): boolean {
  let odd = false;
  for (const r of rings) {
    for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
      const [xi, yi] = r[i] as Point;
      const [xj, yj] = r[j] as Point;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  }
  return odd;
}

/** Distance from a point to the nearest segment of a set of rings. */
function distanceToRings(rings: readonly (readonly Point[])[], [x, y]: Point): number {
  let best = Infinity;
  for (const r of rings) {
    for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
      const [ax, ay] = r[j] as Point;
      const [bx, by] = r[i] as Point;
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
      best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
    }
  }
  return best;
}

/** The features of a geometry's areas that contain a point. */
const owners = (g: TileGeometry, p: Point): number[] => g.areas.filter((a) => inside(a.rings, p)).map((a) => a.feature);

/** A point just inside edge e, at t (0…1) along it: N and S from west to east, E and W from north to south. */
function nearEdge(e: Edge, t: number, d = 0.004): Point {
  return e === 'N' ? [t, d] : e === 'E' ? [1 - d, t] : e === 'S' ? [t, 1 - d] : [d, t];
}
const HALVES: Readonly<Record<Edge, readonly [HalfEdge, HalfEdge]>> = {
  N: ['NNW', 'NNE'],
  E: ['ENE', 'ESE'],
  S: ['SSW', 'SSE'],
  W: ['WNW', 'WSW'],
};

const cases = tileIds().flatMap((id) => ROTATIONS.map((r) => [id, r] as const));

describe('tile geometry (every tile, every rotation)', () => {
  it('covers every tile type of every set', () => {
    // 24 base, 17 Inns & Cathedrals, 24 Traders & Builders, 10 River, 17 The Tower, 15 garden copies.
    expect(tileIds()).toHaveLength(107);
    for (const [id, r] of cases) expect(tileGeometry(id, r), `${id} ${r}`).not.toBeNull();
  });

  it.each(cases)('%s turned %i: the areas tile the square without overlapping, one area a feature', (id, r) => {
    const g = tileGeometry(id, r) as TileGeometry;
    const def = tileDefinition(id, r);
    expect(g.areas.map((a) => a.feature).sort((a, b) => a - b)).toEqual(def?.features.map((f) => f.index));
    expect(g.areas.map((a) => a.kind)).toEqual(g.areas.map((a) => def?.features[a.feature]?.kind));
    const N = 41;
    // Every point of a grid lies in exactly one area: the points that do not, with their owners
    // (one expectation a tile, not one a point: the check is the same, a tenth of the time). An
    // area's bounding box (widened by the hair below) rules most points out without its rings.
    const boxes = g.areas.map((a) => {
      const xs = a.rings.flatMap((r) => r.map(([x]) => x));
      const ys = a.rings.flatMap((r) => r.map(([, y]) => y));
      return [Math.min(...xs) - 1e-3, Math.max(...xs) + 1e-3, Math.min(...ys) - 1e-3, Math.max(...ys) + 1e-3] as const;
    });
    const near = (i: number, [x, y]: Point) => {
      const [x0, x1, y0, y1] = boxes[i] as readonly [number, number, number, number];
      return x >= x0 && x <= x1 && y >= y0 && y <= y1;
    };
    const wrong: string[] = [];
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) {
        const p: Point = [(i + 0.37) / N, (j + 0.61) / N];
        const o = g.areas.filter((a, k) => near(k, p) && inside(a.rings, p)).map((a) => a.feature);
        if (o.length === 1) continue;
        // Points on an outline belong to both sides (or neither); skip those within a hair of one.
        if (g.areas.some((a, k) => near(k, p) && distanceToRings(a.rings, p) < 1e-3)) continue;
        wrong.push(`${p}: ${o.length === 0 ? 'no area' : `features ${o.join(', ')}`}`);
      }
    }
    expect(wrong, `${id} ${r}`).toEqual([]);
  });

  it.each(cases)('%s turned %i: every anchor lies inside its own feature, well away from the others', (id, r) => {
    const g = tileGeometry(id, r) as TileGeometry;
    const def = tileDefinition(id, r);
    for (const a of g.areas) {
      expect(owners(g, a.anchor), `${id} ${r} feature ${a.feature}`).toEqual([a.feature]);
      expect(distanceToRings(a.rings, a.anchor)).toBeGreaterThan(0.02);
    }
    // Every spot that names a feature has the anchor of that feature.
    for (const f of def?.features ?? []) {
      for (const s of f.spots) expect(g.anchors[s], `${id} ${r} spot ${s}`).toEqual(g.areas.find((a) => a.feature === f.index)?.anchor);
    }
    expect(Object.keys(g.anchors).sort()).toEqual((def?.features ?? []).flatMap((f) => f.spots).sort());
  });

  it.each(cases)('%s turned %i: each edge shows what the definition says is there', (id, r) => {
    const g = tileGeometry(id, r) as TileGeometry;
    const def = tileDefinition(id, r);
    if (def === null) throw new Error(id);
    const at = (e: Edge) =>
      def.features.find((f) => (f.kind === 'road' || f.kind === 'city' || f.kind === 'river') && f.edges.includes(e))?.index;
    const field = (h: HalfEdge) => def.features.find((f) => f.kind === 'field' && f.halfEdges.includes(h))?.index;
    for (const e of EDGES) {
      const kind = def.edges[e];
      const [first, second] = HALVES[e];
      for (const t of [0.08, 0.2, 0.32, 0.5, 0.68, 0.8, 0.92]) {
        const expected = kind === 'city' || ((kind === 'road' || kind === 'river') && t === 0.5) ? at(e) : field(t < 0.5 ? first : second);
        expect(expected, `${id} ${r} ${e} ${t}`).toBeDefined();
        if (kind === 'field' && t === 0.5) continue;
        expect(owners(g, nearEdge(e, t)), `${id} ${r} edge ${e} at ${t}`).toEqual([expected]);
      }
    }
    // Features that touch no edge (cloisters, gardens, enclosed fields) stay clear of the border.
    for (const a of g.areas) {
      const f = def.features[a.feature];
      const touches = f?.kind === 'field' ? f.halfEdges.length > 0 : f?.kind !== 'cloister' && f?.kind !== 'garden';
      if (touches) continue;
      const margin = Math.min(...a.rings.flat().map(([x, y]) => Math.min(x, y, 1 - x, 1 - y)));
      expect(margin, `${id} ${r} feature ${a.feature}`).toBeGreaterThan(0.05);
    }
  });

  it.each(tileIds().map((id) => [id]))('%s: symbols lie in their own feature (pennants, cathedrals, goods) or beside it (inns)', (id) => {
    const g = tileGeometry(id, 90) as TileGeometry;
    const def = tileDefinition(id, 90);
    const area = (f: number) => g.areas.find((a) => a.feature === f);
    let pennants = 0;
    for (const s of g.symbols) {
      const f = def?.features[s.feature];
      const goods = s.kind === 'wine' || s.kind === 'grain' || s.kind === 'cloth';
      if (s.kind === 'pennant' || s.kind === 'cathedral' || goods) {
        expect(f?.kind).toBe('city');
        expect(owners(g, s.at), `${id} ${s.kind}`).toEqual([s.feature]);
        if (s.kind === 'pennant') pennants++;
        if (goods && f?.kind === 'city') expect(s.kind).toBe(f.goods);
        if (s.kind === 'cathedral' && f?.kind === 'city') expect(f.cathedral).toBe(true);
      }
      if (s.kind === 'inn') {
        expect(f?.kind === 'road' && f.inn).toBe(true);
        expect(distanceToRings(area(s.feature)?.rings ?? [], s.at)).toBeLessThan(0.2);
        expect(owners(g, s.at).map((o) => def?.features[o]?.kind)).toEqual(['field']);
      }
    }
    expect(pennants).toBe((def?.features ?? []).reduce((n, f) => n + (f.kind === 'city' ? f.pennants : 0), 0));
    const inns = (def?.features ?? []).filter((f) => f.kind === 'road' && f.inn === true).length;
    const goods = (def?.features ?? []).filter((f) => f.kind === 'city' && f.goods !== undefined).length;
    expect(g.symbols.filter((s) => s.kind === 'inn')).toHaveLength(inns);
    expect(g.symbols.filter((s) => ['wine', 'grain', 'cloth'].includes(s.kind))).toHaveLength(goods);
    expect(g.symbols.every((s) => ['pennant', 'cathedral', 'inn', 'wine', 'grain', 'cloth', 'village', 'cottage'].includes(s.kind))).toBe(
      true,
    );
  });

  it('is plain, frozen JSON, the same every call, and null for what is not a tile', () => {
    const g = tileGeometry('IC-H-garden', 270);
    expect(JSON.parse(JSON.stringify(g))).toEqual(g);
    expect(Object.isFrozen(g) && Object.isFrozen(g?.areas[0]?.rings[0]?.[0])).toBe(true);
    expect(tileGeometry('IC-H-garden', 270)).toBe(g);
    expect(tileGeometry('Z')).toBeNull();
    expect(tileGeometry('D', 45 as 0)).toBeNull();
    expect(tileGeometry(null as unknown as string)).toBeNull();
  });

  it('turns with the tile: rotating by 90° moves every point a quarter turn clockwise about the centre', () => {
    const a = tileGeometry('TB-C', 0) as TileGeometry;
    const b = tileGeometry('TB-C', 90) as TileGeometry;
    const turn = ([x, y]: Point): Point => [Math.round((1 - y) * 1e4) / 1e4, x];
    expect(b.areas.map((x) => x.anchor)).toEqual(a.areas.map((x) => turn(x.anchor)));
    // The start tile's city is on the north edge; turned, its figure stands in the east.
    expect((tileGeometry('D', 90) as TileGeometry).anchors.E?.[0]).toBeGreaterThan(0.75);
  });
});
