/**
 * Hostile cases, point 1 (isolation): graph code runs in an opaque-origin sandbox. Each attack
 * runs (its notes, or the storage worker's refusal of what it sent, prove it) and fails to reach
 * storage, other threads or the page; every other thread is byte-identical afterwards.
 */
import { expect, test } from '@playwright/test';
import { attackGraph, cdpEvaluate, expectUntouched, fingerprint, openApp, readFingerprint, runUserGraph, uid, victims } from './hostile-helpers';

test.describe('hostile: graph code cannot reach the app\'s data', () => {
  test('a node that deletes the database: the attempt runs and is refused (SecurityError); the run ends; nothing is lost', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const run = await runUserGraph(page, uid('delete-db'), attackGraph(`
      try { indexedDB.deleteDatabase('replaygraph'); note('deleteDatabase: no error'); } catch (e) { note('deleteDatabase: ' + (e as Error).name); }
      try { const dbs = await indexedDB.databases(); note('databases: ' + dbs.length); } catch (e) { note('databases: ' + (e as Error).name); }`));
    expect(run.ended.outcome).toBe('done');
    expect(run.log).toEqual(['deleteDatabase: SecurityError', 'databases: SecurityError']);
    await expectUntouched(page, v.before);
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toContain('replaygraph');
  });

  test('a node that opens the app\'s database to read or rewrite it is refused', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const run = await runUserGraph(page, uid('open-db'), attackGraph(`
      try { const r = indexedDB.open('replaygraph'); note('open: request made ' + typeof r); } catch (e) { note('open: ' + (e as Error).name); }
      try { indexedDB.open('replaygraph', 999); note('upgrade: request made'); } catch (e) { note('upgrade: ' + (e as Error).name); }`));
    expect(run.log).toEqual(['open: SecurityError', 'upgrade: SecurityError']);
    await expectUntouched(page, v.before);
  });

  test('a node has no page to reach: no window, document, parent, storage, locks or caches; an opaque origin', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const run = await runUserGraph(page, uid('reach'), attackGraph(`
      const g = globalThis as any;
      note('window ' + typeof g.window + ', document ' + typeof g.document + ', parent ' + typeof g.parent + ', opener ' + typeof g.opener);
      note('localStorage ' + typeof g.localStorage + ', caches ' + typeof g.caches + ', locks ' + typeof g.navigator?.locks);
      note('origin ' + g.origin);`));
    expect(run.log).toEqual(['window undefined, document undefined, parent undefined, opener undefined', 'localStorage undefined, caches undefined, locks undefined', 'origin null']);
    await expectUntouched(page, v.before);
  });

  test('a node cannot reach the app\'s origin over the network (graph code has no network)', async ({ page, baseURL }) => {
    await openApp(page);
    const v = await victims(page);
    const run = await runUserGraph(page, uid('fetch'), attackGraph(`
      try { const r = await fetch(arg.origin + '/'); note('read ' + (await r.text()).length); } catch (e) { note('fetch: ' + (e as Error).name); }
      try { const r = await fetch(arg.origin + '/', { mode: 'no-cors' }); note('no-cors: status ' + r.status + ', type ' + r.type); } catch (e) { note('no-cors: ' + (e as Error).name); }`), { origin: baseURL! });
    expect(run.log).toEqual(['fetch: SandboxNoNetwork', 'no-cors: SandboxNoNetwork']);
    await expectUntouched(page, v.before);
  });

  test('forged protocol messages posted by a node never reach the page (no "Run done" for another run)', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const victimRun = await page.evaluate(async (t) => (await window.__replaygraph!.listRuns(t))[0]!.runId, v.ids[0]!);
    await page.evaluate(() => {
      (window as unknown as { __ended: string[] }).__ended = [];
      window.__replaygraph!.onRunEnded('*', (e) => (window as unknown as { __ended: string[] }).__ended.push(e.runId));
    });
    const runsBefore = await page.evaluate((t) => window.__replaygraph!.listRuns(t), v.ids[0]!);
    const run = await runUserGraph(page, uid('forge-page'), attackGraph(`
      const forged = { type: 'rg/run.ended', runId: arg.run, threadId: arg.thread, outcome: 'done', error: null, result: { owned: true } };
      (self as any).postMessage(forged); note('posted to its parent');
      const bc = new BroadcastChannel('replaygraph'); bc.postMessage(forged); bc.close(); note('broadcast');`), { run: victimRun, thread: v.ids[0]! });
    expect(run.log).toEqual(['posted to its parent', 'broadcast']);
    await page.waitForTimeout(300);
    const ended = await page.evaluate(() => (window as unknown as { __ended: string[] }).__ended);
    expect(ended).toEqual([run.runId]);
    expect(await page.evaluate((t) => window.__replaygraph!.listRuns(t), v.ids[0]!)).toEqual(runsBefore);
    await expectUntouched(page, v.before);
  });

  test('a node that writes another thread with its run\'s checkpointer is refused; the run ends SANDBOX_VIOLATION', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    // The session port itself is out of reach (e2e/hostile-history.spec.ts); the run's checkpointer is not.
    const run = await runUserGraph(page, uid('forge-put'), attackGraph(`
      await saver.put({ configurable: { thread_id: arg.victim, checkpoint_ns: '' } },
        { v: 4, id: '1f0d3c00-0000-6000-8000-000000000042', ts: new Date().toISOString(), channel_values: { topic: 'owned' }, channel_versions: { topic: 99 }, versions_seen: {} },
        { source: 'loop', step: 99, parents: {} }, { topic: 99 });
      await new Promise((r) => setTimeout(r, 200));
      note('forged');`, '', { checkpointer: true }), { victim: v.ids[0]! });
    expect(run.ended.outcome).toBe('error');
    expect(run.ended.error).toMatchObject({ code: 'SANDBOX_VIOLATION' });
    expect(run.ended.error!.message).toMatch(/another thread/);
    await expectUntouched(page, v.before);
  });

  test('a node that would report a checkpoint its run never committed finds no session port to post it on', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const head = await page.evaluate(async (t) => (await window.__replaygraph!.historyPage({ threadId: t, limit: 1 })).items[0]!.checkpointId, v.ids[0]!);
    const capture = `
      const captured: MessagePort[] = ((globalThis as any).__captured ??= []);
      const original = MessagePort.prototype.postMessage;
      (MessagePort.prototype as any).postMessage = function (this: MessagePort, m: any, t?: any) { if (m?.type?.startsWith?.('cp/') && !captured.includes(this)) captured.push(this); return (original as any).call(this, m, t); };`;
    // The storage side refuses such a notice all the same (tests/worker/session.test.ts).
    const run = await runUserGraph(page, uid('forge-notice'), attackGraph(`
      const ports = (globalThis as any).__captured as MessagePort[];
      for (const p of ports) p.postMessage({ type: 'run/events', events: [{ kind: 'trace', event: {
        type: '@engine.checkpoint.saved', runId: 'forged', checkpointNs: '', step: 1, seq: 0, checkpointId: arg.head, parentCheckpointId: null, source: 'loop', newChannels: [] } }] });
      note('ports ' + ports.length);
      await new Promise((r) => setTimeout(r, 200));`, capture), { head });
    expect(run.ended.outcome).toBe('done');
    expect(run.log).toEqual(['ports 0']);
    await expectUntouched(page, v.before);
  });

  test('a 10 MB message from graph code is refused, and nothing of it is stored', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const run = await runUserGraph(page, uid('huge'), attackGraph(`
      const huge = 'x'.repeat(10 * 1024 * 1024);
      try { await saver.getTuple({ configurable: { thread_id: huge } }); } catch (e) { note((e as Error).name); }
      await new Promise((r) => setTimeout(r, 300));`, '', { checkpointer: true }));
    expect(run.ended.error).toMatchObject({ code: 'SANDBOX_VIOLATION', message: expect.stringContaining('malformed') });
    await expectUntouched(page, v.before);
  });

  test('a graph that patches built-ins changes only its own sandbox: other graphs run as before', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const probe = `note('random ' + (Math.random() === 0.42) + ', parse ' + JSON.parse('1') + ', upper ' + 'a'.toUpperCase());`;
    const patched = await runUserGraph(page, uid('patch'), attackGraph(`
      (Math as any).random = () => 0.42;
      (JSON as any).parse = () => 'owned';
      (String.prototype as any).toUpperCase = function () { return 'owned'; };
      ${probe}`));
    // The patches took effect where they were made…
    expect(patched.log).toEqual(['random true, parse owned, upper owned']);
    // …and nowhere else: another user graph, and a built-in one, see the real built-ins.
    const other = await runUserGraph(page, uid('bystander'), attackGraph(probe));
    expect(other.log).toEqual(['random false, parse 1, upper A']);
    const chain = await page.evaluate(async () => {
      const c = window.__replaygraph!;
      const { runId } = await c.startRun({ threadId: `after-patch-${Date.now()}`, graphId: 'chain', input: { topic: 'clean' } });
      return c.waitForRun(runId);
    });
    expect(chain.outcome).toBe('done');
    expect(JSON.stringify(chain.result)).toContain('clean');
    await expectUntouched(page, v.before);
  });

  test('an imported file whose code deletes every database: with consent it runs sandboxed and is refused; without it never runs', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const graphId = uid('wiper');
    const source = [
      "import { Annotation, END, START, StateGraph } from 'replaygraph';",
      "let report = 'not run';",
      "try { indexedDB.databases().then((d) => d.forEach((x) => indexedDB.deleteDatabase(x.name!)), () => undefined); indexedDB.deleteDatabase('replaygraph'); report = 'deleted'; } catch (e) { report = 'refused: ' + (e as Error).name; }",
      'export const description = `the wiper ran (${report})`;',
      'const S = Annotation.Root({ n: Annotation<number>() });',
      "export default new StateGraph(S).addNode('a', (s) => ({ n: s.n + 1 })).addEdge(START, 'a').addEdge('a', END);",
    ].join('\n');
    // A file made by this app: a thread of that graph, with the graph's source in it.
    const text = await page.evaluate(async ({ graphId, source }) => {
      const c = window.__replaygraph!;
      await c.saveGraph({ graphId, source });
      const threadId = `wiper-thread-${Date.now()}`;
      await c.waitForRun((await c.startRun({ threadId, graphId, input: { n: 0 } })).runId);
      const file = await c.exportThread(threadId);
      await c.deleteThread(threadId);
      await c.deleteGraph(graphId);
      return file.text;
    }, { graphId, source });
    const before = await fingerprint(page, v.ids);
    const withoutConsent = await page.evaluate(async (text) => {
      const c = window.__replaygraph!;
      const r = await c.importThread({ text });
      return { r, graph: (await c.listGraphs()).find((g) => g.id === r.thread?.graphId) };
    }, text);
    expect(withoutConsent.r.thread).toMatchObject({ quarantinedGraphId: graphId, registeredGraphId: null });
    // Not run: its description is the quarantine's, not the one its code computes.
    expect(withoutConsent.graph).toMatchObject({ quarantine: { reason: 'unapproved' } });
    expect(withoutConsent.graph!.description).not.toContain('the wiper ran');
    await expectUntouched(page, before);
    // With consent (under another thread id), it runs in its sandbox: the deletes are refused.
    const withConsent = await page.evaluate(async ({ text, graphId }) => {
      const c = window.__replaygraph!;
      await c.deleteGraph(graphId);
      const r = await c.importThread({ text, threadId: `wiper-again-${Date.now()}`, trustSource: true });
      return { r, graph: (await c.listGraphs()).find((g) => g.id === graphId) };
    }, { text, graphId });
    expect(withConsent.r.thread?.registeredGraphId).toBe(graphId);
    expect(withConsent.graph!.description).toBe('the wiper ran (refused: SecurityError)');
    await expectUntouched(page, before);
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toContain('replaygraph');
  });

  test('a node that allocates without bound takes down only the sandbox frame: the page lives, the frame is replaced, the run ends cancelled', async ({ page }) => {
    test.setTimeout(180_000);
    await openApp(page);
    const v = await victims(page);
    const graphId = uid('hog');
    const runId = await page.evaluate(async ({ graphId, source }) => {
      const c = window.__replaygraph!;
      await c.saveGraph({ graphId, source });
      return (await c.startRun({ threadId: `hog-${Date.now()}`, graphId, input: { log: [] } })).runId;
    }, { graphId, source: attackGraph('const hog: number[][] = []; for (;;) hog.push(new Array(1_000_000).fill(Math.random()));') });
    const cdp = await page.context().newCDPSession(page);
    // Out of memory in the frame's own process; its heartbeat stops, the page replaces the frame,
    // and the storage worker ends the run whose sandbox was lost.
    const ended = await cdpEvaluate(cdp, (id: string) => window.__replaygraph!.waitForRun(id), runId);
    expect(ended).toMatchObject({ outcome: 'cancelled', error: { code: 'SANDBOX_CRASHED' } });
    const alive = await cdpEvaluate(cdp, () => ({ status: document.querySelector('[data-testid="worker-status"]')?.getAttribute('data-status'), frames: document.querySelectorAll('iframe[sandbox]').length }), null);
    expect(alive).toEqual({ status: 'ready', frames: 1 });
    const again = await cdpEvaluate(cdp, async () => {
      const c = window.__replaygraph!;
      const { runId } = await c.startRun({ threadId: `after-oom-${Date.now()}`, graphId: 'chain', input: { topic: 'alive' } });
      return (await c.waitForRun(runId)).outcome;
    }, null);
    expect(again).toBe('done');
    expect(await cdpEvaluate(cdp, readFingerprint, v.ids)).toEqual(v.before);
  });
});
