/** Trace and checkpoint-tuple fixtures shaped like the engine's (and LangGraph's) data. */
import type { TraceEvent } from '../../src/shared/trace';
import type { CheckpointTuple } from '../../src/sandbox/engine-port';

type Input = TraceEvent extends infer E ? (E extends TraceEvent ? Omit<E, 'runId' | 'checkpointNs' | 'seq'> : never) : never;

/** Builds the events of one run with runId, namespace and seq filled in. */
export function run(runId: string, events: Input[], ns = ''): TraceEvent[] {
  return events.map((e, seq) => ({ ...e, runId, checkpointNs: ns, seq }) as TraceEvent);
}

/** Parallel branches `a` and `b` from checkpoint C1: `b` fails in run 1; run 2 resumes. */
export function errorThenResume(): TraceEvent[] {
  const r1 = run('r1', [
    { type: '@engine.run.start', step: -1, threadId: 't', checkpointId: null, isReplaying: false, isResuming: false, input: 'value' },
    { type: '@engine.tick.start', step: 1, checkpointId: 'C1', isReplaying: false },
    { type: '@engine.task.prepared', step: 1, taskId: 'ta', name: 'a', kind: 'pull', path: ['__pregel_pull', 'a'], triggers: [{ channel: 'branch:to:a', version: 2, seen: null }] },
    { type: '@engine.task.prepared', step: 1, taskId: 'tb', name: 'b', kind: 'pull', path: ['__pregel_pull', 'b'], triggers: [{ channel: 'branch:to:b', version: 2, seen: null }] },
    { type: '@engine.task.run', step: 1, taskId: 'ta', name: 'a', attempt: 1 },
    { type: '@engine.task.run', step: 1, taskId: 'tb', name: 'b', attempt: 1 },
    { type: '@engine.task.finished', step: 1, taskId: 'ta', name: 'a', status: 'success', channels: ['log'] },
    { type: '@engine.writes.put', step: 1, taskId: 'ta', checkpointId: 'C1', channels: ['log'], deduplicated: [], replaced: 0, isNullTask: false },
    { type: '@engine.task.finished', step: 1, taskId: 'tb', name: 'b', status: 'error', channels: ['__error__'] },
    { type: '@engine.writes.put', step: 1, taskId: 'tb', checkpointId: 'C1', channels: ['__error__'], deduplicated: [], replaced: 0, isNullTask: false },
    { type: '@engine.error', step: 1, taskId: 'tb', name: 'b', error: { name: 'Error', message: 'flaky' } },
    { type: '@engine.run.end', step: 1, status: 'error', error: { name: 'Error', message: 'flaky' } },
  ]);
  const r2 = run('r2', [
    { type: '@engine.run.start', step: 0, threadId: 't', checkpointId: 'C1', isReplaying: false, isResuming: true, input: 'null' },
    { type: '@engine.tick.start', step: 1, checkpointId: 'C1', isReplaying: false },
    { type: '@engine.task.prepared', step: 1, taskId: 'ta', name: 'a', kind: 'pull', path: ['__pregel_pull', 'a'], triggers: [{ channel: 'branch:to:a', version: 2, seen: null }] },
    { type: '@engine.task.prepared', step: 1, taskId: 'tb', name: 'b', kind: 'pull', path: ['__pregel_pull', 'b'], triggers: [{ channel: 'branch:to:b', version: 2, seen: null }] },
    { type: '@engine.write.reapplied', step: 1, taskId: 'ta', name: 'a', channel: 'log' },
    { type: '@engine.write.skipped', step: 1, taskId: 'tb', channel: '__error__', reason: 'control-signal', signal: '__error__' },
    { type: '@engine.task.cached', step: 1, taskId: 'ta', name: 'a', channels: ['log'] },
    { type: '@engine.task.run', step: 1, taskId: 'tb', name: 'b', attempt: 1 },
    { type: '@engine.task.finished', step: 1, taskId: 'tb', name: 'b', status: 'success', channels: ['log'] },
    { type: '@engine.writes.applied', step: 1, taskOrder: ['ta', 'tb'], updatedChannels: ['log'] },
    { type: '@engine.checkpoint.saved', step: 1, checkpointId: 'C2', parentCheckpointId: 'C1', source: 'loop', newChannels: ['log'] },
    { type: '@engine.run.end', step: 1, status: 'done' },
  ]);
  return [...r1, ...r2];
}

/** A stored tuple at checkpoint C1 with a's write and b's error (LangGraph's tuple shape). */
export function tupleC1(): CheckpointTuple {
  return {
    config: { configurable: { thread_id: 't', checkpoint_ns: '', checkpoint_id: 'C1' } },
    parentConfig: { configurable: { thread_id: 't', checkpoint_ns: '', checkpoint_id: 'C0' } },
    checkpoint: {
      v: 4, id: 'C1', ts: '2026-01-01T00:00:01.000Z',
      channel_values: { log: ['start'], 'branch:to:a': null, 'branch:to:b': null, __start__: { log: ['start'] } },
      channel_versions: { log: 2, 'branch:to:a': 2, 'branch:to:b': 2 },
      versions_seen: { __input__: {} },
    },
    metadata: { source: 'loop', step: 0, parents: {}, graph_id: 'parallel' },
    pendingWrites: [['ta', 'log', ['a']], ['tb', '__error__', { name: 'Error', message: 'flaky' }]],
  };
}
