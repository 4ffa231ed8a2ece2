/**
 * Reading back what a LangGraph import kept in metadata (`langgraph`): the nodes that run next and
 * the tasks with their interrupts and errors, as the inspector's DTOs. The engine cannot recompute
 * these for an imported thread (its `versions_seen` are unknown), so the host shows these instead.
 */
import type { InterruptDTO, Json, TaskDTO } from '../../protocol/dto';
import type { ErrorData } from '../../shared/errors';
import { IMPORTED_FROM_LANGGRAPH, errorNameOf } from './langgraph';
import { isHandOff } from '../../shared/control-flow';

interface StoredTask {
  id: string;
  name: string;
  error: string | Record<string, Json> | null;
  interrupts: { id: string; value: Json }[];
  has_result?: boolean;
}

interface StoredView {
  next: string[];
  tasks: StoredTask[];
}

function storedView(metadata: Record<string, unknown> | undefined): StoredView | null {
  if (metadata?.imported_from !== IMPORTED_FROM_LANGGRAPH) return null;
  const view = metadata.langgraph as Partial<StoredView> | undefined;
  if (!view || !Array.isArray(view.next) || !Array.isArray(view.tasks)) return null;
  return view as StoredView;
}

/** The nodes a LangGraph-imported checkpoint runs next, or null for other checkpoints. */
export function importedNext(metadata: Record<string, unknown> | undefined): string[] | null {
  return storedView(metadata)?.next.slice() ?? null;
}

function errorData(error: StoredTask['error']): ErrorData | null {
  if (error === null || error === undefined) return null;
  const message = typeof error === 'string' ? error : JSON.stringify(error);
  return { code: 'INTERNAL', name: errorNameOf(message), message };
}

/**
 * The tasks of a LangGraph-imported checkpoint as the inspector shows them, or null for other
 * checkpoints. Triggers are unknown for imported threads (empty).
 */
export function importedTasks(metadata: Record<string, unknown> | undefined, ns: string): TaskDTO[] | null {
  const view = storedView(metadata);
  if (!view) return null;
  return view.tasks.map((t): TaskDTO => {
    const interrupts: InterruptDTO[] = (t.interrupts ?? []).map((i) => ({ id: i.id, value: i.value }));
    const error = errorData(t.error);
    return {
      id: t.id,
      name: t.name,
      path: `__pregel_pull, ${t.name}`,
      kind: 'pull',
      triggers: [],
      interrupts,
      error: isHandOff(error, ns) ? null : error,
      outcome: isHandOff(error, ns) ? 'handed-off' : error ? 'failed' : interrupts.length > 0 ? 'interrupted' : t.has_result ? 'ran' : 'pending',
    };
  });
}
