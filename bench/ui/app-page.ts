/**
 * What the UI benches do with the app's page: open it until its storage worker is ready, seed a
 * thread of the counter test graph through the debug client, and open that thread in the timeline.
 */
import type { Browser, Page } from '@playwright/test';
import { installShownWatch, type ShownWatchWindow } from './shown-watch';

/**
 * A 1440×900 page for the UI benches, with the selection watch (shown-watch.ts) installed. tsx
 * keeps function names with a `__name` helper that page-side code does not have; it is defined first.
 */
export async function benchPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  await page.addInitScript(installShownWatch);
  return page;
}

/** Opens `url` and waits until the storage worker answered. */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-testid="worker-status"][data-status="ready"]').waitFor({ state: 'attached' });
}

/** Runs the counter test graph on `threadId` until the thread holds `checkpoints` checkpoints. */
export async function makeCounterThread(page: Page, threadId: string, checkpoints: number): Promise<void> {
  await page.evaluate(
    async ({ threadId, target }) => {
      const c = (window as any).__replaygraph;
      const r = await c.startRun({ threadId, graphId: 'test-counter', input: { count: 0, target, delayMs: 0 }, controls: { recursionLimit: target + 100 } });
      const ended = await c.waitForRun(r.runId);
      if (ended.outcome !== 'done') throw new Error(`seed run ended ${ended.outcome}: ${ended.error?.message}`);
    },
    // input checkpoint + __start__ step + one per increment
    { threadId, target: checkpoints - 2 },
  );
}

/** Picks `threadId` in the thread picker and waits until its whole timeline and a state tab show. */
export async function showThread(page: Page, threadId: string): Promise<void> {
  await page.locator(`[data-testid="thread-picker"] option[value="${threadId}"]`).waitFor({ state: 'attached' });
  await page.getByTestId('thread-picker').selectOption(threadId);
  await page.locator('[data-testid="timeline"][data-complete="true"]').waitFor();
  await page.locator('[data-testid="tab-state"]').waitFor();
}

/**
 * Clicks `n` timeline rows spread over the shown thread; resolves with the ms from each click until
 * the end of the frame that paints its checkpoint in the inspector (page from `benchPage`). Each click is marked `sel-click-<i>` and
 * `sel-done-<i>` for traces; `quietMs` waits before and after each, so a trace shows them apart.
 */
export function selectRows(page: Page, n: number, quietMs = 0): Promise<number[]> {
  return page.evaluate(async ({ n, quietMs }) => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const quiet = () => (quietMs > 0 ? new Promise((r) => setTimeout(r, quietMs)) : Promise.resolve());
    const scroller = document.querySelector<HTMLElement>('[data-testid="timeline"]')!;
    const whenShown = (window as unknown as ShownWatchWindow).__whenShown;
    const total = Number(scroller.getAttribute('data-count'));
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      scroller.scrollTop = ((i * 7919) % total) * 28;
      await frame();
      await frame();
      await quiet();
      const row = document.querySelector<HTMLElement>('[data-testid="timeline-row"][aria-selected="false"]')!;
      const id = row.getAttribute('data-checkpoint-id')!;
      performance.mark(`sel-click-${i}`);
      const shown = whenShown(id, performance.now());
      row.click();
      out.push((await shown).painted);
      performance.mark(`sel-done-${i}`);
      await quiet();
    }
    return out;
  }, { n, quietMs });
}
