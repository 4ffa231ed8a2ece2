/** Semantic 6: the trace, and cancellation. */
import { describe, expect, it } from 'vitest';
import { isTraceEvent } from '../../shared/trace';
import { Command, START, StateGraph, interrupt } from '../index';
import { fakeSleep, ListState, RecordingSaver, traceLog } from './helpers';

function graph() {
  return new StateGraph(ListState)
    .addNode('a', () => ({ value: ['a'] }))
    .addNode('ask', () => ({ value: [`h:${interrupt('q')}`] }))
    .addEdge(START, 'a').addEdge('a', 'ask')
    .compile({ checkpointer: new RecordingSaver() });
}

describe('trace', () => {
  it('emits plain JSON events with runId, checkpointNs, step and a sequence', async () => {
    const log = traceLog();
    await graph().invoke({ value: [] }, { configurable: { thread_id: 't' }, trace: log.trace });
    expect(log.events.length).toBeGreaterThan(5);
    expect(JSON.parse(JSON.stringify(log.events))).toEqual(log.events);
    for (const e of log.events) expect(isTraceEvent(e)).toBe(true);
    expect(log.events.map((e) => e.seq)).toEqual(log.events.map((_, i) => i));
    expect(new Set(log.events.map((e) => e.runId)).size).toBe(1);
    const before = Date.now() - 60_000;
    const stamps = log.events.map((e) => e.at ?? Number.NaN);
    for (const [i, at] of stamps.entries()) {
      expect(at).toBeGreaterThan(before);
      if (i > 0) expect(at).toBeGreaterThanOrEqual(stamps[i - 1]);
    }
    expect(log.events[0]).toMatchObject({ type: '@engine.run.start', isReplaying: false, isResuming: false, input: 'value', checkpointId: null });
    expect(log.events.at(-1)).toMatchObject({ type: '@engine.run.end', status: 'interrupted' });
  });

  it('says why each task was triggered, what was saved, and the interrupt', async () => {
    const log = traceLog();
    await graph().invoke({ value: [] }, { configurable: { thread_id: 't' }, trace: log.trace });
    const prepared = log.of('@engine.task.prepared');
    expect(prepared.map((e) => [e.step, e.name, e.kind])).toEqual([[0, '__start__', 'pull'], [1, 'a', 'pull'], [2, 'ask', 'pull']]);
    expect(prepared[1].triggers).toEqual([{ channel: 'branch:to:a', version: expect.any(Number), seen: null }]);
    expect(log.of('@engine.checkpoint.saved').map((e) => [e.step, e.source])).toEqual([[-1, 'input'], [0, 'loop'], [1, 'loop']]);
    expect(log.of('@engine.checkpoint.saved')[1].newChannels).toContain('value');
    expect(log.of('@engine.interrupt')).toEqual([expect.objectContaining({ kind: 'dynamic', interrupts: [{ id: expect.any(String), value: 'q' }] })]);
    const puts = log.of('@engine.writes.put');
    expect(puts.at(-1)).toMatchObject({ channels: ['__interrupt__'], isNullTask: false, replaced: 0 });
  });

  it('reports resume writes: NULL-task put, replacement of the task\'s earlier writes', async () => {
    const g = graph();
    const cfg = { configurable: { thread_id: 't' } };
    await g.invoke({ value: [] }, cfg);
    const log = traceLog();
    await g.invoke(new Command({ resume: 'x' }), { ...cfg, trace: log.trace });
    expect(log.events[0]).toMatchObject({ type: '@engine.run.start', isResuming: true, input: 'command' });
    const puts = log.of('@engine.writes.put');
    expect(puts[0]).toMatchObject({ isNullTask: true, channels: ['__resume__'] });
    expect(puts[1]).toMatchObject({ isNullTask: false, replaced: 1 });
    expect(log.of('@engine.write.skipped').map((e) => [e.channel, e.reason, e.signal])).toEqual([['__interrupt__', 'control-signal', '__interrupt__']]);
    expect(log.of('@engine.task.run').map((e) => e.name)).toEqual(['ask']);
  });

  it('subscribing never changes a result, even when the listener throws', async () => {
    const plain = await graph().invoke({ value: [] }, { configurable: { thread_id: 't' } });
    const traced = await graph().invoke({ value: [] }, { configurable: { thread_id: 't' }, trace: () => { throw new Error('listener'); } });
    expect(traced.value).toEqual(plain.value);
    expect(traced.__interrupt__.map((i: any) => i.value)).toEqual(plain.__interrupt__.map((i: any) => i.value));
  });

  it('reports retries and errors', async () => {
    const log = traceLog();
    const { sleep } = fakeSleep();
    const g = new StateGraph(ListState).addNode('bad', () => {
      throw new Error('boom');
    }, { retryPolicy: { maxAttempts: 2, jitter: false, initialInterval: 7 } }).addEdge(START, 'bad').compile();
    await expect(g.invoke({ value: [] }, { trace: log.trace, sleep })).rejects.toThrow('boom');
    expect(log.of('@engine.task.retry')).toEqual([expect.objectContaining({ name: 'bad', attempt: 1, delayMs: 7, error: { name: 'Error', message: 'boom' } })]);
    // The stack goes into the trace (the checkpoint keeps name and message only).
    expect(log.of('@engine.error')).toEqual([expect.objectContaining({ name: 'bad', handled: false, error: { name: 'Error', message: 'boom', stack: expect.stringContaining('boom') } })]);
    expect(log.events.at(-1)).toMatchObject({ type: '@engine.run.end', status: 'error' });
  });
});

describe('cancellation', () => {
  function controller() {
    const listeners = new Set<() => void>();
    const signal = {
      aborted: false,
      reason: undefined as unknown,
      addEventListener: (_: 'abort', l: () => void) => void listeners.add(l),
      removeEventListener: (_: 'abort', l: () => void) => void listeners.delete(l),
    };
    return { signal, abort: () => ((signal.aborted = true), listeners.forEach((l) => l())) };
  }

  it('stops between steps when the signal aborts', async () => {
    const c = controller();
    let runs = 0;
    const g = new StateGraph(ListState).addNode('loop', () => {
      if (++runs === 3) c.abort();
      return { value: ['.'] };
    }).addEdge(START, 'loop').addEdge('loop', 'loop').compile();
    await expect(g.invoke({ value: [] }, { signal: c.signal as never, recursionLimit: 100 })).rejects.toMatchObject({ name: 'AbortError' });
    expect(runs).toBe(3);
  });

  it('aborts a retry wait', async () => {
    const c = controller();
    const g = new StateGraph(ListState).addNode('bad', () => {
      setTimeout(c.abort, 5);
      throw new Error('x');
    }, { retryPolicy: { initialInterval: 60_000, jitter: false } }).addEdge(START, 'bad').compile();
    await expect(g.invoke({ value: [] }, { signal: c.signal as never })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
