// LangGraph.js (1.7.3) graphs run on our savers as on its own MemorySaver: it recognises a
// checkpointer by shape, so an engine saver is one, including for `DeltaChannel` state, which
// LangGraph.js rebuilds through the saver's `getDeltaChannelHistory`.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Command, DeltaValue, END, MemorySaver as LangGraphMemorySaver, START, Send, StateGraph, StateSchema, interrupt } from '@langchain/langgraph';
import { MemorySaver } from '../../src/engine/checkpoint/memory';
import { IndexedDBSaver } from '../../src/checkpoint/idb/saver';

const State = new StateSchema({
  topic: z.string().default(''),
  notes: new DeltaValue(z.array(z.string()).default(() => []), {
    inputSchema: z.string(),
    reducer: (current: string[], writes: string[]) => [...current, ...writes],
    snapshotFrequency: 2,
  }),
  verdict: z.string().default(''),
});

function buildGraph() {
  return new StateGraph(State)
    .addNode('plan', (s) => ({ notes: `plan ${s.topic}` }))
    .addNode('work', (s: { part: string }) => ({ notes: `work ${s.part}` }))
    .addNode('review', () => ({ verdict: interrupt('approve?') as string, notes: 'reviewed' }))
    .addEdge(START, 'plan')
    .addConditionalEdges('plan', () => ['a', 'b', 'c'].map((part) => new Send('work', { part })))
    .addEdge('work', 'review')
    .addEdge('review', END);
}

/** A run in three calls: up to the interrupt, the resume, a second input on the same thread. */
async function runOn(checkpointer: unknown) {
  const graph = buildGraph().compile({ checkpointer: checkpointer as LangGraphMemorySaver });
  const config = { configurable: { thread_id: 't' } };
  const first = await graph.invoke({ topic: 'x' }, config);
  const resumed = await graph.invoke(new Command({ resume: 'yes' }), config);
  const again = await graph.invoke({ topic: 'y' }, config);
  const history = [];
  for await (const s of graph.getStateHistory(config)) {
    history.push({ values: s.values, next: s.next, step: s.metadata?.step, source: s.metadata?.source, tasks: s.tasks.map((t) => t.name) });
  }
  return withoutInterruptIds({ first, resumed, again, state: (await graph.getState(config)).values, history });
}

/** The run with each interrupt's id (a hash of checkpoint ids, which differ from run to run) left out. */
function withoutInterruptIds<T>(run: T): T {
  return JSON.parse(JSON.stringify(run, (key, value) => (key === 'id' ? undefined : value)));
}

describe('LangGraph.js graphs on the engine savers', () => {
  it('run, resume and rebuild delta channels on MemorySaver as on LangGraph.js MemorySaver', async () => {
    const reference = await runOn(new LangGraphMemorySaver());
    expect(reference.again.notes).toContain('reviewed');
    expect(await runOn(new MemorySaver())).toEqual(reference);
  });

  it('run, resume and rebuild delta channels on IndexedDBSaver as on LangGraph.js MemorySaver', async () => {
    const reference = await runOn(new LangGraphMemorySaver());
    const saver = new IndexedDBSaver({ dbName: `langgraph-runs-${Date.now()}` });
    expect(await runOn(saver)).toEqual(reference);
    saver.close();
  });
});
