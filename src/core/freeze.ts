/**
 * Deep-freezes data the library has just built (plain objects and arrays of JSON values), in
 * place, and returns it. A part already frozen is a part shared with an earlier state, frozen with
 * it, and is not walked again. The library's own data only: never an input (see plain.ts).
 */
export function freezeBuilt<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    // for…in walks an object's keys faster than Object.keys, but would also walk what an
    // environment added to Object.prototype: then own keys are read.
    let added = false;
    for (const _ in Object.prototype) added = true;
    freezeObject(value, added);
  }
  return value;
}

/** Freezes an object and the objects within it; a number or string needs no call. */
function freezeObject(value: object, added: boolean): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v === 'object' && v !== null) freezeObject(v, added);
    }
  } else if (!added) {
    for (const key in value) {
      const v: unknown = (value as Record<string, unknown>)[key];
      if (typeof v === 'object' && v !== null) freezeObject(v, added);
    }
  } else {
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const v: unknown = (value as Record<string, unknown>)[keys[i] as string];
      if (typeof v === 'object' && v !== null) freezeObject(v, added);
    }
  }
}
