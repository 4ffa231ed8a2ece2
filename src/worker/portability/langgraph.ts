/**
 * Importing a LangGraph thread history (`ThreadState[]` from the LangGraph API) as a read-only
 * thread. Each state becomes a checkpoint with the same id and parent (so branches survive); its
 * `next` and tasks are kept in metadata (`langgraph`), and each task's interrupts, error and result
 * become pending writes (`__interrupt__`, `__error__`, channel writes) so the debugger shows them
 * like any other thread's. Channel versions are made up: a channel keeps its parent's version while
 * its value is unchanged and gets a new one (unique in the thread) when it changes.
 */
import type { BaseCheckpointSaver, Checkpoint, CheckpointMetadata, PendingWrite } from '../../engine/checkpoint/types';
import { isKnownSource } from '../../shared/checkpoint-source';
import { plainEqual } from '../../engine/checkpoint/rules';
import { checkHistory, type HistoryNode } from './history-checks';
import { PortabilityFailure, fail, toPortabilityError } from './issues';
import { intake, type ImportResult } from './import';
import { langGraphHistorySchema, type LangGraphTask, type LangGraphThreadState } from './langgraph-schema';
import { resolveLimits, type ImportLimits } from './limits';
import { schemaFailure } from './schema-issues';
import { writeHistory, type CheckpointToWrite } from './writer';

/** Marks a checkpoint imported from LangGraph (metadata `imported_from`). */
export const IMPORTED_FROM_LANGGRAPH = 'langgraph';
/** The channel that holds a history's values when they are a list rather than an object. */
export const ROOT_CHANNEL = '__root__';

/**
 * Whether a checkpoint's metadata marks it as imported read-only (a LangGraph history): the host
 * shows such threads but refuses to run, resume, replay or fork them.
 */
export function isImportedReadOnly(metadata: Record<string, unknown> | undefined): boolean {
  return metadata?.imported_from === IMPORTED_FROM_LANGGRAPH || metadata?.read_only === true;
}

/** Options of a LangGraph import. */
export interface LangGraphImportOptions {
  /** Import under this thread id instead of the history's. It must not exist yet. */
  threadId?: string;
  limits?: Partial<ImportLimits>;
  /**
   * What to do when the oldest states name parents that are not in the file (a history fetched
   * with a `limit`): refuse (`reject`), or import them as first checkpoints (`cut`), noting the
   * missing parent in metadata (`langgraph.missing_parent`).
   * @default 'reject'
   */
  missingParents?: 'reject' | 'cut';
  /** Removes a half-written thread. @default saver.deleteThread */
  rollback?: (threadId: string) => Promise<void>;
}


/** Validates and parses a history (text or parsed JSON). @throws PortabilityFailure */
export function parseLangGraphHistory(input: unknown, limits: ImportLimits): LangGraphThreadState[] {
  const raw = intake(input, limits);
  if (!Array.isArray(raw)) {
    fail('unknown-format', '$', 'A LangGraph history is a JSON array of thread states (what client.threads.getHistory returns).');
  }
  const parsed = langGraphHistorySchema(limits).safeParse(raw);
  if (!parsed.success) {
    throw schemaFailure(parsed.error);
  }
  return parsed.data as LangGraphThreadState[];
}

