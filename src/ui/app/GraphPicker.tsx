import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';

const pick = (s: AppState) => ({ graphs: s.graphs, graphId: s.graphId, threadId: s.threadId, openGraph: s.openGraph });

/** Chooses the graph to draw and run (closes the open thread). */
export function GraphPicker() {
  const { graphs, graphId, threadId, openGraph } = useAppStoreShallow(pick);
  return (
    <label className="picker">
      Graph
      <select data-testid="graph-picker" value={threadId === null ? (graphId ?? '') : ''} onChange={(e) => e.target.value !== '' && openGraph(e.target.value)}>
        {threadId !== null && <option value="" disabled>{`this thread's graph (${graphId ?? 'unknown'})`}</option>}
        {graphs.map((g) => (
          <option key={g.id} value={g.id}>{g.title}</option>
        ))}
      </select>
    </label>
  );
}
