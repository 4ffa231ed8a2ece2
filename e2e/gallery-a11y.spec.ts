/** The gallery, the editor and the import dialog have no serious accessibility violations. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openGallery } from './gallery-helpers';

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`gallery, editor and import dialog: no serious accessibility violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openGallery(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('view-editor').click();
    await expect(page.locator('.cm-content')).toContainText("from 'replaygraph'");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('import-file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"nope":') });
    await expect(page.getByTestId('import-problem')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