/** The history as nodes for `checkHistory`, after the thread and parent-namespace checks. */
function historyNodes(states: LangGraphThreadState[], missingParents: 'reject' | 'cut'): { nodes: HistoryNode[]; cut: Map<number, string> } {
  const threadId = states[0]!.checkpoint.thread_id;
  const present = new Set(states.map((s) => JSON.stringify([s.checkpoint.checkpoint_ns, s.checkpoint.checkpoint_id])));
  const cut = new Map<number, string>();
  const nodes = states.map((s, i): HistoryNode => {
    if (s.checkpoint.thread_id !== threadId) {
      fail('invalid', [i, 'checkpoint', 'thread_id'], `All states must belong to one thread: "${s.checkpoint.thread_id}" is not "${threadId}".`);
    }
    const parent = s.parent_checkpoint;
    let parentId = parent?.checkpoint_id ?? null;
    if (parent && parent.checkpoint_ns !== undefined && parent.checkpoint_ns !== s.checkpoint.checkpoint_ns) {
      fail('invalid', [i, 'parent_checkpoint', 'checkpoint_ns'], 'A parent checkpoint must be in the same namespace as its child.');
    }
    if (parentId !== null && missingParents === 'cut' && !present.has(JSON.stringify([s.checkpoint.checkpoint_ns, parentId]))) {
      cut.set(i, parentId);
      parentId = null;
    }
    return {
      ns: s.checkpoint.checkpoint_ns,
      id: s.checkpoint.checkpoint_id,
      parentId,
      path: [i, 'checkpoint', 'checkpoint_id'],
      parentPath: [i, 'parent_checkpoint', 'checkpoint_id'],
    };
  });
  return { nodes, cut };
}

/**
 * The error class named at the start of an error text, else `Error`. The API sends task errors as
 * text such as "ValueError('boom')" or "TypeError: boom".
 */
export function errorNameOf(message: string): string {
  return /^([A-Za-z_$][\w$]*(?:Error|Exception|Interrupt))\b/.exec(message)?.[1] ?? 'Error';
}

/** Pending writes that show a task's outcome: its interrupts, its error, or what it wrote. */
export function taskWrites(task: LangGraphTask): PendingWrite[] {
  const writes: PendingWrite[] = [];
  const interrupts = task.interrupts ?? [];
  if (interrupts.length > 0) {
    writes.push([task.id, '__interrupt__', interrupts.map((i) => ({ id: i.id ?? '', value: i.value ?? null }))]);
  }
  if (task.error !== undefined && task.error !== null) {
    const message = typeof task.error === 'string' ? task.error : JSON.stringify(task.error);
    writes.push([task.id, '__error__', { name: errorNameOf(message), message }]);
  }
  const result = task.result;
  if (writes.length === 0 && typeof result === 'object' && result !== null && !Array.isArray(result)) {
    for (const [channel, value] of Object.entries(result)) writes.push([task.id, channel, value]);
  }
  return writes;
}

/** Assigns channel versions: unchanged value → parent's version, changed → a new one. */
class VersionAssigner {
  private readonly counters = new Map<string, number>();
  assign(values: Record<string, unknown>, parent: Checkpoint | undefined): { versions: Record<string, number>; updated: string[] } {
    const versions: Record<string, number> = {};
    const updated: string[] = [];
    for (const [channel, value] of Object.entries(values)) {
      const prev = parent?.channel_versions[channel];
      if (prev !== undefined && Object.hasOwn(parent!.channel_values, channel) && plainEqual(parent!.channel_values[channel], value)) {
        versions[channel] = prev;
        continue;
      }
      const next = (this.counters.get(channel) ?? 0) + 1;
      this.counters.set(channel, next);
      versions[channel] = next;
      updated.push(channel);
    }
    return { versions, updated: updated.sort() };
  }
}

function toMetadata(s: LangGraphThreadState, depth: number, missingParent: string | undefined): CheckpointMetadata {
  const lg = s.metadata ?? {};
  const parents = isStringRecord(lg.parents) ? lg.parents : {};
  const { source: _source, ...withoutSource } = lg;
  return {
    ...withoutSource,
    // An absent or unknown source is not made up (src/shared/checkpoint-source.ts); an unknown word is kept below.
    ...(isKnownSource(lg.source) ? { source: lg.source } : {}),
    step: typeof lg.step === 'number' && Number.isInteger(lg.step) ? lg.step : depth - 1,
    parents,
    imported_from: IMPORTED_FROM_LANGGRAPH,
    read_only: true,
    langgraph: {
      thread_id: s.checkpoint.thread_id,
      next: s.next,
      tasks: s.tasks.map((t) => ({
        id: t.id,
        name: t.name,
        error: t.error ?? null,
        interrupts: (t.interrupts ?? []).map((i) => ({ id: i.id ?? '', value: i.value ?? null })),
        has_state: t.state !== undefined && t.state !== null,
        has_result: t.result !== undefined && t.result !== null,
      })),
      created_at: s.created_at ?? null,
      ...(typeof lg.source === 'string' && !isKnownSource(lg.source) ? { source: lg.source } : {}),
      ...(missingParent !== undefined ? { missing_parent: missingParent } : {}),
    },
  } as CheckpointMetadata;
}

