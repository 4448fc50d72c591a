import type { Kernel } from './kernel.js';

// Every array of a kernel lives in one ArrayBuffer, so that a clone is a single copy. This file
// lays the arrays out and points a kernel's fields at them.

type ArrayCtor =
  | Uint8ArrayConstructor
  | Int8ArrayConstructor
  | Uint16ArrayConstructor
  | Int16ArrayConstructor
  | Uint32ArrayConstructor
  | Int32ArrayConstructor;

/** The most steps a turn has: the tile, then its action. */

/** The names of the arrays in a kernel's buffer. */
type ArrayName =
  | 'cellKey'
  | 'cell'
  | 'pType'
  | 'pRot'
  | 'pX'
  | 'pY'
  | 'segBase'
  | 'pSlot'
  | 'front'
  | 'frontX'
  | 'frontY'
  | 'frontDemand'
  | 'frontNb'
  | 'nbSlot'
  | 'around'
  | 'pOpen'
  | 'parent'
  | 'size'
  | 'kind'
  | 'open'
  | 'pennants'
  | 'attr'
  | 'occupied'
  | 'owners'
  | 'next'
  | 'segTile'
  | 'segLocal'
  | 'mSeg'
  | 'mOwner'
  | 'mKind'
  | 'held'
  | 'sole'
  | 'score'
  | 'supply'
  | 'tokens'
  | 'slots'
  | 'nTile'
  | 'nBeside'
  | 'bag'
  | 'discarded'
  | 'hands'
  | 'handLen'
  | 'moveLog'
  | 'moveLogTile'
  | 'near';

/** A number for each array of the kernel's buffer: its byte offset, or its length. */
type Places = Readonly<Record<ArrayName, number>>;

/** Where each array lives in a kernel's buffer, and its length. */
export interface Layout {
  readonly at: Places;
  readonly lengths: Places;
  readonly bytes: number;
}

/** The sizes a layout is made from (see Kernel.create). */
export interface Bounds {
  readonly players: number;
  readonly kinds: number;
  /** Tiles in the set, frontier cells, feature segments and figures a game can have. */
  readonly capacity: number;
  readonly frontier: number;
  readonly segments: number;
  readonly figures: number;
  /** Slots of the board's hash table, tokens and module state words, tiles in a hand. */
  readonly cells: number;
  readonly tokens: number;
  readonly slots: number;
  /** Figures without an owner. */
  readonly neutrals: number;
  readonly handSize: number;
  /** Steps a turn may have: the tile, its action, and the active modules' steps. */
  readonly steps: number;
}

/** The arrays of a kernel and their lengths, each aligned to 8 bytes in one buffer. */
export function layOut(b: Bounds): Layout {
  const { capacity, frontier, segments: segs, figures, players } = b;
  const arrays: [name: ArrayName, ctor: ArrayCtor, length: number][] = [
    ['cellKey', Int32Array, b.cells],
    ['cell', Uint16Array, b.cells],
    ['pType', Uint16Array, capacity],
    ['pRot', Uint8Array, capacity],
    ['pX', Int16Array, capacity],
    ['pY', Int16Array, capacity],
    ['segBase', Int16Array, capacity],
    ['pSlot', Int32Array, capacity],
    ['front', Int32Array, frontier],
    ['frontX', Int16Array, frontier],
    ['frontY', Int16Array, frontier],
    ['frontDemand', Uint16Array, frontier],
    ['frontNb', Int16Array, frontier * 4],
    ['nbSlot', Int32Array, capacity * 4],
    ['around', Uint8Array, capacity],
    ['pOpen', Uint8Array, capacity],
    ['parent', Int16Array, segs],
    ['size', Int16Array, segs],
    ['kind', Uint8Array, segs],
    ['open', Int16Array, segs],
    ['pennants', Int16Array, segs],
    ['attr', Int32Array, 2 * segs],
    ['occupied', Uint8Array, segs],
    ['owners', Uint8Array, segs],
    ['next', Int16Array, segs],
    ['segTile', Int16Array, segs],
    ['segLocal', Uint8Array, segs],
    ['mSeg', Int16Array, figures],
    ['mOwner', Uint8Array, figures],
    ['mKind', Uint8Array, figures],
    ['held', Int16Array, players * 8],
    ['sole', Int16Array, players * b.kinds],
    ['score', Int32Array, players],
    ['supply', Int16Array, players * b.kinds],
    ['tokens', Int16Array, players * b.tokens],
    ['slots', Int32Array, b.slots],
    // Where each figure without an owner stands: a placement, and the figure it stands beside (-1: none).
    ['nTile', Int16Array, b.neutrals],
    ['nBeside', Int16Array, b.neutrals],
    ['bag', Uint16Array, capacity],
    ['discarded', Uint16Array, capacity],
    ['hands', Uint16Array, players * Math.max(1, b.handSize)],
    ['handLen', Uint8Array, players],
    // The steps of every turn: a tile step and an action step a tile at most.
    ['moveLog', Int32Array, capacity * b.steps],
    ['moveLogTile', Uint16Array, capacity * b.steps],
    // The tiles of the 3 × 3 cells around the tile just placed, and how many: scored at the end of its turn.
    ['near', Int16Array, 10],
  ];
  let bytes = 0;
  const at: Record<string, number> = {};
  const lengths: Record<string, number> = {};
  for (const [name, ctor, length] of arrays) {
    bytes = Math.ceil(bytes / 8) * 8;
    at[name] = bytes;
    lengths[name] = length;
    bytes += length * ctor.BYTES_PER_ELEMENT;
  }
  return { at: at as Places, lengths: lengths as Places, bytes };
}

