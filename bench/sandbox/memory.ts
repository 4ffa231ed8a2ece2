/**
 * What a long run costs in memory (prints figures; not a test): the used JS heap of the page and of
 * the storage worker, after a full garbage collection, (1) with the app open on a small thread
 * (the baseline), (2) after each of two 1,000-superstep runs of the counter graph streamed into
 * the debugger (run from its form, so the timeline, graph and runs panel hold what they show), and
 * (3) after the long threads were closed (the debugger switched to the small thread), cycle after
 * cycle of opening the last long thread again and closing it. Growth is printed per 1,000
 * checkpoints and beside the baseline heap of the same run; after a close nothing should be left
 * of the thread (the residue is printed against one run's growth).
 *
 * Run: npx tsx bench/sandbox/memory.ts (BENCH_MEMORY_PORT picks the app's port, default 4296;
 * BENCH_STEPS the supersteps per run, default 1000)
 */
import type { Page } from '@playwright/test';
import { heapProbe, mb, type HeapSizes } from '../ui/heap';
import { launchChromium, serveBuiltApp } from '../ui/serve';

const STEPS = Number(process.env.BENCH_STEPS ?? 1000);
/** Checkpoints one run writes: the input, the __start__ step, then one per superstep. */
const CHECKPOINTS = STEPS + 2;

async function openApp(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/?debug=1&testGraphs=1`);
  await page.locator('[data-testid="worker-status"][data-status="ready"]').waitFor();
}

/** A thread of a few checkpoints, made through the debug client (what the debugger shows when the long ones are closed). */
async function smallThread(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const c = (window as unknown as { __replaygraph: import('../../src/client/worker-client').WorkerClient }).__replaygraph;
    const threadId = `small-${Date.now().toString(36)}`;
    const ended = await c.waitForRun((await c.startRun({ threadId, graphId: 'test-counter', input: { count: 0, target: 3, delayMs: 0 } })).runId);
    if (ended.outcome !== 'done') throw new Error(`seed run ended ${ended.outcome}`);
    return threadId;
  });
}

/** Runs the counter for STEPS supersteps from the debugger's form (a new thread); the thread it made. */
async function runInUi(page: Page): Promise<string> {
  await page.getByTestId('view-debugger').click();
  await page.getByTestId('run-input').waitFor();
  await page.getByTestId('graph-picker').selectOption('test-counter');
  await page.getByTestId('run-input').fill(JSON.stringify({ count: 0, target: STEPS, delayMs: 0 }));
  await page.getByTestId('recursion-limit').fill(String(STEPS + 100));
  const done = await page.locator('[data-testid="run-item"][data-outcome="done"]').count();
  await page.getByTestId('run-new').click();
  await page.locator('[data-testid="run-item"][data-outcome="done"]').nth(done).waitFor({ timeout: 900_000 });
  await page.locator('[data-testid="timeline"][data-complete="true"]').waitFor();
  await page.waitForTimeout(500); // the last reads after the run ended
  return page.getByTestId('thread-picker').inputValue();
}

/** Shows `threadId` in the debugger and waits for its whole timeline. */
async function show(page: Page, threadId: string): Promise<void> {
  await page.locator(`[data-testid="thread-picker"] option[value="${threadId}"]`).waitFor({ state: 'attached' });
  await page.getByTestId('thread-picker').selectOption(threadId);
  await page.locator(`[data-testid="timeline"][data-complete="true"]`).waitFor();
  await page.waitForTimeout(300);
}

const delta = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);
const signed = (bytes: number | null) => (bytes === null ? 'n/a' : `${bytes >= 0 ? '+' : '−'}${mb(Math.abs(bytes))}`);
const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? 'n/a' : (a / b).toFixed(3));

async function main(): Promise<void> {
  const port = Number(process.env.BENCH_MEMORY_PORT ?? 4296);
  const app = await serveBuiltApp(port, 'BENCH_MEMORY_PORT');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await openApp(page, app.origin);
    const small = await smallThread(page);
    await openApp(page, app.origin);
    const probe = await heapProbe(page);
    await page.getByTestId('view-debugger').click();
    await show(page, small);
    await page.waitForTimeout(1000);
    const base = await probe.measure();
    const heaps: HeapSizes[] = [base];
    const threads: string[] = [];
    for (let i = 0; i < 2; i++) {
      threads.push(await runInUi(page));
      heaps.push(await probe.measure());
    }
    await show(page, small);
    const closed = [await probe.measure()];
    for (let i = 0; i < 3; i++) {
      await show(page, threads.at(-1)!);
      await show(page, small);
      closed.push(await probe.measure());
    }

    console.log(`Memory of a ${STEPS.toLocaleString('en-US')}-superstep counter run (${CHECKPOINTS} checkpoints) streamed into the debugger; used JS heap after GC`);
    console.log(`  baseline (app open on thread ${small}, 5 checkpoints): page ${mb(base.page)}, storage worker ${mb(base.worker)}`);
    const per = (b: number | null) => (b === null ? null : (b * 1000) / CHECKPOINTS);
    for (let i = 1; i < heaps.length; i++) {
      const page = per(delta(heaps[i - 1]!.page, heaps[i]!.page));
      const worker = per(delta(heaps[i - 1]!.worker, heaps[i]!.worker));
      console.log(`  run ${i}, growth per 1,000 checkpoints: page ${signed(page)} (${ratio(page, base.page)} of its baseline heap), storage worker ${signed(worker)} (${ratio(worker, base.worker)} of its baseline heap)`);
    }
    const run1 = { page: delta(heaps[0]!.page, heaps[1]!.page), worker: delta(heaps[0]!.worker, heaps[1]!.worker) };
    const left = { page: delta(base.page, closed[0]!.page), worker: delta(base.worker, closed[0]!.worker) };
    console.log(`  left after closing both threads (debugger back on the small one): page ${signed(left.page)} (${ratio(left.page, run1.page)} of run 1's growth), storage worker ${signed(left.worker)} (${ratio(left.worker, run1.worker)} of run 1's growth)`);
    const cycles = { page: delta(closed[0]!.page, closed.at(-1)!.page), worker: delta(closed[0]!.worker, closed.at(-1)!.worker) };
    console.log(`  ${closed.length - 1} more cycles of opening the last thread and closing it: page ${signed(cycles.page)} (${ratio(cycles.page, run1.page)} of run 1's growth), storage worker ${signed(cycles.worker)} (${ratio(cycles.worker, run1.worker)} of run 1's growth); after each close: ${closed.map((h) => `${mb(h.page)} / ${mb(h.worker)}`).join(', ')} (page / worker)`);
  } finally {
    await browser.close();
    app.stop();
  }
}

await main();
