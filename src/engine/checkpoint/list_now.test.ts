import { describe, expect, it } from 'vitest';
import { Annotation, END, START, StateGraph } from '../index';
import type { CheckpointListOptions, CheckpointTuple, RunnableConfig } from './types';
import { MemorySaver } from './memory';
import { cfg, cpId, makeCheckpoint, meta } from './conformance/fixtures';

async function drain(it: AsyncIterable<CheckpointTuple>): Promise<CheckpointTuple[]> {
  const out: CheckpointTuple[] = [];
  for await (const t of it) out.push(t);
  return out;
}

/** Two threads, two namespaces, pending writes, three checkpoints in the main namespace. */
async function filledSaver(): Promise<MemorySaver> {
  const saver = new MemorySaver();
  let parent: string | undefined;
  for (let n = 1; n <= 3; n++) {
    await saver.put(cfg('t', '', parent), makeCheckpoint(n, { a: n, list: [n, { deep: n }] }, { a: n, list: n }), meta(n - 1, { n }));
    await saver.putWrites(cfg('t', '', cpId(n)), [['a', n * 10], ['__interrupt__', [{ value: n }]]], `task-${n}`);
    parent = cpId(n);
  }
  await saver.put(cfg('t', 'sub:1'), makeCheckpoint(4, { b: 'x' }), meta(0));
  await saver.put(cfg('other'), makeCheckpoint(5, { c: true }), meta(0));
  return saver;
}

describe('MemorySaver.listNow', () => {
  const queries: [string, RunnableConfig, CheckpointListOptions | undefined][] = [
    ['one namespace', cfg('t', ''), undefined],
    ['every namespace of a thread', { configurable: { thread_id: 't' } }, undefined],
    ['every thread', { configurable: {} }, undefined],
    ['limit and before', cfg('t', ''), { limit: 1, before: cfg('t', '', cpId(3)) }],
    ['a metadata filter', cfg('t', ''), { filter: { n: 2 } }],
    ['one checkpoint id', cfg('t', '', cpId(2)), undefined],
  ];
  for (const [name, config, options] of queries) {
    it(`lists what list() lists (${name})`, async () => {
      const saver = await filledSaver();
      const now = [...saver.listNow(config, options)];
      expect(now.length).toBeGreaterThan(0);
      expect(now).toEqual(await drain(saver.list(config, options)));
    });
  }

  it('hands out copies: changing a listed tuple changes nothing stored', async () => {
    const saver = await filledSaver();
    const [first] = saver.listNow(cfg('t', ''));
    (first.checkpoint.channel_values.list as unknown[]).push('changed');
    first.pendingWrites![0][2] = 'changed';
    const [again] = saver.listNow(cfg('t', ''));
    expect(again.checkpoint.channel_values.list).toEqual([3, { deep: 3 }]);
    expect(again.pendingWrites![0][2]).toBe(30);
  });
});

describe('getStateHistory over a MemorySaver', () => {
  const graph = (saver: MemorySaver) => {
    const State = Annotation.Root({ n: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }) });
    return new StateGraph(State)
      .addNode('step', () => ({ n: 1 }))
      .addEdge(START, 'step')
      .addConditionalEdges('step', (s: { n: number }) => (s.n < 3 ? 'step' : END))
      .compile({ checkpointer: saver });
  };

  it('reads through a subclass that overrides list()', async () => {
    const seen: string[] = [];
    class Filtering extends MemorySaver {
      override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
        for await (const t of super.list(config, options)) {
          seen.push(t.checkpoint.id);
          if (t.metadata?.source !== 'input') yield t;
        }
      }
    }
    const saver = new Filtering();
    const thread = { configurable: { thread_id: 'h' } };
    await graph(saver).invoke({ n: 0 }, thread);
    const history = [];
    for await (const s of graph(saver).getStateHistory(thread)) history.push(s);
    expect(seen.length).toBe(5);
    expect(history.map((s) => s.metadata?.source)).toEqual(['loop', 'loop', 'loop', 'loop']);
  });

  it('gives the same snapshots as a subclass that lists through the async path', async () => {
    class Plain extends MemorySaver {
      override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
        yield* super.list(config, options);
      }
    }
    const read = async (saver: MemorySaver) => {
      const thread = { configurable: { thread_id: 'same' } };
      await graph(saver).invoke({ n: 0 }, thread);
      const out = [];
      for await (const s of graph(saver).getStateHistory(thread)) out.push({ values: s.values, next: s.next, step: s.metadata?.step, tasks: s.tasks.map((t) => t.name) });
      return out;
    };
    const fast = await read(new MemorySaver());
    expect(fast).toHaveLength(5);
    expect(fast).toEqual(await read(new Plain()));
  });

  it('asks a saver for its synchronous reads, never its class: one that is no MemorySaver is read through them', async () => {
    // A saver of its own class that keeps its checkpoints in a MemorySaver and declares its reads.
    const inner = new MemorySaver();
    const counts = { getTuple: 0, list: 0, syncGet: 0, syncList: 0 };
    const own = {
      getTuple: (c: RunnableConfig) => (counts.getTuple++, inner.getTuple(c)),
      list: (c: RunnableConfig, o?: CheckpointListOptions) => (counts.list++, inner.list(c, o)),
      put: inner.put.bind(inner), putWrites: inner.putWrites.bind(inner), deleteThread: inner.deleteThread.bind(inner),
      getNextVersion: inner.getNextVersion.bind(inner),
      synchronousReads: () => ({
        getTuple: (c: RunnableConfig) => (counts.syncGet++, inner.getTupleNow(c)),
        list: (c: RunnableConfig, o?: CheckpointListOptions, shared?: boolean) => (counts.syncList++, inner.listNow(c, o, shared)),
      }),
    };
    const thread = { configurable: { thread_id: 'own' } };
    await graph(own as unknown as MemorySaver).invoke({ n: 0 }, thread);
    const history = [];
    for await (const s of graph(own as unknown as MemorySaver).getStateHistory(thread)) history.push(s.metadata?.step);
    expect(history).toEqual([3, 2, 1, 0, -1]);
    expect(counts.syncGet).toBeGreaterThan(0);
    expect(counts.syncList).toBe(1);
    expect(counts.list).toBe(0);
  });
});
