import { describe, expect, it } from 'vitest';
import type { CheckpointSummary } from '../../protocol/dto';
import { layoutTimeline, mergeSummaries } from './timeline-tree';

let n = 0;
function cp(id: string, parentId: string | null, step: number, source: CheckpointSummary['source'] = 'loop'): CheckpointSummary {
  n++;
  return { checkpointId: id, parentId, ns: '', step, source, ts: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), next: [], pendingWrites: 0, hasInterrupts: false, hasError: false };
}

describe('layoutTimeline', () => {
  it('puts a linear run on one lane, newest first', () => {
    const items = [cp('a', null, -1, 'input'), cp('b', 'a', 0), cp('c', 'b', 1)];
    const l = layoutTimeline([...items].reverse());
    expect(l.rows.map((r) => r.item.checkpointId)).toEqual(['c', 'b', 'a']);
    expect(l.rows.map((r) => r.lane)).toEqual([0, 0, 0]);
    expect(l.laneCount).toBe(1);
    expect(l.indexOf.get('a')).toBe(2);
  });

  it('opens a new lane for a second child (replay or fork) and records where it branched', () => {
    const a = cp('a', null, -1, 'input');
    const b = cp('b', 'a', 0);
    const c = cp('c', 'b', 1);
    const f1 = cp('f1', 'b', 1, 'fork');
    const f2 = cp('f2', 'f1', 2);
    const r1 = cp('r1', 'a', 0);
    const l = layoutTimeline([f2, a, r1, c, b, f1]);
    const lane = (id: string) => l.rows[l.indexOf.get(id)!].lane;
    expect(lane('c')).toBe(0);
    expect(lane('f1')).toBe(1);
    expect(lane('f2')).toBe(1);
    expect(lane('r1')).toBe(2);
    expect(l.rows[l.indexOf.get('f1')!].branchFrom).toBe(0);
    expect(l.rows[l.indexOf.get('f2')!].branchFrom).toBeNull();
    expect(l.laneCount).toBe(3);
    // The fork's lane reaches down to the row of the checkpoint it branched from.
    expect(l.laneSpan[1][1]).toBe(l.indexOf.get('b'));
    // The checkpoints something grew from: the leaves c, f2 and r1 have no child.
    expect([...l.parents].sort()).toEqual(['a', 'b', 'f1']);
  });

  it('starts a lane for a checkpoint whose parent is not loaded yet (an older page)', () => {
    const l = layoutTimeline([cp('x', 'unknown', 5), cp('y', 'x', 6)]);
    expect(l.rows.map((r) => [r.item.checkpointId, r.lane, r.branchFrom])).toEqual([['y', 0, null], ['x', 0, null]]);
  });
});

describe('mergeSummaries', () => {
  it('adds new checkpoints and keeps one copy per id', () => {
    const a = cp('a', null, -1);
    const b = cp('b', 'a', 0);
    const merged = mergeSummaries([a], [b, { ...a, pendingWrites: 2 }]);
    expect(merged.map((s) => s.checkpointId).sort()).toEqual(['a', 'b']);
    expect(merged.find((s) => s.checkpointId === 'a')!.pendingWrites).toBe(2);
  });
  it('returns the same array when nothing comes in', () => {
    const list = [cp('a', null, -1)];
    expect(mergeSummaries(list, [])).toBe(list);
  });
});
