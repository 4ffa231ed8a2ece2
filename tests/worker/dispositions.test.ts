import { describe, expect, it } from 'vitest';
import { taskFacts, writeDisposition } from '../../src/worker/dispositions';
import { checkpointDetail, summaryFromTuple, userValues } from '../../src/worker/dto-map';
import { snapshotToWire, summaryFromChunk } from '../../src/sandbox/wire';
import { namespaceTree } from '../../src/worker/namespaces';
import { errorThenResume, run, tupleC1 } from './fixtures';

describe('write dispositions from the trace', () => {
  it('after an error and a resume: the sibling write was re-applied, the error skipped as a control signal', () => {
    const events = errorThenResume();
    expect(writeDisposition(events, '', 'C1', 'ta', 'log')).toEqual({ kind: 'reapplied' });
    expect(writeDisposition(events, '', 'C1', 'tb', '__error__')).toEqual({ kind: 'skipped-control', signal: '__error__' });
  });

  it('before any run continued from the checkpoint, its writes are pending', () => {
    const firstRunOnly = errorThenResume().filter((e) => e.runId === 'r1');
    expect(writeDisposition(firstRunOnly, '', 'C1', 'ta', 'log')).toEqual({ kind: 'pending' });
    expect(writeDisposition(firstRunOnly, '', 'C1', 'tb', '__error__')).toEqual({ kind: 'pending' });
  });

  it('a replaying tick re-applies nothing', () => {
    const events = [
      ...errorThenResume().filter((e) => e.runId === 'r1'),
      ...run('r3', [
        { type: '@engine.run.start', step: 0, threadId: 't', checkpointId: 'C1', isReplaying: true, isResuming: false, input: 'null' },
        { type: '@engine.tick.start', step: 1, checkpointId: 'C1', isReplaying: true },
        { type: '@engine.write.skipped', step: 1, taskId: 'ta', channel: 'log', reason: 'replaying' },
        { type: '@engine.task.run', step: 1, taskId: 'ta', name: 'a', attempt: 1 },
      ]),
    ];
    expect(writeDisposition(events, '', 'C1', 'ta', 'log')).toEqual({ kind: 'not-reapplied-replaying' });
    // No event for b's error in a replaying tick: still "not re-applied because replaying".
    expect(writeDisposition(events, '', 'C1', 'tb', '__error__')).toEqual({ kind: 'not-reapplied-replaying' });
  });

  it('a resume write is consumed as the resume value when its task runs again', () => {
    const events = run('r4', [
      { type: '@engine.run.start', step: 2, threadId: 't', checkpointId: 'C5', isReplaying: false, isResuming: true, input: 'command' },
      { type: '@engine.writes.put', step: 2, taskId: '00000000-0000-0000-0000-000000000000', checkpointId: 'C5', channels: ['__resume__'], deduplicated: [], replaced: 0, isNullTask: true },
      { type: '@engine.tick.start', step: 3, checkpointId: 'C5', isReplaying: false },
      { type: '@engine.task.prepared', step: 3, taskId: 'tr', name: 'review', kind: 'pull', path: ['__pregel_pull', 'review'], triggers: [] },
      { type: '@engine.write.skipped', step: 3, taskId: 'tr', channel: '__interrupt__', reason: 'control-signal', signal: '__interrupt__' },
      { type: '@engine.task.run', step: 3, taskId: 'tr', name: 'review', attempt: 1 },
    ]);
    expect(writeDisposition(events, '', 'C5', '00000000-0000-0000-0000-000000000000', '__resume__')).toEqual({ kind: 'resume-value' });
    expect(writeDisposition(events, '', 'C5', 'tr', '__interrupt__')).toEqual({ kind: 'skipped-control', signal: '__interrupt__' });
  });

  it('reads triggers and outcomes of the latest tick from a checkpoint', () => {
    const facts = taskFacts(errorThenResume(), '', 'C1');
    expect(facts.get('ta')).toEqual({ triggers: [{ channel: 'branch:to:a', version: 2, seen: null }], outcome: 'served-from-saved-writes' });
    expect(facts.get('tb')?.outcome).toBe('ran');
    expect(taskFacts(errorThenResume(), 'other-ns', 'C1').size).toBe(0);
  });
});

