// Reading what a caller passed in (a state, a move, options, a set-up) as plain JSON data, once,
// before any other work: a copy made by an iterative walk, so that no input, however deep, cyclic,
// large or hostile, can overflow the stack, run for long, or change under the checks that follow.
//
// The rule for hostile objects: the library never calls a getter (an accessor property is not
// data, and is refused); a Proxy's traps do run while its data is read, and anything a trap throws
// is reported as the input's own typed error, never passed on.

/** What an input may hold: bounds checked as the walk goes, before work that grows with them. */
export interface PlainLimits {
  /** Objects and arrays nested deeper than this are refused. */
  readonly depth: number;
  /** Values in all (objects, arrays and leaves), counted as read. */
  readonly values: number;
  /** Elements of one array. */
  readonly array: number;
  /** Characters of one string. */
  readonly string: number;
  /**
   * `'any'`: values that are not objects or lists (NaN, a BigInt, a function such as a custom
   * farmer rule, `undefined`…) are kept as they are, for the checks of each field to judge (options,
   * set-ups). Default `'json'`: only JSON's (finite numbers, strings, booleans, null).
   */
  readonly leaves?: 'json' | 'any';
  /** Whether a property whose value is `undefined` is left out (options, moves) rather than refused. */
  readonly undefinedIsAbsent?: boolean;
}

/** A copy of the input, or the sentence that says why it is not plain data. */
export type PlainRead =
  | { readonly ok: true; readonly value: unknown; readonly unchanged: boolean; readonly frozen: boolean }
  | { readonly ok: false; readonly message: string };

interface Frame {
  readonly source: object;
  readonly copy: Record<string, unknown> | unknown[];
  /** An object's keys, or null for a list (read by index, 0 to `length` - 1). */
  readonly keys: readonly string[] | null;
  readonly length: number;
  index: number;
  /** The key of this object in its parent, for the path in a message. */
  readonly key: string | null;
}

/**
 * Reads `input` as plain JSON data within `limits`. `what` names it in messages ("the state").
 * `unchanged` is false when the copy differs from the input (a `-0` written `0`, an `undefined`
 * property left out); `frozen` is true when every object of the input was frozen.
 */
