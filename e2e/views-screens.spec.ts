/**
 * Every view at 1280×720 and 1440×900, with the real worker: no serious accessibility violation,
 * and what a person needs to act is on screen without scrolling the page. With SCREENSHOTS_DIR set
 * (`npm run screenshots`), each view is also saved there as `<view>-<width>x<height>.png`.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { runCard } from './gallery-helpers';

const SIZES = [{ width: 1280, height: 720 }, { width: 1440, height: 900 }] as const;
const OUT = process.env.SCREENSHOTS_DIR;

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Axe, the essentials in the viewport, and the screenshot when asked for. */
async function checkView(page: Page, name: string, essentials: Locator[]): Promise<void> {
  for (const e of essentials) await expect(e).toBeInViewport();
  expect(await seriousViolations(page), name).toEqual([]);
  const size = page.viewportSize();
  if (OUT && size) await page.screenshot({ path: `${OUT}/${name}-${size.width}x${size.height}.png` });
}

for (const size of SIZES) {
  test(`every view at ${size.width}×${size.height}: essentials on screen, no serious axe violation`, async ({ page }) => {
    await page.setViewportSize(size);
    // A thread waiting at an interrupt: the debugger with its interrupt form open.
    await runCard(page, 'human-review', 'interrupted');
    await expect(page.getByTestId('interrupt-form')).toHaveCount(1);
    await expect(page.locator('.react-flow__node').first()).toBeVisible();
    await checkView(page, 'debugger-interrupt', [
      page.getByTestId('interrupt-form').getByTestId('resume'),
      page.getByTestId('action-replay'),
      page.getByTestId('action-fork'),
      page.getByTestId('timeline-row').first(),
    ]);

    await page.getByTestId('view-gallery').click();
    await expect(page.getByTestId('gallery-card').first()).toBeVisible();
    await checkView(page, 'gallery', [page.getByTestId('ways-in')]);

    await page.getByTestId('view-editor').click();
    await expect(page.locator('.cm-content')).toBeVisible();
    await checkView(page, 'editor', [page.locator('.cm-content')]);

    await page.getByTestId('view-threads').click();
    await expect(page.getByTestId('threads-view')).toBeVisible();
    await checkView(page, 'threads', []);

    await page.getByTestId('view-servers').click();
    await expect(page.getByTestId('servers-view')).toBeVisible();
    await checkView(page, 'servers', []);

    await page.getByTestId('view-files').click();
    await expect(page.getByTestId('files-view')).toBeVisible();
    await checkView(page, 'files', [page.getByTestId('files-choose')]);
  });
}
