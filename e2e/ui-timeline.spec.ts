import { expect, test } from '@playwright/test';
import { openWithFixture } from './ui-fixtures/open';

test.describe('timeline', () => {
  test('10,000 checkpoints: read in pages, virtualized, forks on their own lane', async ({ page }) => {
    await openWithFixture(page, { bigThread: 10_000 }, '/?thread=big');
    const timeline = page.getByTestId('timeline');
    await expect(timeline).toHaveAttribute('data-complete', 'true');
    await expect(timeline).toHaveAttribute('data-count', '10000');
    // Only the rows in view are rendered.
    const rendered = await page.getByTestId('timeline-row').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(120);
    // The newest checkpoint (the fork branch's tip) is selected and sits on the second lane.
    const selected = page.locator('[data-testid="timeline-row"][aria-selected="true"]');
    await expect(selected).toHaveAttribute('data-lane', '1');
    await expect(page.getByTestId('inspector-panel')).toContainText('-19');
    // The fork's first checkpoint is marked as a branch with source "fork".
    await expect(page.locator('[data-testid="timeline-row"][data-source="fork"]')).toHaveAttribute('data-lane', '1');
    await expect(page.locator('[data-testid="timeline-row"][data-source="fork"]')).toContainText('branch');
    // Scrolling to the end shows the input checkpoint of step -1.
    await timeline.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(page.locator('[data-testid="timeline-row"][data-source="input"]')).toHaveAttribute('data-step', '-1');
  });

  test('the source of each checkpoint is marked, and keys move the selection', async ({ page }) => {
    await openWithFixture(page, { demoThread: true }, '/?thread=demo');
    const rows = page.getByTestId('timeline-row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(3)).toHaveAttribute('data-source', 'input');
    await expect(rows.nth(3)).toContainText('input');
    await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('j');
    await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('k');
    await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
    await rows.nth(2).click();
    await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', (await rows.nth(2).getAttribute('data-checkpoint-id'))!);
  });
});
