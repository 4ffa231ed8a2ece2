import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../shared/trace';
import { runningNow } from './running-now';

let seq = 0;
const ev = (e: Record<string, unknown>, ns = ''): TraceEvent => ({ runId: 'r', checkpointNs: ns, seq: seq++, at: 0, step: 0, ...e }) as unknown as TraceEvent;
const tick = (step: number) => ev({ type: '@engine.tick.start', step, checkpointId: `c${step}`, isReplaying: false });
const run = (taskId: string, name: string) => ev({ type: '@engine.task.run', taskId, name, attempt: 1 });
const done = (taskId: string, name: string) => ev({ type: '@engine.task.finished', taskId, name, status: 'success', channels: [] });

describe('runningNow', () => {
  it('names the root tasks of the newest step started and not finished, in start order', () => {
    const trace = [tick(1), run('a', 'a'), done('a', 'a'), tick(2), run('b', 'b'), run('c', 'c'), done('b', 'b')];
    expect(runningNow(trace)).toEqual(['c']);
    expect(runningNow([...trace, run('d', 'd')])).toEqual(['c', 'd']);
  });

  it('is empty once every task finished, at a new step or after the run ended', () => {
    expect(runningNow([tick(1), run('a', 'a'), done('a', 'a')])).toEqual([]);
    expect(runningNow([tick(1), run('a', 'a'), ev({ type: '@engine.run.end', status: 'interrupted' })])).toEqual([]);
  });

  it('keeps a subgraph node running while its own nodes run, and names fan-out once', () => {
    const trace = [tick(1), run('s', 'sub'), ev({ type: '@engine.task.run', taskId: 'i', name: 'inner', attempt: 1 }, 'sub:s'), run('w1', 'work'), run('w2', 'work')];
    expect(runningNow(trace)).toEqual(['sub', 'work']);
  });

  it('a retried task is running again after its failed attempt', () => {
    const failed = ev({ type: '@engine.task.finished', taskId: 'a', name: 'a', status: 'error', channels: [] });
    // The retry's task.run follows the failed attempt's end: read from the newest event back, it counts.
    expect(runningNow([tick(1), run('a', 'a'), failed, run('a', 'a')])).toEqual(['a']);
    expect(runningNow([tick(1), run('a', 'a'), failed])).toEqual([]);
  });
});
