/**
 * The engine's checkpointer inside the sandbox: a `BaseCheckpointSaver` whose every call goes over
 * the session port to the storage worker, which owns IndexedDB and binds the session to one thread.
 *
 * Writes are pipelined: `put` and `putWrites` resolve once their message is sent, while fewer than
 * `window` writes, and fewer than `windowBytes` of their values, wait for their commit; the storage worker handles a session's messages strictly
 * in order, so a later read sees every earlier write, and a run event that reports a checkpoint
 * is handled only after that checkpoint committed. A write the storage worker refused (quota, a
 * closed database) fails the next call and `flush()`. Values are checked before they are sent
 * (storable.ts), so a value that could not be stored or exported fails its own call, naming the
 * channel, as with any saver.
 *
 * The storage worker keeps committed history append-only (src/worker/sandbox/history-guard.ts):
 * writes are accepted only for the checkpoint the run is at. Under async durability the engine may
 * hand over a task's writes before the put of their checkpoint (its puts go one after another), so
 * writes for a checkpoint this proxy has neither read nor put yet wait here until that put is
 * posted, and follow it on the port. The session port itself is private to this proxy: graph code
 * that reaches the proxy (a compiled graph's `checkpointer`) can only make checkpointer calls.
 */
import { checkpointConfig, requireCheckpointId, requireThreadId } from '../engine/checkpoint/rules';
import {
  CheckpointValueError, type BaseCheckpointSaver, type ChannelVersion, type ChannelVersions, type Checkpoint, type CheckpointListOptions,
  type CheckpointMetadata, type CheckpointTuple, type PendingWriteValue, type RunnableConfig,
} from '../engine/checkpoint/types';
import type { OmitEach, SessionRequest, WireConfig, WireListOptions } from '../protocol/sandbox';
import { sessionMessageProblem } from '../protocol/sandbox-guards';
import { storableProblem, type SizeTally, type StorableProblem } from '../protocol/storable';
import type { Json } from '../protocol/dto';
import type { SessionClient } from './session-client';

/** Tuples per `cp/list` page: the first page is small, later ones double up to the maximum. */
const LIST_FIRST = 64;
const LIST_MAX = 512;

/** Options of a ProxySaver. */
export interface ProxySaverOptions {
  /**
   * Writes that may wait for their commit before a write waits for its own. 0: every write waits
   * for its commit (what `sync` durability needs: the engine's end-of-step wait then means
   * committed, not sent). @default 32
   */
  window?: number;
  /**
   * Approximate bytes of values (storable.ts's tally) that may wait for their commit: a run whose
   * state grows by megabytes a step waits on its writes long before `window` is reached, so what it
   * has in flight stays bounded in memory. @default 32 MiB
   */
  windowBytes?: number;
  /** Called once the put of checkpoint `id` is posted (the run's events about it may follow). */
  onPost?(id: string): void;
}

/** The address part of a config (nothing else crosses: signals and callbacks cannot). */
function wireConfig(config: RunnableConfig): WireConfig {
  const c = config.configurable ?? {};
  const out: WireConfig['configurable'] = {};
  if (typeof c.thread_id === 'string') out.thread_id = c.thread_id;
  if (typeof c.checkpoint_ns === 'string') out.checkpoint_ns = c.checkpoint_ns;
  if (typeof c.checkpoint_id === 'string' && c.checkpoint_id !== '') out.checkpoint_id = c.checkpoint_id;
  return { configurable: out };
}

const detail = (p: StorableProblem) => `${p.message}${p.path.length > 0 ? ` (at ${p.path.map((k) => `[${JSON.stringify(k)}]`).join('')})` : ''}`;

/** Throws CheckpointValueError for the first value of `values` that cannot be stored; adds their size to `tally`. */
function requireStorable(values: Iterable<[string, unknown]>, tally: SizeTally): void {
  for (const [channel, value] of values) {
    const p = storableProblem(value, undefined, false, tally);
    if (p) throw new CheckpointValueError(channel, detail(p));
  }
}

