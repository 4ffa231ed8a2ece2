/**
 * What the storage worker guarantees about graph code, over the protocol with the real sandbox
 * in-process: one writer per thread across tabs (two hosts on one store and one lock manager),
 * quarantine of user graphs that fail or hang when loaded, time limits (load, node, cancel grace)
 * that stop the sandbox and keep committed checkpoints, compile cancel, values refused when
 * written, quota errors, and malformed stored records that stay a problem of their own thread.
 */
import { describe, expect, it } from 'vitest';
import { Annotation, END, START, StateGraph, MemorySaver, type BaseCheckpointSaver } from '../../src/engine/index';
import type { GraphModule } from '../../src/sandbox/graphs/index';
import { memoryLocks } from '../../src/worker/locks';
import { createMemoryStore } from '../../src/worker/memory-store';
import type { ThreadStore } from '../../src/worker/store';
import { connect, newThread, STORES } from './harness';

const Count = Annotation.Root({ n: Annotation<number>() });
/** A node that awaits forever after one committed step: only a time limit or a forced cancel stops it. */
const awaitForever: GraphModule = {
  id: 'test-await-forever', title: 'Awaits forever', description: 'test', exampleInput: { n: 0 },
  build: (checkpointer: BaseCheckpointSaver) => new StateGraph(Count)
    .addNode('one', (s) => ({ n: s.n + 1 }))
    .addNode('stuck', () => new Promise<never>(() => undefined))
    .addEdge(START, 'one').addEdge('one', 'stuck').addEdge('stuck', END)
    .compile({ checkpointer }),
};
/** A state value the export format cannot write: a cycle. */
const cyclic: GraphModule = {
  id: 'test-cycle', title: 'Cycle', description: 'test', exampleInput: { n: 0 },
  build: (checkpointer: BaseCheckpointSaver) => new StateGraph(Annotation.Root({ n: Annotation<unknown>() }))
    .addNode('loop', () => {
      const me: Record<string, unknown> = { name: 'me' };
      me.self = me;
      return { n: me };
    })
    .addEdge(START, 'loop').addEdge('loop', END)
    .compile({ checkpointer }),
};
/** Values JSON cannot say, which the format carries losslessly. */
const oddValues: GraphModule = {
  id: 'test-odd-values', title: 'Odd values', description: 'test', exampleInput: { n: 0 },
  build: (checkpointer: BaseCheckpointSaver) => new StateGraph(Annotation.Root({ n: Annotation<unknown>() }))
    .addNode('odd', () => ({ n: { floats: new Float64Array([NaN, -0]), wide: Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i])) } }))
    .addEdge(START, 'odd').addEdge('odd', END)
    .compile({ checkpointer }),
};
const EXTRA = [awaitForever, cyclic, oddValues];

const counter = (target: number, delayMs: number) => ({ count: 0, target, delayMs });

describe('one writer per thread, across tabs', () => {
  it('a second tab is told THREAD_BUSY "another tab"; this tab "this tab"; its recovery leaves the run alone', async () => {
    const store = createMemoryStore(new MemorySaver());
    const locks = memoryLocks();
    const a = connect(store, {}, undefined, undefined, [], { locks });
    const threadId = newThread('tabs');
    const { runId } = await a.client.startRun({ threadId, graphId: 'test-counter', input: counter(200, 2), controls: { recursionLimit: 1000 } });
    await new Promise((r) => setTimeout(r, 50));
    // Tab B opens mid-run: its storage worker's recovery must not close A's run.
    const b = connect(store, {}, undefined, undefined, [], { locks });
    await b.client.hello();
    await expect(b.client.continueRun({ threadId })).rejects.toMatchObject({ data: { code: 'THREAD_BUSY', where: 'another-tab' } });
    await expect(b.client.deleteThread(threadId)).rejects.toMatchObject({ data: { code: 'THREAD_BUSY', where: 'another-tab' } });
    await expect(b.client.fork({ threadId, checkpointId: (await b.client.historyPage({ threadId, limit: 1 })).items[0]!.checkpointId, values: {}, run: false }))
      .rejects.toMatchObject({ data: { code: 'THREAD_BUSY', where: 'another-tab', message: expect.stringContaining('another tab') } });
    await expect(a.client.continueRun({ threadId })).rejects.toMatchObject({ data: { code: 'THREAD_BUSY', where: 'this-tab' } });
    expect((await b.client.listThreads()).find((t) => t.threadId === threadId)?.status).toBe('running');
    expect(await a.client.waitForRun(runId)).toMatchObject({ outcome: 'done' });
    // Once it ended, B may write the thread.
    const next = await b.client.continueRun({ threadId, controls: { recursionLimit: 1000 } });
    expect((await b.client.waitForRun(next.runId)).outcome).toBe('done');
    expect((await b.client.listRuns(threadId)).map((r) => r.outcome)).toEqual(['done', 'done']);
  });

  it('a run left "running" by a tab that is gone (its lock is free) is closed by the next start', async () => {
    const store = createMemoryStore(new MemorySaver());
    const threadId = newThread('gone');
    await store.setThreadRunning(threadId, true, 'test-counter');
    await store.appendTrace(threadId, [{ runId: 'r-gone', seq: 0, kind: 'run', run: { runId: 'r-gone', threadId, kind: 'run', fromCheckpointId: null, startedAt: '2026-01-01T00:00:00.000Z', endedAt: null, outcome: 'running', error: null } }]);
    const held = memoryLocks();
    const other = connect(store, {}, undefined, undefined, [], { locks: held });
    const release = await held.tryAcquire(threadId);
    await other.client.hello();
    expect((await other.client.listRuns(threadId))[0]?.outcome).toBe('running');
    release!();
    const next = connect(store, {}, undefined, undefined, [], { locks: memoryLocks() });
    await next.client.hello();
    expect((await next.client.listRuns(threadId))[0]).toMatchObject({ outcome: 'cancelled', error: { code: 'RUN_CANCELLED' } });
  });
});

