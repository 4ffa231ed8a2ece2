import { describe, expect, it } from 'vitest';
import { MemorySaver } from '../../src/engine/index';
import { createMemoryStore } from '../../src/worker/memory-store';
import type { ThreadStore, TraceRecord } from '../../src/worker/store';
import { withTraceCache } from '../../src/worker/trace-cache';

const rec = (runId: string, seq: number): TraceRecord => ({ runId, seq, kind: 'trace', event: { type: '@engine.tick.start', runId, checkpointNs: '', step: seq, seq, checkpointId: `c${seq}`, isReplaying: false } });

/** Counts whole-thread reads that reach the underlying store. */
function counting(store: ThreadStore) {
  let reads = 0;
  return {
    store: { ...store, readTrace: (t: string, r?: string) => (reads++, store.readTrace(t, r)) } as ThreadStore,
    reads: () => reads,
  };
}

describe('withTraceCache', () => {
  it('serves repeated reads from memory and re-reads after a write or a delete', async () => {
    const inner = counting(createMemoryStore(new MemorySaver()));
    const store = withTraceCache(inner.store);
    await store.appendTrace('t', [rec('r1', 0), rec('r1', 1)]);
    expect(await store.readTrace('t')).toHaveLength(2);
    expect(await store.readTrace('t', 'r1')).toHaveLength(2);
    expect(inner.reads()).toBe(1);
    await store.appendTrace('t', [rec('r2', 0)]);
    expect((await store.readTrace('t')).map((r) => r.runId)).toEqual(['r1', 'r1', 'r2']);
    expect(inner.reads()).toBe(2);
    await store.deleteThread('t');
    expect(await store.readTrace('t')).toEqual([]);
    expect(inner.reads()).toBe(3);
  });

  it('keeps at most maxThreads threads', async () => {
    const inner = counting(createMemoryStore(new MemorySaver()));
    const store = withTraceCache(inner.store, 2);
    for (const t of ['a', 'b', 'c']) await store.readTrace(t);
    await store.readTrace('c');
    await store.readTrace('b');
    expect(inner.reads()).toBe(3);
    await store.readTrace('a'); // evicted
    expect(inner.reads()).toBe(4);
  });
});
