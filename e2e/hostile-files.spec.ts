/**
 * Checkpoint files made to freeze a reader (LangGraph.js's SqliteSaver layout, made here in Node
 * with better-sqlite3), chosen in the Files view of the real app:
 *
 * - 30,000 threads, opened while a local run on another thread streams its events: the file's
 *   first rows and its total show, only the rows in view are drawn, the rest are read page by page
 *   as the list scrolls, the thread list carries the file's first page only, and the run's events
 *   keep arriving while the storage worker opens the file;
 * - threads of one 8 MB checkpoint: while one is read, small requests sent to the storage worker
 *   after it are answered before it (the value is decoded off its request loop), and the
 *   checkpoint's values then show, cut to a preview.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { hostileCheckpointId, hostileThreadId, makeHugeBlobFile, makeManyThreadsFile } from '../tests/formats/hostile-files';
import { openApp } from './hostile-helpers';

const THREADS = 30_000;
/** The stored size of each checkpoint of the file of large checkpoints. */
const LARGE_BYTES = 8 * 1024 * 1024;
let dir = '';
let file = '';
let large = '';

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rg-hostile-files-'));
  file = await makeManyThreadsFile(join(dir, 'many.sqlite'), THREADS);
  large = await makeHugeBlobFile(join(dir, 'large.sqlite'), 3, LARGE_BYTES);
});

test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

declare global {
  interface Window {
    /** Page times at which the streaming run's event batches arrived. */
    __batches?: number[];
  }
}

