import { describe, expect, it } from 'vitest';
import { taskFacts } from '../../src/worker/task-facts';
import { rowOfTuple } from '../../src/checkpoint/idb/rows';
import { checkpointDetail, checkpointSummary, userValues } from '../../src/worker/dto-map';
import { snapshotToWire, summaryFromChunk } from '../../src/sandbox/wire';
import { namespaceTree } from '../../src/worker/namespaces';
import { errorThenResume, tupleC1 } from './fixtures';

// Write dispositions are the engine's ledger: tests/ledger checks them against real runs.
describe('task facts from the trace', () => {
  it('reads triggers and outcomes of the latest tick from a checkpoint', () => {
    const facts = taskFacts(errorThenResume(), '', 'C1');
    expect(facts.get('ta')).toEqual({ triggers: [{ channel: 'branch:to:a', version: 2, seen: null }], outcome: 'served-from-saved-writes' });
    expect(facts.get('tb')?.outcome).toBe('ran');
    expect(taskFacts(errorThenResume(), 'other-ns', 'C1').size).toBe(0);
  });
});

describe('DTO mapping of checkpoint tuples', () => {
  it('summarises a tuple', () => {
    expect(checkpointSummary(rowOfTuple(tupleC1()), ['b'])).toEqual({
      checkpointId: 'C1', parentId: 'C0', ns: '', step: 0, source: 'loop', ts: '2026-01-01T00:00:01.000Z',
      next: ['b'], pendingWrites: 2, writeChannels: ['log', '__error__'], hasInterrupts: false, hasError: true,
    });
  });

  it('builds a checkpoint detail with user values, tasks with triggers and writes with dispositions', () => {
    const detail = checkpointDetail({
      tuple: tupleC1(), snapshot: null, parentSnapshot: null, events: errorThenResume(),
      children: [{ checkpoint: { id: 'C2' }, metadata: { source: 'loop', step: 1 } }],
      parentTuple: { ...tupleC1(), checkpoint: { ...tupleC1().checkpoint, id: 'C0', channel_values: { log: [] } } },
    });
    expect(detail.values).toEqual({ log: ['start'] });
    expect(detail.parentValues).toEqual({ log: [] });
    expect(detail.pendingWrites).toEqual([
      expect.objectContaining({ taskId: 'ta', taskName: 'a', channel: 'log', value: ['a'], disposition: { kind: 'reapplied' }, dispositionBasis: 'recorded' }),
      expect.objectContaining({ taskId: 'tb', taskName: 'b', channel: '__error__', value: { name: 'Error', message: 'flaky' }, disposition: { kind: 'skipped-control', signal: '__error__' }, dispositionBasis: 'recorded' }),
    ]);
    expect(JSON.parse(JSON.stringify(detail.raw))).toEqual(detail.raw);
  });

  it('maps snapshot tasks with their interrupts and errors', () => {
    const detail = checkpointDetail({
      tuple: tupleC1(), parentSnapshot: null, events: errorThenResume(), children: [],
      // The sandbox maps the engine's snapshot to data; the storage worker adds what the trace says.
      snapshot: snapshotToWire({
        values: { log: ['start'] }, next: ['b'], config: tupleC1().config,
        tasks: [{ id: 'tb', name: 'b', path: ['__pregel_pull', 'b'], error: new Error('flaky'), interrupts: [{ id: 'i1', value: { ask: () => 1 } }] }],
      }),
    });
    expect(detail.tasks).toEqual([{
      id: 'tb', name: 'b', path: '__pregel_pull, b', kind: 'pull', triggers: [{ channel: 'branch:to:b', version: 2, seen: null }],
      interrupts: [{ id: 'i1', value: { ask: '[function ask]' } }], error: expect.objectContaining({ name: 'Error', message: 'flaky' }), outcome: 'ran',
      // Its attempts in the latest step from this checkpoint (these events carry no times).
      timing: expect.objectContaining({ taskId: 'tb', outcome: 'ran', durationMs: null }),
    }]);
    expect(detail.tasks[0]!.timing!.attempts.length).toBeGreaterThan(0);
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
    const at = (checkpoints: number, latest: string) => ({ checkpoints, latest });
    const tree = namespaceTree(new Map([['', at(5, 'c9')], ['outer:t1', at(3, 'c4')], ['outer:t1|inner:t2', at(2, 'c3')]]));
    expect(tree).toEqual({
      ns: '', name: '', checkpoints: 5,
      children: [{ ns: 'outer:t1', name: 'outer', checkpoints: 3, children: [{ ns: 'outer:t1|inner:t2', name: 'inner', checkpoints: 2, children: [] }] }],
    });
  });

  it('orders sibling calls of one subgraph as they ran and numbers them; other siblings are not numbered', () => {
    const at = (checkpoints: number, latest: string) => ({ checkpoints, latest });
    // Task ids sort otherwise than the calls ran (ids of checkpoints grow with time).
    const tree = namespaceTree(new Map([['', at(9, 'c9')], ['work:zz', at(4, 'c2')], ['work:aa', at(4, 'c8')], ['work:mm', at(4, 'c5')], ['review:k', at(1, 'c6')]]));
    expect(tree.children.map((c) => [c.ns, c.call ?? null])).toEqual([
      ['work:zz', { index: 1, of: 3 }], ['work:mm', { index: 2, of: 3 }], ['review:k', null], ['work:aa', { index: 3, of: 3 }],
    ]);
  });
});
