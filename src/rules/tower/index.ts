import { K_CITY, K_CLOISTER, K_FIELD, K_MODULE, K_ROAD, type Kernel, type KernelEvent } from '../../kernel/index.js';
import { SPOTS } from '../../core/geometry.js';
import { actionCode, moveFields, moveFigure, moveTarget, stepCode } from '../../core/move-code.js';
import type { ModuleContext, ModuleDocs, RuleModule, SlotShape, TileDraft } from '../module.js';
import { FOUNDATION, towerTiles } from './tiles.js';
import { towerApi } from './api.js';

// The Tower (rules: wikicarpedia, The Tower; the C2 rules as transcribed at papageek.com/car/Tower.htm;
// JCloisterZone's TowerCapability, TowerCapturePhase and PayRansom agree with them):
// - every tile of the expansion has a tower foundation;
// - instead of deploying on the tile just placed, a player may put a tower floor on any foundation
//   or open tower of the board, or close an open tower of at least one floor with a follower (a
//   follower or large meeple: the abbot stands only on cloisters and gardens);
// - after a floor, the player may capture one follower (any player's, their own included: it
//   goes back to the supply) standing on a tile in line with the tower within its height, empty
//   cells and other towers no obstacle, followers on towers included; builders and pigs are not
//   followers, and go back when their owner has no follower left on their feature;
// - a prisoner whose owner holds one of the capturer's is exchanged at once (the capturer chooses
//   which of theirs comes back when those held are of several kinds);
// - once a turn, a player with 3 points may buy a follower of theirs back for 3 points, paid to
//   the player who holds it (JCloisterZone asks for the 3 points, so that no score falls below 0);
// - the capture comes before the scoring of what the tile completes; towers, floors and
//   prisoners score nothing at the end.

/** Floors each player starts with, by the number of players (the rulebook; JCloisterZone for 1 and 7). */
export const FLOORS: readonly number[] = [0, 10, 10, 9, 7, 6, 5, 4];

/** The ransom of a prisoner, paid to whoever holds it. */
export const RANSOM = 3;

// Module state words, from ctx.slot.
const S_RANSOM = 0; // 1 once the current player paid a ransom this turn
const S_TOWERS = 1; // towers on the board (tiles with a foundation)
const S_BUILT = 2; // during the capture step: the tower just built
const S_EXCHANGE = 3; // during the exchange step: 1 + owner × 32 + kind of the follower just captured
const S_TOWER = 4; // per tower j, 3 words: its placement, its floors, its top (0, or 1 + owner × 32 + kind)

/** Tiles with a foundation in a game's set: its tower count at most. */
function mostTowers(tables: SlotShape['tables']): number {
  let n = 0;
  for (let t = 0; t < tables.types; t++) if (tables.defs[t]?.marks?.includes(FOUNDATION) === true) n += tables.count[t] as number;
  return n;
}

/**
 * The Tower: 18 tiles with tower foundations, 30 tower floors shared among the players, capturing
 * followers from the towers, prisoners, exchanges and ransoms.
 */
