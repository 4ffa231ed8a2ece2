/**
 * The story of each pending write and the words around it, on the real engine worker (no fixture):
 * the gallery's "Parallel branches, one flaky" continued, where web's __error__ is first skipped on
 * resume and then superseded by web's new writes; the timeline filtered to the checkpoints where a
 * control signal was skipped on resume; one step number for a superstep in the list, the waterfall
 * and the trace (the `metadata.step` of the checkpoint it runs from: src/shared/steps.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { runCard } from './gallery-helpers';

/** The gallery's parallel-flaky thread: the first run fails in web, Continue finishes it. */
async function failedThenContinued(page: Page): Promise<void> {
  await runCard(page, 'parallel-flaky', 'error');
  await page.getByTestId('action-continue').click();
  await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('run-item').nth(1)).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-complete', 'true');
}

test.describe('the story of each write', () => {
  test('parallel branches: web\'s __error__ skipped on resume, then superseded, in words; the filter finds that checkpoint', async ({ page }) => {
    await failedThenContinued(page);
    const timeline = page.getByTestId('timeline');
    const total = Number(await timeline.getAttribute('data-count'));

    // Only the checkpoint docs and web ran from holds a control signal a resumed run skipped.
    await page.getByTestId('tl-status').selectOption('control-skipped');
    await expect(timeline).toHaveAttribute('data-shown', '1');
    const row = page.getByTestId('timeline-row');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-step', '0');
    await expect(page.locator('#timeline-title')).toContainText(`1 of ${total} checkpoints`);

    await row.click();
    await page.getByTestId('inspector-tab-writes').click();
    const error = page.getByTestId('pending-write').filter({ hasText: '__error__' });
    await expect(error).toHaveAttribute('data-disposition', 'superseded');
    const story = error.getByTestId('write-story-step');
    await expect(story).toHaveText([
      'skipped on resume at step 0 — control signal __error__: web runs again (control signals are never re-applied)',
      "→ superseded at step 0 by web's new writes (a task's new writes replace its old ones)",
    ]);
    // The canvas marks web: its error was skipped on resume (it ran again); docs has no such mark.
    await expect(page.getByTestId('node-skipped-web')).toHaveText('⤼ error skipped on resume');
    await expect(page.getByTestId('node-skipped-docs')).toHaveCount(0);
    // The engine's evidence and the raw task id are behind "details".
    const details = error.getByTestId('write-details');
    await expect(details).not.toHaveAttribute('open');
    await expect(details.locator('p')).toBeHidden();
    await details.locator('summary').click();
    await expect(details).toContainText('recorded by the engine while it ran');
    await expect(details).toContainText('task id');
  });

  test('one step number: the list row "0 → docs, web", the waterfall\'s step and the trace\'s tick that ran web agree', async ({ page }) => {
    await failedThenContinued(page);
    const row = page.getByTestId('timeline-row').filter({ hasText: '→ docs, web' });
    await expect(row).toHaveCount(1);
    const step = (await row.getAttribute('data-step'))!;
    const rowId = (await row.getAttribute('data-checkpoint-id'))!;
    expect(step).toBe('0');
    // The trace of the continue run (selected): web ran again in that step.
    const tick = page.getByTestId('trace-tick').filter({ has: page.locator('[role="cell"]:nth-child(4)', { hasText: 'web' }) });
    await expect(tick).toHaveCount(1);
    await expect(tick.locator('[role="cell"]:nth-child(2)')).toHaveText(step);
    // The waterfall of the same run: web's bar sits in that step, labelled so.
    await page.getByTestId('tl-mode-waterfall').click();
    const web = page.locator('[data-testid="wf-row"][data-kind="task"][data-task="web"]');
    await expect(web).toHaveCount(1);
    await expect(web).toHaveAttribute('data-step', step);
    const stepRow = page.locator(`[data-testid="wf-row"][data-kind="step"][data-step="${step}"]`);
    await expect(stepRow).toHaveCount(1);
    await expect(stepRow.locator('.wf-label')).toContainText(`step ${step}`);
    // Its bar selects the checkpoint it ran from: the list's row of the same number.
    await stepRow.click();
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', rowId);
  });

  test('replay and fork as LangGraph names them, the same in the runs panel and the tree', async ({ page }) => {
    await page.goto('/?graph=chain');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('run-new').click();
    const runs = page.getByTestId('run-item');
    await expect(runs.first()).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    // Replay: re-run from a past checkpoint without changes.
    await page.locator('[data-testid="timeline-row"][data-step="1"]').click();
    await page.getByTestId('action-replay').click();
    await expect(runs).toHaveCount(2, { timeout: 30_000 });
    await expect(runs.nth(1)).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    // Fork: updateState at a past checkpoint, then run from it.
    await page.locator('[data-testid="timeline-row"][data-step="0"][data-lane="0"]').click();
    await page.getByTestId('action-fork').click();
    await expect(page.getByTestId('fork-form')).toHaveAttribute('data-ready', 'true');
    await page.getByTestId('fork-submit').click();
    await expect(runs).toHaveCount(3, { timeout: 30_000 });
    await expect(runs.nth(2)).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });

    await expect(runs.nth(1).getByTestId('run-kind')).toHaveText('replay');
    await expect(runs.nth(1).getByTestId('run-kind')).toHaveAttribute('title', /without changes/);
    await expect(runs.nth(2).getByTestId('run-kind')).toHaveText('fork');
    await expect(runs.nth(2).getByTestId('run-kind')).toHaveAttribute('title', /updateState/);

    // The replay's branch starts with the `fork` checkpoint LangGraph saves when it replays a
    // checkpoint: still a replay, by LangGraph's name and the runs panel's.
    await expect(page.locator('[data-testid="timeline-row"][data-lane="1"]').last()).toHaveAttribute('data-source', 'fork');
    await page.getByTestId('tl-mode-tree').click();
    const replay = page.locator('[data-testid="fork-branch"][data-kind="replay"]');
    const fork = page.locator('[data-testid="fork-branch"][data-kind="fork"]');
    await expect(replay).toHaveCount(1);
    await expect(fork).toHaveCount(1);
    await expect(replay.locator('.fork-label').first()).toHaveText('replay from step 1');
    await expect(replay.locator('.fork-label').first()).toHaveAttribute('title', /without changes/);
    await expect(fork.locator('.fork-label').first()).toHaveText('fork from step 0');
    await expect(fork.locator('.fork-label').first()).toHaveAttribute('title', /updateState/);
  });
});
