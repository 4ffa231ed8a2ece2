import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openWithFixture } from './ui-fixtures/open';

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).exclude('.react-flow__attribution').analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('navigation', () => {
  test('the URL deep-links thread, namespace and checkpoint; a reload opens the same view', async ({ page }) => {
    await openWithFixture(page, { demoThread: true }, '/?thread=demo');
    await page.locator('[data-testid="timeline-row"][data-step="0"]').click();
    const id = await page.locator('[data-testid="timeline-row"][data-step="0"]').getAttribute('data-checkpoint-id');
    await expect.poll(() => new URL(page.url()).searchParams.get('checkpoint')).toBe(id);
    await page.reload();
    await expect(page.locator('[data-testid="timeline-row"][aria-selected="true"]')).toHaveAttribute('data-step', '0');
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', id!);
    // Into a subgraph namespace, then reload.
    await page.locator('[data-testid="ns-node"]:not([data-ns=""])').click();
    await expect(page.getByTestId('timeline-row')).toHaveCount(3);
    const inner = page.locator('[data-testid="timeline-row"][data-step="0"]');
    await inner.click();
    // The checkpoint joins the URL once the selection settles (one history write per pause, not per click).
    const innerId = await inner.getAttribute('data-checkpoint-id');
    await expect.poll(() => new URL(page.url()).searchParams.get('checkpoint')).toBe(innerId);
    const url = page.url();
    expect(new URL(url).searchParams.get('ns')).toMatch(/^inner:/);
    await page.goto(url);
    await expect(page.getByTestId('timeline-row')).toHaveCount(3);
    await expect(page.locator('[data-testid="timeline-row"][aria-selected="true"]')).toHaveAttribute('data-step', '0');
    await expect(page.getByTestId('graph-node-x')).toBeVisible();
  });

  test('a checkpoint selected just before leaving the page is in the URL the browser keeps: going back opens it', async ({ page }) => {
    await openWithFixture(page, { demoThread: true }, '/?thread=demo');
    const row = page.locator('[data-testid="timeline-row"][data-step="0"]');
    await expect(page.locator('[data-testid="timeline-row"][aria-selected="true"]')).not.toHaveAttribute('data-step', '0');
    const id = await row.getAttribute('data-checkpoint-id');
    // Clicked, then left as soon as the row shows selected, all in the page (well within the 250 ms
    // the URL waits for the selection to settle): leaving writes the URL first, so the history
    // entry the browser keeps names the checkpoint.
    const before = await page.evaluate(async (cp) => {
      const el = document.querySelector<HTMLElement>(`[data-testid="timeline-row"][data-checkpoint-id="${cp}"]`)!;
      el.click();
      while (el.getAttribute('aria-selected') !== 'true') await new Promise((r) => setTimeout(r, 0));
      const search = window.location.search;
      setTimeout(() => window.location.assign('about:blank'), 0);
      return search;
    }, id);
    expect(new URLSearchParams(before).get('checkpoint')).not.toBe(id);
    await page.waitForURL('about:blank');
    await page.goBack();
    expect(new URL(page.url()).searchParams.get('checkpoint')).toBe(id);
    await expect(page.locator('[data-testid="timeline-row"][aria-selected="true"]')).toHaveAttribute('data-step', '0');
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', id!);
  });

  test('? opens the keyboard help', async ({ page }) => {
    await openWithFixture(page, { demoThread: true }, '/?thread=demo');
    await page.locator('body').press('?');
    await expect(page.getByTestId('help-dialog')).toBeVisible();
    await expect(page.getByTestId('help-dialog')).toContainText('F10');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('help-dialog')).toHaveCount(0);
    await page.getByTestId('help-button').click();
    await expect(page.getByTestId('help-dialog')).toBeVisible();
  });

  test('themes follow the system, with a toggle', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openWithFixture(page, {}, '/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('theme-toggle').click(); // system → light
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('theme-toggle').click(); // light → dark
    await expect(html).toHaveAttribute('data-theme', 'dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(11, 16, 32)');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`no serious accessibility violations (${scheme})`, async ({ page }) => {
      // Two full axe passes over the whole debugger: on a loaded machine each takes many seconds.
      test.setTimeout(240_000);
      await page.emulateMedia({ colorScheme: scheme });
      await openWithFixture(page, { demoThread: true }, '/?thread=demo');
      await expect(page.getByTestId('timeline-row')).toHaveCount(4);
      await expect(page.locator('.react-flow__node').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('inspector-tab-writes').click();
      await page.locator('[data-testid="timeline-row"][data-step="0"]').click();
      await expect(page.getByTestId('pending-write')).toHaveCount(2);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
