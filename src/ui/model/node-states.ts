/**
 * What each graph node did at the selected checkpoint: derived from the checkpoint's tasks (the
 * tasks prepared from it, with their outcome in the following step) and its `next` list.
 */
import type { CheckpointDetail, CheckpointSummary, TaskDTO } from '../../protocol/dto';

/** The state badge of a node at a checkpoint. */
export type NodeRunState = 'next' | 'running' | 'ran' | 'cached' | 'handed-off' | 'failed' | 'interrupted';

/** Human words for each state (legend and accessible labels). */
export const NODE_STATE_LABEL: Record<NodeRunState, string> = {
  next: 'will run next',
  running: 'running now',
  ran: 'ran in this step',
  cached: 'served from saved writes',
  'handed-off': 'handed off to the parent graph',
  failed: 'failed',
  interrupted: 'interrupted',
};

// When several tasks share a node (Send fan-out), the most telling state wins.
const RANK: Record<NodeRunState, number> = { next: 0, cached: 1, ran: 2, 'handed-off': 3, interrupted: 4, failed: 5, running: 6 };

function taskState(task: TaskDTO): NodeRunState {
  if (task.outcome === 'handed-off') return 'handed-off';
  // It ran (again) and finished after an earlier attempt failed: it ends green (the error is its past).
  if (task.outcome === 'ran') return 'ran';
  if (task.error !== null || task.outcome === 'failed') return 'failed';
  // A task that ran after its interrupt was answered shows what it did, not the question.
  if (task.outcome === 'interrupted' || (task.interrupts.length > 0 && (task.outcome === undefined || task.outcome === 'pending'))) return 'interrupted';
  if (task.outcome === 'served-from-saved-writes') return 'cached';
  return 'next';
}

/** Node name → state, plus how many tasks each node has (Send fan-out count). */
export interface NodeStates {
  state: Map<string, NodeRunState>;
  taskCount: Map<string, number>;
}

/**
 * Computes node states from a checkpoint's detail (or just its summary while the detail loads);
 * `running` names the nodes a run going on is executing now from this checkpoint (they win).
 */
export function nodeStates(summary: CheckpointSummary | null, detail: CheckpointDetail | null, running: readonly string[] = []): NodeStates {
  const state = new Map<string, NodeRunState>();
  const taskCount = new Map<string, number>();
  const put = (name: string, s: NodeRunState) => {
    const old = state.get(name);
    if (old === undefined || RANK[s] > RANK[old]) state.set(name, s);
  };
  if (detail !== null) {
    for (const task of detail.tasks) {
      put(task.name, taskState(task));
      taskCount.set(task.name, (taskCount.get(task.name) ?? 0) + 1);
    }
  }
  for (const name of (detail?.summary ?? summary)?.next ?? []) if (!state.has(name)) put(name, 'next');
  for (const name of running) put(name, 'running');
  return { state, taskCount };
}
