import { describe, expect, it } from 'vitest';
import type { CheckpointDetail, TaskDTO } from '../../protocol/dto';
import { carryAnswers, interruptView } from './interrupts';

const task = (id: string, name: string, outcome: TaskDTO['outcome'], ids: string[]): TaskDTO => ({
  id, name, path: `__pregel_pull, ${name}`, kind: 'pull', triggers: [], error: null, outcome,
  interrupts: ids.map((i) => ({ id: i, value: { q: `${name}?` } })),
});

const detail = (tasks: TaskDTO[], resumes: [string, string, unknown[]][] = []): CheckpointDetail => ({
  summary: { checkpointId: 'c1', parentId: null, ns: '', step: 0, source: 'loop', ts: '', next: [], pendingWrites: 0, hasInterrupts: true, hasError: false },
  values: {}, metadata: {}, raw: null, tasks,
  pendingWrites: resumes.map(([taskId, taskName, value]) => ({ taskId, taskName, channel: '__resume__', value: value as never, disposition: { kind: 'pending' } })),
});

const ctx = { hasChildren: false, ns: '', readOnly: false, running: false };

describe('interruptView', () => {
  it('shows only the interrupts whose task has not run past them', () => {
    const v = interruptView(detail([task('t1', 'legal', 'ran', ['a'.repeat(32)]), task('t2', 'tech', 'interrupted', ['b'.repeat(32)])], [['t1', 'legal', ['ok']]]), ctx);
    expect(v?.mode).toBe('answer');
    expect(v?.items.map((i) => i.task)).toEqual(['tech']);
  });

  it('at a checkpoint later ones grew from, every interrupt is shown with its saved answer, to be answered on a new branch', () => {
    const v = interruptView(detail([task('t1', 'review', 'ran', ['a'.repeat(32)])], [['t1', 'review', ['approve']]]), { ...ctx, hasChildren: true });
    expect(v?.mode).toBe('replay-then-answer');
    expect(v?.items[0].answered).toEqual({ value: 'approve' });
  });

  it('a node asking its second question: the open interrupt is the second, the first answer belongs to the first', () => {
    const v = interruptView(detail([task('t1', 'clarify', 'interrupted', ['c'.repeat(32)])], [['t1', 'clarify', ['shorter']]]), ctx);
    expect(v?.items).toHaveLength(1);
    expect(v?.items[0]).toMatchObject({ index: 1 });
    expect(v?.items[0].answered).toBeUndefined();
  });

  it('is disabled with the reason on a read-only thread and in a subgraph namespace', () => {
    const d = detail([task('t1', 'review', 'interrupted', ['a'.repeat(32)])]);
    expect(interruptView(d, { ...ctx, readOnly: true })).toMatchObject({ mode: 'disabled', reason: expect.stringContaining('read-only') });
    expect(interruptView(d, { ...ctx, ns: 'child:1' })).toMatchObject({ mode: 'disabled', reason: expect.stringContaining('subgraph') });
    expect(interruptView(detail([]), ctx)).toBeNull();
  });
});

describe('carryAnswers', () => {
  it('maps answers to the replayed tasks\' new interrupt ids by node and position', () => {
    const d = detail([task('n1', 'legal', 'interrupted', ['d'.repeat(32)]), task('n2', 'tech', 'interrupted', ['e'.repeat(32)])]);
    expect(carryAnswers(d, [{ task: 'tech', index: 0, value: 'yes' }])).toEqual({ ['e'.repeat(32)]: 'yes' });
    expect(carryAnswers(d, [{ task: 'tech', index: 1, value: 'yes' }])).toEqual({});
  });
});
