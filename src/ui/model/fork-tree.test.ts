import { describe, expect, it } from 'vitest';
import type { CheckpointSummary } from '../../protocol/dto';
import { branchLabel, forkTree, laneOf } from './fork-tree';
import { layoutTimeline } from './timeline-tree';

let clock = 0;
const cp = (id: string, parentId: string | null, step: number, source: CheckpointSummary['source'] = 'loop'): CheckpointSummary => ({
  checkpointId: id, parentId, ns: '', step, source, ts: new Date(1_700_000_000_000 + clock++ * 1000).toISOString(), next: [], pendingWrites: 0, writeChannels: [], hasInterrupts: false, hasError: false,
});

describe('forkTree', () => {
  it('makes each branch a child of the branch it grew from, labelled, with the head marked', () => {
    clock = 0;
    const items = [
      cp('a0', null, -1, 'input'), cp('a1', 'a0', 0), cp('a2', 'a1', 1), cp('a3', 'a2', 2),
      cp('f1', 'a2', 2, 'update'), cp('f2', 'f1', 3),
      cp('r1', 'a1', 1),
      cp('g1', 'f1', 3, 'fork'),
    ];
    const layout = layoutTimeline(items);
    const roots = forkTree(layout);
    expect(roots).toHaveLength(1);
    const [main] = roots;
    expect(main).toMatchObject({ kind: 'root', count: 4, head: false });
    expect(main!.first.checkpointId).toBe('a0');
    expect(main!.tip.checkpointId).toBe('a3');
    expect(branchLabel(main!)).toBe('first run');
    expect(main!.children.map((b) => [branchLabel(b), b.tip.checkpointId, b.count])).toEqual([['fork from step 1', 'f2', 2], ['replay from step 0', 'r1', 1]]);
    const fork = main!.children[0]!;
    expect(fork.children.map((b) => [branchLabel(b), b.tip.checkpointId, b.head])).toEqual([['fork from step 2', 'g1', true]]);
    expect(laneOf(layout, 'g1')).toBe(fork.children[0]!.lane);
    expect(laneOf(layout, 'nope')).toBeUndefined();
  });

  it('a branch whose parent is not loaded is a root of its own', () => {
    clock = 0;
    const roots = forkTree(layoutTimeline([cp('x1', 'gone', 4), cp('x2', 'x1', 5)]));
    expect(roots).toHaveLength(1);
    expect(roots[0]).toMatchObject({ kind: 'root', count: 2, head: true });
    expect(forkTree(layoutTimeline([]))).toEqual([]);
  });
});
