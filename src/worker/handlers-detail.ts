/**
 * Request handlers for one checkpoint's detail: the detail itself (cut to a bounded preview for
 * the page), more of a value it cut ("show more"), and the diff against the parent checkpoint.
 * The full detail stays in the storage worker (detail-cache.ts) so those pages need no re-read.
 */
import type { CheckpointDetail, DetailField, Json, TruncationDTO } from '../protocol/dto';
import type { ReplyOf, ToWorker } from '../protocol/messages';
import { boundJson, DETAIL_BOUNDS, sliceJson, SMALL_BOUNDS, valueAt } from './bounded-json';
import { hostError, type HostContext } from './context';
import { detailKey, type FullDetail } from './detail-cache';
import { checkpointDetail } from './dto-map';
import { engineEvents, graphOf } from './handlers-read';
import { importedNext, importedTasks } from './portability/index';
import { stateSnapshots } from './sandbox/remote';
import { diffStates } from './state-diff';
import { withReadTuples } from './read-once';

type Req<T extends ToWorker['type']> = Extract<ToWorker, { type: T }>;
type Reply<T extends ToWorker['type']> = Omit<ReplyOf[T], 'id'>;
type Where = { threadId: string; ns: string; checkpointId: string };

/**
 * The full detail of a checkpoint: from the cache when `cached` (the pages of a detail the page
 * shows must match it), else read and built afresh (a later run may have added writes or trace
 * about this checkpoint) and cached.
 */
async function fullDetail(ctx: HostContext, m: Where, cached: boolean): Promise<FullDetail> {
  const key = detailKey(m.threadId, m.ns, m.checkpointId);
  const hit = cached ? ctx.details.get(key) : undefined;
  if (hit) return hit.detail;
  // The checkpoint, its parent, the trace about it and its children come in one read, beside the graph.
  const [view, graph] = await Promise.all([ctx.store.readCheckpointView(m.threadId, m.ns, m.checkpointId), graphOf(ctx, m.threadId)]);
  if (!view) throw hostError('NOT_FOUND', `checkpoint "${m.checkpointId}" in namespace "${m.ns}" of thread "${m.threadId}"`);
  const { tuple, parent: parentTuple, children } = view;
  const parentId = parentTuple?.checkpoint.id;
  const events = engineEvents(view.trace);
  // The engine's view of both (values through the state schema, next, tasks) comes from the graph's
  // sandbox, rebuilt from the two tuples just read: neither is read from storage again.
  const ids = parentId ? [m.checkpointId, parentId] : [m.checkpointId];
  const saver = withReadTuples(ctx.store.saver, [tuple, parentTuple]);
  const [sandboxed = null, parentSnapshot = null] = graph ? await stateSnapshots(ctx.sandbox, saver, graph, m.threadId, m.ns, ids) : [];
  // Without a graph to ask, the store's own inference from the checkpoint data, when it has one.
  const snapshot = sandboxed ?? view.inferred ?? null;
  const detail = checkpointDetail({ tuple, parentTuple, snapshot, parentSnapshot, events, children });
  const imported = importedTasks(tuple.metadata as Record<string, unknown> | undefined, m.ns);
  if (imported && detail.tasks.length === 0) {
    detail.tasks = imported;
    detail.summary = { ...detail.summary, next: importedNext(tuple.metadata as Record<string, unknown> | undefined) ?? detail.summary.next };
  }
  ctx.details.set(key, { detail });
  return detail;
}

/** Where the raw tuple keeps the channel values (a local tuple; a server checkpoint's `{ tuple, tasks }`). */
const RAW_VALUES_PATHS: readonly (readonly string[])[] = [['checkpoint', 'channel_values'], ['tuple', 'checkpoint', 'channel_values']];

/**
 * The raw tuple without the entries of its channel values, and the cut that says so: the values
 * go to the page once, as `values`; the raw view reads them with `rg/checkpoint.slice` when opened.
 */
