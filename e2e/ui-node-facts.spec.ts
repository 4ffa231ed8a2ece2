/**
 * Each node's facts at the selected checkpoint, with the real engine worker: what triggered it,
 * what it wrote, how many attempts it took (a retry policy's failed attempts are visible) and how long.
 */
import { expect, test } from '@playwright/test';
import { runCard } from './gallery-helpers';

test('a node retried twice shows 3 attempts with the failures, what it read and what it wrote', async ({ page }) => {
  await runCard(page, 'retry-fork', 'done');
  await page.locator('[data-testid="timeline-row"]').filter({ hasText: '→ fetch' }).click();
  const fetch = page.getByTestId('graph-node-fetch');
  await expect(fetch).toHaveAttribute('data-state', 'ran');
  await expect(fetch).toHaveAttribute('data-attempts', '3');
  await expect(page.getByTestId('attempts-fetch')).toHaveText('· 3 attempts');
  const title = (await fetch.getAttribute('title'))!;
  expect(title).toContain('read (triggered by): ');
  expect(title).toMatch(/wrote: .*price/);
  expect(title).toMatch(/wrote: .*attempts/);
  expect(title).toContain('attempts: 3');
  expect(title).toContain('attempt 1 failed: Error: price service unavailable (attempt 1)');
  expect(title).toContain('attempt 2 failed: Error: price service unavailable (attempt 2)');
  // Two waits of the retry policy (20 ms, then 40 ms) are part of how long it took.
  const took = /took ([\d.]+) (ms|s)/.exec(title);
  expect(took, title).not.toBeNull();
  expect(Number(took![1]) * (took![2] === 's' ? 1000 : 1)).toBeGreaterThanOrEqual(60);
  // The node's face shows the same duration as its facts.
  await expect(page.getByTestId('duration-fetch')).toHaveText(` · ${took![1]} ${took![2]}`);
  // The next node ran once: no attempts badge, and its own writes.
  await page.locator('[data-testid="timeline-row"]').filter({ hasText: '→ compute' }).click();
  const compute = page.getByTestId('graph-node-compute');
  await expect(compute).toHaveAttribute('data-attempts', '1');
  await expect(page.getByTestId('attempts-compute')).toHaveCount(0);
  await expect(compute).toHaveAttribute('title', /attempts: 1/);
  await expect(fetch).not.toHaveAttribute('title', /.+/);
});
