import { describe, expect, it } from 'vitest';
import { TASKS } from '../constants';
import { migratePendingSends, needsPendingSendsMigration } from './migrate';
import type { Checkpoint, PendingWrite } from './types';

const v1 = (channel_versions: Checkpoint['channel_versions'] = {}): Checkpoint => ({
  v: 1, id: 'c1', ts: '2024-04-20T17:19:07.952Z', channel_values: { a: 'x' }, channel_versions, versions_seen: {},
});

describe('pending sends of pre-format-4 checkpoints', () => {
  it('apply only to an older checkpoint with a parent', () => {
    expect(needsPendingSendsMigration({ v: 1 }, 'p')).toBe(true);
    expect(needsPendingSendsMigration({ v: 3 }, 'p')).toBe(true);
    expect(needsPendingSendsMigration({ v: 4 }, 'p')).toBe(false);
    expect(needsPendingSendsMigration({ v: 1 }, undefined)).toBe(false);
  });

  it('become the __pregel_tasks value, in the order of the parent writes, at the greatest version', () => {
    const parent: PendingWrite[] = [['t1', TASKS, 's1'], ['t1', 'a', 'other'], ['t2', TASKS, 's2']];
    const before = v1({ a: 3, b: 7 });
    const after = migratePendingSends(before, parent);
    expect(after.channel_values).toEqual({ a: 'x', [TASKS]: ['s1', 's2'] });
    expect(after.channel_versions).toEqual({ a: 3, b: 7, [TASKS]: 7 });
    expect(before).toEqual(v1({ a: 3, b: 7 })); // the argument is not changed
  });

  it('take version 1 when the checkpoint has none, and compare string versions as strings', () => {
    expect(migratePendingSends(v1(), [['t', TASKS, 's']]).channel_versions).toEqual({ [TASKS]: 1 });
    const strings = v1({ a: '00000000000000000000000000000002.0.1' as never, b: '00000000000000000000000000000010.0.5' as never });
    expect(migratePendingSends(strings, [['t', TASKS, 's']]).channel_versions[TASKS]).toBe('00000000000000000000000000000010.0.5');
  });

  it('leave a checkpoint whose parent saved no sends unchanged', () => {
    const before = v1({ a: 1 });
    expect(migratePendingSends(before, [['t', 'a', 1]])).toBe(before);
  });
});
