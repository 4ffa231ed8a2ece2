/**
 * When a selection is shown: the page-side watch the selection benches share. `installShownWatch`
 * (an init script) defines `window.__whenShown(id, t0)`, which resolves with two times from `t0`
 * (ms): until the DOM shows the inspector with checkpoint `id` (its state tab, not loading), which
 * is the app's whole answer (the storage read and the render), and until the end of the first frame
 * that paints it, which adds the browser's wait for that frame and its paint.
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
      const painted = (committed: number) => requestAnimationFrame(() => setTimeout(() => resolve({ committed, painted: performance.now() - t0 }), 0));
      if (shown()) return painted(performance.now() - t0);
      const watch = new MutationObserver(() => {
        if (!shown()) return;
        watch.disconnect();
        painted(performance.now() - t0);
      });
      watch.observe(panel, { attributes: true, childList: true, subtree: true });
    });
}

/** When a selection was shown, in ms from its click: in the DOM (the commit), and painted. */
export interface ShownTimes {
  committed: number;
  painted: number;
}

/** The page's window with the watch installed. */
export interface ShownWatchWindow {
  __whenShown(id: string, t0: number): Promise<ShownTimes>;
}
