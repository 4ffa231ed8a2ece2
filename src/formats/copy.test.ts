import { describe, expect, it } from 'vitest';
import { copyDecoded } from './copy';

describe('copyDecoded', () => {
  it('copies objects and arrays, so a change to the copy leaves the original as it was', () => {
    const original = { a: [1, { b: 'text' }], c: { d: null, e: undefined }, bytes: new Uint8Array([1, 2]) };
    const copy = copyDecoded(original);
    expect(copy).toEqual(original);
    copy.a.push(3);
    (copy.a[1] as { b: string }).b = 'changed';
    copy.bytes[0] = 9;
    expect(original).toEqual({ a: [1, { b: 'text' }], c: { d: null, e: undefined }, bytes: new Uint8Array([1, 2]) });
  });

  it('keeps an own __proto__ key a key, and a value met twice one value', () => {
    const inner = { x: 1 };
    const original = JSON.parse('{"__proto__": {"polluted": true}, "y": 2}') as Record<string, unknown>;
    original.twice = [inner, inner];
    const copy = copyDecoded(original);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'y', 'twice']);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true });
    const [a, b] = copy.twice as object[];
    expect(a).toBe(b);
    expect(a).not.toBe(inner);
  });
});
