/**
 * History pages from stored timeline rows: on real runs (a loop, an error then a continue,
 * interrupts then resumes), the rows a page lists equal the ones built the old way (every tuple
 * listed and `next` asked of the engine), and with IndexedDB a page reads no tuple and asks the
 * sandbox nothing. Rows whose `next` is not kept (saved before rows were kept) list the same.
 */
import { describe, expect, it } from 'vitest';
import type { CheckpointSummary } from '../../src/protocol/dto';
import type { ThreadStore } from '../../src/worker/store';
import { connect, newThread, STORES, type Pair } from './harness';

/** The same store with no `next` kept on its rows (as for checkpoints saved before rows were kept): the reader asks the engine. */
const withoutNext = (store: ThreadStore): ThreadStore => ({
  ...store,
  listRows: async (threadId, ns, limit, before) => (await store.listRows(threadId, ns, limit, before)).map((row) => {
    const copy = { ...row };
    delete copy.next;
    return copy;
  }),
});

async function seed(pair: Pair): Promise<string[]> {
  const { client } = pair;
  const wait = async (p: Promise<{ runId: string }>) => (await client.waitForRun((await p).runId)).outcome;
  const loop = newThread();
  expect(await wait(client.startRun({ threadId: loop, graphId: 'test-counter', input: { count: 0, target: 5, delayMs: 0 } }))).toBe('done');
  const flaky = newThread();
  expect(await wait(client.startRun({ threadId: flaky, graphId: 'parallel-flaky', input: { query: 'q' } }))).toBe('error');
  expect(await wait(client.continueRun({ threadId: flaky }))).toBe('done');
  const review = newThread();
  expect(await wait(client.startRun({ threadId: review, graphId: 'human-review', input: { request: 'r' } }))).toBe('interrupted');
  expect(await wait(client.resume({ threadId: review, resume: { kind: 'value', value: 'revise' } }))).toBe('interrupted');
  return [loop, flaky, review];
}

/** Every page of a thread (pages of 3, to cross page bounds). */
async function allRows(pair: Pair, threadId: string): Promise<CheckpointSummary[]> {
  const out: CheckpointSummary[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await pair.client.historyPage({ threadId, limit: 3, ...(before ? { before } : {}) });
    out.push(...page.items);
    if (page.nextBefore === null) return out;
    before = page.nextBefore;
  }
}

describe.each(STORES)('history pages from stored rows (%s)', (name, makeStore) => {
  it('list the same rows as the engine would say, without reading a tuple', async () => {
    const store = makeStore();
    const pair = connect(store);
    const threads = await seed(pair);
    const legacy = connect(withoutNext(store));
    for (const threadId of threads) {
      const expected = await allRows(legacy, threadId);
      expect(expected.some((r) => r.next.length > 0)).toBe(true);
      expect(expected.some((r) => r.pendingWrites > 0)).toBe(true);
      const reads: string[] = [];
      const { getTuple, list } = store.saver;
      store.saver.getTuple = (config) => (reads.push('getTuple'), getTuple.call(store.saver, config));
      store.saver.list = (config, options) => (reads.push('list'), list.call(store.saver, config, options));
      const rows = await allRows(pair, threadId);
      store.saver.getTuple = getTuple;
      store.saver.list = list;
      expect(rows).toEqual(expected);
      // IndexedDB keeps the rows beside the checkpoints: no tuple is read, so no engine code runs
      // either (the sandbox reads through these same methods).
      if (name.startsWith('IndexedDB')) expect(reads).toEqual([]);
    }
  });
});