describe('time limits stop the sandbox and keep committed checkpoints', () => {
  it('a node past the run\'s node limit ends the run cancelled, naming the node; the next run gets a new worker', async () => {
    const p = connect(createMemoryStore(new MemorySaver()), {}, undefined, undefined, EXTRA);
    const threadId = newThread('slow');
    const { runId } = await p.client.startRun({ threadId, graphId: 'test-await-forever', input: { n: 0 }, controls: { nodeTimeoutMs: 200 } });
    const ended = await p.client.waitForRun(runId);
    expect(ended).toMatchObject({ outcome: 'cancelled', error: { code: 'SANDBOX_TIMEOUT', message: expect.stringMatching(/Node "stuck" took longer than 200 ms/) } });
    expect(p.launcher.killed.some((k) => k.startsWith('run#') || k.startsWith('spare#'))).toBe(true);
    const steps = (await p.client.historyPage({ threadId, limit: 10 })).items.map((h) => h.step);
    expect(steps).toEqual([1, 0, -1]);
    expect((await p.client.listRuns(threadId))[0]).toMatchObject({ outcome: 'cancelled', error: { code: 'SANDBOX_TIMEOUT' } });
    const again = await p.client.startRun({ threadId: newThread(), graphId: 'test-counter', input: counter(3, 0) });
    expect((await p.client.waitForRun(again.runId)).outcome).toBe('done');
  });

  it('a cancelled run whose node awaits forever stops at once through its signal; its sandbox is not stopped for the grace period', async () => {
    // (A node that never yields cannot hear the cancel: its sandbox is stopped after the grace
    // period. That needs a real worker, so e2e/hostile-limits.spec.ts covers it.)
    const p = connect(createMemoryStore(new MemorySaver()), {}, undefined, undefined, EXTRA, { sandboxLimits: { cancelGraceMs: 150 } });
    const threadId = newThread('grace');
    const { runId } = await p.client.startRun({ threadId, graphId: 'test-await-forever', input: { n: 0 } });
    await new Promise((r) => setTimeout(r, 100));
    const result = await p.client.cancel(runId);
    expect(result).toMatchObject({ forced: false, ended: { outcome: 'cancelled', error: { code: 'RUN_CANCELLED' } } });
    expect(result.ended?.error?.message).not.toContain('its sandbox was stopped');
    expect((await p.client.historyPage({ threadId, limit: 10 })).items.length).toBe(3);
  });

  it('a saved user graph that hangs or fails when loaded is quarantined, stays so after a restart, and can be fixed or deleted', async () => {
    const store = createMemoryStore(new MemorySaver());
    const good = "import { Annotation, END, START, StateGraph } from 'replaygraph';\nconst S = Annotation.Root({ n: Annotation<number>() });\nexport default new StateGraph(S).addNode('a', (s) => ({ n: s.n + 1 })).addEdge(START, 'a').addEdge('a', END);";
    // As an older version of the app (or an edited database) could have left them:
    await store.putUserGraph({ id: 'user:hangs', title: 'Hangs', source: good });
    await store.putUserGraph({ id: 'user:throws', title: 'Throws', source: "throw new Error('boom at load');" });
    await store.putUserGraph({ id: 'user:fine', title: 'Fine', source: good });
    const hangs = (key: string) => key.startsWith('load:user:hangs');
    const p = connect(store, {}, undefined, undefined, [], { sandboxLimits: { loadMs: 300 } }, hangs);
    const listed = await p.client.listGraphs();
    const byId = new Map(listed.map((g) => [g.id, g]));
    expect(byId.get('user:hangs')).toMatchObject({ quarantine: { reason: 'load-timeout', message: expect.stringContaining('took longer than 300 ms') }, source: good });
    expect(byId.get('user:throws')).toMatchObject({ quarantine: { reason: 'load-failed', message: expect.stringContaining('boom at load') } });
    expect(byId.get('user:fine')?.quarantine).toBeUndefined();
    await expect(p.client.startRun({ threadId: newThread(), graphId: 'user:hangs', input: { n: 0 } })).rejects.toMatchObject({ data: { code: 'GRAPH_QUARANTINED' } });
    // Stored as quarantined: the next start does not load them at all.
    const stored = new Map((await store.listUserGraphs()).map((g) => [g.id, g]));
    expect(stored.get('user:hangs')?.quarantine?.reason).toBe('load-timeout');
    const q = connect(store, {}, undefined, undefined, [], { sandboxLimits: { loadMs: 300 } }, hangs);
    expect((await q.client.listGraphs()).find((g) => g.id === 'user:throws')?.quarantine?.reason).toBe('load-failed');
    expect(q.launcher.spawned.filter((k) => k.includes('user:hangs') || k.includes('user:throws'))).toEqual([]);
    // Fixing is saving a version that loads; deleting removes it.
    const fixed = await q.client.saveGraph({ graphId: 'user:throws', source: good });
    expect(fixed.graph?.quarantine).toBeUndefined();
    const r = await q.client.startRun({ threadId: newThread(), graphId: 'user:throws', input: { n: 1 } });
    expect(await q.client.waitForRun(r.runId)).toMatchObject({ outcome: 'done', result: { n: 2 } });
    await q.client.deleteGraph('user:hangs');
    expect((await q.client.listGraphs()).some((g) => g.id === 'user:hangs')).toBe(false);
  });

  it('compiling code that never finishes loading is bounded, and Cancel stops it at once', async () => {
    const hangs = (key: string) => key.includes('user:stuck');
    const p = connect(createMemoryStore(new MemorySaver()), {}, undefined, undefined, [], { sandboxLimits: { loadMs: 400 } }, hangs);
    // Bounded: the load limit ends it with SANDBOX_TIMEOUT (the test's own timeout guards a hang).
    await expect(p.client.compileGraph({ graphId: 'user:stuck', source: 'export default 1;' })).rejects.toMatchObject({ data: { code: 'SANDBOX_TIMEOUT' } });
    const pending = p.client.compileGraph({ graphId: 'user:stuck', source: 'export default 2;' });
    await new Promise((r) => setTimeout(r, 50));
    await p.client.cancelCompile('user:stuck');
    await expect(pending).rejects.toMatchObject({ data: { code: 'COMPILE_CANCELLED' } });
    // The app is fine: other graphs compile.
    const ok = await p.client.compileGraph({ graphId: 'user:other', source: "import { Annotation, START, StateGraph } from 'replaygraph';\nexport default new StateGraph(Annotation.Root({ n: Annotation<number>() })).addNode('a', () => ({ n: 1 })).addEdge(START, 'a');" });
    expect(ok.error).toBeNull();
  });
});

