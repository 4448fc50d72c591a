import { SPOTS, type Spot } from '../../core/geometry.js';
import { actionCode, moveAction, moveFields, moveFigure, moveStep, moveTarget, stepCode } from '../../core/move-code.js';
import type { Kernel, ScoreRecord } from '../../kernel/index.js';
import type { MeepleKind } from '../../core/vocabulary.js';
import { figuresOf } from '../declared.js';
import type { Json, ModuleApi } from '../module.js';

// The Tower's words for the pure API: its moves as objects, its part of a state, its events.
//   { type: 'tower', x, y, kind }        a floor (kind 'floor') or a follower on the tower at (x, y)
//   { type: 'capture', x, y, at }        capture the follower on tile (x, y) at spot `at` (null: on its tower)
//   { type: 'pass' }                     at the capture step: capture nobody
//   { type: 'exchange', kind }           which of your followers held by the prisoner's owner comes back
//   { type: 'ransom', jailer, kind }     buy back your follower of `kind` held by `jailer`, for 3 points

/** The Tower's part of a state (`GameState.modules.tower`), as its words write it. */
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
}

const names = () => figuresOf().map((f) => f.name);
const isInt = (v: unknown): v is number => Number.isInteger(v);

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
    line(_k, r: ScoreRecord) {
      const kind = kindName(r.attrs[0]);
      return { id: kind, note: `ransom for a ${kind}: player ${r.ref.x} pays ${r.points} points to player ${r.ref.y}` };
    },
  };
}
