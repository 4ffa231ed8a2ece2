import { selectRunControls } from './run-controls';
import { breakpointsText } from '../model/breakpoints';
import { selectBreakpoints, selectCompiledBreakpoints } from '../store/selectors';
import { useAppStoreShallow, useStoreApi } from '../store/useAppStore';
import type { AppState } from '../store/types';

const pick = (s: AppState) => ({
  threadId: s.threadId,
  step: s.step,
  continueRun: s.continueRun,
  cancelRun: s.cancelRun,
  replayFrom: s.replayFrom,
  deleteThread: s.deleteThread,
  stepInto: s.stepInto,
  stepOut: s.stepOut,
  breakpoints: selectBreakpoints(s),
  compiled: selectCompiledBreakpoints(s),
  toggleFork: s.toggleForkForm,
  forkOpen: s.forkFormOpen,
});

/** A toolbar button with its key shown beside the label and why it is disabled in its title. */
function Tool({ label, keys, why, onClick, testId, pressed }: { label: string; keys?: string; why: string | null; onClick: () => void; testId: string; pressed?: boolean }) {
  return (
    <button
      type="button"
      disabled={why !== null}
      onClick={onClick}
      data-testid={testId}
      title={why ?? (keys !== undefined ? `${label} (${keys})` : label)}
      aria-keyshortcuts={keys}
      aria-pressed={pressed}
    >
      {label}{keys !== undefined && <kbd className="key-hint">{keys}</kbd>}
    </button>
  );
}

/** The run controls, always on screen: continue, step, step into / out, cancel, replay, fork, delete; with the status. */
export function RunToolbar() {
  const a = useAppStoreShallow(pick);
  const c = useAppStoreShallow(selectRunControls);
  // The selection is read when a button is pressed, so that selecting a checkpoint does not render the toolbar.
  const store = useStoreApi();
  const bpText = breakpointsText(a.breakpoints, a.compiled);
  const replay = () => {
    const { checkpointId } = store.getState();
    if (checkpointId !== null) void a.replayFrom(checkpointId);
  };
  return (
    <div className="run-toolbar" role="toolbar" aria-label="Run controls" data-testid="run-toolbar">
      <Tool label="Continue" keys="F8" why={c.continueWhy} onClick={() => void a.continueRun()} testId="action-continue" />
      <Tool label="Step" keys="F10" why={c.continueWhy} onClick={() => void a.step()} testId="action-step" />
      <Tool label="Step into" keys="F11" why={c.intoWhy} onClick={() => void a.stepInto()} testId="action-step-into" />
      <Tool label="Step out" keys="Shift+F11" why={c.outWhy} onClick={() => void a.stepOut()} testId="action-step-out" />
      <Tool label="Cancel" why={c.cancelWhy} onClick={() => void a.cancelRun()} testId="action-cancel" />
      <span className="tool-sep" aria-hidden="true" />
      <Tool label="Replay from here" why={c.atWhy} onClick={replay} testId="action-replay" />
      <Tool label="Fork from here…" why={c.atWhy} onClick={a.toggleFork} testId="action-fork" pressed={a.forkOpen} />
      <Tool
        label="Delete thread"
        why={c.deleteWhy}
        onClick={() => a.threadId !== null && window.confirm(`Delete thread ${a.threadId} and all its checkpoints?`) && void a.deleteThread(a.threadId)}
        testId="action-delete"
      />
      <span className="run-status" data-testid="run-status" data-status={c.status} role="status">{c.statusText}</span>
      {bpText !== '' && (
        <span className="muted" data-testid="breakpoints" title="The open graph's breakpoints: yours (set on the graph's nodes) and the ones it was compiled with, which every run stops at">
          breakpoints: {bpText}
        </span>
      )}
    </div>
  );
}
