/**
 * Normalised views of state snapshots (getState / getStateHistory), of the writes saved beside a
 * checkpoint, and of the stable parts of `checkpoints` / `tasks` / `debug` stream events.
 */
import {
  cpLabel,
  newLabels,
  normError,
  normInterrupts,
  normParents,
  normWriteValue,
  plain,
  taskLabel,
  type Labels,
} from './normalize';
import { labelNamespace, NULL_TASK_ID } from './labels';

type Obj = Record<string, any>;

/** One task of a snapshot: label, name, path, error, interrupts, result, nested state. */
export function normSnapshotTask(t: Obj, labels: Labels): Obj {
  const out: Obj = {
    task: taskLabel(String(t.id), t.name, labels),
    name: t.name,
    path: plain(t.path, labels),
    error: normError(t.error),
    interrupts: normInterrupts(t.interrupts, labels),
    result: plain(t.result, labels),
  };
  if (t.state != null) out.state = isSnapshot(t.state) ? normSnapshot(t.state, labels) : normStateRef(t.state, labels);
  return dropUndefined(out);
}

function isSnapshot(v: Obj): boolean {
  return 'values' in v && 'next' in v;
}

/** A subgraph state reference `{ configurable: { thread_id, checkpoint_ns } }` (getState without subgraphs). */
function normStateRef(ref: Obj, labels: Labels): Obj {
  const c = (ref.configurable ?? {}) as Obj;
  return { checkpoint_ns: typeof c.checkpoint_ns === 'string' ? labelNamespace(c.checkpoint_ns, labels.tasks) : c.checkpoint_ns };
}

/** A StateSnapshot with ids replaced by labels. Tasks are labelled before anything else reads them. */
export function normSnapshot(s: Obj, labels: Labels): Obj {
  const checkpoint = cpLabel(s.config, labels);
  const tasks = ((s.tasks ?? []) as Obj[]).map((t) => normSnapshotTask(t, labels));
  return dropUndefined({
    checkpoint,
    step: s.metadata?.step,
    source: s.metadata?.source,
    parent: cpLabel(s.parentConfig, labels),
    parents: normParents(s.metadata?.parents, labels),
    values: plain(s.values, labels),
    next: [...((s.next ?? []) as string[])],
    tasks,
  });
}

/** Fixed write index of the special channels (LangGraph's WRITES_IDX_MAP). */
const SPECIAL_IDX: Record<string, number> = { __error__: -1, __scheduled__: -2, __interrupt__: -3, __resume__: -4 };

/**
 * Saved writes as `[task label, channel, value]` in a canonical order: grouped by task label, and
 * within a task the special writes first (by their fixed index), then the regular ones in saved
 * order. Why: across parallel tasks the saved order is their finishing order (timing), and savers
 * legitimately differ on where an overwritten special write sits (LangGraph.js 1.7.3's MemorySaver
 * sorts by task path, task id and index; insertion order is the other common choice). Neither
 * affects how the engine applies writes.
 *
 * Tasks not labelled yet (functional call-tasks, subgraph tasks: no snapshot names them) are
 * labelled in the order of their writes' content, not of their ids or of the saved order, so the
 * labels do not depend on the saver. Values are normalised last, in the canonical order, so that
 * interrupt labels do not depend on it either.
 */
export function normPendingWrites(writes: unknown, labels: Labels): unknown[] {
  const list = (Array.isArray(writes) ? writes : []) as [string, string, unknown][];
  const groups = new Map<string, [string, unknown][]>();
  for (const [tid, channel, value] of list) {
    const group = groups.get(tid) ?? [];
    group.push([channel, value]);
    groups.set(tid, group);
  }
  const unlabelled = [...groups.keys()].filter((tid) => tid !== NULL_TASK_ID && labels.tasks.peek(tid) === undefined);
  const contentKey = (tid: string) => JSON.stringify(canonicalGroup(groups.get(tid) ?? [], newLabels()));
  const keys = new Map(unlabelled.map((tid) => [tid, contentKey(tid)]));
  unlabelled.sort((a, b) => compareStrings(keys.get(a) ?? '', keys.get(b) ?? ''));
  for (const tid of unlabelled) taskLabel(tid, undefined, labels);

  const ordered = [...groups.keys()].map((tid) => [taskLabel(tid, undefined, labels), tid] as const).sort((a, b) => compareStrings(a[0], b[0]));
  return ordered.flatMap(([label, tid]) => canonicalGroup(groups.get(tid) ?? [], labels).map(([channel, value]) => [label, channel, value]));
}

/** One task's writes: specials first (by fixed index), then the rest in saved order; values normalised. */
function canonicalGroup(group: [string, unknown][], labels: Labels): [string, unknown][] {
  const rank = (channel: string) => SPECIAL_IDX[channel] ?? 0;
  return [...group].sort((a, b) => rank(a[0]) - rank(b[0])).map(([channel, value]) => [channel, normWriteValue(channel, value, labels)]);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Stable parts of a `checkpoints` stream event (or a debug `checkpoint` payload). */
export function normCheckpointEvent(e: Obj, labels: Labels): Obj {
  const tasks = ((e.tasks ?? []) as Obj[]).map((t) => normSnapshotTask(t, labels));
  return dropUndefined({
    checkpoint: cpLabel(e.config, labels),
    parent: cpLabel(e.parentConfig, labels),
    step: e.metadata?.step,
    source: e.metadata?.source,
    values: plain(e.values, labels),
    next: [...((e.next ?? []) as string[])],
    tasks,
  });
}

/** Stable parts of a `tasks` stream event: a start `{ input, triggers, metadata }` or a result. */
export function normTaskEvent(e: Obj, labels: Labels): Obj {
  const base = { task: taskLabel(String(e.id), e.name, labels), name: e.name };
  if ('input' in e || 'triggers' in e) {
    return dropUndefined({ ...base, kind: 'start', input: plain(e.input, labels), triggers: plain(e.triggers, labels), metadata: plain(e.metadata, labels) });
  }
  return dropUndefined({
    ...base,
    kind: 'result',
    result: plain(e.result, labels),
    error: normError(e.error),
    interrupts: normInterrupts(e.interrupts, labels),
  });
}

/** Stable parts of a `debug` stream event: type, step and the payload's stable parts. */
export function normDebugEvent(e: Obj, labels: Labels): Obj {
  const payload = e.type === 'checkpoint' ? normCheckpointEvent(e.payload ?? {}, labels) : normTaskEvent(e.payload ?? {}, labels);
  return { type: e.type, step: e.step, payload };
}

/** A copy without `undefined` properties (so absent and undefined compare equal). */
export function dropUndefined(o: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}
