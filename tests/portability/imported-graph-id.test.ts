/**
 * Files without a graph id, imported one after the other: each keeps its own source in a
 * quarantined graph of its own (`user:imported`, `user:imported-2`, …) and its thread names it;
 * an earlier file's graph and threads are left as they were; the same source again reuses its
 * graph. Over the protocol, with the real host, on both stores.
 */
import { describe, expect, it } from 'vitest';
import { MemorySaver } from '../../src/engine/checkpoint/memory';
import { exportThread } from '../../src/worker/portability';
import { connect, STORES } from '../worker/harness';
import { snapshotSaver, writeFixtureThread } from './fixtures';

/** An exported thread with no graph id that carries `source`. */
async function fileWithoutGraphId(threadId: string, source: string): Promise<string> {
  const saver = new MemorySaver();
  await writeFixtureThread(saver, threadId);
  const r = await exportThread(saver, threadId, { graphId: null, graphSource: source });
  if (!r.ok) throw new Error(r.error.message);
  expect(JSON.parse(r.text)).toMatchObject({ graphId: null, graphSource: source });
  return r.text;
}

const SOURCE_A = "// the first file's graph\nexport default 1;\n";
const SOURCE_B = "// the second file's graph\nexport default 2;\n";

describe.each(STORES)('imports without a graph id (%s)', (_name, makeStore) => {
  it("a second file gets a quarantined graph of its own with its own source; the first file's is unchanged", async () => {
    const { client, store } = connect(makeStore());
    const a = await client.importThread({ text: await fileWithoutGraphId('file-a', SOURCE_A) });
    expect(a.thread).toMatchObject({ threadId: 'file-a', graphId: 'user:imported', quarantinedGraphId: 'user:imported' });
    const before = await snapshotSaver(store.saver, ['file-a']);

    const preview = await client.previewImport(await fileWithoutGraphId('file-b', SOURCE_B));
    expect(preview.preview).toMatchObject({ graphId: null, sourceWouldRun: true, graphSource: SOURCE_B });
    const b = await client.importThread({ text: await fileWithoutGraphId('file-b', SOURCE_B) });
    expect(b.thread).toMatchObject({ threadId: 'file-b', graphId: 'user:imported-2', quarantinedGraphId: 'user:imported-2' });

    const graphs = await client.listGraphs();
    expect(graphs.find((g) => g.id === 'user:imported')).toMatchObject({ source: SOURCE_A, quarantine: { reason: 'unapproved' } });
    expect(graphs.find((g) => g.id === 'user:imported-2')).toMatchObject({ source: SOURCE_B, quarantine: { reason: 'unapproved' } });
    const threads = await client.listThreads();
    expect(threads.find((t) => t.threadId === 'file-a')?.graphId).toBe('user:imported');
    expect(threads.find((t) => t.threadId === 'file-b')?.graphId).toBe('user:imported-2');
    expect(await snapshotSaver(store.saver, ['file-a'])).toEqual(before);
  });

  it('the same source again goes to the graph that already holds it', async () => {
    const { client } = connect(makeStore());
    await client.importThread({ text: await fileWithoutGraphId('one', SOURCE_A) });
    const again = await client.importThread({ text: await fileWithoutGraphId('two', SOURCE_A) });
    expect(again.thread).toMatchObject({ threadId: 'two', graphId: 'user:imported', quarantinedGraphId: 'user:imported' });
    expect((await client.listGraphs()).filter((g) => g.id.startsWith('user:imported'))).toHaveLength(1);
  });
});
