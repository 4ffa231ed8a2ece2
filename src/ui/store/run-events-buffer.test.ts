import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBuffer } from './run-events-buffer';

afterEach(() => vi.useRealTimers());

describe('the run events buffer', () => {
  it('applies the first batch at once, then one merged application per window, in order and by key', () => {
    vi.useFakeTimers();
    const applied: string[][] = [];
    const buffer = createEventBuffer<{ key: string; n: number }>((events) => applied.push(events.map((e) => `${e.key}${e.n}`)), (e) => e.key, 100);
    buffer.push({ key: 'a', n: 1 });
    expect(applied).toEqual([['a1']]);
    buffer.push({ key: 'a', n: 2 });
    buffer.push({ key: 'a', n: 3 });
    buffer.push({ key: 'b', n: 4 });
    expect(applied).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(applied).toEqual([['a1'], ['a2', 'a3'], ['b4']]);
    buffer.push({ key: 'b', n: 5 });
    // Flushed before what must follow it (a run's end), without waiting for the window.
    buffer.flush();
    expect(applied.at(-1)).toEqual(['b5']);
    vi.advanceTimersByTime(500);
    expect(applied).toHaveLength(4);
  });
});
