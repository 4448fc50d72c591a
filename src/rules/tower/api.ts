import { SPOTS, type Spot } from '../../core/geometry.js';
import { actionCode, moveAction, moveFields, moveFigure, moveStep, moveTarget, stepCode } from '../../core/move-code.js';
import type { Kernel, ScoreRecord } from '../../kernel/index.js';
import type { MeepleKind } from '../../core/vocabulary.js';
import { figureOrder } from '../roster.js';
import type { Json, ModuleApi } from '../module.js';

// The Tower's words for the pure API: its moves as objects, its part of a state, its events.
//   { type: 'tower', x, y, kind }        a floor (kind 'floor') or a follower on the tower at (x, y)
//   { type: 'capture', x, y, at }        capture the follower on tile (x, y) at spot `at` (null: on its tower)
//   { type: 'pass' }                     at the capture step: capture nobody
//   { type: 'exchange', kind }           which of your followers held by the prisoner's owner comes back
//   { type: 'ransom', jailer, kind }     buy back your follower of `kind` held by `jailer`, for 3 points

/**
 * The Tower's part of a state (`GameState.modules.tower`), as its words write it. In a set-up
 * (`Setup.modules.tower`), `towers` lists the towers with floors or a follower on top (a foundation
 * left out has no floor), and a prisoner held or a follower on a tower is out of its owner's supply.
 */
export interface TowerState {
  /** Every tile with a tower foundation, in the order placed: its floors, and the follower closing it. */
  readonly towers: readonly {
    readonly x: number;
    readonly y: number;
    readonly floors: number;
    readonly top: { readonly owner: number; readonly kind: MeepleKind } | null;
  }[];
  /** Prisoners, by who holds them (`jailer`), whose they are and their kind. */
  readonly prisoners: readonly { readonly jailer: number; readonly owner: number; readonly kind: MeepleKind; readonly count: number }[];
  /** Whether the current player paid a ransom this turn (once a turn). */
  readonly ransomPaid: boolean;
}

/** Where The Tower keeps its state in a kernel, and its codes (see index.ts). */
export interface TowerParts {
  readonly action: number;
  readonly capture: number;
  readonly exchange: number;
  readonly ransom: number;
  readonly floor: number;
  /** The state word counting prisoners of `owner`'s `kind` held by `jailer`. */
  held(jailer: number, owner: number, kind: number, kinds: number): number;
  /** The tower on placement p, or -1. */
  towerOf(k: Kernel, p: number): number;
  /** Towers on the board. */
  count(k: Kernel): number;
  /** The first state word of tower j: its placement, floors, top. */
  at(j: number): number;
  /** The state word that says the current player paid a ransom this turn. */
  readonly paid: number;
  /** The figure kinds that close a tower (a bit each). */
  closers(k: Kernel): number;
}

/** The most floors a tower of a set-up may have: as far as a set-up board reaches. */
const MOST_FLOORS = 255;
const TOWER_KEYS = ['towers', 'prisoners', 'ransomPaid'];

const names = figureOrder;
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const an = (word: string): string => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
const kindWord = (kind: unknown): string => (kind === 'large' ? 'large meeple' : String(kind));
const show = (v: unknown): string => (v === undefined ? 'nothing' : JSON.stringify(v).slice(0, 80));

