/**
 * Hostile cases, messages: what a person is told is in their words, with sizes and lengths named,
 * and stored data is unchanged (the victims' fingerprint, e2e/hostile-helpers.ts).
 */
import { mkdtemp, open as openFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectUntouched, openApp, victims } from './hostile-helpers';

const MB = 1024 * 1024;

test.describe('hostile: messages', () => {
  let dir = '';
  test.beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rg-messages-'));
  });
  test.afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** A `size`-byte file that starts with `head` (sparse: the rest takes no disk). */
  async function sparse(name: string, head: string, size: number): Promise<string> {
    const path = join(dir, name);
    const fh = await openFile(path, 'w');
    await fh.write(Buffer.from(head), 0, head.length, 0);
    await fh.truncate(size);
    await fh.close();
    return path;
  }

  test('an import over the limit is refused by its size, at once, before its text is read', async ({ page }) => {
    test.setTimeout(180_000);
    await openApp(page);
    const v = await victims(page);
    const cases: [string, number, string][] = [
      ['huge.json', 1.5 * 1024 * MB, 'the file is 1.5 GB; the largest import is 64 MB'],
      ['big.json', 450 * MB, 'the file is 450 MB; the largest import is 64 MB'],
      ['over.json', 65 * MB, 'the file is 65 MB; the largest import is 64 MB'],
    ];
    for (const [name, size, words] of cases) {
      await page.getByTestId('import-file').setInputFiles(await sparse(name, '{"format":"replaygraph.thread",', size));
      const problem = page.getByTestId('import-problem');
      await expect(problem).toContainText(words);
      await expect(problem).toContainText('open');
      await expect(problem).toHaveAttribute('data-code', 'too-large');
      await expect(problem).not.toContainText('Bad "rg/');
      await expect(problem).not.toContainText('empty');
      await expect(page.getByTestId('errors')).toHaveCount(0);
      await page.getByTestId('import-cancel').click();
    }
    // A SQLite database, whatever its size, goes to the Files view (recognised by its header), which
    // reads it page by page: no import limit applies, and the import dialog is not shown.
    await page.getByTestId('import-file').setInputFiles(await sparse('app.sqlite', 'SQLite format 3\0', 80 * MB));
    await expect(page.getByTestId('files-view')).toBeVisible();
    await expect(page.getByTestId('import-problem')).toHaveCount(0);
    await expect(page.getByTestId('files-busy')).toHaveCount(0, { timeout: 60_000 });
    await expectUntouched(page, v.before);
  });

  test('a deep link with ids over 512 characters is answered in words, and the app opens', async ({ page }) => {
    test.setTimeout(180_000);
    await openApp(page);
    const v = await victims(page);
    const long = 't'.repeat(600);
    await page.goto(`/?debug=1&testGraphs=1&thread=${long}`);
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    const errors = page.getByTestId('errors');
    await expect(errors).toContainText('this link names a thread id of 600 characters; ids are at most 512', { timeout: 30_000 });
    await expect(errors).not.toContainText('Bad "rg/');
    await expect(errors).not.toContainText('must be a string');

    await page.goto(`/?debug=1&testGraphs=1&thread=${v.ids[0]}&checkpoint=${'c'.repeat(1000)}`);
    await expect(page.getByTestId('errors')).toContainText('this link names a checkpoint id of 1,000 characters; ids are at most 512', { timeout: 30_000 });
    await expect(page.getByTestId('errors')).not.toContainText('Bad "rg/');
    // The thread the link names is still opened.
    await expect(page.getByTestId('timeline-row').first()).toBeVisible({ timeout: 30_000 });
    await expectUntouched(page, v.before);
  });

  test('a run an imported file records as running reads "ended unknown" with the reason, and the thread is idle', async ({ page }) => {
    test.setTimeout(180_000);
    await openApp(page);
    const v = await victims(page);
    await page.goto(`/?debug=1&testGraphs=1&thread=${v.ids[0]}`);
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-thread').click()]);
    const { readFile, writeFile } = await import('node:fs/promises');
    const doc = JSON.parse(await readFile((await download.path())!, 'utf8')) as { threadId: string; runs: { outcome: string; endedAt: string | null }[]; trace: { kind?: string; run?: { outcome: string; endedAt: string | null } }[] };
    // As if the file was written while its run was going on.
    for (const r of doc.runs) Object.assign(r, { outcome: 'running', endedAt: null });
    for (const rec of doc.trace) if (rec.kind === 'run' && rec.run) Object.assign(rec.run, { outcome: 'running', endedAt: null });
    const path = join(dir, 'mid-run.replaygraph.json');
    await writeFile(path, JSON.stringify(doc));
    await page.getByTestId('import-file').setInputFiles(path);
    await expect(page.getByTestId('import-preview')).toBeVisible();
    await page.getByTestId('import-thread-id').fill(`${doc.threadId}-mid-run`);
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('thread')).toBe(`${doc.threadId}-mid-run`);
    const item = page.getByTestId('run-item').first();
    await expect(item).toHaveAttribute('data-outcome', 'unknown');
    await expect(item).toContainText('run · ended unknown');
    await expect(page.getByTestId('runs-panel')).toContainText('still going on when its file was written');
    await expect(page.getByTestId('runs-panel')).not.toContainText('· running');
    await expect(page.getByTestId('run-active')).toHaveCount(0);
    await expectUntouched(page, v.before);
  });

  test('a database another tab keeps open at an older version: requests are answered at once with why, and the page recovers once it is let go', async ({ page }) => {
    test.setTimeout(180_000);
    // Before the app starts, this page opens the database at version 1 and never lets go of it
    // (no versionchange handler), as an old tab of the app would: the storage worker's open is blocked.
    await page.addInitScript(() => {
      if (sessionStorage.getItem('blocker')) return;
      sessionStorage.setItem('blocker', '1');
      const req = indexedDB.open('replaygraph', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('meta', { keyPath: 'key' });
      req.onsuccess = () => {
        (window as unknown as { __blocker: IDBDatabase }).__blocker = req.result;
      };
    });
    await page.goto('/?debug=1&testGraphs=1');
    const status = page.getByTestId('worker-status');
    await expect(status).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    await expect(status).toContainText('another tab keeps an older version of the database open');
    await page.waitForFunction(() => window.__replaygraph !== undefined);
    const meanwhile = await page.evaluate(async () => {
      try {
        await window.__replaygraph!.startRun({ threadId: 'while-blocked', graphId: 'chain', input: { topic: 'x' } });
        return null;
      } catch (e) {
        return (e as { data?: { code?: string; message?: string } }).data ?? null;
      }
    });
    expect(meanwhile).toMatchObject({ code: 'STORAGE_UNAVAILABLE', message: expect.stringContaining('another tab keeps an older version of the database open') });

    await page.evaluate(() => (window as unknown as { __blocker: IDBDatabase }).__blocker.close());
    await expect(status).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await expect(status).not.toContainText('failed');
    // The run asked for while blocked stored nothing; a run now works.
    const after = await page.evaluate(async () => {
      const c = window.__replaygraph!;
      const threads = (await c.listThreads()).map((t) => t.threadId);
      const { runId } = await c.startRun({ threadId: 'after-blocked', graphId: 'chain', input: { topic: 'y' } });
      return { threads, outcome: (await c.waitForRun(runId)).outcome };
    });
    expect(after.threads).not.toContain('while-blocked');
    expect(after.outcome).toBe('done');
  });
});
