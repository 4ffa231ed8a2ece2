import { expect, test } from '@playwright/test';
import { PROTOCOL_VERSION } from '../src/protocol/messages';

test.describe('foundation', () => {
  test('the page starts the worker, which opens IndexedDB and answers hello', async ({ page }) => {
    await page.goto('/');
    const status = page.getByTestId('worker-status');
    await expect(status).toHaveAttribute('data-status', 'ready');
    // People's words on screen; the protocol and database versions on hover.
    await expect(status).toHaveText('Ready · runs are saved in this browser');
    await expect(status).toHaveAttribute('title', new RegExp(`protocol v${PROTOCOL_VERSION}, database replaygraph v\\d+`));
    // The app opens on the gallery; the debugger draws the first graph.
    await page.getByTestId('view-debugger').click();
    // React Flow drew the canvas with the first graph's nodes (at least __start__, one node, __end__).
    await expect(page.locator('.react-flow__node').first()).toBeVisible();
    expect(await page.locator('.react-flow__node').count()).toBeGreaterThanOrEqual(3);
    // The database really exists in this origin.
    const dbs = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(dbs).toContain('replaygraph');
  });
});
