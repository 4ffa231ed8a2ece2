import { describe, expect, it } from 'vitest';
import type { CheckpointDetail, TaskDTO } from '../../protocol/dto';
import { nodeStates } from './node-states';

const task = (name: string, over: Partial<TaskDTO> = {}): TaskDTO => ({ id: `${name}-${Math.random()}`, name, path: '', kind: 'pull', triggers: [], interrupts: [], error: null, ...over });
const summary = { checkpointId: 'c', parentId: null, ns: '', step: 1, source: 'loop' as const, ts: '', next: ['a', 'z'], pendingWrites: 0, hasInterrupts: false, hasError: false };
const detail = (tasks: TaskDTO[]): CheckpointDetail => ({ summary, values: {}, metadata: {}, tasks, pendingWrites: [], raw: null });

describe('nodeStates', () => {
  it('marks next nodes from the summary while the detail loads', () => {
    expect([...nodeStates(summary, null).state]).toEqual([['a', 'next'], ['z', 'next']]);
  });
  it('derives each state from the tasks and counts fan-out', () => {
    const s = nodeStates(null, detail([
      task('a', { outcome: 'ran' }),
      task('b', { outcome: 'served-from-saved-writes' }),
      task('w', { kind: 'push', outcome: 'ran' }),
      task('w', { kind: 'push', error: { code: 'RUN_FAILED', name: 'E', message: 'x' } }),
      task('w', { kind: 'push', outcome: 'ran' }),
      task('r', { interrupts: [{ id: 'i', value: 1 }] }),
    ]));
    expect(s.state.get('a')).toBe('ran');
    expect(s.state.get('b')).toBe('cached');
    expect(s.state.get('w')).toBe('failed');
    expect(s.state.get('r')).toBe('interrupted');
    expect(s.state.get('z')).toBe('next');
    expect(s.taskCount.get('w')).toBe(3);
  });
  it('a Command.PARENT hand-off is drawn as handed off, not failed', () => {
    expect(nodeStates(null, detail([task('handoff', { outcome: 'handed-off' })])).state.get('handoff')).toBe('handed-off');
  });
  it('a task that failed, then ran again and finished, ends green', () => {
    expect(nodeStates(null, detail([task('web', { outcome: 'ran', error: { code: 'RUN_FAILED', name: 'Error', message: 'flaky' } })])).state.get('web')).toBe('ran');
  });
});
