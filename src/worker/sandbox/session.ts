/**
 * The storage end of a session port. A session serves one run (read and write) or one remote read
 * (read only), and is bound to the one thread it serves: every checkpointer call must name that
 * thread, values must be storable (protocol/storable.ts), run events must be well formed, and a
 * "checkpoint saved" event or a checkpoint notice may only name a checkpoint this session
 * committed or the thread has (events that name one not committed yet wait for its put; a run
 * that ends with such events still waiting is a violation). Messages are handled strictly in order, one at a time, so a
 * reply or an event is acted on only after everything sent before it. Writes are checked in that
 * order and committed in groups (a group commit: the writes that arrived while the previous group
 * committed share one transaction), each answered once its group committed; a read waits for
 * every write sent before it.
 *
 * Committed history is append-only (history-guard.ts): a put must be a new checkpoint whose parent
 * is the one the run is at, writes must be for that checkpoint, ids and namespaces of the engine's
 * shapes; a write that breaks it is refused as HISTORY_REWRITE.
 *
 * The first message that breaks a rule is a violation: it is answered with an error, nothing of it
 * is stored, and the session stops handling messages (the run is then stopped by its owner). A
 * storage failure (quota, a closed database) stops the session the same way.
 */
import { listen, type PortLike } from '../../protocol/endpoint';
import type { RunEvent } from '../../protocol/messages';
import type { SessionEnd, SessionRequest, ToSession, WireConfig } from '../../protocol/sandbox';
import type { WireStoreOp } from '../../protocol/store';
import { sessionMessageProblem } from '../../protocol/sandbox-guards';
import { problemText, storableProblem } from '../../protocol/storable';
import type { WireError } from '../../protocol/dto';
import { ERROR_CODES } from '../../shared/errors';
import type { BaseCheckpointSaver, Checkpoint, CheckpointMetadata, PendingWriteValue } from '../../engine/checkpoint/types';
import { storageErrorToWire } from './storage-errors';
import { checkpointConfig } from '../../engine/checkpoint/rules';
import type { WriteOp } from '../../checkpoint/idb/write-ops';
import { HistoryGuard, type HistoryStart } from './history-guard';

/** The largest page a `cp/list` call is answered with (the proxy asks for at most this). */
const MAX_LIST_PAGE = 512;
/** Run events a session holds while they wait for their checkpoints to commit. */
const MAX_HELD_EVENTS = 20_000;

/** What a session may touch. */
export type SessionBinding = {
  threadId: string;
  /** The thread's store (`st/batch`, write sessions); without it store calls are refused. */
  store?: (ops: WireStoreOp[]) => Promise<unknown[]>;
} & (
  /** `read`: getTuple and list only. */
  | { mode: 'read'; writeBatch?: never }
  /**
   * `write`: a run's session (puts, writes, events, end). `writeBatch` commits a group of checked
   * writes in order and resolves once it committed (the store's group commit, `ThreadStore.writeBatch`).
   */
  | {
    mode: 'write';
    writeBatch: (ops: readonly WriteOp[]) => Promise<void>;
    /** Where the run starts (the thread's head, or the checkpoint a replay or fork names); see history-guard.ts. */
    start?: HistoryStart;
  }
);

/** What a session reports to its owner. */
export interface SessionHandlers {
  /** Validated run events (write sessions). Awaited: a slow consumer holds back later calls. */
  onEvents?(events: RunEvent[]): Promise<void> | void;
  /** The run's end as the sandbox reported it (write sessions). */
  onEnd?(end: SessionEnd): void;
  /** The sandbox broke a rule (`error` says which, as the run's error); the session has stopped. */
  onViolation(detail: string, error: WireError): void;
  /** Storage refused a write; the session has stopped. */
  onStorageError?(error: WireError): void;
  /** Any message arrived (for the owner's watchdog). */
  onActivity?(): void;
}

/** A running session. */
export interface Session {
  /** Checkpoint ids this session committed. */
  readonly committed: ReadonlySet<string>;
  /** True while calls are being handled (the storage side is busy, not the sandbox). */
  readonly busy: boolean;
  /** Stops handling messages and closes the port. */
  close(): void;
}

/** A message the session refuses: a SANDBOX_VIOLATION, or a HISTORY_REWRITE (history-guard.ts). */
class Refusal extends Error {
  constructor(message: string, readonly code: 'SANDBOX_VIOLATION' | 'HISTORY_REWRITE' = 'SANDBOX_VIOLATION') {
    super(message);
  }
}

