import { describe, expect, it } from 'vitest';
import { merge } from './objects';

describe('merge', () => {
  it('gives what a spread gives: later sources win, keys keep their first position', () => {
    const a = { x: 1, y: 2 };
    const b = { z: 3, x: 4 };
    const c = { y: undefined, w: 5 };
    const out = merge<Record<string, unknown>>(a, b, c);
    expect(out).toEqual({ ...a, ...b, ...c });
    expect(Object.keys(out)).toEqual(Object.keys({ ...a, ...b, ...c }));
    expect(out).not.toBe(a);
    expect(merge(undefined)).toEqual({});
  });

  it('keeps an own __proto__ key a key, as spread does, without changing the prototype', () => {
    const source = JSON.parse('{"__proto__": {"polluted": true}, "k": 1}') as object;
    const out = merge<Record<string, unknown>>({ a: 1 }, source);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(out)).toEqual(['a', '__proto__', 'k']);
  });
});
