/** Semantic 5: interrupts (dynamic and static) and retries. */
import { describe, expect, it } from 'vitest';
import { Annotation, Command, START, StateGraph, interrupt } from '../index';
import { fakeSleep, history, ListState, RecordingSaver } from './helpers';

describe('interrupts', () => {
  it('returns __interrupt__, lists it on getState().tasks, resumes with a value', async () => {
    const g = new StateGraph(ListState)
      .addNode('a', () => ({ value: ['a'] }))
      .addNode('ask', () => ({ value: [`human:${interrupt('What is your input?')}`] }))
      .addNode('b', () => ({ value: ['b'] }))
      .addEdge(START, 'a').addEdge('a', 'ask').addEdge('ask', 'b')
      .compile({ checkpointer: new RecordingSaver() });
    const cfg = { configurable: { thread_id: 't' } };
    const r = await g.invoke({ value: [] }, cfg);
    expect(r).toEqual({ value: ['a'], __interrupt__: [{ id: expect.any(String), value: 'What is your input?' }] });
    const s = await g.getState(cfg);
    expect(s.next).toEqual(['ask']);
    expect(s.tasks[0].interrupts).toEqual(r.__interrupt__);
    expect(await g.invoke(new Command({ resume: 'x' }), cfg)).toEqual({ value: ['a', 'human:x', 'b'] });
    expect((await history(g, 't')).map((h) => h.next)).toEqual([[], ['b'], ['ask'], ['a'], ['__start__']]);
  });

  it('replays earlier answers to a node with several interrupts', async () => {
    let runs = 0;
    const g = new StateGraph(ListState)
      .addNode('n', () => {
        runs++;
        const a = interrupt('first');
        const b = interrupt('second');
        return { value: [a, b] };
      })
      .addEdge(START, 'n').compile({ checkpointer: new RecordingSaver() });
    const cfg = { configurable: { thread_id: 't' } };
    const r1 = await g.invoke({ value: [] }, cfg);
    const r2 = await g.invoke(new Command({ resume: 's1' }), cfg);
    expect(r2.__interrupt__[0].value).toBe('second');
    expect(r2.__interrupt__[0].id).not.toBe(r1.__interrupt__[0].id);
    expect(await g.invoke(new Command({ resume: 's2' }), cfg)).toEqual({ value: ['s1', 's2'] });
    expect(runs).toBe(3);
  });

  it('resumes parallel interrupts one by one with a map keyed by interrupt id', async () => {
    const calls = { a: 0, b: 0 };
    const g = new StateGraph(ListState)
      .addNode('a', () => (calls.a++, { value: [`a:${interrupt('qa')}`] }))
      .addNode('b', () => (calls.b++, { value: [`b:${interrupt('qb')}`] }))
      .addEdge(START, 'a').addEdge(START, 'b').compile({ checkpointer: new RecordingSaver() });
    const cfg = { configurable: { thread_id: 't' } };
    const r = await g.invoke({ value: [] }, cfg);
    const [ia, ib] = r.__interrupt__;
    expect([ia.value, ib.value]).toEqual(['qa', 'qb']);
    const r2 = await g.invoke(new Command({ resume: { [ia.id]: 'x' } }), cfg);
    expect(r2.__interrupt__.map((i: any) => i.value)).toEqual(['qb']);
    expect(await g.invoke(new Command({ resume: { [ib.id]: 'y' } }), cfg)).toEqual({ value: ['a:x', 'b:y'] });
    expect(calls).toEqual({ a: 2, b: 3 });
  });

  it('interrupt() without a checkpointer is an error', async () => {
    const g = new StateGraph(ListState).addNode('n', () => ({ value: [interrupt('q')] })).addEdge(START, 'n').compile();
    await expect(g.invoke({ value: [] })).rejects.toMatchObject({ name: 'GraphValueError' });
  });

  it('interruptBefore stops before the node; invoke(null) continues and it does not fire again', async () => {
    const g = new StateGraph(ListState).addNode('a', () => ({ value: ['a'] })).addNode('b', () => ({ value: ['b'] }))
      .addEdge(START, 'a').addEdge('a', 'b').compile({ checkpointer: new RecordingSaver(), interruptBefore: ['b'] });
    const cfg = { configurable: { thread_id: 't' } };
    expect(await g.invoke({ value: [] }, cfg)).toEqual({ value: ['a'], __interrupt__: [] });
    expect((await g.getState(cfg)).next).toEqual(['b']);
    expect(await g.invoke(null, cfg)).toEqual({ value: ['a', 'b'] });
  });

  it("interruptAfter stops after the node's checkpoint; '*' matches every node", async () => {
    const g = new StateGraph(ListState).addNode('a', () => ({ value: ['a'] })).addNode('b', () => ({ value: ['b'] }))
      .addEdge(START, 'a').addEdge('a', 'b').compile({ checkpointer: new RecordingSaver(), interruptAfter: '*' });
    const cfg = { configurable: { thread_id: 't' } };
    await g.invoke({ value: [] }, cfg);
    const s = await g.getState(cfg);
    expect([s.metadata!.step, s.next]).toEqual([1, ['b']]);
    await g.invoke(null, cfg);
    expect((await g.getState(cfg)).next).toEqual([]);
  });
});

describe('retries', () => {
  it('retries inside the step with backoff (capped), using the injected wait', async () => {
    let n = 0;
    const { waits, sleep } = fakeSleep();
    const S = Annotation.Root({ x: Annotation<number>() });
    const g = new StateGraph(S)
      .addNode('flaky', () => {
        if (++n < 4) throw new Error(`fail ${n}`);
        return { x: n };
      }, { retryPolicy: { maxAttempts: 5, initialInterval: 100, backoffFactor: 3, maxInterval: 500, jitter: false } })
      .addEdge(START, 'flaky').compile({ checkpointer: new RecordingSaver() });
    expect(await g.invoke({ x: 0 }, { configurable: { thread_id: 't' }, sleep })).toEqual({ x: 4 });
    expect(waits).toEqual([100, 300, 500]);
  });

  it('gives up after maxAttempts and when retryOn says no; jitter uses the random source', async () => {
    let n = 0;
    const { waits, sleep } = fakeSleep();
    const S = Annotation.Root({ x: Annotation<number>() });
    const g = new StateGraph(S)
      .addNode('bad', () => {
        n++;
        throw new Error('always');
      }, { retryPolicy: { maxAttempts: 2, initialInterval: 10 } })
      .addEdge(START, 'bad').compile();
    await expect(g.invoke({ x: 0 }, { sleep, random: () => 0.5 })).rejects.toThrow('always');
    expect([n, waits]).toEqual([2, [510]]);

    let m = 0;
    const h = new StateGraph(S)
      .addNode('bad', () => {
        m++;
        throw new TypeError('no retry');
      }, { retryPolicy: { retryOn: (e) => !(e instanceof TypeError) } })
      .addEdge(START, 'bad').compile();
    await expect(h.invoke({ x: 0 }, { sleep })).rejects.toThrow('no retry');
    expect(m).toBe(1);
  });
});