function isStringRecord(x: unknown): x is Record<string, string> {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && Object.values(x).every((v) => typeof v === 'string');
}

/**
 * Maps a validated history onto checkpoints to write (parents first).
 * @throws PortabilityFailure `duplicate-id`, `missing-parent`, `cycle`, `invalid`
 */
export function mapLangGraphHistory(states: LangGraphThreadState[], missingParents: 'reject' | 'cut' = 'reject'): CheckpointToWrite[] {
  const { nodes, cut } = historyNodes(states, missingParents);
  let order: number[];
  try {
    order = checkHistory(nodes);
  } catch (err) {
    if (err instanceof PortabilityFailure && err.code === 'missing-parent') {
      const hint = ' The history looks truncated: fetch it with a larger limit, or import it with missing parents cut.';
      throw new PortabilityFailure('missing-parent', err.issues.map((i) => ({ ...i, message: i.message + hint })));
    }
    throw err;
  }
  const written = new Map<string, { checkpoint: Checkpoint; depth: number }>();
  const versions = new VersionAssigner();
  return order.map((i) => {
    const s = states[i]!;
    const node = nodes[i]!;
    const parent = node.parentId === null ? undefined : written.get(JSON.stringify([node.ns, node.parentId]));
    const values = Array.isArray(s.values) ? { [ROOT_CHANNEL]: s.values } : s.values;
    const { versions: channel_versions, updated } = versions.assign(values, parent?.checkpoint);
    const checkpoint: Checkpoint = {
      v: 4,
      id: node.id,
      ts: s.created_at ?? new Date(0).toISOString(),
      channel_values: values,
      channel_versions,
      versions_seen: {},
      updated_channels: updated,
    };
    const depth = (parent?.depth ?? -1) + 1;
    written.set(JSON.stringify([node.ns, node.id]), { checkpoint, depth });
    return {
      ns: node.ns,
      parentId: node.parentId,
      checkpoint,
      metadata: toMetadata(s, depth, cut.get(i)),
      pendingWrites: s.tasks.flatMap(taskWrites),
    };
  });
}

/**
 * Imports a LangGraph thread history as a read-only thread.
 * @param saver any `BaseCheckpointSaver`
 * @param input the file's text (preferred) or its parsed JSON: `ThreadState[]`, newest first
 * @returns a summary (`readOnly: true`), or a `PortabilityError` (nothing stored was changed)
 */
export async function importLangGraphHistory(saver: BaseCheckpointSaver, input: unknown, options: LangGraphImportOptions = {}): Promise<ImportResult> {
  try {
    const limits = resolveLimits(options.limits);
    const states = parseLangGraphHistory(input, limits);
    const items = mapLangGraphHistory(states, options.missingParents ?? 'reject');
    const threadId = options.threadId ?? states[0]!.checkpoint.thread_id;
    if (threadId === '' || threadId.length > limits.maxIdLength) fail('invalid', '$', 'The thread id to import under is empty or too long.');
    const counts = await writeHistory(saver, threadId, items, undefined, options.rollback);
    return { ok: true, summary: { threadId, graphId: null, graphSource: null, runs: [], trace: [], ...counts, readOnly: true } };
  } catch (err) {
    return { ok: false, error: toPortabilityError(err) };
  }
}
