/**
 * Hostile cases, point 8 (storage): a full quota (set through the DevTools protocol) ends runs as
 * `error` with a clear message and their summary recorded, never left "running", and still read
 * QUOTA_EXCEEDED after a reload while storage is full (never "cancelled" by the reload); protocol ids and
 * sizes are bounded (BAD_REQUEST); malformed requests are answered as data; the persistence answer
 * is shown; graph code cannot have a thread deleted; a reload mid-run loses no committed checkpoint. Every other thread is byte-identical afterwards.
 */
import { expect, test, type Page } from '@playwright/test';
import { attackGraph, expectUntouched, fingerprint, openApp, uid, victims } from './hostile-helpers';

/** A graph that grows its state by ~200 KB per superstep, for `steps` steps. */
const GROWER = [
  "import { Annotation, END, START, StateGraph } from 'replaygraph';",
  'const S = Annotation.Root({ n: Annotation<number>(), blob: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });',
  'export default new StateGraph(S)',
  "  .addNode('grow', (s) => ({ n: s.n + 1, blob: ['x'.repeat(200_000) + s.n] }))",
  "  .addEdge(START, 'grow')",
  "  .addConditionalEdges('grow', (s) => (s.n < 400 ? 'grow' : END));",
].join('\n');

const badRequest = (page: Page, type: string, body: Record<string, unknown>) =>
  page.evaluate(async ({ type, body }) => {
    try {
      await window.__replaygraph!.request(type as never, body as never);
      return null;
    } catch (e) {
      return (e as { data?: { code?: string; message?: string } }).data ?? null;
    }
  }, { type, body });

