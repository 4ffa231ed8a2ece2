import { describe, expect, it } from 'vitest';
import { createBatcher, type Schedule } from '../../src/protocol/batcher';

/** A manual clock: timers fire only when the test says so. */
function manualClock() {
  const timers: { fn: () => void; ms: number; live: boolean }[] = [];
  const schedule: Schedule = (fn, ms) => {
    const t = { fn, ms, live: true };
    timers.push(t);
    return () => void (t.live = false);
  };
  const fire = () => timers.splice(0).forEach((t) => t.live && t.fn());
  return { schedule, fire, pending: () => timers.filter((t) => t.live).length };
}

describe('createBatcher', () => {
  it('flushes on the timer, once per interval, with everything buffered', () => {
    const clock = manualClock();
    const batches: number[][] = [];
    const b = createBatcher<number>({ maxBatch: 100, intervalMs: 50, schedule: clock.schedule, flush: (x) => batches.push(x) });
    b.push(1);
    b.push(2);
    expect(clock.pending()).toBe(1);
    expect(batches).toEqual([]);
    clock.fire();
    expect(batches).toEqual([[1, 2]]);
    b.push(3);
    clock.fire();
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('never buffers more than maxBatch: 10,000 items become 20 batches of 500 without any timer', () => {
    const clock = manualClock();
    const batches: number[][] = [];
    const b = createBatcher<number>({ maxBatch: 500, intervalMs: 50, schedule: clock.schedule, flush: (x) => batches.push(x) });
    for (let i = 0; i < 10_000; i++) {
      b.push(i);
      expect(b.size).toBeLessThan(500);
    }
    expect(batches).toHaveLength(20);
    expect(batches.every((x) => x.length === 500)).toBe(true);
    expect(batches.flat()).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
  });

  it('flushNow empties the buffer and cancels the timer; empty flushes send nothing', () => {
    const clock = manualClock();
    const batches: string[][] = [];
    const b = createBatcher<string>({ maxBatch: 10, intervalMs: 50, schedule: clock.schedule, flush: (x) => batches.push(x) });
    b.flushNow();
    b.push('a');
    b.dispose();
    clock.fire();
    expect(batches).toEqual([['a']]);
  });
});

describe('createBatcher leading edge', () => {
  it('flushEarly sends at once after a quiet interval, and waits for the timer during a busy one', () => {
    let t = 1000;
    const batches: number[][] = [];
    const fired: (() => void)[] = [];
    const b = createBatcher<number>({
      maxBatch: 100, intervalMs: 50, now: () => t, flush: (x) => batches.push(x),
      schedule: (fn) => (fired.push(fn), () => undefined),
    });
    b.push(1);
    b.flushEarly(); // nothing flushed yet: quiet since forever
    expect(batches).toEqual([[1]]);
    t += 10;
    b.push(2);
    b.flushEarly(); // flushed 10 ms ago: leave it to the timer
    expect(batches).toEqual([[1]]);
    t += 50;
    b.flushEarly();
    expect(batches).toEqual([[1], [2]]);
  });
});
