/**
 * Runs a differential scenario on our engine while capturing its trace, then lays the thread's
 * checkpoints beside the ledger records the trace yields: for each checkpoint with pending writes,
 * the ledger computed from checkpoint data and the engine's recorded decisions.
 */
import { Pregel } from '../../src/engine/index';
import type { CheckpointTuple } from '../../src/engine/checkpoint/types';
import { MemorySaver } from '../../src/engine/checkpoint/memory';
import { computeLedger, LedgerRecorder, type LedgerEntry, type LedgerRecord } from '../../src/engine/ledger/index';
import type { TraceEvent } from '../../src/shared/trace';
import type { Impl } from '../differential/harness/impl';
import { runScenario, type Scenario } from '../differential/harness/scenario';

let sink: TraceEvent[] | null = null;
type RunFn = (this: Pregel, input: unknown, options?: Record<string, unknown>) => Promise<unknown>;
const proto = Pregel.prototype as unknown as Record<'invoke' | 'stream', RunFn>;
for (const name of ['invoke', 'stream'] as const) {
  const original = proto[name]!;
  proto[name] = function (this: Pregel, input, options) {
    const events = sink;
    if (!events || options?.trace) return original.call(this, input, options);
    return original.call(this, input, { ...options, trace: (e: TraceEvent) => events.push(e) });
  };
}

/** One checkpoint's two ledgers. */
export interface CheckpointLedgers {
  threadId: string;
  ns: string;
  checkpointId: string;
  computed: LedgerEntry[];
  recorded: LedgerRecord[];
}

/** Runs `sc` on our engine (MemorySaver) and returns the ledgers of every checkpoint with writes. */
export async function ledgersOf(sc: Scenario, impl: Impl): Promise<CheckpointLedgers[]> {
  const events: TraceEvent[] = [];
  let saver: MemorySaver | undefined;
  sink = events;
  try {
    await runScenario(sc, impl, () => (saver = new MemorySaver()));
  } finally {
    sink = null;
  }
  const threadOfRun = new Map<string, string>();
  for (const e of events) if (e.type === '@engine.run.start' && e.checkpointNs === '' && e.threadId) threadOfRun.set(e.runId, e.threadId);
  const recorders = new Map<string, LedgerRecorder>();
  for (const e of events) {
    const thread = threadOfRun.get(e.runId);
    if (thread === undefined) continue;
    if (!recorders.has(thread)) recorders.set(thread, new LedgerRecorder());
    recorders.get(thread)!.add(e);
  }
  const tuples: CheckpointTuple[] = [];
  if (saver) for await (const t of saver.list({})) tuples.push(t);
  const out: CheckpointLedgers[] = [];
  for (const t of tuples) {
    if (!t.pendingWrites?.length) continue;
    const c = t.config.configurable!;
    const [threadId, ns, id] = [String(c.thread_id), String(c.checkpoint_ns ?? ''), String(c.checkpoint_id)];
    const children = tuples.filter((k) => {
      const kc = k.config.configurable!;
      return kc.thread_id === threadId && (kc.checkpoint_ns ?? '') === ns && k.parentConfig?.configurable?.checkpoint_id === id;
    });
    out.push({ threadId, ns, checkpointId: id, computed: computeLedger({ tuple: t, children }), recorded: recorders.get(threadId)?.recordsOf(ns, id) ?? [] });
  }
  return out;
}
