/** Hashes a seed (number or string) to a 32-bit integer (cyrb53, folded). */
export function hashSeed(seed: number | string): number {
  const text = typeof seed === 'number' ? `n:${seed}` : `s:${seed}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/**
 * mulberry32: a small, fast 32-bit PRNG. Returns a function giving integers in [0, 2^32), divided
 * by `unit` (2^32 gives numbers in [0, 1) in one call).
 */
export function mulberry32(seed: number, unit = 1): () => number {
  // The state lives in a typed array: a 32-bit number kept in a closure's variable leaves V8's
  // small integers three times in four, and is then written to a new heap number at every call.
  // As an int32 it has the same bits, so the same numbers come out.
  const state = new Int32Array(1);
  state[0] = seed;
  return () => {
    const a = ((state[0] as number) + 0x6d2b79f5) | 0;
    state[0] = a;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / unit;
  };
}

/**
 * The source of random numbers a game's rule modules draw from at its start (e.g. who moves
 * first): from the seed, apart from the bag's shuffle, so that it changes no bag.
 */
export function startRandom(seed: number | string): () => number {
  return mulberry32((hashSeed(seed) ^ 0x9e3779b9) >>> 0);
}

/** Fisher–Yates shuffle in place, driven by `next` (uniform 32-bit integers). */
export function shuffleInPlace<T>(items: T[], next: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
  return items;
}
