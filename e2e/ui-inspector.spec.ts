import { expect, test, type Page } from '@playwright/test';
import { openWithFixture } from './ui-fixtures/open';

/** Selects the timeline row at `step` (the demo thread has one row per step). */
async function selectStep(page: Page, step: number) {
  await page.locator(`[data-testid="timeline-row"][data-step="${step}"]`).click();
  await expect(page.locator(`[data-testid="timeline-row"][data-step="${step}"]`)).toHaveAttribute('aria-selected', 'true');
}

test.describe('checkpoint inspector', () => {
  test.beforeEach(async ({ page }) => {
    await openWithFixture(page, { demoThread: true }, '/?thread=demo');
  });

  test('state as a JSON tree, values shown as text never as markup', async ({ page }) => {
    await selectStep(page, 1);
    const panel = page.getByTestId('inspector-panel');
    await expect(panel).toContainText('draft!');
    await expect(panel).toContainText('<img src=x onerror="window.__xss=1">');
    await expect(panel.locator('img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  test('diff against the parent: added, changed and removed', async ({ page }) => {
    await selectStep(page, 1);
    await page.getByTestId('inspector-tab-diff').click();
    await expect(page.locator('[data-testid="diff-row"][data-kind="changed"]')).toContainText('doc');
    await expect(page.locator('[data-testid="diff-row"][data-kind="added"]').filter({ hasText: 'html' })).toContainText('<img src=x');
    await expect(page.locator('[data-testid="diff-row"][data-kind="added"]').filter({ hasText: 'trail[0]' })).toContainText('"prep"');
    await selectStep(page, 2);
    await expect(page.locator('[data-testid="diff-row"][data-kind="removed"]')).toContainText('html');
  });

  test('tasks with why they were triggered; pending writes with their dispositions, values as text', async ({ page }) => {
    await selectStep(page, 0);
    await page.getByTestId('inspector-tab-tasks').click();
    const task = page.locator('[data-testid="task"][data-task="prep"]');
    await expect(task).toContainText('failed');
    await expect(task.getByTestId('trigger')).toContainText('branch:to:prep');
    await expect(task.getByTestId('trigger')).toContainText('never');
    await page.getByTestId('inspector-tab-writes').click();
    const writes = page.getByTestId('pending-write');
    await expect(writes).toHaveCount(2);
    await expect(page.locator('[data-disposition="superseded"]')).toContainText('__error__');
    await expect(page.locator('[data-disposition="reapplied"]')).toContainText('re-applied');
    await expect(page.locator('[data-disposition="reapplied"]')).toContainText('<b>not bold</b>');
    await expect(page.locator('[data-disposition="reapplied"] b')).toHaveCount(0);
  });

  test('metadata and the raw tuple', async ({ page }) => {
    await selectStep(page, 2);
    await page.getByTestId('inspector-tab-metadata').click();
    await expect(page.getByTestId('tab-metadata')).toContainText('source');
    await expect(page.getByTestId('tab-metadata')).toContainText('loop');
    await page.getByTestId('inspector-tab-raw').click();
    await expect(page.getByTestId('tab-raw')).toContainText('channel_values');
  });

  test('the graph shows each node state at the selected checkpoint', async ({ page }) => {
    await selectStep(page, 0);
    await expect(page.getByTestId('graph-node-prep')).toHaveAttribute('data-state', 'failed');
    await selectStep(page, 2);
    await expect(page.getByTestId('graph-node-review')).toHaveAttribute('data-state', 'interrupted');
    await selectStep(page, 1);
    await expect(page.getByTestId('graph-node-inner')).toHaveAttribute('data-state', 'ran');
  });
});
