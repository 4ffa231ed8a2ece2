import type { CheckpointSummary } from '../../protocol/dto';
import { stepDuration, stepDurationLabel } from '../model/durations';
import { selectLayout, selectTraceTimings } from '../store/selectors';
import { useAppStore } from '../store/useAppStore';

/** How long the step that saved `summary` took, as the timeline's row says it (nothing when unknown). */
export function StepTook({ summary }: { summary: CheckpointSummary }) {
  const layout = useAppStore(selectLayout);
  const traced = useAppStore(selectTraceTimings);
  const p = summary.parentId === null ? undefined : layout.indexOf.get(summary.parentId);
  const d = stepDuration(summary, p === undefined ? undefined : layout.rows[p]!.item, traced);
  if (d === null) return null;
  const { text, title } = stepDurationLabel(d);
  return <span className="muted" title={title} data-testid="inspector-took" data-basis={d.basis}> · took {text}</span>;
}
