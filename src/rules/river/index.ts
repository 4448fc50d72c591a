import { DX, DY, EDGES } from '../../core/geometry.js';
import { rotateEdge } from '../../tiles/spots.js';
import { RIVER_LAKE, RIVER_SPRING, riverTiles } from './tiles.js';
import type { Kernel } from '../../kernel/index.js';
import type { ModuleContext, ModuleDocs, RuleModule, TileDraft, TileOptions } from '../module.js';

// The module's state words: whether the river has an open end, that empty cell, the edge of it
// facing the last river tile, and which way that tile turned (-1 left, 0 straight, 1 right).
const OPEN = 0;
const X = 1;
const Y = 2;
const IN = 3;
const LAST = 4;

/** Reasons a river tile is refused. */
const DETACHED = 1;
const U_TURN = 2;

/** Where a river goes on a tile: -1 turning left, 0 straight on (or ending), 1 turning right. */
export function riverTurn(inEdge: number, outEdge: number): number {
  if (outEdge < 0 || outEdge === ((inEdge + 2) & 3)) return 0;
  return outEdge === ((inEdge + 1) & 3) ? -1 : 1;
}

/**
 * The River: its 12 tiles are drawn first, from the spring (the start tile) to the lake; each must
 * continue the river from its open end and may not turn the same way twice in a row.
 */
