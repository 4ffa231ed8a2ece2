/**
 * The UI against the real engine worker (no fixture): run, inspect, interrupt and resume, reload.
 */
import { expect, test } from '@playwright/test';

test.describe('with the real engine worker', () => {
  test('run the chain graph, inspect its state, and find it all again after a reload', async ({ page }) => {
    await page.goto('/?graph=chain');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await expect(page.locator('.react-flow__node').first()).toBeVisible();
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    const count = Number(await page.getByTestId('timeline').getAttribute('data-count'));
    expect(count).toBeGreaterThanOrEqual(3);
    await expect(page.locator('[data-testid="timeline-row"][data-source="input"]')).toHaveCount(1);
    await expect(page.getByTestId('trace-tick').first()).toBeVisible();
    const url = page.url();
    expect(new URL(url).searchParams.get('thread')).toBeTruthy();
    await page.reload();
    await expect(page.getByTestId('timeline')).toHaveAttribute('data-count', String(count));
    await expect(page.getByTestId('inspector-panel')).not.toHaveAttribute('data-checkpoint-id', '');
  });

  test('an interrupt is resumed from its form', async ({ page }) => {
    await page.goto('/?graph=human-review');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('run-new').click();
    const form = page.getByTestId('interrupt-form');
    await expect(form).toHaveCount(1, { timeout: 30_000 });
    await expect(form.getByTestId('interrupt-value')).toContainText('Approve this draft');
    await form.getByTestId('resume-input').fill('"approve"');
    await form.getByTestId('resume').click();
    await expect(page.getByTestId('run-item')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('run-item').nth(1)).toHaveAttribute('data-outcome', 'done');
    await expect(page.getByTestId('inspector-panel')).toContainText('[published]');
  });

  test('cancel a run whose node loops forever: its sandbox is stopped, committed checkpoints stay', async ({ page }) => {
    await page.goto('/?testGraphs=1&graph=test-spin-forever');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('action-cancel')).toBeEnabled();
    await expect(page.getByTestId('run-active')).toBeVisible();
    await page.getByTestId('action-cancel').click();
    await expect(page.getByTestId('errors')).toContainText('cancelled', { timeout: 30_000 });
    await expect(page.getByTestId('action-cancel')).toBeDisabled();
    // The supersteps committed before the spin are still in the timeline, read from the new worker.
    await expect.poll(async () => Number(await page.getByTestId('timeline').getAttribute('data-count')), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
  });

  test('while a long run streams in, the trace table keeps its rows as its window of the newest ticks moves, also once the trace is past the events the page keeps, and after the run ends', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/?testGraphs=1&graph=test-counter');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    // The form shows the graph's example input once the graph is loaded; it is replaced after that.
    await expect(page.getByTestId('run-input')).toHaveValue(/"target"/);
    await page.getByTestId('run-input').fill(JSON.stringify({ count: 0, target: 8000, delayMs: 1 }));
    await page.getByTestId('recursion-limit').fill('8100');
    await page.getByTestId('run-new').click();
    const newestStep = () => page.evaluate(() => {
      const rows = document.querySelectorAll<HTMLElement>('[data-testid="trace-tick"]');
      return Number(rows[rows.length - 1]?.children[1]!.textContent ?? -1);
    });
    /** Marks the newest row, lets 20 more ticks stream in, and says whether it is the same element showing the same tick. */
    const keepsNewestRow = async () => {
      const step = await page.evaluate(() => {
        const rows = document.querySelectorAll<HTMLElement>('[data-testid="trace-tick"]');
        const row = rows[rows.length - 1]!;
        (window as unknown as { __row: HTMLElement }).__row = row;
        return row.children[1]!.textContent;
      });
      await expect.poll(newestStep, { timeout: 40_000 }).toBeGreaterThan(Number(step) + 20);
      // Another row key would have remounted it.
      const still = await page.evaluate(() => {
        const row = (window as unknown as { __row: HTMLElement }).__row;
        return { connected: row.isConnected, step: row.children[1]!.textContent };
      });
      expect(still).toEqual({ connected: true, step });
    };
    await expect(page.getByTestId('trace-ticks-window')).toBeVisible({ timeout: 40_000 });
    await keepsNewestRow();
    // Past 20,000 trace events the page drops the oldest as new ones come (a counter step streams
    // six events, five of them trace): the rows' keys must not move with what was dropped.
    const events = async () => Number((await page.getByTestId('run-active').textContent())?.match(/(\d+) events/)?.[1] ?? 0);
    await expect.poll(events, { timeout: 60_000 }).toBeGreaterThan(32_000);
    await keepsNewestRow();
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 60_000 });
    // Once the run ended the panel still shows its newest ticks (no jump back to the first page),
    // and says how to read the run from its start.
    // The end first reads the thread's runs, namespaces, newest history page and checkpoint.
    await expect(page.getByTestId('trace-from-start')).toBeVisible({ timeout: 30_000 });
    expect(await newestStep()).toBeGreaterThan(7900);
    // It counts the ticks it holds, not the run's.
    await expect(page.getByTestId('trace-ticks-window')).toContainText(/^Showing the newest 200 of the \d+ ticks loaded\.$/);
    await page.getByTestId('trace-from-start').click();
    await expect(page.getByTestId('trace-more')).toBeVisible({ timeout: 30_000 });
    await expect.poll(newestStep).toBeLessThan(1000);
    await expect(page.getByTestId('trace-from-start')).toHaveCount(0);
  });

  test('a row the pointer rests on is read ahead: the click then shows it without asking storage again; a sweep reads none', async ({ page }) => {
    await page.goto('/?testGraphs=1&graph=test-counter&debug=1');
    await expect(page.getByTestId('worker-status')).toHaveAttribute('data-status', 'ready');
    await expect(page.getByTestId('run-input')).toHaveValue(/"target"/);
    await page.getByTestId('run-input').fill(JSON.stringify({ count: 0, target: 12, delayMs: 0 }));
    await page.getByTestId('run-new').click();
    await expect(page.getByTestId('run-item').first()).toHaveAttribute('data-outcome', 'done', { timeout: 30_000 });
    await expect(page.locator('[data-testid="timeline"][data-complete="true"]')).toHaveCount(1);
    // The run's end selects its newest checkpoint: that read is done before counting starts.
    const newest = page.locator('[data-testid="timeline-row"][aria-selected="true"]');
    await expect(newest).toHaveCount(1);
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', (await newest.getAttribute('data-checkpoint-id'))!);
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('aria-busy', 'false');
    // Every checkpoint read the page asks the worker for, by checkpoint id, from now on.
    await page.evaluate(() => {
      const w = window as unknown as { __replaygraph: { request: (type: string, body: { checkpointId?: string }) => Promise<unknown> }; __reads: string[] };
      const client = w.__replaygraph;
      const request = client.request.bind(client);
      w.__reads = [];
      client.request = (type, body) => {
        if (type === 'rg/checkpoint.get') w.__reads.push(body.checkpointId ?? '');
        return request(type, body);
      };
    });
    const reads = () => page.evaluate(() => (window as unknown as { __reads: string[] }).__reads);
    const rows = page.locator('[data-testid="timeline-row"][aria-selected="false"]');
    // A sweep: the pointer crosses six rows, all in one task (real pointer moves each take a round
    // trip to the browser, which on a busy machine can outlast the rest time).
    await page.evaluate(() => {
      const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="timeline-row"][aria-selected="false"]')].slice(0, 6);
      let from: HTMLElement = document.body;
      for (const row of [...rows, document.body]) {
        from.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, relatedTarget: row }));
        row.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, relatedTarget: from }));
        from = row;
      }
    });
    await page.waitForTimeout(300);
    expect(await reads()).toEqual([]);
    // A rest: the row is read once, before the click; the click reads nothing more.
    const row = rows.nth(3);
    const id = (await row.getAttribute('data-checkpoint-id'))!;
    await row.hover();
    await expect.poll(reads).toEqual([id]);
    await row.click();
    await expect(page.getByTestId('inspector-panel')).toHaveAttribute('data-checkpoint-id', id);
    expect(await reads()).toEqual([id]);
  });
});
