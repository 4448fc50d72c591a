/**
 * Unit tests of the reference referee on small hand-built boards. Every expected value below was
 * worked out by hand from the rules and the tile data (see the comments), not by running the code.
 *
 * Reminder of the tiles used (base letters, rotation 0):
 *   D  start: city N; road E-W; field1 = ENE+WNW (north of road, borders the city); field2 = south.
 *   E  city N; one field on E, S, W (borders the city).
 *   U  straight road E-W; field north, field south.          V  curve road S-W; fields N+E / SW corner.
 *   A  cloister, road S ending at it; one field all round.   B  cloister, all field.
 *   I  two separate city caps N and W; field E+S borders both. N  corner city N+W. M  same with pennant.
 * Rotating 90° clockwise turns N->E->S->W->N.
 */
import { describe, expect, it } from 'vitest';
import { Referee, loadGameTiles, loadTileSet, type RefExpansion, type RefFigure, type RefRules, type RefMove } from './referee.js';

const RULES: RefRules = { farmers: 'farm-3', smallCity: 4, meeples: 7 };
/** No goods symbols (every feature without Traders & Builders, rules-facts §e). */
const NO_GOODS = { wine: 0, grain: 0, cloth: 0 };

function ref(rules: Partial<RefRules> = {}, players = 2, tileSet: 'base' | 'pnp-demo' = 'base'): Referee {
  return new Referee({ tileSet, players, rules: { ...RULES, ...rules } });
}

function mv(tile: string, x: number, y: number, rotation: 0 | 90 | 180 | 270, at?: string): RefMove {
  return at === undefined ? { tile, x, y, rotation } : { tile, x, y, rotation, meeple: { at } };
}

describe('tile data', () => {
  // Checksums from tests/fixtures/reference/README.md §3 (gardens ignored).
  it('base set checksums', () => {
    const set = loadTileSet('base');
    let tiles = 0;
    const edges = { field: 0, road: 0, city: 0, river: 0 };
    const segs = { city: 0, road: 0, field: 0, cloister: 0, river: 0, garden: 0 };
    let pennants = 0;
    for (const t of set.values()) {
      tiles += t.count;
      for (const e of t.def.edges) edges[e] += t.count;
      for (const f of t.def.features) {
        segs[f.kind] += t.count;
        pennants += f.pennants * t.count;
      }
    }
    expect(set.size).toBe(24);
    expect(tiles).toBe(72);
    expect(edges).toEqual({ field: 115, road: 94, city: 79, river: 0 });
    expect(segs).toEqual({ city: 49, road: 62, field: 126, cloister: 6, river: 0, garden: 0 });
    expect(pennants).toBe(10);
  });

  it('pnp-demo set uses engine ids and matches the primary-mapping checksums', () => {
    const set = loadTileSet('pnp-demo');
    expect([...set.keys()].sort()).toEqual(
      ['A', 'B', 'D', 'E', 'F', 'G', 'H', 'I', 'IC-D', 'IC-J', 'J', 'K', 'L', 'N', 'O', 'P', 'Q', 'S', 'T', 'U', 'V', 'W'].sort(),
    );
    let tiles = 0;
    const edges = { field: 0, road: 0, city: 0, river: 0 };
    const segs = { city: 0, road: 0, field: 0, cloister: 0, river: 0, garden: 0 };
    for (const t of set.values()) {
      tiles += t.count;
      for (const e of t.def.edges) edges[e] += t.count;
      for (const f of t.def.features) segs[f.kind] += t.count;
    }
    expect(tiles).toBe(48);
    expect(edges).toEqual({ field: 75, road: 62, city: 55, river: 0 });
    expect(segs).toEqual({ city: 37, road: 42, field: 86, cloister: 4, river: 0, garden: 0 });
    // PnP 'G' is base F (city E-W with pennant): 2 copies.
    expect(set.get('F')?.count).toBe(2);
    expect(set.get('F')?.def.features.find((f) => f.kind === 'city')?.pennants).toBe(1);
  });
});

describe('start position', () => {
  it('has the D tile at the origin with its four features', () => {
    const r = ref();
    const feats = r
      .features()
      .map((f) => `${f.kind}:${f.tiles.join('|')}:${f.open}:${f.complete}`)
      .sort();
    // city N open on 1 edge, road E-W open on 2 edges, two fields.
    expect(feats).toEqual(['city:0,0:1:false', 'field:0,0:0:false', 'field:0,0:0:false', 'road:0,0:2:false']);
    expect(r.scores).toEqual([0, 0]);
    expect(r.supply).toEqual([7, 7]);
  });
});

describe('legalPlacements', () => {
  const sorted = (l: { x: number; y: number; rotation: number }[]): string[] => l.map((p) => `${p.x},${p.y},${p.rotation}`).sort();

  it('B (all field) fits only south of D, in all 4 rotations', () => {
    // N of D needs a city at S; E/W of D need a road; S of D needs a field at N.
    expect(sorted(ref().legalPlacements('B'))).toEqual(['0,1,0', '0,1,180', '0,1,270', '0,1,90']);
  });

  it('C (all city) fits only north of D', () => {
    expect(sorted(ref().legalPlacements('C'))).toEqual(['0,-1,0', '0,-1,180', '0,-1,270', '0,-1,90']);
  });

  it('U (straight road) fits E and W (road E-W) and S (field N)', () => {
    // r0/r180 have roads E-W and fields N/S; r90/r270 have roads N-S.
    expect(sorted(ref().legalPlacements('U'))).toEqual(['-1,0,0', '-1,0,180', '0,1,0', '0,1,180', '1,0,0', '1,0,180'].sort());
  });

  it('D against D: 6 placements', () => {
    // (0,-1): city S only at r180. (1,0): W road at r0 (W=road) and r180 (W=old E road).
    // (-1,0): E road at r0 and r180. (0,1): N field only at r180 (N=old S).
    expect(sorted(ref().legalPlacements('D'))).toEqual(['0,-1,180', '1,0,0', '1,0,180', '-1,0,0', '-1,0,180', '0,1,180'].sort());
  });
});

describe('sameRotation', () => {
  it('recognises symmetric tiles', () => {
    const r = ref();
    for (const q of [90, 180, 270]) {
      expect(r.sameRotation('B', 0, q)).toBe(true);
      expect(r.sameRotation('C', 0, q)).toBe(true);
      expect(r.sameRotation('X', 0, q)).toBe(true);
      expect(r.sameRotation('D', 0, q)).toBe(false);
      expect(r.sameRotation('A', 0, q)).toBe(false);
      expect(r.sameRotation('I', 0, q)).toBe(false);
    }
    expect(r.sameRotation('U', 0, 180)).toBe(true);
    expect(r.sameRotation('U', 90, 270)).toBe(true);
    expect(r.sameRotation('U', 0, 90)).toBe(false);
    // H: caps N and S swap ids under 180° but the tile is the same.
    expect(r.sameRotation('H', 0, 180)).toBe(true);
    expect(r.sameRotation('H', 0, 90)).toBe(false);
    expect(r.sameRotation('F', 90, 270)).toBe(true);
    expect(r.sameRotation('D', 90, 90)).toBe(true);
  });
});

describe('small city', () => {
  // E turned 180° at (0,-1): city S closes D's city N: 2 tiles, no pennant.
  it('meepleOptions lists every spot of each free feature', () => {
    // E r180: city S; field on N, E, W edges = halves NNW,NNE,ENE,ESE,WSW,WNW.
    expect(ref().meepleOptions('E', 0, -1, 180, 0)).toEqual([['N', 'E', 'W', 'NNW', 'NNE', 'ENE', 'ESE', 'WSW', 'WNW'], ['S']]);
  });

  it('scores 4 with smallCity 4 and returns the knight', () => {
    const r = ref({ smallCity: 4 });
    expect(r.play(mv('E', 0, -1, 180, 'S'), 0)).toEqual([4, 0]);
    expect(r.scores).toEqual([4, 0]);
    expect(r.supply).toEqual([7, 7]);
    const city = r.features().find((f) => f.kind === 'city');
    expect(city).toEqual({
      kind: 'city',
      tiles: ['0,-1', '0,0'],
      complete: true,
      owners: [],
      pennants: 0,
      open: 0,
      inns: 0,
      cathedrals: 0,
      goods: NO_GOODS,
    });
  });

  it('scores 2 with smallCity 2', () => {
    const r = ref({ smallCity: 2 });
    expect(r.play(mv('E', 0, -1, 180, 'S'), 1)).toEqual([0, 2]);
  });

  it('pnp-demo IC-J closes the start city too', () => {
    // IC-J: city N, road S ending at the city, field1 SSW+WSW+WNW, field2 ENE+ESE+SSE (both border the city).
    // r180: city S, road N, field1 -> NNE,ENE,ESE (E edge), field2 -> NNW,WSW,WNW (W edge).
    const r = ref({ smallCity: 4 }, 2, 'pnp-demo');
    expect(r.meepleOptions('IC-J', 0, -1, 180, 0)).toEqual([['N'], ['E', 'NNE', 'ENE', 'ESE'], ['S'], ['W', 'NNW', 'WSW', 'WNW']]);
    expect(r.play(mv('IC-J', 0, -1, 180, 'S'), 0)).toEqual([4, 0]);
    const r2 = ref({ smallCity: 2 }, 2, 'pnp-demo');
    expect(r2.play(mv('IC-J', 0, -1, 180, 'S'), 0)).toEqual([2, 0]);
    expect(() => r2.legalPlacements('X')).toThrow(/unknown tile/);
  });
});

describe('road and cloister', () => {
  it('completes a 3-tile road, leaves an incomplete cloister for the final scoring', () => {
    const r = ref();
    // W (3-way junction, roads E,S,W each ending) at (1,0): its W road joins D's road.
    expect(r.play(mv('W', 1, 0, 0, 'W'), 0)).toEqual([0, 0]);
    expect(r.supply).toEqual([6, 7]);
    // A turned 270: road S -> E. At (-1,0) it closes D's west end. Road = A + D + W = 3 tiles.
    // A's single field (all 8 halves) joins D's north and south fields (road ends at the cloister);
    // the road is taken, so the options are that field and the cloister.
    expect(r.meepleOptions('A', -1, 0, 270, 1)).toEqual([['N', 'S', 'W', 'NNW', 'NNE', 'ENE', 'ESE', 'SSE', 'SSW', 'WSW', 'WNW'], ['C']]);
    expect(r.play(mv('A', -1, 0, 270, 'C'), 1)).toEqual([3, 0]);
    expect(r.scores).toEqual([3, 0]);
    expect(r.supply).toEqual([7, 6]);
    const cloister = r.features().find((f) => f.kind === 'cloister');
    // Neighbours of (-1,0): only (0,0) is filled -> 7 open.
    expect(cloister).toEqual({
      kind: 'cloister',
      tiles: ['-1,0'],
      complete: false,
      owners: [1],
      pennants: 0,
      open: 7,
      inns: 0,
      cathedrals: 0,
      goods: NO_GOODS,
    });
    const road = r.features().find((f) => f.kind === 'road' && f.tiles.length === 3);
    expect(road).toEqual({
      kind: 'road',
      tiles: ['-1,0', '0,0', '1,0'],
      complete: true,
      owners: [],
      pennants: 0,
      open: 0,
      inns: 0,
      cathedrals: 0,
      goods: NO_GOODS,
    });
    // Final: cloister 1 + 1 neighbour = 2 for player 1.
    expect(r.finalScore()).toEqual({
      pigPoints: [0, 0],
      totals: [3, 2],
      final: { road: [0, 0], city: [0, 0], cloister: [0, 2], garden: [0, 0], field: [0, 0], goods: [0, 0] },
    });
    // finalScore changes nothing.
    expect(r.scores).toEqual([3, 0]);
  });

  it('completes a cloister with its 8th neighbour; a second cloister scores 6 at the end', () => {
    const r = ref();
    expect(r.play(mv('B', 0, 1, 0, 'C'), 0)).toEqual([0, 0]);
    r.play(mv('U', 1, 0, 0), 1);
    r.play(mv('U', -1, 0, 0), 0);
    expect(r.play(mv('A', 1, 1, 0, 'C'), 1)).toEqual([0, 0]); // cloister, road S
    r.play(mv('A', -1, 1, 0), 0);
    r.play(mv('E', 0, 2, 180), 1); // city S, fields N/E/W
    r.play(mv('V', -1, 2, 90), 0); // roads W,N
    // V r180: roads N,E; fields S,W. It fills (1,2), the last neighbour of B at (0,1).
    expect(r.play(mv('V', 1, 2, 180), 1)).toEqual([9, 0]);
    expect(r.supply).toEqual([7, 6]);
    // A at (1,1): neighbours D(0,0) U(1,0) B(0,1) E(0,2) V(1,2) present, (2,0) (2,1) (2,2) empty -> 1+5.
    expect(r.finalScore().final.cloister).toEqual([0, 6]);
    expect(r.finalScore().totals).toEqual([9, 6]);
  });

  it('a road of 9 tiles with 2 knights against 1: only the majority scores', () => {
    const r = ref();
    r.play(mv('U', 1, 0, 0, 'E'), 0); // road D+U, P0
    r.play(mv('A', 1, -1, 270, 'E'), 1); // road E ending at the cloister, P1, separate
    r.play(mv('A', 1, 1, 90, 'W'), 0); // road W ending at the cloister, P0, separate
    r.play(mv('V', 2, -1, 0), 1); // roads W,S
    r.play(mv('V', 2, 0, 90), 0); // roads N,W: joins P1's road to P0's
    r.play(mv('V', -1, 0, 270), 1); // roads E,S
    r.play(mv('V', -1, 1, 180), 0); // roads N,E
    // U at (0,1) joins (-1,1) to (1,1): road closed at both cloisters.
    // Tiles: (1,-1) (2,-1) (2,0) (1,0) (0,0) (-1,0) (-1,1) (0,1) (1,1) = 9. P0 has 2, P1 has 1.
    expect(r.play(mv('U', 0, 1, 0), 1)).toEqual([9, 0]);
    expect(r.supply).toEqual([7, 7]);
  });

  it('a road leaving the crossroads X and coming back counts X once', () => {
    const r = ref();
    // X at (1,0): four road ends. P0 knight on its N end.
    r.play(mv('X', 1, 0, 0, 'N'), 0);
    r.play(mv('V', 1, -1, 270), 1); // roads E,S
    r.play(mv('V', 2, -1, 0), 0); // roads W,S
    // V r90 at (2,0): roads N,W, back into X's E end. Road = X(N end) + 3 curves + X(E end):
    // 5 segments but 4 distinct tiles -> 4 points.
    expect(r.play(mv('V', 2, 0, 90), 1)).toEqual([4, 0]);
    const loop = r.features().find((f) => f.kind === 'road' && f.complete);
    expect(loop?.tiles).toEqual(['1,-1', '1,0', '2,-1', '2,0']);
  });

  it('a 4-curve loop is complete', () => {
    const r = ref();
    r.play(mv('V', 0, 1, 270, 'S'), 0); // roads E,S
    r.play(mv('V', 1, 1, 0), 1); // roads W,S
    r.play(mv('V', 0, 2, 180), 0); // roads N,E
    expect(r.play(mv('V', 1, 2, 90), 1)).toEqual([4, 0]); // roads N,W closes the loop
    const loop = r.features().find((f) => f.kind === 'road' && f.tiles.length === 4);
    expect(loop?.complete).toBe(true);
    expect(loop?.open).toBe(0);
  });
});

