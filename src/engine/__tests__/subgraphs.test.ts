/** Subgraphs and the node cache. */
import { describe, expect, it } from 'vitest';
import { Annotation, Command, END, InMemoryCache, START, StateGraph, interrupt } from '../index';
import { history, RecordingSaver, traceLog } from './helpers';

const Log = Annotation.Root({ log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });

describe('subgraphs', () => {
  it('run nested in the task namespace with the parent checkpointer, parents metadata, and resume into the child', async () => {
    const saver = new RecordingSaver();
    const calls = { ask: 0, s2: 0 };
    const sub = new StateGraph(Log)
      .addNode('ask', () => (calls.ask++, { log: [`ask:${interrupt('sub question')}`] }))
      .addNode('s2', () => (calls.s2++, { log: ['s2'] }))
      .addEdge(START, 'ask').addEdge('ask', 's2').compile();
    const g = new StateGraph(Log).addNode('p1', () => ({ log: ['p1'] })).addNode('sub', sub)
      .addEdge(START, 'p1').addEdge('p1', 'sub').compile({ checkpointer: saver });
    const cfg = { configurable: { thread_id: 't' } };
    const log = traceLog();
    const r = await g.invoke({ log: [] }, { ...cfg, trace: log.trace });
    expect(r.__interrupt__.map((i: any) => i.value)).toEqual(['sub question']);
    const state = await g.getState(cfg, { subgraphs: true });
    const subTask = state.tasks[0] as any;
    expect(subTask.name).toBe('sub');
    expect(subTask.state.next).toEqual(['ask']);
    expect(subTask.state.config.configurable.checkpoint_ns).toMatch(/^sub:[0-9a-f-]{36}$/);
    expect(subTask.state.metadata.parents).toEqual({ '': state.config.configurable!.checkpoint_id });
    expect(new Set(log.events.map((e) => e.checkpointNs)).size).toBe(2);
    expect(await g.invoke(new Command({ resume: 'ok' }), cfg)).toEqual({ log: ['p1', 'p1', 'ask:ok', 's2'] });
    expect(calls).toEqual({ ask: 2, s2: 1 });
  });

  it('a stateless subgraph restarts on parent replay; history stays per namespace', async () => {
    const saver = new RecordingSaver();
    const sub = new StateGraph(Log).addNode('s', () => ({ log: ['s'] })).addEdge(START, 's').compile();
    const g = new StateGraph(Log).addNode('sub', sub).addNode('after', () => ({ log: ['after'] }))
      .addEdge(START, 'sub').addEdge('sub', 'after').addEdge('after', END).compile({ checkpointer: saver });
    const cfg = { configurable: { thread_id: 't' } };
    await g.invoke({ log: [] }, cfg);
    const root = await history(g, 't');
    expect(root.map((s) => s.metadata.step)).toEqual([2, 1, 0, -1]);
    const nss = new Set<string>();
    for await (const t of saver.list({ configurable: { thread_id: 't' } })) nss.add(t.config.configurable!.checkpoint_ns as string);
    expect([...nss].sort()[0]).toBe('');
    expect(nss.size).toBe(2);
  });

  it('getState / getStateHistory / updateState address a subgraph by checkpoint_ns', async () => {
    const sub = new StateGraph(Log).addNode('ask', () => ({ log: [`a:${interrupt('q')}`] })).addEdge(START, 'ask').compile();
    const g = new StateGraph(Log).addNode('sub', sub).addEdge(START, 'sub').compile({ checkpointer: new RecordingSaver() });
    const cfg = { configurable: { thread_id: 't' } };
    await g.invoke({ log: ['x'] }, cfg);
    const ref = ((await g.getState(cfg)).tasks[0] as any).state;
    expect(ref).toEqual({ configurable: { thread_id: 't', checkpoint_ns: expect.stringMatching(/^sub:/) } });
    const inner = await g.getState(ref);
    expect([inner.next, inner.values]).toEqual([['ask'], { log: ['x'] }]);
    const steps: number[] = [];
    for await (const s of g.getStateHistory(ref)) steps.push(s.metadata!.step);
    expect(steps).toEqual([0, -1]);
    const u = await g.updateState(ref, { log: ['edited'] }, 'ask');
    expect(u.configurable!.checkpoint_ns).toBe(ref.configurable.checkpoint_ns);
    expect((await g.getState(ref)).values).toEqual({ log: ['x', 'edited'] });
    // Holding the subgraph itself works too (no node of it matches the namespace).
    expect((await sub.getState.call(Object.assign(Object.create(sub), { checkpointer: g.checkpointer }), ref)).values).toEqual({ log: ['x', 'edited'] });
  });

  it('stream({ subgraphs: true }) yields [namespace, chunk]', async () => {
    const sub = new StateGraph(Log).addNode('s', () => ({ log: ['s'] })).addEdge(START, 's').compile();
    const g = new StateGraph(Log).addNode('sub', sub).addEdge(START, 'sub').compile({ checkpointer: new RecordingSaver() });
    const chunks: any[] = [];
    for await (const c of await g.stream({ log: [] }, { configurable: { thread_id: 't' }, streamMode: 'updates', subgraphs: true })) chunks.push(c);
    expect(chunks.map(([ns]) => ns.length)).toEqual([1, 0]);
    expect(chunks[0][1]).toEqual({ s: { log: ['s'] } });
    expect(chunks[1]).toEqual([[], { sub: { log: ['s'] } }]);
  });
});

describe('node cache', () => {
  it('skips a node whose input was seen, streaming the cached update; TTL expires it', async () => {
    let now = 0;
    const cache = new InMemoryCache({ now: () => now });
    let runs = 0;
    const S = Annotation.Root({ x: Annotation<number>(), y: Annotation<number>() });
    const g = new StateGraph(S).addNode('slow', (s) => (runs++, { y: s.x * 2 }), { cachePolicy: { ttl: 10 } })
      .addEdge(START, 'slow').compile({ checkpointer: new RecordingSaver(), cache });
    const run = async (x: number, t: string) => {
      const out: any[] = [];
      for await (const c of await g.stream({ x }, { configurable: { thread_id: t } })) out.push(c);
      return out;
    };
    await run(1, 'a');
    expect(await run(1, 'b')).toEqual([{ slow: { y: 2 }, __metadata__: { cached: true } }]);
    expect(runs).toBe(1);
    await run(2, 'c');
    expect(runs).toBe(2);
    now = 11_000;
    await run(1, 'd');
    expect(runs).toBe(3);
  });
});
