/** Protocol round trips: runs, streaming, history, checkpoint detail, interrupts, replay and fork. */
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/protocol/messages';
import { connect, newThread, STORES } from './harness';

describe.each(STORES)('runs over the protocol (%s)', (_name, makeStore) => {
  it('lists the built-in graphs with shapes to draw', async () => {
    const { client } = connect(makeStore());
    const graphs = await client.listGraphs();
    expect(graphs.map((g) => g.id)).toEqual(expect.arrayContaining(['chain', 'parallel-flaky', 'human-review']));
    const chain = graphs.find((g) => g.id === 'chain')!;
    expect(chain.shape.nodes.map((n) => n.id)).toEqual(['__start__', 'research', 'draft', 'review', '__end__']);
    expect(chain.shape.edges).toContainEqual({ source: 'research', target: 'draft', conditional: false });
    const review = graphs.find((g) => g.id === 'human-review')!;
    expect(review.shape.edges).toContainEqual({ source: 'review', target: 'write', conditional: true, label: 'revise' });
  });

  it('runs a chain: streamed batches, a done outcome, and the history newest first in pages', async () => {
    const { client, seen } = connect(makeStore());
    const threadId = newThread();
    const batches: RunEvent[][] = [];
    client.onRunEvents('*', (events) => batches.push(events));
    const { runId } = await client.startRun({ threadId, graphId: 'chain', input: { topic: 'x' } });
    const ended = await client.waitForRun(runId);
    expect(ended).toMatchObject({ outcome: 'done', error: null, result: { topic: 'x', notes: ['researched x', 'drafted from 1 note(s)', 'reviewed: drafted from 1 note(s)'] } });
    const events = batches.flat();
    expect(events.filter((e) => e.kind === 'checkpoint')).toHaveLength(5);
    expect(events.some((e) => e.kind === 'trace' && (e.event as { type: string }).type === '@engine.run.end')).toBe(true);
    // Batched: fewer messages than events, and the run's end arrives after all of them.
    expect(seen.filter((m) => m.type === 'rg/run.events').length).toBeLessThan(events.length);
    expect(seen.findIndex((m) => m.type === 'rg/run.ended')).toBeGreaterThan(seen.findLastIndex((m) => m.type === 'rg/run.events'));

    const ids: string[] = [];
    let before: string | undefined;
    do {
      const page = await client.historyPage({ threadId, limit: 2, before });
      expect(page.items.length).toBeLessThanOrEqual(2);
      ids.push(...page.items.map((i) => i.checkpointId));
      before = page.nextBefore ?? undefined;
    } while (before);
    expect(ids).toHaveLength(5);
    expect([...ids].sort().reverse()).toEqual(ids);
    const first = await client.historyPage({ threadId, limit: 10 });
    expect(first.items.map((i) => i.step)).toEqual([3, 2, 1, 0, -1]);
    expect(first.items.at(-2)!.next).toEqual(['research']);

    const threads = await client.listThreads();
    expect(threads.find((t) => t.threadId === threadId)).toMatchObject({ graphId: 'chain', status: 'idle', steps: 5 });
    const runs = await client.listRuns(threadId);
    expect(runs).toEqual([expect.objectContaining({ runId, kind: 'run', outcome: 'done', graphId: 'chain' })]);
  });

  it('error then continue: the checkpoint shows the sibling write re-applied and the error superseded', async () => {
    const { client, seen } = connect(makeStore());
    const threadId = newThread();
    const first = await client.startRun({ threadId, graphId: 'parallel-flaky', input: { query: 'q' } });
    const failed = await client.waitForRun(first.runId);
    expect(failed.outcome).toBe('error');
    expect(failed.error).toMatchObject({ code: 'RUN_FAILED', message: expect.stringContaining('web search timed out') });
    // Nothing of the run is streamed after its end (a sibling task may still report late).
    const endAt = seen.findIndex((m) => m.type === 'rg/run.ended' && m.runId === first.runId);
    expect(seen.findLastIndex((m) => m.type === 'rg/run.events' && m.runId === first.runId)).toBeLessThan(endAt);
    const head = (await client.historyPage({ threadId, limit: 1 })).items[0]!;
    expect(head).toMatchObject({ hasError: true, next: ['docs', 'web'] });
    expect((await client.listThreads()).find((t) => t.threadId === threadId)?.status).toBe('error');

    const before = await client.getCheckpoint({ threadId, checkpointId: head.checkpointId });
    expect(before.pendingWrites.map((w) => [w.taskName, w.channel, w.disposition.kind])).toEqual(
      expect.arrayContaining([['docs', 'results', 'pending'], ['web', '__error__', 'pending']]),
    );

    const again = await client.continueRun({ threadId });
    expect((await client.waitForRun(again.runId)).outcome).toBe('done');
    const detail = await client.getCheckpoint({ threadId, checkpointId: head.checkpointId });
    const byChannel = Object.fromEntries(detail.pendingWrites.map((w) => [`${w.taskName}/${w.channel}`, w.disposition]));
    expect(byChannel['docs/results']).toEqual({ kind: 'reapplied' });
    // web ran again and finished: its outputs replaced the error (the ledger's "superseded").
    expect(byChannel['web/__error__']).toEqual({ kind: 'superseded' });
    const docs = detail.tasks.find((t) => t.name === 'docs')!;
    expect(docs.outcome).toBe('served-from-saved-writes');
    expect(docs.triggers.map((t) => t.channel)).toEqual(['branch:to:docs']);
    // The parent's values stay in the worker; the diff against them is read on its own.
    expect('parentValues' in detail).toBe(false);
    expect((await client.request('rg/checkpoint.diff', { threadId, ns: '', checkpointId: head.checkpointId, offset: 0, limit: 50 })).first).toBe(false);
    const final = (await client.historyPage({ threadId, limit: 1 })).items[0]!;
    const finalDetail = await client.getCheckpoint({ threadId, checkpointId: final.checkpointId });
    expect(finalDetail.values.summary).toBe('2 results: docs: q | web: q');
  });

  it('interrupt then resume with a value, and with values by interrupt id', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const r1 = await client.startRun({ threadId, graphId: 'human-review', input: { request: 'refund' } });
    expect((await client.waitForRun(r1.runId)).outcome).toBe('interrupted');
    const head = (await client.historyPage({ threadId, limit: 1 })).items[0]!;
    const detail = await client.getCheckpoint({ threadId, checkpointId: head.checkpointId });
    const review = detail.tasks.find((t) => t.name === 'review')!;
    expect(review.interrupts[0]!.value).toMatchObject({ question: expect.stringContaining('Approve') });

    const r2 = await client.resume({ threadId, resume: { kind: 'value', value: 'needs more detail' } });
    expect((await client.waitForRun(r2.runId)).outcome).toBe('interrupted');
    const head2 = (await client.historyPage({ threadId, limit: 1 })).items[0]!;
    const d2 = await client.getCheckpoint({ threadId, checkpointId: head2.checkpointId });
    expect(d2.values).toMatchObject({ revisions: 2, decision: 'needs more detail' });
    const interruptId = d2.tasks.find((t) => t.name === 'review')!.interrupts[0]!.id;

    const r3 = await client.resume({ threadId, resume: { kind: 'byId', values: { [interruptId]: 'approve' } } });
    const done = await client.waitForRun(r3.runId);
    expect(done.outcome).toBe('done');
    expect(done.result).toMatchObject({ decision: 'approve', draft: 'Draft 2 for: refund [published]' });
    // The resume write on the interrupted checkpoint was consumed as the resume value.
    const consumed = await client.getCheckpoint({ threadId, checkpointId: head2.checkpointId });
    const resumeWrites = consumed.pendingWrites.filter((w) => w.channel === '__resume__');
    expect(resumeWrites.length).toBeGreaterThan(0);
    expect(resumeWrites.every((w) => w.disposition.kind === 'resume-value')).toBe(true);
    // The review task's own writes were applied when its step completed; its interrupt was replaced by them.
    const own = Object.fromEntries(consumed.pendingWrites.filter((w) => w.taskName === 'review').map((w) => [w.channel, w.disposition.kind]));
    expect(own).toMatchObject({ decision: 'applied', __interrupt__: 'superseded' });
  });

  it('replays from a checkpoint and forks with edited values, keeping every branch', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const r1 = await client.startRun({ threadId, graphId: 'chain', input: { topic: 'a' } });
    await client.waitForRun(r1.runId);
    const history = (await client.historyPage({ threadId, limit: 10 })).items;
    const afterResearch = history.find((c) => c.step === 1)!;

    const replay = await client.replay({ threadId, checkpointId: afterResearch.checkpointId });
    const replayed = await client.waitForRun(replay.runId);
    expect(replayed.outcome).toBe('done');
    expect(replayed.result).toMatchObject({ topic: 'a' });

    const fork = await client.fork({ threadId, checkpointId: afterResearch.checkpointId, values: { topic: 'b' }, asNode: 'research', run: true });
    const forked = await client.waitForRun(fork.runId);
    expect(forked.outcome).toBe('done');
    expect(forked.result).toMatchObject({ topic: 'b' });

    const all = (await client.historyPage({ threadId, limit: 100 })).items;
    expect(all.length).toBeGreaterThan(history.length + 2);
    const update = all.find((c) => c.source === 'update')!;
    expect(update.parentId).toBe(afterResearch.checkpointId);
    expect(all.filter((c) => c.parentId === afterResearch.checkpointId).length).toBeGreaterThanOrEqual(2);
    const runs = await client.listRuns(threadId);
    expect(runs.map((r) => [r.kind, r.outcome])).toEqual([['run', 'done'], ['replay', 'done'], ['fork', 'done']]);

    // A fork without running stops at the new checkpoint, paused with its next task.
    const f2 = await client.fork({ threadId, checkpointId: afterResearch.checkpointId, values: { topic: 'c' }, asNode: 'research', run: false });
    expect(await client.waitForRun(f2.runId)).toMatchObject({ outcome: 'paused', result: { topic: 'c' } });
  });

  it('step mode pauses after every superstep, and breakpoints pause before a node', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    let r = await client.startRun({ threadId, graphId: 'chain', input: { topic: 's' }, controls: { stepMode: true } });
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) {
      const ended = await client.waitForRun(r.runId);
      outcomes.push(ended.outcome);
      if (ended.outcome !== 'paused') break;
      r = await client.continueRun({ threadId, controls: { stepMode: true } });
    }
    // Pauses after __start__, research and draft; the step that runs review is the last one, so that run is done.
    expect(outcomes).toEqual(['paused', 'paused', 'paused', 'done']);

    const t2 = newThread();
    const b = await client.startRun({ threadId: t2, graphId: 'chain', input: { topic: 's' }, controls: { breakBefore: ['draft'] } });
    expect(await client.waitForRun(b.runId)).toMatchObject({ outcome: 'paused', result: { notes: ['researched s'] } });
    expect((await client.historyPage({ threadId: t2, limit: 1 })).items[0]!.next).toEqual(['draft']);
    const c = await client.continueRun({ threadId: t2, controls: { breakAfter: ['draft'] } });
    expect((await client.waitForRun(c.runId)).outcome).toBe('paused');
    expect((await client.historyPage({ threadId: t2, limit: 1 })).items[0]!.next).toEqual(['review']);
    // The thread list says what is left to run at each thread's newest checkpoint: a paused one
    // names its next node, a finished one none (the views tell "paused before review" from "done").
    const listed = await client.listThreads();
    expect(listed.find((t) => t.threadId === t2)).toMatchObject({ status: 'idle', next: ['review'] });
    expect(listed.find((t) => t.threadId === threadId)).toMatchObject({ status: 'idle', next: [] });
  });

  it('persists the trace: paged reads give every event of the run in order', async () => {
    const { client } = connect(makeStore());
    const threadId = newThread();
    const streamed: unknown[] = [];
    const { runId } = await client.startRun({ threadId, graphId: 'chain', input: { topic: 'x' } });
    client.onRunEvents(runId, (events) => streamed.push(...events.filter((e) => e.kind === 'trace').map((e) => (e as { event: unknown }).event)));
    await client.waitForRun(runId);
    const read: unknown[] = [];
    let afterSeq: number | undefined;
    for (;;) {
      const page = await client.getTrace({ threadId, runId, afterSeq, limit: 7 });
      read.push(...page.events);
      if (page.nextSeq === null) break;
      afterSeq = page.nextSeq;
    }
    expect(read.length).toBeGreaterThan(20);
    expect(read.map((e) => (e as { seq: number }).seq)).toEqual(read.map((_, i) => i));
    expect(read.length).toBe((await client.listRuns(threadId))[0]!.events);
    const all = await client.getTrace({ threadId, limit: 500 });
    expect(all.events).toEqual(read);
    expect(streamed.length).toBeLessThanOrEqual(read.length);
  });
});
