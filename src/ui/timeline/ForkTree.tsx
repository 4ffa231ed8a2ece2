import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { RUN_KIND_WORDS } from '../model/words';
import { branchLabels, forkTree, laneOf, shownBranches, treeMove, type Branch, type TreeKey } from '../model/fork-tree';
import { nsLabel } from '../model/ns-path';
import { selectLayout } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';

const pick = (s: AppState) => ({ checkpointId: s.checkpointId, ns: s.ns, threadId: s.threadId, complete: s.historyComplete, select: s.selectCheckpoint });

const TREE_KEYS: ReadonlySet<string> = new Set<TreeKey>(['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'Home', 'End']);

interface ItemProps {
  branch: Branch;
  level: number;
  labels: Map<number, string>;
  collapsed: ReadonlySet<number>;
  toggle: (lane: number) => void;
  selectedLane: number | undefined;
  focusLane: number | undefined;
  headId: string | undefined;
  select: (id: string) => unknown;
}

const stepsOf = (b: Branch) => (b.first.step === b.tip.step ? `step ${b.tip.step}` : `steps ${b.first.step}–${b.tip.step}`);

/** One branch (a treeitem) and, in its group, the branches that grew from it. */
function BranchItem(props: ItemProps) {
  const { branch: b, level, labels, collapsed, toggle, selectedLane, focusLane, headId, select } = props;
  const label = labels.get(b.lane)!;
  const isHead = b.tip.checkpointId === headId;
  const open = b.children.length > 0 ? !collapsed.has(b.lane) : undefined;
  const count = `${b.count} checkpoint${b.count === 1 ? '' : 's'}`;
  return (
    <li
      role="treeitem"
      aria-level={level}
      aria-expanded={open}
      aria-selected={selectedLane === b.lane}
      aria-label={`${label}, ${stepsOf(b)}, ${count}${isHead ? ', head' : ''}`}
      tabIndex={focusLane === b.lane ? 0 : -1}
      data-testid="fork-branch"
      data-lane={b.lane}
      data-kind={b.kind}
      data-head={b.head}
      data-tip={b.tip.checkpointId}
      data-from={b.from?.checkpointId}
    >
      <span className="fork-row">
        {open === undefined ? (
          <span className="fork-toggle" aria-hidden="true" />
        ) : (
          <span className="fork-toggle" aria-hidden="true" data-testid="fork-toggle" onClick={() => toggle(b.lane)}>{open ? '▾' : '▸'}</span>
        )}
        <span className={`fork-dot lane-${b.lane % 6}`} aria-hidden="true" />
        <span className="fork-open" onClick={() => select(b.tip.checkpointId)} data-testid="fork-open" title={`select this branch's newest checkpoint (${b.tip.checkpointId})`}>
          <span className="fork-label" title={b.kind === 'fork' || b.kind === 'replay' ? RUN_KIND_WORDS[b.kind].meaning : undefined}>{label}</span> <span className="muted">{stepsOf(b)} · {count}</span>
        </span>
        {isHead && <span className="pill fork-head" data-testid="fork-head" title="the thread's newest checkpoint">head</span>}
        {b.from !== null && (
          <span className="fork-from linkish" onClick={() => select(b.from!.checkpointId)} data-testid="fork-from" title={`select the checkpoint it grew from (${b.from.checkpointId}); key F`}>
            from step {b.from.step}
          </span>
        )}
      </span>
      {open && (
        <ul role="group" className="fork-children">
          {b.children.map((c) => <BranchItem key={c.lane} {...props} branch={c} level={level + 1} />)}
        </ul>
      )}
    </li>
  );
}

/**
 * The thread's checkpoints as a fork tree: each branch (the first run, every replay and fork) a
 * node under the branch it grew from, labelled with how and from which step it began, the head
 * marked. Selecting a branch selects its newest checkpoint; "from step N" selects where it began.
 * It is an ARIA tree: one branch in the tab order, arrows move and open or close branches, Enter
 * selects a branch, F where it grew from.
 */
export function ForkTree({ modes }: { modes: ReactNode }) {
  const layout = useAppStore(selectLayout);
  const { checkpointId, ns, threadId, complete, select } = useAppStoreShallow(pick);
  const roots = useMemo(() => forkTree(layout), [layout]);
  const labels = useMemo(() => branchLabels(roots), [roots]);
  // Closed branches, by lane, of the thread and namespace shown (another thread starts all open).
  const treeKey = `${threadId ?? ''}\u0000${ns}`;
  const [closed, setClosed] = useState<{ key: string; lanes: ReadonlySet<number> }>(() => ({ key: treeKey, lanes: new Set() }));
  const collapsed = useMemo(() => (closed.key === treeKey ? closed.lanes : new Set<number>()), [closed, treeKey]);
  const [focused, setFocused] = useState<number | undefined>(undefined);
  const treeRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => shownBranches(roots, collapsed), [roots, collapsed]);
  const selectedLane = laneOf(layout, checkpointId);
  const headId = layout.rows[0]?.item.checkpointId;
  // The branch in the tab order: the one last focused while it is shown, else the selected one, else the first.
  const isShown = (lane: number | undefined) => lane !== undefined && shown.some((s) => s.branch.lane === lane);
  const focusLane = isShown(focused) ? focused : isShown(selectedLane) ? selectedLane : shown[0]?.branch.lane;
  const setOpen = (lane: number, open: boolean) =>
    setClosed((c) => {
      const lanes = new Set(c.key === treeKey ? c.lanes : []);
      if (open) lanes.delete(lane);
      else lanes.add(lane);
      return { key: treeKey, lanes };
    });
  const focusOn = (lane: number) => {
    setFocused(lane);
    treeRef.current?.querySelector<HTMLElement>(`[role="treeitem"][data-lane="${lane}"]`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const item = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    if (!item || e.altKey || e.ctrlKey || e.metaKey) return;
    const lane = Number(item.dataset.lane);
    const branch = shown.find((s) => s.branch.lane === lane)?.branch;
    if (branch === undefined) return;
    if (e.key === 'Enter' || e.key === ' ') void select(branch.tip.checkpointId);
    else if (e.key === 'f' || e.key === 'F') {
      if (branch.from === null) return;
      void select(branch.from.checkpointId);
    } else if (TREE_KEYS.has(e.key)) {
      const move = treeMove(shown, collapsed, lane, e.key as TreeKey);
      if (move && 'focus' in move) focusOn(move.focus);
      else if (move && 'expand' in move) setOpen(move.expand, true);
      else if (move) setOpen(move.collapse, false);
    } else return;
    // The tree's keys are its own: the global ↑/↓ checkpoint shortcuts do not see them.
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <>
      <h2 id="timeline-title" className="pane-title">
        Branches <span className="muted">{nsLabel(ns)} · {layout.laneCount}{complete ? '' : '+'} branch{layout.laneCount === 1 ? '' : 'es'}</span>
      </h2>
      {modes}
      {threadId === null && <p className="empty">Run the graph to create a thread, or open a stored one.</p>}
      <div className="tl-scroll fork-scroll" data-testid="fork-tree" data-branches={layout.laneCount}>
        <span id="fork-tree-keys" className="sr-only">Enter selects a branch's newest checkpoint, F the checkpoint it grew from.</span>
        <ul
          ref={treeRef}
          role="tree"
          className="fork-tree"
          aria-label="Branches of the thread"
          aria-describedby="fork-tree-keys"
          onKeyDown={onKeyDown}
          onFocus={(e) => {
            const lane = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]')?.dataset.lane;
            if (lane !== undefined) setFocused(Number(lane));
          }}
        >
          {roots.map((b) => (
            <BranchItem key={b.lane} branch={b} level={1} labels={labels} collapsed={collapsed} toggle={(l) => setOpen(l, collapsed.has(l))} selectedLane={selectedLane} focusLane={focusLane} headId={headId} select={select} />
          ))}
        </ul>
      </div>
    </>
  );
}
