import { describe, expect, it } from 'vitest';
import { BinaryOperatorAggregate, EMPTY, EphemeralValue, full, LastValue, NamedBarrierValue, Topic, binopSpec, lastValueSpec } from './index';

describe('LastValue', () => {
  it('is empty as a tagged state, and a written undefined is a value', () => {
    const c = new LastValue();
    expect(c.isAvailable()).toBe(false);
    expect(c.snapshot()).toEqual(EMPTY);
    expect(() => c.get()).toThrow(expect.objectContaining({ name: 'EmptyChannelError' }));
    expect(c.update([undefined])).toBe(true);
    expect(c.isAvailable()).toBe(true);
    expect(c.get()).toBeUndefined();
  });
  it('rejects two values in one step with InvalidUpdateError', () => {
    const c = new LastValue();
    expect(() => c.update([1, 2])).toThrow(expect.objectContaining({ name: 'InvalidUpdateError' }));
  });
  it('ignores an empty batch and restores from a checkpoint', () => {
    const c = lastValueSpec().restore(full(5));
    expect(c.update([])).toBe(false);
    expect(c.get()).toBe(5);
  });
  it('copy is independent', () => {
    const a = new LastValue();
    a.update([1]);
    const b = a.copy();
    b.update([2]);
    expect(a.get()).toBe(1);
    expect(b.get()).toBe(2);
  });
});

describe('BinaryOperatorAggregate', () => {
  const concat = (a: string[], b: string[] | string) => a.concat(b);
  it('starts from the default and folds values in order', () => {
    const c = binopSpec<string[], string[] | string>(concat, () => []).create();
    expect(c.get()).toEqual([]);
    c.update([['a'], 'b', ['c']]);
    expect(c.get()).toEqual(['a', 'b', 'c']);
  });
  it('without a default, the first value becomes the accumulator', () => {
    const c = new BinaryOperatorAggregate<number>((a, b) => a + b);
    expect(c.isAvailable()).toBe(false);
    c.update([3, 4]);
    expect(c.get()).toBe(7);
  });
  it('restoring an empty checkpoint gives the default back', () => {
    expect(binopSpec<number>((a, b) => a + b, () => 10).restore(EMPTY).get()).toBe(10);
  });
});

describe('EphemeralValue', () => {
  it('holds a value for one step: an empty batch clears it', () => {
    const c = new EphemeralValue(true);
    c.update(['x']);
    expect(c.get()).toBe('x');
    expect(c.update([])).toBe(true);
    expect(c.isAvailable()).toBe(false);
    expect(c.update([])).toBe(false);
  });
  it('guarded: two values are an error; unguarded: the last wins', () => {
    expect(() => new EphemeralValue(true).update([1, 2])).toThrow(expect.objectContaining({ name: 'InvalidUpdateError' }));
    const c = new EphemeralValue(false);
    c.update([1, 2]);
    expect(c.get()).toBe(2);
  });
});

describe('Topic', () => {
  it('flattens lists, and without accumulate starts each step afresh', () => {
    const c = new Topic<number>();
    c.update([1, [2, 3]]);
    expect(c.get()).toEqual([1, 2, 3]);
    expect(c.update([])).toBe(true);
    expect(c.isAvailable()).toBe(false);
    expect(c.snapshot()).toEqual(EMPTY);
  });
  it('accumulates when asked', () => {
    const c = new Topic<number>({ accumulate: true });
    c.update([1]);
    c.update([2]);
    expect(c.get()).toEqual([1, 2]);
  });
});

describe('NamedBarrierValue', () => {
  it('is available once every name was written, and consuming resets it', () => {
    const c = new NamedBarrierValue(new Set(['a', 'b']));
    c.update(['a']);
    expect(c.isAvailable()).toBe(false);
    c.update(['b']);
    expect(c.isAvailable()).toBe(true);
    expect(c.consume()).toBe(true);
    expect(c.isAvailable()).toBe(false);
  });
  it('rejects unknown names', () => {
    expect(() => new NamedBarrierValue(new Set(['a'])).update(['z'])).toThrow(expect.objectContaining({ name: 'InvalidUpdateError' }));
  });
});
