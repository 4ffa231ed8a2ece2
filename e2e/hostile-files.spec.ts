/**
 * A checkpoint file of 30,000 threads (LangGraph.js's SqliteSaver layout, made here in Node with
 * better-sqlite3), chosen in the Files view of the real app while a local run on another thread
 * streams its events: the file's first rows and its total show, only the rows in view are drawn,
 * the rest are read page by page as the list scrolls, the thread list carries the file's first page
 * only, and the run's events keep arriving while the storage worker opens the file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { hostileThreadId, makeManyThreadsFile } from '../tests/formats/hostile-files';
import { openApp } from './hostile-helpers';

const THREADS = 30_000;
let dir = '';
let file = '';

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rg-hostile-files-'));
  file = await makeManyThreadsFile(join(dir, 'many.sqlite'), THREADS);
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
  test.setTimeout(120_000);
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
