/** A failing task cancels its running siblings; saver failures surface instead of hanging. */
import { describe, expect, it } from 'vitest';
import { Annotation, START, StateGraph } from '../index';
import { useSyncTaskContext } from '../pregel/context';
import { history, ListState, RecordingSaver } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a failing task cancels its running siblings', () => {
  it('aborts their signal, saves nothing for them, and they run again on resume', async () => {
    const saver = new RecordingSaver();
    let broken = true;
    const calls = { fail: 0, slow: 0 };
    let slowSignalAborted = false;
    const g = new StateGraph(ListState)
      .addNode('fail', () => {
        calls.fail++;
        if (broken) throw new Error('fail failed');
        return { value: ['fail'] };
      })
      .addNode('slow', async (_s, config) => {
        calls.slow++;
        await sleep(20);
        slowSignalAborted ||= (config.signal as { aborted?: boolean } | undefined)?.aborted === true;
        return { value: ['slow'] };
      })
      .addEdge(START, 'fail').addEdge(START, 'slow')
      .compile({ checkpointer: saver });
    const cfg = { configurable: { thread_id: 't' } };
    await expect(g.invoke({ value: [] }, cfg)).rejects.toThrow('fail failed');
    await sleep(30); // let the cancelled sibling finish in the background
    expect(slowSignalAborted).toBe(true);
    const head = await saver.getTuple(cfg);
    expect(head!.pendingWrites!.map(([, c]) => c)).toEqual(['__error__']);
    broken = false;
    expect(await g.invoke(null, cfg)).toEqual({ value: ['fail', 'slow'] });
    expect(calls).toEqual({ fail: 2, slow: 2 });
    expect(JSON.stringify(await history(g, 't'))).not.toContain('AbortError');
  });

  it('in the sequential fallback, tasks after the failing one do not start', async () => {
    useSyncTaskContext(true);
    try {
      const calls: string[] = [];
      const g = new StateGraph(ListState)
        .addNode('a', () => {
          calls.push('a');
          throw new Error('a failed');
        })
        .addNode('b', () => (calls.push('b'), { value: ['b'] }))
        .addEdge(START, 'a').addEdge(START, 'b').compile();
      await expect(g.invoke({ value: [] })).rejects.toThrow('a failed');
      expect(calls).toEqual(['a']);
    } finally {
      useSyncTaskContext(false);
    }
  });

  it('a value the saver cannot store fails the run with a clear error (no hang)', async () => {
    const S = Annotation.Root({ f: Annotation<unknown>() });
    const g = new StateGraph(S).addNode('a', () => ({ f: () => 1 })).addEdge(START, 'a').compile({ checkpointer: new RecordingSaver() });
    await expect(g.invoke({ f: 1 }, { configurable: { thread_id: 't' } })).rejects.toMatchObject({ name: 'CheckpointValueError' });
  });
});