function rawWithoutValues(raw: Json): { raw: Json; cut: TruncationDTO | null } {
  for (const path of RAW_VALUES_PATHS) {
    const parent = valueAt(raw, path.slice(0, -1));
    const values = valueAt(raw, path);
    if (!isObject(parent) || !isObject(values)) continue;
    const total = Object.keys(values).length;
    if (total === 0) return { raw, cut: null };
    // Copies only the objects on the path; everything beside it is shared.
    const strip = (node: Json, depth: number): Json => {
      if (!isObject(node)) return node;
      const key = path[depth]!;
      return { ...node, [key]: depth === path.length - 1 ? {} : strip(node[key]!, depth + 1) };
    };
    return { raw: strip(raw, 0), cut: { path: [...path], unit: 'entries', total, shown: 0 } };
  }
  return { raw, cut: null };
}

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The detail as the page receives it: large values cut to a preview, with where they were cut; the
 * state values once (the parent's stay here, for the diff).
 */
export function boundedDetail(full: FullDetail): CheckpointDetail {
  const truncated: Partial<Record<DetailField, TruncationDTO[]>> = {};
  const cut = <T extends Json>(field: DetailField, v: T, extra: TruncationDTO | null = null): T => {
    const b = boundJson(v, DETAIL_BOUNDS);
    const cuts = extra ? [...b.truncated, extra] : b.truncated;
    if (cuts.length > 0) truncated[field] = cuts;
    return b.value as T;
  };
  const small = (v: Json) => {
    const b = boundJson(v, SMALL_BOUNDS);
    return b.truncated.length > 0 ? { value: b.value, valueTruncated: true } : { value: v };
  };
  const { parentValues: _parent, ...rest } = full;
  const raw = rawWithoutValues(full.raw);
  const detail: CheckpointDetail = {
    ...rest,
    values: cut('values', full.values),
    metadata: cut('metadata', full.metadata),
    raw: cut('raw', raw.raw, raw.cut),
    pendingWrites: full.pendingWrites.map((w) => ({ ...w, ...small(w.value) })),
    tasks: full.tasks.map((t) => ({ ...t, interrupts: t.interrupts.map((i) => ({ ...i, ...small(i.value) })) })),
  };
  if (Object.keys(truncated).length > 0) detail.truncated = truncated;
  return detail;
}

/** rg/checkpoint.get */
export async function onCheckpointGet(ctx: HostContext, m: Req<'rg/checkpoint.get'>): Promise<Reply<'rg/checkpoint.get'>> {
  return { type: 'rg/checkpoint', detail: boundedDetail(await fullDetail(ctx, m, false)) };
}

/** rg/checkpoint.slice: more of a value the detail cut. */
export async function onCheckpointSlice(ctx: HostContext, m: Req<'rg/checkpoint.slice'>): Promise<Reply<'rg/checkpoint.slice'>> {
  const full = await fullDetail(ctx, m, true);
  const root = full[m.field];
  const slice = root === null ? null : sliceJson(root, m.path, m.offset, m.limit);
  if (!slice) throw hostError('NOT_FOUND', `array, object or text at that path of the checkpoint's ${m.field}`);
  return { type: 'rg/checkpoint.slice', slice };
}

/** rg/checkpoint.diff: a page of the changes against the parent checkpoint. */
export async function onCheckpointDiff(ctx: HostContext, m: Req<'rg/checkpoint.diff'>): Promise<Reply<'rg/checkpoint.diff'>> {
  const full = await fullDetail(ctx, m, true);
  const entry = ctx.details.get(detailKey(m.threadId, m.ns, m.checkpointId));
  const changes = entry?.diff ?? diffStates(full.parentValues, full.values);
  if (entry) entry.diff = changes;
  return { type: 'rg/checkpoint.diff', changes: changes.slice(m.offset, m.offset + m.limit), total: changes.length, first: full.parentValues === null };
}
