/** Console text as Node's own `util.format` prints it, for the one-line cases. */
import { format } from 'node:util';
import { describe, expect, it } from 'vitest';
import { formatConsoleArgs } from '../../src/sandbox/usercode/console-format';

class Point {
  constructor(readonly x: number, readonly y: number) {}
}

const CASES: unknown[][] = [
  ['plain text'],
  ['%s is %d years', 'Ada', 36],
  ['100%% sure', 1],
  ['json %j', { a: [1, 2] }],
  [{ a: 1, b: 'two', c: [1, 2, 3], d: { e: { f: { g: 1 } } } }],
  ['values', 1, true, null, undefined, 'str', [], {}],
  [[{ role: 'user', content: "it's" }]],
  [new Point(1, 2)],
  [new Map([['k', 1]]), new Set([1, 2])],
  ['fn', function named() {}, () => 1],
  [Object.create(null)],
  [{ 'a-b': 1, 2: 'x' }],
];

describe('formatConsoleArgs', () => {
  it.each(CASES)('prints %s as node:util format does', (...args) => {
    expect(formatConsoleArgs(args)).toBe(format(...args));
  });
});