describe('DTO mapping of checkpoint tuples', () => {
  it('summarises a tuple', () => {
    expect(summaryFromTuple(tupleC1(), ['b'])).toEqual({
      checkpointId: 'C1', parentId: 'C0', ns: '', step: 0, source: 'loop', ts: '2026-01-01T00:00:01.000Z',
      next: ['b'], pendingWrites: 2, hasInterrupts: false, hasError: true,
    });
  });

  it('builds a checkpoint detail with user values, tasks with triggers and writes with dispositions', () => {
    const detail = checkpointDetail({
      tuple: tupleC1(), snapshot: null, parentSnapshot: null, events: errorThenResume(),
      parentTuple: { ...tupleC1(), checkpoint: { ...tupleC1().checkpoint, id: 'C0', channel_values: { log: [] } } },
    });
    expect(detail.values).toEqual({ log: ['start'] });
    expect(detail.parentValues).toEqual({ log: [] });
    expect(detail.pendingWrites).toEqual([
      { taskId: 'ta', taskName: 'a', channel: 'log', value: ['a'], disposition: { kind: 'reapplied' } },
      { taskId: 'tb', taskName: 'b', channel: '__error__', value: { name: 'Error', message: 'flaky' }, disposition: { kind: 'skipped-control', signal: '__error__' } },
    ]);
    expect(JSON.parse(JSON.stringify(detail.raw))).toEqual(detail.raw);
  });

  it('maps snapshot tasks with their interrupts and errors', () => {
    const detail = checkpointDetail({
      tuple: tupleC1(), parentSnapshot: null, events: errorThenResume(),
      // The sandbox maps the engine's snapshot to data; the storage worker adds what the trace says.
      snapshot: snapshotToWire({
        values: { log: ['start'] }, next: ['b'], config: tupleC1().config,
        tasks: [{ id: 'tb', name: 'b', path: ['__pregel_pull', 'b'], error: new Error('flaky'), interrupts: [{ id: 'i1', value: { ask: () => 1 } }] }],
      }),
    });
    expect(detail.tasks).toEqual([{
      id: 'tb', name: 'b', path: '__pregel_pull, b', kind: 'pull', triggers: [{ channel: 'branch:to:b', version: 2, seen: null }],
      interrupts: [{ id: 'i1', value: { ask: '[function ask]' } }], error: expect.objectContaining({ name: 'Error', message: 'flaky' }), outcome: 'ran',
    }]);
    expect(detail.summary.next).toEqual(['b']);
  });

  it('reads a checkpoints stream chunk', () => {
    const chunk = { config: { configurable: { checkpoint_id: 'C9', checkpoint_ns: '' } }, parentConfig: undefined, metadata: { source: 'input', step: -1 }, values: {}, next: ['__start__'], tasks: [] };
    expect(summaryFromChunk(chunk)).toMatchObject({ checkpointId: 'C9', parentId: null, source: 'input', step: -1, next: ['__start__'] });
    expect(summaryFromChunk({ nope: 1 })).toBeNull();
  });

  it('keeps only user channels of raw values', () => {
    expect(userValues({ a: 1, __start__: 2, 'branch:to:x': null, 'join:a+b:c': 1 })).toEqual({ a: 1 });
  });

  it('builds the namespace tree of a thread', () => {
    const tree = namespaceTree(new Map([['', 5], ['outer:t1', 3], ['outer:t1|inner:t2', 2]]));
    expect(tree).toEqual({
      ns: '', name: '', checkpoints: 5,
      children: [{ ns: 'outer:t1', name: 'outer', checkpoints: 3, children: [{ ns: 'outer:t1|inner:t2', name: 'inner', checkpoints: 2, children: [] }] }],
    });
  });
});
