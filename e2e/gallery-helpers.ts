/** Shared steps of the gallery, editor and import/export tests (real engine worker, no fixture). */
import { expect, type Page } from '@playwright/test';

/** Opens the app on the gallery and waits for the worker and the cards. */
export async function openGallery(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('gallery')).toBeVisible();
  await expect(page.getByTestId('gallery-card').first()).toBeVisible();
}

/** Runs a gallery card with one click and waits for its first run to end with `outcome`. */
export async function runCard(page: Page, graphId: string, outcome: string): Promise<void> {
  await openGallery(page);
  await page.locator(`[data-testid="gallery-card"][data-graph-id="${graphId}"]`).getByTestId('gallery-run').click();
  await expect(page.getByTestId('gallery')).toHaveCount(0);
  await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', outcome, { timeout: 30_000 });
}

/** Answers the one pending interrupt form with a JSON value and waits for the next run to end. */
export async function resumeWith(page: Page, json: string, runs: number, outcome: string): Promise<void> {
  const form = page.getByTestId('interrupt-form');
  await form.getByTestId('resume-input').fill(json);
  await form.getByTestId('resume').click();
  await expect(page.getByTestId('run-item')).toHaveCount(runs, { timeout: 30_000 });
  await expect(page.getByTestId('run-item').nth(runs - 1)).toHaveAttribute('data-outcome', outcome, { timeout: 30_000 });
}
