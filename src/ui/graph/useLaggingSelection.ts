import { startTransition, useEffect, useState } from 'react';
import type { CheckpointDetail, CheckpointSummary } from '../../protocol/dto';

/** The selected checkpoint as the canvas draws it. */
export interface DrawnSelection {
  summary: CheckpointSummary | null;
  detail: CheckpointDetail | null;
}

/**
 * The selection the graph canvas shows: the store's, one frame later, in a render of its own. A
 * deferred value would not do: every `useDeferredValue` of one update is rendered in the same
 * deferred pass, so the inspector's state tab waited for React Flow to re-render every node and
 * edge before either was committed. Here the inspector is committed and painted first; a selection
 * that changes again within the frame (stepping with J/K) is drawn only once it stays.
 */
export function useLaggingSelection(summary: CheckpointSummary | null, detail: CheckpointDetail | null): DrawnSelection {
  const [drawn, setDrawn] = useState<DrawnSelection>(() => ({ summary, detail }));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setDrawn((d) => (d.summary === summary && d.detail === detail ? d : { summary, detail }))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [summary, detail]);
  return drawn;
}
