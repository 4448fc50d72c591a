/**
 * Whether `JSON.stringify(a) === JSON.stringify(b)`, without writing either: for plain data (no
 * `toJSON`, no cycles, no BigInt), as the checks of saved states compare what a state records with
 * what a replay gives. Key order counts, as in the text; `undefined`, functions and symbols are
 * left out of objects and written `null` in lists; numbers that are not finite are `null`.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const x = typeof a === 'number' && !Number.isFinite(a) ? null : a;
  const y = typeof b === 'number' && !Number.isFinite(b) ? null : b;
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return unwritten(x) && unwritten(y);
  if (Array.isArray(x) || Array.isArray(y)) {
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!sameJson(inList(x[i]), inList(y[i]))) return false;
    return true;
  }
  const p = x as Record<string, unknown>;
  const q = y as Record<string, unknown>;
  const kp = Object.keys(p);
  const kq = Object.keys(q);
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < kp.length && unwritten(p[kp[i] as string])) i++;
    while (j < kq.length && unwritten(q[kq[j] as string])) j++;
    if (i === kp.length || j === kq.length) return i === kp.length && j === kq.length;
    const key = kp[i++] as string;
    if (key !== kq[j++] || !sameJson(p[key], q[key])) return false;
  }
}

/** A value JSON leaves out of an object (and writes nothing for on its own). */
const unwritten = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** A list element as JSON writes it: `null` for what it leaves out of an object. */
const inList = (v: unknown): unknown => (unwritten(v) ? null : v);
