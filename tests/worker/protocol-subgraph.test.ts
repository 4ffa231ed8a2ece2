/** Namespaces over the protocol: a subgraph node's checkpoints are listed, paged and inspected in their own namespace. */
import { describe, expect, it } from 'vitest';
import { Annotation, END, interrupt, START, StateGraph } from '../../src/engine/index';
import type { GraphModule } from '../../src/sandbox/graphs/index';
import { connect, newThread, STORES } from './harness';

describe.each(STORES)('subgraph namespaces (%s)', (_name, makeStore) => {
  it('draws a subgraph node with its own shape', async () => {
    const { client } = connect(makeStore());
    const graph = (await client.listGraphs()).find((g) => g.id === 'test-subgraph')!;
    const node = graph.shape.nodes.find((n) => n.id === 'child')!;
    expect(node.kind).toBe('subgraph');
    expect(node.subgraph?.nodes.map((n) => n.id)).toEqual(['__start__', 'step1', 'step2', '__end__']);
  });

  it('lists the namespace tree, pages its history and reads its checkpoints with the subgraph\'s own state', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const { runId } = await client.startRun({ threadId, graphId: 'test-subgraph', input: { log: [] } });
    // As in LangGraph, the subgraph's output is its whole state, so the reducer appends "prepared" again.
    expect(await client.waitForRun(runId)).toMatchObject({
      outcome: 'done', result: { log: ['prepared', 'prepared', 'child step 1', 'child step 2', 'finished'] },
    });
    const root = await client.listNamespaces(threadId);
    expect(root.children).toHaveLength(1);
    const child = root.children[0]!;
    expect(child).toMatchObject({ name: 'child', ns: expect.stringMatching(/^child:/), children: [] });
    expect(child.checkpoints).toBeGreaterThanOrEqual(3);

    const page = await client.historyPage({ threadId, ns: child.ns, limit: 50 });
    expect(page.items).toHaveLength(child.checkpoints);
    expect(page.items.every((i) => i.ns === child.ns)).toBe(true);
    const beforeStep2 = page.items.find((i) => i.next.includes('step2'));
    expect(beforeStep2).toBeDefined();
    const detail = await client.getCheckpoint({ threadId, ns: child.ns, checkpointId: beforeStep2!.checkpointId });
    expect(detail.values.log).toEqual(['prepared', 'child step 1']);
    expect(detail.tasks.map((t) => t.name)).toEqual(['step2']);

    // In the parent, the task that runs the subgraph points at the subgraph's namespace.
    const parentRow = (await client.historyPage({ threadId, limit: 50 })).items.find((i) => i.next.includes('child'))!;
    const parent = await client.getCheckpoint({ threadId, checkpointId: parentRow.checkpointId });
    expect(parent.tasks.find((t) => t.name === 'child')?.subgraphNs).toBe(child.ns);
  });
});

const Review = Annotation.Root({ log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });

/** A parent whose subgraph node asks for approval with interrupt(). */
const nestedReview: GraphModule = {
  id: 'nested-review',
  title: 'Nested review',
  description: 'A subgraph asks for approval.',
  exampleInput: { log: [] },
  build(checkpointer) {
    const inner = new StateGraph(Review)
      .addNode('ask', () => ({ log: [`answer: ${String(interrupt({ question: 'ok?' }))}`] }))
      .addEdge(START, 'ask')
      .addEdge('ask', END)
      .compile();
    return new StateGraph(Review).addNode('inner', inner).addEdge(START, 'inner').addEdge('inner', END).compile({ checkpointer });
  },
};

describe.each(STORES)('an interrupt inside a subgraph (%s)', (_name, makeStore) => {
  it('ends the run interrupted, shows the question on the parent task, and resumes into the child', async () => {
    const { client } = connect(makeStore(), {}, undefined, undefined, [nestedReview]);
    const threadId = newThread();
    const r1 = await client.startRun({ threadId, graphId: 'nested-review', input: { log: [] } });
    expect((await client.waitForRun(r1.runId)).outcome).toBe('interrupted');
    const head = (await client.historyPage({ threadId, limit: 1 })).items[0]!;
    const detail = await client.getCheckpoint({ threadId, checkpointId: head.checkpointId });
    expect(detail.tasks.find((t) => t.name === 'inner')?.interrupts[0]?.value).toEqual({ question: 'ok?' });
    const r2 = await client.resume({ threadId, resume: { kind: 'value', value: 'yes' } });
    expect(await client.waitForRun(r2.runId)).toMatchObject({ outcome: 'done', result: { log: expect.arrayContaining(['answer: yes']) } });
  });
});
