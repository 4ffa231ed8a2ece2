/**
 * Hostile cases, lifecycle: graph code never outlives what it was started for, and has no network.
 * A run's sandbox worker is stopped when the run ends, with every timer and nested worker its code
 * started; deleting a graph stops every worker that evaluated its code; a request from graph code
 * never leaves the sandbox and the run's error names the rule. What is alive is read from the
 * browser itself (worker-watch.ts: worker targets and their console, over the DevTools protocol),
 * and what reached the network from a canary server the test starts (canary-server.ts).
 */
import { expect, test } from '@playwright/test';
import { startCanary } from './canary-server';
import { attackGraph, openApp, runUserGraph, uid } from './hostile-helpers';
import { watchWorkers, type WorkerWatch } from './worker-watch';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `text` was printed (the watch sees the code), then no worker prints it for 2 s in a row. */
async function expectStops(watch: WorkerWatch, text: string): Promise<void> {
  expect(watch.count(text)).toBeGreaterThan(0);
  await expect.poll(async () => {
    const before = watch.count(text);
    await sleep(2_000);
    return watch.count(text) - before;
  }, { timeout: 30_000, intervals: [0] }).toBe(0);
}

/** `text` is still being printed: more of it within 3 s. */
async function expectGoesOn(watch: WorkerWatch, text: string): Promise<void> {
  const before = watch.count(text);
  await expect.poll(() => watch.count(text), { timeout: 15_000 }).toBeGreaterThan(before);
}

test.describe('hostile: graph code does not outlive its run, and has no network', () => {
  let watch: WorkerWatch;
  test.beforeEach(async ({ browser }) => {
    watch = await watchWorkers(browser);
  });
  test.afterEach(async () => {
    await watch.dispose();
  });

  test('a node that starts setInterval and returns: the interval stops when the run ends', async ({ page }) => {
    await openApp(page);
    const token = `interval-${Date.now().toString(36)}`;
    const run = await runUserGraph(page, uid('interval'), attackGraph(`
      setInterval(() => console.log(arg.token), 50);
      await new Promise((r) => setTimeout(r, 400));
      note('interval started');`), { token });
    expect(run.ended.outcome).toBe('done');
    expect(run.log).toEqual(['interval started']);
    await expectStops(watch, token);
  });

  test('a node that starts a nested worker looping forever and returns: the nested worker is gone when the run ends', async ({ page }) => {
    await openApp(page);
    const token = `nested-${Date.now().toString(36)}`;
    // Busy for 40 ms at a time, forever, printing between turns.
    const nested = `const t0 = ${JSON.stringify(token)}; (function spin() { const t = Date.now(); while (Date.now() - t < 40) {} console.log(t0); setTimeout(spin, 0); })();`;
    const run = await runUserGraph(page, uid('nested'), attackGraph(`
      new Worker(URL.createObjectURL(new Blob([arg.code], { type: 'text/javascript' })), { name: arg.token });
      await new Promise((r) => setTimeout(r, 600));
      note('nested worker started');`), { token, code: nested });
    expect(run.ended.outcome).toBe('done');
    expect(run.log).toEqual(['nested worker started']);
    await expectStops(watch, token);
    await expect.poll(() => watch.alive().includes(token), { timeout: 15_000 }).toBe(false);
  });

  test('graph code that calls a local server (fetch, XMLHttpRequest, WebSocket, EventSource, a nested worker\'s fetch) never reaches it; the run\'s error names the no-network rule', async ({ page }) => {
    const canary = await startCanary();
    try {
      await openApp(page);
      const probe = await runUserGraph(page, uid('net-probe'), attackGraph(`
        try { const x = new XMLHttpRequest(); x.open('GET', arg.url + '/xhr'); x.send(); note('xhr: sent'); } catch (e) { note('xhr: ' + (e as Error).name); }
        try { new WebSocket(arg.url.replace('http', 'ws') + '/ws'); note('ws: opened'); } catch (e) { note('ws: ' + (e as Error).name); }
        try { new EventSource(arg.url + '/sse'); note('sse: opened'); } catch (e) { note('sse: ' + (e as Error).name); }
        // A nested worker's fetch is the platform's own: only the sandbox document's policy stops it.
        const code = 'fetch(' + JSON.stringify(arg.url + '/nested') + ', { mode: "no-cors" }).then(() => postMessage("reached"), (e) => postMessage("refused: " + e.name))';
        const w = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
        note('nested fetch: ' + await new Promise((r) => { w.onmessage = (e) => r(e.data); }));`), { url: canary.url });
      expect(probe.ended.outcome).toBe('done');
      expect(probe.log).toEqual(['xhr: SandboxNoNetwork', 'ws: SandboxNoNetwork', 'sse: SandboxNoNetwork', 'nested fetch: refused: TypeError']);
      const direct = await runUserGraph(page, uid('net-fetch'), attackGraph(`
        const r = await fetch(arg.url + '/direct');
        note('fetched ' + r.status);`), { url: canary.url });
      expect(direct.ended).toMatchObject({ outcome: 'error', error: { code: 'SANDBOX_NO_NETWORK', name: 'SandboxNoNetwork' } });
      expect(direct.ended.error!.message).toContain('Graph code has no network in replaygraph');
      expect(direct.ended.error!.message).toContain(`fetch of ${canary.url}/direct`);
      expect(direct.ended.error!.message).toContain("model calls will go through the app's model gateway");
      await sleep(500);
      expect(canary.hits()).toBe(0);
    } finally {
      await canary.close();
    }
  });

  test('deleting a graph whose module and node start intervals, after its run and a read of its thread: every interval stops', async ({ page }) => {
    await openApp(page);
    const token = `deleted-${Date.now().toString(36)}`;
    const graphId = uid('deleted');
    // At the module's top level: runs in every worker that evaluates the module (load, run, read).
    const source = attackGraph(`
      setInterval(() => console.log(${JSON.stringify(token)}), 50);
      await new Promise((r) => setTimeout(r, 300));
      note('node interval started');`, `setInterval(() => console.log(${JSON.stringify(token)}), 50);`);
    const run = await runUserGraph(page, graphId, source);
    expect(run.ended.outcome).toBe('done');
    // Reading the thread evaluates the module again, where the engine's part of a read is computed.
    await page.evaluate(async (threadId) => {
      const c = window.__replaygraph!;
      const page = await c.historyPage({ threadId, limit: 10 });
      await c.getCheckpoint({ threadId, checkpointId: page.items[0]!.checkpointId });
    }, run.threadId);
    // Something that evaluated it is still alive: the thread's read worker.
    await expectGoesOn(watch, token);
    await page.evaluate((id) => window.__replaygraph!.deleteGraph(id), graphId);
    await expectStops(watch, token);
  });
});
