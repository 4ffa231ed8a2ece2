/**
 * The scenario gallery in real Chromium with the real engine worker: each card runs with one click
 * and the debugger shows what its description promises.
 */
import { expect, test } from '@playwright/test';
import { openGallery, resumeWith, runCard } from './gallery-helpers';

test.describe('scenario gallery', () => {
  test('the app opens on the gallery: every card has a title and a description', async ({ page }) => {
    await openGallery(page);
    const cards = page.getByTestId('gallery-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    for (const id of ['parallel-flaky', 'human-review', 'essay', 'subgraph-loop', 'map-reduce', 'retry-fork']) {
      const card = page.locator(`[data-testid="gallery-card"][data-graph-id="${id}"]`);
      await expect(card.locator('h3')).not.toBeEmpty();
      await expect(card.locator('p')).toContainText('.');
    }
  });

  test('a thread chosen from the gallery opens in the debugger; a reload of the gallery stays there', async ({ page }) => {
    await runCard(page, 'map-reduce', 'done');
    const threadId = new URL(page.url()).searchParams.get('thread')!;
    await page.getByTestId('view-gallery').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('gallery');
    await page.reload();
    await expect(page.getByTestId('gallery')).toBeVisible();
    await expect(page.getByTestId('thread-picker')).toHaveValue(threadId);
    // A fresh start (no thread open): picking a thread leaves the gallery.
    await page.goto('/');
    await expect(page.getByTestId('gallery')).toBeVisible();
    await page.getByTestId('thread-picker').selectOption(threadId);
    await expect(page.getByTestId('gallery')).toHaveCount(0);
    await expect(page.getByTestId('timeline-row').first()).toBeVisible();
  });

  test('parallel branches, one flaky: after continue, docs is re-applied and web\'s __error__ superseded by its rerun', async ({ page }) => {
    await runCard(page, 'parallel-flaky', 'error');
    await page.getByTestId('action-continue').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('run-item').nth(1)).toHaveAttribute('data-outcome', 'done');
    await page.locator('[data-testid="timeline-row"][data-step="0"]').click();
    await page.getByTestId('inspector-tab-writes').click();
    const reapplied = page.locator('[data-testid="pending-write"][data-disposition="reapplied"]');
    // docs's own writes (its result and its edge to merge), all re-applied to docs.
    await expect(reapplied.filter({ hasText: 'results' })).toHaveCount(1);
    await expect(reapplied.filter({ hasNotText: 'docs' })).toHaveCount(0);
    // web ran again and finished: its later writes replaced the __error__ (the write ledger's "superseded").
    const superseded = page.locator('[data-testid="pending-write"][data-disposition="superseded"]');
    await expect(superseded.filter({ hasText: '__error__' })).toHaveCount(1);
    // web ran again in the continue run; docs did not.
    const ranCells = page.locator('[data-testid="trace-tick"] [role="cell"]:nth-child(4)');
    await expect(ranCells.filter({ hasText: 'web' })).not.toHaveCount(0);
    await expect(ranCells.filter({ hasText: 'docs' })).toHaveCount(0);
  });

  test('multi-agent hand-off: a Command.PARENT is drawn and worded as a hand-off, never as a failure', async ({ page }) => {
    await runCard(page, 'handoff', 'done');
    // The hotel advisor's subgraph hands the conversation back with Command.PARENT at its step 1.
    await page.locator('[data-testid="ns-node"][data-ns^="hotel_advisor:"]').first().click();
    await page.locator('[data-testid="timeline-row"][data-step="1"]').click();
    await expect(page.getByTestId('graph-node-handoff')).toHaveAttribute('data-state', 'handed-off');
    await expect(page.locator('[data-testid^="graph-node-"][data-state="failed"]')).toHaveCount(0);
    await page.getByTestId('inspector-tab-tasks').click();
    await expect(page.locator('[data-testid="task"][data-task="handoff"]')).toContainText('handed off (Command.PARENT)');
    await expect(page.locator('[data-testid="task"][data-task="handoff"] .error-text')).toHaveCount(0);
    await page.getByTestId('inspector-tab-writes').click();
    await expect(page.locator('[data-testid="pending-write"][data-disposition="hand-off"]').filter({ hasText: '__error__' })).toHaveCount(1);
    await expect(page.getByTestId('errors')).toHaveCount(0);
  });

  test('human review: a node with two interrupts replays the first answer from its __resume__ write', async ({ page }) => {
    await runCard(page, 'human-review', 'interrupted');
    await expect(page.getByTestId('interrupt-value')).toContainText('Approve this draft');
    await expect(page.getByTestId('run-status')).toHaveText(/^interrupted · waiting for an answer \(review\) · \d+ checkpoints$/);
    await resumeWith(page, '"revise"', 2, 'interrupted');
    await expect(page.getByTestId('interrupt-value')).toContainText('What should change?');
    await resumeWith(page, '"shorter"', 3, 'interrupted');
    await expect(page.getByTestId('interrupt-value')).toContainText('formal or friendly');
    await page.getByTestId('inspector-tab-writes').click();
    await expect(page.locator('[data-testid="pending-write"][data-disposition="resume-value"]').filter({ hasText: '__resume__' })).not.toHaveCount(0);
    await resumeWith(page, '"friendly"', 4, 'interrupted');
    await expect(page.getByTestId('interrupt-value')).toContainText('Approve this draft');
    await resumeWith(page, '"approve"', 5, 'done');
    await page.getByTestId('inspector-tab-state').click();
    await expect(page.getByTestId('inspector-panel')).toContainText('shorter; tone: friendly');
  });

  test('essay workflow: compose runs once across the interrupt and the resume', async ({ page }) => {
    await runCard(page, 'essay', 'interrupted');
    await expect(page.getByTestId('interrupt-value')).toContainText('Review the essay');
    await resumeWith(page, '"approve"', 2, 'done');
    await expect(page.getByTestId('inspector-panel')).toContainText('reviewed: approve');
    // The resume run's trace: polish ran, compose did not run again.
    const ranCells = page.locator('[data-testid="trace-tick"] [role="cell"]:nth-child(4)');
    await expect(ranCells.filter({ hasText: 'polish' })).not.toHaveCount(0);
    await expect(ranCells.filter({ hasText: 'compose' })).toHaveCount(0);
    // The first run did run compose.
    await page.getByTestId('run-item').first().click();
    await expect(ranCells.filter({ hasText: 'compose' })).toHaveCount(1);
  });

  test('subgraph in a loop: a replay between the two calls shows a first-visit decision', async ({ page }) => {
    await runCard(page, 'subgraph-loop', 'done');
    await expect(page.getByTestId('ns-node')).toHaveCount(3);
    const between = page.locator('[data-testid="timeline-row"][data-step="2"]');
    await expect(between.locator('.tl-next')).toContainText('work');
    await between.click();
    await page.getByTestId('action-replay').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('run-item').nth(1)).toHaveAttribute('data-outcome', 'done');
    await expect(page.getByTestId('subgraph-visit').filter({ hasText: 'first visit' })).not.toHaveCount(0);
    // The replay started after the first call: plan did not run again.
    await expect(page.locator('[data-testid="trace-tick"] [role="cell"]:nth-child(4)').filter({ hasText: 'plan' })).toHaveCount(0);
  });

  test('map-reduce with Send: one push task per document in one step', async ({ page }) => {
    await runCard(page, 'map-reduce', 'done');
    await expect(page.getByTestId('inspector-panel')).toContainText('channels: 8 letters; checkpoints: 11 letters; pregel: 6 letters');
    await page.locator('[data-testid="timeline-row"]').filter({ hasText: 'summarize, summarize, summarize' }).click();
    await page.getByTestId('inspector-tab-tasks').click();
    await expect(page.locator('[data-testid="task"][data-task="summarize"]')).toHaveCount(3);
  });

  test('retries with backoff, then a fork with an edited price', async ({ page }) => {
    await runCard(page, 'retry-fork', 'done');
    await expect(page.getByTestId('inspector-panel')).toContainText('36');
    await page.locator('[data-testid="timeline-row"]').filter({ hasText: '→ compute' }).click();
    await page.getByTestId('action-fork').click();
    // The form starts from the selected checkpoint's own state: typed text waits for it.
    await expect(page.getByTestId('fork-form')).toHaveAttribute('data-ready', 'true');
    await page.getByTestId('fork-values').fill('{ "price": 5 }');
    await page.getByTestId('fork-as-node').selectOption('fetch');
    await page.getByTestId('fork-submit').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('run-item').nth(1)).toHaveAttribute('data-outcome', 'done');
    await page.getByTestId('inspector-tab-state').click();
    await expect(page.getByTestId('inspector-panel')).toContainText('15');
    // The original branch is still in the timeline beside the fork.
    await expect(page.locator('[data-testid="timeline-row"][data-source="fork"], [data-testid="timeline-row"][data-source="update"]')).not.toHaveCount(0);
  });
});
