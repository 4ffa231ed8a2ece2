/**
 * What each node did at the selected checkpoint, in more detail than its state badge: the channels
 * that triggered it (what it read news from), the channels its tasks wrote (the pending writes
 * saved against the checkpoint), how many attempts it took and how long (the detail's task timings,
 * which the worker reads from the thread's trace, else the loaded run trace, which records each
 * attempt and retry with its time).
 */
import type { CheckpointDetail } from '../../protocol/dto';
import { isTraceEvent } from '../../shared/trace';
import { traceTimings } from './trace-timings';
import { durationText } from './durations';
import { channelWords } from './words';

/** One node's facts at a checkpoint. */
export interface NodeFacts {
  /** Trigger channels (news since the node last ran), each once. */
  read: string[];
  /** Channels its tasks' pending writes go to, each once. */
  wrote: string[];
  /** The most attempts one of its tasks took in the loaded trace (null: no attempt traced). */
  attempts: number | null;
  /** Errors of the attempts that were retried, oldest first. */
  retryErrors: string[];
  /** How long its longest task took, waits between attempts included (null: not timed). */
  tookMs: number | null;
  /** Control-signal channels of its tasks that a resumed run skipped (the write ledger's stories), each once. */
  skipped: string[];
}

/** Facts by node name, for the nodes that have tasks at `detail`. */
export function nodeFacts(detail: CheckpointDetail | null, trace: readonly unknown[]): Map<string, NodeFacts> {
  const out = new Map<string, NodeFacts>();
  if (detail === null) return out;
  const nodeOfTask = new Map<string, string>();
  const factsOf = (name: string) => {
    let f = out.get(name);
    if (!f) out.set(name, (f = { read: [], wrote: [], attempts: null, retryErrors: [], tookMs: null, skipped: [] }));
    return f;
  };
  const add = (list: string[], v: string) => !list.includes(v) && list.push(v);
  for (const t of detail.tasks) {
    nodeOfTask.set(t.id, t.name);
    const f = factsOf(t.name);
    for (const tr of t.triggers) add(f.read, tr.channel);
  }
  for (const w of detail.pendingWrites) {
    const name = nodeOfTask.get(w.taskId) ?? w.taskName;
    if (name === null || !out.has(name)) continue;
    add(factsOf(name).wrote, w.channel);
    if (w.history?.some((h) => h.disposition.kind === 'skipped-control')) add(factsOf(name).skipped, w.channel);
  }
  // Task ids are unique to a checkpoint, so the trace's attempts of these ids are this step's.
  const timings = traceTimings(trace);
  for (const t of detail.tasks) {
    const timing = t.timing ?? timings.task(t.id);
    if (timing?.durationMs === null || timing?.durationMs === undefined) continue;
    const f = factsOf(t.name);
    f.tookMs = Math.max(f.tookMs ?? 0, timing.durationMs);
  }
  const fromTrace = new Set<string>();
  for (const e of trace) {
    if (!isTraceEvent(e)) continue;
    if (e.type === '@engine.task.run' && nodeOfTask.has(e.taskId)) {
      fromTrace.add(e.taskId);
      const f = factsOf(nodeOfTask.get(e.taskId)!);
      f.attempts = Math.max(f.attempts ?? 0, e.attempt);
    } else if (e.type === '@engine.task.retry' && nodeOfTask.has(e.taskId)) {
      factsOf(nodeOfTask.get(e.taskId)!).retryErrors.push(`${e.error.name}: ${e.error.message}`);
    }
  }
  // A task of another run than the one loaded: its attempts from the detail's timings.
  for (const t of detail.tasks) {
    if (fromTrace.has(t.id) || !t.timing || t.timing.attempts.length === 0) continue;
    const f = factsOf(t.name);
    f.attempts = Math.max(f.attempts ?? 0, t.timing.attempts.length);
    for (const a of t.timing.attempts) if (a.error) f.retryErrors.push(`${a.error.name}: ${a.error.message}`);
  }
  return out;
}

const named = (c: string) => channelWords(c) ?? c;

/** The facts as tooltip lines. */
export function nodeFactsText(f: NodeFacts): string {
  const lines = [
    `read (triggered by): ${f.read.length > 0 ? f.read.map(named).join(', ') : '—'}`,
    `wrote: ${f.wrote.length > 0 ? f.wrote.map(named).join(', ') : '—'}`,
    `attempts: ${f.attempts ?? 'not in the loaded trace'}`,
    ...f.retryErrors.map((e, i) => `attempt ${i + 1} failed: ${e}`),
    f.tookMs === null ? 'took: not timed (no trace of this step with times is loaded)' : `took ${durationText(f.tookMs)}`,
    ...(f.skipped.length > 0 ? [skippedText(f)!] : []),
  ];
  return lines.join('\n');
}

/** The node's control signals a resumed run skipped, as shown on the node ("error skipped on resume"), or null. */
export function skippedText(f: NodeFacts | undefined): string | null {
  return f && f.skipped.length > 0 ? `${f.skipped.map(named).join(', ')} skipped on resume` : null;
}
