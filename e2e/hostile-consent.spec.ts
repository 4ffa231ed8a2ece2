/**
 * Hostile cases, point 2 (consent and quarantine): code in an imported file runs only after the
 * user read it and agreed; a stored user graph that fails or hangs when loaded is quarantined: the
 * app starts without it, says so, and the user can open, fix or delete it. Every other thread is
 * byte-identical afterwards.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectUntouched, openApp, uid, victims } from './hostile-helpers';
import { setEditorSource } from './editor-helpers';

const GOOD = [
  "import { Annotation, END, START, StateGraph } from 'replaygraph';",
  "export const title = 'Fixed graph';",
  'const S = Annotation.Root({ n: Annotation<number>() });',
  "export default new StateGraph(S).addNode('a', (s) => ({ n: s.n + 1 })).addEdge(START, 'a').addEdge('a', END);",
].join('\n');
/** The trick from the report: it loops only while its worker is young, i.e. every time it is loaded at start. */
const LOOPS_AT_LOAD = `if (performance.now() < 600_000) { for (;;) {} }\n${GOOD}`;

/** Stores a user graph as an older version of the app (or an edited database) could have left it. */
async function storeUserGraph(page: Page, id: string, source: string): Promise<void> {
  await page.evaluate(({ id, source }) => new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('replaygraph');
    open.onsuccess = () => {
      const tx = open.result.transaction('user_graphs', 'readwrite');
      tx.objectStore('user_graphs').put({ id, title: id, source, updated_at: new Date().toISOString() });
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
    open.onerror = () => reject(open.error);
  }), { id, source });
}

async function chooseFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByTestId('import-dialog')).toBeVisible();
}

/** A thread file of a user graph whose source is `source` (made by this app, then the graph is removed). */
async function fileWithSource(page: Page, graphId: string, source: string): Promise<string> {
  return page.evaluate(async ({ graphId, source }) => {
    const c = window.__replaygraph!;
    const saved = await c.saveGraph({ graphId, source: "import { Annotation, END, START, StateGraph } from 'replaygraph';\nconst S = Annotation.Root({ n: Annotation<number>() });\nexport default new StateGraph(S).addNode('a', (s) => ({ n: s.n + 1 })).addEdge(START, 'a').addEdge('a', END);" });
    if (!saved.graph) throw new Error('did not compile');
    const threadId = `src-${Date.now()}`;
    await c.waitForRun((await c.startRun({ threadId, graphId, input: { n: 0 } })).runId);
    const file = JSON.parse((await c.exportThread(threadId)).text);
    await c.deleteThread(threadId);
    await c.deleteGraph(graphId);
    // The file carries this source instead (as a file from someone else would).
    file.graphSource = source;
    return JSON.stringify(file);
  }, { graphId, source });
}

/**
 * A canary for graph code that must not run: a local HTTP server its top level fetches, and a
 * console line its top level writes (seen by Playwright from the sandbox worker). Two observers,
 * so the test still sees the code run if graph code loses network access.
 */
interface Canary {
  /** The module's top-level code that reports it ran. */
  code: string;
  /** What the observers saw so far. */
  seen(): { hits: string[]; lines: string[] };
  close(): Promise<void>;
}

