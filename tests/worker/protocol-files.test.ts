/** Thread files over the protocol: export, preview, import (round trip, hostile files, LangGraph read-only). */
import { describe, expect, it } from 'vitest';
import { ClientError } from '../../src/client/worker-client';
import { branchedHistory, LG_THREAD } from '../portability/langgraph-fixtures';
import { DOUBLER_SOURCE } from './user-sources';
import { connect, newThread, STORES } from './harness';

const USER_SOURCE = DOUBLER_SOURCE;

describe.each(STORES)('thread files over the protocol (%s)', (_name, makeStore) => {
  it('exports a thread and imports it under another id with the same history, runs and trace', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const r1 = await client.startRun({ threadId, graphId: 'parallel-flaky', input: { query: 'x' } });
    await client.waitForRun(r1.runId);
    const r2 = await client.continueRun({ threadId });
    await client.waitForRun(r2.runId);
    const file = await client.exportThread(threadId);
    expect(file.fileName).toMatch(/\.json$/);
    expect(file.checkpoints).toBeGreaterThanOrEqual(4);
    const copy = `${threadId}-copy`;
    const preview = await client.previewImport(file.text);
    expect(preview.problem).toBeNull();
    expect(preview.preview).toMatchObject({ format: 'replaygraph', threadId, graphId: 'parallel-flaky', threadExists: true, readOnly: false });
    const imported = await client.importThread({ text: file.text, threadId: copy });
    expect(imported.problem).toBeNull();
    expect(imported.thread).toMatchObject({ threadId: copy, graphId: 'parallel-flaky', readOnly: false, checkpoints: file.checkpoints });
    const strip = (items: { checkpointId: string; step: number; next: string[]; pendingWrites: number }[]) =>
      items.map((c) => [c.checkpointId, c.step, c.next, c.pendingWrites]);
    expect(strip((await client.historyPage({ threadId: copy, limit: 100 })).items)).toEqual(strip((await client.historyPage({ threadId, limit: 100 })).items));
    expect((await client.listRuns(copy)).map((r) => r.outcome)).toEqual(['error', 'done']);
    const failedAt = (await client.historyPage({ threadId: copy, limit: 100 })).items.find((c) => c.pendingWrites > 0 && c.step === 0)!;
    const detail = await client.getCheckpoint({ threadId: copy, checkpointId: failedAt.checkpointId });
    expect(detail.pendingWrites.map((w) => w.disposition.kind)).toEqual(expect.arrayContaining(['reapplied', 'superseded']));
  });

  it('refuses a hostile file with its JSON path and changes nothing', async () => {
    const { client } = connect(makeStore());
    const before = await client.listThreads();
    const hostile = JSON.stringify({ format: 'replaygraph.thread', version: 1, threadId: 'evil', graphId: null, graphSource: null, checkpoints: [], runs: [], trace: [] })
      .replace('"runs":[]', '"runs":[{"__proto__":{"polluted":true}}]');
    const preview = await client.previewImport(hostile);
    expect(preview.preview).toBeNull();
    expect(preview.problem?.code).toBe('hostile-key');
    expect(preview.problem?.path).toMatch(/^\$\.runs\[0\]/);
    const r = await client.importThread({ text: hostile });
    expect(r.thread).toBeNull();
    expect(r.problem?.message).toContain('$.runs[0]');
    expect(await client.listThreads()).toEqual(before);
    const truncated = await client.importThread({ text: '{"format":"replaygraph.thread","version":1,' });
    expect(truncated.problem?.code).toBe('not-json');
    expect(await client.listThreads()).toEqual(before);
  });

  it('imports a LangGraph history read-only: listed as such, readable, and every run request is refused', async () => {
    const { client } = connect(makeStore());
    const r = await client.importThread({ text: JSON.stringify(branchedHistory()) });
    expect(r.thread).toMatchObject({ threadId: LG_THREAD, format: 'langgraph', readOnly: true });
    expect((await client.listThreads()).find((t) => t.threadId === LG_THREAD)).toMatchObject({ readOnly: true });
    const items = (await client.historyPage({ threadId: LG_THREAD, limit: 10 })).items;
    expect(items).toHaveLength(4);
    expect(items.find((c) => c.step === 1 && c.source === 'loop')!.next).toEqual(['review']);
    const some = items[0]!.checkpointId;
    const refusals = [
      client.startRun({ threadId: LG_THREAD, graphId: 'chain', input: {} }),
      client.continueRun({ threadId: LG_THREAD }),
      client.resume({ threadId: LG_THREAD, resume: { kind: 'value', value: 'ok' } }),
      client.replay({ threadId: LG_THREAD, checkpointId: some }),
      client.fork({ threadId: LG_THREAD, checkpointId: some, values: {}, run: true }),
    ];
    for (const p of refusals) {
      const err = await p.then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(ClientError);
      expect((err as ClientError).data.code).toBe('READ_ONLY');
      expect((err as ClientError).data.message).toContain('read-only');
    }
    expect((await client.historyPage({ threadId: LG_THREAD, limit: 10 })).items).toHaveLength(4);
  });

  it('an exported user-graph thread carries its source; imported where the graph is unknown and the user agrees, it registers it and runs further', async () => {
    const first = connect(makeStore());
    const compiled = await first.client.saveGraph({ graphId: 'user:doubler', source: USER_SOURCE });
    expect(compiled.graph?.title).toBe('Doubler');
    const threadId = newThread();
    const r = await first.client.startRun({ threadId, graphId: 'user:doubler', input: { n: 2 } });
    expect(await first.client.waitForRun(r.runId)).toMatchObject({ outcome: 'done', result: { n: 4 } });
    const file = await first.client.exportThread(threadId);
    expect(JSON.parse(file.text).graphSource).toBe(USER_SOURCE);
    expect((await first.client.previewImport(file.text)).preview).toMatchObject({ graphId: 'user:doubler', hasSource: true, graphSource: USER_SOURCE, sourceWouldRun: false });

    const other = connect(makeStore());
    expect((await other.client.listGraphs()).some((g) => g.id === 'user:doubler')).toBe(false);
    expect((await other.client.previewImport(file.text)).preview).toMatchObject({ graphSource: USER_SOURCE, sourceWouldRun: true });
    const imported = await other.client.importThread({ text: file.text, trustSource: true });
    expect(imported.thread).toMatchObject({ threadId, graphId: 'user:doubler', registeredGraphId: 'user:doubler', quarantinedGraphId: null });
    const again = await other.client.startRun({ threadId, graphId: 'user:doubler', input: { n: 5 } });
    expect(await other.client.waitForRun(again.runId)).toMatchObject({ outcome: 'done', result: { n: 10 } });
  });

  it('without the user\'s consent, a file\'s graph source is kept but never run: quarantined until approved', async () => {
    const first = connect(makeStore());
    await first.client.saveGraph({ graphId: 'user:doubler', source: USER_SOURCE });
    const threadId = newThread();
    const r = await first.client.startRun({ threadId, graphId: 'user:doubler', input: { n: 2 } });
    await first.client.waitForRun(r.runId);
    const file = await first.client.exportThread(threadId);

    const other = connect(makeStore());
    const imported = await other.client.importThread({ text: file.text });
    expect(imported.thread).toMatchObject({ threadId, graphId: 'user:doubler', registeredGraphId: null, quarantinedGraphId: 'user:doubler' });
    // Nothing of it ran: no sandbox worker was asked to load it.
    expect(other.launcher.spawned.filter((k) => k.includes('user:doubler'))).toEqual([]);
    const listed = (await other.client.listGraphs()).find((g) => g.id === 'user:doubler');
    expect(listed).toMatchObject({ source: USER_SOURCE, quarantine: { reason: 'unapproved' }, shape: { nodes: [] } });
    await expect(other.client.startRun({ threadId, graphId: 'user:doubler', input: { n: 5 } })).rejects.toMatchObject({ data: { code: 'GRAPH_NOT_APPROVED' } });
    // The thread is readable from its stored checkpoints meanwhile.
    expect((await other.client.historyPage({ threadId, limit: 10 })).items.length).toBeGreaterThan(0);

    // Approving is saving it from the editor: it loads, and the thread runs further.
    const approved = await other.client.saveGraph({ graphId: 'user:doubler', source: USER_SOURCE });
    expect(approved.graph?.quarantine).toBeUndefined();
    const again = await other.client.startRun({ threadId, graphId: 'user:doubler', input: { n: 5 } });
    expect(await other.client.waitForRun(again.runId)).toMatchObject({ outcome: 'done', result: { n: 10 } });
  });
});
