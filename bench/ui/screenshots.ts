/**
 * Takes the README screenshots (docs/screenshots/*.png) of the built app with the real engine
 * worker: a failed-then-continued parallel run with its pending writes, an interrupt form, a replay
 * and a fork on their own branches, the fork tree, the waterfall, the runs/trace panel, and the dark
 * theme.
 *
 * Run: `npx tsx bench/ui/screenshots.ts` (builds into a temporary folder, serves it with `vite preview`).
 */
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { benchMain } from './serve';

const PORT = Number(process.env.SHOTS_PORT ?? 4192);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const OUT = resolve(import.meta.dirname, '../../docs/screenshots');

async function ready(page: Page, query: string): Promise<void> {
  await page.goto(`${ORIGIN}/${query}`);
  await page.locator('[data-testid="worker-status"][data-status="ready"]').waitFor();
  await page.locator('.react-flow__node').first().waitFor();
}

async function runEnds(page: Page, count: number): Promise<void> {
  await page.locator('[data-testid="run-item"]').nth(count - 1).waitFor();
  await page.locator('[data-testid="action-cancel"][disabled]').waitFor();
  await page.waitForTimeout(400);
}

benchMain(PORT, 'SHOTS_PORT', {}, async (browser) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });

  // 1. Parallel branches: the run fails, continue re-applies the saved write of the branch that succeeded.
  await ready(page, '?graph=parallel-flaky');
  await page.getByTestId('run-new').click();
  await runEnds(page, 1);
  await page.getByTestId('action-continue').click();
  await runEnds(page, 2);
  const failedRow = page.locator('[data-testid="timeline-row"]').filter({ hasText: '✖' }).first();
  if (await failedRow.count()) await failedRow.click();
  await page.getByTestId('inspector-tab-writes').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, 'pending-writes.png') });

  // 2. Replay and fork from an earlier checkpoint: both sit beside the original run.
  await page.locator('[data-testid="timeline-row"][data-step="0"]').first().click();
  await page.getByTestId('action-replay').click();
  await runEnds(page, 3);
  await page.locator('[data-testid="timeline-row"][data-step="0"]').first().click();
  await page.getByTestId('action-fork').click();
  await page.getByTestId('fork-values').fill('{"query":"forked query"}');
  await page.getByTestId('fork-submit').click();
  await runEnds(page, 4);
  await page.getByTestId('inspector-tab-diff').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, 'branches-and-diff.png') });

  // 2b. The same thread as a fork tree, then the first run's steps and tasks as a waterfall.
  await page.getByTestId('tl-mode-tree').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, 'fork-tree.png') });
  await page.getByTestId('tl-mode-waterfall').click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(OUT, 'waterfall.png') });
  await page.getByTestId('tl-mode-list').click();

  // 3. Human review: the interrupt form, and the trace of the run.
  await ready(page, '?graph=human-review');
  await page.getByTestId('run-new').click();
  await page.getByTestId('interrupt-form').waitFor();
  await page.getByTestId('inspector-tab-tasks').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, 'interrupt.png') });

  // 4. The same view in the dark theme.
  await page.getByTestId('theme-toggle').click();
  await page.getByTestId('theme-toggle').click();
  await page.getByTestId('inspector-tab-state').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(OUT, 'dark.png') });
  console.log(`screenshots written to ${OUT}`);
});
