import { describe, expect, it } from 'vitest';
import { diffStates, formatPath } from '../../src/worker/state-diff';

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

describe('formatPath', () => {
  it('formats nested paths', () => {
    expect(formatPath(['a', 0, 'b'])).toBe('a[0].b');
    expect(formatPath([])).toBe('(root)');
  });
});

describe('diffStates of a wide state', () => {
  it('cuts the values of each change small (the diff of a 200,000-element array is one short entry)', () => {
    const long = Array.from({ length: 200_000 }, (_, i) => i);
    const [change, ...rest] = diffStates({}, { long });
    expect(rest).toEqual([]);
    expect(change).toMatchObject({ kind: 'added', path: 'long' });
    expect((change as { value: unknown[] }).value.length).toBeLessThanOrEqual(20);
  });
});
