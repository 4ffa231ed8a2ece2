import { describe, expect, it } from 'vitest';
import type { CheckpointDetail } from '../../protocol/dto';
import { nodeFacts, nodeFactsText, skippedText } from './node-facts';

const base = { runId: 'r', checkpointNs: '', step: 1 };
const detail = {
  tasks: [
    { id: 't-fetch', name: 'fetch', path: '__pregel_pull, fetch', kind: 'pull', triggers: [{ channel: 'branch:to:fetch', version: 2, seen: null }], interrupts: [], error: null, outcome: 'ran' },
    { id: 't-other', name: 'other', path: '__pregel_pull, other', kind: 'pull', triggers: [], interrupts: [], error: null },
  ],
  pendingWrites: [
    { taskId: 't-fetch', taskName: 'fetch', channel: 'price', value: 12, disposition: { kind: 'applied' } },
    { taskId: 't-fetch', taskName: 'fetch', channel: 'attempts', value: 3, disposition: { kind: 'applied' } },
    { taskId: 't-fetch', taskName: 'fetch', channel: 'price', value: 12, disposition: { kind: 'applied' } },
  ],
} as unknown as CheckpointDetail;

describe('node facts', () => {
  it('reads triggers, writes and attempts of each node at the checkpoint', () => {
    const trace = [
      { ...base, seq: 1, type: '@engine.task.run', taskId: 't-fetch', name: 'fetch', attempt: 1 },
      { ...base, seq: 2, type: '@engine.task.retry', taskId: 't-fetch', name: 'fetch', attempt: 1, delayMs: 20, error: { name: 'Error', message: 'down' } },
      { ...base, seq: 3, type: '@engine.task.run', taskId: 't-fetch', name: 'fetch', attempt: 2 },
      { ...base, seq: 4, type: '@engine.task.run', taskId: 't-fetch', name: 'fetch', attempt: 3 },
      // Another checkpoint's task of the same node does not count.
      { ...base, seq: 5, type: '@engine.task.run', taskId: 't-elsewhere', name: 'fetch', attempt: 7 },
      'junk',
    ];
    const facts = nodeFacts(detail, trace);
    expect(facts.get('fetch')).toEqual({ read: ['branch:to:fetch'], wrote: ['price', 'attempts'], attempts: 3, retryErrors: ['Error: down'], tookMs: null, skipped: [] });
    expect(facts.get('other')).toEqual({ read: [], wrote: [], attempts: null, retryErrors: [], tookMs: null, skipped: [] });
    expect(nodeFactsText(facts.get('fetch')!)).toBe(
      'read (triggered by): route to fetch\nwrote: price, attempts\nattempts: 3\nattempt 1 failed: Error: down\ntook: not timed (no trace of this step with times is loaded)',
    );
    expect(nodeFacts(null, trace).size).toBe(0);
  });

  it('marks a node whose control signal a resumed run skipped, from the write\'s story', () => {
    const skippedThenSuperseded = {
      taskId: 't-other', taskName: 'other', channel: '__error__', value: {}, disposition: { kind: 'superseded' },
      history: [
        { disposition: { kind: 'skipped-control', signal: '__error__' }, step: 0, rule: 'control-signals-never-reapplied', reason: '' },
        { disposition: { kind: 'superseded' }, step: 0, rule: 'new-writes-replace-old', reason: '' },
      ],
    };
    const facts = nodeFacts({ ...detail, pendingWrites: [...detail.pendingWrites, skippedThenSuperseded] } as CheckpointDetail, []);
    expect(facts.get('other')!.skipped).toEqual(['__error__']);
    expect(skippedText(facts.get('other'))).toBe('error skipped on resume');
    expect(skippedText(facts.get('fetch'))).toBeNull();
  });

  it('says how long each node took: from the loaded trace, or from the detail\'s timings when another run ran it', () => {
    const trace = [
      { ...base, seq: 0, type: '@engine.tick.start', checkpointId: 'c0', isReplaying: false, at: 100 },
      { ...base, seq: 1, type: '@engine.task.run', taskId: 't-fetch', name: 'fetch', attempt: 1, at: 101 },
      { ...base, seq: 2, type: '@engine.task.retry', taskId: 't-fetch', name: 'fetch', attempt: 1, delayMs: 20, error: { name: 'Error', message: 'down' }, at: 103 },
      { ...base, seq: 3, type: '@engine.task.run', taskId: 't-fetch', name: 'fetch', attempt: 2, at: 124 },
      { ...base, seq: 4, type: '@engine.task.finished', taskId: 't-fetch', name: 'fetch', status: 'success', channels: ['price'], at: 131 },
    ];
    const other = { taskId: 't-other', name: 'other', outcome: 'ran', cachedAt: null, durationMs: 250, attempts: [
      { attempt: 1, start: 0, end: 40, status: 'retried', error: { name: 'TypeError', message: 'late' }, delayMs: 10 },
      { attempt: 2, start: 50, end: 250, status: 'success' },
    ] } as const;
    const timed = { ...detail, tasks: [detail.tasks[0]!, { ...detail.tasks[1]!, timing: other }] } as unknown as CheckpointDetail;
    const facts = nodeFacts(timed, trace);
    expect(facts.get('fetch')).toMatchObject({ attempts: 2, tookMs: 30, retryErrors: ['Error: down'] });
    expect(facts.get('other')).toMatchObject({ attempts: 2, tookMs: 250, retryErrors: ['TypeError: late'] });
    expect(nodeFactsText(facts.get('other')!)).toContain('took 250 ms');
  });
});
