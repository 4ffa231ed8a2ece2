/** Semantic 3: resume after an error or an interrupt re-applies the writes of tasks that succeeded. */
import { describe, expect, it } from 'vitest';
import { Annotation, Command, START, StateGraph, interrupt } from '../index';
import { history, RecordingSaver, traceLog } from './helpers';

const IntState = Annotation.Root({ value: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }) });

describe('resume after an error', () => {
  it('does not re-run the task that succeeded; re-runs the failed one; no checkpoint while failing', async () => {
    const saver = new RecordingSaver();
    const calls = { one: 0, two: 0 };
    let fail = true;
    const g = new StateGraph(IntState)
      .addNode('one', () => (calls.one++, { value: 2 }))
      .addNode('two', () => {
        calls.two++;
        if (fail) throw new Error("I'm not good");
        return { value: 3 };
      })
      .addEdge(START, 'one').addEdge(START, 'two')
      .compile({ checkpointer: saver });
    const cfg = { configurable: { thread_id: 't' } };
    await expect(g.invoke({ value: 1 }, cfg)).rejects.toThrow("I'm not good");
    expect(calls).toEqual({ one: 1, two: 1 });
    const state = await g.getState(cfg);
    expect(state.values).toEqual({ value: 3 }); // one's write applied on top
    expect(state.next).toEqual(['two']);
    expect(state.tasks.find((t) => t.name === 'two')!.error).toMatchObject({ message: "I'm not good" });
    const puts = saver.puts.length;

    await expect(g.invoke(null, cfg)).rejects.toThrow("I'm not good");
    expect(calls).toEqual({ one: 1, two: 2 });
    expect(saver.puts.length).toBe(puts);

    fail = false;
    const log = traceLog();
    expect(await g.invoke(null, { ...cfg, trace: log.trace })).toEqual({ value: 6 });
    expect(calls).toEqual({ one: 1, two: 3 });
    expect(log.of('@engine.task.cached').map((e) => e.name)).toEqual(['one']);
    expect(log.of('@engine.write.reapplied').map((e) => [e.name, e.channel])).toEqual([['one', 'value']]);
    expect(log.of('@engine.write.skipped').map((e) => [e.channel, e.reason])).toContainEqual(['__error__', 'control-signal']);
    expect((await history(g, 't')).map((s) => s.metadata.step)).toEqual([1, 0, -1]);
  });

  it('new input after a failure discards the unfinished step', async () => {
    let attempt = 0;
    const S = Annotation.Root({ steps: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
    const g = new StateGraph(S)
      .addNode('node1', () => {
        if (attempt++ === 0) throw new Error('first attempt');
        return { steps: ['node1'] };
      })
      .addNode('node2', () => ({ steps: ['node2'] }))
      .addEdge(START, 'node1').addEdge('node1', 'node2')
      .compile({ checkpointer: new RecordingSaver() });
    const cfg = { configurable: { thread_id: 't' } };
    await expect(g.invoke({ steps: [] }, cfg)).rejects.toThrow('first attempt');
    expect(await g.invoke({ steps: [] }, cfg)).toEqual({ steps: ['node1', 'node2'] });
    const h = await history(g, 't');
    expect(h.map((s) => [s.metadata.step, s.metadata.source])).toEqual([[4, 'loop'], [3, 'loop'], [2, 'loop'], [1, 'input'], [0, 'loop'], [-1, 'input']]);
  });
});

describe('resume after an interrupt', () => {
  it('succeeded siblings are served from saved writes; the interrupted task runs again with the answer', async () => {
    const calls = { a: 0, ask: 0 };
    const L = Annotation.Root({ value: Annotation<string[]>({ reducer: (x, y) => x.concat(y), default: () => [] }) });
    const g = new StateGraph(L)
      .addNode('a', () => (calls.a++, { value: ['a'] }))
      .addNode('ask', () => (calls.ask++, { value: [`human:${interrupt('q')}`] }))
      .addEdge(START, 'a').addEdge(START, 'ask')
      .compile({ checkpointer: new RecordingSaver() });
    const cfg = { configurable: { thread_id: 't' } };
    const r1 = await g.invoke({ value: [] }, cfg);
    expect(r1.__interrupt__).toEqual([{ id: expect.stringMatching(/^[0-9a-f]{32}$/), value: 'q' }]);
    expect(r1.value).toEqual(['a']); // the sibling's writes applied in memory, not saved
    expect(await g.invoke(new Command({ resume: 'x' }), cfg)).toEqual({ value: ['a', 'human:x'] });
    expect(calls).toEqual({ a: 1, ask: 2 });
  });
});
