/** A resume addressed to a checkpoint answers that checkpoint's interrupts, never the head's. */
import { describe, expect, it } from 'vitest';
import { connect, newThread, STORES } from './harness';

describe.each(STORES)('resume at a named checkpoint (%s)', (_name, makeStore) => {
  it('answers parallel interrupts one at a time by id, at the checkpoint shown', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const { runId } = await client.startRun({ threadId, graphId: 'test-parallel-review', input: { doc: 'c' } });
    expect(await client.waitForRun(runId)).toMatchObject({ outcome: 'interrupted' });
    const head = (await client.historyPage({ threadId, limit: 10 })).items[0];
    const detail = await client.getCheckpoint({ threadId, checkpointId: head.checkpointId });
    const [legal, tech] = ['legal', 'tech'].map((n) => detail.tasks.find((t) => t.name === n)!.interrupts[0].id);
    const first = await client.resume({ threadId, checkpointId: head.checkpointId, resume: { kind: 'byId', values: { [legal]: 'L' } } });
    expect(await client.waitForRun(first.runId)).toMatchObject({ outcome: 'interrupted', result: { notes: ['legal: L'] } });
    const second = await client.resume({ threadId, checkpointId: head.checkpointId, resume: { kind: 'byId', values: { [tech]: 'T' } } });
    expect(await client.waitForRun(second.runId)).toMatchObject({ outcome: 'done', result: { notes: ['legal: L', 'tech: T', 'signed c'] } });
  });

  it('refuses a checkpoint the thread does not have', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const { runId } = await client.startRun({ threadId, graphId: 'test-parallel-review', input: { doc: 'c' } });
    await client.waitForRun(runId);
    await expect(client.resume({ threadId, checkpointId: 'no-such-checkpoint', resume: { kind: 'value', value: 1 } })).rejects.toThrow(/no checkpoint/);
  });
});
