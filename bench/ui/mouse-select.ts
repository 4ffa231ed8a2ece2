/**
 * Selecting checkpoints as a person does with a mouse: the pointer moves onto a timeline row,
 * rests there (`restMs`, a human's pause between reaching a target and clicking it is a few hundred
 * milliseconds), then clicks, through Chromium's real input pipeline. Each time is from the click
 * event's time stamp until the end of the frame that paints that checkpoint in the inspector
 * (shown-watch.ts; the page comes from `benchPage`).
 */
import type { Page } from '@playwright/test';
import type { ShownTimes, ShownWatchWindow } from './shown-watch';

/** `n` mouse selections over the shown thread; ms from each click until the inspector shows its checkpoint. */
export async function timeMouseSelections(page: Page, n: number, restMs: number, rowH: number): Promise<ShownTimes[]> {
  // The watch starts in the click's own event handler, so that the time includes nothing of the
  // test's round trips: from the input event's time stamp (when the browser received the click)
  // until the frame that paints that row's checkpoint in the inspector has run.
  await page.evaluate(() => {
    const w = window as unknown as ShownWatchWindow & { __mouseTimes: ShownTimes[] };
    w.__mouseTimes = [];
    document.addEventListener('click', (e) => {
      const id = (e.target as HTMLElement).closest('[data-testid="timeline-row"]')?.getAttribute('data-checkpoint-id');
      if (!id) return;
      void w.__whenShown(id, e.timeStamp).then((ms) => w.__mouseTimes.push(ms));
    }, { capture: true });
  });
  const out: ShownTimes[] = [];
  for (let i = 0; i < n; i++) {
    const target = await page.evaluate(
      async ({ i, rowH }) => {
        const frame = () => new Promise((r) => requestAnimationFrame(r));
        const scroller = document.querySelector<HTMLElement>('[data-testid="timeline"]')!;
        const total = Number(scroller.getAttribute('data-count'));
        scroller.scrollTop = ((i * 7919 + 13) % total) * rowH;
        await frame();
        await frame();
        const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="timeline-row"][aria-selected="false"]')];
        const box = scroller.getBoundingClientRect();
        const row = rows.find((r) => r.getBoundingClientRect().top > box.top + rowH && r.getBoundingClientRect().bottom < box.bottom - rowH)!;
        const rect = row.getBoundingClientRect();
        return { id: row.getAttribute('data-checkpoint-id')!, x: rect.left + rect.width * 0.6, y: rect.top + rect.height / 2 };
      },
      { i, rowH },
    );
    await page.mouse.move(target.x, target.y - rowH * 3);
    await page.mouse.move(target.x, target.y, { steps: 3 });
    await page.waitForTimeout(restMs);
    await page.mouse.click(target.x, target.y);
    out.push(
      await page.evaluate(async (i) => {
        const w = window as unknown as { __mouseTimes: ShownTimes[] };
        while (w.__mouseTimes.length <= i) await new Promise((r) => setTimeout(r, 5));
        return w.__mouseTimes[i]!;
      }, i),
    );
  }
  return out;
}
