/**
 * The story of each pending write and the words around it, on the real engine worker (no fixture):
 * the gallery's "Parallel branches, one flaky" continued, where web's __error__ is first skipped on
 * resume and then superseded by web's new writes; the timeline filtered to the checkpoints where a
 * control signal was skipped on resume.
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
      'skipped on resume at step 1 — control signal __error__: web runs again (control signals are never re-applied)',
      "→ superseded at step 1 by web's new writes (a task's new writes replace its old ones)",
    ]);
    // The engine's evidence and the raw task id are behind "details".
    const details = error.getByTestId('write-details');
    await expect(details).not.toHaveAttribute('open');
    await expect(details.locator('p')).toBeHidden();
    await details.locator('summary').click();
    await expect(details).toContainText('recorded by the engine while it ran');
    await expect(details).toContainText('task id');
  });
});
