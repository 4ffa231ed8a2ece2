/** Semantic 4: replay, forks, updateState, branches in history. */
import { describe, expect, it } from 'vitest';
import { Command, END, START, StateGraph, interrupt } from '../index';
import { history, ListState, RecordingSaver, traceLog } from './helpers';

function chain(calls: Record<string, number>) {
  const n = (name: string) => () => ((calls[name] = (calls[name] ?? 0) + 1), { value: [name] });
  return new StateGraph(ListState).addNode('a', n('a')).addNode('b', n('b')).addNode('c', n('c'))
    .addEdge(START, 'a').addEdge('a', 'b').addEdge('b', 'c').addEdge('c', END)
    .compile({ checkpointer: new RecordingSaver() });
}

describe('replay', () => {
  it('replaying a historical checkpoint forks (source fork) and re-runs its next nodes only', async () => {
    const calls: Record<string, number> = {};
    const g = chain(calls);
    const cfg = { configurable: { thread_id: 't' } };
    await g.invoke({ value: [] }, cfg);
    const c2 = (await history(g, 't')).find((s) => s.next[0] === 'b')!;
    const log = traceLog();
    expect(await g.invoke(null, { ...c2.config, trace: log.trace })).toEqual({ value: ['a', 'b', 'c'] });
    expect(calls).toEqual({ a: 1, b: 2, c: 2 });
    const h = await history(g, 't');
    expect(h.map((s) => [s.metadata.step, s.metadata.source, s.next])).toEqual([
      [4, 'loop', []], [3, 'loop', ['c']], [2, 'fork', ['b']],
      [3, 'loop', []], [2, 'loop', ['c']], [1, 'loop', ['b']], [0, 'loop', ['a']], [-1, 'input', ['__start__']],
    ]);
    expect(h[2].parentConfig.configurable.checkpoint_id).toBe(c2.config.configurable.checkpoint_id);
    // the old branch keeps its values
    expect(h[3].values).toEqual({ value: ['a', 'b', 'c'] });
    expect(log.of('@engine.run.start')[0].isReplaying).toBe(true);
    expect(log.of('@engine.tick.start').map((e) => e.isReplaying)).toEqual([true, false, false]);
    expect(log.of('@engine.checkpoint.saved').map((e) => e.source)).toEqual(['fork', 'loop', 'loop']);
  });

  it('on the replayed tick nothing is re-applied: saved writes are skipped and the task runs again', async () => {
    let n = 0;
    const g = new StateGraph(ListState)
      .addNode('ask', () => ({ value: [`${n++}:${interrupt('q')}`] }))
      .addEdge(START, 'ask').compile({ checkpointer: new RecordingSaver() });
    const cfg = { configurable: { thread_id: 't' } };
    await g.invoke({ value: [] }, cfg);
    await g.invoke(new Command({ resume: 'old' }), cfg);
    const askCp = (await history(g, 't')).find((s) => s.next[0] === 'ask')!;
    const log = traceLog();
    const r = await g.invoke(null, { ...askCp.config, trace: log.trace });
    expect(r.__interrupt__).toHaveLength(1); // the interrupt fires again
    expect(n).toBe(3);
    expect(await g.invoke(new Command({ resume: 'new' }), cfg)).toEqual({ value: ['3:new'] });
    const h = await history(g, 't');
    expect(h.map((s) => [s.metadata.source, s.next])).toEqual([
      ['loop', []], ['fork', ['ask']], ['loop', []], ['loop', ['ask']], ['input', ['__start__']],
    ]);
    expect(h[2].values).toEqual({ value: ['1:old'] });
  });

  it('updateState makes an update checkpoint whose parent is the chosen one; running from it continues', async () => {
    const calls: Record<string, number> = {};
    const g = chain(calls);
    const cfg = { configurable: { thread_id: 't' } };
    await g.invoke({ value: [] }, cfg);
    const c2 = (await history(g, 't')).find((s) => s.next[0] === 'b')!;
    const u = await g.updateState(c2.config, { value: ['x'] });
    const us = await g.getState(u);
    expect(us.metadata).toMatchObject({ source: 'update', step: 2 });
    expect(us.next).toEqual(['b']);
    expect(us.parentConfig!.configurable!.checkpoint_id).toBe(c2.config.configurable.checkpoint_id);
    expect(await g.invoke(null, u)).toEqual({ value: ['a', 'x', 'b', 'c'] });
    const h = await history(g, 't');
    expect(h).toHaveLength(8);
    expect(h.filter((s) => s.metadata.source === 'fork')).toHaveLength(0);
    expect(h.find((s) => s.metadata.step === 3 && s.next.length === 0 && s.values.value.length === 3)!.values).toEqual({ value: ['a', 'b', 'c'] });
  });

  it('updateState as a given node fires that node\'s edges; __copy__ forks as a sibling', async () => {
    const calls: Record<string, number> = {};
    const g = chain(calls);
    const cfg = { configurable: { thread_id: 't' } };
    await g.invoke({ value: [] }, cfg);
    const c2 = (await history(g, 't')).find((s) => s.next[0] === 'b')!;
    const ub = await g.updateState(c2.config, { value: ['z'] }, 'b');
    expect((await g.getState(ub)).next).toEqual(['c']);
    expect(await g.invoke(null, ub)).toEqual({ value: ['a', 'z', 'c'] });
    const copy = await g.updateState(c2.config, undefined, '__copy__');
    const cs = await g.getState(copy);
    expect(cs.metadata).toMatchObject({ source: 'fork', step: 2 });
    expect(cs.parentConfig!.configurable!.checkpoint_id).toBe(c2.parentConfig.configurable.checkpoint_id);
  });
});
