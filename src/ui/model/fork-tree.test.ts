import { describe, expect, it } from 'vitest';
import type { CheckpointSummary } from '../../protocol/dto';
import { branchLabel, branchLabels, forkTree, laneOf, shownBranches, treeMove, type Branch } from './fork-tree';
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
    // g1 is the `fork` checkpoint LangGraph saves when a run replays f1 unchanged: a replay, as the runs panel says.
    expect(fork.children.map((b) => [branchLabel(b), b.tip.checkpointId, b.head])).toEqual([['replay from step 2', 'g1', true]]);
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

describe('branch labels and moving through the tree', () => {
  clock = 0;
  // a: first run; two replays from step 0 (r, s), one fork from step 1 (f) with a replay under it (g).
  const items = [
    cp('a0', null, -1, 'input'), cp('a1', 'a0', 0), cp('a2', 'a1', 1), cp('a3', 'a2', 2),
    cp('r1', 'a1', 1), cp('s1', 'a1', 1),
    cp('f1', 'a2', 2, 'update'), cp('f2', 'f1', 3), cp('g1', 'f1', 3),
  ];
  const roots = forkTree(layoutTimeline(items));
  const laneOfTip = (id: string) => {
    const find = (bs: readonly Branch[]): Branch | undefined => bs.map((b) => (b.tip.checkpointId === id ? b : find(b.children))).find(Boolean);
    return find(roots)!.lane;
  };
  const [A, R, S, F, G] = ['a3', 'r1', 's1', 'f2', 'g1'].map(laneOfTip) as [number, number, number, number, number];

  it('tells apart branches that would read the same, and leaves the others plain', () => {
    const labels = branchLabels(roots);
    expect([A, R, S, F, G].map((l) => labels.get(l))).toEqual(['first run', 'replay from step 0', 'replay from step 0 (2)', 'fork from step 1', 'replay from step 2']);
  });

  it('shows children under their branch unless it is collapsed', () => {
    const open = shownBranches(roots, new Set());
    expect(open.map((s) => [s.branch.lane, s.level, s.parent?.lane ?? null])).toEqual([[A, 1, null], [R, 2, A], [S, 2, A], [F, 2, A], [G, 3, F]]);
    expect(shownBranches(roots, new Set([F])).map((s) => s.branch.lane)).toEqual([A, R, S, F]);
    expect(shownBranches(roots, new Set([A])).map((s) => s.branch.lane)).toEqual([A]);
  });

  it('moves as the tree pattern says: up and down the shown rows, right into a branch, left out of it', () => {
    const none = new Set<number>();
    const shown = shownBranches(roots, none);
    expect(treeMove(shown, none, A, 'ArrowDown')).toEqual({ focus: R });
    expect(treeMove(shown, none, G, 'ArrowDown')).toBeNull();
    expect(treeMove(shown, none, R, 'ArrowUp')).toEqual({ focus: A });
    expect(treeMove(shown, none, A, 'ArrowUp')).toBeNull();
    expect(treeMove(shown, none, F, 'End')).toEqual({ focus: G });
    expect(treeMove(shown, none, G, 'Home')).toEqual({ focus: A });
    // Right: into the first child of an open branch; nothing on a leaf.
    expect(treeMove(shown, none, F, 'ArrowRight')).toEqual({ focus: G });
    expect(treeMove(shown, none, R, 'ArrowRight')).toBeNull();
    // Left: closes an open branch, else goes to the parent; nothing at a closed root.
    expect(treeMove(shown, none, F, 'ArrowLeft')).toEqual({ collapse: F });
    expect(treeMove(shown, none, G, 'ArrowLeft')).toEqual({ focus: F });
    const closed = new Set([F]);
    const fewer = shownBranches(roots, closed);
    expect(treeMove(fewer, closed, F, 'ArrowRight')).toEqual({ expand: F });
    expect(treeMove(fewer, closed, F, 'ArrowLeft')).toEqual({ focus: A });
    expect(treeMove(fewer, closed, F, 'ArrowDown')).toBeNull();
    // A focus on a branch no longer shown comes back to the first row.
    expect(treeMove(fewer, closed, G, 'ArrowDown')).toEqual({ focus: A });
    const rootClosed = new Set([A]);
    expect(treeMove(shownBranches(roots, rootClosed), rootClosed, A, 'ArrowLeft')).toBeNull();
  });
});
