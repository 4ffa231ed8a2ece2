/**
 * When a selection is shown: the page-side watch the selection benches share. `installShownWatch`
 * (an init script) defines `window.__whenShown(id, t0)`, which resolves with the ms from `t0` until
 * the end of the first frame that paints the inspector with checkpoint `id` (its state tab, not
 * loading).
 *
 * A MutationObserver sees the inspector's commit in the task that makes it, so the frame requested
 * there is the one that paints it. Polling with `setTimeout(0)` instead saw it up to 4 ms late (the
 * browser clamps nested timers): often after that frame had begun, so it waited for the next one,
 * a whole frame after the user saw the checkpoint.
 */
export function installShownWatch(): void {
  const w = window as unknown as ShownWatchWindow;
  w.__whenShown = (id, t0) =>
    new Promise((resolve) => {
      const panel = document.querySelector<HTMLElement>('[data-testid="inspector-panel"]')!;
      const shown = () => panel.getAttribute('data-checkpoint-id') === id && panel.getAttribute('aria-busy') !== 'true' && panel.querySelector('[data-testid="tab-state"]') !== null;
      // rAF runs at the start of the frame that paints the commit; a task after it runs once that
      // frame's style, layout, paint and commit to the compositor are done.
      const painted = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      if (shown()) return painted();
      const watch = new MutationObserver(() => {
        if (!shown()) return;
        watch.disconnect();
        painted();
      });
      watch.observe(panel, { attributes: true, childList: true, subtree: true });
    });
}

/** The page's window with the watch installed. */
export interface ShownWatchWindow {
  __whenShown(id: string, t0: number): Promise<number>;
}