describe('city counted by distinct tiles, tie', () => {
  it('a city entering tile I twice counts I once; tied players both score', () => {
    const r = ref();
    // N r270: city W,S at (0,1) (its N edge is field, matching D's S). P0 knight.
    r.play(mv('N', 0, 1, 270, 'W'), 0);
    // I r0 at (0,2): cap N joins P0's city, cap W is a separate city for now.
    expect(r.meepleOptions('I', 0, 2, 0, 1)).toEqual([['E', 'S', 'ENE', 'ESE', 'SSE', 'SSW'], ['W']]);
    r.play(mv('I', 0, 2, 0, 'W'), 1);
    // M r180: city S,E with a pennant at (-1,1), joins P0's city.
    r.play(mv('M', -1, 1, 180), 0);
    // N r90: city E,N at (-1,2) closes the ring: tiles (0,1) (0,2) (-1,1) (-1,2) = 4, pennant 1.
    // 2*4 + 2*1 = 10 to both (1 knight each).
    expect(r.play(mv('N', -1, 2, 90), 0)).toEqual([10, 10]);
    expect(r.supply).toEqual([7, 7]);
    const city = r.features().find((f) => f.kind === 'city' && f.tiles.length === 4);
    expect(city).toEqual({
      kind: 'city',
      tiles: ['-1,1', '-1,2', '0,1', '0,2'],
      complete: true,
      owners: [],
      pennants: 1,
      open: 0,
      inns: 0,
      cathedrals: 0,
      goods: NO_GOODS,
    });
  });
});

describe('final scoring of incomplete features', () => {
  it('incomplete city and road', () => {
    const r = ref();
    // M r180: city S,E with pennant at (0,-1): D + M, open at M's E.
    r.play(mv('M', 0, -1, 180, 'S'), 0);
    // U at (1,0): road D+U open at both ends.
    r.play(mv('U', 1, 0, 0, 'E'), 1);
    // city: 2 tiles + 1 pennant = 3; road 2 tiles = 2.
    expect(r.finalScore()).toEqual({
      pigPoints: [0, 0],
      totals: [3, 2],
      final: { road: [0, 2], city: [3, 0], cloister: [0, 0], garden: [0, 0], field: [0, 0], goods: [0, 0] },
    });
  });
});

describe('farmers', () => {
  it('a field bordering only an incomplete city scores nothing', () => {
    for (const farmers of ['farm-3', 'farm-3-once', 'city-4', 'none'] as const) {
      const r = ref({ farmers });
      // P0 farmer north of the road (D.field1 + U.field1), which borders D's open city.
      r.play(mv('U', 1, 0, 0, 'N'), 0);
      expect(r.finalScore().totals).toEqual([0, 0]);
    }
  });

  it('fields on the two sides of a road stay apart', () => {
    const r = ref();
    r.play(mv('U', 1, 0, 0, 'N'), 0); // P0 farmer north of the road
    // U at (-1,0): its north field joins P0's; its south field (S, ESE, SSE, SSW, WSW) is free.
    expect(r.meepleOptions('U', -1, 0, 0, 1)).toEqual([
      ['E', 'W'],
      ['S', 'ESE', 'SSE', 'SSW', 'WSW'],
    ]);
    const fields = r.features().filter((f) => f.kind === 'field');
    expect(fields.map((f) => f.tiles.join('|')).sort()).toEqual(['0,0|1,0', '0,0|1,0']);
  });

  function twoFieldsOneCity(farmers: RefRules['farmers']): Referee {
    const r = ref({ farmers });
    // E r180 at (0,-1) closes D's city (no knight: nobody scores). P0 farmer on E's field (F1).
    expect(r.play(mv('E', 0, -1, 180, 'N'), 0)).toEqual([0, 0]);
    // U at (1,0): P0 farmer on the field north of the road = D.field1 + U.field1 (F2), borders the city.
    r.play(mv('U', 1, 0, 0, 'N'), 0);
    return r;
  }

  it('worked case: one farmer in each of two fields bordering one city', () => {
    expect(twoFieldsOneCity('farm-3').finalScore().totals).toEqual([6, 0]);
    expect(twoFieldsOneCity('farm-3-once').finalScore().totals).toEqual([3, 0]);
    expect(twoFieldsOneCity('city-4').finalScore().totals).toEqual([4, 0]);
    expect(twoFieldsOneCity('none').finalScore().totals).toEqual([0, 0]);
  });

  function withTie(farmers: RefRules['farmers']): Referee {
    const r = twoFieldsOneCity(farmers);
    // U at (0,1): P1 farmer on the field south of D's road (D.field2 + U(1,0).field2 + U(0,1).field1).
    r.play(mv('U', 0, 1, 0, 'N'), 1);
    // A r90 at (2,0): road W ends at the cloister; its one field joins the north field F2 and the
    // south field, so F2 now has P0 1, P1 1. P0 monk: neighbours present (1,0) only -> 2 at the end.
    r.play(mv('A', 2, 0, 90, 'C'), 0);
    return r;
  }

  it('tie in one of the fields', () => {
    // farm-3: F1 -> P0 3; F2 tied -> P0 3, P1 3.  Plus P0 cloister 2.
    expect(withTie('farm-3').finalScore()).toEqual({
      pigPoints: [0, 0],
      totals: [8, 3],
      final: { road: [0, 0], city: [0, 0], cloister: [2, 0], garden: [0, 0], field: [6, 3], goods: [0, 0] },
    });
    // farm-3-once: the city once per player: P0 3, P1 3.
    expect(withTie('farm-3-once').finalScore().final.field).toEqual([3, 3]);
    // city-4: fields bordering the city hold P0 2, P1 1 -> P0 4.
    expect(withTie('city-4').finalScore().final.field).toEqual([4, 0]);
    expect(withTie('none').finalScore().final.field).toEqual([0, 0]);
    expect(withTie('farm-3').supply).toEqual([4, 6]);
  });

  function twoCities(farmers: RefRules['farmers']): Referee {
    const r = ref({ farmers });
    r.play(mv('E', 0, -1, 180, 'N'), 0); // closes city C1 = D + E; P0 farmer on the top field T
    r.play(mv('D', 1, 0, 0, 'WNW'), 0); // second D: P0 farmer on D.field1 + D'.field1 (F2)
    r.play(mv('E', 1, -1, 180), 1); // closes C2 = D' + E'; E'.field joins T
    return r;
  }

  it('two fields each bordering two completed cities', () => {
    // farm-3: T borders C1,C2 -> 6; F2 borders C1,C2 -> 6. farm-3-once: {C1,C2} -> 6.
    // city-4: C1 -> 4, C2 -> 4.
    expect(twoCities('farm-3').finalScore().totals).toEqual([12, 0]);
    expect(twoCities('farm-3-once').finalScore().totals).toEqual([6, 0]);
    expect(twoCities('city-4').finalScore().totals).toEqual([8, 0]);
    expect(twoCities('none').finalScore().totals).toEqual([0, 0]);
    // farmers never return
    expect(twoCities('farm-3').supply).toEqual([5, 7]);
  });
});

describe('illegal moves throw', () => {
  it('placement errors', () => {
    const r = ref();
    expect(() => r.play(mv('D', 0, 0, 0), 0)).toThrow(/occupied/);
    expect(() => r.play(mv('B', 5, 5, 0), 0)).toThrow(/adjacent/);
    expect(() => r.play(mv('B', 1, 0, 0), 0)).toThrow(/edge/);
    expect(() => r.play(mv('Z', 0, 1, 0), 0)).toThrow(/unknown tile/);
    expect(() => r.play(mv('B', 0, 1, 45 as 0), 0)).toThrow(/rotation/);
    expect(() => r.play(mv('B', 0, 1, 0), 2)).toThrow(/player/);
    expect(r.features().length).toBe(4); // nothing changed
  });

  it('meeple errors', () => {
    const r = ref();
    expect(() => r.play(mv('U', 1, 0, 0, 'C'), 0)).toThrow(/names no feature/);
    expect(() => r.play(mv('E', 0, -1, 180, 'SSE'), 0)).toThrow(/names no feature/); // half of a city edge
    expect(() => r.play(mv('U', 1, 0, 0, 'Q'), 0)).toThrow(/names no feature/);
    r.play(mv('U', 1, 0, 0, 'E'), 0);
    expect(() => r.play(mv('U', -1, 0, 0, 'W'), 1)).toThrow(/already holds/);
    expect(r.supply).toEqual([6, 7]);
  });

  it('empty supply', () => {
    const r = ref({ meeples: 1 });
    r.play(mv('U', 1, 0, 0, 'N'), 0); // farmer: never returns
    expect(r.meepleOptions('U', -1, 0, 0, 0)).toEqual([]);
    // P1: the road D+U+U is free, the north field holds P0's farmer, the south field is free.
    expect(r.meepleOptions('U', -1, 0, 0, 1)).toEqual([
      ['E', 'W'],
      ['S', 'ESE', 'SSE', 'SSW', 'WSW'],
    ]);
    expect(() => r.play(mv('U', -1, 0, 0, 'S'), 0)).toThrow(/supply/);
  });

  it('tile copies are limited', () => {
    const r = ref();
    r.play(mv('C', 0, -1, 0), 0);
    expect(() => r.play(mv('C', 1, -1, 0), 0)).toThrow(/copies/);
  });
});

// ---------------------------------------------------------------------------------------------
// The River and The Abbot. River tiles at rotation 0 (river.json):
//   RV-spring  river E; one field round it.        RV-lake  river W; one field round it.
//   RV-straight river E-W; field N bank (NNW NNE ENE WNW), field S bank (ESE SSE SSW WSW).
//   RV-curve   river S-W; field NNW..SSE+WNW, corner field SSW+WSW.
//   RV-bridge  river N-S, road E-W, four corner fields.
// With The River the spring is the start tile at (0,0) r0: the river flows east into (1,0).
// ---------------------------------------------------------------------------------------------

function game(opts: { expansions: RefExpansion[]; gardens?: boolean; players?: number }): Referee {
  return new Referee({ tileSet: 'base', players: opts.players ?? 2, rules: RULES, ...opts });
}

function abbot(tile: string, x: number, y: number, rotation: 0 | 90 | 180 | 270, at: string): RefMove {
  return { tile, x, y, rotation, meeple: { at, kind: 'abbot' } };
}

function recall(tile: string, x: number, y: number, rotation: 0 | 90 | 180 | 270): RefMove {
  return { tile, x, y, rotation, recall: 'abbot' };
}

const places = (l: { x: number; y: number; rotation: number }[]): string[] => l.map((p) => `${p.x},${p.y},${p.rotation}`).sort();

