import { expect, test } from '@playwright/test';
import { openWithFixture } from './ui-fixtures/open';

test.describe('runs and replay', () => {
  // The engine facts of a trace (replaying ticks, tasks served from saved writes, replaced puts)
  // and the namespace tree are checked on the real worker (e2e/ui-engine-facts.spec.ts); this lays
  // out a seeded replay's trace.
  test('the trace of a replay laid out: ticks, cached tasks, subgraph first visit', async ({ page }) => {
    await openWithFixture(page, { demoThread: true }, '/?thread=demo');
    const runs = page.getByTestId('run-item');
    await expect(runs).toHaveCount(2);
    await runs.nth(1).click();
    const ticks = page.getByTestId('trace-tick');
    await expect(ticks).toHaveCount(3);
    await expect(ticks.nth(0)).toHaveAttribute('data-replaying', 'true');
    await expect(ticks.nth(0).locator('[role="cell"]:nth-child(3)')).toHaveText('replay');
    await expect(ticks.nth(1)).toHaveAttribute('data-replaying', 'false');
    await expect(ticks.nth(1).getByTestId('tick-cached')).toHaveText('inner');
    await expect(ticks.nth(2)).toContainText('review ‖');
    await expect(page.getByTestId('subgraph-visit')).toContainText('resumes its latest checkpoint');
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
