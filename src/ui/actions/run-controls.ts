/**
 * Which run controls can be used now, and why not: each `…Why` is null when the control is enabled,
 * else the reason shown in its tooltip. Derived from the store only.
 */
import { selectGraph, selectInterruptView, selectNewestRootRow, selectRunning, selectThread } from '../store/selectors';
import type { AppState } from '../store/types';
import { runningNow } from '../model/running-now';
import type { CheckpointSummary, GraphInfo, ThreadSummary } from '../../protocol/dto';

/** Why an action that writes is disabled on a thread, or null when it is not read-only. */
export function readOnlyReason(thread: ThreadSummary | null): string | null {
  if (thread?.file) return `Read-only: this thread is read from "${thread.file.fileName}", which is never written. Use "Continue here" to run a native copy.`;
  if (thread?.readOnly) return 'Read-only: this thread was imported from a LangGraph history; it can be browsed, not run.';
  return null;
}

/** Why a graph's threads cannot run now (its code is not loaded), or null. */
export function quarantineReason(graph: GraphInfo | null): string | null {
  const q = graph?.quarantine;
  if (!q) return null;
  return q.reason === 'unapproved'
    ? `The graph "${graph.title}" came from an imported file and has not been approved to run: review its code in the editor and choose "Approve and save".`
    : `The graph "${graph.title}" is not loaded: ${q.message}`;
}

/**
 * "waiting for 2 answers (review, clarify)": the questions open at the newest checkpoint, counted
 * from its interrupt forms when it is the one selected, else named by the nodes it waits at.
 */
function waitingText(s: AppState, head: CheckpointSummary | undefined): string {
  const view = selectInterruptView(s);
  if (view !== null && head !== undefined && view.checkpointId === head.checkpointId) {
    const open = view.items.filter((i) => i.answered === undefined);
    if (open.length > 0) {
      const nodes = [...new Set(open.map((i) => i.task))];
      return `waiting for ${open.length === 1 ? 'an answer' : `${open.length} answers`} (${nodes.join(', ')})`;
    }
  }
  return head !== undefined && head.next.length > 0 ? `waiting at ${head.next.join(', ')}` : 'waiting for an answer';
}

/** "running review, clarify · 12 events": what the open thread's run executes now. */
function runningText(s: AppState): string {
  const nodes = s.traceRunId === s.activeRun?.runId ? runningNow(s.trace) : [];
  return `running${nodes.length > 0 ? ` ${nodes.join(', ')}` : ''} · ${s.activeRun?.events ?? 0} events`;
}

/** The enabled state of the toolbar, as reasons, plus the status line. */
export interface RunControlState {
  continueWhy: string | null;
  intoWhy: string | null;
  outWhy: string | null;
  cancelWhy: string | null;
  atWhy: string | null;
  deleteWhy: string | null;
  status: string;
  statusText: string;
}

/** The toolbar's state (read with a shallow comparison: it is a new object on every call). */
export function selectRunControls(s: AppState): RunControlState {
  const running = selectRunning(s);
  const thread = selectThread(s);
  const missing = s.missingThread !== null && s.missingThread === s.threadId;
  const base = s.threadId === null
    ? 'Run the graph or open a thread first.'
    : missing
      ? `Thread "${s.threadId}" is not stored in this browser.`
      : running
        ? 'A run of this thread is going on.'
        : null;
  const readOnly = readOnlyReason(thread);
  const runWhy = base ?? readOnly ?? quarantineReason(selectGraph(s));
  const sub = s.detail?.tasks.find((t) => t.subgraphNs !== undefined)?.subgraphNs;
  // An idle thread is told apart by its newest root checkpoint (the greatest id of the loaded rows,
  // when the root is shown: ids grow with time): nodes left to run means a run stopped there (a
  // breakpoint, step mode, a cancel); none means the graph finished, and continuing would run nothing.
  const head = selectNewestRootRow(s);
  // A thread the list does not hold (a server's) is told by its newest checkpoint alone.
  const known = thread?.status ?? (head?.hasInterrupts ? 'interrupted' : head?.hasError ? 'error' : 'idle');
  const idle = !running && known === 'idle' && head !== undefined;
  const finished = idle && head.next.length === 0 && !head.hasInterrupts && !head.hasError;
  const paused = idle && head.next.length > 0;
  const status = s.threadId === null ? 'none' : missing ? 'missing' : running ? 'running' : finished ? 'done' : paused ? 'paused' : known;
  const phase = status === 'paused' ? `paused before ${head!.next.join(', ')}`
    : status === 'interrupted' ? `interrupted · ${waitingText(s, head)}`
      : status === 'error' ? 'failed'
        : status;
  const statusText = status === 'none' ? 'no thread'
    : status === 'missing' ? 'thread not in this browser'
      : status === 'running' ? runningText(s)
        : `${phase}${thread ? ` · ${thread.steps} checkpoints` : ''}${thread?.readOnly ? ' · read-only' : ''}`;
  const doneWhy = finished ? 'This thread has finished: its newest checkpoint has no node left to run. Run the graph with new input, or replay or fork from an earlier checkpoint.' : null;
  return {
    continueWhy: runWhy ?? doneWhy,
    intoWhy: s.detail === null ? 'Select a checkpoint first.' : sub === undefined ? 'The selected step runs no subgraph.' : null,
    outWhy: s.ns === '' ? 'Already at the root graph.' : null,
    cancelWhy: running ? null : 'No run is going on.',
    atWhy: runWhy ?? (s.checkpointId === null ? 'Select a checkpoint first.' : null),
    deleteWhy: s.threadId === null ? 'No thread is open.' : missing ? 'Nothing of this thread is stored here.' : running ? 'A run of this thread is going on.'
      : thread?.file ? 'A thread of an opened file is not deleted: close the file in the Files view.' : null,
    status,
    statusText,
  };
}
