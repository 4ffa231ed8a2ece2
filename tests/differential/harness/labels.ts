/**
 * Stable labels for run-specific ids. Checkpoint ids are time-based and task / interrupt ids
 * derive from them, so two runs (and two implementations) never share ids; what must match is
 * the *structure*: which checkpoint is whose parent, which write belongs to which task, which
 * interrupt a resume answered. Each id gets a label from the order it is first seen.
 */
export class Labeler {
  private readonly labels = new Map<string, string>();
  private readonly counters = new Map<string, number>();

  /** The label of `id`, creating `<prefix>#<n>` (n counted per prefix) on first sight. */
  label(id: string, prefix: string): string {
    const known = this.labels.get(id);
    if (known !== undefined) return known;
    const n = this.counters.get(prefix) ?? 0;
    this.counters.set(prefix, n + 1);
    const made = `${prefix}#${n}`;
    this.labels.set(id, made);
    return made;
  }

  /** The label of `id` if it was seen, else undefined. */
  peek(id: string): string | undefined {
    return this.labels.get(id);
  }
}

/** The owner of writes that no task produced (input, resume, update_state). */
export const NULL_TASK_ID = '00000000-0000-0000-0000-000000000000';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * A checkpoint namespace with its task ids replaced by labels: `"sub:<uuid>|inner:<uuid>"` becomes
 * `"sub:sub#0|inner:inner#0"`.
 */
export function labelNamespace(ns: string, tasks: Labeler): string {
  if (ns === '') return ns;
  return ns
    .split('|')
    .map((level) => {
      const sep = level.indexOf(':');
      if (sep < 0) return level;
      const name = level.slice(0, sep);
      return `${name}:${level.slice(sep + 1).replace(UUID, (id) => tasks.label(id, name))}`;
    })
    .join('|');
}
