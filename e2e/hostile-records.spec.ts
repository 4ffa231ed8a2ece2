/**
 * Hostile cases, point 5 (records validated on the way in, tolerated on the way out): every record
 * kind of an import file is schema-checked (run records included), and a bad record that is
 * already stored (planted in IndexedDB as an older version, or an edit in the browser's tools,
 * could leave it) shows a problem on its own thread and never hides the others or breaks listing.
 * Every other thread is byte-identical afterwards.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectUntouched, fingerprint, openApp, victims } from './hostile-helpers';

/** A real thread file of the app, parsed. */
async function exportedFile(page: Page, threadId: string): Promise<Record<string, any>> {
  return JSON.parse(await page.evaluate(async (t) => (await window.__replaygraph!.exportThread(t)).text, threadId));
}

async function chooseFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByTestId('import-dialog')).toBeVisible();
}

/** Puts records straight into IndexedDB, as something other than the app could have. */
async function plant(page: Page, store: 'trace_chunks' | 'checkpoints', records: unknown[]): Promise<void> {
  await page.evaluate(({ store, records }) => new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('replaygraph');
    open.onsuccess = () => {
      const tx = open.result.transaction(store, 'readwrite');
      for (const r of records) tx.objectStore(store).put(r);
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
    open.onerror = () => reject(open.error);
  }), { store, records });
}

const threadIds = (page: Page) => page.evaluate(async () => (await window.__replaygraph!.listThreads()).map((t) => t.threadId).sort());

test.describe('hostile: records', () => {
  for (const [name, run, path] of [
    ['a run record whose run is null', null, ''],
    ['a run record whose run is text', 'garbage', ''],
    ['a run record without startedAt', 'no-start', '.startedAt'],
  ] as const) {
    test(`an import file with ${name} is refused with its JSON path, and changes nothing`, async ({ page }) => {
      await openApp(page);
      const v = await victims(page);
      const file = await exportedFile(page, v.ids[0]!);
      const at = file.trace.length;
      const body = run === 'no-start' ? (() => { const r = { ...file.runs[0] }; delete r.startedAt; return r; })() : run;
      file.trace.push({ runId: 'evil-run-1', seq: 0, kind: 'run', run: body });
      file.threadId = `refused-${Date.now()}`;
      const listed = await threadIds(page);
      await chooseFile(page, 'evil.json', JSON.stringify(file));
      await expect(page.getByTestId('import-problem')).toHaveAttribute('data-path', `$.trace[${at}].run${path}`);
      await page.getByTestId('import-cancel').click();
      expect(await threadIds(page)).toEqual(listed);
      await expectUntouched(page, v.before);
    });
  }

  test('a malformed run record already in storage shows on its own thread only; every thread is still listed and exported', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const bad = v.ids[1]!;
    // Stored as the app stores its trace (chunks of one run's records, indexed by topic), and a chunk that is not one.
    await plant(page, 'trace_chunks', [
      { thread_id: bad, run_id: 'evil-run-1', end: 1, seq: 10_000, events: [{ runId: 'evil-run-1', seq: 0, kind: 'run', run: null }], topic_keys: [JSON.stringify([bad])], about: [[0]] },
      { thread_id: bad, run_id: 'evil-run-2', end: 1, seq: 10_001, events: [{ runId: 'evil-run-2', seq: 0, kind: 'run', run: 'garbage' }], topic_keys: [JSON.stringify([bad])], about: [[0]] },
      { thread_id: bad, run_id: 'evil-run-3', end: 1, seq: 10_002, events: 'not a list', topic_keys: [JSON.stringify([bad])], about: 7 },
    ]);
    const before = await fingerprint(page, v.ids);
    await page.goto(`/?debug=1&testGraphs=1&thread=${encodeURIComponent(bad)}`);
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('runs-problem')).toContainText('2 stored records are malformed');
    await expect(page.getByTestId('run-item')).toHaveCount(2);
    const listed = await threadIds(page);
    expect(listed).toEqual(expect.arrayContaining(v.ids));
    const good = await page.evaluate((t) => window.__replaygraph!.request('rg/runs.list', { threadId: t }), v.ids[0]!);
    expect(good.problem).toBeUndefined();
    // The bad thread still exports, and the file imports again (the bad records are left out).
    const text = await page.evaluate(async (t) => (await window.__replaygraph!.exportThread(t)).text, bad);
    const back = await page.evaluate((text) => window.__replaygraph!.importThread({ text, threadId: `reimported-${Date.now()}` }), text);
    expect(back.problem).toBeNull();
    await expectUntouched(page, before);
  });

  test('a malformed checkpoint record already in storage shows a problem on its thread; the others open as usual', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const broken = `broken-${Date.now()}`;
    await plant(page, 'checkpoints', [{ thread_id: broken, checkpoint_ns: '', checkpoint_id: '1f0a0000-0000-6000-8000-000000000001', checkpoint: null, metadata: null }]);
    await openApp(page);
    const threads = await page.evaluate(() => window.__replaygraph!.listThreads());
    expect(threads.map((t) => t.threadId)).toEqual(expect.arrayContaining([...v.ids, broken]));
    expect(threads.find((t) => t.threadId === broken)?.problem).toMatch(/malformed|could not be read/);
    for (const t of v.ids) expect(threads.find((x) => x.threadId === t)?.problem).toBeUndefined();
    const head = await page.evaluate(async (t) => {
      const c = window.__replaygraph!;
      const item = (await c.historyPage({ threadId: t, limit: 1 })).items[0]!;
      return (await c.getCheckpoint({ threadId: t, checkpointId: item.checkpointId })).summary.checkpointId;
    }, v.ids[0]!);
    expect(head).toBeTruthy();
    await expectUntouched(page, v.before);
  });
});