describe('The River (rules-facts §f)', () => {
  it('rules-facts §f / README §3: river.json checksums', () => {
    const river = [...loadGameTiles({ tileSet: 'base', expansions: ['river'] }).types.values()].filter((t) => t.riverRole);
    const edges = { field: 0, road: 0, city: 0, river: 0 };
    const segs = { city: 0, road: 0, field: 0, cloister: 0, river: 0, garden: 0 };
    for (const t of river) {
      for (const e of t.def.edges) edges[e] += t.count;
      for (const f of t.def.features) segs[f.kind] += t.count;
    }
    expect(river.reduce((a, t) => a + t.count, 0)).toBe(12);
    expect(river.filter((t) => t.riverRole === 'spring').map((t) => t.id)).toEqual(['RV-spring']);
    expect(river.filter((t) => t.riverRole === 'lake').map((t) => t.id)).toEqual(['RV-lake']);
    expect(edges).toEqual({ field: 15, road: 6, city: 5, river: 22 });
    // One river segment on each of the 12 tiles; without The Abbot the curve's garden is not there.
    expect(segs).toEqual({ city: 4, road: 4, field: 28, cloister: 1, river: 12, garden: 0 });
  });

  it('rules-facts §f: the spring is the start tile; the base start tile is removed, shuffled in or first land', () => {
    const count = (riverStartTile?: 'removed' | 'shuffled' | 'first-land') => {
      const g = loadGameTiles({ tileSet: 'base', expansions: ['river'], ...(riverStartTile ? { riverStartTile } : {}) });
      return { start: g.start, D: g.types.get('D')?.count, total: [...g.types.values()].reduce((a, t) => a + t.count, 0) };
    };
    // 72 base tiles + 12 river tiles, one D fewer when removed (the default).
    expect(count()).toEqual({ start: 'RV-spring', D: 3, total: 83 });
    expect(count('removed')).toEqual({ start: 'RV-spring', D: 3, total: 83 });
    expect(count('shuffled')).toEqual({ start: 'RV-spring', D: 4, total: 84 });
    expect(count('first-land')).toEqual({ start: 'RV-spring', D: 4, total: 84 });
    const r = game({ expansions: ['river'] });
    expect(r.placements).toEqual([{ tile: 'RV-spring', x: 0, y: 0, rotation: 0, player: null }]);
    expect(r.river()).toEqual({ course: [{ x: 0, y: 0, turn: 'straight' }], end: { x: 1, y: 0, flow: 1 } });
  });

  it('rules-facts §f: a river tile must continue the river from its open end, with all edges matching', () => {
    const r = game({ expansions: ['river'] });
    // Only (1,0), with the river on the tile's W edge: the straight either way round.
    expect(places(r.legalPlacements('RV-straight'))).toEqual(['1,0,0', '1,0,180']);
    // The curve with the river W-S (r0, turning right) or W-N (r90, turning left).
    expect(places(r.legalPlacements('RV-curve'))).toEqual(['1,0,0', '1,0,90']);
    // A land tile never fits the open end (its W edge would face the river); B (all field)
    // fits the spring's three field edges in any rotation.
    const cells = ['0,-1', '-1,0', '0,1'];
    expect(places(r.legalPlacements('B'))).toEqual(cells.flatMap((c) => [0, 90, 180, 270].map((q) => `${c},${q}`)).sort());
    // RV-straight r0 at (0,1): its N field edge matches the spring's S, but it does not continue the river.
    expect(() => r.play(mv('RV-straight', 0, 1, 0), 0)).toThrow(/continue the river at 1,0/);
  });

  it('rules-facts §f: the river may not turn the same way twice in a row (only an immediate U-turn, CAR FAQ)', () => {
    const r = game({ expansions: ['river'] });
    r.play(mv('RV-curve', 1, 0, 0), 0); // flowing east, turns right: out S into (1,1)
    expect(r.river()?.end).toEqual({ x: 1, y: 1, flow: 2 });
    // At (1,1) the river comes in from N. r90 (W-N) would turn right again (south to west): banned.
    // r180 (N-E) turns left (south to east): allowed. r0 and r270 have no river on N.
    expect(places(r.legalPlacements('RV-curve'))).toEqual(['1,1,180']);
    expect(() => r.play(mv('RV-curve', 1, 1, 90), 1)).toThrow(/may not turn right twice/);
    // A straight in between resets: after it, both turns are allowed again.
    r.play(mv('RV-straight', 1, 1, 90), 1);
    expect(places(r.legalPlacements('RV-curve'))).toEqual(['1,2,180', '1,2,90']);
    r.play(mv('RV-curve', 1, 2, 90), 0); // right again (south to west): out W into (0,2)
    expect(r.river()?.course.map((c) => c.turn)).toEqual(['straight', 'right', 'straight', 'right']);
    expect(r.river()?.end).toEqual({ x: 0, y: 2, flow: 3 });
  });

  it('rules-facts §f / §h: the lake closes the river; a river tile that fits nowhere is put aside', () => {
    const r = game({ expansions: ['river'] });
    expect(places(r.legalPlacements('RV-lake'))).toEqual(['1,0,0']); // river W only at r0
    r.play(mv('RV-lake', 1, 0, 0), 0);
    expect(r.river()?.end).toBeNull();
    const river = r.features().filter((f) => f.kind === 'river');
    expect(river).toEqual([
      { kind: 'river', tiles: ['0,0', '1,0'], complete: true, owners: [], pennants: 0, open: 0, inns: 0, cathedrals: 0, goods: NO_GOODS },
    ]);
    expect(r.legalPlacements('RV-straight')).toEqual([]);
    expect(r.legalPlacements('RV-bridge')).toEqual([]);
  });

  it('rules-facts §f: nothing may stand on the river; it splits fields; the spring field wraps round', () => {
    const r = game({ expansions: ['river'] });
    // RV-bridge r90: river W-E, road N-S; fields NNE+ENE, ESE+SSE, SSW+WSW, WNW+NNW (each half
    // index + 2). Ordered by first spot: N, then NNW, NNE, ESE, SSW.
    expect(r.meepleOptions('RV-bridge', 1, 0, 90, 0)).toEqual([
      ['N', 'S'],
      ['NNW', 'WNW'],
      ['NNE', 'ENE'],
      ['ESE', 'SSE'],
      ['SSW', 'WSW'],
    ]);
    expect(() => r.play(mv('RV-bridge', 1, 0, 90, 'E'), 0)).toThrow(/may not stand on a river/);
    r.play(mv('RV-bridge', 1, 0, 90, 'NNE'), 0);
    // The two western fields of the bridge meet the spring's one field (it wraps round the
    // river's end); the two eastern ones stay apart, split by the river (and the road).
    const fields = r.features().filter((f) => f.kind === 'field');
    expect(fields.map((f) => `${f.tiles.join('|')}:${f.owners.join(',')}`).sort()).toEqual(['0,0|1,0:', '1,0:', '1,0:0']);
    expect(r.features().filter((f) => f.kind !== 'field')).toEqual([
      { kind: 'river', tiles: ['0,0', '1,0'], complete: false, owners: [], pennants: 0, open: 1, inns: 0, cathedrals: 0, goods: NO_GOODS },
      { kind: 'road', tiles: ['1,0'], complete: false, owners: [], pennants: 0, open: 2, inns: 0, cathedrals: 0, goods: NO_GOODS },
    ]);
    expect(r.figures()).toEqual([{ owner: 0, kind: 'follower', x: 1, y: 0, at: 'NNE', feature: 'field' }]);
  });
});

describe('The Abbot (rules-facts §g)', () => {
  it('rules-facts §g: garden copies: one each of E, H, I, M, N, R, U, V and one river curve (papageek: 8 + 1)', () => {
    const gardens = (setup: Parameters<typeof loadGameTiles>[0]) =>
      [...loadGameTiles(setup).types.values()]
        .filter((t) => t.def.features.some((f) => f.kind === 'garden'))
        .map((t) => `${t.id}×${t.count}`)
        .sort();
    const base = ['E-garden×1', 'H-garden×1', 'I-garden×1', 'M-garden×1', 'N-garden×1', 'R-garden×1', 'U-garden×1', 'V-garden×1'];
    expect(gardens({ tileSet: 'base', expansions: ['abbot'] })).toEqual(base);
    expect(gardens({ tileSet: 'base', expansions: ['river', 'abbot'] })).toEqual([...base, 'RV-curve-garden×1'].sort());
    expect(gardens({ tileSet: 'base', expansions: ['abbot'], gardens: false })).toEqual([]);
    expect(gardens({ tileSet: 'base', expansions: ['river'] })).toEqual([]);
    expect(gardens({ tileSet: 'pnp-demo', expansions: ['abbot'] })).toEqual([]);
    const types = loadGameTiles({ tileSet: 'base', expansions: ['river', 'abbot'] }).types;
    expect([types.get('U')?.count, types.get('V')?.count, types.get('RV-curve')?.count]).toEqual([7, 8, 1]);
    // The garden copy: the same tile plus a garden.
    expect(
      types
        .get('U-garden')
        ?.def.features.map((f) => f.kind)
        .sort(),
    ).toEqual(['field', 'field', 'garden', 'road']);
    expect(game({ expansions: ['abbot'] }).abbots).toEqual([1, 1]);
    expect(game({ expansions: [] }).abbots).toEqual([0, 0]);
  });

  it('rules-facts §g: followers never on a garden; the abbot only on a cloister or garden', () => {
    const r = game({ expansions: ['abbot'] });
    // U-garden r0 at (1,0): field N, road E-W (joins D's), field S, and the garden.
    expect(r.meepleOptions('U-garden', 1, 0, 0, 0)).toEqual([
      ['N', 'NNW', 'NNE', 'ENE', 'WNW'],
      ['E', 'W'],
      ['S', 'ESE', 'SSE', 'SSW', 'WSW'],
    ]);
    expect(r.abbotOptions('U-garden', 1, 0, 0, 0)).toEqual([['G']]);
    expect(r.abbotOptions('U', 1, 0, 0, 0)).toEqual([]);
    expect(r.abbotOptions('B', 0, 1, 0, 0)).toEqual([['C']]);
    expect(r.meepleOptions('B', 0, 1, 0, 0)).toContainEqual(['C']);
    expect(() => r.play(mv('U-garden', 1, 0, 0, 'G'), 0)).toThrow(/follower may not stand on a garden/);
    expect(() => r.play(abbot('U-garden', 1, 0, 0, 'N'), 0)).toThrow(/abbot may not stand on a field/);
    expect(r.canRecall(0)).toBe(false);
    r.play(abbot('U-garden', 1, 0, 0, 'G'), 0);
    expect([r.abbots, r.supply, r.canRecall(0), r.canRecall(1)]).toEqual([[0, 1], [7, 7], true, false]);
    expect(r.figures()).toEqual([{ owner: 0, kind: 'abbot', x: 1, y: 0, at: 'G', feature: 'garden' }]);
    // The only abbot is out: no more abbot options for player 0.
    expect(r.abbotOptions('B', 0, 1, 0, 0)).toEqual([]);
    expect(() => r.play(abbot('B', 0, 1, 0, 'C'), 0)).toThrow(/no abbot in supply/);
    // Without The Abbot there is no abbot at all.
    expect(() => game({ expansions: [] }).play(abbot('B', 0, 1, 0, 'C'), 0)).toThrow(/not in play/);
  });

  it('rules-facts §g: taking the abbot back scores 1 + its neighbours at once, the tile just placed included', () => {
    const r = game({ expansions: ['abbot'] });
    expect(r.play(abbot('B', 0, 1, 0, 'C'), 0)).toEqual([0, 0]); // neighbours: D only
    r.play(mv('A', 1, 0, 90, 'W'), 1); // A r90: road W ends at the cloister; P1 on road D+A
    expect(() => r.play({ ...recall('A', -1, 0, 270), meeple: { at: 'E' } }, 0)).toThrow(/not both/);
    expect(() => r.play(recall('A', -1, 0, 270), 1)).toThrow(/no abbot on the board/);
    // A r270 at (-1,0): road E ends at its cloister, closing the road D+A+A: 3 to P1.
    // P0 takes the abbot back: (0,1) has (-1,0), (0,0), (1,0) around it -> 1 + 3 = 4.
    expect(r.play(recall('A', -1, 0, 270), 0)).toEqual([4, 3]);
    expect([r.scores, r.abbots, r.supply, r.canRecall(0)]).toEqual([[4, 3], [1, 1], [7, 7], false]);
    expect(r.figures()).toEqual([]);
  });

  it('rules-facts §g: an abbot in a surrounded garden scores 9; still on the board at the end, 1 + neighbours', () => {
    const r = game({ expansions: ['abbot'] });
    // E-garden r180 at (0,-1): city S closes D's city (nobody on it); fields N, E, W; garden.
    expect(r.play(abbot('E-garden', 0, -1, 180, 'G'), 0)).toEqual([0, 0]);
    const garden = () => r.features().find((f) => f.kind === 'garden');
    expect(garden()).toEqual({
      kind: 'garden',
      tiles: ['0,-1'],
      complete: false,
      owners: [0],
      pennants: 0,
      open: 7,
      inns: 0,
      cathedrals: 0,
      goods: NO_GOODS,
    });
    // At the end now: 1 + 1 neighbour (D), as an incomplete cloister.
    expect(r.finalScore().final.garden).toEqual([2, 0]);
    r.play(mv('U', 1, 0, 0), 1);
    r.play(mv('U', -1, 0, 0), 0);
    r.play(mv('B', 1, -1, 0), 1);
    r.play(mv('B', -1, -1, 0), 0);
    r.play(mv('B', 0, -2, 0), 1);
    r.play(mv('B', -1, -2, 0), 0);
    expect(garden()?.open).toBe(1);
    expect(r.finalScore()).toEqual({
      pigPoints: [0, 0],
      totals: [8, 0],
      final: { road: [0, 0], city: [0, 0], cloister: [0, 0], garden: [8, 0], field: [0, 0], goods: [0, 0] },
    });
    // A r180 (road N) at (1,-2) fills the 8th cell: 9 for the abbot's owner, who gets it back.
    expect(r.play(mv('A', 1, -2, 180), 1)).toEqual([9, 0]);
    expect([r.abbots, garden()?.complete, garden()?.owners]).toEqual([[1, 1], true, []]);
  });

  it('rules-facts §g: an abbot still on a cloister at the end scores like an incomplete cloister', () => {
    const r = game({ expansions: ['abbot'] });
    r.play(abbot('B', 0, 1, 0, 'C'), 0);
    r.play(mv('U', 1, 0, 0), 1); // a corner neighbour of (0,1)
    expect(r.finalScore().final).toEqual({ road: [0, 0], city: [0, 0], cloister: [3, 0], garden: [0, 0], field: [0, 0], goods: [0, 0] });
  });
});

