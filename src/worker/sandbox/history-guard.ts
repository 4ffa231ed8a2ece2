/**
 * The append-only rule of a run's session: what a checkpointer write from the sandbox may add to
 * its thread's history, judged as if graph code wrote it (graph code can reach its run's
 * checkpointer). A write may only extend the history where the run is:
 *
 * - a `put` is a new checkpoint: an id of the engine's shape (a UUIDv6) that this run did not put
 *   before and did not read from storage (the store itself refuses any other stored id), in a
 *   namespace of the engine's shape, whose parent (LangGraph's `config.configurable.checkpoint_id`)
 *   is the checkpoint the run is at in that namespace: the last one it put there, else the one it
 *   started from. The root namespace's start is the storage worker's own (the thread's head, or
 *   the checkpoint a replay, a resume at a checkpoint or a fork names, or none for a new thread);
 *   a subgraph namespace starts where the run loaded it (a checkpoint read through this session in
 *   that namespace, or none: a subgraph that starts afresh);
 * - a `putWrites` records what a task of the current step wrote: against the checkpoint the run is
 *   at in that namespace (as above), with a task id of the engine's shape.
 *
 * Pure bookkeeping, no I/O: the session tells it what it served and asks it about each write in
 * message order.
 */

/** A checkpoint id as the engine makes them (`uuid6` in src/engine/pregel/ids.ts). */
const CHECKPOINT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-6[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/**
 * A task id as the engine makes them (UUIDv5, `taskId` in ids.ts), LangGraph's NULL_TASK_ID, or an
 * interrupt id (32 hex digits, `interruptId`), which resume answers are written under.
 */
const TASK_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|[0-9a-f]{32})$/;
/** A task id inside a namespace (`node:task id`): the engine's task ids only. */
const NS_TASK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/**
 * A node name inside a namespace. The engine refuses `|` and `:` in node names (they separate the
 * namespace's parts); markup, control and bidi characters are refused here, so no namespace
 * stored from a run can carry them into a view.
 */
const NODE_NAME = /^[^|:<>\p{Cc}\p{Bidi_Control}]{1,256}$/u;
/** The subgraph counter the engine adds after a task's part when a task runs several subgraphs. */
const COUNTER = /^[1-9][0-9]{0,8}$/;

/** Why `ns` is not a namespace the engine makes, or null. `''` is the root. */
export function namespaceProblem(ns: string): string | null {
  if (ns === '') return null;
  const parts = ns.split('|');
  for (const [i, part] of parts.entries()) {
    if (i > 0 && COUNTER.test(part)) continue;
    const colon = part.indexOf(':');
    const name = colon < 0 ? part : part.slice(0, colon);
    if (!NODE_NAME.test(name)) return `namespace ${quote(ns)} has a part that is no node name`;
    if (colon >= 0 && !NS_TASK_ID.test(part.slice(colon + 1))) return `namespace ${quote(ns)} has a part that is not "node:task id"`;
  }
  return null;
}

/** Why `id` is not a checkpoint id the engine makes, or null. */
export function checkpointIdProblem(id: string): string | null {
  return CHECKPOINT_ID.test(id) ? null : `checkpoint id ${quote(id)} is not one the engine makes (a UUIDv6)`;
}

/** Why `id` is not a task id the engine makes, or null. */
export function taskIdProblem(id: string): string | null {
  return TASK_ID.test(id) ? null : `task id ${quote(id)} is not one the engine makes`;
}

/** A text for a message: cut, and with nothing that could be read as markup. */
function quote(s: string): string {
  return JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);
}

/** Where a run starts in one namespace: that checkpoint, or none (a new thread). */
export interface HistoryStart {
  ns: string;
  checkpointId: string | null;
}

/** The append-only bookkeeping of one write session. */
export class HistoryGuard {
  /** The last checkpoint put in each namespace. */
  private readonly heads = new Map<string, string>();
  /** Checkpoints read from storage through the session, by namespace. */
  private readonly served = new Map<string, Set<string>>();
  /** Every checkpoint put, as `ns \0 id`. */
  private readonly puts = new Set<string>();

  /** @param start where the run starts (the storage worker's own plan); absent: every namespace starts where the run loaded it */
  constructor(private readonly start?: HistoryStart) {}

  /** Records that the session answered a read with checkpoint `id` of namespace `ns`. */
  servedCheckpoint(ns: string, id: string): void {
    let set = this.served.get(ns);
    if (!set) this.served.set(ns, (set = new Set()));
    set.add(id);
  }

  /** Why a put of `id` in `ns` with parent `parent` may not be stored, or null (then it is the namespace's head). */
  put(ns: string, id: string, parent: string | undefined): string | null {
    const bad = namespaceProblem(ns) ?? checkpointIdProblem(id);
    if (bad) return bad;
    if (this.puts.has(`${ns}\u0000${id}`) || this.served.get(ns)?.has(id)) return `checkpoint ${quote(id)} is already saved in this thread`;
    const at = this.where(ns, parent);
    if (at) return `a checkpoint whose parent ${parent === undefined ? '(none)' : quote(parent)} is not ${at}`;
    this.heads.set(ns, id);
    this.puts.add(`${ns}\u0000${id}`);
    return null;
  }

  /** Why writes of task `taskId` against checkpoint `id` of `ns` may not be stored, or null. */
  writes(ns: string, id: string, taskId: string): string | null {
    const bad = namespaceProblem(ns) ?? taskIdProblem(taskId);
    if (bad) return bad;
    const at = this.where(ns, id);
    return at ? `pending writes for checkpoint ${quote(id)}, which is not ${at}` : null;
  }

  /** Null when `id` is the checkpoint the run is at in `ns`, else which one that is, in words. */
  private where(ns: string, id: string | undefined): string | null {
    const head = this.heads.get(ns);
    if (head !== undefined) return id === head ? null : `the checkpoint this run is at (${quote(head)})`;
    if (this.start && this.start.ns === ns) {
      const from = this.start.checkpointId;
      if ((id ?? null) === from) return null;
      return from === null ? 'none (the run started a new thread)' : `the checkpoint this run started from (${quote(from)})`;
    }
    if (id === undefined || this.served.get(ns)?.has(id)) return null;
    return `a checkpoint this run loaded in ${ns === '' ? 'the root namespace' : `namespace ${quote(ns)}`}`;
  }
}