/** Points every array field of `k` at its slice of buffer `b`: one named store each, no loop over names (a clone's cost). */
export function attach(k: Kernel, b: ArrayBuffer): void {
  const { at, lengths: n } = k.layout;
  k.buffer = b;
  k.bytes = new Uint8Array(b);
  k.cellKey = new Int32Array(b, at.cellKey, n.cellKey);
  k.cell = new Uint16Array(b, at.cell, n.cell);
  k.pType = new Uint16Array(b, at.pType, n.pType);
  k.pRot = new Uint8Array(b, at.pRot, n.pRot);
  k.pX = new Int16Array(b, at.pX, n.pX);
  k.pY = new Int16Array(b, at.pY, n.pY);
  k.segBase = new Int16Array(b, at.segBase, n.segBase);
  k.pSlot = new Int32Array(b, at.pSlot, n.pSlot);
  k.front = new Int32Array(b, at.front, n.front);
  k.frontX = new Int16Array(b, at.frontX, n.frontX);
  k.frontY = new Int16Array(b, at.frontY, n.frontY);
  k.frontDemand = new Uint16Array(b, at.frontDemand, n.frontDemand);
  k.frontNb = new Int16Array(b, at.frontNb, n.frontNb);
  k.nbSlot = new Int32Array(b, at.nbSlot, n.nbSlot);
  k.around = new Uint8Array(b, at.around, n.around);
  k.pOpen = new Uint8Array(b, at.pOpen, n.pOpen);
  k.parent = new Int16Array(b, at.parent, n.parent);
  k.size = new Int16Array(b, at.size, n.size);
  k.kind = new Uint8Array(b, at.kind, n.kind);
  k.open = new Int16Array(b, at.open, n.open);
  k.pennants = new Int16Array(b, at.pennants, n.pennants);
  k.attr = new Int32Array(b, at.attr, n.attr);
  k.occupied = new Uint8Array(b, at.occupied, n.occupied);
  k.owners = new Uint8Array(b, at.owners, n.owners);
  k.next = new Int16Array(b, at.next, n.next);
  k.segTile = new Int16Array(b, at.segTile, n.segTile);
  k.segLocal = new Uint8Array(b, at.segLocal, n.segLocal);
  k.mSeg = new Int16Array(b, at.mSeg, n.mSeg);
  k.mOwner = new Uint8Array(b, at.mOwner, n.mOwner);
  k.mKind = new Uint8Array(b, at.mKind, n.mKind);
  k.held = new Int16Array(b, at.held, n.held);
  k.sole = new Int16Array(b, at.sole, n.sole);
  k.score = new Int32Array(b, at.score, n.score);
  k.supply = new Int16Array(b, at.supply, n.supply);
  k.tokens = new Int16Array(b, at.tokens, n.tokens);
  k.slots = new Int32Array(b, at.slots, n.slots);
  k.nTile = new Int16Array(b, at.nTile, n.nTile);
  k.nBeside = new Int16Array(b, at.nBeside, n.nBeside);
  k.bag = new Uint16Array(b, at.bag, n.bag);
  k.discarded = new Uint16Array(b, at.discarded, n.discarded);
  k.hands = new Uint16Array(b, at.hands, n.hands);
  k.handLen = new Uint8Array(b, at.handLen, n.handLen);
  k.moveLog = new Int32Array(b, at.moveLog, n.moveLog);
  k.moveLogTile = new Uint16Array(b, at.moveLogTile, n.moveLogTile);
  k.near = new Int16Array(b, at.near, n.near);
}
