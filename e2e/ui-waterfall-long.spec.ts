/**
 * A long run's waterfall stays readable, with the real worker: the axis fits the steps in view (a
 * step of a 3,000-step run is drawn as wide as its time among its neighbours, not a sliver of the
 * whole run), "Whole run" and zoom change the window, and the overview jumps to the end.
 */
import { expect, test, type Locator } from '@playwright/test';

const STEPS = 3000;

async function widthOf(seg: Locator): Promise<number> {
  const box = await seg.boundingBox();
  return box?.width ?? 0;
}

test('a 3,000-step waterfall: fitted to the rows in view, zoomable, the overview goes to the end', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/?testGraphs=1&graph=test-counter');
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('run-input')).toHaveValue(/"target"/);
  await page.getByTestId('run-input').fill(JSON.stringify({ count: 0, target: STEPS, delayMs: 0 }));
  await page.getByTestId('recursion-limit').fill(String(STEPS + 100));
  await page.getByTestId('run-new').click();
  await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 180_000 });
  await page.getByTestId('tl-mode-waterfall').click();
  const waterfall = page.getByTestId('waterfall');
  await expect(waterfall).toHaveAttribute('data-basis', 'trace');
  const firstRow = page.locator('[data-testid="wf-row"][data-kind="step"]').first();
  await expect(firstRow).toBeVisible();
  const track = await firstRow.locator('.wf-track').boundingBox();
  const seg = firstRow.getByTestId('wf-step');

  // Fitted (the default): the steps in view share the axis.
  await expect(page.getByTestId('wf-fit')).toHaveAttribute('aria-pressed', 'true');
  const fitted = await widthOf(seg);
  expect(fitted).toBeGreaterThan(track!.width / 200);

  // The whole run: each step is a sliver.
  await page.getByTestId('wf-whole').click();
  await expect(page.getByTestId('wf-axis')).toHaveAttribute('data-from', '0');
  await expect(page.getByTestId('wf-axis')).toHaveAttribute('data-to', '1');
  await expect.poll(() => widthOf(seg)).toBeLessThan(fitted / 4);
  // Zoomed in twice from the whole run, the window is a quarter of it.
  await page.getByTestId('wf-zoom-in').click();
  await page.getByTestId('wf-zoom-in').click();
  await expect.poll(async () => Number(await page.getByTestId('wf-axis').getAttribute('data-to')) - Number(await page.getByTestId('wf-axis').getAttribute('data-from'))).toBeCloseTo(0.25, 5);

  // Back to fitted; the overview's right end scrolls to the run's last steps.
  await page.getByTestId('wf-fit').click();
  const ov = await page.getByTestId('wf-overview').boundingBox();
  await page.mouse.click(ov!.x + ov!.width - 2, ov!.y + ov!.height / 2);
  await expect.poll(async () => Number(await page.locator('[data-testid="wf-row"][data-kind="step"]').first().getAttribute('data-step'))).toBeGreaterThan(STEPS - 200);
  // The axis there fits the last steps: it starts late in the run.
  await expect.poll(async () => Number(await page.getByTestId('wf-axis').getAttribute('data-from'))).toBeGreaterThan(0.8);
});
