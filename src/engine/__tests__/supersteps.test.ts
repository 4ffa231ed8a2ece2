/** Semantics 1 (supersteps) and 2 (put_writes). */
import { describe, expect, it } from 'vitest';
import { Annotation, END, MemorySaver, NULL_TASK_ID, Send, START, StateGraph } from '../index';
import { useSyncTaskContext } from '../pregel/context';
import { history, ListState, RecordingSaver } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('supersteps', () => {
  for (const mode of ['concurrent (AsyncLocalStorage)', 'sequential fallback (no AsyncLocalStorage)']) {
    it(`applies parallel writes in task-path order whatever order tasks finish in — ${mode}`, async () => {
      useSyncTaskContext(mode.startsWith('sequential'));
      try {
        const finished: string[] = [];
        const g = new StateGraph(ListState)
          .addNode('a', async () => (await sleep(15), finished.push('a'), { value: ['a'] }))
          .addNode('b', async () => (await sleep(5), finished.push('b'), { value: ['b'] }))
          .addNode('c', async () => (finished.push('c'), { value: ['c'] }))
          .addEdge(START, 'a').addEdge(START, 'b').addEdge(START, 'c')
          .compile();
        expect(await g.invoke({ value: [] })).toEqual({ value: ['a', 'b', 'c'] });
        if (mode.startsWith('concurrent')) expect(finished).toEqual(['c', 'b', 'a']);
        else expect(finished).toEqual(['a', 'b', 'c']);
      } finally {
        useSyncTaskContext(false);
      }
    });
  }

  it('tasks of a step see start-of-step values', async () => {
    const seen: string[][] = [];
    const g = new StateGraph(ListState)
      .addNode('a', (s) => (seen.push(s.value), { value: ['a'] }))
      .addNode('b', (s) => (seen.push(s.value), { value: ['b'] }))
      .addEdge(START, 'a').addEdge(START, 'b').compile();
    await g.invoke({ value: ['0'] });
    expect(seen).toEqual([['0'], ['0']]);
  });

  it('saves one checkpoint per superstep (input at -1, then 0, 1, …) with parent links', async () => {
    const saver = new RecordingSaver();
    const g = new StateGraph(ListState).addNode('a', () => ({ value: ['a'] })).addNode('b', () => ({ value: ['b'] }))
      .addEdge(START, 'a').addEdge('a', 'b').addEdge('b', END).compile({ checkpointer: saver });
    await g.invoke({ value: [] }, { configurable: { thread_id: 't' } });
    expect(saver.puts.map((p) => [p.metadata.step, p.metadata.source])).toEqual([[-1, 'input'], [0, 'loop'], [1, 'loop'], [2, 'loop']]);
    for (let i = 1; i < saver.puts.length; i++) expect(saver.puts[i].parentId).toBe(saver.puts[i - 1].checkpoint.id);
    const h = await history(g, 't');
    expect(h.map((s) => s.next)).toEqual([[], ['b'], ['a'], ['__start__']]);
  });

  it('names in newVersions only the channels whose version changed; the saver stores each value once', async () => {
    const saver = new RecordingSaver();
    const S = Annotation.Root({ big: Annotation<string>(), n: Annotation<number>() });
    const g = new StateGraph(S).addNode('inc', (s) => ({ n: s.n + 1 }))
      .addEdge(START, 'inc').addConditionalEdges('inc', (s) => (s.n >= 3 ? END : 'inc')).compile({ checkpointer: saver });
    await g.invoke({ big: 'x'.repeat(10000), n: 0 }, { configurable: { thread_id: 't' } });
    // This engine's savers find unchanged values by version: a checkpoint carries only the new ones
    // (a LangGraph.js saver, which stores checkpoints whole, gets them all: see the differential suite).
    const withBig = saver.puts.filter((p) => 'big' in p.newVersions);
    expect(withBig.map((p) => p.metadata.step)).toEqual([0]);
    for (const p of saver.puts.filter((q) => q.metadata.step !== 0)) expect(p.checkpoint.channel_values).not.toHaveProperty('big');
    for (const p of saver.puts) expect(Object.keys(p.checkpoint.channel_values).every((k) => k in p.newVersions)).toBe(true);
    const newValues = saver.puts.reduce((n, p) => n + Object.keys(p.newVersions).filter((k) => k in p.checkpoint.channel_values).length, 0);
    expect(await saver.countStoredVersions('t')).toBe(newValues);
    expect((await g.getState({ configurable: { thread_id: 't' } })).values.big).toHaveLength(10000);
  });

  it('two writes to a last-value key in one step raise InvalidUpdateError', async () => {
    const S = Annotation.Root({ x: Annotation<number>() });
    const g = new StateGraph(S).addNode('a', () => ({ x: 1 })).addNode('b', () => ({ x: 2 }))
      .addEdge(START, 'a').addEdge(START, 'b').compile();
    await expect(g.invoke({ x: 0 })).rejects.toMatchObject({ name: 'InvalidUpdateError' });
  });

  it('raises GraphRecursionError at the recursion limit', async () => {
    const g = new StateGraph(ListState).addNode('loop', () => ({ value: ['.'] }))
      .addEdge(START, 'loop').addEdge('loop', 'loop').compile();
    await expect(g.invoke({ value: [] }, { recursionLimit: 5 })).rejects.toMatchObject({
      name: 'GraphRecursionError', message: expect.stringContaining('Recursion limit of 5 reached'),
    });
  });

  it('a chain needing W supersteps succeeds with recursionLimit W, fails with W-1', async () => {
    const g = new StateGraph(ListState).addNode('a', () => ({ value: ['a'] })).addNode('b', () => ({ value: ['b'] }))
      .addEdge(START, 'a').addEdge('a', 'b').compile();
    await expect(g.invoke({ value: [] }, { recursionLimit: 3 })).resolves.toEqual({ value: ['a', 'b'] });
    await expect(g.invoke({ value: [] }, { recursionLimit: 2 })).rejects.toMatchObject({ name: 'GraphRecursionError' });
  });

  it('runs Send fan-out as PUSH tasks in packet order', async () => {
    const g = new StateGraph(ListState).addNode('w', async (x: any) => (await sleep(10 - x.i), { value: [`w${x.i}`] }))
      .addConditionalEdges(START, () => [0, 1, 2, 3].map((i) => new Send('w', { i }))).compile();
    expect(await g.invoke({ value: [] })).toEqual({ value: ['w0', 'w1', 'w2', 'w3'] });
  });
});