test.describe('hostile: storage', () => {
  test('at quota (DevTools protocol), runs end error QUOTA_EXCEEDED with their summary recorded, none left running after a reload', async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    await openApp(page);
    const v = await victims(page);
    const graphId = uid('grower');
    await page.evaluate(({ graphId, source }) => window.__replaygraph!.saveGraph({ graphId, source }), { graphId, source: GROWER });
    const cdp = await page.context().newCDPSession(page);
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin, quotaSize: usage + 3 * 1024 * 1024 });
    const runs = await page.evaluate(async (graphId) => {
      const c = window.__replaygraph!;
      const out = [];
      for (let i = 0; i < 4; i++) {
        const threadId = `quota-${i}-${Date.now()}`;
        const { runId } = await c.startRun({ threadId, graphId, input: { n: 0 }, controls: { recursionLimit: 1000 } });
        out.push({ threadId, ended: await c.waitForRun(runId) });
      }
      return out;
    }, graphId);
    for (const r of runs) {
      expect(r.ended).toMatchObject({ outcome: 'error', error: { code: 'QUOTA_EXCEEDED', message: expect.stringContaining('quota') } });
    }
    const listed = async () => page.evaluate(async (ids) => {
      const c = window.__replaygraph!;
      return Promise.all(ids.map(async (t) => (await c.listRuns(t)).map((r) => r.outcome)));
    }, runs.map((r) => r.threadId));
    expect((await listed()).flat()).toEqual(['error', 'error', 'error', 'error']);
    await openApp(page);
    expect((await listed()).flat().filter((o) => o === 'running')).toEqual([]);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(baseURL!).origin });
    await expectUntouched(page, v.before);
  });

  // A full storage refuses the run's end record too: a reload while it is still full must not
  // turn "ended: storage full" into "cancelled (page reloaded)" or leave it "running".
  test('a run whose end a full quota refused still reads QUOTA_EXCEEDED after a reload while storage is full, and is stored once there is room', async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    await openApp(page);
    const v = await victims(page);
    const origin = new URL(baseURL!).origin;
    const cdp = await page.context().newCDPSession(page);
    const threadId = `quota-reload-${Date.now()}`;
    await page.evaluate(async (threadId) => {
      const c = window.__replaygraph!;
      const w = window as unknown as { told: Set<string>; ended: Promise<unknown> };
      w.told = new Set();
      c.onRunEvents('*', (events, meta) => {
        if (meta.threadId !== threadId) return;
        for (const e of events) if (e.kind === 'checkpoint') w.told.add(e.checkpoint.checkpointId);
      });
      const { runId } = await c.startRun({ threadId, graphId: 'test-counter', input: { count: 0, target: 100_000, delayMs: 5 }, controls: { recursionLimit: 200_000 } });
      w.ended = c.waitForRun(runId);
    }, threadId);
    await page.waitForFunction(() => (window as unknown as { told: Set<string> }).told.size >= 20, undefined, { timeout: 60_000 });
    // Storage becomes full mid-run: the quota is set to what is used now, so no write fits, not even the run's end.
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: usage });
    const ended = await page.evaluate(() => (window as unknown as { ended: Promise<unknown> }).ended);
    expect(ended).toMatchObject({ outcome: 'error', error: { code: 'QUOTA_EXCEEDED' } });
    const told = await page.evaluate(() => [...(window as unknown as { told: Set<string> }).told]);
    const before = await fingerprint(page, [threadId]);
    expect(before[threadId]).toMatch(/^checkpoints:[1-9]/);
    const shown = () => page.evaluate(async (t) => {
      const c = window.__replaygraph!;
      const ids: string[] = [];
      for (let b: string | undefined; ;) {
        const p = await c.historyPage({ threadId: t, limit: 500, ...(b ? { before: b } : {}) });
        ids.push(...p.items.map((i) => i.checkpointId));
        if (p.nextBefore === null) break;
        b = p.nextBefore;
      }
      return { ids, runs: (await c.listRuns(t)).map((r) => ({ outcome: r.outcome, code: r.error?.code, message: r.error?.message })) };
    }, threadId);
    const expectEndedFull = async () => {
      const after = await shown();
      expect(after.runs).toEqual([{ outcome: 'error', code: 'QUOTA_EXCEEDED', message: expect.stringContaining('quota') }]);
      expect(after.runs[0]!.message).not.toContain('reloaded');
      expect(told.filter((id) => !after.ids.includes(id))).toEqual([]);
      expect(await fingerprint(page, [threadId])).toEqual(before);
    };
    await expectEndedFull();

    // Reloaded while storage is still full.
    await openApp(page);
    await expectEndedFull();

    // Space returns: the end is stored (read straight from IndexedDB; the thread's running flag, kept until then, is cleared) without a reload.
    await cdp.send('Storage.overrideQuotaForOrigin', { origin });
    // Polled from here: `waitForFunction` takes an async predicate's promise as a truthy answer at once.
    await expect.poll(() => page.evaluate(async (t) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('replaygraph');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      const rec = await new Promise<{ running?: boolean } | undefined>((resolve, reject) => {
        const req = db.transaction('threads').objectStore('threads').get(t);
        req.onsuccess = () => resolve(req.result as { running?: boolean } | undefined);
        req.onerror = () => reject(req.error);
      });
      const chunks = await new Promise<unknown[]>((resolve, reject) => {
        const req = db.transaction('trace_chunks').objectStore('trace_chunks').getAll(IDBKeyRange.bound([t], [t, []]));
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      db.close();
      return rec?.running === false && JSON.stringify(chunks).includes('"code":"QUOTA_EXCEEDED"');
    }, threadId), { timeout: 60_000, intervals: [500] }).toBe(true);
    // What a fresh worker reads from storage alone.
    await openApp(page);
    await expectEndedFull();
    await expectUntouched(page, v.before);
  });

  test('a 10 MB thread id, an empty one and a fractional recursion limit are bad requests; nothing is stored', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const threadsBefore = await page.evaluate(async () => (await window.__replaygraph!.listThreads()).length);
    const huge = 'x'.repeat(10 * 1024 * 1024);
    expect(await badRequest(page, 'rg/run.start', { threadId: huge, graphId: 'chain', input: {} })).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('"threadId"') });
    expect(await badRequest(page, 'rg/run.start', { threadId: '', graphId: 'chain', input: {} })).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await badRequest(page, 'rg/runs.list', { threadId: '' })).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await badRequest(page, 'rg/run.start', { threadId: 't-frac', graphId: 'chain', input: {}, controls: { recursionLimit: 0.5 } })).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('recursionLimit') });
    expect(await page.evaluate(async () => (await window.__replaygraph!.listThreads()).length)).toBe(threadsBefore);
    await expectUntouched(page, v.before);
  });

  test('malformed requests of every kind are answered as data, and the worker keeps answering', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const cases: [string, Record<string, unknown>][] = [
      ['rg/run.start', { threadId: 't', graphId: 'chain' }],
      ['rg/run.start', { threadId: 7, graphId: 'chain', input: {} }],
      ['rg/run.start', { threadId: 't', graphId: 'chain', input: { n: NaN } }],
      ['rg/run.start', { threadId: 't', graphId: 'chain', input: {}, controls: { breakBefore: 'a' } }],
      ['rg/run.start', { threadId: 't', graphId: 'chain', input: {}, controls: { nodeTimeoutMs: -1 } }],
      ['rg/run.resume', { threadId: 't', resume: { kind: 'maybe' } }],
      ['rg/run.fork', { threadId: 't', ns: '', checkpointId: 'c', values: {}, run: 'yes' }],
      ['rg/run.replay', { threadId: 't', ns: 5, checkpointId: 'c' }],
      ['rg/run.cancel', { runId: '' }],
      ['rg/history.page', { threadId: 't', ns: '', limit: 'ten' }],
      ['rg/history.page', { threadId: 't', ns: '', limit: 0 }],
      ['rg/checkpoint.get', { threadId: 't', ns: '', checkpointId: 'x'.repeat(600) }],
      ['rg/checkpoint.slice', { threadId: 't', ns: '', checkpointId: 'c', field: 'secrets', path: [], offset: 0, limit: 1 }],
      ['rg/trace.get', { threadId: 't', afterSeq: 1.5 }],
      ['rg/thread.import', { text: 5 }],
      ['rg/thread.import', { text: '{}', trustSource: 'yes' }],
      ['rg/graph.compile', { graphId: 'chain', source: '' }],
      ['rg/graph.save', { graphId: 'user:../../x', source: '' }],
      ['rg/graph.delete', { graphId: 'human-review' }],
      ['rg/settings.set', { durability: 'sometimes' }],
      ['rg/sandbox.attach', { port: 'not a port' }],
    ];
    for (const [type, body] of cases) expect(await badRequest(page, type, body), `${type} ${JSON.stringify(body).slice(0, 80)}`).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await badRequest(page, 'rg/no.such.request', {})).toMatchObject({ code: 'UNKNOWN_REQUEST' });
    expect((await page.evaluate(() => window.__replaygraph!.listThreads())).length).toBeGreaterThan(0);
    await expectUntouched(page, v.before);
  });

  test('the browser\'s answer to persistent storage is shown', async ({ page }) => {
    await openApp(page);
    await expect(page.getByTestId('storage-persistence')).not.toHaveAttribute('data-state', 'unknown');
    await expect(page.getByTestId('storage-persistence')).toHaveText(/Storage: (persistent|best effort|unknown)/);
  });

  test('graph code that asks the storage worker to delete another thread is refused, and the thread stays', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const capture = `
      const captured: MessagePort[] = ((globalThis as any).__captured ??= []);
      const original = MessagePort.prototype.postMessage;
      (MessagePort.prototype as any).postMessage = function (this: MessagePort, m: any, t?: any) { if (m?.type?.startsWith?.('cp/') && !captured.includes(this)) captured.push(this); return (original as any).call(this, m, t); };`;
    // Its run's checkpointer refuses, and no session port can be captured to forge the call
    // (the storage side refuses an unknown message type all the same: tests/worker/session.test.ts).
    const graphId = uid('delete-thread');
    const r = await page.evaluate(async ({ graphId, source, victim }) => {
      const c = window.__replaygraph!;
      await c.saveGraph({ graphId, source });
      return c.waitForRun((await c.startRun({ threadId: `deleter-${Date.now()}`, graphId, input: { arg: victim, log: [] } })).runId);
    }, { graphId, victim: v.ids[0]!, source: attackGraph(`
      try { await saver.deleteThread(arg); note('deleted'); } catch (e) { note('deleteThread: ' + (e as Error).message); }
      const ports = (globalThis as any).__captured as MessagePort[];
      for (const p of ports) p.postMessage({ type: 'cp/deleteThread', rid: 1, threadId: arg, config: { configurable: { thread_id: arg } } });
      note('ports ' + ports.length);
      await new Promise((r) => setTimeout(r, 300));`, capture, { checkpointer: true }) });
    expect(r).toMatchObject({ outcome: 'done', result: { log: ['deleteThread: Graph code cannot delete threads.', 'ports 0'] } });
    await expectUntouched(page, v.before);
  });

  test('a reload in the middle of a long run loses no committed checkpoint, and closes the run', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const threadId = await page.evaluate(async () => {
      const c = window.__replaygraph!;
      const threadId = `reload-${Date.now()}`;
      await c.startRun({ threadId, graphId: 'test-counter', input: { count: 0, target: 1500, delayMs: 1 }, controls: { recursionLimit: 5000 } });
      return threadId;
    });
    await page.waitForTimeout(1500);
    const committed = Number(/checkpoints:(\d+)/.exec((await fingerprint(page, [threadId]))[threadId]!)![1]);
    expect(committed).toBeGreaterThan(5);
    await openApp(page);
    const after = await page.evaluate(async (t) => {
      const c = window.__replaygraph!;
      return { steps: (await c.historyPage({ threadId: t, limit: 5000 })).items.length, runs: (await c.listRuns(t)).map((r) => r.outcome) };
    }, threadId);
    expect(after.steps).toBeGreaterThanOrEqual(committed);
    expect(after.runs).toEqual(['cancelled']);
    await expectUntouched(page, v.before);
  });

  // What the page was told is the promise: every checkpoint reported to it (a checkpoint notice or
  // a "checkpoint saved" event) must be in IndexedDB after a reload, also while the engine runs
  // ahead of its commits (async durability) and whatever was still committing when the tab went.
  for (const durability of ['async', 'sync'] as const) {
    test(`a reload mid-run under ${durability} durability keeps every checkpoint the page was told is saved`, async ({ page }) => {
      await openApp(page);
      const v = await victims(page);
      const threadId = `told-${durability}-${Date.now()}`;
      await page.evaluate(async ({ threadId, durability }) => {
        const c = window.__replaygraph!;
        const told = new Set<string>();
        (window as unknown as { told: Set<string> }).told = told;
        c.onRunEvents('*', (events, meta) => {
          if (meta.threadId !== threadId) return;
          for (const e of events) {
            if (e.kind === 'checkpoint') told.add(e.checkpoint.checkpointId);
            else if (e.event.type === '@engine.checkpoint.saved') told.add(e.event.checkpointId);
          }
        });
        await c.startRun({ threadId, graphId: 'test-counter', input: { count: 0, target: 200_000, delayMs: 0 }, controls: { recursionLimit: 300_000, durability } });
      }, { threadId, durability });
      await page.waitForFunction(() => (window as unknown as { told: Set<string> }).told.size >= 300, undefined, { timeout: 60_000 });
      const told = await page.evaluate(() => [...(window as unknown as { told: Set<string> }).told]);
      await openApp(page);
      const after = await page.evaluate(async (t) => {
        const c = window.__replaygraph!;
        const ids: string[] = [];
        for (let before: string | undefined; ;) {
          const p = await c.historyPage({ threadId: t, limit: 500, ...(before ? { before } : {}) });
          ids.push(...p.items.map((i) => i.checkpointId));
          if (p.nextBefore === null) break;
          before = p.nextBefore;
        }
        return { ids, runs: (await c.listRuns(t)).map((r) => r.outcome) };
      }, threadId);
      const stored = new Set(after.ids);
      expect(told.length).toBeGreaterThanOrEqual(300);
      expect(told.filter((id) => !stored.has(id))).toEqual([]);
      expect(after.runs).toEqual(['cancelled']);
      await expectUntouched(page, v.before);
    });
  }

  test('a node cannot shrink the storage worker\'s limits: a value too deep to export is refused where it is written', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const graphId = uid('deep');
    const r = await page.evaluate(async ({ graphId, source }) => {
      const c = window.__replaygraph!;
      await c.saveGraph({ graphId, source });
      return c.waitForRun((await c.startRun({ threadId: `deep-${Date.now()}`, graphId, input: { log: [] } })).runId);
    }, { graphId, source: attackGraph("let deep: any = 0; for (let i = 0; i < 300; i++) deep = [deep]; (log as any).push(deep);") });
    expect(r).toMatchObject({ outcome: 'error', error: { name: 'CheckpointValueError', message: expect.stringContaining('nested deeper than 240') } });
    await expectUntouched(page, v.before);
  });
});