describe.each(STORES)('values and storage (%s)', (_name, makeStore) => {
  it('a value that cannot be exported is refused when written, naming its channel; nothing of it is stored', async () => {
    const p = connect(makeStore(), {}, undefined, undefined, EXTRA);
    const threadId = newThread('cycle');
    const { runId } = await p.client.startRun({ threadId, graphId: 'test-cycle', input: { n: 0 } });
    const ended = await p.client.waitForRun(runId);
    expect(ended).toMatchObject({ outcome: 'error', error: { name: 'CheckpointValueError', message: expect.stringMatching(/channel "n".*cycle/) } });
    const file = await p.client.exportThread(threadId);
    expect(file.checkpoints).toBeGreaterThan(0);
  });

  it('NaN in a Float64Array and a 50,000-key object are stored, exported, and imported again', async () => {
    const p = connect(makeStore(), {}, undefined, undefined, EXTRA);
    const threadId = newThread('odd');
    const { runId } = await p.client.startRun({ threadId, graphId: 'test-odd-values', input: { n: 0 } });
    expect((await p.client.waitForRun(runId)).outcome).toBe('done');
    const file = await p.client.exportThread(threadId);
    const copy = connect(makeStore());
    expect((await copy.client.importThread({ text: file.text })).problem).toBeNull();
    const head = (await copy.client.historyPage({ threadId, limit: 1 })).items[0]!;
    const detail = await copy.client.getCheckpoint({ threadId, checkpointId: head.checkpointId });
    // The page gets a bounded preview, with where it was cut; the rest is read a page at a time.
    expect(Object.keys((detail.values.n as { wide: object }).wide).length).toBeLessThanOrEqual(100);
    expect(detail.truncated?.values).toContainEqual({ path: ['n', 'wide'], unit: 'entries', total: 50_000, shown: expect.any(Number) });
    const where = { threadId, ns: '', checkpointId: head.checkpointId };
    const { slice } = await copy.client.request('rg/checkpoint.slice', { ...where, field: 'values', path: ['n', 'wide'], offset: 49_998, limit: 10 });
    expect(slice).toEqual({ entries: [['k49998', 49_998], ['k49999', 49_999]], total: 50_000, truncated: [] });
    const diff = await copy.client.request('rg/checkpoint.diff', { ...where, offset: 0, limit: 10 });
    expect(diff).toMatchObject({ total: 1, changes: [{ kind: 'changed', path: 'n' }] });
  });

  it('a malformed run record already in storage shows on its own thread and hides no other', async () => {
    const store = makeStore();
    const p = connect(store);
    const good = newThread('good');
    const r = await p.client.startRun({ threadId: good, graphId: 'chain', input: { topic: 'x' } });
    await p.client.waitForRun(r.runId);
    const bad = newThread('bad');
    const r2 = await p.client.startRun({ threadId: bad, graphId: 'chain', input: { topic: 'y' } });
    await p.client.waitForRun(r2.runId);
    await store.appendTrace(bad, [{ runId: 'evil-run-1', seq: 0, kind: 'run', run: null } as never, { runId: 'evil-run-2', seq: 0, kind: 'run', run: 'garbage' } as never]);
    const again = connect(store);
    const threads = await again.client.listThreads();
    expect(threads.map((t) => t.threadId)).toEqual(expect.arrayContaining([good, bad]));
    const runs = await again.client.request('rg/runs.list', { threadId: bad });
    expect(runs).toMatchObject({ runs: [expect.objectContaining({ outcome: 'done' })], problem: expect.stringContaining('2 stored records are malformed') });
    expect((await again.client.request('rg/runs.list', { threadId: good })).problem).toBeUndefined();
    // Both export, and the export of the bad one leaves the bad records out (so it imports again).
    const file = await again.client.exportThread(bad);
    expect((await connect(makeStore()).client.importThread({ text: file.text })).problem).toBeNull();
  });
});

