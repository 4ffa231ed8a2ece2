import { useReactFlow } from '@xyflow/react';
import { useCallback, useEffect, type RefObject } from 'react';
import { fitViewport } from './fit';

/**
 * Fits the drawing into its pane whenever the pane changes size or the layout changes (another
 * graph, a subgraph expanded or collapsed): the pane shrinks and grows as forms open beside it,
 * and a graph fitted to the old size or the old layout would be cut off. The drawing's size is
 * ELK's (it includes edge routes and labels); the viewport is computed, not measured from the
 * rendered nodes, so it is right even before React Flow has measured a newly mounted canvas.
 */
export function useFitOnResize(pane: RefObject<HTMLElement | null>, layoutKey: string, drawing: { width: number; height: number }): () => void {
  const flow = useReactFlow();
  const { width, height } = drawing;
  // The controls' fit button fits the nodes only; this puts the whole drawing back in view after it.
  const fitNow = useCallback(() => {
    const el = pane.current;
    if (el !== null) void flow.setViewport(fitViewport({ width: el.clientWidth, height: el.clientHeight }, { width, height }));
  }, [pane, flow, width, height]);
  useEffect(() => {
    const el = pane.current;
    if (el === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => void flow.setViewport(fitViewport({ width: el.clientWidth, height: el.clientHeight }, { width, height }));
    // Once now, and once a moment later: a canvas mounted in this commit starts its zoom pane in an effect.
    const fit = () => {
      apply();
      clearTimeout(timer);
      timer = setTimeout(apply, 60);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pane, flow, layoutKey, width, height]);
  return fitNow;
}
