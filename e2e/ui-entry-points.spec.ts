/**
 * Odd ways into the debugger, with the real engine worker: a link to a thread this browser lacks,
 * a read-only imported thread at an interrupt, a checked (unsaved) editor graph, and errors that
 * belong to their thread and clear once resolved.
 */
import { expect, test, type Page } from '@playwright/test';
import { openGallery, runCard } from './gallery-helpers';

async function ready(page: Page, query: string): Promise<void> {
  await page.goto(query);
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
}

test.describe('entry points and errors', () => {
  test('a link to a thread this browser lacks says so, offers import, and disables the thread controls', async ({ page }) => {
    await ready(page, '/?thread=not-here-42');
    await expect(page.getByTestId('missing-thread')).toContainText('not-here-42');
    await expect(page.getByTestId('missing-import')).toBeEnabled();
    await expect(page.getByTestId('graph-canvas')).toContainText('not stored in this browser');
    await expect(page.locator('.react-flow__node')).toHaveCount(0);
    for (const id of ['run-new', 'action-continue', 'action-step', 'action-replay', 'action-fork', 'action-delete', 'export-thread']) {
      await expect(page.getByTestId(id)).toBeDisabled();
    }
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'missing');
  });

  test('an imported read-only history at an interrupt: Resume is disabled with the reason', async ({ page }) => {
    // A gallery thread is open first: the imported thread must not show its graph.
    await runCard(page, 'human-review', 'interrupted');
    const id = (n: number) => `1f0b1111-2222-6333-8444-${String(n).padStart(12, '0')}`;
    const thread = `ro-${Date.now().toString(36)}`;
    const ref = (n: number) => ({ thread_id: thread, checkpoint_ns: '', checkpoint_id: id(n), checkpoint_map: null });
    const history = [
      {
        values: { question: 'hi' }, next: ['review'], checkpoint: ref(2), metadata: { source: 'loop', step: 0, parents: {} },
        created_at: '2026-11-01T10:00:01.000Z', parent_checkpoint: ref(1),
        tasks: [{ id: 'task-review', name: 'review', error: null, interrupts: [{ id: 'int-1', value: { ask: 'approve?' } }], checkpoint: null, state: null }],
      },
      {
        values: {}, next: ['__start__'], checkpoint: ref(1), metadata: { source: 'input', step: -1, parents: {} },
        created_at: '2026-11-01T10:00:00.000Z', parent_checkpoint: null,
        tasks: [{ id: 'task-start', name: '__start__', error: null, interrupts: [], checkpoint: null, state: null, result: { question: 'hi' } }],
      },
    ];
    await page.getByTestId('import-file').setInputFiles({ name: 'history.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(history)) });
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('thread')).toBe(thread);
    await page.locator('[data-testid="timeline-row"][data-step="0"]').click();
    const form = page.getByTestId('interrupt-form');
    await expect(form).toHaveCount(1);
    await expect(form.getByTestId('resume')).toBeDisabled();
    await expect(page.getByTestId('interrupt-note')).toContainText('read-only');
    await expect(page.getByTestId('errors')).toHaveCount(0);
    // Its graph is not known: no other thread's graph is drawn or offered to run.
    await expect(page.getByTestId('graph-picker').locator('option').first()).toHaveText("this thread's graph (unknown)");
    await expect(page.getByTestId('graph-missing')).toContainText('not known here');
    await expect(page.locator('.react-flow__node')).toHaveCount(0);
    await expect(page.getByTestId('run-new')).toBeDisabled();
  });

  test('Check in the editor leaves no graph behind in the pickers', async ({ page }) => {
    await openGallery(page);
    await page.getByTestId('view-editor').click();
    const name = `checked-${Date.now().toString(36)}`;
    await page.getByTestId('editor-name').fill(name);
    await page.getByTestId('editor-check').click();
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-status', 'compiled', { timeout: 30_000 });
    await expect(page.locator(`[data-testid="graph-picker"] option[value="user:${name}"]`)).toHaveCount(0);
    await page.getByTestId('view-gallery').click();
    await expect(page.locator(`[data-testid="gallery-card"][data-graph-id="user:${name}"]`)).toHaveCount(0);
  });

  test('a run error belongs to its thread, and clears when a later run of it ends well', async ({ page }) => {
    await runCard(page, 'parallel-flaky', 'error');
    const failing = new URL(page.url()).searchParams.get('thread')!;
    await expect(page.getByTestId('errors')).toContainText('Run error');
    // Another thread: the first one's error is not shown over it.
    await page.getByTestId('graph-picker').selectOption('chain');
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    await expect(page.getByTestId('errors')).toHaveCount(0);
    // Back on the failing thread it is shown again; Continue fixes the run and the error goes.
    await page.getByTestId('thread-picker').selectOption(failing);
    await expect(page.getByTestId('errors')).toContainText('Run error');
    await page.getByTestId('action-continue').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('run-item').nth(1)).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    await expect(page.getByTestId('errors')).toHaveCount(0);
  });
});

test.describe('the first screen', () => {
  test('offers the four ways in, each leading where it says', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await ready(page, '/');
    const ways = page.getByTestId('ways-in');
    for (const id of ['files', 'servers', 'editor', 'gallery']) await expect(ways.getByTestId(`way-in-${id}`)).toBeInViewport();
    await ways.getByTestId('way-in-files').click();
    await expect(page.getByTestId('files-choose')).toBeVisible();
    await page.getByTestId('view-gallery').click();
    await page.getByTestId('way-in-servers').click();
    await expect(page.getByTestId('servers-view')).toBeVisible();
    await page.getByTestId('view-gallery').click();
    await page.getByTestId('way-in-editor').click();
    await expect(page.getByTestId('view-editor')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('view-gallery').click();
    await page.getByTestId('way-in-gallery').click();
    await expect(page.getByTestId('gallery-card').first()).toBeInViewport();
  });
});