async function startCanary(page: Page): Promise<Canary> {
  const token = `canary-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const hits: string[] = [];
  const lines: string[] = [];
  const server: Server = createServer((req, res) => {
    if (req.url?.includes(token)) hits.push(req.url);
    res.writeHead(204, { 'access-control-allow-origin': '*' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  page.context().on('console', (m) => {
    if (m.text().includes(token)) lines.push(m.text());
  });
  const code = [
    `console.log('${token}: the imported code ran');`,
    `void fetch('http://127.0.0.1:${port}/${token}', { mode: 'no-cors' }).catch(() => undefined);`,
  ].join('\n');
  return {
    code,
    seen: () => ({ hits: [...hits], lines: [...lines] }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe('hostile: consent before code runs, quarantine after it fails', () => {
  test('a stored graph whose module loops at load: the app starts without it, says so; open it, fix it, run it', async ({ page }) => {
    test.setTimeout(240_000);
    await openApp(page, '&loadLimitMs=1500');
    const v = await victims(page);
    const id = uid('loops');
    await storeUserGraph(page, id, LOOPS_AT_LOAD);
    // The app opens (the storage worker answers) although the graph's module never ends loading:
    // its load is bounded and then quarantined.
    await openApp(page, '&loadLimitMs=1500');
    await page.getByTestId('view-gallery').click();
    await expect(page.getByTestId('gallery-quarantine-notice')).toContainText(id, { timeout: 30_000 });
    const card = page.locator(`[data-testid="gallery-card"][data-graph-id="${id}"]`);
    await expect(card).toHaveAttribute('data-quarantine', 'load-timeout');
    await expect(card.getByTestId('gallery-run')).toHaveCount(0);
    await card.getByTestId('gallery-edit').click();
    await expect(page.getByTestId('editor-quarantine')).toHaveAttribute('data-reason', 'load-timeout');
    await expect(page.locator('.cm-content')).toContainText('for (;;)');
    await setEditorSource(page, GOOD);
    await page.getByTestId('editor-run').click();
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    expect((await page.evaluate(() => window.__replaygraph!.listGraphs())).find((g) => g.id === id)?.quarantine).toBeUndefined();
    await expectUntouched(page, v.before);
  });

  test('a stored graph that throws at load is quarantined with its error, stays so after a reload, and can be deleted', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const id = uid('throws');
    await storeUserGraph(page, id, "throw new Error('broken at load');");
    await openApp(page);
    const listed = async () => (await page.evaluate(() => window.__replaygraph!.listGraphs())).find((g) => g.id === id);
    const first = await listed();
    expect(first?.quarantine).toMatchObject({ reason: 'load-failed', message: expect.stringContaining('broken at load') });
    await openApp(page);
    // Not loaded again: the same quarantine, from its stored record.
    expect((await listed())?.quarantine).toEqual(first!.quarantine);
    await page.getByTestId('view-gallery').click();
    page.once('dialog', (d) => void d.accept());
    await page.locator(`[data-testid="gallery-card"][data-graph-id="${id}"]`).getByTestId('gallery-delete').click();
    await expect(page.locator(`[data-testid="gallery-card"][data-graph-id="${id}"]`)).toHaveCount(0);
    await openApp(page);
    expect(await listed()).toBeUndefined();
    await expectUntouched(page, v.before);
  });

  test('Check of code that loops at load: Cancel stops it at once; left alone, it stops at the load limit', async ({ page }) => {
    test.setTimeout(240_000);
    await openApp(page, '&loadLimitMs=2000');
    const v = await victims(page);
    await page.getByTestId('view-editor').click();
    await page.getByTestId('editor-name').fill(`spinner-${Date.now().toString(36)}`);
    await setEditorSource(page, LOOPS_AT_LOAD);
    await page.getByTestId('editor-check').click();
    await page.getByTestId('editor-cancel').click();
    await expect(page.getByTestId('editor-problem')).toHaveAttribute('data-code', 'COMPILE_CANCELLED', { timeout: 3_000 });
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'idle');
    await page.getByTestId('editor-check').click();
    await expect(page.getByTestId('editor-problem')).toHaveAttribute('data-code', 'SANDBOX_TIMEOUT', { timeout: 10_000 });
    await expect(page.getByTestId('editor-problem')).toContainText('2000 ms');
    await expectUntouched(page, v.before);
  });

  test('the import preview shows the file\'s code as text, markup too; without consent it is kept, never run', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const graphId = uid('shown');
    const source = `// </pre><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>\nexport const description = 'if this is shown, the code ran';\n${GOOD}`;
    const text = await fileWithSource(page, graphId, source);
    await chooseFile(page, 'file.json', text);
    await expect(page.getByTestId('import-source')).toHaveText(source);
    expect(await page.locator('[data-testid="import-dialog"] img').count()).toBe(0);
    await expect(page.getByTestId('import-trust')).not.toBeChecked();
    await expect(page.getByTestId('import-confirm')).toHaveText('Import without running its code');
    await page.getByTestId('import-confirm').click();
    await expect(page.getByTestId('errors')).toContainText('kept without running it');
    const graph = (await page.evaluate(() => window.__replaygraph!.listGraphs())).find((g) => g.id === graphId);
    expect(graph).toMatchObject({ quarantine: { reason: 'unapproved' }, source });
    expect(graph!.description).not.toContain('the code ran');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expectUntouched(page, v.before);
  });

  test('approving an imported graph is reading and saving it in the editor: then its thread runs further', async ({ page }) => {
    await openApp(page);
    const v = await victims(page);
    const graphId = uid('approve');
    const text = await fileWithSource(page, graphId, GOOD);
    const imported = await page.evaluate((text) => window.__replaygraph!.importThread({ text }), text);
    const threadId = imported.thread!.threadId;
    await expect(page.evaluate((args) => window.__replaygraph!.startRun({ ...args, input: { n: 1 } }), { threadId, graphId })).rejects.toThrow(/has not been approved to run/);
    await page.reload();
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('view-gallery').click();
    await page.locator(`[data-testid="gallery-card"][data-graph-id="${graphId}"]`).getByTestId('gallery-edit').click();
    await expect(page.getByTestId('editor-quarantine')).toHaveAttribute('data-reason', 'unapproved');
    await expect(page.getByTestId('editor-save')).toHaveText('Approve and save');
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'saved');
    const again = await page.evaluate(async (args) => {
      const c = window.__replaygraph!;
      return c.waitForRun((await c.startRun({ ...args, input: { n: 1 } })).runId);
    }, { threadId, graphId });
    expect(again).toMatchObject({ outcome: 'done', result: { n: 2 } });
    await expectUntouched(page, v.before);
  });

  test('an imported graph whose code hangs at load, run with consent: the import completes and the graph is quarantined', async ({ page }) => {
    test.setTimeout(240_000);
    await openApp(page, '&loadLimitMs=1500');
    const v = await victims(page);
    const graphId = uid('hangs');
    const text = await fileWithSource(page, graphId, LOOPS_AT_LOAD);
    const r = await page.evaluate((text) => window.__replaygraph!.importThread({ text, trustSource: true }), text);
    expect(r.thread).toMatchObject({ registeredGraphId: null, quarantinedGraphId: graphId });
    const graph = (await page.evaluate(() => window.__replaygraph!.listGraphs())).find((g) => g.id === graphId);
    expect(graph?.quarantine).toMatchObject({ reason: 'load-failed', message: expect.stringContaining('1500 ms') });
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await expectUntouched(page, v.before);
  });
  test('an imported graph not approved: Check, the editor, typing, lists, drawing, its thread, deep links and reload run none of its code; Approve runs it', async ({ page }) => {
    test.setTimeout(300_000);
    await openApp(page);
    const canary = await startCanary(page);
    try {
      const v = await victims(page);
      const graphId = uid('canary');
      const source = `${canary.code}\n${GOOD}`;
      const text = await fileWithSource(page, graphId, source);
      const nothingRan = () => expect(canary.seen()).toEqual({ hits: [], lines: [] });

      // Imported from the UI without consent.
      await chooseFile(page, 'canary.json', text);
      await page.getByTestId('import-confirm').click();
      await expect(page.getByTestId('errors')).toContainText('kept without running it');
      const threadId = (await page.evaluate(() => window.__replaygraph!.listThreads())).find((t) => t.graphId === graphId)!.threadId;

      // Listed: the gallery card says why it does not run.
      await page.getByTestId('view-gallery').click();
      const card = page.locator(`[data-testid="gallery-card"][data-graph-id="${graphId}"]`);
      await expect(card).toHaveAttribute('data-quarantine', 'unapproved');
      await expect(card.getByTestId('gallery-run')).toHaveCount(0);

      // Opened in the editor: the code as text, read-only; Check off, with the reason.
      await card.getByTestId('gallery-edit').click();
      await expect(page.getByTestId('editor-quarantine')).toHaveAttribute('data-reason', 'unapproved');
      await expect(page.locator('.cm-content')).toContainText('the imported code ran');
      await expect(page.getByTestId('code-editor')).toHaveAttribute('data-readonly', 'true');
      const check = page.getByTestId('editor-check');
      await expect(check).toBeDisabled();
      await expect(check).toHaveAttribute('data-disabled-reason', 'GRAPH_NOT_APPROVED');
      await expect(check).toHaveAttribute('title', /has not been approved to run/);
      await expect(page.getByTestId('editor-save')).toHaveText('Approve and save');
      await check.click({ force: true });
      await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'idle');
      // Typing changes nothing, so nothing of it becomes the person's own text to check.
      await page.locator('.cm-content').click();
      await page.keyboard.insertText('// typed ');
      await page.keyboard.press('Enter');
      await expect(page.locator('.cm-content')).not.toContainText('// typed');
      await expect(check).toBeDisabled();
      // Renamed, the editor shows the person's own text, not a copy of the imported code.
      const name = graphId.slice('user:'.length);
      await page.getByTestId('editor-name').fill(`${name}-renamed`);
      await expect(page.locator('.cm-content')).not.toContainText('the imported code ran');
      await page.getByTestId('editor-name').fill(name);
      await expect(page.getByTestId('code-editor')).toHaveAttribute('data-readonly', 'true');

      // The page's own requests, as a page with a stale view would send them: refused by the worker.
      const refusals = await page.evaluate(async ({ graphId, threadId, source }) => {
        const c = window.__replaygraph!;
        const code = (p: Promise<unknown>) => p.then(() => 'answered', (e: { data?: { code?: string } }) => e.data?.code ?? String(e));
        return {
          check: await code(c.compileGraph({ graphId, source })),
          checkEdited: await code(c.compileGraph({ graphId, source: `${source}\n// edited` })),
          run: await code(c.startRun({ threadId, graphId, input: { n: 1 } })),
          continue: await code(c.continueRun({ threadId })),
        };
      }, { graphId, threadId, source });
      expect(refusals).toEqual({ check: 'GRAPH_NOT_APPROVED', checkEdited: 'GRAPH_NOT_APPROVED', run: 'GRAPH_NOT_APPROVED', continue: 'GRAPH_NOT_APPROVED' });

      // Its thread: the list, the debugger (drawing, timeline, each checkpoint's detail).
      await page.getByTestId('view-threads').click();
      await page.locator(`[data-testid="thread-row"][data-thread="${threadId}"]`).getByTestId('thread-open').click();
      await expect(page.getByTestId('graph-canvas')).toBeVisible();
      const rows = page.getByTestId('timeline-row');
      await expect(rows.first()).toBeVisible();
      for (let i = 0; i < (await rows.count()); i++) await rows.nth(i).click();

      // Deep links to the thread and to the graph, then a reload.
      await openApp(page, `&thread=${encodeURIComponent(threadId)}`);
      await expect(page.getByTestId('graph-canvas')).toBeVisible();
      await expect(page.getByTestId('timeline-row').first()).toBeVisible();
      await openApp(page, `&graph=${encodeURIComponent(graphId)}`);
      await page.reload();
      await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
      await page.getByTestId('view-editor').click();
      await page.locator(`[data-testid="editor-open"][data-graph-id="${graphId}"]`).click();
      await expect(page.getByTestId('editor-check')).toBeDisabled();
      expect((await page.evaluate(() => window.__replaygraph!.listGraphs())).find((g) => g.id === graphId)?.quarantine?.reason).toBe('unapproved');
      nothingRan();

      // Approved: now it runs (the canary says so), Check works, and its thread runs further.
      await page.getByTestId('editor-save').click();
      await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'saved', { timeout: 30_000 });
      await expect.poll(() => canary.seen().hits.length + canary.seen().lines.length, { timeout: 30_000 }).toBeGreaterThan(0);
      await expect(page.getByTestId('code-editor')).not.toHaveAttribute('data-readonly', 'true');
      await expect(page.getByTestId('editor-save')).toHaveText('Save');
      await page.getByTestId('editor-check').click();
      await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'compiled', { timeout: 30_000 });
      const ended = await page.evaluate(async (args) => {
        const c = window.__replaygraph!;
        return c.waitForRun((await c.continueRun(args)).runId);
      }, { threadId });
      expect(ended.outcome).toBe('done');
      await expectUntouched(page, v.before);
    } finally {
      await canary.close();
    }
  });
});
