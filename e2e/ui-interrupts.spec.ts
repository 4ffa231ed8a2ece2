/**
 * Interrupts against the real engine worker: an answer given at a past checkpoint is not dropped,
 * parallel interrupts are answered one at a time or together, answered ones leave the screen.
 */
import { expect, test, type Page } from '@playwright/test';

async function open(page: Page, query: string): Promise<void> {
  await page.goto(query);
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
}

/** The last run's outcome once the run list has `n` runs. */
async function expectRuns(page: Page, n: number, outcome: string): Promise<void> {
  await expect(page.getByTestId('run-item')).toHaveCount(n, { timeout: 30_000 });
  await expect(page.getByTestId('run-item').nth(n - 1)).toHaveAttribute('data-outcome', outcome, { timeout: 30_000 });
}

test.describe('interrupts with the real engine worker', () => {
  test('essay: an answer given at a past interrupt starts a new branch and is not dropped', async ({ page }) => {
    await open(page, '/?graph=essay');
    await page.getByTestId('run-new').click();
    const form = page.getByTestId('interrupt-form');
    await expect(form).toHaveCount(1, { timeout: 30_000 });
    await form.getByTestId('resume-input').fill('"approve"');
    await form.getByTestId('resume').click();
    await expectRuns(page, 2, 'done');
    await expect(page.getByTestId('interrupt-form')).toHaveCount(0);
    await expect(page.getByTestId('inspector-panel')).toContainText('reviewed: approve');

    // Back to the checkpoint where the review was asked: its answer is shown, and a new answer forks.
    await page.locator('[data-testid="timeline-row"][data-source="input"]').click();
    const past = page.getByTestId('interrupt-form');
    await expect(past).toHaveCount(1);
    await expect(page.getByTestId('interrupts')).toHaveAttribute('data-mode', 'replay-then-answer');
    await expect(page.getByTestId('interrupt-note')).toContainText('new branch');
    await expect(past.getByTestId('interrupt-answered')).toContainText('approve');
    await past.getByTestId('resume-input').fill('"needs work"');
    await past.getByTestId('resume').click();
    // A replay that stops at the review again, then the resume with the new answer.
    await expectRuns(page, 4, 'done');
    await expect(page.getByTestId('inspector-panel')).toContainText('reviewed: needs work');
    await expect(page.getByTestId('timeline')).toContainText('branch');
    // The old branch still ends with the first answer.
    const ends = page.locator('[data-testid="timeline-row"]', { hasText: '(end)' });
    await expect(ends).toHaveCount(2);
    await ends.nth(1).click();
    await expect(page.getByTestId('inspector-panel')).toContainText('reviewed: approve');
  });

  test('parallel interrupts: one answered leaves the screen, the other is answered next', async ({ page }) => {
    await open(page, '/?testGraphs=1&graph=test-parallel-review');
    await page.getByTestId('run-new').click();
    const forms = page.getByTestId('interrupt-form');
    await expect(forms).toHaveCount(2, { timeout: 30_000 });
    await expect(page.locator('.rg-node.rg-state-interrupted')).toHaveCount(2);
    const legal = forms.filter({ hasText: 'legal' });
    await legal.getByTestId('resume-input').fill('"ok from legal"');
    await legal.getByTestId('resume').click();
    await expectRuns(page, 2, 'interrupted');
    await expect(forms).toHaveCount(1);
    await expect(forms.first()).toContainText('tech');
    await expect(page.locator('.rg-node.rg-state-interrupted')).toHaveCount(1);
    await forms.first().getByTestId('resume-input').fill('"ok from tech"');
    await forms.first().getByTestId('resume').click();
    await expectRuns(page, 3, 'done');
    await expect(forms).toHaveCount(0);
    await expect(page.getByTestId('inspector-panel')).toContainText('legal: ok from legal');
    await expect(page.getByTestId('inspector-panel')).toContainText('tech: ok from tech');
    await expect(page.getByTestId('inspector-panel')).toContainText('signed contract');
  });

  test('parallel interrupts answered together with one click', async ({ page }) => {
    await open(page, '/?testGraphs=1&graph=test-parallel-review');
    await page.getByTestId('run-new').click();
    const forms = page.getByTestId('interrupt-form');
    await expect(forms).toHaveCount(2, { timeout: 30_000 });
    await forms.filter({ hasText: 'legal' }).getByTestId('resume-input').fill('"yes L"');
    await forms.filter({ hasText: 'tech' }).getByTestId('resume-input').fill('"yes T"');
    await page.getByTestId('resume-all').click();
    await expectRuns(page, 2, 'done');
    await expect(forms).toHaveCount(0);
    await expect(page.getByTestId('inspector-panel')).toContainText('legal: yes L');
    await expect(page.getByTestId('inspector-panel')).toContainText('tech: yes T');
  });
});
