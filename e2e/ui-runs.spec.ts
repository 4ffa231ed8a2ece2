import { expect, test } from '@playwright/test';
import { openWithFixture } from './ui-fixtures/open';

test.describe('runs and replay', () => {
  test('the trace of a replay: isReplaying ticks, cached tasks, put_writes deduplication, subgraph first visit', async ({ page }) => {
    await openWithFixture(page, { demoThread: true }, '/?thread=demo');
    const runs = page.getByTestId('run-item');
    await expect(runs).toHaveCount(2);
    await runs.nth(1).click();
    const ticks = page.getByTestId('trace-tick');
    await expect(ticks).toHaveCount(3);
    await expect(ticks.nth(0)).toHaveAttribute('data-replaying', 'true');
    await expect(ticks.nth(0)).toContainText('isReplaying');
    await expect(ticks.nth(0)).toContainText('__error__');
    await expect(ticks.nth(0)).toContainText('replaced 1');
    await expect(ticks.nth(1)).toHaveAttribute('data-replaying', 'false');
    await expect(ticks.nth(1).getByTestId('tick-cached')).toHaveText('inner');
    await expect(ticks.nth(2)).toContainText('review ‖');
    await expect(page.getByTestId('subgraph-visit')).toContainText('resumes its latest checkpoint');
  });

  test('the namespace tree moves into a subgraph’s own history and graph', async ({ page }) => {
    await openWithFixture(page, { demoThread: true }, '/?thread=demo');
    const tree = page.getByTestId('ns-tree');
    await expect(tree.getByTestId('ns-node')).toHaveCount(2);
    await tree.locator('[data-testid="ns-node"]:not([data-ns=""])').click();
    await expect(page.getByTestId('timeline-row')).toHaveCount(3);
    await expect(page.getByTestId('graph-node-x')).toBeVisible();
    await expect(page.getByTestId('graph-node-y')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('ns')).toMatch(/^inner:/);
    await tree.locator('[data-testid="ns-node"][data-ns=""]').click();
    await expect(page.getByTestId('timeline-row')).toHaveCount(4);
    await expect(page.getByTestId('graph-node-inner')).toBeVisible();
  });

  test('a subgraph node expands into its own graph', async ({ page }) => {
    await openWithFixture(page, {}, '/?graph=nested');
    await expect(page.locator('.react-flow__node')).toHaveCount(5);
    await page.getByTestId('expand-inner').click();
    await expect(page.getByTestId('graph-node-inner/x')).toBeVisible();
    await expect(page.locator('.react-flow__node')).toHaveCount(9);
    await page.getByTestId('expand-inner').click();
    await expect(page.locator('.react-flow__node')).toHaveCount(5);
  });
});
