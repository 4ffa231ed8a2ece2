/**
 * The browser fallback (no AsyncLocalStorage): a synchronous current-task slot, tasks of a step
 * one after another. Interrupts, call-tasks and subgraphs must behave as with AsyncLocalStorage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Annotation, Command, MemorySaver, START, StateGraph, entrypoint, interrupt, task } from '../index';
import { useSyncTaskContext } from '../pregel/context';

const Log = Annotation.Root({ log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sequential task-context fallback', () => {
  beforeAll(() => useSyncTaskContext(true));
  afterAll(() => useSyncTaskContext(false));

  it('interrupt() after awaits inside a node, and parallel interrupts resumed by id', async () => {
    const g = new StateGraph(Log)
      .addNode('a', async () => (await sleep(2), { log: [`a:${interrupt('qa')}`] }))
      .addNode('b', async () => (await sleep(1), { log: [`b:${interrupt('qb')}`] }))
      .addEdge(START, 'a').addEdge(START, 'b').compile({ checkpointer: new MemorySaver() });
    const cfg = { configurable: { thread_id: 't' } };
    const r = await g.invoke({ log: [] }, cfg);
    const [ia, ib] = r.__interrupt__;
    expect(await g.invoke(new Command({ resume: { [ia.id]: 1, [ib.id]: 2 } }), cfg)).toEqual({ log: ['a:1', 'b:2'] });
  });

  it('call-tasks and an interrupt inside an entrypoint', async () => {
    let runs = 0;
    const double = task('double', async (n: number) => (runs++, await sleep(1), n * 2));
    const wf = entrypoint({ name: 'wf', checkpointer: new MemorySaver() }, async (n: number) => {
      const a = await double(n);
      const b = await double(a);
      return `${b}:${interrupt('ok?')}`;
    });
    const cfg = { configurable: { thread_id: 't' } };
    await wf.invoke(3, cfg);
    expect(await wf.invoke(new Command({ resume: 'yes' }), cfg)).toBe('12:yes');
    expect(runs).toBe(2);
  });

  it('a subgraph invoked inside a node, with interrupts in both, restores the parent task context', async () => {
    const sub = new StateGraph(Log).addNode('ask', () => ({ log: [`sub:${interrupt('inner')}`] })).addEdge(START, 'ask').compile();
    const g = new StateGraph(Log)
      .addNode('p', async (s, config) => {
        const out = (await sub.invoke(s, config)) as { log: string[] };
        return { log: [...out.log.slice(s.log.length), `p:${interrupt('outer')}`] };
      })
      .addEdge(START, 'p').compile({ checkpointer: new MemorySaver() });
    const cfg = { configurable: { thread_id: 't' } };
    expect((await g.invoke({ log: [] }, cfg)).__interrupt__.map((i: any) => i.value)).toEqual(['inner']);
    // As in LangGraph.js, one plain resume value answers the subgraph's interrupt and then the
    // parent's own (each task reads the same unbound resume value).
    expect(await g.invoke(new Command({ resume: 'x' }), cfg)).toEqual({ log: ['sub:x', 'p:x'] });
  });
});
