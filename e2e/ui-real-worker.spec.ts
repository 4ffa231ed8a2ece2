/**
 * The UI against the real engine worker (no fixture): run, inspect, interrupt and resume, reload.
 */
import { expect, test } from '@playwright/test';

test.describe('with the real engine worker', () => {
  test('run the chain graph, inspect its state, and find it all again after a reload', async ({ page }) => {
    await page.goto('/?graph=chain');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await expect(page.locator('.react-flow__node').first()).toBeVisible();
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 15_000 });
    const count = Number(await page.getByTestId('timeline').getAttribute('data-count'));
    expect(count).toBeGreaterThanOrEqual(3);
    await expect(page.locator('[data-testid="timeline-row"][data-source="input"]')).toHaveCount(1);
    await expect(page.getByTestId('trace-tick').first()).toBeVisible();
    const url = page.url();
    expect(new URL(url).searchParams.get('thread')).toBeTruthy();
    await page.reload();
    await expect(page.getByTestId('timeline')).toHaveAttribute('data-count', String(count));
    await expect(page.getByTestId('inspector-panel')).not.toHaveAttribute('data-checkpoint-id', '');
  });

  test('an interrupt is resumed from its form', async ({ page }) => {
    await page.goto('/?graph=human-review');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('run-new').click();
    const form = page.getByTestId('interrupt-form');
    await expect(form).toHaveCount(1, { timeout: 15_000 });
    await expect(form.getByTestId('interrupt-value')).toContainText('Approve this draft');
    await form.getByTestId('resume-input').fill('"approve"');
    await form.getByTestId('resume').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 15_000 });
    await expect(page.getByTestId('run-item').nth(1)).toHaveAttribute('data-outcome', 'done');
    await expect(page.getByTestId('inspector-panel')).toContainText('[published]');
  });

  test('cancel a run whose node loops forever: its sandbox is stopped, committed checkpoints stay', async ({ page }) => {
    await page.goto('/?testGraphs=1&graph=test-spin-forever');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('action-cancel')).toBeEnabled();
    await expect(page.getByTestId('run-active')).toBeVisible();
    await page.getByTestId('action-cancel').click();
    await expect(page.getByTestId('errors')).toContainText('cancelled', { timeout: 15_000 });
    await expect(page.getByTestId('action-cancel')).toBeDisabled();
    // The supersteps committed before the spin are still in the timeline, read from the new worker.
    await expect.poll(async () => Number(await page.getByTestId('timeline').getAttribute('data-count')), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  });
});
