import { describe, expect, it } from 'vitest';
import { STATE_INPUT } from '../../src/core/limits';
import { freezeBuilt } from '../../src/core/freeze';
import { readPlain } from '../../src/core/plain';

const read = (v: unknown) => readPlain(v, 'the input', STATE_INPUT);

describe('readPlain', () => {
  it('copies plain data, lists by index and objects key by key in their order', () => {
    const input = { b: [1, 'two', null, true, { c: [] }], a: { z: 0, y: -1 }, 7: 'seven' };
    const r = read(input);
    expect(r).toEqual({ ok: true, value: input, unchanged: true, frozen: false });
    if (!r.ok) return;
    expect(r.value).not.toBe(input);
    expect(Object.keys(r.value as object)).toEqual(['7', 'b', 'a']);
    expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype);
    expect(Array.isArray((r.value as { b: unknown }).b)).toBe(true);
  });

  it('keeps a key "__proto__" (from JSON.parse) as data, never as the prototype', () => {
    const r = read(JSON.parse('{"a":1,"__proto__":{"polluted":true},"list":[{"__proto__":[]}]}'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = r.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(v, '__proto__')?.value).toEqual({ polluted: true });
    expect(v.polluted).toBeUndefined();
    expect(Object.keys(v)).toEqual(['a', '__proto__', 'list']);
    expect(Object.getPrototypeOf((v.list as object[])[0])).toBe(Object.prototype);
  });

  it('copies keys the prototype has as own data (constructor, toString)', () => {
    const r = read(JSON.parse('{"constructor":1,"toString":"x","hasOwnProperty":null}'));
    expect(r.ok && Object.entries(r.value as object)).toEqual([
      ['constructor', 1],
      ['toString', 'x'],
      ['hasOwnProperty', null],
    ]);
  });

  it('refuses, with where, a cycle, a list with a hole or an extra property, a symbol, a getter, a hidden property', () => {
    const cyclic: Record<string, unknown> = { a: { b: [] } };
    ((cyclic.a as { b: unknown[] }).b as unknown[]).push(cyclic);
    const extra = Object.assign([1, 2], { note: 'x' });
    const holey = [1, 2, 3];
    delete holey[1];
    const cases: [unknown, string][] = [
      [cyclic, 'the input at a.b[0] contains itself (a cycle)'],
      [{ list: holey }, 'the input at list is a list with holes or extra properties'],
      [{ list: extra }, 'the input at list is a list with holes or extra properties'],
      [{ x: { [Symbol('s')]: 1 } }, 'the input at x has a symbol property'],
      [
        { x: [0, Object.defineProperty({}, 'g', { enumerable: true, get: () => 1 })] },
        'the input at x[1].g is a getter or setter, not data',
      ],
      [{ x: Object.defineProperty([5], 0, { enumerable: true, get: () => 1 }) }, 'the input at x[0] is a getter or setter, not data'],
      [{ x: Object.defineProperty({}, 'h', { value: 1 }) }, 'the input at x.h is a hidden (non-enumerable) property'],
    ];
    for (const [input, message] of cases) expect(read(input)).toEqual({ ok: false, message });
  });

  it('copies a key an environment put on Object.prototype (a setter, a read-only value) as own data, running nothing', () => {
    let ran = 0;
    const proto = Object.prototype as Record<string, unknown>;
    Object.defineProperty(proto, 'carcassonneTestSetter', { configurable: true, set: () => void ran++ });
    Object.defineProperty(proto, 'carcassonneTestFixed', { configurable: true, writable: false, value: 'fixed' });
    try {
      const r = read(JSON.parse('{"carcassonneTestSetter":1,"carcassonneTestFixed":2}'));
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(ran).toBe(0);
      expect(Object.getOwnPropertyDescriptor(r.value, 'carcassonneTestSetter')).toMatchObject({
        value: 1,
        enumerable: true,
        writable: true,
      });
      expect(Object.getOwnPropertyDescriptor(r.value, 'carcassonneTestFixed')).toMatchObject({
        value: 2,
        enumerable: true,
        writable: true,
      });
    } finally {
      delete proto.carcassonneTestSetter;
      delete proto.carcassonneTestFixed;
    }
  });

  it('reads the same object twice when it is not on its own path (shared, not a cycle)', () => {
    const shared = { n: 1 };
    expect(read({ a: shared, b: [shared, shared] })).toMatchObject({ ok: true, value: { a: { n: 1 }, b: [{ n: 1 }, { n: 1 }] } });
  });
});

describe('freezeBuilt', () => {
  it('freezes every object and list within, and nothing an environment put on Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    const added = { mutable: true };
    Object.defineProperty(proto, 'carcassonneTestAdded', { configurable: true, enumerable: true, writable: true, value: added });
    try {
      const built = freezeBuilt({ a: [{ b: 1 }, [2]], c: { d: null } });
      expect(Object.isFrozen(built) && Object.isFrozen(built.a) && Object.isFrozen(built.a[0]) && Object.isFrozen(built.a[1])).toBe(true);
      expect(Object.isFrozen(built.c)).toBe(true);
      expect(Object.isFrozen(added)).toBe(false);
    } finally {
      delete proto.carcassonneTestAdded;
    }
  });
});
