import { expect, test } from '@playwright/test';
import { openWithFixture } from './ui-fixtures/open';

test.describe('graph', () => {
  test('draws the chosen graph with ELK, conditional edges dashed and Send fan-out labelled', async ({ page }) => {
    await openWithFixture(page, {}, '/?graph=fanout');
    await expect(page.locator('.react-flow__node')).toHaveCount(5);
    await expect(page.locator('.react-flow__edge.edge-conditional')).toHaveCount(2);
    await expect(page.locator('.react-flow__edge.edge-normal')).toHaveCount(3);
    const dash = await page.locator('.react-flow__edge.edge-conditional path.react-flow__edge-path').first().evaluate((p) => getComputedStyle(p).strokeDasharray);
    expect(dash).not.toBe('none');
    await expect(page.locator('.react-flow__edgelabel-renderer, .react-flow__edge-text').getByText('Send').first()).toBeVisible();
    // Layered layout: each node sits below its predecessor.
    const y = async (id: string) => (await page.getByTestId(`graph-node-${id}`).boundingBox())!.y;
    expect(await y('plan')).toBeGreaterThan(await y('__start__'));
    expect(await y('work')).toBeGreaterThan(await y('plan'));
    expect(await y('join')).toBeGreaterThan(await y('work'));
  });

  test('a Send fan-out shows how many tasks it sent at the selected checkpoint', async ({ page }) => {
    await openWithFixture(page, {}, '/?graph=fanout');
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('run-item')).toHaveAttribute('data-outcome', 'done');
    await page.getByTestId('timeline-row').filter({ hasText: '→ work' }).click();
    await expect(page.getByTestId('graph-node-work')).toContainText('×3');
    await expect(page.getByTestId('graph-node-work')).toHaveAttribute('data-state', 'ran');
    await expect(page.locator('.react-flow__edge.edge-conditional').getByText('Send ×3')).toBeVisible();
  });
});