/** `ns \0 id`: a checkpoint's key in this proxy's bookkeeping. */
const keyOf = (config: WireConfig, id: string | undefined) => `${config.configurable.checkpoint_ns ?? ''}\u0000${id ?? ''}`;

/** A checkpointer over a session port. */
export class ProxySaver implements BaseCheckpointSaver {
  readonly #session: SessionClient;
  /** Checkpoints read or put through this proxy (`keyOf`). */
  readonly #known = new Set<string>();
  /** Writes waiting for the put of their checkpoint, by its key. */
  readonly #deferred = new Map<string, (() => void)[]>();
  private readonly window: number;
  private readonly windowBytes: number;
  private readonly onPost: ((id: string) => void) | undefined;
  private inflight = 0;
  private inflightBytes = 0;
  private failure: unknown = null;
  private waiters: (() => void)[] = [];

  constructor(session: SessionClient, options: ProxySaverOptions = {}) {
    this.#session = session;
    this.window = options.window ?? 32;
    this.windowBytes = options.windowBytes ?? 32 * 1024 * 1024;
    this.onPost = options.onPost;
  }

  async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    this.throwIfFailed();
    const tuple = (await this.#session.call({ type: 'cp/getTuple', config: wireConfig(config) })) as CheckpointTuple | null;
    if (tuple) this.#learn(tuple);
    return tuple ?? undefined;
  }