/** A store whose writes fail with a full quota once `budget` writes went through. */
function quotaStore(inner: ThreadStore, budget: { writes: number }): ThreadStore {
  const full = () => Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
  const spend = () => {
    if (budget.writes-- <= 0) throw full();
  };
  const saver = inner.saver;
  const proxied: BaseCheckpointSaver = Object.assign(Object.create(saver) as BaseCheckpointSaver, {
    put: async (...a: Parameters<BaseCheckpointSaver['put']>) => (spend(), saver.put(...a)),
    putWrites: async (...a: Parameters<BaseCheckpointSaver['putWrites']>) => (spend(), saver.putWrites(...a)),
  });
  return {
    ...inner,
    saver: proxied,
    writeBatch: async (ops) => (ops.forEach(spend), inner.writeBatch(ops)),
    appendTrace: async (t, r) => (spend(), inner.appendTrace(t, r)),
  };
}

describe('quota', () => {
  it('a run that hits the quota ends error with QUOTA_EXCEEDED, its summary recorded (never left "running")', async () => {
    const budget = { writes: 1_000 };
    const store = quotaStore(createMemoryStore(new MemorySaver()), budget);
    const p = connect(store);
    const threadId = newThread('quota');
    budget.writes = 12;
    const { runId } = await p.client.startRun({ threadId, graphId: 'test-counter', input: counter(100, 0), controls: { recursionLimit: 1000 } });
    const ended = await p.client.waitForRun(runId);
    expect(ended).toMatchObject({ outcome: 'error', error: { code: 'QUOTA_EXCEEDED', message: expect.stringContaining('quota') } });
    // The final summary could not be written either (the budget is spent): it is shown from memory.
    expect((await p.client.listRuns(threadId))[0]).toMatchObject({ runId, outcome: 'error', error: { code: 'QUOTA_EXCEEDED' } });
    // Space is freed: the kept summary is written by the next run's start.
    budget.writes = 1_000;
    const next = await p.client.startRun({ threadId: newThread(), graphId: 'chain', input: { topic: 'x' } });
    await p.client.waitForRun(next.runId);
    const stored = (await store.readTrace(threadId)).filter((r) => r.kind === 'run' && r.runId === runId).at(-1);
    expect(stored).toMatchObject({ run: { outcome: 'error' } });
  });
});
