import { memo, useEffect, useMemo, useState } from 'react';
import { parseJsonInput, toJsonText } from '../model/json-input';
import { selectGraph } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { JsonField } from './JsonField';

const pick = (s: AppState) => ({
  threadId: s.threadId,
  startRun: s.startRun,
  readOnly: s.threads.find((t) => t.threadId === s.threadId)?.readOnly === true || (s.missingThread !== null && s.missingThread === s.threadId),
  limit: s.recursionLimit,
  setLimit: s.setRecursionLimit,
  nodeLimit: s.nodeTimeoutMs,
  setNodeLimit: s.setNodeTimeout,
});

/** Runs the graph with a JSON input, on a new thread or the open one, optionally in step mode. */
function RunFormView() {
  const graph = useAppStore(selectGraph);
  const { threadId, startRun, readOnly, limit, setLimit, nodeLimit, setNodeLimit } = useAppStoreShallow(pick);
  const [text, setText] = useState('');
  const [stepMode, setStepMode] = useState(false);
  useEffect(() => setText(toJsonText(graph?.exampleInput ?? {})), [graph]);
  const parsed = useMemo(() => parseJsonInput(text), [text]);
  const run = (newThread: boolean) => parsed.ok && void startRun(parsed.value, { newThread, stepMode });
  return (
    <form className="run-form" onSubmit={(e) => { e.preventDefault(); run(threadId === null); }} aria-label="Run the graph">
      <JsonField label="Input (JSON)" value={text} onChange={setText} parsed={parsed} testId="run-input" rows={3} />
      <label className="check"><input type="checkbox" checked={stepMode} onChange={(e) => setStepMode(e.target.checked)} data-testid="step-mode" /> step mode (pause after every superstep)</label>
      <label className="check">
        recursion limit
        <input
          type="number"
          min={1}
          value={limit ?? ''}
          placeholder="default"
          onChange={(e) => setLimit(e.target.value === '' ? null : Math.max(1, Math.floor(Number(e.target.value))))}
          data-testid="recursion-limit"
          className="limit-input"
        />
      </label>
      <label className="check" title="A node running longer has its sandbox stopped; the run ends cancelled and keeps its committed checkpoints.">
        node time limit (ms)
        <input
          type="number"
          min={1}
          value={nodeLimit ?? ''}
          placeholder="none"
          onChange={(e) => setNodeLimit(e.target.value === '' ? null : Math.max(1, Math.floor(Number(e.target.value))))}
          data-testid="node-timeout"
          className="limit-input"
        />
      </label>
      <div className="buttons">
        <button type="button" disabled={!parsed.ok || graph === null} onClick={() => run(true)} data-testid="run-new">Run on a new thread</button>
        {threadId !== null && <button type="button" disabled={!parsed.ok || readOnly} title={readOnly ? 'Read-only thread: it can be browsed, not run.' : undefined} onClick={() => run(false)} data-testid="run-here">Run on this thread</button>}
      </div>
    </form>
  );
}

/** Memoized: it depends only on the store, not on its parent's renders. */
export const RunForm = memo(RunFormView);