test('a file of 30,000 threads opens with its first rows and total while a run keeps streaming', async ({ page }) => {
  test.setTimeout(240_000);
  await openApp(page, '&view=files');
  await expect(page.getByTestId('files-view')).toBeVisible();

  // A run on a native thread that streams a step every 20 ms for the whole test.
  const runId = await page.evaluate(async () => {
    const c = window.__replaygraph!;
    window.__batches = [];
    const r = await c.startRun({ threadId: `streaming-${Date.now().toString(36)}`, graphId: 'test-counter', input: { count: 0, target: 3000, delayMs: 20 }, controls: { recursionLimit: 5000 } });
    c.onRunEvents(r.runId, () => window.__batches!.push(performance.now()));
    return r.runId;
  });
  await page.waitForFunction(() => window.__batches!.length >= 2);

  const opening = await page.evaluate(() => performance.now());
  await page.getByTestId('files-input').setInputFiles([file]);
  const section = page.locator('[data-testid="opened-file"][data-file="many.sqlite"]');
  await expect(section.getByTestId('file-thread-count')).toHaveText('30,000 threads', { timeout: 60_000 });
  await expect(section.locator(`[data-testid="file-thread"][data-thread="${hostileThreadId(0)}"]`)).toBeVisible();
  const opened = await page.evaluate(() => performance.now());
  await expect(section.locator(`[data-testid="file-thread"][data-thread="${hostileThreadId(0)}"] [data-testid="file-thread-status"]`)).toHaveText('interrupted');

  // The run streamed while the file was opened: batches arrived between the choice and the rows.
  const during = await page.evaluate(({ from, to }) => window.__batches!.filter((t) => t > from && t < to).length, { from: opening, to: opened });
  expect(during).toBeGreaterThanOrEqual(2);

  // Only the rows in view are drawn; the rest are read when they are scrolled to.
  expect(await section.getByTestId('file-thread').count()).toBeLessThan(100);
  await section.getByTestId('file-threads-scroll').evaluate((el) => (el.scrollTop = 60 * 30));
  await expect(section.locator(`[data-testid="file-thread"][data-thread="${hostileThreadId(62)}"]`)).toBeVisible();
  await section.getByTestId('file-threads-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight));
  const last = section.locator(`[data-testid="file-thread"][data-thread="${hostileThreadId(THREADS - 1)}"]`);
  await expect(last).toBeVisible();
  expect(await section.getByTestId('file-thread').count()).toBeLessThan(100);

  // The thread list (picker, Threads view) holds the file's first page, not its 30,000 threads.
  const listed = await page.evaluate(async () => (await window.__replaygraph!.listThreads()).filter((t) => t.file).length);
  expect(listed).toBeLessThanOrEqual(50);

  // A thread far down the list opens in the debugger as a file's thread: read-only.
  await last.getByTestId('open-file-thread').click();
  await expect(page.getByTestId('file-thread-bar')).toContainText(hostileThreadId(THREADS - 1));
  await expect(page.getByTestId('read-only-badge')).toBeVisible();
  await expect(page.getByTestId('timeline-row')).toHaveCount(1);

  await page.evaluate((id) => window.__replaygraph!.cancel(id), runId);
});

test('a thread whose checkpoint is 8 MB is read while the storage worker keeps answering, and its values show', async ({ page }) => {
  test.setTimeout(240_000);
  await openApp(page, '&view=files');
  await page.getByTestId('files-input').setInputFiles([large]);
  const section = page.locator('[data-testid="opened-file"][data-file="large.sqlite"]');
  await expect(section.getByTestId('file-thread-count')).toHaveText('3 threads', { timeout: 60_000 });

  // The checkpoint is asked for straight from the worker, then small requests one after the other
  // (each sent when the previous one is answered) until it arrives: the order the answers came in.
  const read = await page.evaluate(async ({ original, checkpointId }) => {
    const c = window.__replaygraph!;
    const thread = (await c.listThreads()).find((t) => t.file?.originalId === original);
    if (!thread) throw new Error(`thread ${original} is not listed`);
    const order: string[] = [];
    let arrived = false;
    const detail = c.getCheckpoint({ threadId: thread.threadId, checkpointId }).then((d) => {
      arrived = true;
      order.push('checkpoint');
      return d;
    });
    const small = async () => {
      for (let i = 0; !arrived; i++) {
        if (i % 2 === 0) {
          await c.listThreads();
          order.push('thread list');
        } else {
          await c.hello();
          order.push('hello');
        }
      }
    };
    const [d] = await Promise.all([detail, small()]);
    const values = d.values as Record<string, unknown>;
    return { order, topic: values.topic, payload: String(values.payload), cuts: d.truncated?.values ?? [] };
  }, { original: hostileThreadId(1), checkpointId: hostileCheckpointId(1) });

  // Small requests sent after the checkpoint's were answered before it: the worker kept answering.
  const before = read.order.indexOf('checkpoint');
  expect(read.order.slice(0, before)).toEqual(expect.arrayContaining(['thread list', 'hello']));
  expect(before).toBeGreaterThanOrEqual(4);
  // The page got a preview of the 8 MB value, and where it was cut.
  expect(read.topic).toBe('hostile');
  expect(read.payload).toMatch(/^x+$/);
  expect(read.payload.length).toBeLessThan(10_000);
  // (The worker keeps at most 100,000 characters of one string, src/protocol/json-safe.ts.)
  expect(read.cuts).toContainEqual(expect.objectContaining({ path: ['payload'], unit: 'chars', shown: read.payload.length }));

  // The same checkpoint in the debugger: its values show.
  await section.locator(`[data-testid="file-thread"][data-thread="${hostileThreadId(1)}"]`).getByTestId('open-file-thread').click();
  await expect(page.getByTestId('file-thread-bar')).toContainText(hostileThreadId(1));
  await expect(page.getByTestId('timeline-row')).toHaveCount(1, { timeout: 60_000 });
  await page.getByTestId('timeline-row').first().click();
  await page.getByTestId('inspector-tab-state').click();
  await expect(page.getByTestId('inspector-panel')).toContainText('hostile', { timeout: 60_000 });
  await expect(page.getByTestId('inspector-panel')).toContainText('x'.repeat(200));
});
