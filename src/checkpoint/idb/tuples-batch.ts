/**
 * Rebuilding the tuples of many checkpoints of one thread at once (a listing chunk): the writes of
 * each namespace's checkpoints come from one range read, and each distinct (channel, version) blob
 * not held inline (inline-values.ts) is read once, by a range read when the versions a chunk needs are dense enough.
 */
import type { ChannelVersion, CheckpointTuple } from '../../engine/checkpoint/types';
import { checkpointConfig } from '../../engine/checkpoint/rules';
import { inlineEntry } from './inline-values';
import type { CheckpointRecord, TaskWritesRecord } from './schema';
import { inInsertionOrder, withSendsMigrated, type ReadTx } from './tuple';

/** A range read of a channel's blobs is used when at most this share of the range is unneeded. */
const MAX_RANGE_WASTE = 2;

/** The tuples of `records` (all of one thread), in the same order. */
export async function loadTuples(tx: ReadTx, records: readonly CheckpointRecord[]): Promise<CheckpointTuple[]> {
  if (records.length === 0) return [];
  const thread = records[0]!.thread_id;
  const byNs = new Map<string, CheckpointRecord[]>();
  for (const r of records) {
    const group = byNs.get(r.checkpoint_ns);
    if (group) group.push(r);
    else byNs.set(r.checkpoint_ns, [r]);
  }
  const [writes, blobs] = await Promise.all([
    Promise.all([...byNs].map(([ns, group]) => writesOf(tx, thread, ns, group))),
    Promise.all([...byNs].map(([ns, group]) => blobsOf(tx, thread, ns, group))),
  ]);
  const writesById = new Map(writes.flatMap((m) => [...m]));
  const blobsByNs = new Map([...byNs.keys()].map((ns, i) => [ns, blobs[i]!]));
  const handedOut = new Set<string>();
  const tuples = records.map((record) => {
    const { checkpoint_ns: ns, checkpoint_id: id } = record;
    const blobValues = blobsByNs.get(ns)!;
    const checkpoint = record.checkpoint; // a fresh copy: IndexedDB reads always clone
    checkpoint.channel_values = {};
    for (const [channel, version] of Object.entries(checkpoint.channel_versions)) {
      const entry = inlineEntry(record.inline, channel, version);
      if (entry) {
        checkpoint.channel_values[channel] = entry[1];
        continue;
      }
      const key = blobKey(channel, version);
      if (!blobValues.has(key)) continue;
      // Two tuples sharing a blob must not share the object: the first gets the read value, later ones a clone.
      const shared = `${ns}\u0000${key}`;
      checkpoint.channel_values[channel] = handedOut.has(shared) ? structuredClone(blobValues.get(key)) : blobValues.get(key);
      handedOut.add(shared);
    }
    const tuple: CheckpointTuple = {
      config: checkpointConfig(thread, ns, id),
      checkpoint,
      metadata: record.metadata,
      pendingWrites: inInsertionOrder(writesById.get(`${ns}\u0000${id}`) ?? []),
    };
    if (record.parent_id !== undefined) tuple.parentConfig = checkpointConfig(thread, ns, record.parent_id);
    return tuple;
  });
  const writesStore = { writes: tx.objectStore('writes') };
  return Promise.all(tuples.map((tuple, i) => withSendsMigrated(writesStore, records[i]!, tuple)));
}

const blobKey = (channel: string, version: ChannelVersion) => `${channel}\u0000${typeof version}:${String(version)}`;

/** The task-writes records of a namespace's checkpoints, by `ns\0id`, from one range read. */
async function writesOf(tx: ReadTx, thread: string, ns: string, group: readonly CheckpointRecord[]): Promise<Map<string, TaskWritesRecord[]>> {
  const ids = group.map((r) => r.checkpoint_id).sort();
  const wanted = new Set(ids);
  const range = IDBKeyRange.bound([thread, ns, ids[0]!], [thread, ns, ids.at(-1)!, []]);
  const out = new Map<string, TaskWritesRecord[]>();
  for (const w of await tx.objectStore('writes').getAll(range)) {
    if (!wanted.has(w.checkpoint_id)) continue; // another branch's checkpoint inside the id range
    const key = `${ns}\u0000${w.checkpoint_id}`;
    const list = out.get(key);
    if (list) list.push(w);
    else out.set(key, [w]);
  }
  return out;
}

/** The blob values a namespace's checkpoints reference, by blobKey; a missing key is an empty channel. */
async function blobsOf(tx: ReadTx, thread: string, ns: string, group: readonly CheckpointRecord[]): Promise<Map<string, unknown>> {
  const versions = new Map<string, Set<ChannelVersion>>();
  for (const r of group) {
    for (const [channel, version] of Object.entries(r.checkpoint.channel_versions)) {
      if (inlineEntry(r.inline, channel, version)) continue;
      const set = versions.get(channel);
      if (set) set.add(version);
      else versions.set(channel, new Set([version]));
    }
  }
  const store = tx.objectStore('blobs');
  const out = new Map<string, unknown>();
  await Promise.all([...versions].map(async ([channel, set]) => {
    const list = [...set];
    const numbers = list.every((v): v is number => typeof v === 'number') ? list : null;
    if (numbers && numbers.length > 1) {
      const lo = Math.min(...numbers);
      const hi = Math.max(...numbers);
      if (hi - lo + 1 <= numbers.length * MAX_RANGE_WASTE) {
        for (const b of await store.getAll(IDBKeyRange.bound([thread, ns, channel, lo], [thread, ns, channel, hi]))) {
          if (set.has(b.version)) out.set(blobKey(channel, b.version), b.value);
        }
        return;
      }
    }
    const found = await Promise.all(list.map((v) => store.get([thread, ns, channel, v])));
    found.forEach((b, i) => {
      if (b) out.set(blobKey(channel, list[i]!), b.value);
    });
  }));
  return out;
}