// ---------------------------------------------------------------------------------------------
// Inns & Cathedrals (rules-facts §d). Tiles at rotation 0 (inns-cathedrals.json):
//   IC-A  curve road S-W with an inn (as base V).    IC-B  straight road E-W with an inn (garden on C2).
//   IC-C  junction: roads E (inn), S, W end at it; field N, fields SE and SW corners.
//   IC-H  four city caps round an enclosed field (spot I) bordering all four (garden on C2).
//   IC-K  (×2) city on all four sides with a cathedral, no pennant.
// ---------------------------------------------------------------------------------------------

function inns(opts: { players?: number; expansions?: RefExpansion[]; rules?: Partial<RefRules> } = {}): Referee {
  return new Referee({
    tileSet: 'base',
    players: opts.players ?? 2,
    rules: { ...RULES, ...opts.rules },
    expansions: [...(opts.expansions ?? []), 'inns-cathedrals'],
  });
}

function large(tile: string, x: number, y: number, rotation: 0 | 90 | 180 | 270, at: string): RefMove {
  return { tile, x, y, rotation, meeple: { at, kind: 'large' } };
}

const NO_FINAL = { road: [0, 0], city: [0, 0], cloister: [0, 0], garden: [0, 0], field: [0, 0], goods: [0, 0] };

