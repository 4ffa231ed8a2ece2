/** Protocol round trips: cancel, delete, errors as data, malformed messages, recovery, batching. */
import { describe, expect, it } from 'vitest';
import { ClientError } from '../../src/client/worker-client';
import type { RunEvent } from '../../src/protocol/messages';
import { STALE_RUN_MESSAGE } from '../../src/worker/recovery';
import { connect, neverFires, newThread, STORES } from './harness';

/** Resolves when `n` checkpoint events of the run have been streamed. */
function checkpointsSeen(client: ReturnType<typeof connect>['client'], runId: string, n: number): Promise<void> {
  let count = 0;
  return new Promise((resolve) => {
    const off = client.onRunEvents(runId, (events) => {
      count += events.filter((e) => e.kind === 'checkpoint').length;
      if (count >= n) {
        off();
        resolve();
      }
    });
  });
}

describe.each(STORES)('control over the protocol (%s)', (_name, makeStore) => {
  it('cancels a long async run between steps, keeping its committed checkpoints', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const { runId } = await client.startRun({
      threadId, graphId: 'test-counter', input: { count: 0, target: 1_000_000, delayMs: 1 }, controls: { recursionLimit: 1_000_000 },
    });
    await checkpointsSeen(client, runId, 5);
    expect((await client.listThreads()).find((t) => t.threadId === threadId)?.status).toBe('running');
    // A second run on the same thread is refused while this one goes on.
    await expect(client.continueRun({ threadId })).rejects.toMatchObject({ data: { code: 'THREAD_BUSY' } });
    const { ended, forced } = await client.cancel(runId);
    expect(forced).toBe(false);
    expect(ended).toMatchObject({ outcome: 'cancelled', error: { code: 'RUN_CANCELLED' } });
    const history = (await client.historyPage({ threadId, limit: 500 })).items;
    expect(history.length).toBeGreaterThanOrEqual(5);
    const thread = (await client.listThreads()).find((t) => t.threadId === threadId)!;
    expect(thread.status).not.toBe('running');
    expect((await client.listRuns(threadId))[0]).toMatchObject({ runId, outcome: 'cancelled' });
    // Cancelling again is harmless; an unknown run is reported.
    await expect(client.request('rg/run.cancel', { runId })).resolves.toMatchObject({ type: 'rg/ok' });
    await expect(client.request('rg/run.cancel', { runId: 'nope' })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
  });

  it('refuses to delete a thread while it runs, and to start another graph on a thread', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const { runId } = await client.startRun({
      threadId, graphId: 'test-counter', input: { count: 0, target: 1_000_000, delayMs: 1 }, controls: { recursionLimit: 1_000_000 },
    });
    await checkpointsSeen(client, runId, 2);
    await expect(client.deleteThread(threadId)).rejects.toMatchObject({ data: { code: 'THREAD_BUSY' } });
    await client.cancel(runId);
    await expect(client.startRun({ threadId, graphId: 'chain', input: { topic: 'x' } })).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST', message: expect.stringContaining('belongs to graph "test-counter"') },
    });
    await client.deleteThread(threadId);
    expect((await client.listThreads()).map((t) => t.threadId)).not.toContain(threadId);
    // The id is free again, for any graph.
    const again = await client.startRun({ threadId, graphId: 'chain', input: { topic: 'x' } });
    expect((await client.waitForRun(again.runId)).outcome).toBe('done');
  });

  it('deletes a thread with its checkpoints, runs and trace', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const keep = newThread();
    for (const t of [threadId, keep]) await client.waitForRun((await client.startRun({ threadId: t, graphId: 'chain', input: { topic: 'd' } })).runId);
    expect((await client.listThreads()).map((t) => t.threadId)).toEqual(expect.arrayContaining([threadId, keep]));
    await client.deleteThread(threadId);
    const ids = (await client.listThreads()).map((t) => t.threadId);
    expect(ids).not.toContain(threadId);
    expect(ids).toContain(keep);
    expect((await client.historyPage({ threadId, limit: 10 })).items).toEqual([]);
    expect(await client.listRuns(threadId)).toEqual([]);
    expect((await client.getTrace({ threadId })).events).toEqual([]);
    expect((await client.historyPage({ threadId: keep, limit: 10 })).items).toHaveLength(5);
  });

  it('answers bad requests with errors as data and drops malformed messages', async () => {
    const { client, seen, postRaw } = connect(makeStore());
    await expect(client.request('rg/hello', { protocolVersion: 99 })).rejects.toMatchObject({ data: { code: 'PROTOCOL_VERSION_MISMATCH' } });
    await expect(client.request('rg/bogus' as 'rg/graphs.list', {})).rejects.toMatchObject({ data: { code: 'UNKNOWN_REQUEST' } });
    await expect(client.request('rg/run.start', { threadId: 't', graphId: 'chain' } as never)).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST', message: expect.stringContaining('"input"') },
    });
    await expect(client.startRun({ threadId: newThread(), graphId: 'no-such-graph', input: {} })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    await expect(client.continueRun({ threadId: newThread('empty') })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    await expect(client.getCheckpoint({ threadId: 'x', checkpointId: 'missing' })).rejects.toBeInstanceOf(ClientError);

    const before = seen.length;
    for (const junk of [null, 'rg/hello', { type: 'rg/hello' }, { id: 5 }, { type: 'other', id: 6 }, [1, 2]]) postRaw(junk);
    // A request sent after the junk is answered, and the junk got no reply at all.
    await expect(client.hello()).resolves.toMatchObject({ type: 'rg/hello-ok' });
    expect(seen.slice(before).map((m) => m.type)).toEqual(['rg/hello-ok']);
  });

  it('marks runs a stopped worker left running as cancelled when the next worker starts', async () => {
    const store = makeStore();
    const threadId = newThread();
    // A worker that died mid-run: the flag is set and the run's records say "running".
    await store.setThreadRunning(threadId, true);
    const startedAt = new Date().toISOString();
    await store.appendTrace(threadId, [
      { runId: 'run-dead', seq: 0, kind: 'run', run: { runId: 'run-dead', threadId, kind: 'run', fromCheckpointId: null, startedAt, endedAt: null, outcome: 'running', error: null, graphId: 'chain' } },
    ]);
    const { client } = connect(store);
    await client.hello();
    const runs = await client.listRuns(threadId);
    expect(runs).toEqual([expect.objectContaining({ runId: 'run-dead', outcome: 'cancelled', error: expect.objectContaining({ message: STALE_RUN_MESSAGE }) })]);
    expect((await client.listThreads()).find((t) => t.threadId === threadId)?.status).not.toBe('running');
  });

  it('streams a 10,000-superstep run in bounded batches and stores every event', async () => {
    // Timers never fire and the clock stands still here, so the batch count depends only on the
    // size limit, not on speed.
    const { client, seen } = connect(makeStore(), { maxBatchSize: 500 }, neverFires, () => 0);
    const threadId = newThread();
    const events: RunEvent[] = [];
    client.onRunEvents('*', (batch) => events.push(...batch));
    const { runId } = await client.startRun({ threadId, graphId: 'test-counter', input: { count: 0, target: 10_000, delayMs: 0 }, controls: { recursionLimit: 20_000 } });
    const ended = await client.waitForRun(runId);
    expect(ended).toMatchObject({ outcome: 'done', result: { count: 10_000 } });
    const batches = seen.filter((m) => m.type === 'rg/run.events');
    expect(batches.every((b) => b.type === 'rg/run.events' && b.events.length <= 500)).toBe(true);
    expect(batches.length).toBeLessThanOrEqual(Math.ceil(events.length / 500) + 2);
    const stored = (await client.listRuns(threadId))[0]!.events!;
    expect(events.filter((e) => e.kind === 'trace')).toHaveLength(stored);
    expect(events.filter((e) => e.kind === 'checkpoint').length).toBe(10_002);
  }, 120_000);
});
