/** Protocol round trips: naming a thread (rg/thread.rename) in both stores. */
import { describe, expect, it } from 'vitest';
import { connect, newThread, STORES } from './harness';

describe.each(STORES)('thread names over the protocol (%s)', (_name, makeStore) => {
  it('names a thread, keeps its other fields, renames, clears, and refuses an unknown thread or a bad name', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    await client.waitForRun((await client.startRun({ threadId, graphId: 'chain', input: { topic: 'x' } })).runId);
    const before = (await client.listThreads()).find((t) => t.threadId === threadId)!;
    expect(before.name).toBeUndefined();

    await client.request('rg/thread.rename', { threadId, name: '  Essay about x  ' });
    const named = (await client.listThreads()).find((t) => t.threadId === threadId)!;
    expect(named).toEqual({ ...before, name: 'Essay about x' });

    // A later run keeps the name.
    await client.waitForRun((await client.startRun({ threadId, graphId: 'chain', input: { topic: 'y' } })).runId);
    expect((await client.listThreads()).find((t) => t.threadId === threadId)!.name).toBe('Essay about x');

    await client.request('rg/thread.rename', { threadId, name: '' });
    expect((await client.listThreads()).find((t) => t.threadId === threadId)!.name).toBeUndefined();

    await expect(client.request('rg/thread.rename', { threadId: 'no-such-thread', name: 'x' })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect((await client.listThreads()).map((t) => t.threadId)).not.toContain('no-such-thread');
    await expect(client.request('rg/thread.rename', { threadId, name: 'x'.repeat(201) })).rejects.toMatchObject({ data: { code: 'BAD_REQUEST' } });

    // The name goes with the thread.
    await client.request('rg/thread.rename', { threadId, name: 'gone soon' });
    await client.deleteThread(threadId);
    await client.waitForRun((await client.startRun({ threadId, graphId: 'chain', input: { topic: 'z' } })).runId);
    expect((await client.listThreads()).find((t) => t.threadId === threadId)!.name).toBeUndefined();
  });
});
