import { useEffect, useMemo, useState } from 'react';
import { parseJsonObject, toJsonText } from '../model/json-input';
import { selectGraph } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { JsonField } from './JsonField';

const pick = (s: AppState) => ({ detail: s.detail, checkpointId: s.checkpointId, forkFrom: s.forkFrom });

/** Forks from the selected checkpoint with edited state written as a chosen node, then runs. */
export function ForkForm({ onDone }: { onDone: () => void }) {
  const graph = useAppStore(selectGraph);
  const { detail, checkpointId, forkFrom } = useAppStoreShallow(pick);
  const [text, setText] = useState('{}');
  const [asNode, setAsNode] = useState('');
  useEffect(() => setText(toJsonText(detail?.values ?? {})), [detail]);
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
