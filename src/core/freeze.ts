/**
 * Deep-freezes data the library has just built (plain objects and arrays of JSON values), in
 * place, and returns it. A part already frozen is a part shared with an earlier state, frozen with
 * it, and is not walked again. The library's own data only: never an input (see plain.ts).
 */
export function freezeBuilt<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) freezeBuilt(value[i]);
  } else {
    for (const key in value) freezeBuilt((value as Record<string, unknown>)[key]);
  }
  return value;
}
