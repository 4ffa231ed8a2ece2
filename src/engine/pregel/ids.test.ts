import { describe, expect, it } from 'vitest';
import { interruptId, isInterruptId, rememberedTaskId, taskId, uuid6 } from './ids';

describe('ids', () => {
  it('uuid6 ids made in the same millisecond are strictly increasing as strings', () => {
    const ids = Array.from({ length: 5000 }, () => uuid6(1));
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-6[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
  it('task ids are uuid5 over the JSON path with the checkpoint id as namespace', () => {
    const ns = '1f1ec3fa-ed1b-65f0-8001-0610399c42c4';
    expect(taskId(['a', '1', 'a', '__pregel_pull', ['branch:to:a']], ns)).toBe(taskId(['a', '1', 'a', '__pregel_pull', ['branch:to:a']], ns));
    expect(taskId(['a', '1'], ns)).toMatch(/^[0-9a-f-]{36}$/);
    expect(taskId(['a', '1'], ns)).not.toBe(taskId(['a', '2'], ns));
  });
  it('remembered task ids are the task ids, for paths that differ anywhere (nested lists, types, objects)', () => {
    const ns = '1f1ec3fa-ed1b-65f0-8001-0610399c42c4';
    const paths: unknown[][] = [
      ['a', '1', 'a', '__pregel_pull', ['branch:to:a']],
      ['a', '1', 'a', '__pregel_pull', ['branch:to:b']],
      ['a', '1', 'a', '__pregel_pull', 'branch:to:a'],
      ['a', '1', 'a', '__pregel_push', 0],
      ['a', '1', 'a', '__pregel_push', '0'],
      ['a', '1', 'a', '__pregel_push', ['__pregel_pull', 'a'], 0, true],
      ['a', '1', 'a', '__pregel_push', ['__pregel_pull', 'a'], 0, false],
      ['a', '1', 'a', '__pregel_push', { k: 1 }],
      ['a', '1', 'a', '__pregel_push', { k: 2 }],
    ];
    for (let round = 0; round < 2; round++) {
      for (const p of paths) expect(rememberedTaskId(p.map((x) => (Array.isArray(x) ? [...x] : x)), ns)).toBe(taskId(p, ns));
    }
  });
  it('interrupt ids are 32 hex digits, stable per task namespace and answer count', () => {
    expect(isInterruptId(interruptId('ask:x'))).toBe(true);
    expect(interruptId('ask:x')).toBe(interruptId('ask:x', 0));
    expect(interruptId('ask:x', 1)).not.toBe(interruptId('ask:x'));
  });
});
