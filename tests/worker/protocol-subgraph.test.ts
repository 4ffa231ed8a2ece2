/** Namespaces over the protocol: a subgraph node's checkpoints are listed, paged and inspected in their own namespace. */
import { describe, expect, it } from 'vitest';
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
