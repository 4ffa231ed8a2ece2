import { useEffect, useMemo, useState } from 'react';
import type { GraphInfo, Json } from '../../protocol/dto';
import { channelsAt, forkPlan, GRAPH_CHANNELS_UNKNOWN, SERVER_CHANNELS_UNKNOWN, type ForkChannels } from '../model/fork-update';
import { parseJsonObject, toJsonText } from '../model/json-input';
import { selectGraph } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { ForkPreview } from './ForkPreview';
import { JsonField } from './JsonField';

const pick = (s: AppState) => ({ detail: s.detail, checkpointId: s.checkpointId, ns: s.ns, forkFrom: s.forkFrom });

/** The state values the fork form can edit: those that arrived whole (see CheckpointDetail.truncated). */
function forkableValues(detail: AppState['detail']): { editable: Record<string, Json>; leftOut: string[] } {
  if (!detail) return { editable: {}, leftOut: [] };
  const cut = new Set((detail.truncated?.values ?? []).map((t) => t.path[0]).filter((k): k is string => typeof k === 'string'));
  const editable = Object.fromEntries(Object.entries(detail.values).filter(([k]) => !cut.has(k)));
  return { editable, leftOut: [...cut] };
}

/** What the page knows of the channels of the forked graph: a server does not say; a local graph lists them in its shape. */
function forkChannels(detail: AppState['detail'], shape: GraphInfo['shape'] | undefined, ns: string): ForkChannels {
  if (detail?.remote !== undefined) return { known: false, why: SERVER_CHANNELS_UNKNOWN };
  const channels = channelsAt(shape, ns);
  return channels === undefined ? { known: false, why: GRAPH_CHANNELS_UNKNOWN } : { known: true, channels };
}

/**
 * Forks from the selected checkpoint, written as a chosen node, then runs. The text starts as the
 * checkpoint's state; only the keys changed in it are sent (previewed with how each is applied).
 */
export function ForkForm({ onDone }: { onDone: () => void }) {
  const graph = useAppStore(selectGraph);
  const picked = useAppStoreShallow(pick);
  const { checkpointId, ns, forkFrom } = picked;
  // The selected checkpoint's own detail: while another one's is still shown (the selection has just
  // moved), the form waits for it rather than offer that state as the base of the fork.
  const detail = picked.detail !== null && picked.detail.summary.checkpointId === checkpointId && picked.detail.summary.ns === ns ? picked.detail : null;
  const [text, setText] = useState('{}');
  const [asNode, setAsNode] = useState('');
  const [overwrite, setOverwrite] = useState<ReadonlySet<string>>(new Set());
  // Values that arrived cut (a large state) are left out: the fork keeps them as they are.
  const { editable, leftOut } = useMemo(() => forkableValues(detail), [detail]);
  useEffect(() => {
    setText(toJsonText(editable));
    setOverwrite(new Set());
  }, [editable]);
  const parsed = useMemo(() => parseJsonObject(text), [text]);
  const channels = useMemo(() => forkChannels(detail, graph?.shape, ns), [detail, graph, ns]);
  const plan = useMemo(() => (parsed.ok ? forkPlan(editable, parsed.value, channels, overwrite) : null), [parsed, editable, channels, overwrite]);
  const nodes = (graph?.shape.nodes ?? []).filter((n) => n.kind === 'node' || n.kind === 'subgraph').map((n) => n.id);
  if (checkpointId === null) return null;
  const choose = (key: string, on: boolean) => setOverwrite((was) => {
    const next = new Set(was);
    if (on) next.add(key);
    else next.delete(key);
    return next;
  });
  return (
    <form
      className="fork-form"
      aria-label="Fork from this checkpoint"
      data-testid="fork-form"
      data-ready={detail !== null}
      data-checkpoint-id={detail?.summary.checkpointId}
      onSubmit={(e) => {
        e.preventDefault();
        if (plan === null) return;
        void forkFrom(checkpointId, plan.values, asNode === '' ? undefined : asNode);
        onDone();
      }}
    >
      {detail !== null && <JsonField label="State values for the fork (JSON object; only the keys you change are sent)" value={text} onChange={setText} parsed={parsed} testId="fork-values" rows={6} />}
      {leftOut.length > 0 && (
        <p className="muted" data-testid="fork-left-out">
          Too large to edit here, kept as they are: <code>{leftOut.join(', ')}</code>.
        </p>
      )}
      {detail === null && <p className="muted" data-testid="fork-reading">Reading this checkpoint's state…</p>}
      {plan !== null && detail !== null && <ForkPreview plan={plan} noOverwrite={channels.known ? null : channels.why} onOverwrite={choose} />}
      <label>
        as node{' '}
        <select value={asNode} onChange={(e) => setAsNode(e.target.value)} data-testid="fork-as-node">
          <option value="">(automatic)</option>
          {nodes.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      <button type="submit" disabled={plan === null || detail === null} data-testid="fork-submit">Fork and run</button>
      <button type="button" onClick={onDone}>Cancel</button>
    </form>
  );
}
