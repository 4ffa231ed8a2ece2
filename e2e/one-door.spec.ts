/**
 * One door for every file: Import… and a drop anywhere on the page tell a file by its content
 * and send it where it belongs (a SQLite database with its -wal opens in the Files view, as if
 * chosen there; a thread file goes to the import dialog).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

const fx = (p: string) => fileURLToPath(new URL(`../tests/fixtures/checkpoints/${p}`, import.meta.url));

async function ready(page: Page): Promise<void> {
  await page.goto('/?view=threads');
  await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
}

test('Import… of a SQLite database and its -wal opens them in the Files view', async ({ page }) => {
  await ready(page);
  await page.getByTestId('import-file').setInputFiles([fx('js/wal.sqlite'), fx('js/wal.sqlite-wal')]);
  await expect(page.getByTestId('files-view')).toBeVisible();
  const file = page.locator('[data-testid="opened-file"][data-file="wal.sqlite"]');
  await expect(file.getByTestId('opened-file-format')).toHaveText('SQLite checkpointer');
  await expect(file.getByTestId('opened-file-wal')).toContainText('WAL merged');
  // The threads only the -wal holds are there: the WAL came along.
  await expect(file.locator('[data-testid="file-thread"][data-thread="wal-only-thread"]')).toBeVisible();
  // Not taken for a thread file.
  await expect(page.getByText('not valid JSON')).toHaveCount(0);
});

test('a dev server store dropped anywhere on the page opens in the Files view', async ({ page }) => {
  await ready(page);
  const text = readFileSync(fx('langgraph-dev/.langgraphjs_api.checkpointer.json'), 'utf8');
  await page.evaluate((content) => {
    const data = new DataTransfer();
    data.items.add(new File([content], '.langgraphjs_api.checkpointer.json', { type: 'application/json' }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, text);
  const file = page.locator('[data-testid="opened-file"][data-file=".langgraphjs_api.checkpointer.json"]');
  await expect(file.getByTestId('opened-file-format')).toHaveText('JS dev server store');
});
