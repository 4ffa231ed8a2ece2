import { memo, useState } from 'react';
import { filterChoices, isFilterActive, rowOfStep, type TimelineStatus } from '../model/timeline-filter';
import type { TimelineLayout } from '../model/timeline-tree';
import { selectLayout } from '../store/selectors';
import { useAppStoreShallow, useStoreApi } from '../store/useAppStore';
import type { AppState } from '../store/types';

const STATUSES: { value: TimelineStatus; label: string }[] = [
  { value: '', label: 'any status' },
  { value: 'interrupted', label: 'interrupted' },
  { value: 'error', label: 'a task failed' },
  { value: 'control-skipped', label: 'control signals skipped' },
  { value: 'writes', label: 'has pending writes' },
  { value: 'branch', label: 'starts a branch' },
  { value: 'input', label: 'source: input' },
  { value: 'loop', label: 'source: loop' },
  { value: 'update', label: 'source: update' },
  { value: 'fork', label: 'source: fork' },
];

const NO_CHOICES = { nodes: [] as string[], channels: [] as string[] };

const pick = (s: AppState) => ({ filter: s.timelineFilter, setFilter: s.setTimelineFilter, clear: s.clearTimelineFilter, select: s.selectCheckpoint });

interface Props {
  /** Row indexes the filter keeps (null: every row). */
  shown: readonly number[] | null;
}

/** The lists' choices, and the layout they were read from (weakly: a closed thread's rows are not kept for them). */
interface Choices {
  of: WeakRef<TimelineLayout>;
  nodes: string[];
  channels: string[];
}

/**
 * The timeline's search and filter (text, the node that runs next, a channel the step wrote, a
 * status) and "jump to step", which selects the newest shown checkpoint of that step, on the
 * selected checkpoint's branch when it has one there.
 */
export const TimelineFilterBar = memo(function TimelineFilterBar({ shown }: Props) {
  const { filter, setFilter, clear, select } = useAppStoreShallow(pick);
  // The selection and the timeline are read when a jump or the lists ask for them: selecting a
  // checkpoint or a streamed checkpoint does not render the bar, and no props or closures of its
  // renders hold a thread's rows once another is open (React keeps a component's previous props
  // until it renders again).
  const store = useStoreApi();
  const [step, setStep] = useState('');
  const [missed, setMissed] = useState<string | null>(null);
  // The choices are read when the lists are opened, not on every streamed checkpoint.
  const [loaded, setChoices] = useState<Choices | null>(null);
  const choices = loaded ?? NO_CHOICES;
  const loadChoices = () => {
    const layout = selectLayout(store.getState());
    if (loaded?.of.deref() !== layout) setChoices({ of: new WeakRef(layout), ...filterChoices(layout.rows) });
  };
  const withCurrent = (list: string[], current: string) => (current === '' || list.includes(current) ? list : [current, ...list]);

  const jump = () => {
    const n = Number(step);
    if (step.trim() === '' || !Number.isInteger(n)) return;
    const state = store.getState();
    const { checkpointId } = state;
    const layout = selectLayout(state);
    const from = checkpointId === null ? undefined : layout.indexOf.get(checkpointId);
    const at = rowOfStep(layout.rows, shown, n, from);
    setMissed(at < 0 ? `No ${shown ? 'shown ' : ''}checkpoint at step ${n}.` : null);
    if (at >= 0) void select(layout.rows[at]!.item.checkpointId);
  };

  return (
    <div className="tl-filter" role="search" aria-label="Search and filter checkpoints">
      <input
        type="search" value={filter.text} onChange={(e) => setFilter({ text: e.target.value })} placeholder="Search: node, channel, step, id"
        aria-label="Search checkpoints" data-testid="tl-search"
      />
      <select value={filter.node} onFocus={loadChoices} onPointerDown={loadChoices} onChange={(e) => setFilter({ node: e.target.value })} aria-label="Node that runs next" data-testid="tl-node">
        <option value="">any node</option>
        {withCurrent(choices.nodes, filter.node).map((n) => <option key={n} value={n}>{n}</option>)}
      </select>
      <select value={filter.channel} onFocus={loadChoices} onPointerDown={loadChoices} onChange={(e) => setFilter({ channel: e.target.value })} aria-label="Channel written" data-testid="tl-channel">
        <option value="">any channel</option>
        {withCurrent(choices.channels, filter.channel).map((c) => <option key={c} value={c}>{c}</option>)}
      </select>
      <select value={filter.status} onChange={(e) => setFilter({ status: e.target.value as TimelineStatus })} aria-label="Status" data-testid="tl-status">
        {STATUSES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
      </select>
      {isFilterActive(filter) && <button type="button" onClick={clear} data-testid="tl-clear">Clear</button>}
      <form className="tl-jump" onSubmit={(e) => { e.preventDefault(); jump(); }}>
        <input type="number" value={step} onChange={(e) => setStep(e.target.value)} placeholder="step" aria-label="Jump to step" data-testid="tl-jump" />
        <button type="submit" data-testid="tl-jump-go">Go</button>
      </form>
      {missed !== null && <span className="muted" role="status" data-testid="tl-jump-none">{missed}</span>}
    </div>
  );
});
