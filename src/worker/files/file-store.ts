/**
 * An opened checkpoint file as the host's `ThreadStore`, so the read handlers (history pages,
 * checkpoint detail, slices, diff, namespaces, runs, trace) answer for its threads unchanged. Its
 * threads are read under `file:<fileId>:<id>`: the saver maps that id to the file's own on the
 * way in and back on the way out. Nothing can be written: every write rejects with READ_ONLY and
 * the file has no runs or trace.
 */
import type { BaseCheckpointSaver, CheckpointTuple, RunnableConfig } from '../../engine/checkpoint/types';
import type { CheckpointSource } from '../../formats/index';
import { fileThreadId, parseFileThreadId } from '../../protocol/files';
import { rowOfTuple, type CheckpointRow } from '../../checkpoint/idb/rows';
import { childrenOf } from './children';
import { snapshotOf, stepOf, WiringMemory } from './inferred';
import type { GraphWiring } from '../../engine/infer/index';
import { ERROR_CODES } from '../../shared/errors';
import { HostError } from '../context';
import type { StoredThread, ThreadStore } from '../store';

/** READ_ONLY for a write asked of an opened file. */
export function readOnlyFile(fileName: string, what: string): HostError {
  return new HostError('READ_ONLY', `${ERROR_CODES.READ_ONLY(`"${fileName}"`)} ${what}`);
}

/** The file's own thread id of an app id, or null when the id is not of this file. */
function ownId(fileId: string, config: RunnableConfig): RunnableConfig | null {
  const id = config.configurable?.thread_id;
  if (typeof id !== 'string') return config;
  const parsed = parseFileThreadId(id);
  if (!parsed || parsed.fileId !== fileId) return null;
  return { ...config, configurable: { ...config.configurable, thread_id: parsed.originalId } };
}

function appConfig(fileId: string, config: RunnableConfig | undefined): RunnableConfig | undefined {
  const id = config?.configurable?.thread_id;
  if (!config || typeof id !== 'string') return config;
  return { ...config, configurable: { ...config.configurable, thread_id: fileThreadId(fileId, id) } };
}

function appTuple(fileId: string, t: CheckpointTuple): CheckpointTuple {
  const out: CheckpointTuple = { ...t, config: appConfig(fileId, t.config)! };
  if (t.parentConfig) out.parentConfig = appConfig(fileId, t.parentConfig);
  return out;
}

/** The source's saver, read under app thread ids. */
export function appIdSaver(fileId: string, fileName: string, inner: BaseCheckpointSaver): BaseCheckpointSaver {
  const refuse = (what: string) => Promise.reject(readOnlyFile(fileName, `(${what})`));
  return {
    async getTuple(config) {
      const own = ownId(fileId, config);
      const t = own ? await inner.getTuple(own) : undefined;
      return t ? appTuple(fileId, t) : undefined;
    },
    async *list(config, options) {
      const own = ownId(fileId, config);
      if (!own) return;
      for await (const t of inner.list(own, options)) yield appTuple(fileId, t);
    },
    put: () => refuse('put'),
    putWrites: () => refuse('putWrites'),
    deleteThread: () => refuse('deleteThread'),
    getNextVersion: (current) => inner.getNextVersion(current),
  };
}

/** The store of one opened file. `threads` is what the file lists (read once, when it was opened). */
export function fileThreadStore(fileId: string, source: CheckpointSource, threads: () => StoredThread[], wiringOf: (threadId: string, ns: string) => GraphWiring | undefined = () => undefined): ThreadStore {
  const name = source.info.name;
  const refuse = (what: string) => Promise.reject(readOnlyFile(name, what));
  const saver = appIdSaver(fileId, name, source.saver());
  const wiring = new WiringMemory();
  const namespaces = new Map<string, Promise<string[]>>();
  /** The thread's namespaces (to tell which tasks ran a subgraph), listed once. */
  const namespacesOf = (threadId: string): Promise<string[]> => {
    const parsed = parseFileThreadId(threadId);
    if (!parsed || parsed.fileId !== fileId) return Promise.resolve([]);
    let list = namespaces.get(threadId);
    if (!list) {
      list = source.listNamespaces(parsed.originalId).then((all) => all.map((n) => n.checkpointNs));
      list.catch(() => namespaces.delete(threadId));
      namespaces.set(threadId, list);
    }
    return list;
  };
  return {
    saver,
    info: { dbName: name, version: 0 },
    listThreads: async () => threads().map((t) => ({ ...t })),
    writeBatch: () => refuse('Nothing is written to an opened file.'),
    setThreadRunning: () => refuse('A thread of an opened file cannot run: use "Continue here" to run a native copy.'),
    renameThread: () => refuse('A thread of an opened file keeps its name.'),
    appendTrace: () => refuse('Nothing is recorded in an opened file.'),
    readTrace: async () => [],
    readRunRecords: async () => [],
    readRunSlice: async () => [],
    async readCheckpointView(threadId, ns, checkpointId) {
      const at = (id: string) => saver.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: id } });
      const tuple = await at(checkpointId);
      if (!tuple) return undefined;
      const parentId = tuple.parentConfig?.configurable?.checkpoint_id;
      const parsed = parseFileThreadId(threadId);
      const [parent, children, names] = await Promise.all([
        parentId === undefined ? undefined : at(parentId),
        parsed && parsed.fileId === fileId ? childrenOf(source, parsed.originalId, ns) : undefined,
        namespacesOf(threadId),
      ]);
      // A file holds no trace and no graph: its dispositions and next tasks are computed from the checkpoints alone.
      const observed = wiring.observe(threadId, ns, parent ? [tuple, parent] : [tuple]);
      const inferred = snapshotOf(stepOf(tuple, { observed, namespaces: names, wiring: wiringOf(threadId, ns), ...(parent ? { parent } : {}) }));
      return { tuple, parent, trace: [], children: children?.get(checkpointId) ?? [], inferred };
    },
    async countNamespaces(threadId) {
      const parsed = parseFileThreadId(threadId);
      const counts = new Map<string, { checkpoints: number; latest: string }>();
      if (!parsed || parsed.fileId !== fileId) return counts;
      for (const n of await source.listNamespaces(parsed.originalId)) counts.set(n.checkpointNs, { checkpoints: n.checkpointCount, latest: n.latestCheckpointId });
      return counts;
    },
    async listRows(threadId, ns, limit, before) {
      // A file keeps no rows: they are counted from its tuples, and `next` is inferred from them by the engine.
      const tuples: CheckpointTuple[] = [];
      const options = { limit, ...(before ? { before: { configurable: { checkpoint_id: before } } } : {}) };
      for await (const t of saver.list({ configurable: { thread_id: threadId, checkpoint_ns: ns } }, options)) tuples.push(t);
      const [observed, names, declared] = [wiring.observe(threadId, ns, tuples), await namespacesOf(threadId), wiringOf(threadId, ns)];
      return tuples.map((t): CheckpointRow => ({ ...rowOfTuple(t), next: stepOf(t, { observed, namespaces: names, wiring: declared }).next }));
    },
    deleteThread: () => refuse('Close the file instead: its threads are only read.'),
    // Nothing of an opened file is committed.
    setDurability: () => undefined,
    listUserGraphs: async () => [],
    putUserGraph: () => refuse('No graph is saved in an opened file.'),
    deleteUserGraph: () => refuse('No graph is saved in an opened file.'),
  };
}