export const river = {
  name: 'river',
  title: 'The River',
  featureKinds: [{ name: 'river', shape: 'edges' }],
  edgeKinds: [{ name: 'river', letter: 'S' }],
  slots: 5,
  options: [
    {
      key: 'riverStartTile',
      choices: ['removed', 'shuffled', 'first-land'],
    },
  ],
  errors: ['river-not-continued', 'river-u-turn'],
  tiles: {
    add(draft: TileDraft, options: TileOptions): void {
      // The kernel relies on this order: river course tiles, the lake, the spring, then the land.
      const course: string[] = [];
      for (const [def, n] of riverTiles())
        if (def.id !== RIVER_LAKE && def.id !== RIVER_SPRING) {
          draft.before.push([def.id, n]);
          course.push(def.id);
        }
      draft.before.push([RIVER_LAKE, 1], [RIVER_SPRING, 1]);
      // The river is drawn first, its course shuffled, then the lake; a spring drawn (the start
      // tile in the bag, a house rule) comes before it all: a river begins at its spring.
      draft.piles.push({ ids: course, shuffled: true }, { ids: [RIVER_LAKE], shuffled: false });
      draft.startFirst = true;
      const start = options.rules.riverStartTile;
      const land = draft.base.startTile;
      if (start === 'removed') draft.land.set(land, (draft.land.get(land) ?? 1) - 1);
      if (start === 'first-land') draft.firstLand = land;
      draft.startTile = RIVER_SPRING;
    },
  },
  hooks(ctx: ModuleContext) {
    const T = ctx.tables;
    const at = ctx.slot;
    // Per type: 1 for a river tile; [t*4+r] edges where the river runs; [(t*4+in)*3+last+1] the
    // rotations that take the river in at edge `in` without turning like the tile before.
    const applies = new Uint8Array(T.types);
    const edges = new Uint8Array(T.types * 4);
    const fits = new Uint8Array(T.types * 12);
    T.defs.forEach((def, t) => {
      const stream = def.features.find((f) => f.kind === 'river');
      if (stream?.kind !== 'river') return;
      applies[t] = 1;
      for (let q = 0; q < 4; q++) {
        let mask = 0;
        for (const e of stream.edges) mask |= 1 << EDGES.indexOf(rotateEdge(e, q));
        edges[t * 4 + q] = mask;
        for (let inEdge = 0; inEdge < 4; inEdge++) {
          if ((mask & (1 << inEdge)) === 0) continue;
          let out = -1;
          for (let d = 0; d < 4; d++) if (d !== inEdge && (mask & (1 << d)) !== 0) out = d;
          const turn = riverTurn(inEdge, out);
          // "The river may not turn in the same direction twice in a row" (an immediate U-turn),
          // rules-facts §f; a wider meander is allowed.
          for (let last = -1; last <= 1; last++) {
            if (turn !== 0 && turn === last) continue;
            const i = (t * 4 + inEdge) * 3 + last + 1;
            fits[i] = (fits[i] as number) | (1 << q);
          }
        }
      }
    });
    const atEnd = (k: Kernel, cell: number) =>
      k.slots[at + OPEN] !== 0 && k.frontierX(cell) === k.slots[at + X] && k.frontierY(cell) === k.slots[at + Y];
    const rotations = (k: Kernel, t: number) =>
      fits[(t * 4 + (k.slots[at + IN] as number)) * 3 + (k.slots[at + LAST] as number) + 1] as number;
    // The spring drawn as the first tile (the start tile in the bag) goes on the empty board in
    // any rotation; no other river tile comes before it.
    const spring = T.startType;
    const first = (k: Kernel, t: number) => k.nPlaced === 0 && t === spring;
    return {
      placement: {
        applies,
        // "Each river tile must continue the river from its open end" (rules-facts §f).
        rotations: (k: Kernel, t: number, cell: number) => (first(k, t) ? 15 : atEnd(k, cell) ? rotations(k, t) : 0),
        // Its open end, or none once the river is closed.
        cell(k: Kernel, t: number): number {
          if (first(k, t)) return -1;
          const i = k.slots[at + OPEN] === 0 ? -1 : k.frontierIndex(k.slots[at + X] as number, k.slots[at + Y] as number);
          return i < 0 ? -2 : i;
        },
        check: (k: Kernel, t: number, q: number, cell: number) =>
          first(k, t) ? 0 : !atEnd(k, cell) ? DETACHED : (rotations(k, t) & (1 << q)) === 0 ? U_TURN : 0,
        placed(k: Kernel, p: number): void {
          const mask = edges[(k.pType[p] as number) * 4 + (k.pRot[p] as number)] as number;
          const spring = p === 0;
          const inEdge = spring ? -1 : (k.slots[at + IN] as number);
          let out = -1;
          for (let d = 0; d < 4; d++) if (d !== inEdge && (mask & (1 << d)) !== 0) out = d;
          k.setSlot(at + LAST, spring ? 0 : riverTurn(inEdge, out));
          k.setSlot(at + OPEN, out >= 0 ? 1 : 0);
          if (out < 0) return;
          k.setSlot(at + X, (k.pX[p] as number) + (DX[out] as number));
          k.setSlot(at + Y, (k.pY[p] as number) + (DY[out] as number));
          k.setSlot(at + IN, (out + 2) & 3);
        },
      },
    };
  },
  explainPlacement(k: Kernel, reason: number, ctx: ModuleContext) {
    const S = k.slots;
    const tile = k.tables.ids[k.currentType] as string;
    if (reason === DETACHED) {
      const end = S[ctx.slot + OPEN] !== 0 ? `at (${S[ctx.slot + X]}, ${S[ctx.slot + Y]})` : 'nowhere: the river is closed';
      return { code: 'river-not-continued', message: `tile ${tile} has a river, which must continue the river from its open end, ${end}` };
    }
    const way = (S[ctx.slot + LAST] as number) < 0 ? 'left' : 'right';
    return { code: 'river-u-turn', message: `the last river tile turned ${way}: the river may not turn ${way} twice in a row` };
  },
} as const satisfies RuleModule;

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: '12 river tiles, drawn first from the spring',
  types: ['RiverStartTile', 'RiverDef'],
  featureKinds: {
    river:
      'a river segment along edges of its tile (one edge: the spring or the lake): nothing may stand on it, and it splits the fields on its banks',
  },
  options: {
    riverStartTile:
      "With The River, the base game's start tile (the rulebooks differ): `'removed'` from the game (default), `'shuffled'` into the land tiles, or `'first-land'`: drawn as the first tile after the lake and placed like any other tile. Recorded in every game; no effect without The River.",
  },
} satisfies ModuleDocs;
