/**
 * The read path of one click: selecting a checkpoint reads its tuple and its parent once each from
 * storage, in one view read (`readCheckpointView`: one transaction in IndexedDB), and nothing
 * else (the graph's sandbox rebuilds both snapshots from those tuples); the page receives
 * the state values once: no parent values, and the raw tuple's channel values cut to no entries
 * (read on demand), while the diff and "show more" still answer from what the worker kept.
 */
import { describe, expect, it } from 'vitest';
import type { RunnableConfig } from '../../src/engine/checkpoint/types';
import type { ThreadStore } from '../../src/worker/store';
import { connect, newThread, STORES } from './harness';

/**
 * Counts the store's reads of checkpoints (set before the host wraps the store; cleared with
 * `clear`): the view reads (by checkpoint id) and every
 * other tuple read (by checkpoint id, from the worker or the sandbox); a store that builds its view
 * from tuple reads does not count those twice.
 */
function countReads(store: ThreadStore): { views: string[]; tuples: (string | undefined)[]; clear(): void } {
  const counted = {
    views: [] as string[],
    tuples: [] as (string | undefined)[],
    clear() {
      counted.views.length = 0;
      counted.tuples.length = 0;
    },
  };
  let inView = 0;
  const readView = store.readCheckpointView.bind(store);
  store.readCheckpointView = async (threadId, ns, checkpointId) => {
    counted.views.push(checkpointId);
    inView++;
    try {
      return await readView(threadId, ns, checkpointId);
    } finally {
      inView--;
    }
  };
  const getTuple = store.saver.getTuple.bind(store.saver);
  store.saver.getTuple = (config: RunnableConfig) => {
    if (inView === 0) counted.tuples.push(config.configurable?.checkpoint_id);
    return getTuple(config);
  };
  return counted;
}

describe.each(STORES)('one read per click (%s)', (_name, makeStore) => {
  it('reads the tuple and its parent once each, and sends the values once', async () => {
    const store = makeStore();
    const reads = countReads(store);
    const { client } = connect(store);
    const threadId = newThread();
    const ended = await client.waitForRun((await client.startRun({ threadId, graphId: 'test-counter', input: { count: 0, target: 3, delayMs: 0 } })).runId);
    expect(ended.outcome).toBe('done');
    const rows = (await client.historyPage({ threadId, limit: 100 })).items;
    const row = rows[1]!;
    expect(row.parentId).not.toBeNull();

    reads.clear();
    const detail = await client.getCheckpoint({ threadId, checkpointId: row.checkpointId });
    expect(reads.views).toEqual([row.checkpointId]);
    expect(reads.tuples).toEqual([]);
    // Both tuples arrived with the view: the parent's values are what the diff is against.

    // The engine's view arrived (values through the schema, next), once.
    expect(detail.values).toEqual({ count: 2, target: 3, delayMs: 0 });
    expect(detail.summary.next).toEqual(['inc']);
    expect('parentValues' in detail).toBe(false);
    const raw = detail.raw as { checkpoint: { channel_values: Record<string, unknown> } };
    expect(raw.checkpoint.channel_values).toEqual({});
    const cut = detail.truncated?.raw?.find((t) => t.path.join('/') === 'checkpoint/channel_values');
    expect(cut).toMatchObject({ unit: 'entries', shown: 0 });
    expect(cut!.total).toBeGreaterThanOrEqual(3);

    // What was not sent is one request away, from the detail the worker kept (no new read).
    reads.clear();
    const slice = (await client.request('rg/checkpoint.slice', { threadId, ns: '', checkpointId: row.checkpointId, field: 'raw', path: ['checkpoint', 'channel_values'], offset: 0, limit: 50 })).slice;
    expect(Object.fromEntries(slice.entries!)).toMatchObject({ count: 2, target: 3, delayMs: 0 });
    const diff = await client.request('rg/checkpoint.diff', { threadId, ns: '', checkpointId: row.checkpointId, offset: 0, limit: 50 });
    expect(diff.first).toBe(false);
    expect(diff.changes).toEqual([{ kind: 'changed', path: 'count', from: 1, to: 2 }]);
    expect([reads.views, reads.tuples]).toEqual([[], []]);
  });

  it('the first checkpoint has no parent to read and diffs against nothing', async () => {
    const store = makeStore();
    const reads = countReads(store);
    const { client } = connect(store);
    const threadId = newThread();
    await client.waitForRun((await client.startRun({ threadId, graphId: 'test-counter', input: { count: 0, target: 1, delayMs: 0 } })).runId);
    const first = (await client.historyPage({ threadId, limit: 100 })).items.at(-1)!;
    expect(first.parentId).toBeNull();
    reads.clear();
    await client.getCheckpoint({ threadId, checkpointId: first.checkpointId });
    expect([reads.views, reads.tuples]).toEqual([[first.checkpointId], []]);
    const diff = await client.request('rg/checkpoint.diff', { threadId, ns: '', checkpointId: first.checkpointId, offset: 0, limit: 50 });
    expect(diff.first).toBe(true);
  });
});