/** The Tower's API words, over its kernel state. */
export function towerApi(parts: TowerParts): ModuleApi {
  const kindCode = (kind: unknown): number => (typeof kind === 'string' ? names().indexOf(kind) : -1);
  const kindName = (f: number): string => names()[f] ?? String(f);
  const tileOf = (k: Kernel, x: unknown, y: unknown): number | string => {
    if (!isInt(x) || !isInt(y)) return 'x and y must be whole numbers';
    const p = k.tileAt(x, y);
    return p < 0 ? `(${x}, ${y}) holds no tile` : p;
  };
  return {
    read(k, m) {
      switch (m.type) {
        case 'tower': {
          const p = tileOf(k, m.x, m.y);
          if (typeof p === 'string') return p;
          if (parts.towerOf(k, p) < 0) return `the tile at (${m.x}, ${m.y}) has no tower foundation`;
          const f = kindCode(m.kind);
          if (f < 0) return `a tower move names the figure it puts on the tower: kind 'floor' or a follower, not ${JSON.stringify(m.kind)}`;
          return actionCode(parts.action, f, -1, p);
        }
        case 'capture': {
          const p = tileOf(k, m.x, m.y);
          if (typeof p === 'string') return p;
          if (m.at === null) return stepCode(parts.capture, p + 1);
          const si = typeof m.at === 'string' ? SPOTS.indexOf(m.at as Spot) : -1;
          if (si < 0)
            return `a capture names the spot of the follower on its tile (or null for the follower on its tower), not ${JSON.stringify(m.at)}`;
          // Any spot of the follower's feature on that tile names it: the listed code has the canonical one.
          const t = k.pType[p] as number;
          const local = k.spotFeature(t, k.pRot[p] as number, si);
          if (local < 0) return `the tile at (${m.x}, ${m.y}) has no spot ${m.at}`;
          const canonical = SPOTS.indexOf(k.spotOf(k.segmentOf(p, local)).at);
          return stepCode(parts.capture, p + 1 + ((canonical + 1) << 13));
        }
        case 'pass':
          return stepCode(parts.capture, 0);
        case 'exchange': {
          const f = kindCode(m.kind);
          return f < 0
            ? `an exchange names the kind of follower that comes back, not ${JSON.stringify(m.kind)}`
            : stepCode(parts.exchange, f);
        }
        case 'ransom': {
          const f = kindCode(m.kind);
          if (f < 0) return `a ransom names the kind of follower bought back, not ${JSON.stringify(m.kind)}`;
          if (!isInt(m.jailer) || m.jailer < 0 || m.jailer >= k.players)
            return `a ransom names the player who holds the prisoner (jailer), not ${JSON.stringify(m.jailer)}`;
          return stepCode(parts.ransom, m.jailer | (f << 3));
        }
        default:
          return `The Tower has no move of type ${JSON.stringify(m.type)}`;
      }
    },
    write(k, code) {
      const step = moveStep(code);
      const fields = moveFields(code);
      if (step === parts.capture) {
        if (fields === 0) return { type: 'pass' };
        const p = (fields & 0x1fff) - 1;
        const si = (fields >>> 13) - 1;
        return { type: 'capture', x: k.pX[p] as number, y: k.pY[p] as number, at: si < 0 ? null : (SPOTS[si] as Spot) };
      }
      if (step === parts.exchange) return { type: 'exchange', kind: kindName(fields) };
      if (step === parts.ransom) return { type: 'ransom', jailer: fields & 7, kind: kindName(fields >>> 3) };
      if (moveAction(code) !== parts.action) throw new Error(`not a move of The Tower: ${code}`);
      const p = moveTarget(code);
      return { type: 'tower', x: k.pX[p] as number, y: k.pY[p] as number, kind: kindName(moveFigure(code)) };
    },
    state(k) {
      const kinds = k.rules.ruleset.figures.kinds;
      const towers: Json[] = [];
      for (let j = 0; j < parts.count(k); j++) {
        const p = k.slots[parts.at(j)] as number;
        const top = (k.slots[parts.at(j) + 2] as number) - 1;
        towers.push({
          x: k.pX[p] as number,
          y: k.pY[p] as number,
          floors: k.slots[parts.at(j) + 1] as number,
          top: top < 0 ? null : { owner: top >> 5, kind: kindName(top & 31) },
        });
      }
      const prisoners: Json[] = [];
      for (let jailer = 0; jailer < k.players; jailer++)
        for (let owner = 0; owner < k.players; owner++)
          for (let f = 0; f < kinds; f++) {
            const n = k.slots[parts.held(jailer, owner, f, kinds)] as number;
            if (n > 0) prisoners.push({ jailer, owner, kind: kindName(f), count: n });
          }
      return { towers, prisoners, ransomPaid: k.slots[parts.paid] !== 0 };
    },
    position(k) {
      const part = this.state(k) as unknown as TowerState;
      const towers = part.towers.filter((t) => t.floors > 0 || t.top !== null);
      if (towers.length === 0 && part.prisoners.length === 0 && !part.ransomPaid) return null;
      return {
        ...(towers.length === 0 ? {} : { towers }),
        ...(part.prisoners.length === 0 ? {} : { prisoners: part.prisoners }),
        ...(part.ransomPaid ? { ransomPaid: true } : {}),
      } as Json;
    },
    setUp(k, part) {
      const problems: string[] = [];
      const bad = (m: string): void => {
        problems.push(m);
      };
      if (!isRecord(part)) return [`must be { towers, prisoners, ransomPaid } as a state writes it, not ${show(part)}`];
      for (const key of Object.keys(part)) if (!TOWER_KEYS.includes(key)) bad(`has no field "${key}" (fields: ${TOWER_KEYS.join(', ')})`);
      const F = k.rules.ruleset.figures;
      const close = parts.closers(k);
      const player = (v: unknown): v is number => isInt(v) && v >= 0 && v < k.players;
      // What the set-up takes from each supply, by player and kind: checked against it at the end.
      const taken = new Map<number, number>();
      const take = (owner: number, f: number, n: number) => taken.set(owner * 32 + f, (taken.get(owner * 32 + f) ?? 0) + n);
      const writes: [number, number][] = [];
      const towers = part.towers ?? [];
      if (!Array.isArray(towers)) bad(`towers must be a list of { x, y, floors, top }, not ${show(towers)}`);
      else {
        const seen = new Set<number>();
        for (const [i, t] of (towers as unknown[]).entries()) {
          const where = `towers[${i}]`;
          if (
            !isRecord(t) ||
            !isInt(t.floors) ||
            t.floors < 0 ||
            t.floors > MOST_FLOORS ||
            !(t.top === null || t.top === undefined || isRecord(t.top))
          ) {
            bad(`${where} is not a tower { x, y, floors: 0 to ${MOST_FLOORS}, top: null or { owner, kind } }: ${show(t)}`);
            continue;
          }
          const p = tileOf(k, t.x, t.y);
          if (typeof p === 'string') {
            bad(`${where}: ${p}`);
            continue;
          }
          const j = parts.towerOf(k, p);
          if (j < 0) {
            bad(`${where}: the tile at (${t.x}, ${t.y}) has no tower foundation`);
            continue;
          }
          if (seen.has(j)) {
            bad(`${where}: the tower at (${t.x}, ${t.y}) is listed twice`);
            continue;
          }
          seen.add(j);
          writes.push([parts.at(j) + 1, t.floors]);
          const top = t.top ?? null;
          if (top === null) continue;
          const f = kindCode(top.kind);
          if (!player(top.owner)) {
            bad(`${where}.top: owner ${show(top.owner)} is not a player`);
            continue;
          }
          if (f < 0 || ((close >> f) & 1) === 0) {
            const closers = names().filter((_, g) => ((close >> g) & 1) !== 0);
            bad(`${where}.top: a tower is closed by a follower (${closers.join(' or ')}), not ${show(top.kind)}`);
            continue;
          }
          if (t.floors === 0) {
            bad(`${where}.top: a tower is closed once it has a floor at least, and this one has none`);
            continue;
          }
          writes.push([parts.at(j) + 2, 1 + top.owner * 32 + f]);
          take(top.owner, f, 1);
        }
      }
      const prisoners = part.prisoners ?? [];
      if (!Array.isArray(prisoners)) bad(`prisoners must be a list of { jailer, owner, kind, count }, not ${show(prisoners)}`);
      else {
        const seen = new Set<number>();
        for (const [i, q] of (prisoners as unknown[]).entries()) {
          const where = `prisoners[${i}]`;
          if (!isRecord(q) || !player(q.jailer) || !player(q.owner) || !isInt(q.count) || q.count < 1 || q.count > 1000) {
            bad(`${where} is not a prisoner { jailer, owner: players, kind, count: 1 or more }: ${show(q)}`);
            continue;
          }
          const f = kindCode(q.kind);
          if (f < 0 || (F.weight[f] as number) === 0) {
            bad(`${where}: only followers are held prisoner, not ${show(q.kind)}`);
            continue;
          }
          if (q.jailer === q.owner) {
            bad(`${where}: a player's own follower goes back to the supply, and is never held by them`);
            continue;
          }
          const cell = parts.held(q.jailer, q.owner, f, F.kinds);
          if (seen.has(cell)) {
            bad(`${where}: player ${q.jailer} holding player ${q.owner}'s ${kindName(f)} is listed twice`);
            continue;
          }
          seen.add(cell);
          writes.push([cell, q.count]);
          take(q.owner, f, q.count);
        }
      }
      const paid = part.ransomPaid ?? false;
      if (typeof paid !== 'boolean') bad(`ransomPaid must be true or false, not ${show(paid)}`);
      else if (paid) writes.push([parts.paid, 1]);
      for (const [key, n] of taken) {
        const owner = key >> 5;
        const f = key & 31;
        if (k.inSupply(owner, f) < n)
          bad(
            `player ${owner} has ${Math.max(0, k.inSupply(owner, f))} ${kindName(f)} off the board to put on towers and in prison, not ${n}`,
          );
      }
      if (problems.length > 0) return problems;
      for (const [word, value] of writes) k.setSlot(word, value);
      for (const [key, n] of taken) k.setSupply(key >> 5, key & 31, k.inSupply(key >> 5, key & 31) - n);
      return [];
    },
    event(k, name, v) {
      const [a = 0, b = 0, c = 0, d = 0, e = 0] = v;
      switch (name) {
        case 0:
          return { name: 'floor-built', player: a, x: k.pX[b] as number, y: k.pY[b] as number, floors: c };
        case 1:
          return { name: 'tower-closed', player: a, kind: kindName(b), x: k.pX[c] as number, y: k.pY[c] as number };
        case 2:
          return {
            name: 'captured',
            player: a,
            owner: b,
            kind: kindName(c),
            x: k.pX[d] as number,
            y: k.pY[d] as number,
            at: e < 0 ? null : (SPOTS[e] as Spot),
          };
        default:
          return { name: 'exchanged', player: a, owner: b, back: kindName(c), returned: kindName(d) };
      }
    },
    say(m, step) {
      switch (m.type) {
        case 'tower':
          return m.kind === 'floor'
            ? `a tower floor on (${m.x}, ${m.y})`
            : `close the tower at (${m.x}, ${m.y}) with ${an(kindWord(m.kind))}`;
        case 'capture':
          return m.at === null
            ? `capture the follower on the tower at (${m.x}, ${m.y})`
            : `capture the follower at (${m.x}, ${m.y}) ${m.at}`;
        case 'pass':
          return step === 'capture' ? 'capture nobody' : undefined;
        case 'exchange':
          return `take your ${kindWord(m.kind)} back in the exchange`;
        case 'ransom':
          return `pay 3 points to player ${m.jailer} for your ${kindWord(m.kind)}`;
        default:
          return undefined;
      }
    },
    line(_k, r: ScoreRecord) {
      const kind = kindName(r.attrs[0]);
      return { id: kind, note: `ransom for a ${kind}: player ${r.ref.x} pays ${r.points} points to player ${r.ref.y}` };
    },
  };
}