describe('Inns & Cathedrals (rules-facts §d)', () => {
  it('rules-facts §d / README §3: the 18 tiles, with 6 inns, 2 cathedrals, 3 pennants, 1 cloister, 1 enclosed field', () => {
    const base = loadGameTiles({ tileSet: 'base' }).types;
    const withIC = loadGameTiles({ tileSet: 'base', expansions: ['inns-cathedrals'] }).types;
    const ic = [...withIC.values()].filter((t) => !base.has(t.id));
    const edges = { field: 0, road: 0, city: 0, river: 0 };
    const segs = { city: 0, road: 0, field: 0, cloister: 0, river: 0, garden: 0 };
    let innTiles = 0;
    let cathedrals = 0;
    let pennants = 0;
    let enclosed = 0;
    for (const t of ic) {
      for (const e of t.def.edges) edges[e] += t.count;
      for (const f of t.def.features) {
        segs[f.kind] += t.count;
        pennants += f.pennants * t.count;
        if (f.cathedral) cathedrals += t.count;
        if (f.kind === 'field' && f.halves.length === 0) enclosed += t.count;
      }
      if (t.def.features.some((f) => f.inn)) innTiles += t.count;
    }
    expect([ic.length, ic.reduce((a, t) => a + t.count, 0)]).toEqual([17, 18]);
    expect(ic.every((t) => t.id.startsWith('IC-'))).toBe(true);
    expect({ innTiles, cathedrals, pennants, enclosed }).toEqual({ innTiles: 6, cathedrals: 2, pennants: 3, enclosed: 1 });
    expect(edges).toEqual({ field: 17, road: 24, city: 31, river: 0 });
    expect(segs).toEqual({ city: 20, road: 18, field: 35, cloister: 1, river: 0, garden: 0 });
    // The inn tiles are A, B, C, L, M, N; the cathedral tile K has no pennant.
    const innIds = ic
      .filter((t) => t.def.features.some((f) => f.inn))
      .map((t) => t.id)
      .sort();
    expect(innIds).toEqual(['IC-A', 'IC-B', 'IC-C', 'IC-L', 'IC-M', 'IC-N']);
    const k = withIC.get('IC-K');
    expect([k?.count, k?.def.features.map((f) => `${f.kind}:${f.cathedral}:${f.pennants}`)]).toEqual([2, ['city:true:0']]);
    // The land tiles: 72 base + 18.
    expect([...withIC.values()].reduce((a, t) => a + t.count, 0)).toBe(90);
  });

  it("rules-facts §d / README §2: with the print-and-play demo IC-D and IC-J have both sets' copies; C2 gardens on IC-B and IC-H", () => {
    const pnp = loadGameTiles({ tileSet: 'pnp-demo', expansions: ['inns-cathedrals'] }).types;
    expect([pnp.get('IC-D')?.count, pnp.get('IC-J')?.count]).toEqual([2, 2]);
    expect([...pnp.values()].reduce((a, t) => a + t.count, 0)).toBe(48 + 18);
    const gardens = (setup: Parameters<typeof loadGameTiles>[0]) =>
      [...loadGameTiles(setup).types.values()]
        .filter((t) => t.def.features.some((f) => f.kind === 'garden'))
        .map((t) => `${t.id}×${t.count}`)
        .sort();
    expect(gardens({ tileSet: 'pnp-demo', expansions: ['abbot', 'inns-cathedrals'] })).toEqual(['IC-B-garden×1', 'IC-H-garden×1']);
    expect(gardens({ tileSet: 'base', expansions: ['abbot', 'inns-cathedrals'] })).toEqual(
      ['E', 'H', 'I', 'IC-B', 'IC-H', 'M', 'N', 'R', 'U', 'V'].map((id) => `${id}-garden×1`).sort(),
    );
    expect(gardens({ tileSet: 'base', expansions: ['inns-cathedrals'] })).toEqual([]);
    // One copy each of IC-B and IC-H: the garden copy is the only one.
    const types = loadGameTiles({ tileSet: 'base', expansions: ['abbot', 'inns-cathedrals'] }).types;
    expect([
      types.has('IC-B'),
      types.has('IC-H'),
      types
        .get('IC-H-garden')
        ?.def.features.map((f) => f.kind)
        .sort(),
    ]).toEqual([false, false, ['city', 'city', 'city', 'city', 'field', 'garden']]);
  });

  it('rules-facts §d: one large meeple per player, up to a sixth player; none without the expansion', () => {
    expect(inns({ players: 6 }).largeMeeples).toEqual([1, 1, 1, 1, 1, 1]);
    expect(inns({ players: 6 }).supply).toEqual([7, 7, 7, 7, 7, 7]);
    expect(game({ expansions: [] }).largeMeeples).toEqual([0, 0]);
    expect(game({ expansions: [] }).largeOptions('B', 0, 1, 0, 0)).toEqual([]);
    expect(() => game({ expansions: [] }).play(large('B', 0, 1, 0, 'C'), 0)).toThrow(/Inns & Cathedrals is not in play/);
  });

  it('rules-facts §d: the large meeple goes wherever a follower may (road, city, cloister, field), never on a garden or the river', () => {
    const r = inns({ expansions: ['river', 'abbot'] });
    // RV-bridge r90 at (1,0): river W-E, road N-S, four corner fields (see The River above).
    expect(r.largeOptions('RV-bridge', 1, 0, 90, 0)).toEqual(r.meepleOptions('RV-bridge', 1, 0, 90, 0));
    expect(r.largeOptions('RV-bridge', 1, 0, 90, 0)).toHaveLength(5);
    expect(() => r.play(large('RV-bridge', 1, 0, 90, 'E'), 0)).toThrow(/large meeple may not stand on a river/);
    const a = inns({ expansions: ['abbot'] });
    // IC-B-garden r0 at (1,0): field N, the inn road E-W (joins D's road), field S, and the garden.
    expect(a.largeOptions('IC-B-garden', 1, 0, 0, 0)).toEqual([
      ['N', 'NNW', 'NNE', 'ENE', 'WNW'],
      ['E', 'W'],
      ['S', 'ESE', 'SSE', 'SSW', 'WSW'],
    ]);
    expect(a.abbotOptions('IC-B-garden', 1, 0, 0, 0)).toEqual([['G']]);
    expect(() => a.play(large('IC-B-garden', 1, 0, 0, 'G'), 0)).toThrow(/large meeple may not stand on a garden/);
    // B: a cloister, all field; D's south field joins B's field.
    expect(a.largeOptions('B', 0, 1, 0, 0)).toEqual([['N', 'E', 'S', 'W', 'NNW', 'NNE', 'ENE', 'ESE', 'SSE', 'SSW', 'WSW', 'WNW'], ['C']]);
    a.play(large('B', 0, 1, 0, 'C'), 0);
    expect([a.largeMeeples, a.supply, a.figures()]).toEqual([
      [0, 1],
      [7, 7],
      [{ owner: 0, kind: 'large', x: 0, y: 1, at: 'C', feature: 'cloister' }],
    ]);
    // Its one large meeple is out: none left for player 0, while followers may still go.
    expect(a.largeOptions('U', 1, 0, 0, 0)).toEqual([]);
    expect(a.meepleOptions('U', 1, 0, 0, 0)).toHaveLength(3);
    expect(() => a.play(large('U', 1, 0, 0, 'E'), 0)).toThrow(/no large meeple in supply/);
    // Player 1 still has its own.
    expect(a.largeOptions('U', 1, 0, 0, 1)).toEqual([
      ['N', 'NNW', 'NNE', 'ENE', 'WNW'],
      ['E', 'W'],
      ['S', 'ESE', 'SSE', 'SSW', 'WSW'],
    ]);
  });

  it('rules-facts §d: a completed road with an inn scores 2 a tile; the large meeple scores it like a follower and returns', () => {
    const r = inns();
    // IC-B r0 at (1,0): its inn road joins D's road E-W. P0's large meeple on it.
    expect(r.play(large('IC-B', 1, 0, 0, 'E'), 0)).toEqual([0, 0]);
    expect(r.features().find((f) => f.kind === 'road')).toMatchObject({ tiles: ['0,0', '1,0'], inns: 1, owners: [0] });
    // A road holding a large meeple is taken, for followers and large meeples alike: U r0 at (2,0)
    // offers player 1 its two fields only.
    const fields = [
      ['N', 'NNW', 'NNE', 'ENE', 'WNW'],
      ['S', 'ESE', 'SSE', 'SSW', 'WSW'],
    ];
    expect([r.meepleOptions('U', 2, 0, 0, 1), r.largeOptions('U', 2, 0, 0, 1)]).toEqual([fields, fields]);
    expect(() => r.play(large('U', 2, 0, 0, 'W'), 1)).toThrow(/already holds meeples of 0/);
    // Still open: an incomplete road with an inn scores 0 at the end (a plain one would score 2).
    expect(r.finalScore()).toEqual({ pigPoints: [0, 0], totals: [0, 0], final: NO_FINAL });
    r.play(mv('A', 2, 0, 90), 1); // A r90: road W ends at its cloister
    // A r270 at (-1,0): road E ends at its cloister. Road A + D + IC-B + A = 4 tiles, an inn: 2×4 = 8.
    expect(r.play(mv('A', -1, 0, 270), 1)).toEqual([8, 0]);
    expect([r.largeMeeples, r.supply, r.figures()]).toEqual([[1, 1], [7, 7], []]);
  });

  it('rules-facts §d: the inn at a junction (IC-C) affects only the road it stands beside', () => {
    const r = inns();
    // IC-C r0 at (1,0): roads E (inn), S and W end at the junction; its W road joins D's road.
    expect(r.meepleOptions('IC-C', 1, 0, 0, 0)).toEqual([
      ['N', 'NNW', 'NNE', 'ENE', 'WNW'],
      ['E'],
      ['S'],
      ['W'],
      ['ESE', 'SSE'],
      ['SSW', 'WSW'],
    ]);
    r.play(mv('IC-C', 1, 0, 0, 'W'), 0); // P0 on D + IC-C's W road: no inn
    r.play(mv('U', 2, 0, 0, 'E'), 1); // P1 on IC-C's E road (the inn) + U
    const roads = () =>
      r
        .features()
        .filter((f) => f.kind === 'road')
        .map((f) => `${f.tiles.join('|')}:inns ${f.inns}:${f.owners.join(',')}`)
        .sort();
    expect(roads()).toEqual(['0,0|1,0:inns 0:0', '1,0:inns 0:', '1,0|2,0:inns 1:1']);
    // A r90 at (3,0) closes the inn road: IC-C + U + A = 3 tiles, an inn: 2×3 = 6.
    expect(r.play(mv('A', 3, 0, 90), 0)).toEqual([0, 6]);
    // P0's road without the inn, still open at D's west end: 1 a tile, 2 (not 0) at the end.
    expect(r.finalScore()).toEqual({ pigPoints: [0, 0], totals: [2, 6], final: { ...NO_FINAL, road: [2, 0] } });
  });

  it('rules-facts §d: an inn on a road loop: 2 a tile when the loop closes', () => {
    const r = inns();
    r.play(mv('V', 0, 1, 270, 'S'), 0); // roads E,S
    r.play(mv('IC-A', 1, 1, 0), 1); // the inn curve, roads W,S (as V r0)
    r.play(mv('V', 0, 2, 180), 0); // roads N,E
    // V r90 at (1,2): roads N,W close the loop of 4 tiles with an inn: 2×4 = 8.
    expect(r.play(mv('V', 1, 2, 90), 1)).toEqual([8, 0]);
    expect(r.features().find((f) => f.kind === 'road' && f.tiles.length === 4)).toMatchObject({ complete: true, inns: 1 });
  });

  it('rules-facts §d: more inns on a road add nothing', () => {
    const r = inns();
    r.play(mv('IC-B', 1, 0, 0, 'E'), 0); // inn road D + IC-B
    r.play(mv('A', 2, 0, 90), 1); // closes the east end at A's cloister
    // IC-A r180 at (-1,0): its roads S,W turn to N,E; E joins D's west end. A second inn.
    r.play(mv('IC-A', -1, 0, 180), 1);
    expect(r.features().find((f) => f.kind === 'road' && f.owners.length > 0)).toMatchObject({ inns: 2, open: 1 });
    // A r0 at (-1,-1): road S ends at its cloister. Road A + IC-A + D + IC-B + A = 5 tiles, two
    // inns: still 2×5 = 10.
    expect(r.play(mv('A', -1, -1, 0), 1)).toEqual([10, 0]);
  });

  it('rules-facts §d: a completed city with a cathedral scores 3 a tile + 3 a pennant; incomplete at the end, 0', () => {
    const r = inns();
    // IC-K at (0,-1) joins D's city cap; P0 knight. Then close IC-K's N, W and E edges.
    r.play(mv('IC-K', 0, -1, 0, 'N'), 0);
    r.play(mv('E', 0, -2, 180), 1); // cap S
    r.play(mv('E', -1, -1, 90), 1); // cap E
    // M r270: city W+S with a pennant at (1,-1); its S edge stays open for now.
    r.play(mv('M', 1, -1, 270), 1);
    const city = () => r.features().find((f) => f.kind === 'city' && f.tiles.includes('0,-1'));
    expect(city()).toMatchObject({ tiles: ['-1,-1', '0,-1', '0,-2', '0,0', '1,-1'], pennants: 1, cathedrals: 1, open: 1 });
    // Incomplete with a cathedral: 0 (without it: 5 tiles + 1 pennant = 6).
    expect(r.finalScore()).toEqual({ pigPoints: [0, 0], totals: [0, 0], final: NO_FINAL });
    // K (base: city cap N, road S-W) r0 at (1,0): cap N closes M's S, road W joins D's road.
    // City D + IC-K + E + E + M + K = 6 tiles, 1 pennant, a cathedral: 3×6 + 3×1 = 21.
    expect(r.play(mv('K', 1, 0, 0), 1)).toEqual([21, 0]);
    expect(city()).toMatchObject({ complete: true, owners: [] });
  });

  it('rules-facts §d: a second cathedral has no further effect', () => {
    const r = inns();
    r.play(mv('IC-K', 0, -1, 0, 'N'), 0);
    r.play(mv('IC-K', 0, -2, 0), 1);
    r.play(mv('E', 0, -3, 180), 1); // cap S
    r.play(mv('E', -1, -2, 90), 1); // cap E
    r.play(mv('E', 1, -2, 270), 1); // cap W
    r.play(mv('E', -1, -1, 90), 1); // cap E; its N field meets the cap above's S field
    expect(r.features().find((f) => f.kind === 'city' && f.tiles.length === 7)).toMatchObject({ cathedrals: 2, open: 1 });
    // The 5th E r270 at (1,-1) closes it: D + 2 IC-K + 5 E = 8 tiles, no pennant: 3×8 = 24.
    expect(r.play(mv('E', 1, -1, 270), 1)).toEqual([24, 0]);
  });

  // The road of 9 tiles from 'road and cloister' above, between two cloisters (A at (1,-1) and
  // (1,1)): P0 has the large meeple on it (U at (1,0)), P1 one or two followers.
  function roadOfNine(p1Twice: boolean): Referee {
    const r = inns();
    r.play(large('U', 1, 0, 0, 'E'), 0);
    r.play(mv('A', 1, -1, 270, 'E'), 1);
    r.play(p1Twice ? mv('A', 1, 1, 90, 'W') : mv('A', 1, 1, 90), 1);
    r.play(mv('V', 2, -1, 0), 1);
    r.play(mv('V', 2, 0, 90), 0); // joins P1's road to P0's
    r.play(mv('V', -1, 0, 270), 1);
    r.play(mv('V', -1, 1, 180), 0);
    return r;
  }

  it('rules-facts §d: a large meeple against one follower on a road: 2 against 1, only its owner scores', () => {
    const r = roadOfNine(false);
    // At the end now: the road A(1,-1) V V U D V V of 7 tiles (open at (-1,1)) to P0 alone
    // (2 against 1): 7.
    expect(r.finalScore().final.road).toEqual([7, 0]);
    // U at (0,1) closes the road: 9 tiles to P0 alone (with two followers it would be a tie).
    expect(r.play(mv('U', 0, 1, 0), 1)).toEqual([9, 0]);
    expect([r.largeMeeples, r.supply]).toEqual([
      [1, 1],
      [7, 7],
    ]);
  });

  it('rules-facts §d / §j.8: a large meeple against two followers on a road: 2 against 2, both score', () => {
    const r = roadOfNine(true);
    // 7-tile road: P0 2 against P1 1 -> P0 7; P1's road A(1,1) alone, 1 tile -> P1 1.
    expect(r.finalScore().final.road).toEqual([7, 1]);
    // The 9-tile road: P0 2 (large) against P1 2 (two followers): a tie, 9 each.
    expect(r.play(mv('U', 0, 1, 0), 1)).toEqual([9, 9]);
  });

  it('rules-facts §d: a large meeple against one knight in a city: 2 against 1', () => {
    const r = inns();
    // The city ring of 'city counted by distinct tiles' above, P0's large meeple instead of a knight.
    r.play(large('N', 0, 1, 270, 'W'), 0);
    r.play(mv('I', 0, 2, 0, 'W'), 1);
    r.play(mv('M', -1, 1, 180), 0);
    // 4 tiles, 1 pennant: 2×4 + 2×1 = 10, to P0 alone (1 against 1 would give both 10).
    expect(r.play(mv('N', -1, 2, 90), 0)).toEqual([10, 0]);
  });

  // Farmers (rules-facts §a with §d): E r180 closes D's city C; P0 farmer on E's field F1 (borders
  // C). U at (1,0): a farmer on the field north of the road, F2 (D.field1 + U.field1, borders C).
  // U at (0,1): a farmer on the south field. A r90 at (2,0): its one field joins F2 and the south
  // field; P0 monk there (1 + 1 neighbour = 2 at the end).
  function farmers(rule: RefRules['farmers'], largeOnF2: boolean): Referee {
    const r = inns({ rules: { farmers: rule } });
    r.play(mv('E', 0, -1, 180, 'N'), 0);
    r.play(largeOnF2 ? large('U', 1, 0, 0, 'N') : mv('U', 1, 0, 0, 'N'), 0);
    r.play(largeOnF2 ? mv('U', 0, 1, 0, 'N') : large('U', 0, 1, 0, 'N'), 1);
    r.play(mv('A', 2, 0, 90, 'C'), 0);
    return r;
  }

  it('rules-facts §d / §a: a large farmer against one farmer: 2 against 1, under every farmer rule', () => {
    // F1: P0 1. Merged F2: P0 2 (large), P1 1 -> P0 alone.
    // farm-3: F1 3 + F2 3 = 6. farm-3-once: city C once = 3. city-4: C's fields hold P0 3, P1 1 -> 4.
    expect(farmers('farm-3', true).finalScore()).toEqual({
      pigPoints: [0, 0],
      totals: [8, 0],
      final: { ...NO_FINAL, cloister: [2, 0], field: [6, 0] },
    });
    expect(farmers('farm-3-once', true).finalScore().final.field).toEqual([3, 0]);
    expect(farmers('city-4', true).finalScore().final.field).toEqual([4, 0]);
    expect(farmers('none', true).finalScore().final.field).toEqual([0, 0]);
    // The large meeple stays on its field to the end, like any farmer.
    expect(farmers('farm-3', true).largeMeeples).toEqual([0, 1]);
  });

  it('rules-facts §d / §a: a large farmer against two farmers: 2 against 2 under city-4', () => {
    // F1: P0 1. Merged F2: P0 1, P1 2 (large) -> P1 alone there.
    // farm-3: F1 -> P0 3, F2 -> P1 3. farm-3-once: C once each: 3 and 3.
    // city-4: C's fields hold P0 1 + 1 = 2, P1 2: a tie, 4 each.
    expect(farmers('farm-3', false).finalScore().final.field).toEqual([3, 3]);
    expect(farmers('farm-3-once', false).finalScore().final.field).toEqual([3, 3]);
    expect(farmers('city-4', false).finalScore().final.field).toEqual([4, 4]);
    expect(farmers('none', false).finalScore().final.field).toEqual([0, 0]);
  });

  it('rules-facts §d / README §2: the enclosed field of IC-H takes a farmer; it borders all four caps', () => {
    for (const [rule, points] of [
      ['farm-3', 3],
      ['farm-3-once', 3],
      ['city-4', 4],
      ['none', 0],
    ] as const) {
      const r = inns({ rules: { farmers: rule } });
      // IC-H at (0,-1): its S cap closes D's city (2 tiles, nobody on it); caps N, E, W open.
      expect(r.largeOptions('IC-H', 0, -1, 0, 0)).toEqual([['N'], ['E'], ['S'], ['W'], ['I']]);
      expect(r.play(large('IC-H', 0, -1, 0, 'I'), 0)).toEqual([0, 0]);
      expect(r.figures()).toEqual([{ owner: 0, kind: 'large', x: 0, y: -1, at: 'I', feature: 'field' }]);
      // At the end: the field borders one completed city (D + IC-H's S cap).
      expect(r.finalScore().final.field).toEqual([points, 0]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Traders & Builders (rules-facts §e, §a). Tiles at rotation 0 (traders-builders.json):
//   TB-G  city N+W with grain; one field E+S (borders it).    TB-T  the same with wine.
//   TB-F  city N+W with grain; road S ending; fields SW corner and E+SE (both border the city).
// Base tiles as above, and K: city cap N, road curve S-W, field E+S+NW part (borders the cap).
// Turning a tile 180° puts TB-G's city on S+E; 270° puts TB-F's city on W+S and its road on E.
// ---------------------------------------------------------------------------------------------

function traders(opts: { players?: number; expansions?: RefExpansion[]; rules?: Partial<RefRules> } = {}): Referee {
  return new Referee({
    tileSet: 'base',
    players: opts.players ?? 2,
    rules: { ...RULES, ...opts.rules },
    expansions: [...(opts.expansions ?? []), 'traders-builders'],
  });
}

function builder(tile: string, x: number, y: number, rotation: 0 | 90 | 180 | 270, at: string): RefMove {
  return { tile, x, y, rotation, meeple: { at, kind: 'builder' } };
}

function pig(tile: string, x: number, y: number, rotation: 0 | 90 | 180 | 270, at: string): RefMove {
  return { tile, x, y, rotation, meeple: { at, kind: 'pig' } };
}

const tokens = (wine: number, grain: number, cloth: number) => ({ wine, grain, cloth });

describe('Traders & Builders (rules-facts §e)', () => {
  it('rules-facts §e / README §3: the 24 tiles, their goods (9 wine, 6 grain, 5 cloth), C2 gardens on K and U', () => {
    const base = loadGameTiles({ tileSet: 'base' }).types;
    const withTB = loadGameTiles({ tileSet: 'base', expansions: ['traders-builders'] }).types;
    const tb = [...withTB.values()].filter((t) => !base.has(t.id));
    const edges = { field: 0, road: 0, city: 0, river: 0 };
    const segs = { city: 0, road: 0, field: 0, cloister: 0, river: 0, garden: 0 };
    const goods = tokens(0, 0, 0);
    const byGoods: Record<string, string[]> = { wine: [], grain: [], cloth: [], none: [] };
    let pennants = 0;
    let roadEnds = 0;
    const enclosed: string[] = [];
    for (const t of tb) {
      for (const e of t.def.edges) edges[e] += t.count;
      const symbols: string[] = [];
      for (const f of t.def.features) {
        segs[f.kind] += t.count;
        pennants += f.pennants * t.count;
        if (f.kind === 'road' && f.edges.length === 1) roadEnds += t.count;
        if (f.goods !== null) {
          goods[f.goods] += t.count;
          symbols.push(f.goods);
        }
      }
      if (t.def.features.some((f) => f.kind === 'field' && f.halves.length === 0)) enclosed.push(t.id);
      // One symbol per goods tile (README §3).
      expect(symbols.length).toBeLessThanOrEqual(1);
      (byGoods[symbols[0] ?? 'none'] as string[]).push(t.id.slice(3));
    }
    expect([tb.length, tb.reduce((a, t) => a + t.count, 0)]).toEqual([24, 24]);
    expect(tb.map((t) => t.id).sort()).toEqual([...'ABCDEFGHIJKLMNOPQRSTUVWX'].map((l) => `TB-${l}`));
    expect(goods).toEqual(tokens(9, 6, 5));
    // README §2: grain D–I, cloth K–O, wine P–X; no goods on A, B, C, J.
    expect(byGoods).toEqual({
      grain: ['D', 'E', 'F', 'G', 'H', 'I'],
      cloth: ['K', 'L', 'M', 'N', 'O'],
      wine: ['P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X'],
      none: ['A', 'B', 'C', 'J'],
    });
    expect({ pennants, roadEnds, enclosed }).toEqual({ pennants: 0, roadEnds: 21, enclosed: ['TB-M', 'TB-N', 'TB-P', 'TB-X'] });
    expect(edges).toEqual({ field: 19, road: 25, city: 52, river: 0 });
    expect(segs).toEqual({ city: 29, road: 23, field: 56, cloister: 1, river: 0, garden: 0 });
    expect([tb.filter((t) => t.def.edges.includes('city')).length, tb.filter((t) => t.def.edges.includes('road')).length]).toEqual([
      22, 16,
    ]);
    // With the base game: 72 + 24 tiles.
    expect([...withTB.values()].reduce((a, t) => a + t.count, 0)).toBe(96);
    // With The Abbot (C2 printing): the one copy of K and of U carries a garden.
    const abbot = loadGameTiles({ tileSet: 'base', expansions: ['abbot', 'traders-builders'] }).types;
    const gardens = [...abbot.values()].filter((t) => t.def.features.some((f) => f.kind === 'garden')).map((t) => `${t.id}×${t.count}`);
    expect(gardens.filter((g) => g.startsWith('TB-')).sort()).toEqual(['TB-K-garden×1', 'TB-U-garden×1']);
    expect([
      abbot.has('TB-K'),
      abbot.has('TB-U'),
      abbot
        .get('TB-U-garden')
        ?.def.features.map((f) => f.kind)
        .sort(),
    ]).toEqual([false, false, ['city', 'field', 'field', 'field', 'garden', 'road', 'road']]);
    // The print-and-play demo takes them too: 48 + 24.
    const pnp = loadGameTiles({ tileSet: 'pnp-demo', expansions: ['traders-builders'] }).types;
    expect([...pnp.values()].reduce((a, t) => a + t.count, 0)).toBe(72);
  });

  it('rules-facts §e: one builder and one pig per player; none without the expansion', () => {
    const r = traders({ players: 3 });
    expect([r.builders, r.pigs, r.goods, r.builderTurn, r.nextPlayer]).toEqual([
      [1, 1, 1],
      [1, 1, 1],
      [tokens(0, 0, 0), tokens(0, 0, 0), tokens(0, 0, 0)],
      false,
      0,
    ]);
    const g = game({ expansions: [] });
    expect([g.builders, g.pigs]).toEqual([
      [0, 0],
      [0, 0],
    ]);
    g.play(mv('U', 1, 0, 0, 'E'), 0);
    expect([g.builderOptions('U', 2, 0, 0, 0), g.pigOptions('U', 2, 0, 0, 0)]).toEqual([[], []]);
    expect(() => g.play(builder('U', 2, 0, 0, 'E'), 0)).toThrow(/Traders & Builders is not in play/);
    expect(() => g.play(pig('U', 2, 0, 0, 'N'), 0)).toThrow(/Traders & Builders is not in play/);
    // Without the expansion every tile is the next player's.
    expect([g.builderTurn, g.nextPlayer]).toEqual([false, 1]);
  });

  it('rules-facts §e: a completed city with goods scores as usual, then its completer takes the tokens, knights or not', () => {
    const r = traders();
    // TB-G r180 at (0,-1): its city S+E joins D's city; P0 knight. Open at (1,-1).
    expect(r.play(mv('TB-G', 0, -1, 180, 'S'), 0)).toEqual([0, 0]);
    expect(r.features().find((f) => f.kind === 'city')).toMatchObject({ tiles: ['0,-1', '0,0'], goods: tokens(0, 1, 0), open: 1 });
    // E r270 (cap W) at (1,-1) closes it: D + TB-G + E = 3 tiles, 2×3 = 6 to P0's knight. P1
    // placed the tile: P1 takes the grain (one symbol), with no knight in the city.
    expect(r.play(mv('E', 1, -1, 270), 1)).toEqual([6, 0]);
    expect([r.goods, r.goodsTaken]).toEqual([[tokens(0, 0, 0), tokens(0, 1, 0)], [{ turn: 1, player: 1, goods: tokens(0, 1, 0) }]]);
    // At the end: P1 has the most grain (1 against 0) and scores 10; nobody has wine or cloth,
    // so nobody scores those (0 tokens never wins).
    expect(r.goodsMajorities()).toEqual([
      { goods: 'wine', tokens: [0, 0], holders: [], awarded: [0, 0] },
      { goods: 'grain', tokens: [0, 1], holders: [1], awarded: [0, 10] },
      { goods: 'cloth', tokens: [0, 0], holders: [], awarded: [0, 0] },
    ]);
    expect(r.finalScore()).toEqual({ pigPoints: [0, 0], totals: [6, 10], final: { ...NO_FINAL, goods: [0, 10] } });
  });

  it('rules-facts §e: one token per goods symbol in the whole city', () => {
    const r = traders();
    r.play(mv('TB-G', 0, -1, 180), 0); // grain; city S+E on D's city
    // TB-T r270 at (1,-1): wine; its city W+S joins TB-G's E and is open on S, at (1,0).
    r.play(mv('TB-T', 1, -1, 270), 1);
    // K r0 at (1,0): cap N closes the city, its road W joins D's road. D + TB-G + TB-T + K,
    // nobody on it: no points; P0 takes 1 wine and 1 grain.
    expect(r.play(mv('K', 1, 0, 0), 0)).toEqual([0, 0]);
    expect(r.features().find((f) => f.kind === 'city')).toMatchObject({
      complete: true,
      tiles: ['0,-1', '0,0', '1,-1', '1,0'],
      goods: tokens(1, 1, 0),
    });
    expect(r.goods).toEqual([tokens(1, 1, 0), tokens(0, 0, 0)]);
    expect(r.finalScore().final.goods).toEqual([20, 0]);
  });

  it('rules-facts §e: every player tied for the most tokens of a kind scores 10; a player with none scores nothing', () => {
    const r = traders({ players: 3 });
    r.play(mv('TB-G', 0, -1, 180), 0); // grain; city S+E on D's city, nobody on it
    r.play(mv('E', 1, -1, 270), 1); // closes it: P1 takes 1 grain
    // TB-F r270 at (-1,0): grain; city W+S, its road E joins D's road.
    r.play(mv('TB-F', -1, 0, 270), 2);
    r.play(mv('E', -1, 1, 0), 0); // cap N closes TB-F's S
    r.play(mv('B', 0, 1, 0), 1);
    r.play(mv('B', 1, 1, 0), 2);
    r.play(mv('E', -2, 0, 90), 0); // cap E closes TB-F's W: P0 takes 1 grain
    expect(r.goods).toEqual([tokens(0, 1, 0), tokens(0, 1, 0), tokens(0, 0, 0)]);
    // Grain: P0 and P1 tied with 1 each, both score 10; P2 (0) nothing; wine, cloth: nobody.
    expect(r.goodsMajorities().map((m) => [m.goods, m.holders, m.awarded])).toEqual([
      ['wine', [], [0, 0, 0]],
      ['grain', [0, 1], [10, 10, 0]],
      ['cloth', [], [0, 0, 0]],
    ]);
    expect(r.finalScore().totals).toEqual([10, 10, 0]);
    // Cities still open at the end give no tokens: none here, and none taken without completion.
    expect(r.goodsTaken.map((t) => t.turn)).toEqual([1, 6]);
  });

  it("papageek Builders: the builder goes on a road or city of the tile just placed that holds one of its owner's meeples", () => {
    const r = traders();
    r.play(mv('U', 1, 0, 0, 'E'), 0); // P0 thief on the road D+U
    r.play(mv('B', 0, 1, 0), 1);
    // U r0 at (2,0) extends P0's road: the builder may go on it, for P0 only (P1 has no meeple
    // there); never on a field (the builder is not a farmer).
    expect(r.builderOptions('U', 2, 0, 0, 0)).toEqual([['E', 'W']]);
    expect(r.builderOptions('U', 2, 0, 0, 1)).toEqual([]);
    expect(() => r.play(builder('U', 2, 0, 0, 'N'), 0)).toThrow(/builder may not stand on a field/);
    expect(() => r.play(builder('U', 2, 0, 0, 'E'), 1)).toThrow(/must join a road holding a meeple of player 1/);
    // A r0 at (1,1): its road (S) does not reach P0's thief; a cloister never takes a builder.
    expect(r.builderOptions('A', 1, 1, 0, 0)).toEqual([]);
    expect(() => r.play(builder('A', 1, 1, 0, 'S'), 0)).toThrow(/must join a road holding a meeple of player 0/);
    expect(() => r.play(builder('A', 1, 1, 0, 'C'), 0)).toThrow(/builder may not stand on a cloister/);
    expect(r.play(builder('U', 2, 0, 0, 'W'), 0)).toEqual([0, 0]);
    expect([r.builders, r.supply, r.figures()]).toEqual([
      [0, 1],
      [6, 7],
      [
        { owner: 0, kind: 'follower', x: 1, y: 0, at: 'E', feature: 'road' },
        { owner: 0, kind: 'builder', x: 2, y: 0, at: 'E', feature: 'road' },
      ],
    ]);
    // A builder deployed with the tile extending its road gives no second tile (it was not there
    // when the tile was placed).
    expect([r.builderTurn, r.nextPlayer]).toEqual([false, 1]);
    // One builder a player.
    expect(r.builderOptions('U', 3, 0, 0, 0)).toEqual([]);
    expect(() => r.play(builder('U', 3, 0, 0, 'E'), 0)).toThrow(/no builder in supply/);
  });

  it("rules-facts §e: extending the builder's road gives a second tile at once; the second tile gives no third", () => {
    const r = traders();
    r.play(mv('U', 1, 0, 0, 'E'), 0); // P0 thief on the road D+U
    r.play(mv('B', 0, 1, 0), 1);
    r.play(builder('U', 2, 0, 0, 'W'), 0);
    // P1 extends P0's road: nothing for P0 (or P1).
    r.play(mv('U', -1, 0, 0), 1);
    expect([r.builderTurn, r.nextPlayer]).toEqual([false, 0]);
    // P0 extends it: a second tile for P0.
    r.play(mv('U', 3, 0, 0), 0);
    expect([r.builderTurn, r.nextPlayer, r.secondTiles]).toEqual([true, 0, [{ turn: 4, player: 0, builderReturned: false }]]);
    expect(() => r.play(mv('U', 4, 0, 0), 1)).toThrow(/player 0 plays the builder's second tile/);
    // The second tile extends the road again: no third tile; P1 is next.
    r.play(mv('U', 4, 0, 0), 0);
    expect([r.builderTurn, r.nextPlayer, r.noThirdTile, r.secondTiles.length]).toEqual([false, 1, [5], 1]);
    // As long as the road stays open the builder works again on a later turn (§e).
    r.play(mv('B', 1, 1, 0), 1);
    r.play(mv('U', 5, 0, 0), 0);
    expect([r.builderTurn, r.nextPlayer, r.secondTiles.map((t) => t.turn)]).toEqual([true, 0, [4, 7]]);
    expect(r.placements.map((p) => p.player)).toEqual([null, 0, 1, 0, 1, 0, 0, 1, 0]);
  });

  it('papageek Builders: the builder counts for no majority, goes home with its feature and gives the second tile', () => {
    const r = traders();
    // The road of 9 tiles from 'road and cloister' above: P0's thief on U (1,0), P1's on A (1,-1).
    r.play(mv('U', 1, 0, 0, 'E'), 0);
    r.play(mv('A', 1, -1, 270, 'E'), 1);
    r.play(mv('A', 1, 1, 90), 0);
    r.play(mv('V', 2, -1, 0), 1);
    // V r90 at (2,0) joins P1's road to P0's; P0's builder on it (the road holds P0's thief).
    expect(r.builderOptions('V', 2, 0, 90, 0)).toEqual([['N', 'W']]);
    r.play(builder('V', 2, 0, 90, 'N'), 0);
    // 7 tiles, open at (-1,0)'s... at the end now: P0 1 (thief; the builder weighs 0) against P1
    // 1: a tie, 5 tiles each (A V V U D).
    expect(r.finalScore().final.road).toEqual([5, 5]);
    r.play(mv('V', -1, 0, 270), 1); // extends it (P1 has no builder)
    expect([r.builderTurn, r.nextPlayer]).toEqual([false, 0]);
    r.play(mv('V', -1, 1, 180), 0); // P0 extends it: a second tile
    expect([r.builderTurn, r.nextPlayer]).toEqual([true, 0]);
    // U at (0,1) closes the road at both cloisters: 9 tiles, P0 1 against P1 1: 9 each. Both
    // thieves and the builder go home; no third tile.
    expect(r.play(mv('U', 0, 1, 0), 0)).toEqual([9, 9]);
    expect([r.builders, r.supply, r.figures(), r.builderTurn, r.nextPlayer]).toEqual([[1, 1], [7, 7], [], false, 1]);
    const last = r.majorities().at(-1);
    expect(last).toEqual({
      phase: 'play',
      kind: 'road',
      figures: [
        { owner: 0, kind: 'follower' },
        { owner: 1, kind: 'follower' },
        { owner: 0, kind: 'builder' },
      ],
      holders: [0, 1],
    });
  });

  it('papageek Builders: several builders may share a road; each gives a second tile to its own player only', () => {
    const r = traders();
    // The road of 9 tiles again: P0's builder joins it with V r90 at (2,0), as above.
    r.play(mv('U', 1, 0, 0, 'E'), 0);
    r.play(mv('A', 1, -1, 270, 'E'), 1);
    r.play(mv('A', 1, 1, 90), 0);
    r.play(mv('V', 2, -1, 0), 1);
    r.play(builder('V', 2, 0, 90, 'N'), 0);
    // V r270 at (-1,0) extends it for P1, whose thief is on it: P1's builder may join P0's.
    expect(r.builderOptions('V', -1, 0, 270, 1)).toEqual([['E', 'S']]);
    r.play(builder('V', -1, 0, 270, 'E'), 1);
    expect([r.builders, r.builderTurn, r.nextPlayer]).toEqual([[0, 0], false, 0]);
    // P0 extends the road: P0's builder gives P0 a second tile; P1's builder gives nothing.
    r.play(mv('V', -1, 1, 180), 0);
    expect([r.builderTurn, r.nextPlayer]).toEqual([true, 0]);
    // U at (0,1) closes it: 9 tiles, 1 thief each: 9 each (the builders weigh 0). Both
    // builders go home with the thieves.
    expect(r.play(mv('U', 0, 1, 0), 0)).toEqual([9, 9]);
    expect([r.builders, r.supply, r.figures(), r.secondTiles.map((t) => t.turn), r.noThirdTile]).toEqual([[1, 1], [7, 7], [], [6], [7]]);
  });

  it("wikicarpedia Traders and Builders: the second part takes place even when the first completed the builder's road; the builder may go out again", () => {
    const r = traders();
    r.play(mv('TB-G', 0, -1, 180, 'S'), 0); // P0 knight in the city D + TB-G (grain), open at (1,-1)
    r.play(mv('B', 0, 1, 0), 1);
    r.play(mv('U', 1, 0, 0, 'E'), 0); // P0 thief on the road D+U
    r.play(mv('B', 1, 1, 0), 1);
    r.play(builder('A', 2, 0, 90, 'W'), 0); // A r90: road W ends at its cloister; the builder on it
    r.play(mv('B', 2, 1, 0), 1);
    // A r270 at (-1,0) closes the road A + D + U + A: 4 to P0; thief and builder go home. The
    // tile extended the builder's road: the second part still takes place.
    expect(r.play(mv('A', -1, 0, 270), 0)).toEqual([4, 0]);
    expect([r.builderTurn, r.nextPlayer, r.secondTiles, r.builders, r.supply]).toEqual([
      true,
      0,
      [{ turn: 6, player: 0, builderReturned: true }],
      [1, 1],
      [6, 7],
    ]);
    // The returned builder goes on the second tile: E r270 (cap W) at (1,-1) joins P0's city.
    expect(r.builderOptions('E', 1, -1, 270, 0)).toEqual([['W']]);
    // It closes the city: D + TB-G + E = 3 tiles, 6 to P0; P0 takes the grain. No third tile.
    expect(r.play(builder('E', 1, -1, 270, 'W'), 0)).toEqual([6, 0]);
    expect([r.scores, r.builders, r.supply, r.goods[0], r.builderTurn, r.nextPlayer]).toEqual([
      [10, 0],
      [1, 1],
      [7, 7],
      tokens(0, 1, 0),
      false,
      1,
    ]);
  });

  // Fields (rules-facts §a, §e): E r180 closes D's city C (nobody on it); P0's farmer on E's field
  // F1 (borders C). P1's farmer on U (1,0)'s field north of the road, F2 (with D's, borders C).
  // P0's pig on B (-1,-1), in F1. B at (1,-1) joins F1 and F2: P0 farmer + pig, P1 farmer.
  // With `p1Twice`, P1's farmer on U (0,1) south of the road, and A r90 at (2,0) (the road ends
  // at its cloister) joins that field to the others: P1 has 2 farmers there against P0's 1.
  function pigField(rule: RefRules['farmers'], p1Twice: boolean): Referee {
    const r = traders({ rules: { farmers: rule } });
    r.play(mv('E', 0, -1, 180, 'N'), 0);
    r.play(mv('U', 1, 0, 0, 'N'), 1);
    r.play(pig('B', -1, -1, 0, 'N'), 0);
    r.play(mv('B', 1, -1, 0), 1);
    if (p1Twice) {
      r.play(mv('U', 0, 1, 0, 'N'), 1);
      r.play(mv('A', 2, 0, 90), 0);
    }
    return r;
  }

  it("rules-facts §e: the pig goes on a field of the tile just placed that holds one of its owner's farmers", () => {
    const r = traders();
    r.play(mv('E', 0, -1, 180, 'N'), 0);
    r.play(mv('U', 1, 0, 0, 'N'), 1);
    // U r0 at (-1,0): its north field joins D's (P1's farmer), its south field D's (nobody).
    expect(r.pigOptions('U', -1, 0, 0, 0)).toEqual([]);
    expect(r.pigOptions('U', -1, 0, 0, 1)).toEqual([['N', 'NNW', 'NNE', 'ENE', 'WNW']]);
    expect(() => r.play(pig('U', -1, 0, 0, 'N'), 0)).toThrow(/must join a field holding a meeple of player 0/);
    expect(() => r.play(pig('U', -1, 0, 0, 'E'), 1)).toThrow(/pig may not stand on a road/);
    // B at (-1,-1): its one field joins E's (P0's farmer); not its cloister.
    expect(r.pigOptions('B', -1, -1, 0, 0)).toEqual([['N', 'E', 'S', 'W', 'NNW', 'NNE', 'ENE', 'ESE', 'SSE', 'SSW', 'WSW', 'WNW']]);
    expect(() => r.play(pig('B', -1, -1, 0, 'C'), 0)).toThrow(/pig may not stand on a cloister/);
    r.play(pig('B', -1, -1, 0, 'N'), 0);
    expect([r.pigs, r.supply, r.figures().at(-1)]).toEqual([
      [0, 1],
      [6, 6],
      { owner: 0, kind: 'pig', x: -1, y: -1, at: 'NNW', feature: 'field' },
    ]);
    expect(() => r.play(pig('B', -2, -1, 0, 'N'), 0)).toThrow(/no pig in supply/);
  });

  it("rules-facts §a / §e: the pig counts for no majority and makes its owner's cities 4 (farm-3 and farm-3-once) or 5 (city-4)", () => {
    // The field: P0 1 farmer (+ pig), P1 1 farmer: a tie; it borders one completed city, C.
    // farm-3 and farm-3-once: P0 4 (pig), P1 3. city-4: C's field gives P0 1, P1 1: both win, P0
    // 5 with the pig, P1 4. none: nothing.
    expect(pigField('farm-3', false).finalScore()).toEqual({ pigPoints: [1, 0], totals: [4, 3], final: { ...NO_FINAL, field: [4, 3] } });
    expect(pigField('farm-3-once', false).finalScore().final.field).toEqual([4, 3]);
    expect(pigField('city-4', false).finalScore().final.field).toEqual([5, 4]);
    expect(pigField('none', false).finalScore()).toEqual({ pigPoints: [0, 0], totals: [0, 0], final: NO_FINAL });
    const r = pigField('farm-3', false);
    // The field's figures in the order deployed: P0's farmer, P1's farmer, P0's pig; 1 against 1.
    expect(r.finalMajorities()).toEqual([
      {
        phase: 'final',
        kind: 'field',
        figures: [
          { owner: 0, kind: 'follower' },
          { owner: 1, kind: 'follower' },
          { owner: 0, kind: 'pig' },
        ],
        holders: [0, 1],
      },
    ]);
    // The pig stays on the board to the end.
    expect([r.pigs, r.figures().filter((f) => f.kind === 'pig').length]).toEqual([[0, 1], 1]);
  });

  it("rules-facts §a / §e: a pig without its owner's majority gives nothing", () => {
    // The field: P0 1 farmer + pig, P1 2 farmers: P1 alone scores C, 3 (city-4: 4); P0 nothing.
    expect(pigField('farm-3', true).finalScore()).toEqual({ pigPoints: [0, 0], totals: [0, 3], final: { ...NO_FINAL, field: [0, 3] } });
    expect(pigField('farm-3-once', true).finalScore().final.field).toEqual([0, 3]);
    expect(pigField('city-4', true).finalScore().final.field).toEqual([0, 4]);
  });
});

describe('random full games (self-consistency and speed)', () => {
  function rng(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
      s = (s + 0x6d2b79f5) >>> 0;
      let t = s;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  for (const [tileSet, seed] of [
    ['base', 1],
    ['base', 2],
    ['pnp-demo', 3],
  ] as const) {
    it(`${tileSet} seed ${seed}`, () => {
      const players = 3;
      const r = new Referee({ tileSet, players, rules: { farmers: 'farm-3', smallCity: 4, meeples: 7 } });
      const rand = rng(seed);
      const deck: string[] = [];
      for (const t of loadTileSet(tileSet).values()) {
        for (let i = 0; i < t.count - (t.id === 'D' ? 1 : 0); i++) deck.push(t.id);
      }
      for (let i = deck.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [deck[i], deck[j]] = [deck[j] as string, deck[i] as string];
      }
      let turn = 0;
      for (const tile of deck) {
        const player = turn % players;
        const places = r.legalPlacements(tile);
        if (places.length === 0) continue;
        const p = places[Math.floor(rand() * places.length)];
        if (!p) throw new Error('no placement');
        const opts = r.meepleOptions(tile, p.x, p.y, p.rotation, player);
        const choice = Math.floor(rand() * (opts.length + 1));
        const spots = opts[choice];
        const at = spots ? spots[Math.floor(rand() * spots.length)] : undefined;
        const before = r.scores;
        const gained = r.play(at === undefined ? mv(tile, p.x, p.y, p.rotation) : mv(tile, p.x, p.y, p.rotation, at), player);
        expect(r.scores).toEqual(before.map((s, i) => s + (gained[i] ?? 0)));
        // No completed road/city/cloister holds meeples; meeples are conserved.
        const feats = r.features();
        for (const f of feats) if (f.kind !== 'field' && f.complete) expect(f.owners).toEqual([]);
        const onBoard = new Array<number>(players).fill(0);
        for (const f of feats) for (const o of f.owners) onBoard[o] = (onBoard[o] ?? 0) + 1;
        expect(r.supply.map((s, i) => s + (onBoard[i] ?? 0))).toEqual([7, 7, 7]);
        turn++;
      }
      const fs = r.finalScore();
      const { road, city, cloister, field } = fs.final;
      expect(fs.totals).toEqual(r.scores.map((s, i) => s + road[i]! + city[i]! + cloister[i]! + field[i]!));
    });
  }

  // rules-facts §f, §g, §h: the river tiles first (shuffled), the lake last among them, then the
  // land; a tile that fits nowhere is put aside; followers, the abbot and recalls chosen at random.
  for (const [riverStartTile, seed] of [
    ['removed', 4],
    ['first-land', 5],
  ] as const) {
    it(`base with The River (${riverStartTile}) and The Abbot, seed ${seed}`, () => {
      const players = 3;
      const r = new Referee({ tileSet: 'base', players, rules: RULES, expansions: ['river', 'abbot'], riverStartTile });
      const rand = rng(seed);
      const shuffle = (a: string[]): string[] => {
        for (let i = a.length - 1; i > 0; i--) {
          const j = Math.floor(rand() * (i + 1));
          [a[i], a[j]] = [a[j] as string, a[i] as string];
        }
        return a;
      };
      const course: string[] = [];
      const land: string[] = [];
      for (const t of r.tileTypes()) {
        const pile = t.riverRole === 'course' ? course : t.riverRole === undefined ? land : null;
        for (let i = 0; i < t.count; i++) pile?.push(t.id);
      }
      const first = riverStartTile === 'first-land' ? land.splice(land.indexOf('D'), 1) : [];
      const deck = [...shuffle(course), 'RV-lake', ...first, ...shuffle(land)];
      expect(deck.length).toBe(riverStartTile === 'removed' ? 82 : 83);
      let turn = 0;
      let discarded = 0;
      for (const tile of deck) {
        const player = turn % players;
        const places = r.legalPlacements(tile);
        if (places.length === 0) {
          discarded++;
          continue;
        }
        const p = places[Math.floor(rand() * places.length)] as { x: number; y: number; rotation: 0 | 90 | 180 | 270 };
        const moves: RefMove[] = [{ tile, ...p }];
        for (const spots of r.meepleOptions(tile, p.x, p.y, p.rotation, player)) {
          moves.push({ tile, ...p, meeple: { at: spots[0] as string } });
        }
        for (const spots of r.abbotOptions(tile, p.x, p.y, p.rotation, player)) {
          moves.push({ tile, ...p, meeple: { at: spots[0] as string, kind: 'abbot' } });
        }
        if (r.canRecall(player, p.x, p.y)) moves.push({ tile, ...p, recall: 'abbot' });
        const before = r.scores;
        const gained = r.play(moves[Math.floor(rand() * moves.length)] as RefMove, player);
        expect(r.scores).toEqual(before.map((s, i) => s + (gained[i] ?? 0)));
        // Figures are conserved: 7 followers and 1 abbot each, on the board or in supply.
        const figures = r.figures();
        for (let q = 0; q < players; q++) {
          expect(r.supply[q]! + figures.filter((f) => f.owner === q && f.kind === 'follower').length).toBe(7);
          expect(r.abbots[q]! + figures.filter((f) => f.owner === q && f.kind === 'abbot').length).toBe(1);
        }
        // Nothing on the river, no follower on a garden, the abbot only on a cloister or garden.
        const allowed = (f: (typeof figures)[number]): boolean =>
          f.kind === 'abbot' ? f.feature === 'cloister' || f.feature === 'garden' : f.feature !== 'garden' && f.feature !== 'river';
        expect(figures.filter((f) => !allowed(f))).toEqual([]);
        turn++;
      }
      expect(r.river()?.end).toBeNull(); // the lake closed it
      expect(turn + discarded).toBe(deck.length);
      const fs = r.finalScore();
      const { road, city, cloister, garden, field } = fs.final;
      expect(fs.totals).toEqual(r.scores.map((s, i) => s + road[i]! + city[i]! + cloister[i]! + garden[i]! + field[i]!));
    });
  }

  // rules-facts §d: six players, the large meeple chosen at random with the followers and the
  // abbot; figures are conserved and go only where they may.
  it('base with Inns & Cathedrals and The Abbot, 6 players, seed 6', () => {
    const players = 6;
    const r = new Referee({ tileSet: 'base', players, rules: RULES, expansions: ['abbot', 'inns-cathedrals'] });
    const rand = rng(6);
    const deck: string[] = [];
    for (const t of r.tileTypes()) for (let i = 0; i < t.count - (t.id === 'D' ? 1 : 0); i++) deck.push(t.id);
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [deck[i], deck[j]] = [deck[j] as string, deck[i] as string];
    }
    expect(deck.length).toBe(72 + 18 - 1);
    let turn = 0;
    let largeDeployed = 0;
    for (const tile of deck) {
      const player = turn % players;
      const places = r.legalPlacements(tile);
      if (places.length === 0) continue;
      const p = places[Math.floor(rand() * places.length)] as { x: number; y: number; rotation: 0 | 90 | 180 | 270 };
      const moves: RefMove[] = [{ tile, ...p }];
      const followers = r.meepleOptions(tile, p.x, p.y, p.rotation, player);
      const larges = r.largeOptions(tile, p.x, p.y, p.rotation, player);
      // The large meeple may go exactly where a follower may (when both are in supply).
      if (r.supply[player]! > 0 && r.largeMeeples[player]! > 0) expect(larges).toEqual(followers);
      for (const spots of followers) moves.push({ tile, ...p, meeple: { at: spots[0] as string } });
      for (const spots of larges) moves.push({ tile, ...p, meeple: { at: spots[0] as string, kind: 'large' } });
      for (const spots of r.abbotOptions(tile, p.x, p.y, p.rotation, player)) {
        moves.push({ tile, ...p, meeple: { at: spots[0] as string, kind: 'abbot' } });
      }
      if (r.canRecall(player, p.x, p.y)) moves.push({ tile, ...p, recall: 'abbot' });
      const move = moves[Math.floor(rand() * moves.length)] as RefMove;
      if (move.meeple?.kind === 'large') largeDeployed++;
      const before = r.scores;
      const gained = r.play(move, player);
      expect(r.scores).toEqual(before.map((s, i) => s + (gained[i] ?? 0)));
      const figures = r.figures();
      for (let q = 0; q < players; q++) {
        const mine = (kind: string) => figures.filter((f) => f.owner === q && f.kind === kind).length;
        expect([r.supply[q]! + mine('follower'), r.abbots[q]! + mine('abbot'), r.largeMeeples[q]! + mine('large')]).toEqual([7, 1, 1]);
      }
      expect(figures.filter((f) => f.kind === 'large' && (f.feature === 'garden' || f.feature === 'river'))).toEqual([]);
      turn++;
    }
    expect(largeDeployed).toBeGreaterThan(0);
    const fs = r.finalScore();
    const { road, city, cloister, garden, field } = fs.final;
    expect(fs.totals).toEqual(r.scores.map((s, i) => s + road[i]! + city[i]! + cloister[i]! + garden[i]! + field[i]!));
  });

  // rules-facts §e: builders and pigs chosen whenever they may go, the builder's second tiles
  // played by the same player; figures and goods tokens are conserved, a builder always shares
  // its road or city with a meeple of its owner and a pig its field with a farmer of its owner.
  it('base with Traders & Builders, Inns & Cathedrals and The Abbot, 4 players, seed 7', () => {
    const players = 4;
    const r = new Referee({ tileSet: 'base', players, rules: RULES, expansions: ['abbot', 'inns-cathedrals', 'traders-builders'] });
    const rand = rng(7);
    const deck: string[] = [];
    for (const t of r.tileTypes()) for (let i = 0; i < t.count - (t.id === 'D' ? 1 : 0); i++) deck.push(t.id);
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [deck[i], deck[j]] = [deck[j] as string, deck[i] as string];
    }
    expect(deck.length).toBe(72 + 18 + 24 - 1);
    const deployed = { builder: 0, pig: 0 };
    for (const tile of deck) {
      const player = r.nextPlayer;
      const all = r.legalPlacements(tile);
      if (all.length === 0) continue;
      // Placements extending the road or city holding the player's builder first.
      const extending = all.filter((q) =>
        r
          .placementJoins(tile, q.x, q.y, q.rotation)
          .some((j) => (j.kind === 'road' || j.kind === 'city') && j.figures.some((f) => f.owner === player && f.kind === 'builder')),
      );
      const places = extending.length > 0 ? extending : all;
      const p = places[Math.floor(rand() * places.length)] as { x: number; y: number; rotation: 0 | 90 | 180 | 270 };
      const special: RefMove[] = [];
      const deploy = (spots: string[], kind: RefFigure): RefMove => ({ tile, ...p, meeple: { at: spots[0] as string, kind } });
      for (const spots of r.builderOptions(tile, p.x, p.y, p.rotation, player)) special.push(deploy(spots, 'builder'));
      for (const spots of r.pigOptions(tile, p.x, p.y, p.rotation, player)) special.push(deploy(spots, 'pig'));
      const moves: RefMove[] = [{ tile, ...p }];
      for (const spots of r.meepleOptions(tile, p.x, p.y, p.rotation, player)) moves.push(deploy(spots, 'follower'));
      for (const spots of r.largeOptions(tile, p.x, p.y, p.rotation, player)) moves.push(deploy(spots, 'large'));
      const pool = special.length > 0 ? special : moves;
      const move = pool[Math.floor(rand() * pool.length)] as RefMove;
      if (move.meeple?.kind === 'builder' || move.meeple?.kind === 'pig') deployed[move.meeple.kind]++;
      const before = r.scores;
      const gained = r.play(move, player);
      expect(r.scores).toEqual(before.map((s, i) => s + (gained[i] ?? 0)));
      const figures = r.figures();
      for (let q = 0; q < players; q++) {
        const mine = (kind: string) => figures.filter((f) => f.owner === q && f.kind === kind).length;
        const total = [
          r.supply[q]! + mine('follower'),
          r.largeMeeples[q]! + mine('large'),
          r.builders[q]! + mine('builder'),
          r.pigs[q]! + mine('pig'),
        ];
        expect(total).toEqual([7, 1, 1, 1]);
      }
      const features = r.features();
      r.featureFigures().forEach((figs, i) => {
        for (const f of figs) {
          if (f.kind !== 'builder' && f.kind !== 'pig') continue;
          const kind = features[i]?.kind;
          expect(f.kind === 'builder' ? kind === 'road' || kind === 'city' : kind === 'field').toBe(true);
          expect(figs.some((g) => g.owner === f.owner && (g.kind === 'follower' || g.kind === 'large'))).toBe(true);
        }
      });
      // Every token taken came from a completed city: as many as the goods of the completed cities.
      const taken = tokens(0, 0, 0);
      for (const t of r.goods) for (const g of ['wine', 'grain', 'cloth'] as const) taken[g] += t[g];
      const inCompleted = tokens(0, 0, 0);
      for (const f of features) {
        if (f.kind === 'city' && f.complete) for (const g of ['wine', 'grain', 'cloth'] as const) inCompleted[g] += f.goods[g];
      }
      expect(taken).toEqual(inCompleted);
    }
    // 20 symbols in all (9 wine, 6 grain, 5 cloth): never more tokens than that.
    const all = r.features().filter((f) => f.kind === 'city');
    expect(['wine', 'grain', 'cloth'].map((g) => all.reduce((a, f) => a + f.goods[g as 'wine'], 0))).toEqual([9, 6, 5]);
    expect(deployed.builder).toBeGreaterThan(0);
    expect(deployed.pig).toBeGreaterThan(0);
    expect(r.secondTiles.length).toBeGreaterThan(0);
    const fs = r.finalScore();
    const { road, city, cloister, garden, field, goods } = fs.final;
    expect(fs.totals).toEqual(r.scores.map((s, i) => s + road[i]! + city[i]! + cloister[i]! + garden[i]! + field[i]! + goods[i]!));
  });
});

/** The base game's bag (the start tile D on the board) with `first` on top and the rest by id. */
function baseBag(first: readonly string[]): () => string | null {
  const rest: string[] = [];
  for (const t of loadGameTiles({ tileSet: 'base' }).types.values()) {
    const n = t.count - (t.id === 'D' ? 1 : 0) - first.filter((f) => f === t.id).length;
    for (let i = 0; i < n; i++) rest.push(t.id);
  }
  const order = [...first, ...rest.sort()];
  let i = 0;
  return () => order[i++] ?? null;
}

describe('hands of tiles (house rules #3, #4; docs/rules.md, "A hand of tiles")', () => {
  it('whole hands are dealt in turn order from the first player; the turn is drawn back up from the bag', () => {
    const r = ref({ hand: { size: 2 }, firstPlayer: 1 });
    const bag = baseBag(['E', 'U', 'V', 'X', 'A']);
    r.deal(bag);
    // Player 1 moves first and gets the first hand.
    expect({ hands: r.hands, next: r.nextPlayer, left: r.tilesLeft().length }).toEqual({
      hands: [
        ['V', 'X'],
        ['E', 'U'],
      ],
      next: 1,
      // 72 tiles, D on the board, 4 in hands.
      left: 67,
    });
    // E turned 180° above D closes a city of two tiles: 4 points (no figure: nobody scores them).
    r.play(mv('E', 0, -1, 180, 'S'), 1, bag);
    expect({ hands: r.hands, next: r.nextPlayer, scores: r.scores }).toEqual({
      hands: [
        ['V', 'X'],
        ['U', 'A'],
      ],
      next: 0,
      scores: [0, 4],
    });
    expect(() => r.play(mv('U', 1, 0, 0), 0, bag)).toThrow('tile U is not in the hand of player 0 (V, X)');
  });

  it('a hand is judged whole: a tile that fits nowhere stays beside one that fits; when none fits the hand leaves', () => {
    // A table of two cells: only (1,0), east of D's road, is free. B (a cloister in a field) fits
    // nowhere; U (a straight road) fits there.
    const r = ref({ hand: { size: 2 }, table: { minX: 0, maxX: 1, minY: 0, maxY: 0 } });
    const bag = baseBag(['B', 'U', 'E', 'V', 'A']);
    r.deal(bag);
    expect(r.hands).toEqual([
      ['B', 'U'],
      ['E', 'V'],
    ]);
    expect(r.unplacedLog).toEqual([]);
    r.play(mv('U', 1, 0, 0), 0, bag);
    // The table is full. P0 drew A; P1's hand E V fits nowhere and leaves, P1 draws: the 66 tiles
    // left all leave, fitting nowhere; P1 passes. P0's hand B A fits nowhere and leaves: the end.
    expect(r.unplacedLog.slice(0, 2)).toEqual([
      { player: 1, tile: 'E', fate: 'discarded' },
      { player: 1, tile: 'V', fate: 'discarded' },
    ]);
    expect(r.unplacedLog.slice(-2)).toEqual([
      { player: 0, tile: 'B', fate: 'discarded' },
      { player: 0, tile: 'A', fate: 'discarded' },
    ]);
    expect({ unplaced: r.unplacedLog.length, passes: r.passLog, ended: r.ended, hands: r.hands, left: r.tilesLeft() }).toEqual({
      unplaced: 2 + 66 + 2,
      passes: [1],
      ended: true,
      hands: [[], []],
      left: [],
    });
  });

  it("unplaceable: 'returned': the hand that fits nowhere is set aside and goes back into the bag once the new hand is drawn", () => {
    const r = ref({ hand: { size: 2 }, unplaceable: 'returned', table: { minX: 0, maxX: 1, minY: 0, maxY: 0 } });
    // P0 holds B B; after U V (P1's hand) the bag gives A (a cloister with a road: fits), B (the
    // third: set aside too), then K (a city cap and a curving road: fits). The three B go back: all
    // four are in the bag again.
    const bag = baseBag(['B', 'B', 'U', 'V', 'A', 'B', 'K']);
    r.deal(bag);
    expect({ hands: r.hands, unplaced: r.unplacedLog, left: r.tilesLeft().filter((t) => t === 'B').length }).toEqual({
      hands: [
        ['A', 'K'],
        ['U', 'V'],
      ],
      unplaced: [
        { player: 0, tile: 'B', fate: 'returned' },
        { player: 0, tile: 'B', fate: 'returned' },
        { player: 0, tile: 'B', fate: 'returned' },
      ],
      left: 4,
    });
  });

  it("a filled hole's second tile comes from the hand, which is drawn back up after it (house rule #7)", () => {
    // The tiles of tests/scenarios/hands.test.ts, worked there.
    const r = ref({ hand: { size: 2 }, fillingHole: 'extra-turn' });
    const bag = baseBag(['U', 'B', 'U', 'B', 'B', 'E', 'B', 'X', 'V', 'A', 'K', 'L']);
    r.deal(bag);
    const turns: RefMove[] = [
      mv('U', 1, 0, 0),
      mv('U', -1, 0, 0),
      mv('B', 1, 1, 0),
      mv('B', -1, 1, 0),
      mv('B', 1, 2, 0),
      mv('E', 0, 2, 180),
    ];
    turns.forEach((m, i) => {
      r.play(m, i % 2, bag);
    });
    r.play(mv('B', 0, 1, 0), 0, bag);
    expect({ next: r.nextPlayer, extra: r.extraTurn, hands: r.hands }).toEqual({ next: 0, extra: 'hole', hands: [['V'], ['X', 'A']] });
    r.play(mv('V', 2, 0, 90), 0, bag);
    expect({ next: r.nextPlayer, extra: r.extraTurn, hands: r.hands }).toEqual({
      next: 1,
      extra: null,
      hands: [
        ['K', 'L'],
        ['X', 'A'],
      ],
    });
  });
});
