/** An object that is not null and not an array (never throws: a revoked Proxy is not one). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  try {
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** A whole number. */
export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * A value written for an error message: short (at most 80 characters), and made without calling a
 * getter, walking a cycle or reading more than a few properties; never throws.
 */
export function show(v: unknown): string {
  try {
    const text = write(v, 3);
    return text.length > 80 ? `${text.slice(0, 79)}…` : text;
  } catch {
    return 'a value that cannot be read';
  }
}

/** `v` as JSON-like text, `depth` levels down, at most 8 items a level. */
function write(v: unknown, depth: number): string {
  switch (typeof v) {
    case 'function':
      return 'a function';
    case 'bigint':
      return `${v}n`;
    case 'symbol':
      return v.toString();
    case 'undefined':
      return 'undefined';
    case 'string':
      return JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…` : v);
    case 'number':
      return Object.is(v, -0) ? '-0' : String(v);
    case 'boolean':
      return String(v);
  }
  if (v === null) return 'null';
  if (ArrayBuffer.isView(v)) return `a ${Object.prototype.toString.call(v).slice(8, -1)}`;
  const list = Array.isArray(v);
  if (depth === 0) return list ? 'a list' : 'an object';
  const keys = Reflect.ownKeys(v as object).filter((k): k is string => typeof k === 'string' && !(list && k === 'length'));
  const items = keys.slice(0, 8).map((k) => {
    const d = Object.getOwnPropertyDescriptor(v, k);
    const value = d === undefined || !('value' in d) ? 'a getter' : write(d.value, depth - 1);
    return list ? value : `${JSON.stringify(k)}:${value}`;
  });
  if (keys.length > 8) items.push('…');
  return list ? `[${items.join(',')}]` : `{${items.join(',')}}`;
}
