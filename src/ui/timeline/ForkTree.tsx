import { useMemo, type ReactNode } from 'react';
import { branchLabel, forkTree, laneOf, type Branch } from '../model/fork-tree';
import { nsLabel } from '../model/ns-path';
import { selectLayout } from '../store/selectors';
import { useAppStore, useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';

const pick = (s: AppState) => ({ checkpointId: s.checkpointId, ns: s.ns, threadId: s.threadId, complete: s.historyComplete, select: s.selectCheckpoint });

interface ItemProps {
  branch: Branch;
  selectedLane: number | undefined;
  headId: string | undefined;
  select: (id: string) => unknown;
}

/** One branch and, nested under it, the branches that grew from it. */
function BranchItem({ branch: b, selectedLane, headId, select }: ItemProps) {
  const steps = b.first.step === b.tip.step ? `step ${b.tip.step}` : `steps ${b.first.step}–${b.tip.step}`;
  return (
    <li data-testid="fork-branch" data-lane={b.lane} data-kind={b.kind} data-head={b.head} data-tip={b.tip.checkpointId}>
      <span className="fork-row">
        <span className={`fork-dot lane-${b.lane % 6}`} aria-hidden="true" />
        <button type="button" className="fork-open" aria-current={selectedLane === b.lane ? 'true' : undefined} onClick={() => select(b.tip.checkpointId)} data-testid="fork-open" title={`select this branch's newest checkpoint (${b.tip.checkpointId})`}>
          <span className="fork-label">{branchLabel(b)}</span> <span className="muted">{steps} · {b.count} checkpoint{b.count === 1 ? '' : 's'}</span>
        </button>
        {b.tip.checkpointId === headId && <span className="pill fork-head" data-testid="fork-head" title="the thread's newest checkpoint">head</span>}
        {b.from !== null && (
          <button type="button" className="fork-from linkish" onClick={() => select(b.from!.checkpointId)} data-testid="fork-from" title={`select the checkpoint it grew from (${b.from.checkpointId})`}>
            from step {b.from.step}
          </button>
        )}
      </span>
      {b.children.length > 0 && (
        <ul className="fork-children">
          {b.children.map((c) => <BranchItem key={c.lane} branch={c} selectedLane={selectedLane} headId={headId} select={select} />)}
        </ul>
      )}
    </li>
  );
}

/**
 * The thread's checkpoints as a fork tree: each branch (the first run, every replay and fork) a
 * node under the branch it grew from, labelled with how and from which step it began, the head
 * marked. Selecting a branch selects its newest checkpoint; "from step N" selects where it began.
 */
export function ForkTree({ modes }: { modes: ReactNode }) {
  const layout = useAppStore(selectLayout);
  const { checkpointId, ns, threadId, complete, select } = useAppStoreShallow(pick);
  const roots = useMemo(() => forkTree(layout), [layout]);
  const selectedLane = laneOf(layout, checkpointId);
  const headId = layout.rows[0]?.item.checkpointId;
  return (
    <>
      <h2 id="timeline-title" className="pane-title">
        Branches <span className="muted">{nsLabel(ns)} · {layout.laneCount}{complete ? '' : '+'} branch{layout.laneCount === 1 ? '' : 'es'}</span>
      </h2>
      {modes}
      {threadId === null && <p className="empty">Run the graph to create a thread, or open a stored one.</p>}
      <div className="tl-scroll fork-scroll" data-testid="fork-tree" data-branches={layout.laneCount}>
        <ul className="fork-tree" aria-label="Branches of the thread">
          {roots.map((b) => <BranchItem key={b.lane} branch={b} selectedLane={selectedLane} headId={headId} select={select} />)}
        </ul>
      </div>
    </>
  );
}
