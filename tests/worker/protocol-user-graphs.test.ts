/** User graphs over the protocol: compile, save, re-registration on start, delete, errors with positions. */
import { describe, expect, it } from 'vitest';
import { ClientError } from '../../src/client/worker-client';
import { connect, newThread, STORES } from './harness';

const GOOD = `import { Annotation, END, START, StateGraph } from 'replaygraph';
const State = Annotation.Root({ items: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
export const title = 'Two steps';
export const exampleInput = { items: [] };
export default new StateGraph(State)
  .addNode('a', () => ({ items: ['a'] }))
  .addNode('b', () => ({ items: ['b'] }))
  .addEdge(START, 'a')
  .addEdge('a', 'b')
  .addEdge('b', END);
`;

const THROWS_AT_RUN = `import { Annotation, END, START, StateGraph } from 'replaygraph';
const State = Annotation.Root({ n: Annotation<number>() });
export default new StateGraph(State)
  .addNode('boom', (s: { n: number }) => {
    if (s.n > 0) throw new RangeError('n must not be positive');
    return { n: 0 };
  })
  .addEdge(START, 'boom')
  .addEdge('boom', END);
`;

/** Three steps, compiled to pause before the second. */
const COMPILED_BREAK = `import { Annotation, END, START, StateGraph } from 'replaygraph';
const State = Annotation.Root({ items: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
export default new StateGraph(State)
  .addNode('a', () => ({ items: ['a'] }))
  .addNode('b', () => ({ items: ['b'] }))
  .addNode('c', () => ({ items: ['c'] }))
  .addEdge(START, 'a')
  .addEdge('a', 'b')
  .addEdge('b', 'c')
  .addEdge('c', END)
  .compile({ interruptBefore: ['b'] });
`;

describe.each(STORES)('user graphs over the protocol (%s)', (_name, makeStore) => {
  it("a graph's compiled breakpoint is drawn and still stops the run when the debugger asks for others", async () => {
    const { client } = connect(makeStore());
    const r = await client.compileGraph({ graphId: 'user:brk', source: COMPILED_BREAK });
    expect(r.error).toBeNull();
    expect(r.graph!.shape.nodes.find((n) => n.id === 'b')).toMatchObject({ interruptBefore: true });
    const threadId = newThread();
    const run = await client.startRun({ threadId, graphId: 'user:brk', input: { items: [] }, controls: { breakBefore: ['c'] } });
    expect(await client.waitForRun(run.runId)).toMatchObject({ outcome: 'paused', result: { items: ['a'] } });
    expect((await client.historyPage({ threadId, limit: 1 })).items[0]!.next).toEqual(['b']);
    // Continued: the debugger's own breakpoint (before c) stops it next.
    const next = await client.continueRun({ threadId, controls: { breakBefore: ['c'] } });
    expect(await client.waitForRun(next.runId)).toMatchObject({ outcome: 'paused', result: { items: ['a', 'b'] } });
    expect((await client.historyPage({ threadId, limit: 1 })).items[0]!.next).toEqual(['c']);
  });

  it('compiles and registers a graph, runs it, and lists it with its source', async () => {
    const { client } = connect(makeStore());
    const r = await client.compileGraph({ graphId: 'user:two', source: GOOD });
    expect(r.error).toBeNull();
    expect(r.saved).toBe(false);
    expect(r.graph).toMatchObject({ id: 'user:two', title: 'Two steps', origin: 'user', source: GOOD });
    expect(r.graph!.shape.nodes.map((n) => n.id)).toEqual(['__start__', 'a', 'b', '__end__']);
    const threadId = newThread();
    const run = await client.startRun({ threadId, graphId: 'user:two', input: { items: [] } });
    expect(await client.waitForRun(run.runId)).toMatchObject({ outcome: 'done', result: { items: ['a', 'b'] } });
  });

  it('reports a syntax error with line and column, and registers nothing', async () => {
    const { client } = connect(makeStore());
    const bad = GOOD.replace("addNode('b', () =>", "addNode('b', () =>>");
    const r = await client.compileGraph({ graphId: 'user:bad', source: bad });
    expect(r.graph).toBeNull();
    expect(r.error).toMatchObject({ kind: 'syntax', line: 7 });
    expect(r.error!.column).toBeGreaterThan(0);
    expect((await client.listGraphs()).some((g) => g.id === 'user:bad')).toBe(false);
  });

  it("positions a node's run-time error in the user's source (V8 points at \`new\`)", async () => {
    const { client } = connect(makeStore());
    expect((await client.compileGraph({ graphId: 'user:boom', source: THROWS_AT_RUN })).error).toBeNull();
    const run = await client.startRun({ threadId: newThread(), graphId: 'user:boom', input: { n: 1 } });
    const ended = await client.waitForRun(run.runId);
    expect(ended.outcome).toBe('error');
    expect(ended.error).toMatchObject({ name: 'RangeError', message: 'n must not be positive', position: { line: 5, column: 24 } });
  });

  it('saved graphs are registered again by a new host on the same storage; deleted ones are not', async () => {
    const store = makeStore();
    const first = connect(store);
    expect((await first.client.saveGraph({ graphId: 'user:two', source: GOOD })).saved).toBe(true);
    const threadId = newThread();
    const run = await first.client.startRun({ threadId, graphId: 'user:two', input: { items: [] } });
    await first.client.waitForRun(run.runId);
    first.host.stop();

    const second = connect(store);
    expect((await second.client.listGraphs()).find((g) => g.id === 'user:two')?.origin).toBe('user');
    // The thread can be continued (replayed) with the re-registered graph.
    const head = (await second.client.historyPage({ threadId, limit: 10 })).items.find((c) => c.step === 1)!;
    const replay = await second.client.replay({ threadId, checkpointId: head.checkpointId });
    expect(await second.client.waitForRun(replay.runId)).toMatchObject({ outcome: 'done', result: { items: ['a', 'b'] } });
    await second.client.deleteGraph('user:two');
    second.host.stop();

    const third = connect(store);
    expect((await third.client.listGraphs()).some((g) => g.id === 'user:two')).toBe(false);
  });

  it('refuses ids outside user: and a source that does not compile is not saved', async () => {
    const { client, store } = connect(makeStore());
    const err = await client.saveGraph({ graphId: 'chain', source: GOOD }).then(() => null, (e: unknown) => e);
    expect((err as ClientError).data.code).toBe('BAD_REQUEST');
    const r = await client.saveGraph({ graphId: 'user:x', source: 'export default 42;' });
    expect(r).toMatchObject({ graph: null, saved: false, error: { kind: 'shape' } });
    expect(await store.listUserGraphs()).toEqual([]);
  });
});