export const tower = {
  name: 'tower',
  title: 'The Tower',
  figures: [
    {
      name: 'floor',
      supplyKey: 'floors',
      word: 'tower floor',
      places: 'only on a tower foundation or an open tower, anywhere on the board',
      perPlayer: FLOORS,
      weight: 0,
      stands: [],
      joins: 'free',
      bot: { weight: 0.4 },
    },
  ],
  tiles: {
    add(draft: TileDraft): void {
      for (const [def, n] of towerTiles()) draft.land.set(def.id, (draft.land.get(def.id) ?? 0) + n);
    },
  },
  slots: (shape: SlotShape) => S_TOWER + 3 * mostTowers(shape.tables) + 64 * shape.kinds,
  action: 'tower',
  steps: [{ name: 'capture' }, { name: 'exchange' }, { name: 'ransom', free: true }],
  lines: ['ransom'],
  hooks(ctx: ModuleContext) {
    const base = ctx.slot;
    const most = mostTowers(ctx.tables);
    const prison = base + S_TOWER + 3 * most;
    const floor = ctx.figure('floor');
    const capture = ctx.step('capture');
    const exchange = ctx.step('exchange');
    const ransom = ctx.step('ransom');
    const isTower = Uint8Array.from({ length: ctx.tables.types }, (_, t) =>
      ctx.tables.defs[t]?.marks?.includes(FOUNDATION) === true ? 1 : 0,
    );
    const event = (log: KernelEvent[] | null, name: number, values: number[]) => {
      if (log !== null) log.push({ type: 'module', module: ctx.index, name, values });
    };
    const count = (k: Kernel) => k.slots[base + S_TOWERS] as number;
    const at = (j: number) => base + S_TOWER + 3 * j;
    /** The follower kinds that close a tower: the figures that stand on roads, cities, cloisters and fields alike. */
    const closers = (k: Kernel): number => {
      const F = k.rules.ruleset.figures;
      const all = (1 << K_ROAD) | (1 << K_CITY) | (1 << K_CLOISTER) | (1 << K_FIELD);
      let mask = 0;
      for (let f = 0; f < F.kinds; f++) if ((F.weight[f] as number) > 0 && ((F.stands[f] as number) & all) === all) mask |= 1 << f;
      return mask;
    };
    const held = (jailer: number, owner: number, kind: number, kinds: number) => prison + (jailer * 8 + owner) * kinds + kind;
    const towerOf = (k: Kernel, p: number): number => {
      for (let j = 0; j < count(k); j++) if (k.slots[at(j)] === p) return j;
      return -1;
    };
    /** Whether the tile of placement p lies in line with tower j within its height. */
    const inRange = (k: Kernel, j: number, p: number): boolean => {
      const tp = k.slots[at(j)] as number;
      const h = k.slots[at(j) + 1] as number;
      const dx = (k.pX[p] as number) - (k.pX[tp] as number);
      const dy = (k.pY[p] as number) - (k.pY[tp] as number);
      return (dx === 0 && Math.abs(dy) <= h) || (dy === 0 && Math.abs(dx) <= h);
    };
    /** Writes the capture step's codes for the tower just built into out from n: each follower in range, then nobody (fields 0). */
    const captures = (k: Kernel, out: Int32Array, n: number): number => {
      const j = k.slots[base + S_BUILT] as number;
      const F = k.rules.ruleset.figures;
      for (let i = 0; i < k.nMeeples; i++) {
        if ((F.weight[k.mKind[i] as number] as number) === 0) continue;
        const s = k.mSeg[i] as number;
        const p = k.segmentTile(s);
        if (!inRange(k, j, p)) continue;
        out[n++] = stepCode(capture, p + 1 + ((spotIndexOf(k, s) + 1) << 13));
      }
      for (let o = 0; o < count(k); o++) {
        const top = k.slots[at(o) + 2] as number;
        if (top !== 0 && inRange(k, j, k.slots[at(o)] as number)) out[n++] = stepCode(capture, (k.slots[at(o)] as number) + 1);
      }
      return n;
    };
    // The capture step's moves, to know whether it is played (allocated once per game combination).
    const tried = new Int32Array(512 + most);
    return {
      words: towerApi({ action: ctx.action, capture, exchange, ransom, floor, held, towerOf, count, at, paid: base + S_RANSOM, closers }),
      placed(k: Kernel, p: number): void {
        if (isTower[k.pType[p] as number] === 0) return;
        const j = count(k);
        k.setSlot(at(j), p);
        k.setSlot(at(j) + 1, 0);
        k.setSlot(at(j) + 2, 0);
        k.setSlot(base + S_TOWERS, j + 1);
      },
      turnPassed(k: Kernel): void {
        if (k.slots[base + S_RANSOM] !== 0) k.setSlot(base + S_RANSOM, 0);
      },
      action: {
        most: most * (1 + 8),
        list(k: Kernel, out: Int32Array, n: number, enough: number): number {
          const me = k.current;
          const floors = k.inSupply(me, floor);
          const close = closers(k);
          for (let j = 0; j < count(k); j++) {
            if (k.slots[at(j) + 2] !== 0) continue;
            const p = k.slots[at(j)] as number;
            if (floors > 0) {
              out[n++] = actionCode(ctx.action, floor, -1, p);
              if (n === enough) return n;
            }
            if ((k.slots[at(j) + 1] as number) === 0) continue;
            for (let b = close; b !== 0; b &= b - 1) {
              const f = 31 - Math.clz32(b & -b);
              if (k.inSupply(me, f) === 0) continue;
              out[n++] = actionCode(ctx.action, f, -1, p);
              if (n === enough) return n;
            }
          }
          return n;
        },
        may(k: Kernel): boolean {
          // The tile about to be placed may bring a foundation: any floor in supply may be built.
          return k.inSupply(k.current, floor) > 0 || count(k) > 0;
        },
        play(k: Kernel, code: number, log: KernelEvent[] | null): void {
          const me = k.current;
          const f = moveFigure(code);
          const j = towerOf(k, moveTarget(code));
          k.setSupply(me, f, k.inSupply(me, f) - 1);
          if (f !== floor) {
            // A follower closes the tower: no floor goes on it any more, unless it is captured.
            k.setSlot(at(j) + 2, 1 + me * 32 + f);
            event(log, 1, [me, f, moveTarget(code)]);
            return;
          }
          const height = (k.slots[at(j) + 1] as number) + 1;
          k.setSlot(at(j) + 1, height);
          event(log, 0, [me, moveTarget(code), height]);
          k.setSlot(base + S_BUILT, j);
          // The capture step, when some follower stands within reach (the pass is then one of its moves).
          if (captures(k, tried, 0) > 0) k.openStep(capture);
        },
      },
      steps: [
        {
          most: 512 + most,
          list(k: Kernel, out: Int32Array, n: number): number {
            out[n++] = stepCode(capture, 0);
            return captures(k, out, n);
          },
          play(k: Kernel, code: number, log: KernelEvent[] | null): void {
            const fields = moveFields(code);
            if (fields === 0) return;
            const me = k.current;
            const p = (fields & 0x1fff) - 1;
            const onTower = fields >>> 13 === 0;
            let owner: number;
            let kind: number;
            if (onTower) {
              const j = towerOf(k, p);
              const top = (k.slots[at(j) + 2] as number) - 1;
              owner = top >> 5;
              kind = top & 31;
              k.setSlot(at(j) + 2, 0);
              if (owner === me) k.setSupply(me, kind, k.inSupply(me, kind) + 1);
            } else {
              const F = k.rules.ruleset.figures;
              let i = 0;
              while (i < k.nMeeples && !((F.weight[k.mKind[i] as number] as number) > 0 && k.segmentTile(k.mSeg[i] as number) === p)) i++;
              owner = k.mOwner[i] as number;
              kind = k.mKind[i] as number;
              event(log, 2, [me, owner, kind, p, spotIndexOf(k, k.mSeg[i] as number)]);
              k.takeFigure(i, owner === me, log);
            }
            if (onTower) event(log, 2, [me, owner, kind, p, -1]);
            if (owner === me) return;
            const kinds = k.rules.ruleset.figures.kinds;
            k.setSlot(held(me, owner, kind, kinds), (k.slots[held(me, owner, kind, kinds)] as number) + 1);
            // Exchanged at once when the owner holds followers of the capturer (a choice when of several kinds).
            let mine = 0;
            for (let f = 0; f < kinds; f++) if ((k.slots[held(owner, me, f, kinds)] as number) > 0) mine |= 1 << f;
            if (mine === 0) return;
            if ((mine & (mine - 1)) === 0) {
              exchangeFor(k, owner, kind, 31 - Math.clz32(mine), log);
              return;
            }
            k.setSlot(base + S_EXCHANGE, 1 + owner * 32 + kind);
            k.openStep(exchange);
          },
        },
        {
          most: 32,
          list(k: Kernel, out: Int32Array, n: number): number {
            const owner = ((k.slots[base + S_EXCHANGE] as number) - 1) >> 5;
            const kinds = k.rules.ruleset.figures.kinds;
            for (let f = 0; f < kinds; f++) if ((k.slots[held(owner, k.current, f, kinds)] as number) > 0) out[n++] = stepCode(exchange, f);
            return n;
          },
          play(k: Kernel, code: number, log: KernelEvent[] | null): void {
            const pending = (k.slots[base + S_EXCHANGE] as number) - 1;
            k.setSlot(base + S_EXCHANGE, 0);
            exchangeFor(k, pending >> 5, pending & 31, moveFields(code), log);
          },
        },
        {
          most: 64,
          list(k: Kernel, out: Int32Array, n: number): number {
            const me = k.current;
            if (k.slots[base + S_RANSOM] !== 0 || (k.score[me] as number) < RANSOM) return n;
            const kinds = k.rules.ruleset.figures.kinds;
            for (let jailer = 0; jailer < k.players; jailer++) {
              if (jailer === me) continue;
              for (let f = 0; f < kinds; f++)
                if ((k.slots[held(jailer, me, f, kinds)] as number) > 0) out[n++] = stepCode(ransom, jailer | (f << 3));
            }
            return n;
          },
          play(k: Kernel, code: number, log: KernelEvent[] | null): void {
            const me = k.current;
            const jailer = moveFields(code) & 7;
            const f = moveFields(code) >>> 3;
            const kinds = k.rules.ruleset.figures.kinds;
            k.setSlot(held(jailer, me, f, kinds), (k.slots[held(jailer, me, f, kinds)] as number) - 1);
            k.setSupply(me, f, k.inSupply(me, f) + 1);
            k.setScore(me, (k.score[me] as number) - RANSOM);
            k.setScore(jailer, (k.score[jailer] as number) + RANSOM);
            k.setSlot(base + S_RANSOM, 1);
            if (log !== null) {
              const awarded = Array.from({ length: k.players }, (_, pl) => (pl === me ? -RANSOM : pl === jailer ? RANSOM : 0));
              log.push({
                type: 'scored',
                score: {
                  final: false,
                  turn: k.turn,
                  kind: K_MODULE,
                  ref: { x: me, y: jailer, spot: ctx.line('ransom') },
                  complete: true,
                  tiles: [],
                  pennants: 0,
                  attrs: [f, 0],
                  neighbours: 0,
                  strengths: awarded.map(() => 0),
                  holders: [jailer],
                  points: RANSOM,
                  awarded,
                  recall: -1,
                },
              });
            }
          },
        },
      ],
    };

    /** The just-captured follower (owner's, of `captured` kind) goes back to its owner, and the capturer's of kind `mine` comes back from them. */
    function exchangeFor(k: Kernel, owner: number, captured: number, mine: number, log: KernelEvent[] | null): void {
      const me = k.current;
      const kinds = k.rules.ruleset.figures.kinds;
      k.setSlot(held(me, owner, captured, kinds), (k.slots[held(me, owner, captured, kinds)] as number) - 1);
      k.setSupply(owner, captured, k.inSupply(owner, captured) + 1);
      k.setSlot(held(owner, me, mine, kinds), (k.slots[held(owner, me, mine, kinds)] as number) - 1);
      k.setSupply(me, mine, k.inSupply(me, mine) + 1);
      event(log, 3, [me, owner, mine, captured]);
    }
  },
} as const satisfies RuleModule;

/** The spot index (in SPOTS) of segment s's feature on its tile, as the kernel names it. */
function spotIndexOf(k: Kernel, s: number): number {
  return SPOTS.indexOf(k.spotOf(s).at);
}

/** Words for the documentation of the public types (see ModuleDocs): not part of the module. */
export const docs = {
  about: '18 tiles with tower foundations, tower floors, capturing followers from the towers, prisoners and ransoms',
  figures: {
    floor: {
      about:
        "The Tower's floors (10 per player with 2 players, 9 with 3, 7 with 4, 6 with 5, 5 with 6): instead of deploying, put one on any tower foundation or open tower of the board",
      supply: "Tower floors in the player's supply (0 without The Tower).",
    },
  },
  state: {
    type: 'TowerState',
    about:
      'every tower with its floors and the follower closing it, the prisoners each player holds, and whether the player to move paid a ransom this turn',
  },
} satisfies ModuleDocs;
