/**
 * `stopAfterSteps`: the root run pauses once that many supersteps are committed, with the
 * checkpoint saved and its next tasks pending, and a `null` run continues exactly from there.
 * Every case compares the paused-and-continued run with the same graph run in one go.
 */
import { describe, expect, it } from 'vitest';
import { Annotation, Command, END, Send, START, StateGraph, interrupt } from '../index';
import type { Durability } from '../pregel/loop';
import { history, RecordingSaver, traceLog } from './helpers';

const Log = Annotation.Root({ log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
type Compiled = ReturnType<ReturnType<typeof chain>['compile']>;

function chain() {
  return new StateGraph(Log)
    .addNode('a', () => ({ log: ['a'] }))
    .addNode('b', () => ({ log: ['b'] }))
    .addNode('c', () => ({ log: ['c'] }))
    .addEdge(START, 'a').addEdge('a', 'b').addEdge('b', 'c').addEdge('c', END);
}

/** Runs `input` and then `null` with `stopAfterSteps: 1` until the run no longer pauses; returns each pause's `next`. */
async function stepThrough(g: Compiled, input: unknown, opts: { threadId: string; durability?: Durability; via: 'invoke' | 'stream' }) {
  const cfg = { configurable: { thread_id: opts.threadId } };
  const pauses: string[][] = [];
  const statuses: string[] = [];
  let next: unknown = input;
  for (let i = 0; i < 20; i++) {
    const log = traceLog();
    const options = { ...cfg, stopAfterSteps: 1, durability: opts.durability, trace: log.trace };
    if (opts.via === 'invoke') await g.invoke(next, options);
    else for await (const _ of await g.stream(next, options)) void _;
    const end = log.of('@engine.run.end').filter((e) => e.checkpointNs === '');
    expect(end).toHaveLength(1);
    statuses.push(end[0].status);
    if (end[0].status !== 'paused') break;
    expect(end[0].pause).toEqual({ stopAfterSteps: 1 });
    pauses.push([...(await g.getState(cfg)).next]);
    next = null;
  }
  return { pauses, statuses, state: await g.getState(cfg) };
}

describe('stopAfterSteps', () => {
  for (const durability of ['sync', 'async', 'exit'] as const) {
    for (const via of ['invoke', 'stream'] as const) {
      it(`pauses after each committed step and continues where it stopped (${via}, durability ${durability})`, async () => {
        const whole = chain().compile({ checkpointer: new RecordingSaver() });
        await whole.invoke({ log: [] }, { configurable: { thread_id: 'w' }, durability });
        const g = chain().compile({ checkpointer: new RecordingSaver() });
        const r = await stepThrough(g, { log: [] }, { threadId: 't', durability, via });
        // The first step is START's (it passes the input on), as in LangGraph.js.
        expect(r.pauses).toEqual([['a'], ['b'], ['c']]);
        expect(r.statuses).toEqual(['paused', 'paused', 'paused', 'done']);
        expect(r.state.values).toEqual((await whole.getState({ configurable: { thread_id: 'w' } })).values);
        expect(r.state.next).toEqual([]);
        if (durability !== 'exit') {
          // The same checkpoints, step for step, as the run made in one go.
          const shape = (h: Awaited<ReturnType<typeof history>>) => h.map((s) => [s.metadata.step, s.metadata.source, s.next]);
          expect(shape(await history(g, 't'))).toEqual(shape(await history(whole, 'w')));
        }
      });
    }
  }

  it('counts the root steps only: a subgraph runs its steps inside one of them', async () => {
    const calls = { s1: 0, s2: 0 };
    const sub = new StateGraph(Log)
      .addNode('s1', () => (calls.s1++, { log: ['s1'] }))
      .addNode('s2', () => (calls.s2++, { log: ['s2'] }))
      .addEdge(START, 's1').addEdge('s1', 's2').compile();
    const build = () => new StateGraph(Log).addNode('p1', () => ({ log: ['p1'] })).addNode('sub', sub).addNode('p2', () => ({ log: ['p2'] }))
      .addEdge(START, 'p1').addEdge('p1', 'sub').addEdge('sub', 'p2').compile({ checkpointer: new RecordingSaver() });
    const whole = await build().invoke({ log: [] }, { configurable: { thread_id: 'w' } });
    expect(calls).toEqual({ s1: 1, s2: 1 });
    const r = await stepThrough(build(), { log: [] }, { threadId: 't', via: 'stream' });
    expect(r.pauses).toEqual([['p1'], ['sub'], ['p2']]);
    expect(r.state.values).toEqual(whole);
    expect(calls).toEqual({ s1: 2, s2: 2 });
  });

  it('pauses with Send tasks pending and runs each of them once when continued', async () => {
    const seen: number[] = [];
    const S = Annotation.Root({ log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }), n: Annotation<number>() });
    const g = new StateGraph(S)
      .addNode('fan', () => ({ log: ['fan'] }))
      .addNode('w', (s: { n: number }) => (seen.push(s.n), { log: [`w${s.n}`] }))
      .addNode('join', () => ({ log: ['join'] }))
      .addEdge(START, 'fan')
      .addConditionalEdges('fan', () => [1, 2, 3].map((n) => new Send('w', { n })))
      .addEdge('w', 'join').addEdge('join', END)
      .compile({ checkpointer: new RecordingSaver() });
    const r = await stepThrough(g, { log: [] }, { threadId: 't', via: 'invoke' });
    expect(r.pauses).toEqual([['fan'], ['w', 'w', 'w'], ['join']]);
    expect(seen).toEqual([1, 2, 3]);
    expect(r.state.values.log).toEqual(['fan', 'w1', 'w2', 'w3', 'join']);
  });

  it('an interrupt before the limit ends the run interrupted; a resume commits its step, then pauses', async () => {
    const g = new StateGraph(Log)
      .addNode('ask', () => ({ log: [`ask:${interrupt('q')}`] }))
      .addNode('b', () => ({ log: ['b'] }))
      .addNode('c', () => ({ log: ['c'] }))
      .addEdge(START, 'ask').addEdge('ask', 'b').addEdge('b', 'c')
      .compile({ checkpointer: new RecordingSaver() });
    const cfg = { configurable: { thread_id: 't' } };
    const first = traceLog();
    const out = await g.invoke({ log: [] }, { ...cfg, stopAfterSteps: 2, trace: first.trace });
    expect(out.__interrupt__.map((i: { value: unknown }) => i.value)).toEqual(['q']);
    expect(first.of('@engine.run.end').map((e) => e.status)).toEqual(['interrupted']);
    const resumed = traceLog();
    expect(await g.invoke(new Command({ resume: 'yes' }), { ...cfg, stopAfterSteps: 1, trace: resumed.trace })).toEqual({ log: ['ask:yes'] });
    expect(resumed.of('@engine.run.end').map((e) => e.status)).toEqual(['paused']);
    expect((await g.getState(cfg)).next).toEqual(['b']);
    expect(await g.invoke(null, cfg)).toEqual({ log: ['ask:yes', 'b', 'c'] });
  });

  it('a pause is not a breakpoint: the next step has no pending interrupt and runs on a null input', async () => {
    const g = chain().compile({ checkpointer: new RecordingSaver() });
    const cfg = { configurable: { thread_id: 't' } };
    await g.invoke({ log: [] }, { ...cfg, stopAfterSteps: 3 });
    const state = await g.getState(cfg);
    expect(state.next).toEqual(['c']);
    expect(state.tasks.every((t) => t.interrupts.length === 0)).toBe(true);
    expect(state.metadata?.source).toBe('loop');
    expect(await g.invoke(null, cfg)).toEqual({ log: ['a', 'b', 'c'] });
  });

  it('refuses a limit that is not a positive integer', async () => {
    const g = chain().compile({ checkpointer: new RecordingSaver() });
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      await expect(g.invoke({ log: [] }, { configurable: { thread_id: 't' }, stopAfterSteps: bad })).rejects.toThrow(/"stopAfterSteps" must be a positive integer/);
    }
  });
});
