import { describe, expect, it } from 'vitest';
import { latestStepFrom, stepTimings } from './timings';
import type { TraceEvent } from './trace';

/** Events of one run, numbered in order; `at` only where given. */
function run(events: Array<Record<string, unknown>>, runId = 'r1'): TraceEvent[] {
  return events.map((e, seq) => ({ runId, checkpointNs: '', step: 0, seq, ...e }) as TraceEvent);
}

describe('stepTimings', () => {
  it('times each step from its tick start to its checkpoint, and each attempt of a retried task with its wait', () => {
    const steps = stepTimings(run([
      { type: '@engine.run.start', threadId: 't', checkpointId: 'c0', isReplaying: false, isResuming: false, input: 'value', at: 1000 },
      { type: '@engine.tick.start', checkpointId: 'c0', isReplaying: false, step: 1, at: 1001 },
      { type: '@engine.task.prepared', taskId: 'ta', name: 'fetch', kind: 'pull', path: [], triggers: [], at: 1002 },
      { type: '@engine.task.prepared', taskId: 'tb', name: 'slow', kind: 'pull', path: [], triggers: [], at: 1002 },
      { type: '@engine.task.run', taskId: 'ta', name: 'fetch', attempt: 1, at: 1003 },
      { type: '@engine.task.run', taskId: 'tb', name: 'slow', attempt: 1, at: 1003 },
      { type: '@engine.task.retry', taskId: 'ta', name: 'fetch', attempt: 1, delayMs: 20, error: { name: 'Error', message: 'down' }, at: 1005 },
      { type: '@engine.task.run', taskId: 'ta', name: 'fetch', attempt: 2, at: 1026 },
      { type: '@engine.task.finished', taskId: 'ta', name: 'fetch', status: 'success', channels: ['price'], at: 1030 },
      { type: '@engine.task.finished', taskId: 'tb', name: 'slow', status: 'success', channels: ['x'], at: 1153 },
      { type: '@engine.checkpoint.saved', checkpointId: 'c1', parentCheckpointId: 'c0', source: 'loop', newChannels: [], at: 1160 },
      { type: '@engine.tick.start', checkpointId: 'c1', isReplaying: false, step: 2, at: 1161 },
      { type: '@engine.task.cached', taskId: 'tc', name: 'done', channels: ['y'], at: 1162 },
      { type: '@engine.task.prepared', taskId: 'td', name: 'ask', kind: 'pull', path: [], triggers: [], at: 1162 },
      { type: '@engine.task.run', taskId: 'td', name: 'ask', attempt: 1, at: 1163 },
      { type: '@engine.task.finished', taskId: 'td', name: 'ask', status: 'interrupt', channels: ['__interrupt__'], at: 1170 },
      { type: '@engine.run.end', status: 'interrupted', at: 1175 },
    ]));
    expect(steps).toHaveLength(2);
    const [one, two] = steps;
    expect(one).toMatchObject({ step: 1, checkpointId: 'c0', savedCheckpointId: 'c1', start: 1001, end: 1160, durationMs: 159 });
    const fetch = one!.tasks.find((t) => t.name === 'fetch')!;
    expect(fetch.outcome).toBe('ran');
    expect(fetch.attempts).toEqual([
      { attempt: 1, start: 1003, end: 1005, status: 'retried', error: { name: 'Error', message: 'down' }, delayMs: 20 },
      { attempt: 2, start: 1026, end: 1030, status: 'success' },
    ]);
    expect(fetch.durationMs).toBe(27);
    expect(one!.tasks.find((t) => t.name === 'slow')!.durationMs).toBe(150);
    // The second step ended with the run (no checkpoint): cut short at the run's end.
    expect(two).toMatchObject({ step: 2, checkpointId: 'c1', savedCheckpointId: null, end: 1175, durationMs: 14 });
    expect(two!.tasks.map((t) => [t.name, t.outcome, t.durationMs])).toEqual([['done', 'cached', 0], ['ask', 'interrupted', 7]]);
  });

  it('has null times, never guessed ones, for events stored before they carried `at`', () => {
    const steps = stepTimings(run([
      { type: '@engine.tick.start', checkpointId: 'c0', isReplaying: false },
      { type: '@engine.task.run', taskId: 'ta', name: 'a', attempt: 1 },
      { type: '@engine.task.finished', taskId: 'ta', name: 'a', status: 'error', channels: ['__error__'] },
      { type: '@engine.checkpoint.saved', checkpointId: 'c1', parentCheckpointId: 'c0', source: 'loop', newChannels: [] },
    ]));
    expect(steps[0]).toMatchObject({ savedCheckpointId: 'c1', start: null, end: null, durationMs: null });
    expect(steps[0]!.tasks[0]).toMatchObject({ outcome: 'failed', durationMs: null, attempts: [{ attempt: 1, start: null, end: null, status: 'error' }] });
  });

  it('keeps namespaces apart and finds the latest step run from a checkpoint', () => {
    const root = run([
      { type: '@engine.tick.start', checkpointId: 'c0', isReplaying: false, at: 0 },
      { type: '@engine.run.end', status: 'error', at: 5 },
    ]);
    const sub: TraceEvent[] = [
      { runId: 'r1', checkpointNs: 'sub:1', step: 0, seq: 2, type: '@engine.tick.start', checkpointId: 's0', isReplaying: false, at: 1 },
      { runId: 'r1', checkpointNs: 'sub:1', step: 0, seq: 3, type: '@engine.checkpoint.saved', checkpointId: 's1', parentCheckpointId: 's0', source: 'loop', newChannels: [], at: 3 },
    ];
    const again = run([
      { type: '@engine.tick.start', checkpointId: 'c0', isReplaying: false, at: 10 },
      { type: '@engine.checkpoint.saved', checkpointId: 'c2', parentCheckpointId: 'c0', source: 'loop', newChannels: [], at: 30 },
    ], 'r2');
    const steps = stepTimings([root[0]!, ...sub, root[1]!, ...again]);
    expect(steps.map((s) => [s.checkpointNs, s.checkpointId, s.durationMs])).toEqual([['', 'c0', 5], ['sub:1', 's0', 2], ['', 'c0', 20]]);
    expect(latestStepFrom(steps, '', 'c0')).toMatchObject({ runId: 'r2', savedCheckpointId: 'c2' });
    expect(latestStepFrom(steps, 'sub:1', 's0')?.savedCheckpointId).toBe('s1');
    expect(latestStepFrom(steps, '', 'nope')).toBeNull();
  });
});
