import { describe, expect, it } from 'vitest';
import { toJsonSafe } from '../../src/protocol/json-safe';

class Point {
  constructor(public x: number, public y: number) {}
}

describe('toJsonSafe', () => {
  it('keeps plain JSON as it is', () => {
    const v = { a: 1, b: 'x', c: [true, null, { d: 2.5 }] };
    expect(toJsonSafe(v)).toEqual(v);
  });

  it('describes functions, symbols, BigInt and non-finite numbers as text', () => {
    function named() {}
    expect(toJsonSafe({ f: named, g: () => 1, s: Symbol('tag'), n: 10n, nan: NaN, inf: -Infinity })).toEqual({
      f: '[function named]', g: '[function g]', s: '[symbol tag]', n: '10n', nan: 'NaN', inf: '-Infinity',
    });
  });

  it('turns Errors into {name, message} and class instances into fields plus their class', () => {
    const err = new TypeError('bad');
    expect(toJsonSafe({ err, p: new Point(1, 2) })).toEqual({ err: { name: 'TypeError', message: 'bad' }, p: { '[class]': 'Point', x: 1, y: 2 } });
  });

  it('marks cycles but keeps shared (non-cyclic) references', () => {
    const shared = { k: 1 };
    const loop: Record<string, unknown> = { name: 'loop', shared, again: shared };
    loop.self = loop;
    expect(toJsonSafe(loop)).toEqual({ name: 'loop', shared: { k: 1 }, again: { k: 1 }, self: '[circular]' });
  });

  it('drops undefined fields, and writes undefined array items as null', () => {
    expect(toJsonSafe({ a: undefined, b: [undefined, 1] })).toEqual({ b: [null, 1] });
    expect(toJsonSafe(undefined)).toBeNull();
  });

  it('describes dates, maps, sets and binary data', () => {
    const out = toJsonSafe({ d: new Date(0), m: new Map([['k', 1]]), s: new Set([1, 2]), b: new Uint8Array(4) });
    expect(out).toEqual({ d: '1970-01-01T00:00:00.000Z', m: { '[Map]': [['k', 1]] }, s: { '[Set]': [1, 2] }, b: '[Uint8Array 4 bytes]' });
  });

  it('limits depth and string length, and the result always survives JSON', () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 50; i++) deep = (deep.next = {}) as Record<string, unknown>;
    const out = toJsonSafe(root, { maxDepth: 3 });
    expect(out).toEqual({ next: { next: { next: '[depth limit]' } } });
    expect(toJsonSafe('x'.repeat(20), { maxStringLength: 5 })).toBe('xxxxx… [20 chars]');
    expect(JSON.parse(JSON.stringify(toJsonSafe({ f: () => 1, n: 1n })))).toEqual({ f: '[function f]', n: '1n' });
  });
});
