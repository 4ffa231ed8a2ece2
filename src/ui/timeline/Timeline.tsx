import { useState } from 'react';
import { ForkTree } from './ForkTree';
import { TimelineList } from './TimelineList';
import { Waterfall } from './Waterfall';
import './timeline.css';

/** The timeline's views: every checkpoint, the run's steps on a time axis, the branches. */
export type TimelineMode = 'list' | 'waterfall' | 'tree';
const MODES: Array<{ mode: TimelineMode; label: string; hint: string }> = [
  { mode: 'list', label: 'List', hint: 'every checkpoint, newest first' },
  { mode: 'waterfall', label: 'Waterfall', hint: "the chosen run's steps and tasks on a time axis, with retries" },
  { mode: 'tree', label: 'Tree', hint: 'the branches of the thread (forks and replays) as a tree' },
];
const KEY = 'replaygraph.timeline.mode';

function savedMode(): TimelineMode {
  try {
    const m = localStorage.getItem(KEY);
    return m === 'waterfall' || m === 'tree' ? m : 'list';
  } catch {
    return 'list';
  }
}

/** The timeline pane: a List / Waterfall / Tree switch over the open thread (the choice is kept). */
export function Timeline() {
  const [mode, setMode] = useState<TimelineMode>(savedMode);
  const choose = (m: TimelineMode) => {
    setMode(m);
    try {
      localStorage.setItem(KEY, m);
    } catch {
      // Storage may be unavailable (private mode): the choice then lasts for this page only.
    }
  };
  const modes = (
    <div className="tl-modes" role="group" aria-label="Timeline view" data-testid="tl-modes">
      {MODES.map((m) => (
        <button key={m.mode} type="button" aria-pressed={mode === m.mode} title={m.hint} data-testid={`tl-mode-${m.mode}`} onClick={() => choose(m.mode)}>
          {m.label}
        </button>
      ))}
    </div>
  );
  return (
    <section className="timeline" aria-labelledby="timeline-title" data-mode={mode}>
      {mode === 'list' && <TimelineList modes={modes} />}
      {mode === 'waterfall' && <Waterfall modes={modes} />}
      {mode === 'tree' && <ForkTree modes={modes} />}
    </section>
  );
}
