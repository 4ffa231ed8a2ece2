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
    expect(s.ticks[0]).toMatchObject({ step: 1, isReplaying: true, ran: ['a'], cached: [], dedups: [{ taskId: 't1', channels: ['__error__'], replaced: 1 }] });
    expect(s.ticks[1]).toMatchObject({ step: 2, isReplaying: false, ran: [], cached: ['b'], interrupted: ['sub'] });
    expect(s.visits).toEqual([{ ns: 'sub:t3', checkpointId: null, reason: expect.stringContaining('starts fresh') }]);
    expect(s.status).toBe('interrupted');
    expect(s.ignored).toBe(1);
  });
});