/** Serves `port` against `saver`, bound to `binding`. */
export function serveSession(port: PortLike, saver: BaseCheckpointSaver, binding: SessionBinding, handlers: SessionHandlers): Session {
  const committed = new Set<string>();
  const history = binding.mode === 'write' ? new HistoryGuard(binding.start) : null;
  let stopped = false;
  let queued = 0;
  let chain: Promise<void> = Promise.resolve();
  /** Work on the message chain not finished yet (messages handled in turn, held events released). */
  let chained = 0;
  const onChain = (work: () => Promise<void>) => {
    chained++;
    chain = chain.then(work).finally(() => void chained--);
  };

  const reply = (m: ToSession) => {
    if (!stopped) port.postMessage(m);
  };
  const refuse = (detail: string): never => {
    throw new Refusal(detail);
  };
  const threadOf = (config: WireConfig): string => {
    const thread = config.configurable.thread_id;
    if (thread === undefined) refuse('a checkpointer call without a thread id (reading across threads)');
    if (thread !== binding.threadId) refuse('a checkpointer call on another thread');
    return thread!;
  };
  const requireWrite = (what: string) => {
    if (binding.mode !== 'write') refuse(`${what} in a read-only session`);
  };
  const requireAppend = (problem: string | null) => {
    if (problem) throw new Refusal(problem, 'HISTORY_REWRITE');
  };
  /** What the sandbox was given to read: a checkpoint a subgraph may start from (history-guard.ts). */
  const served = (t: { config: { configurable?: { checkpoint_ns?: string } }; checkpoint: { id: string } } | undefined) => {
    if (t) history?.servedCheckpoint(t.config.configurable?.checkpoint_ns ?? '', t.checkpoint.id);
  };
  const requireStorable = (label: string, value: unknown) => {
    const p = storableProblem(value);
    if (p) refuse(problemText(label, p));
  };

  async function call(msg: SessionRequest): Promise<unknown> {
    if (msg.type === 'st/batch') {
      requireWrite('a store call');
      if (!binding.store) refuse('a store call where the run has no store');
      msg.ops.forEach((op, i) => op.op === 'put' && op.value !== null && requireStorable(`store operation ${i} (${JSON.stringify(op.key)})`, op.value));
      return binding.store!(msg.ops);
    }
    const config = { configurable: { ...msg.config.configurable, thread_id: threadOf(msg.config) } };
    switch (msg.type) {
      case 'cp/getTuple': {
        const tuple = await saver.getTuple(config);
        served(tuple);
        return tuple ?? null;
      }
      case 'cp/list': {
        const o = msg.options;
        const options = { limit: Math.min(o.limit ?? MAX_LIST_PAGE, MAX_LIST_PAGE), ...(o.before ? { before: { configurable: { checkpoint_id: o.before } } } : {}), ...(o.filter ? { filter: o.filter } : {}) };
        const tuples = [];
        for await (const t of saver.list(config, options)) tuples.push(t);
        tuples.forEach(served);
        return tuples;
      }
    }
  }

  /** Checks a put or putWrites against the session's rules; the write op it stands for. */
  function checkWrite(msg: Extract<SessionRequest, { type: 'cp/put' | 'cp/putWrites' }>): WriteOp {
    const config = { configurable: { ...msg.config.configurable, thread_id: threadOf(msg.config) } };
    const ns = config.configurable.checkpoint_ns ?? '';
    if (msg.type === 'cp/put') {
      requireWrite('a put');
      requireAppend(history!.put(ns, msg.checkpoint.id, config.configurable.checkpoint_id));
      for (const [channel, value] of Object.entries(msg.checkpoint.channel_values)) requireStorable(`the value of channel "${channel}"`, value);
      for (const [key, value] of Object.entries(msg.metadata)) requireStorable(`metadata "${key}"`, value);
      return { kind: 'put', config, checkpoint: msg.checkpoint as Checkpoint, metadata: msg.metadata as CheckpointMetadata, newVersions: msg.newVersions };
    }
    requireWrite('a putWrites');
    if (config.configurable.checkpoint_id === undefined) refuse('a putWrites without a checkpoint id');
    requireAppend(history!.writes(ns, config.configurable.checkpoint_id!, msg.taskId));
    for (const [channel, value] of msg.writes) requireStorable(`the write to channel "${channel}"`, value);
    return { kind: 'writes', config, writes: msg.writes as PendingWriteValue[], taskId: msg.taskId };
  }

  /**
   * Group commit: checked writes wait here while the previous group commits, then go to storage
   * together, in order, in one transaction (the binding's `writeBatch`), and each is answered
   * once its group committed. A group that fails answers all of its writes with the error and
   * stops the session, so nothing sent after a failed write is stored.
   */
  const queue: { op: WriteOp; rid: number }[] = [];
  /** Ids of the checkpoints queued or being committed. */
  const queuedPuts = new Set<string>();
  let writing: Promise<void> = Promise.resolve();
  let draining = false;
  // Only checked writes are queued, and checkWrite refuses them in a read session.
  const commitOps = (ops: readonly WriteOp[]) => (binding.mode === 'write' ? binding.writeBatch(ops) : Promise.reject(new Refusal('a write in a read-only session')));
  async function drain(): Promise<void> {
    try {
      while (queue.length > 0 && !stopped) {
        const group = queue.splice(0);
        try {
          await commitOps(group.map((w) => w.op));
        } catch (err) {
          const error = storageErrorToWire(err);
          for (const w of group) if (w.op.kind !== 'next') reply({ type: 'cp/reply', rid: w.rid, ok: false, error });
          stopped = true;
          queue.length = 0;
          handlers.onStorageError?.(error);
          return;
        }
        for (const { op, rid } of group) {
          if (op.kind === 'next') continue; // asked for by no call: nothing to answer
          if (op.kind === 'put') {
            committed.add(op.checkpoint.id);
            queuedPuts.delete(op.checkpoint.id);
          }
          const thread = op.config.configurable!.thread_id!;
          reply({ type: 'cp/reply', rid, ok: true, value: op.kind === 'put' ? checkpointConfig(thread, op.config.configurable?.checkpoint_ns ?? '', op.checkpoint.id) : null });
        }
        // Held events are handed on in message order, from the message chain.
        if (held.length > 0) onChain(() => release());
      }
    } finally {
      // Cleared in the same task as the last look at the queue (no await between): a write queued
      // after it starts a new drain, none is left behind.
      draining = false;
    }
  }
  const enqueue = (op: WriteOp, rid: number) => {
    queue.push({ op, rid });
    if (op.kind === 'put') queuedPuts.add(op.checkpoint.id);
    if (!draining) {
      draining = true;
      writing = drain();
    }
  };
  /** Resolves once every write queued so far has committed (or the session stopped). */
  const settled = async () => {
    while (draining) await writing;
  };

  /** Checkpoints of the thread a notice may name: committed here, or found stored before. */
  const known = new Set<string>();
  /**
   * The checkpoints `events` name that are not committed (yet). Under async durability the engine
   * reports a checkpoint as saved as soon as it hands it to the saver, so its event can reach this
   * port before the put does: such events are held (in order) until their checkpoints commit.
   */
  const awaited = async (events: readonly RunEvent[]): Promise<Set<string>> => {
    const ids = new Set<string>();
    for (const e of events) {
      if (e.kind === 'checkpoint') {
        // A run reports the checkpoint it starts from too: it must exist in this thread.
        const { checkpointId: id, ns } = e.checkpoint;
        if (committed.has(id) || known.has(`${ns}\u0000${id}`)) continue;
        // Queued here and not committed yet: it waits for its group, without a read that would queue behind that group.
        if (queuedPuts.has(id)) {
          ids.add(id);
          continue;
        }
        const stored = await saver.getTuple({ configurable: { thread_id: binding.threadId, checkpoint_ns: ns, checkpoint_id: id } });
        if (stored) known.add(`${ns}\u0000${id}`);
        else ids.add(id);
      } else if ((e.event as { type?: unknown }).type === '@engine.checkpoint.saved') {
        const id = (e.event as { checkpointId: string }).checkpointId;
        if (!committed.has(id)) ids.add(id);
      }
    }
    return ids;
  };
  const held: { events: RunEvent[]; waiting: Set<string> }[] = [];
  let heldEvents = 0;
  const deliver = async (events: RunEvent[]) => {
    const waiting = await awaited(events);
    // The `next` each notice reports goes to its checkpoint's timeline row with the writes queued
    // behind its put (the same group when they meet there), so no trace append rewrites the row.
    // Every checkpoint a notice names is of this thread and committed, queued or stored (`awaited`).
    for (const e of events) {
      if (e.kind === 'checkpoint') enqueue({ kind: 'next', threadId: binding.threadId, ns: e.checkpoint.ns, checkpointId: e.checkpoint.checkpointId, next: e.checkpoint.next }, -1);
    }
    // A group may have committed while the events were looked at.
    for (const id of waiting) if (committed.has(id)) waiting.delete(id);
    if (held.length === 0 && waiting.size === 0) {
      await handlers.onEvents?.(events);
      return;
    }
    held.push({ events, waiting });
    heldEvents += events.length;
    if (heldEvents > MAX_HELD_EVENTS) refuse(`${heldEvents} run events naming checkpoints that were never saved`);
  };
  /** Hands on the held batches whose checkpoints have all committed, in order. */
  const release = async () => {
    for (const h of held) for (const id of h.waiting) if (committed.has(id)) h.waiting.delete(id);
    while (held.length > 0 && held[0].waiting.size === 0) {
      const h = held.shift()!;
      heldEvents -= h.events.length;
      await handlers.onEvents?.(h.events);
    }
  };

  const violated = (err: unknown, rid: number): boolean => {
    if (!(err instanceof Refusal)) return false;
    const error: WireError = err.code === 'HISTORY_REWRITE'
      ? { code: 'HISTORY_REWRITE', name: 'HistoryRewrite', message: ERROR_CODES.HISTORY_REWRITE(err.message) }
      : { code: 'SANDBOX_VIOLATION', name: 'SandboxViolation', message: ERROR_CODES.SANDBOX_VIOLATION(err.message) };
    reply({ type: 'cp/reply', rid, ok: false, error });
    stopped = true;
    handlers.onViolation(err.message, error);
    return true;
  };
  const ridOf = (raw: unknown) => (typeof (raw as { rid?: unknown })?.rid === 'number' ? (raw as { rid: number }).rid : -1);
  const isWrite = (raw: unknown) => {
    const type = (raw as { type?: unknown } | null)?.type;
    return type === 'cp/put' || type === 'cp/putWrites';
  };

  /** A put or putWrites: checked and queued for its group at once (nothing in it waits). */
  function handleWrite(raw: unknown): void {
    if (stopped) return;
    handlers.onActivity?.();
    const problem = sessionMessageProblem(raw);
    try {
      if (problem) refuse(`a malformed message: ${problem}`);
      enqueue(checkWrite(raw as Extract<SessionRequest, { type: 'cp/put' | 'cp/putWrites' }>), ridOf(raw));
    } catch (err) {
      if (!violated(err, ridOf(raw))) reply({ type: 'cp/reply', rid: ridOf(raw), ok: false, error: storageErrorToWire(err) });
    }
  }

  async function handle(raw: unknown): Promise<void> {
    if (stopped) return;
    if (isWrite(raw)) return handleWrite(raw);
    handlers.onActivity?.();
    const problem = sessionMessageProblem(raw);
    const msg = raw as SessionRequest | { type: 'run/events'; events: RunEvent[] } | SessionEnd;
    const rid = ridOf(raw);
    try {
      if (problem) refuse(`a malformed message: ${problem}`);
      if (msg.type === 'run/events') {
        requireWrite('run events');
        await deliver(msg.events);
      } else if (msg.type === 'run/end') {
        requireWrite('a run end');
        await settled();
        await release();
        const missing = held[0]?.waiting.values().next().value;
        // A failed run may have reported a checkpoint whose put then failed: those events are dropped.
        if (missing !== undefined && msg.outcome !== 'error') refuse(`a run event naming checkpoint "${missing.slice(0, 60)}", which this run did not commit and this thread does not have`);
        stopped = true;
        handlers.onEnd?.(msg);
      } else {
        // A read sees every write sent before it.
        await settled();
        if (stopped) return;
        reply({ type: 'cp/reply', rid, ok: true, value: await call(msg) });
      }
    } catch (err) {
      if (violated(err, rid)) return;
      // A failed read is the caller's error to handle (a failed write is answered by `drain`).
      reply({ type: 'cp/reply', rid, ok: false, error: storageErrorToWire(err) });
    }
  }

  const stop = listen(port, (ev) => {
    // A write with nothing before it on the chain is handled now: no promise per message for
    // the two messages every superstep sends.
    if (chained === 0 && isWrite(ev.data)) return handleWrite(ev.data);
    queued++;
    onChain(() => handle(ev.data).finally(() => void queued--));
  });
  return {
    committed,
    get busy() {
      return queued > 0 || draining;
    },
    close() {
      stopped = true;
      stop();
      port.close();
    },
  };
}
