import { describe, expect, it } from 'vitest';
import { copyValue } from './copy';

describe('copyValue', () => {
  const samples: [string, unknown][] = [
    ['primitives', [1, -0, NaN, 'x', true, null, undefined, 10n]],
    ['nested plain data', { a: [1, { b: 'c', d: [[], {}] }], e: { f: undefined }, 2: 'int-like key first' }],
    ['Dates, Maps and Sets', { when: new Date(5), map: new Map([['k', { v: 1 }]]), set: new Set([1, 2]) }],
    ['a sparse array', [1, , 3]],
    ['an array with an extra property', Object.assign([1, 2], { extra: 'kept' })],
    ['a null-prototype object', Object.assign(Object.create(null), { a: 1 })],
    ['a class instance (becomes a plain object)', new (class Point { x = 1; y = { z: 2 }; })()],
    ['typed arrays', { bytes: new Uint8Array([1, 2, 3]) }],
  ];
  for (const [name, value] of samples) {
    it(`gives what structuredClone gives for ${name}`, () => {
      const copy = copyValue(value);
      const reference = structuredClone(value);
      expect(copy).toStrictEqual(reference);
      expect(Object.getPrototypeOf(copy)).toBe(Object.getPrototypeOf(reference));
      expect(Object.keys(copy as object)).toEqual(Object.keys(reference as object));
    });
  }

  it('copies deeply: mutating the copy leaves the original alone', () => {
    const original = { list: [1, 2], deep: { x: 'a' } };
    const copy = copyValue(original);
    copy.list.push(3);
    copy.deep.x = 'b';
    expect(original).toEqual({ list: [1, 2], deep: { x: 'a' } });
  });

  it('keeps shared sub-objects shared and reproduces cycles, as structuredClone does', () => {
    const shared = { n: 1 };
    const value: Record<string, unknown> = { a: shared, b: [shared] };
    value.self = value;
    const copy = copyValue(value) as { a: object; b: object[]; self: unknown };
    expect(copy.a).not.toBe(shared);
    expect(copy.b[0]).toBe(copy.a);
    expect(copy.self).toBe(copy);
  });

  it('keeps sharing exact past the first few objects (many shared objects, in arrays and records)', () => {
    const parts = Array.from({ length: 40 }, (_, i) => ({ i }));
    const value = { first: parts, again: [...parts].reverse(), byName: Object.fromEntries(parts.map((p) => [`k${p.i}`, p])) };
    const copy = copyValue(value);
    expect(copy).toStrictEqual(structuredClone(value));
    for (let i = 0; i < 40; i++) {
      expect(copy.again[39 - i]).toBe(copy.first[i]);
      expect(copy.byName[`k${i}`]).toBe(copy.first[i]);
      expect(copy.first[i]).not.toBe(parts[i]);
    }
  });

  it('copies exactly when a getter copies another value while it is read', () => {
    const inner = { deep: { x: 1 } };
    let innerCopy: unknown;
    const outer = { shared: inner.deep, get late() { innerCopy = copyValue(inner); return inner.deep; } };
    const copy = copyValue(outer) as { shared: object; late: object };
    expect(copy.late).toBe(copy.shared);
    expect(innerCopy).toEqual({ deep: { x: 1 } });
    expect((innerCopy as { deep: object }).deep).not.toBe(copy.shared);
    // The next copy starts afresh.
    expect(copyValue({ a: inner.deep, b: inner.deep })).toEqual({ a: { x: 1 }, b: { x: 1 } });
  });

  it('throws what structuredClone throws for functions and symbols, at any depth', () => {
    for (const bad of [() => 1, Symbol('s'), { nested: { fn: () => 1 } }, [1, Symbol('t')]]) {
      let expected: unknown;
      try {
        structuredClone(bad);
      } catch (err) {
        expected = err;
      }
      expect(expected).toBeDefined();
      expect(() => copyValue(bad)).toThrow((expected as Error).message);
    }
  });

  it('on a structure too deep to recurse, does what structuredClone does (copy or throw)', () => {
    for (const depth of [2000, 50000]) {
      let deep: unknown = 0;
      for (let i = 0; i < depth; i++) deep = [deep];
      let reference: unknown;
      try {
        reference = structuredClone(deep);
      } catch (err) {
        reference = err;
      }
      if (reference instanceof Error) expect(() => copyValue(deep)).toThrow(reference.constructor as new () => Error);
      else expect(copyValue(deep)).toEqual(reference);
    }
  });

  it('keeps an own __proto__ key a key, as structuredClone does (assigning it would set the prototype)', () => {
    const value = JSON.parse('{"a": 1, "__proto__": {"polluted": true}}') as Record<string, unknown>;
    const copy = copyValue(value);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['a', '__proto__']);
    expect(copy).toStrictEqual(structuredClone(value));
  });
});
