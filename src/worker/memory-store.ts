/** An in-memory `ThreadStore` over any saver (a MemorySaver in tests and in Node). */
import type { LedgerCheckpoint } from '../engine/ledger/index';
import { eventsAbout } from '../checkpoint/idb/trace-keys';
import { reportedNext, rowOfTuple, type CheckpointRow } from '../checkpoint/idb/rows';
import { CheckpointStorageError } from '../checkpoint/idb/errors';
import type { BaseCheckpointSaver, CheckpointTuple } from '../engine/checkpoint/types';
import { isRunSummary } from './records';
import type { StoredThread, StoredUserGraph, ThreadStore, TraceRecord } from './store';
import { headFacts } from './thread-status';

/** An in-memory ThreadStore over `saver`; `info` is what hello reports. */
export function createMemoryStore(saver: BaseCheckpointSaver, info = { dbName: 'memory', version: 0 }): ThreadStore {
  const running = new Set<string>();
  const traces = new Map<string, TraceRecord[]>();
  const graphOf = new Map<string, string>();
  const touched = new Map<string, string>();
  const names = new Map<string, string>();
  const userGraphs = new Map<string, StoredUserGraph>();
  /** The `next` runs reported, by thread, namespace and checkpoint (as the IndexedDB store keeps it in rows). */
  const nexts = new Map<string, string[]>();
  const nextKey = (threadId: string, ns: string, id: string) => JSON.stringify([threadId, ns, id]);

  return {
    saver,
    info,
    async writeBatch(ops) {
      // In order, one call each: a saver without transactions stores a group as a sequence.
      for (const op of ops) {
        if (op.kind === 'put') {
          // As IndexedDB's store: a stored checkpoint is never replaced (committed history is append-only).
          const at = { configurable: { ...op.config.configurable, checkpoint_id: op.checkpoint.id } };
          if (await saver.getTuple(at)) throw new CheckpointStorageError('exists', `put checkpoint "${op.checkpoint.id}"`);
          await saver.put(op.config, op.checkpoint, op.metadata, op.newVersions);
        } else if (op.kind === 'writes') await saver.putWrites(op.config, op.writes, op.taskId);
        else nexts.set(nextKey(op.threadId, op.ns, op.checkpointId), [...op.next]);
      }
    },
    async listUserGraphs() {
      return [...userGraphs.values()].map((g) => ({ ...g }));
    },
    async putUserGraph(graph) {
      const stored = { ...graph, updatedAt: new Date().toISOString() };
      userGraphs.set(graph.id, stored);
      return { ...stored };
    },
    async deleteUserGraph(id) {
      userGraphs.delete(id);
    },
    async listThreads() {
      const ids = new Set<string>([...traces.keys(), ...running]);
      for await (const t of saver.list({})) if (t.config.configurable?.thread_id) ids.add(t.config.configurable.thread_id);
      const out: StoredThread[] = [];
      for (const threadId of ids) {
        let steps = 0;
        let latest: CheckpointTuple | undefined;
        for await (const t of saver.list({ configurable: { thread_id: threadId, checkpoint_ns: '' } })) {
          latest ??= t;
          steps++;
        }
        const fromMeta = latest?.metadata?.graph_id;
        out.push({
          threadId,
          graphId: typeof fromMeta === 'string' ? fromMeta : graphOf.get(threadId) ?? null,
          running: running.has(threadId),
          ...headFacts(latest?.pendingWrites),
          steps,
          updatedAt: [latest?.checkpoint.ts, touched.get(threadId)].filter((x): x is string => !!x).sort().at(-1) ?? null,
          ...(names.has(threadId) ? { name: names.get(threadId) } : {}),
          ...(latest && nexts.has(nextKey(threadId, '', latest.checkpoint.id)) ? { next: [...nexts.get(nextKey(threadId, '', latest.checkpoint.id))!] } : {}),
        });
      }
      return out;
    },
    async setThreadRunning(threadId, on, graphId) {
      if (on) running.add(threadId);
      else running.delete(threadId);
      if (graphId !== undefined && !graphOf.has(threadId)) graphOf.set(threadId, graphId);
    },
    async renameThread(threadId, name) {
      if (name === '') names.delete(threadId);
      else names.set(threadId, name);
    },
    async appendTrace(threadId, records, options) {
      const list = traces.get(threadId) ?? [];
      // Structured clone, as IndexedDB would: later changes to the objects cannot alter history.
      list.push(...structuredClone(records));
      traces.set(threadId, list);
      if (options?.setNext !== false) for (const { ns, id, next } of reportedNext(records)) nexts.set(nextKey(threadId, ns, id), [...next]);
      for (const r of records) {
        if (r.kind !== 'run' || !isRunSummary(r.run)) continue;
        if (r.run.graphId && !graphOf.has(threadId)) graphOf.set(threadId, r.run.graphId);
        touched.set(threadId, r.run.endedAt ?? r.run.startedAt);
      }
    },
    async readTrace(threadId, runId) {
      const list = traces.get(threadId) ?? [];
      if (runId !== undefined) return structuredClone(list.filter((r) => r.runId === runId));
      return structuredClone(groupedByRun(list));
    },
    async readCheckpointView(threadId, ns, checkpointId) {
      const at = (id: string) => saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: id } });
      const tuple = await at(checkpointId);
      if (!tuple) return undefined;
      const parentId = tuple.parentConfig?.configurable?.checkpoint_id;
      const children: LedgerCheckpoint[] = [];
      for await (const t of saver.list({ configurable: { thread_id: threadId, checkpoint_ns: ns } })) {
        if (t.parentConfig?.configurable?.checkpoint_id === checkpointId) children.push({ checkpoint: { id: t.checkpoint.id }, metadata: t.metadata });
      }
      return {
        tuple,
        parent: parentId === undefined ? undefined : await at(parentId),
        // Tagged in append order, as the IndexedDB store tags records when they are appended.
        trace: structuredClone(groupedByRun(eventsAbout(threadId, traces.get(threadId) ?? [], ns, checkpointId))),
        children,
      };
    },
    async readRunRecords(threadId) {
      return structuredClone(groupedByRun((traces.get(threadId) ?? []).filter((r) => r.kind === 'run')));
    },
    async readRunSlice(threadId, runId, from, count) {
      return structuredClone((traces.get(threadId) ?? []).filter((r) => r.runId === runId).slice(from, from + Math.max(0, count)));
    },
    async listRows(threadId, ns, limit, before) {
      const rows: CheckpointRow[] = [];
      const options = { limit, ...(before ? { before: { configurable: { checkpoint_id: before } } } : {}) };
      for await (const t of saver.list({ configurable: { thread_id: threadId, checkpoint_ns: ns } }, options)) {
        rows.push(rowOfTuple(t, nexts.get(nextKey(threadId, ns, t.checkpoint.id))));
      }
      return rows;
    },
    async countNamespaces(threadId) {
      const counts = new Map<string, { checkpoints: number; latest: string }>();
      for await (const t of saver.list({ configurable: { thread_id: threadId } })) {
        const ns = t.config.configurable?.checkpoint_ns ?? '';
        const had = counts.get(ns);
        counts.set(ns, { checkpoints: (had?.checkpoints ?? 0) + 1, latest: had && had.latest > t.checkpoint.id ? had.latest : t.checkpoint.id });
      }
      return counts;
    },
    async deleteThread(threadId) {
      await saver.deleteThread(threadId);
      traces.delete(threadId);
      running.delete(threadId);
      for (const key of [...nexts.keys()]) if ((JSON.parse(key) as string[])[0] === threadId) nexts.delete(key);
      graphOf.delete(threadId);
      touched.delete(threadId);
      names.delete(threadId);
    },
    // Nothing here reaches a disk.
    setDurability: () => undefined,
  };
}

/**
 * Records grouped by run (runs in start order), as the IndexedDB store returns them: a late
 * record of an earlier run stays with its run.
 */
function groupedByRun(list: readonly TraceRecord[]): TraceRecord[] {
  const byRun = new Map<string, TraceRecord[]>();
  for (const r of list) {
    const group = byRun.get(r.runId);
    if (group) group.push(r);
    else byRun.set(r.runId, [r]);
  }
  return [...byRun.values()].flat();
}