  async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    this.throwIfFailed();
    const wire = wireConfig(config);
    const filter = options?.filter as Record<string, Json> | undefined;
    let before = options?.before?.configurable?.checkpoint_id;
    let left = options?.limit ?? Infinity;
    // One checkpoint id: a single answer, nothing to page.
    if (wire.configurable.checkpoint_id !== undefined) {
      yield* await this.page(wire, { ...(options?.limit ? { limit: options.limit } : {}), ...(before ? { before } : {}), ...(filter ? { filter } : {}) });
      return;
    }
    let chunk = Math.min(left, LIST_FIRST);
    while (left > 0) {
      const tuples = await this.page(wire, { limit: chunk, ...(before ? { before } : {}), ...(filter ? { filter } : {}) });
      left -= tuples.length;
      yield* tuples;
      if (tuples.length < chunk) return;
      before = tuples.at(-1)!.checkpoint.id;
      chunk = Math.min(chunk * 2, LIST_MAX, left);
    }
  }

  async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata, newVersions: ChannelVersions): Promise<RunnableConfig> {
    const thread = requireThreadId(config, 'ProxySaver.put');
    const size: SizeTally = { bytes: 0 };
    requireStorable(Object.entries(checkpoint.channel_values), size);
    requireStorable(Object.entries(metadata).map(([k, v]): [string, unknown] => [`metadata.${k}`, v]), size);
    await this.write({ type: 'cp/put', config: wireConfig(config), checkpoint, metadata, newVersions }, size.bytes, () => Object.entries(checkpoint.channel_values));
    return checkpointConfig(thread, config.configurable?.checkpoint_ns ?? '', checkpoint.id);
  }

  async putWrites(config: RunnableConfig, writes: PendingWriteValue[], taskId: string): Promise<void> {
    requireThreadId(config, 'ProxySaver.putWrites');
    requireCheckpointId(config, 'ProxySaver.putWrites');
    const size: SizeTally = { bytes: 0 };
    requireStorable(writes, size);
    const wire = wireConfig(config);
    const send = () => this.write({ type: 'cp/putWrites', config: wire, writes, taskId }, size.bytes, () => writes);
    const key = keyOf(wire, wire.configurable.checkpoint_id);
    // Under sync durability every put was answered before the next step's writes: nothing to wait for.
    if (this.window === 0 || this.#known.has(key)) return send();
    const waiting = this.#deferred.get(key) ?? [];
    waiting.push(() => void send().catch((err: unknown) => void (this.failure ??= err)));
    this.#deferred.set(key, waiting);
  }

  async deleteThread(): Promise<void> {
    throw new Error('Graph code cannot delete threads.');
  }

  getNextVersion(current: ChannelVersion | undefined): ChannelVersion {
    return (current ?? 0) + 1;
  }

  /** Resolves once every write sent so far committed; rejects with the first refused one. */
  async flush(): Promise<void> {
    // Writes whose checkpoint was never put go now: the storage worker judges them.
    for (const [key, waiting] of [...this.#deferred]) {
      this.#deferred.delete(key);
      for (const send of waiting) send();
    }
    while (this.inflight > 0) await new Promise<void>((resolve) => this.waiters.push(resolve));
    this.throwIfFailed();
  }

  private async page(config: WireConfig, options: WireListOptions): Promise<CheckpointTuple[]> {
    const tuples = (await this.#session.call({ type: 'cp/list', config, options })) as CheckpointTuple[];
    for (const t of tuples) this.#learn(t);
    return tuples;
  }

  private async write(body: OmitEach<Extract<SessionRequest, { type: 'cp/put' | 'cp/putWrites' }>, 'rid'>, bytes: number, values: () => Iterable<[string, unknown]>): Promise<void> {
    this.throwIfFailed();
    // The storage worker refuses a malformed write (e.g. a channel name over the id limit): say why here.
    const malformed = sessionMessageProblem({ ...body, rid: 0 });
    if (malformed) throw new CheckpointValueError('(checkpoint)', `the checkpoint cannot be saved: ${malformed}`);
    let reply: Promise<unknown>;
    try {
      reply = this.#session.call(body);
    } catch (err) {
      // A value the structured clone refused fails its own call, before anything was sent.
      throw cloneFailure(err, values());
    }
    if (body.type === 'cp/put') {
      this.onPost?.(body.checkpoint.id);
      this.#posted(keyOf(body.config, body.checkpoint.id));
    }
    if (this.window === 0) {
      await reply;
      return;
    }
    this.inflight++;
    this.inflightBytes += bytes;
    void reply.then(
      () => undefined,
      (err: unknown) => {
        this.failure ??= err;
      },
    ).finally(() => {
      this.inflight--;
      this.inflightBytes -= bytes;
      for (const wake of this.waiters.splice(0)) wake();
    });
    // Over the window, wait for room (any earlier write committing), not for this write's own
    // commit: that would hold the engine until the storage worker's next group, after the one
    // committing now, and leave it idle meanwhile.
    while (this.failure === null && (this.inflight > this.window || this.inflightBytes > this.windowBytes)) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    this.throwIfFailed();
  }

  /** Records a checkpoint the storage worker answered a read with. */
  #learn(tuple: CheckpointTuple): void {
    this.#known.add(`${tuple.config.configurable?.checkpoint_ns ?? ''}\u0000${tuple.checkpoint.id}`);
  }

  /** A put was posted: the writes waiting for its checkpoint follow it. */
  #posted(key: string): void {
    this.#known.add(key);
    const waiting = this.#deferred.get(key);
    if (!waiting) return;
    this.#deferred.delete(key);
    for (const send of waiting) send();
  }

  private throwIfFailed(): void {
    if (this.failure !== null) throw this.failure;
  }
}

/** A clone failure as a CheckpointValueError naming the first channel whose value cannot be cloned. */
function cloneFailure(err: unknown, values: Iterable<[string, unknown]>): unknown {
  if (!(err instanceof Error) || err.name !== 'DataCloneError') return err;
  for (const [channel, value] of values) {
    try {
      structuredClone(value);
    } catch {
      return new CheckpointValueError(channel, err.message);
    }
  }
  return new CheckpointValueError('(checkpoint)', err.message);
}
