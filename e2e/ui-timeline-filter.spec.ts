/**
 * The timeline's search and filter, with the real engine worker: by the node that runs next, a
 * channel the step wrote, a status and text; jump to a step; the keys move through what is shown;
 * and a long real thread is filtered over its loaded rows with only the rows in view rendered.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { resumeWith, runCard } from './gallery-helpers';

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).exclude('.react-flow__attribution').analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A human review answered three times: interrupts, several nodes, a dozen checkpoints. */
async function reviewThread(page: Page): Promise<void> {
  await runCard(page, 'human-review', 'interrupted');
  await resumeWith(page, '"revise"', 2, 'interrupted');
  await resumeWith(page, '"shorter"', 3, 'interrupted');
  await resumeWith(page, '"friendly"', 4, 'interrupted');
  await resumeWith(page, '"approve"', 5, 'done');
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-complete', 'true');
}

const rows = (page: Page) => page.getByTestId('timeline-row');
const shown = async (page: Page) => Number(await page.getByTestId('timeline').getAttribute('data-shown'));

test.describe('timeline search and filter', () => {
  test('filters by node, channel, status and text; jumps to a step; keys move through the shown rows', async ({ page }) => {
    await reviewThread(page);
    const timeline = page.getByTestId('timeline');
    const total = Number(await timeline.getAttribute('data-count'));
    expect(total).toBeGreaterThan(6);
    await expect(timeline).toHaveAttribute('data-shown', String(total));
    const interrupted = await page.locator('[data-testid="timeline-row"]:has(.tl-interrupt)').count();
    expect(interrupted).toBeGreaterThan(1);

    // Status: only the checkpoints that stopped at an interrupt.
    await page.getByTestId('tl-status').selectOption('interrupted');
    await expect(timeline).toHaveAttribute('data-shown', String(interrupted));
    await expect(rows(page)).toHaveCount(interrupted);
    await expect(page.locator('[data-testid="timeline-row"]:not(:has(.tl-interrupt))')).toHaveCount(0);
    await expect(page.locator('#timeline-title')).toContainText(`${interrupted} of ${total} checkpoints`);
    // Channel: the __interrupt__ writes are exactly those checkpoints too (two views of the same data).
    await page.getByTestId('tl-status').selectOption('');
    await page.getByTestId('tl-channel').focus();
    await expect(page.locator('[data-testid="tl-channel"] option[value="__interrupt__"]')).toHaveCount(1);
    await page.getByTestId('tl-channel').selectOption('__interrupt__');
    await expect(timeline).toHaveAttribute('data-shown', String(interrupted));
    await page.getByTestId('tl-channel').selectOption('');

    // Node: every shown row runs that node next.
    await page.getByTestId('tl-node').focus();
    await page.getByTestId('tl-node').selectOption('write');
    const byNode = await shown(page);
    expect(byNode).toBeGreaterThan(0);
    expect(byNode).toBeLessThan(total);
    for (const text of await page.locator('[data-testid="timeline-row"] .tl-next').allTextContents()) expect(text).toMatch(/→ .*\bwrite\b/);
    await page.getByTestId('tl-node').selectOption('');

    // Text: words of the row (step, source, node, channel).
    await page.getByTestId('tl-search').fill('input');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute('data-source', 'input');
    await page.getByTestId('tl-search').fill('step 3');
    await expect(rows(page).first()).toHaveAttribute('data-step', '3');
    for (const step of await rows(page).evaluateAll((r) => r.map((x) => x.getAttribute('data-step')))) expect(step).toMatch(/^3/);
    await page.getByTestId('tl-search').fill('no such thing');
    await expect(page.getByTestId('tl-none')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    await page.getByTestId('tl-clear').click();
    await expect(timeline).toHaveAttribute('data-shown', String(total));
    await expect(page.getByTestId('tl-search')).toHaveValue('');

    // Jump to a step: it is selected and its state shown.
    await page.getByTestId('tl-jump').fill('2');
    await page.getByTestId('tl-jump').press('Enter');
    const selected = page.locator('[data-testid="timeline-row"][aria-selected="true"]');
    await expect(selected).toHaveAttribute('data-step', '2');
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', (await selected.getAttribute('data-checkpoint-id'))!);
    await page.getByTestId('tl-jump').fill('999');
    await page.getByTestId('tl-jump-go').click();
    await expect(page.getByTestId('tl-jump-none')).toHaveText('No checkpoint at step 999.');

    // With a filter on, ↓ moves to the next shown row (older), skipping the hidden ones.
    await page.getByTestId('tl-status').selectOption('interrupted');
    const steps = (await rows(page).evaluateAll((r) => r.map((x) => x.getAttribute('data-step')))) as string[];
    await rows(page).first().click();
    await page.locator('body').press('ArrowDown');
    await expect(selected).toHaveAttribute('data-step', steps[1]!);
    await page.locator('body').press('ArrowUp');
    await expect(selected).toHaveAttribute('data-step', steps[0]!);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a long real thread: the filter runs over every loaded row, and only the rows in view are rendered', async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/?testGraphs=1&debug=1');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    const threadId = `long-${Date.now().toString(36)}`;
    const n = 3000;
    await page.evaluate(async ({ threadId, target }) => {
      const c = (window as unknown as { __replaygraph: { startRun(a: unknown): Promise<{ runId: string }>; waitForRun(id: string): Promise<{ outcome: string }> } }).__replaygraph;
      const r = await c.startRun({ threadId, graphId: 'test-counter', input: { count: 0, target, delayMs: 0 }, controls: { recursionLimit: target + 100 } });
      const ended = await c.waitForRun(r.runId);
      if (ended.outcome !== 'done') throw new Error(`the run ended ${ended.outcome}`);
    }, { threadId, target: n - 2 });
    await page.goto(`/?testGraphs=1&thread=${threadId}`);
    const timeline = page.getByTestId('timeline');
    await expect(timeline).toHaveAttribute('data-count', String(n), { timeout: 30_000 });
    await expect(timeline).toHaveAttribute('data-complete', 'true');
    // Rows of steps 100–199 and 1000–1099 (prefix "1" then two more digits or "10" then two).
    await page.getByTestId('tl-search').fill('step 1');
    const ones = Array.from({ length: n - 1 }, (_, i) => i - 1).filter((s) => String(s).startsWith('1')).length;
    await expect(timeline).toHaveAttribute('data-shown', String(ones));
    const rendered = await rows(page).count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(120);
    await page.getByTestId('tl-search').fill('step 2998');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute('data-step', '2998');
    await page.getByTestId('tl-search').fill('');
    // Jump to an old step far below the fold: it is scrolled into view and selected.
    await page.getByTestId('tl-jump').fill('7');
    await page.getByTestId('tl-jump').press('Enter');
    await expect(page.locator('[data-testid="timeline-row"][aria-selected="true"]')).toHaveAttribute('data-step', '7');
    await expect(page.locator('[data-testid="timeline-row"][aria-selected="true"]')).toBeInViewport();
  });
});
