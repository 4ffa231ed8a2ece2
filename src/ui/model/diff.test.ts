import { describe, expect, it } from 'vitest';
import { diffStates, formatPath, jsonText } from './diff';

describe('diffStates', () => {
  it('reports added, changed and removed paths', () => {
    const changes = diffStates({ a: 1, gone: true, list: [1] }, { a: 2, list: [1, 2], fresh: 'x' });
    expect(changes).toEqual(
      expect.arrayContaining([
        { kind: 'changed', path: 'a', from: 1, to: 2 },
        { kind: 'removed', path: 'gone', value: true },
        { kind: 'added', path: 'list[1]', value: 2 },
        { kind: 'added', path: 'fresh', value: 'x' },
      ]),
    );
    expect(changes).toHaveLength(4);
  });
  it('treats every value as added when there is no parent', () => {
    expect(diffStates(null, { a: 1 })).toEqual([{ kind: 'added', path: 'a', value: 1 }]);
  });
  it('finds nothing between equal states', () => {
    expect(diffStates({ a: { b: [1, 2] } }, { a: { b: [1, 2] } })).toEqual([]);
  });
});

describe('formatPath / jsonText', () => {
  it('formats nested paths', () => {
    expect(formatPath(['a', 0, 'b'])).toBe('a[0].b');
    expect(formatPath([])).toBe('(root)');
  });
  it('shows values as JSON text and shortens long ones', () => {
    expect(jsonText('<b>x</b>')).toBe('"<b>x</b>"');
    expect(jsonText('x'.repeat(500), 10)).toHaveLength(10);
  });
});
