import { expect, test } from '@playwright/test';
import { openWithFixture } from './ui-fixtures/open';

test.describe('actions', () => {
  test('run with a validated JSON input creates a new thread whose checkpoints stream in', async ({ page }) => {
    await openWithFixture(page, {}, '/?graph=chain');
    const input = page.getByTestId('run-input');
    await input.fill('{ not json');
    await expect(page.getByTestId('run-input-error')).toContainText('Not valid JSON');
    await expect(page.getByTestId('run-new')).toBeDisabled();
    await input.fill('{"topic":"x"}');
    await expect(page.getByTestId('run-new')).toBeEnabled();
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('timeline-row')).toHaveCount(5);
    await expect(page.getByTestId('run-item')).toHaveCount(1);
    await expect(page.getByTestId('run-item')).toHaveAttribute('data-outcome', 'done');
    expect(new URL(page.url()).searchParams.get('thread')).toMatch(/^thread-/);
    // The newest checkpoint is selected: the end of the run.
    await expect(page.locator('[data-testid="timeline-row"][aria-selected="true"]')).toContainText('(end)');
  });

  // Step mode and breakpoints are engine behaviour: e2e/ui-engine-facts.spec.ts checks them on the real worker.

  test('resume an interrupt from its form, with the value it asked shown', async ({ page }) => {
    await openWithFixture(page, { demoThread: true }, '/?thread=demo');
    const form = page.getByTestId('interrupt-form');
    await expect(form).toHaveCount(1);
    await expect(form.getByTestId('interrupt-value')).toContainText('Approve the draft?');
    await form.getByTestId('resume-input').fill('"approved"');
    await form.getByTestId('resume').click();
    await expect(page.getByTestId('run-item')).toHaveCount(3);
    await expect(page.getByTestId('timeline-row')).toHaveCount(5);
    await expect(page.getByTestId('interrupt-form')).toHaveCount(0);
  });

  test('replay from here and fork with edited state sit beside the original run', async ({ page }) => {
    await openWithFixture(page, {}, '/?graph=chain');
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('timeline-row')).toHaveCount(5);
    await page.locator('[data-testid="timeline-row"][data-step="1"]').click();
    await page.getByTestId('action-replay').click();
    await expect(page.getByTestId('timeline-row')).toHaveCount(7);
    await expect(page.locator('[data-testid="timeline-row"][data-lane="1"]')).toHaveCount(2);
    await page.locator('[data-testid="timeline-row"][data-step="0"]').click();
    await page.getByTestId('action-fork').click();
    // The form starts from the selected checkpoint's own state: typed text waits for it.
    await expect(page.getByTestId('fork-form')).toHaveAttribute('data-ready', 'true');
    await page.getByTestId('fork-values').fill('{"trail":["edited"]}');
    await page.getByTestId('fork-as-node').selectOption('a');
    await page.getByTestId('fork-submit').click();
    await expect(page.locator('[data-testid="timeline-row"][data-source="update"]')).toHaveCount(1);
    await expect(page.locator('[data-testid="timeline-row"][data-lane="2"]').first()).toBeVisible();
    await expect(page.getByTestId('timeline')).toHaveAttribute('data-count', '11');
    await expect(page.getByTestId('run-item')).toHaveCount(3);
  });

  test('delete a thread; errors are shown and the UI keeps working', async ({ page }) => {
    await openWithFixture(page, { demoThread: true }, '/?thread=demo&checkpoint=cp-missing');
    await expect(page.getByTestId('inspector-panel')).toContainText('Could not read the checkpoint');
    page.on('dialog', (d) => void d.accept());
    await page.getByTestId('action-delete').click();
    await expect(page.getByTestId('thread-picker')).toHaveValue('');
    await expect(page.getByTestId('thread-picker').locator('option')).toHaveCount(1);
    // Opening a thread that is gone shows the worker's error; the app goes on working.
    await page.getByTestId('graph-picker').selectOption('chain');
    await page.evaluate(() => window.history.replaceState(null, '', '/?thread=ghost'));
    await page.reload();
    await expect(page.getByTestId('errors')).toContainText('No thread ghost');
    await page.getByRole('button', { name: 'Dismiss error' }).first().click();
    await page.getByTestId('graph-picker').selectOption('chain');
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('timeline-row')).toHaveCount(5);
  });

  test('malformed data breaks only the tab that shows it (error boundary)', async ({ page }) => {
    await openWithFixture(page, { demoThread: true, malformedDetail: true }, '/?thread=demo');
    await page.getByTestId('inspector-tab-tasks').click();
    await page.locator('[data-testid="timeline-row"][data-step="1"]').click();
    await expect(page.getByTestId('boundary-error').first()).toContainText('failed to render');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('timeline-row')).toHaveCount(4);
    // Selecting another checkpoint renders every area again.
    await page.locator('[data-testid="timeline-row"][data-step="2"]').click();
    await expect(page.getByTestId('tab-tasks')).toContainText('review');
    await expect(page.getByTestId('boundary-error')).toHaveCount(0);
  });
});
