/**
 * Export and import in real Chromium: a thread exported to a file and imported again shows the same
 * history; a hostile file is refused with its JSON path and changes nothing; a LangGraph history is
 * browsable read-only, its values shown as text.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { runCard } from './gallery-helpers';

async function timelineIds(page: Page): Promise<string[]> {
  return page.locator('[data-testid="timeline-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-checkpoint-id') ?? '').sort());
}

async function threadOptions(page: Page): Promise<string[]> {
  return page.getByTestId('thread-picker').locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean).sort());
}

async function chooseFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByTestId('import-dialog')).toBeVisible();
}

test.describe('import and export', () => {
  test('export a thread to a file and import it back: the same history, runs and dispositions', async ({ page }) => {
    await runCard(page, 'parallel-flaky', 'error');
    await page.getByTestId('action-continue').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('run-item').nth(1)).toHaveAttribute('data-outcome', 'done');
    const original = await timelineIds(page);
    const threadId = new URL(page.url()).searchParams.get('thread')!;

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-thread').click()]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(JSON.parse(text)).toMatchObject({ format: 'replaygraph.thread', version: 1, threadId });

    await chooseFile(page, download.suggestedFilename(), text);
    await expect(page.getByTestId('import-preview')).toContainText('replaygraph thread');
    await expect(page.getByTestId('import-thread-id')).toHaveValue(`${threadId}-imported`);
    await page.getByTestId('import-confirm').click();
    await expect(page.getByTestId('import-dialog')).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).searchParams.get('thread')).toBe(`${threadId}-imported`);
    await expect(page.getByTestId('timeline-row')).toHaveCount(original.length);
    expect(await timelineIds(page)).toEqual(original);
    await expect(page.getByTestId('run-item')).toHaveCount(2);
    await page.locator('[data-testid="timeline-row"][data-step="0"]').click();
    await page.getByTestId('inspector-tab-writes').click();
    await expect(page.locator('[data-testid="pending-write"][data-disposition="reapplied"]')).not.toHaveCount(0);
    // Imported with its graph: it can be run further.
    await expect(page.getByTestId('action-replay')).toBeEnabled();
  });

  test('a hostile file is refused with its JSON path, and nothing changes', async ({ page }) => {
    await runCard(page, 'map-reduce', 'done');
    const before = await threadOptions(page);
    const shownBefore = await page.getByTestId('thread-picker').inputValue();
    const hostile = '{"format":"replaygraph.thread","version":1,"exportedAt":"2026-11-29T12:00:00.000Z","threadId":"evil","graphId":null,' +
      '"graphSource":null,"checkpoints":[],"runs":[{"__proto__":{"polluted":"<img src=x onerror=alert(1)>"}}],"trace":[]}';
    await chooseFile(page, 'evil.json', hostile);
    const problem = page.getByTestId('import-problem');
    await expect(problem).toBeVisible();
    await expect(problem).toHaveAttribute('data-path', /^\$\.runs\[0\]/);
    await expect(problem).toContainText('$.runs[0]');
    await expect(page.getByTestId('import-confirm')).toHaveCount(0);
    await page.getByTestId('import-cancel').click();
    // A truncated file too.
    await chooseFile(page, 'cut.json', hostile.slice(0, 80));
    await expect(page.getByTestId('import-problem')).toHaveAttribute('data-code', 'not-json');
    await page.getByTestId('import-cancel').click();
    expect(await threadOptions(page)).toEqual(before);
    expect(await page.getByTestId('thread-picker').inputValue()).toBe(shownBefore);
    expect(await page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();
  });

  test('a LangGraph history is browsable read-only, values shown as text', async ({ page }) => {
    await runCard(page, 'map-reduce', 'done');
    const id = (n: number) => `1f0b1111-2222-6333-8444-${String(n).padStart(12, '0')}`;
    const thread = `lg-${Date.now().toString(36)}`;
    const ref = (n: number) => ({ thread_id: thread, checkpoint_ns: '', checkpoint_id: id(n), checkpoint_map: null });
    const history = [
      {
        values: { question: 'hi', draft: '<img src=x onerror="window.__xss=1">' }, next: ['review'], checkpoint: ref(2),
        metadata: { source: 'loop', step: 0, parents: {} }, created_at: '2026-11-01T10:00:01.000Z', parent_checkpoint: ref(1),
        tasks: [{ id: 'task-review', name: 'review', error: null, interrupts: [{ id: 'int-1', value: { ask: 'approve?' } }], checkpoint: null, state: null }],
      },
      {
        values: {}, next: ['__start__'], checkpoint: ref(1), metadata: { source: 'input', step: -1, parents: {} },
        created_at: '2026-11-01T10:00:00.000Z', parent_checkpoint: null,
        tasks: [{ id: 'task-start', name: '__start__', error: null, interrupts: [], checkpoint: null, state: null, result: { question: 'hi' } }],
      },
    ];
    await chooseFile(page, 'history.json', JSON.stringify(history));
    await expect(page.getByTestId('import-preview')).toContainText('LangGraph thread history');
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('thread')).toBe(thread);
    await expect(page.getByTestId('timeline-row')).toHaveCount(2);
    await page.locator('[data-testid="timeline-row"][data-step="0"]').click();
    await expect(page.getByTestId('inspector-panel')).toContainText('<img src=x onerror="window.__xss=1">');
    expect(await page.locator('#inspector-panel img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    for (const action of ['action-continue', 'action-step', 'action-replay', 'action-fork']) {
      await expect(page.getByTestId(action)).toBeDisabled();
    }
  });
});
