import { describe, expect, it } from 'vitest';
import { summarizeTrace } from './trace-summary';

const base = { runId: 'r1', checkpointNs: '' };
describe('summarizeTrace', () => {
  it('folds ticks, cached tasks, deduplications and subgraph first visits', () => {
    const events = [
      { ...base, seq: 0, step: 0, type: '@engine.run.start', threadId: 't', checkpointId: 'c0', isReplaying: true, isResuming: false, input: 'null' },
      { ...base, seq: 1, step: 1, type: '@engine.tick.start', checkpointId: 'c0', isReplaying: true },
      { ...base, seq: 2, step: 1, type: '@engine.task.run', taskId: 't1', name: 'a', attempt: 1 },
      { ...base, seq: 3, step: 1, type: '@engine.task.run', taskId: 't1', name: 'a', attempt: 2 },
      { ...base, seq: 4, step: 1, type: '@engine.writes.put', taskId: 't1', checkpointId: 'c0', channels: ['x'], deduplicated: ['__error__'], replaced: 1, isNullTask: false },
      { ...base, seq: 5, step: 2, type: '@engine.tick.start', checkpointId: 'c1', isReplaying: false },
      { ...base, seq: 6, step: 2, type: '@engine.task.cached', taskId: 't2', name: 'b', channels: ['y'] },
      { runId: 'r1', checkpointNs: 'sub:t3', seq: 7, step: -1, type: '@engine.run.start', threadId: 't', checkpointId: null, isReplaying: false, isResuming: false, input: 'value' },
      { runId: 'r1', checkpointNs: 'sub:t3', seq: 8, step: -1, type: '@engine.run.start', threadId: 't', checkpointId: 's1', isReplaying: false, isResuming: true, input: 'null' },
      { ...base, seq: 9, step: 2, type: '@engine.task.finished', taskId: 't3', name: 'sub', status: 'interrupt', channels: ['__interrupt__'] },
      { ...base, seq: 10, step: 2, type: '@engine.run.end', status: 'interrupted' },
      { nonsense: true },
    ];
    const s = summarizeTrace([...events].reverse());
    expect(s.ticks).toHaveLength(2);
    expect(s.ticks[0]).toMatchObject({ step: 1, isReplaying: true, ran: ['a'], cached: [], dedups: [{ taskId: 't1', name: 'a', channels: ['__error__'], replaced: 1 }] });
    expect(s.ticks[1]).toMatchObject({ step: 2, isReplaying: false, ran: [], cached: ['b'], interrupted: ['sub'] });
    expect(s.visits).toEqual([{ ns: 'sub:t3', checkpointId: null, reason: expect.stringContaining('starts fresh') }]);
    expect(s.status).toBe('interrupted');
    expect(s.ignored).toBe(1);
  });

  it('names each tick by its run and the seq of its tick.start, whatever was dropped before it', () => {
    const tick = (seq: number, step: number) => ({ ...base, seq, step, type: '@engine.tick.start', checkpointId: `c${step}`, isReplaying: false });
    const events = [tick(0, 1), tick(3, 2), tick(7, 3)];
    expect(summarizeTrace(events).ticks.map((t) => t.id)).toEqual(['r1:0', 'r1:3', 'r1:7']);
    // The page keeps the newest events only: the ticks left keep their names.
    expect(summarizeTrace(events.slice(1)).ticks.map((t) => t.id)).toEqual(['r1:3', 'r1:7']);
  });

  it('uses the engine\'s first-visit decisions of a replay when the trace has them', () => {
    const sub = (ns: string, seq: number) => ({ runId: 'r2', checkpointNs: ns, seq, step: 0 });
    const events = [
      { ...sub('sub:a', 0), type: '@engine.replay.visit', stableNs: 'sub', firstVisit: true, replayBefore: 'p5', loadedCheckpointId: 's3', loadedStep: 1 },
      { ...sub('sub:a', 1), type: '@engine.run.start', threadId: 't', checkpointId: 's3', isReplaying: false, isResuming: false, input: 'value' },
      { ...sub('sub:b', 2), type: '@engine.replay.visit', stableNs: 'sub', firstVisit: false, replayBefore: 'p5', loadedCheckpointId: 's9', loadedStep: 3 },
      { ...sub('sub:c', 3), type: '@engine.replay.visit', stableNs: 'other', firstVisit: true, replayBefore: 'p5', loadedCheckpointId: null, loadedStep: null },
    ];
    const s = summarizeTrace(events);
    expect(s.visits.map((v) => [v.ns, v.checkpointId, v.firstVisit])).toEqual([
      ['sub:a', 's3', true],
      ['sub:b', 's9', false],
      ['sub:c', null, true],
    ]);
    expect(s.visits[0].reason).toContain('before p5');
    expect(s.visits[1].reason).toContain('later visit');
    expect(s.visits[2].reason).toContain('starts fresh');
  });

  it('closes a tick where the engine tick rule does: at the checkpoint saved by its step', () => {
    const events = [
      { ...base, seq: 0, step: 0, type: '@engine.tick.start', checkpointId: 'c0', isReplaying: false },
      { ...base, seq: 1, step: 0, type: '@engine.task.run', taskId: 't1', name: 'a', attempt: 1 },
      { ...base, seq: 2, step: 0, type: '@engine.checkpoint.saved', checkpointId: 'c1', parentCheckpointId: 'c0', source: 'loop', channels: [] },
      { ...base, seq: 3, step: 1, type: '@engine.task.cached', taskId: 't2', name: 'late', channels: [] },
    ];
    const s = summarizeTrace(events);
    expect(s.ticks).toHaveLength(1);
    expect(s.ticks[0]).toMatchObject({ ran: ['a'], cached: [] });
  });
});