export function readPlain(input: unknown, what: string, limits: PlainLimits): PlainRead {
  // An argument left out, where absent fields are allowed: nothing to read.
  if (input === undefined && (limits.undefinedIsAbsent === true || limits.leaves === 'any'))
    return { ok: true, value: undefined, unchanged: true, frozen: true };
  const stack: Frame[] = [];
  // The objects being read, from the input down: the stack's (at most limits.depth of them).
  const onPath = (value: object): boolean => {
    for (let i = 0; i < stack.length; i++) if ((stack[i] as Frame).source === value) return true;
    return false;
  };
  let values = 0;
  let unchanged = true;
  let frozen = true;
  const where = (key: string | null) => {
    const parts = [...stack.map((f) => f.key), key].filter((k): k is string => k !== null);
    const path = parts.map((k) => (/^\d+$/.test(k) ? `[${k}]` : `.${k}`)).join('');
    return path === '' ? what : `${what} at ${path.replace(/^\./, '')}`;
  };
  const refuse = (key: string | null, why: string): PlainRead => ({ ok: false, message: `${where(key)} ${why}` });

  /** A leaf's copy, or a new frame for an object, or a refusal. */
  const enter = (value: unknown, key: string | null): { leaf: unknown } | { frame: Frame } | { refused: PlainRead } => {
    if (++values > limits.values) return { refused: refuse(key, `holds more than ${limits.values} values`) };
    if (typeof value === 'string' && value.length > limits.string) {
      return { refused: refuse(key, `is a string of ${value.length} characters (at most ${limits.string})`) };
    }
    if (limits.leaves === 'any' && (typeof value !== 'object' || value === null)) {
      if (!Object.is(value, -0)) return { leaf: value };
      unchanged = false;
      return { leaf: 0 };
    }
    switch (typeof value) {
      case 'string':
        return { leaf: value };
      case 'number':
        if (!Number.isFinite(value)) return { refused: refuse(key, `is ${value}, not a finite number`) };
        if (Object.is(value, -0)) {
          unchanged = false;
          return { leaf: 0 };
        }
        return { leaf: value };
      case 'boolean':
        return { leaf: value };
      case 'function':
        return { refused: refuse(key, 'is a function, not data') };
      case 'object':
        break;
      default:
        return { refused: refuse(key, `is ${typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`}, not JSON data`) };
    }
    if (value === null) return { leaf: null };
    if (onPath(value)) return { refused: refuse(key, 'contains itself (a cycle)') };
    if (stack.length >= limits.depth) return { refused: refuse(key, `is nested deeper than ${limits.depth} levels`) };
    if (!Object.isFrozen(value)) frozen = false;
    if (Array.isArray(value)) {
      const length = value.length;
      if (length > limits.array) return { refused: refuse(key, `is a list of ${length} items (at most ${limits.array})`) };
      // A hole or an extra property makes the own keys more than the indices and `length`.
      if (Reflect.ownKeys(value).length !== length + 1) return { refused: refuse(key, 'is a list with holes or extra properties') };
      return { frame: { source: value, copy: new Array(length), keys: null, length, index: 0, key } };
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== null && Object.getPrototypeOf(proto) !== null) {
      return { refused: refuse(key, 'is not a plain object (a class instance, a Map, a Date…)') };
    }
    // The names and the symbols apart: Reflect.ownKeys costs more than both together.
    const keys = Object.getOwnPropertyNames(value);
    const symbols = Object.getOwnPropertySymbols(value).length;
    if (keys.length + symbols > limits.array)
      return { refused: refuse(key, `has ${keys.length + symbols} properties (at most ${limits.array})`) };
    if (symbols > 0) return { refused: refuse(key, 'has a symbol property') };
    return { frame: { source: value, copy: {}, keys, length: keys.length, index: 0, key } };
  };

  try {
    const first = enter(input, null);
    if ('refused' in first) return first.refused;
    if ('leaf' in first) return { ok: true, value: first.leaf, unchanged, frozen };
    const root = first.frame;
    stack.push(root);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as Frame;
      if (frame.index === frame.length) {
        stack.pop();
        continue;
      }
      const at = frame.index++;
      const key = frame.keys === null ? String(at) : (frame.keys[at] as string);
      const d = Object.getOwnPropertyDescriptor(frame.source, key);
      if (d === undefined) return refuse(key, 'changed while it was read');
      if (!('value' in d)) return refuse(key, 'is a getter or setter, not data');
      if (!d.enumerable) return refuse(key, 'is a hidden (non-enumerable) property');
      if (d.value === undefined && limits.undefinedIsAbsent === true && limits.leaves !== 'any' && frame.keys !== null) {
        unchanged = false;
        continue;
      }
      const next = enter(d.value, key);
      if ('refused' in next) return next.refused;
      const value = 'leaf' in next ? next.leaf : next.frame.copy;
      if (frame.keys === null) (frame.copy as unknown[])[at] = value;
      // defineProperty for a key the prototype has ("__proto__", "toString", or one an environment
      // added), so that it is data and runs no setter; assigning, ten times cheaper, for the rest.
      else if (key in frame.copy) Object.defineProperty(frame.copy, key, { value, enumerable: true, writable: true, configurable: true });
      else (frame.copy as Record<string, unknown>)[key] = value;
      if ('frame' in next) stack.push(next.frame);
    }
    return { ok: true, value: root.copy, unchanged, frozen };
  } catch (error) {
    const top = stack[stack.length - 1];
    const at = top === undefined ? -1 : top.index - 1;
    const key = top === undefined || at < 0 ? null : top.keys === null ? String(at) : (top.keys[at] ?? null);
    return refuse(key, `could not be read: ${errorText(error)}`);
  }
}

/** What was thrown, as a short sentence; never throws itself. */
function errorText(error: unknown): string {
  try {
    const message = error instanceof Error ? error.message : String(error);
    return message.length > 200 ? `${message.slice(0, 200)}…` : message;
  } catch {
    return 'an exception';
  }
}

/**
 * The own properties of an options object, copied without calling a getter (values kept as they
 * are: functions, an AbortSignal…); or why it cannot be read. `undefined` gives `undefined`.
 */
export function readShallow(
  input: unknown,
  what: string,
  most = 64,
): { ok: true; value: Record<string, unknown> | undefined } | { ok: false; message: string } {
  if (input === undefined) return { ok: true, value: undefined };
  try {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, message: `${what} must be an object` };
    const keys = Reflect.ownKeys(input);
    if (keys.length > most) return { ok: false, message: `${what} has ${keys.length} properties (at most ${most})` };
    const copy: Record<string, unknown> = {};
    for (const key of keys) {
      if (typeof key === 'symbol') return { ok: false, message: `${what} has a symbol property` };
      const d = Object.getOwnPropertyDescriptor(input, key);
      if (d === undefined || !d.enumerable) continue;
      if (!('value' in d)) return { ok: false, message: `${what}: ${key} is a getter or setter, not data` };
      Object.defineProperty(copy, key, { value: d.value, enumerable: true, writable: true, configurable: true });
    }
    return { ok: true, value: copy };
  } catch (error) {
    return { ok: false, message: `${what} could not be read: ${errorText(error)}` };
  }
}
