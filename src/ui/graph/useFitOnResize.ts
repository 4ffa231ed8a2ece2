import { useReactFlow } from '@xyflow/react';
import { useEffect, type RefObject } from 'react';

/**
 * Fits the graph into its box whenever the box changes size or the drawn nodes change: the canvas
 * shrinks and grows as forms open above it, and a graph fitted to the old size would be cut off.
 */
export function useFitOnResize(box: RefObject<HTMLElement | null>, layoutKey: string): void {
  const flow = useReactFlow();
  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // React Flow measures its pane with its own observer; fitting a moment later uses the new size.
    const fit = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void flow.fitView({ padding: 0.1 }), 60);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [box, flow, layoutKey]);
}