describe('put_writes', () => {
  it('attaches writes to the checkpoint the step started from and clears them when the step completes', async () => {
    const saver = new RecordingSaver();
    const g = new StateGraph(ListState).addNode('a', () => ({ value: ['a'] })).addEdge(START, 'a').compile({ checkpointer: saver });
    await g.invoke({ value: [] }, { configurable: { thread_id: 't' } });
    const aWrites = saver.putWritesCalls.find((c) => c.writes.some(([ch, v]) => ch === 'value' && JSON.stringify(v) === '["a"]'))!;
    const step0 = saver.puts.find((p) => p.metadata.step === 0)!;
    expect(aWrites.checkpointId).toBe(step0.checkpoint.id);
    const head = await saver.getTuple({ configurable: { thread_id: 't' } });
    expect(head!.pendingWrites).toEqual([]);
  });

  it("a task's new writes replace its earlier ones; special writes are deduplicated (last wins)", async () => {
    const saver = new RecordingSaver();
    const { interrupt } = await import('../index');
    const g = new StateGraph(ListState)
      .addNode('ask', () => ({ value: [interrupt('q1') as string, interrupt('q2') as string] }))
      .addEdge(START, 'ask').compile({ checkpointer: saver });
    const cfg = { configurable: { thread_id: 't' } };
    const { Command } = await import('../index');
    await g.invoke({ value: [] }, cfg);
    await g.invoke(new Command({ resume: 'r1' }), cfg);
    // The second interrupt: one call with INTERRUPT and a single RESUME (the last, ['r1']).
    const interruptCalls = saver.putWritesCalls.filter((c) => c.writes.some(([ch]) => ch === '__interrupt__'));
    expect(interruptCalls[1].writes.map(([c]) => c)).toEqual(['__interrupt__', '__resume__']);
    expect(interruptCalls[1].writes[1][1]).toEqual(['r1']);
    const tuple = await saver.getTuple(cfg);
    const ask = tuple!.pendingWrites!.filter(([tid]) => tid !== NULL_TASK_ID);
    expect(ask.map(([, c]) => c).sort()).toEqual(['__interrupt__', '__resume__']);
  });

  it('NULL-task writes (Command update) are saved under NULL_TASK_ID', async () => {
    const saver = new RecordingSaver();
    const { Command } = await import('../index');
    const g = new StateGraph(ListState).addNode('a', () => ({ value: ['a'] })).addEdge(START, 'a')
      .compile({ checkpointer: saver, interruptBefore: ['a'] });
    const cfg = { configurable: { thread_id: 't' } };
    await g.invoke({ value: [] }, cfg);
    await g.invoke(new Command({ update: { value: ['u1'] } }), cfg);
    const nullCalls = saver.putWritesCalls.filter((c) => c.taskId === NULL_TASK_ID);
    expect(nullCalls.map((c) => c.writes)).toEqual([[['value', ['u1']]]]);
    // As in LangGraph.js, a Command without resume saves an input checkpoint and runs on: the
    // update counts as a resume for interruptBefore, so `a` runs after it.
    expect((await g.getState(cfg)).values.value).toEqual(['u1', 'a']);
  });

  it('encodes Send packets and errors as plain data for the saver', async () => {
    const saver = new RecordingSaver();
    const g = new StateGraph(ListState).addNode('w', () => {
      throw new TypeError('bad');
    }).addConditionalEdges(START, () => [new Send('w', { i: 1 })]).compile({ checkpointer: saver });
    await expect(g.invoke({ value: [] }, { configurable: { thread_id: 't' } })).rejects.toThrow('bad');
    const sendWrite = saver.putWritesCalls.flatMap((c) => c.writes).find(([c]) => c === '__pregel_tasks')!;
    expect(Object.getPrototypeOf(sendWrite[1])).toBe(Object.prototype);
    expect(sendWrite[1]).toEqual({ lg_name: 'Send', node: 'w', args: { i: 1 } });
    const err = saver.putWritesCalls.flatMap((c) => c.writes).find(([c]) => c === '__error__')!;
    expect(err[1]).toMatchObject({ name: 'TypeError', message: 'bad' });
    expect(Object.getPrototypeOf(err[1])).toBe(Object.prototype);
    const state = await g.getState({ configurable: { thread_id: 't' } });
    expect(state.next).toEqual(['w']);
    expect(state.tasks[0]).toMatchObject({ name: 'w', error: { name: 'TypeError', message: 'bad' } });
  });

  it('MemorySaver works as the default checkpointer', async () => {
    const g = new StateGraph(ListState).addNode('a', () => ({ value: ['a'] })).addEdge(START, 'a').compile({ checkpointer: new MemorySaver() });
    expect(await g.invoke({ value: [] }, { configurable: { thread_id: 'x' } })).toEqual({ value: ['a'] });
  });
});

