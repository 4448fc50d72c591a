/** A plain object (not null, not an array). */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A whole number. */
export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** A value written for an error message; never throws (BigInt, cycles and functions included). */
export function show(v: unknown): string {
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'symbol') return v.toString();
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : String(v);
  }
}
