import { useEffect, useMemo, useState } from 'react';
import type { Json } from '../../protocol/dto';
import { parseJsonObject, toJsonText } from '../model/json-input';
import { selectGraph } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { JsonField } from './JsonField';

const pick = (s: AppState) => ({ detail: s.detail, checkpointId: s.checkpointId, forkFrom: s.forkFrom });

/** The state values the fork form can edit: those that arrived whole (see CheckpointDetail.truncated). */
function forkableValues(detail: AppState['detail']): { editable: Record<string, Json>; leftOut: string[] } {
  if (!detail) return { editable: {}, leftOut: [] };
  const cut = new Set((detail.truncated?.values ?? []).map((t) => t.path[0]).filter((k): k is string => typeof k === 'string'));
  const editable = Object.fromEntries(Object.entries(detail.values).filter(([k]) => !cut.has(k)));
  return { editable, leftOut: [...cut] };
}

/** Forks from the selected checkpoint with edited state written as a chosen node, then runs. */
export function ForkForm({ onDone }: { onDone: () => void }) {
  const graph = useAppStore(selectGraph);
  const { detail, checkpointId, forkFrom } = useAppStoreShallow(pick);
  const [text, setText] = useState('{}');
  const [asNode, setAsNode] = useState('');
  // Values that arrived cut (a large state) are left out: the fork keeps them as they are.
  const { editable, leftOut } = useMemo(() => forkableValues(detail), [detail]);
  useEffect(() => setText(toJsonText(editable)), [editable]);
  const parsed = useMemo(() => parseJsonObject(text), [text]);
  const nodes = (graph?.shape.nodes ?? []).filter((n) => n.kind === 'node' || n.kind === 'subgraph').map((n) => n.id);
  if (checkpointId === null) return null;
  return (
    <form
      className="fork-form"
      aria-label="Fork from this checkpoint"
      data-testid="fork-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!parsed.ok) return;
        void forkFrom(checkpointId, parsed.value, asNode === '' ? undefined : asNode);
        onDone();
      }}
    >
      <JsonField label="State values for the fork (JSON object)" value={text} onChange={setText} parsed={parsed} testId="fork-values" rows={6} />
      {leftOut.length > 0 && (
        <p className="muted" data-testid="fork-left-out">
          Too large to edit here, kept as they are: <code>{leftOut.join(', ')}</code>.
        </p>
      )}
      <label>
        as node{' '}
        <select value={asNode} onChange={(e) => setAsNode(e.target.value)} data-testid="fork-as-node">
          <option value="">(automatic)</option>
          {nodes.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      <button type="submit" disabled={!parsed.ok} data-testid="fork-submit">Fork and run</button>
      <button type="button" onClick={onDone}>Cancel</button>
    </form>
  );
}