describe('StateGraph schemas', () => {
  it('accepts a plain state definition and the legacy { channels } spec', async () => {
    const plain = new StateGraph({ value: Annotation<string[], string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) })
      .addNode('a', () => ({ value: ['a'] })).addEdge(START, 'a').compile();
    expect(await plain.invoke({ value: ['0'] })).toEqual({ value: ['0', 'a'] });
    const legacy = new StateGraph({ channels: { value: { reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }, last: null } })
      .addNode('a', () => ({ value: ['a'], last: 1 })).addEdge(START, 'a').compile();
    expect(await legacy.invoke({ value: [] })).toEqual({ value: ['a'], last: 1 });
  });
});

describe('deferred nodes', () => {
  it('a node added with { defer: true } runs once, after every branch has finished', async () => {
    const n = (x: string) => () => ({ value: [x] });
    const g = new StateGraph(ListState).addNode('a', n('a')).addNode('b', n('b')).addNode('b2', n('b2')).addNode('c', n('c'))
      .addNode('d', n('d'), { defer: true })
      .addEdge(START, 'a').addEdge('a', 'b').addEdge('a', 'c').addEdge('b', 'b2').addEdge('b2', 'd').addEdge('c', 'd')
      .compile({ checkpointer: new RecordingSaver() });
    const cfg = { configurable: { thread_id: 't' } };
    expect(await g.invoke({ value: [] }, cfg)).toEqual({ value: ['a', 'b', 'c', 'b2', 'd'] });
    expect((await history(g, 't')).map((s) => s.next)).toEqual([[], ['d'], ['b2'], ['b', 'c'], ['a'], ['__start__']]);
  });
});

describe('maxConcurrency', () => {
  it('caps the tasks of a step running at once', async () => {
    let running = 0;
    let max = 0;
    const g = new StateGraph(ListState)
      .addNode('w', async (a: any) => {
        running += 1;
        max = Math.max(max, running);
        await new Promise((r) => setTimeout(r, 2));
        running -= 1;
        return { value: [String(a.i)] };
      })
      .addConditionalEdges(START, () => Array.from({ length: 12 }, (_, i) => new Send('w', { i })))
      .compile();
    const out = await g.invoke({ value: [] }, { maxConcurrency: 3 });
    expect(out.value).toHaveLength(12);
    expect(max).toBe(3);
  });
});
