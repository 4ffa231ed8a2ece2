/**
 * Checkpoint details read only the trace events about their checkpoint. On real runs (errors and
 * continue, interrupts and resumes, subgraphs, replays), the dispositions and task facts from those
 * events equal the ones read from the whole trace, for every write of every checkpoint.
 */
import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../src/shared/trace';
import { taskFacts } from '../../src/worker/task-facts';
import { writesToDto } from '../../src/worker/dto-map';
import type { ThreadStore, TraceRecord } from '../../src/worker/store';
import { connect, newThread, STORES } from './harness';

const engineEvents = (records: readonly TraceRecord[]): TraceEvent[] => records.flatMap((r) => (r.kind === 'trace' ? [r.event] : []));

/** Compares, for every checkpoint of the thread, what the whole trace and the indexed events say. */
async function expectSameFacts(store: ThreadStore, threadId: string): Promise<number> {
  const all = engineEvents(await store.readTrace(threadId));
  let writes = 0;
  for await (const tuple of store.saver.list({ configurable: { thread_id: threadId } })) {
    const ns = tuple.config.configurable?.checkpoint_ns ?? '';
    const id = tuple.checkpoint.id;
    const view = await store.readCheckpointView(threadId, ns, id);
    expect(view?.tuple).toEqual(tuple);
    const own = engineEvents(view!.trace);
    expect(taskFacts(own, ns, id)).toEqual(taskFacts(all, ns, id));
    const children = view!.children;
    const fromOwn = writesToDto(tuple, [], own, children).map((w) => [w.taskId, w.channel, w.disposition]);
    expect(fromOwn, `${ns}/${id}`).toEqual(writesToDto(tuple, [], all, children).map((w) => [w.taskId, w.channel, w.disposition]));
    writes += fromOwn.length;
  }
  return writes;
}

describe.each(STORES)('checkpoint events by index (%s)', (_name, makeStore) => {
  it('an error then a continue, interrupts then resumes, and a replay: same dispositions as from the whole trace', async () => {
    const store = makeStore();
    const { client } = connect(store);
    const wait = async (p: Promise<{ runId: string }>) => (await client.waitForRun((await p).runId)).outcome;

    const flaky = newThread();
    expect(await wait(client.startRun({ threadId: flaky, graphId: 'parallel-flaky', input: { query: 'q' } }))).toBe('error');
    expect(await wait(client.continueRun({ threadId: flaky }))).toBe('done');
    const first = (await client.historyPage({ threadId: flaky, limit: 100 })).items.at(-1)!;
    await wait(client.replay({ threadId: flaky, checkpointId: first.checkpointId }));
    expect(await expectSameFacts(store, flaky)).toBeGreaterThan(0);

    const review = newThread();
    expect(await wait(client.startRun({ threadId: review, graphId: 'human-review', input: { request: 'r' } }))).toBe('interrupted');
    expect(await wait(client.resume({ threadId: review, resume: { kind: 'value', value: 'revise' } }))).toBe('interrupted');
    expect(await wait(client.resume({ threadId: review, resume: { kind: 'value', value: 'shorter' } }))).toBe('interrupted');
    expect(await expectSameFacts(store, review)).toBeGreaterThan(0);

    const sub = newThread();
    expect(await wait(client.startRun({ threadId: sub, graphId: 'subgraph-loop', input: { rounds: 2 } }))).toBe('done');
    expect(await expectSameFacts(store, sub)).toBeGreaterThan(0);
    const root = await client.listNamespaces(sub);
    expect(root.children.length).toBeGreaterThan(0);
    let listed = 0;
    for await (const _ of store.saver.list({ configurable: { thread_id: sub } })) listed++;
    const total = (n: typeof root): number => n.checkpoints + n.children.reduce((s, c) => s + total(c), 0);
    expect(total(root)).toBe(listed);
  });
});
