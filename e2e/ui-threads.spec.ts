/**
 * The thread list, with the real engine worker: every stored thread with its graph, status,
 * checkpoint count and update time, a search over them, opening one, and a name that is stored
 * with the thread (it survives a reload and shows in the thread picker).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { resumeWith, runCard } from './gallery-helpers';

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const threadOf = (page: Page) => new URL(page.url()).searchParams.get('thread')!;

/** Two threads: a finished chain and a human review waiting at its interrupt. */
async function twoThreads(page: Page): Promise<{ chain: string; review: string; chainSteps: number }> {
  await runCard(page, 'chain', 'done');
  const chain = threadOf(page);
  const chainSteps = Number(await page.getByTestId('timeline').getAttribute('data-count'));
  await page.getByTestId('view-gallery').click();
  await page.locator('[data-testid="gallery-card"][data-graph-id="human-review"]').getByTestId('gallery-run').click();
  await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'interrupted', { timeout: 30_000 });
  await expect.poll(() => threadOf(page)).not.toBe(chain);
  return { chain, review: threadOf(page), chainSteps };
}

test.describe('threads', () => {
  test('lists the threads with graph, status, checkpoints and update time, searches them and opens one', async ({ page }) => {
    const { chain, review, chainSteps } = await twoThreads(page);
    await page.getByTestId('view-threads').click();
    const rows = page.getByTestId('thread-row');
    await expect(rows).toHaveCount(2);
    // Most recently updated first.
    await expect(rows.nth(0)).toHaveAttribute('data-thread', review);
    const chainRow = page.locator(`[data-testid="thread-row"][data-thread="${chain}"]`);
    await expect(chainRow.getByTestId('thread-name')).toHaveText(chain);
    await expect(chainRow.getByTestId('thread-graph')).toHaveAttribute('title', 'chain');
    await expect(chainRow.getByTestId('thread-status')).toHaveText('done');
    await expect(chainRow.getByTestId('thread-steps')).toHaveText(String(chainSteps));
    await expect(chainRow.getByTestId('thread-updated')).toHaveText(/just now|min ago/);
    const reviewRow = page.locator(`[data-testid="thread-row"][data-thread="${review}"]`);
    await expect(reviewRow.getByTestId('thread-status')).toHaveText('interrupted');
    await expect(reviewRow.getByTestId('thread-graph')).toHaveAttribute('title', 'human-review');

    await page.getByTestId('thread-search').fill('interrupted');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-thread', review);
    await expect(page.getByTestId('thread-count')).toHaveText('1 of 2 threads');
    await page.getByTestId('thread-search').fill('no such thread anywhere');
    await expect(page.getByTestId('thread-none')).toBeVisible();
    // Its id's last characters (every id starts "thread-").
    await page.getByTestId('thread-search').fill(chain.slice(-8));
    await expect(rows).toHaveCount(1);

    await chainRow.getByTestId('thread-open').click();
    await expect(page.getByTestId('timeline')).toBeVisible();
    await expect.poll(() => threadOf(page)).toBe(chain);
    await expect(page.getByTestId('timeline')).toHaveAttribute('data-count', String(chainSteps));
  });

  test('a thread is renamed in storage: the name survives a reload, is searchable, shows in the picker, and can be removed', async ({ page }) => {
    const { chain, review } = await twoThreads(page);
    await page.getByTestId('view-threads').click();
    const row = page.locator(`[data-testid="thread-row"][data-thread="${review}"]`);
    await row.getByTestId('thread-rename').click();
    await row.getByTestId('thread-name-input').fill('Essay for the board');
    await row.getByTestId('thread-name-input').press('Enter');
    await expect(row.getByTestId('thread-name')).toHaveText('Essay for the board');
    // Escape leaves the old name.
    await row.getByTestId('thread-rename').click();
    await row.getByTestId('thread-name-input').fill('not this');
    await row.getByTestId('thread-name-input').press('Escape');
    await expect(row.getByTestId('thread-name')).toHaveText('Essay for the board');

    await page.reload();
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('threads-view')).toBeVisible();
    await expect(row.getByTestId('thread-name')).toHaveText('Essay for the board');
    // The rename did not touch the thread: still waiting at its interrupt, still the newest.
    await expect(row.getByTestId('thread-status')).toHaveText('interrupted');
    await page.getByTestId('thread-search').fill('board');
    await expect(page.getByTestId('thread-row')).toHaveCount(1);
    await expect(page.getByTestId('thread-row')).toHaveAttribute('data-thread', review);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('thread-search').fill('');
    await page.locator(`[data-testid="thread-row"][data-thread="${chain}"]`).getByTestId('thread-open').click();
    await expect(page.locator(`[data-testid="thread-picker"] option[value="${review}"]`)).toHaveText(/^Essay for the board \(/);
    // Answering the interrupt of the renamed thread keeps its name.
    await page.getByTestId('thread-picker').selectOption(review);
    await resumeWith(page, '"approve"', 2, 'done');
    await page.getByTestId('view-threads').click();
    await expect(row.getByTestId('thread-status')).toHaveText('done');
    await expect(row.getByTestId('thread-name')).toHaveText('Essay for the board');

    await row.getByTestId('thread-rename').click();
    await row.getByTestId('thread-name-input').fill('');
    await row.getByTestId('thread-name-save').click();
    await expect(row.getByTestId('thread-name')).toHaveText(review);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the thread list has no serious accessibility violations (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await runCard(page, 'chain', 'done');
      await page.getByTestId('view-threads').click();
      await expect(page.getByTestId('thread-row')).toHaveCount(1);
      await page.getByTestId('thread-rename').click();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
