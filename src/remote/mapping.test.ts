/**
 * Payload shapes the suites against the dev server do not all produce: several writes to one key,
 * a non-object state, errors as JSON strings, a functional graph's return value, bad payloads.
 */
import { describe, expect, it } from 'vitest';
import { projectPendingWrites, toRemoteCheckpoint, toRemoteTask, toTaskError } from './mapping';

const ref = { thread_id: 't', checkpoint_ns: '', checkpoint_id: 'c2', checkpoint_map: null };

describe('mapping', () => {
  it('projects several writes to one key ($writes), a return value, an error and interrupts', () => {
    const tasks = [
      toRemoteTask({ id: 'a', name: 'a', interrupts: [], result: { log: { $writes: [1, 2] }, note: 'x' } }),
      toRemoteTask({ id: 'b', name: 'b', interrupts: [], result: 42 }),
      toRemoteTask({ id: 'c', name: 'c', interrupts: [{ id: 'i1', value: 'ask' }], error: '{"message":"no","name":"ValueError"}' }),
    ];
    expect(projectPendingWrites(tasks)).toEqual([
      ['a', 'log', 1], ['a', 'log', 2], ['a', 'note', 'x'],
      ['b', '__return__', 42],
      ['c', '__error__', { name: 'ValueError', message: 'no' }],
      ['c', '__interrupt__', [{ id: 'i1', value: 'ask' }]],
    ]);
  });

  it('a non-object state is the __root__ channel; the parent and namespace come from the payload', () => {
    const c = toRemoteCheckpoint({ values: 'hello', next: [], tasks: [], checkpoint: { ...ref, checkpoint_ns: 'sub:1' }, parent_checkpoint: { ...ref, checkpoint_id: 'c1' }, metadata: { source: 'loop', step: 3 } }, 'saved');
    expect(c.tuple.checkpoint.channel_values).toEqual({ __root__: 'hello' });
    expect(c.tuple.metadata).toEqual({ source: 'loop', step: 3, parents: {} });
    expect(c.parent).toEqual({ threadId: 't', checkpointNs: '', checkpointId: 'c1' });
    expect(c.ref.checkpointNs).toBe('sub:1');
  });

  it('task errors in their three shapes', () => {
    expect(toTaskError('{"message":"boom","name":"Error"}')).toEqual({ name: 'Error', message: 'boom' });
    expect(toTaskError({ error: 'GraphRecursionError', message: 'too deep' })).toEqual({ name: 'GraphRecursionError', message: 'too deep' });
    expect(toTaskError('plain')).toEqual({ name: 'Error', message: 'plain' });
    expect(toTaskError(null)).toBeUndefined();
  });

  it('refuses a checkpoint without ids, naming what is missing', () => {
    expect(() => toRemoteCheckpoint({ values: {} }, 'saved')).toThrow('a checkpoint without a thread id and checkpoint id');
    expect(() => toRemoteTask({ name: 'x' })).toThrow('a task without an id');
  });
});
