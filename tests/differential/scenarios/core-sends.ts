/**
 * Core scenarios about parallelism: Send fan-out order (with checkpoints) and parallel tasks that
 * finish in reverse order but whose writes apply in a deterministic order.
 */
import { expect } from 'vitest';
import { normSend } from '../harness/normalize';
import { entry, listState, sleep, type Scenario } from '../harness/scenario';

/** C9 (test_concurrent_emit_sends): Sends from two nodes of one step, then a plain edge. */
const c9SendOrder: Scenario = {
  name: 'C9 Send order with checkpoints',
  needs: ['Send'],
  async run({ impl, rec, saver, thread }) {
    const node = (name: string) => (s: any) => {
      rec.count(name);
      return { value: [typeof s.n === 'number' ? `${name}|${s.n}` : name] };
    };
    const graph = new impl.StateGraph(listState(impl))
      .addNode('one', node('one'))
      .addNode('one_b', node('one_b'))
      .addNode('two', node('two'))
      .addNode('three', node('three'))
      .addNode('three_b', node('three_b'))
      .addEdge(impl.START, 'one')
      .addEdge(impl.START, 'one_b')
      .addConditionalEdges('one', () => [new impl.Send('two', { n: 1 }), new impl.Send('two', { n: 2 }), 'three_b'])
      .addConditionalEdges('one_b', () => [new impl.Send('two', { n: 3 }), new impl.Send('two', { n: 4 })])
      .addConditionalEdges('two', () => 'three')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { value: ['0'] }, thread());
    await rec.history('history', graph, thread());
    const raw: unknown[] = [];
    for await (const t of saver.list(thread())) {
      const sends = t.checkpoint.channel_values.__pregel_tasks;
      if (t.metadata.step === 1) raw.push((sends as unknown[]).map((v) => normSend(v, rec.labels)));
    }
    rec.note('step 1 pending sends', raw);
  },
  check(o) {
    expect(entry(o, 'invoke').result.value).toEqual(['0', 'one', 'one_b', 'three_b', 'two|1', 'two|2', 'two|3', 'two|4', 'three']);
    const step1 = entry(o, 'history').find((s: any) => s.step === 1);
    expect(step1.next).toEqual(['two', 'two', 'two', 'two', 'three_b']);
    expect(entry(o, 'step 1 pending sends')).toEqual([
      [
        { Send: 'two', args: { n: 1 } },
        { Send: 'two', args: { n: 2 } },
        { Send: 'two', args: { n: 3 } },
        { Send: 'two', args: { n: 4 } },
      ],
    ]);
  },
};

/**
 * Parallel tasks sleep so that they finish in reverse order of their paths: writes still apply
 * in path order (PULL by node name, then Sends by index).
 */
const reverseFinishOrder: Scenario = {
  name: 'parallel tasks finishing in reverse order apply writes in a fixed order',
  needs: ['Send'],
  async run({ impl, rec, saver, thread }) {
    const slow = (name: string, ms: number) => async (s: any) => {
      rec.count(name);
      await sleep(ms);
      return { value: [typeof s.n === 'number' ? `${name}|${s.n}` : name] };
    };
    const graph = new impl.StateGraph(listState(impl))
      .addNode('p1', slow('p1', 12))
      .addNode('p2', slow('p2', 6))
      .addNode('p3', slow('p3', 1))
      .addNode('fan', async (s: any) => {
        rec.count('fan');
        await sleep(8 - 2 * s.n);
        return { value: [`fan|${s.n}`] };
      })
      .addConditionalEdges(impl.START, () => ['p3', 'p1', 'p2', new impl.Send('fan', { n: 1 }), new impl.Send('fan', { n: 2 }), new impl.Send('fan', { n: 3 })])
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { value: [] }, thread());
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'invoke').result.value).toEqual(['p1', 'p2', 'p3', 'fan|1', 'fan|2', 'fan|3']);
  },
};

/** A 20-way Send fan-out from a node, gathered by a reducer, then a join node. */
const sendFanOut: Scenario = {
  name: 'Send fan-out from a node, gathered by a reducer',
  needs: ['Send'],
  async run({ impl, rec, saver, thread }) {
    const State = impl.Annotation.Root({
      items: impl.Annotation(),
      value: impl.Annotation({ reducer: (a: number[], b: number[]) => a.concat(b), default: () => [] }),
      total: impl.Annotation(),
    });
    const graph = new impl.StateGraph(State)
      .addNode('plan', () => (rec.count('plan'), { items: Array.from({ length: 20 }, (_, i) => i) }))
      .addNode('work', (s: any) => (rec.count('work'), { value: [s.item * s.item] }))
      .addNode('sum', (s: any) => (rec.count('sum'), { total: s.value.reduce((a: number, b: number) => a + b, 0) }))
      .addEdge(impl.START, 'plan')
      .addConditionalEdges('plan', (s: any) => s.items.map((item: number) => new impl.Send('work', { item })))
      .addEdge('work', 'sum')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, {}, thread());
    await rec.history('history', graph, thread(), { writes: false });
  },
  check(o) {
    expect(entry(o, 'invoke').result.total).toBe(2470);
    expect(o.calls).toEqual({ plan: 1, work: 20, sum: 1 });
  },
};

export const CORE_SENDS: Scenario[] = [c9SendOrder, reverseFinishOrder, sendFanOut];
