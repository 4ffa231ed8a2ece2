/**
 * The debugger layout with the real engine worker: run controls and the resume form stay in the
 * viewport at common screen sizes, panel sizes and the theme survive a reload.
 */
import { expect, test, type Page } from '@playwright/test';

const TOOLBAR = ['action-continue', 'action-step', 'action-step-into', 'action-step-out', 'action-cancel', 'action-replay', 'action-fork'];

async function interruptedReview(page: Page): Promise<void> {
  await page.goto('/?graph=human-review');
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await page.getByTestId('run-new').click();
  await expect(page.getByTestId('interrupt-form')).toHaveCount(1, { timeout: 30_000 });
}

for (const [width, height] of [[1280, 720], [1920, 1080]] as const) {
  test(`at ${width}×${height} the run controls and the resume form are on screen`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await interruptedReview(page);
    for (const id of TOOLBAR) await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
    // The header's own controls stay inside the window too (its pickers give way first).
    for (const id of ['theme-toggle', 'help-button', 'graph-picker']) await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('run-status')).toContainText('interrupted');
    await expect(page.getByTestId('action-continue')).toContainText('F8');
    const form = page.getByTestId('interrupt-form');
    await expect(form.getByTestId('resume')).toBeInViewport({ ratio: 1 });
    // The whole question is readable, not just its first line.
    const ask = form.getByTestId('interrupt-value');
    await expect(ask).toContainText('Approve this draft');
    await expect(ask).toContainText('Draft 1 for');
    await expect(ask).toBeInViewport({ ratio: 1 });
    // Opening the fork form keeps its submit button reachable in the actions panel.
    await page.getByTestId('action-fork').click();
    // The form starts from the selected checkpoint's own state: typed text waits for it.
    await expect(page.getByTestId('fork-form')).toHaveAttribute('data-ready', 'true');
    await page.getByTestId('fork-submit').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('fork-submit')).toBeInViewport({ ratio: 1 });
    for (const id of TOOLBAR) await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
  });
}

test('panel sizes and the theme are kept across a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?graph=chain');
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  const timeline = page.locator('[data-panel][id="p-timeline"]');
  const before = (await timeline.boundingBox())!.width;
  const handle = page.locator('.rz-handle').first();
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  const after = (await timeline.boundingBox())!.width;
  expect(after).toBeGreaterThan(before + 60);
  await page.getByTestId('theme-toggle').click();
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(Math.abs((await timeline.boundingBox())!.width - after)).toBeLessThan(4);
});
