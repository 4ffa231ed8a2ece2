/**
 * The superstep loop: a thin driver around the pure functions of ./algo. It loads the checkpoint,
 * applies input / Command / resume (`first`), prepares each step's tasks (`tick`), records task
 * writes (`putWrites`, ./writes), applies them and saves a checkpoint per step (`afterTick`), as the
 * run's durability allows. Task execution lives in ./runner; what happens at exit in ./finish.
 */
import type { Checkpoint, CheckpointMetadata, CheckpointSource, ChannelVersions, PendingWrite, PendingWriteValue, RunnableConfig } from '../checkpoint/types';
import { DEFAULT_RECURSION_LIMIT, INTERRUPT, TAG_HIDDEN } from '../constants';
import { GraphInterrupt } from '../errors';
import { isCommand } from '../types';
import type { ControlSignal } from '../../shared/trace';
import { applyWrites, increment, prepareNextTasks, restamp, shouldInterrupt } from './algo';
import { channelsFromCheckpoint, checkpointForSave, newVersions } from './checkpoint';
import { checkpointEnvelope, checkpointPayload, ENVELOPE_MODE, outputValues, taskStartPayload, tasksTouchOutput, type LoopMode } from './io';
import { matchCachedWrites } from './cache';
import { INPUT_RESUMING, runFirst } from './first';
import type { ParentGraphInfo } from './context';
import { loadStart, type LoadedStart } from './load';
import type { LoopParams, LoopStatus } from './loop_params';
import type { ReplayState } from './replay';
import { applySaved } from './resume';
import { tracePrepared } from './tracer';
import type { Channels, PreparedTask } from './types';
import { outputWrites, putTaskWrites } from './writes';
import { isoNow, uuid6 } from './ids';
import { merge } from './objects';
import { Persistence } from './persistence';

export type { Durability, LoopParams, LoopStatus, NestedParams } from './loop_params';

const EMPTY_WRITES: readonly PendingWrite[] = [];

export class PregelLoop {
  checkpoint: Checkpoint;
  channels: Channels;
  metadata: CheckpointMetadata;
  checkpointConfig: RunnableConfig;
  private ownConfigurable?: Record<string, unknown>;
  private readonly configMemo: { id: string | undefined; config: RunnableConfig }[] = [];
  prevCheckpointConfig: RunnableConfig | undefined;
  pending: PendingWrite[];
  step: number;
  readonly stop: number;
  status: LoopStatus = 'pending';
  private _tasks: PreparedTask[] = [];
  /** The current tasks by id, built when first asked for (most steps never look a task up). */
  private taskById: Map<string, PreparedTask> | undefined;
  private pendingIndex: { of: PendingWrite[]; length: number; byTask: Map<string, PendingWrite[]> } | undefined;
  /** The tasks of the current step. */
  get tasks(): PreparedTask[] {
    return this._tasks;
  }
  set tasks(list: PreparedTask[]) {
    this._tasks = list;
    this.taskById = undefined;
  }
  /** True while saved writes must not be re-applied (first tick of a replay). */
  isReplaying = false;
  updatedChannels: string[] | undefined;
  resumeMap: Record<string, unknown> | undefined;
  private prevVersions: ChannelVersions;
  /** @internal The run's input (replaced by a marker once a resume consumed it). */
  input: unknown;
  /** @internal */
  getNextVersion: (v: number | undefined) => number;
  /** @internal The addressed checkpoint is not the thread's latest. */
  readonly superseded: boolean;
  /** @internal An explicit checkpoint_id equal to the head (not update/fork): not time travel. */
  readonly resumeAtHead: boolean;
  /** @internal A checkpoint_id (or a replay state) chose the checkpoint. */
  readonly addressed: boolean;
  /** This graph's checkpoint namespace (`""` at the root). */
  readonly ns: string;
  /** `__pregel_resuming` as this loop sees it (inherited by subgraphs during the first step). */
  resumingFlag: boolean | undefined;
  /** Shared with the subgraphs of a time-travelling run. */
  replayState: ReplayState | undefined;
  /** The id of the checkpoint the saver holds last (exit durability saves only when it changed). */
  savedCheckpointId: string;
  /** Tasks that wrote during this run: under `exit` durability, their writes are saved at exit. */
  readonly writtenTaskIds = new Set<string>();
  /** The saver calls of this run (not awaited where they are made; see ./persistence). */
  readonly persistence = new Persistence();

  private constructor(readonly p: LoopParams, s: LoadedStart) {
    this.checkpoint = s.checkpoint;
    this.metadata = s.metadata;
    this.channels = channelsFromCheckpoint(p.specs, s.checkpoint);
    this.checkpointConfig = s.config;
    this.prevCheckpointConfig = s.parentConfig;
    this.pending = s.pendingWrites;
    this.step = s.metadata.step + 1;
    this.stop = this.step + (p.config.recursionLimit ?? DEFAULT_RECURSION_LIMIT) + 1;
    this.prevVersions = { ...s.checkpoint.channel_versions };
    this.input = p.input;
    this.addressed = s.addressed;
    this.superseded = s.superseded;
    this.resumeAtHead = s.resumeAtHead;
    this.ns = p.nested?.ns ?? '';
    this.resumingFlag = s.clearResuming ? undefined : p.nested?.resuming;
    this.replayState = p.nested?.replayState;
    this.resumeMap = p.nested?.resumeMap;
    this.savedCheckpointId = s.checkpoint.id;
    const saver = p.checkpointer;
    this.getNextVersion = s.nextVersion ?? (saver ? (v) => saver.getNextVersion(v) : increment);
  }

  /** Loads the checkpoint the run starts from (addressed, latest, or a new thread's empty one). */
  static async initialize(p: LoopParams): Promise<PregelLoop> {
    return new PregelLoop(p, await loadStart(p));
  }

  /** LangGraph's `isResuming`: the checkpoint has state and the input is null / a resume Command. */
  get isResuming(): boolean {
    const hasVersions = Object.keys(this.checkpoint.channel_versions).length > 0;
    const inp = this.input;
    return hasVersions && (this.resumingFlag === true || inp === null || inp === undefined || inp === INPUT_RESUMING || (isCommand(inp) && inp.resume != null));
  }

  /** The saver config of a checkpoint of this graph, keeping the run's own `configurable` keys. */
  configFor(checkpointId: string | undefined): RunnableConfig {
    const memo = this.configMemo;
    for (const m of memo) if (m.id === checkpointId) return m.config;
    if (!this.ownConfigurable) {
      const { checkpoint_id: _id, ...rest } = this.checkpointConfig.configurable ?? {};
      this.ownConfigurable = merge(rest, { checkpoint_ns: this.ns });
    }
    // merge, not `{ ...own, checkpoint_id }`: adding a key to a spread copy is slow in V8 (./objects).
    const configurable: Record<string, unknown> = merge(this.ownConfigurable);
    if (checkpointId) configurable.checkpoint_id = checkpointId;
    const config = { configurable };
    // The last two: a step's own checkpoint and its parent.
    if (memo.length === 2) memo.shift();
    memo.push({ id: checkpointId, config });
    return config;
  }

  /** @internal Pushes a stream chunk (and its debug twin). */
  emit(mode: LoopMode, payload: unknown): void {
    // The stream protocol pairs each state (not an interrupt chunk) with its checkpoint.
    if (mode === 'values' && this.p.modes.has(ENVELOPE_MODE) && !(payload && typeof payload === 'object' && INTERRUPT in payload)) {
      this.p.emit(ENVELOPE_MODE, checkpointEnvelope(this.checkpoint.id, this.metadata, this.prevCheckpointConfig));
    }
    if (this.p.modes.has(mode)) this.p.emit(mode, payload);
    if ((mode === 'checkpoints' || mode === 'tasks') && this.p.modes.has('debug')) {
      const type = mode === 'checkpoints' ? 'checkpoint' : payload && typeof payload === 'object' && 'result' in payload ? 'task_result' : 'task';
      this.p.emit('debug', { step: mode === 'checkpoints' ? this.step - 1 : this.step, type, timestamp: new Date().toISOString(), payload });
    }
  }

  /** Input, resume and time travel: what happens before the first step (see ./first). */
  first(): Promise<void> {
    return runFirst(this);
  }

  /** Serves tasks whose input is in the node cache (see ./cache). */
  matchCachedWrites(): Promise<void> {
    return matchCachedWrites(this);
  }

  /** What a subgraph run inside one of this loop's tasks inherits. */
  parentInfo(): ParentGraphInfo {
    return {
      threadId: this.checkpointConfig.configurable?.thread_id,
      checkpointer: this.p.checkpointer,
      checkpointMap: { ...this.p.checkpointMap, [this.ns]: this.checkpoint.id },
      resuming: this.resumingFlag,
      resumeMap: this.resumeMap,
      replayState: this.replayState,
      streamSink: this.p.streamSink,
      modes: this.p.sinkModes,
      tracer: this.p.tracer,
      durability: this.p.durability,
    };
  }

  /** @internal */
  dropPending(channel: string, reason: 'time-travel'): void {
    const keep: PendingWrite[] = [];
    for (const w of this.pending) {
      if (w[1] === channel) this.p.tracer.emit({ type: '@engine.write.skipped', step: this.step, taskId: w[0], channel, reason, signal: channel as ControlSignal });
      else keep.push(w);
    }
    this.pending = keep;
  }

  /**
   * Prepares the next superstep. Returns true when it has tasks to execute (in `tasks`, those
   * without writes); false when the run is done, out of steps or draining. Throws GraphInterrupt
   * for `interruptBefore`.
   */
  async tick(): Promise<boolean> {
    for (;;) {
      if (this.step > this.stop) {
        this.status = 'out_of_steps';
        return false;
      }
      const tr = this.p.tracer;
      if (tr.enabled) tr.emit({ type: '@engine.tick.start', step: this.step, checkpointId: this.checkpoint.id, isReplaying: this.isReplaying });
      let tasks = prepareNextTasks(this.checkpoint, this.channels, this.p.nodes, {
        step: this.step, checkpointNs: this.ns, updatedChannels: this.updatedChannels, triggerToNodes: this.p.triggerToNodes,
      });
      if (tr.enabled) tracePrepared(tr, this.step, tasks);
      if (this.p.checkpointer && (this.p.modes.has('checkpoints') || this.p.modes.has('debug'))) {
        this.emit('checkpoints', checkpointPayload(this.checkpointConfig, this.channels, this.p.streamKeys, this.metadata, tasks, this.pending, this.prevCheckpointConfig));
      }
      this.tasks = tasks;
      if (tasks.length === 0) {
        this.status = 'done';
        return false;
      }
      if (this.pending.length > 0) tasks = applySaved(this, tasks);
      for (const t of tasks) {
        if (t.writes.length > 0) tr.emit({ type: '@engine.task.cached', step: this.step, taskId: t.id, name: t.name, channels: t.writes.map((w) => w[0]) });
      }
      if (tasks.every((t) => t.writes.length > 0)) {
        this.outputCachedWrites(tasks);
        await this.afterTick();
        continue;
      }
      if (shouldInterrupt(this.checkpoint, this.p.interruptBefore, tasks)) {
        this.status = 'interrupt_before';
        tr.emit({ type: '@engine.interrupt', step: this.step, kind: 'before', interrupts: [], nodes: tasks.map((t) => t.name) });
        throw new GraphInterrupt();
      }
      if (this.p.control?.drainRequested) {
        this.status = 'draining';
        return false;
      }
      this.outputCachedWrites(tasks);
      if (this.p.modes.has('tasks') || this.p.modes.has('debug')) {
        for (const t of tasks) if (!t.node.tags?.includes(TAG_HIDDEN)) this.emit('tasks', taskStartPayload(t));
      }
      return true;
    }
  }

  private outputCachedWrites(tasks: readonly PreparedTask[]): void {
    for (const t of tasks) if (t.writes.length > 0) outputWrites(this, t, t.writes, true);
  }

  /** Records writes of a task (or of the NULL task) against the checkpoint the step started from (see ./writes). */
  putWrites(taskId: string, writes: readonly PendingWriteValue[], cached = false): Promise<void> | undefined {
    return putTaskWrites(this, taskId, writes, cached);
  }

  /** Applies the step's writes, saves a `loop` checkpoint, checks `interruptAfter`. */
  async afterTick(): Promise<void> {
    const tasks = this.tasks;
    const r = applyWrites(this.checkpoint, this.channels, tasks, this.getNextVersion, this.p.triggerToNodes);
    this.checkpoint = r.checkpoint;
    this.channels = r.channels;
    this.updatedChannels = r.updated;
    if (this.p.tracer.enabled) this.p.tracer.emit({ type: '@engine.writes.applied', step: this.step, taskOrder: (r.order as PreparedTask[]).map((t) => t.id), updatedChannels: r.updated });
    const values = tasksTouchOutput(this.p.outputKeys, tasks) ? outputValues(this.p.outputKeys, true, this.channels) : undefined;
    this.pending = [];
    this.putCheckpoint('loop');
    // `sync`: the next step starts only once this step's writes and checkpoint are stored.
    if (this.p.durability === 'sync') await this.persistence.flush();
    else {
      const backlog = this.persistence.throttle();
      if (backlog) await backlog;
    }
    this.isReplaying = false;
    if (values) this.emit('values', values.value);
    if (shouldInterrupt(this.checkpoint, this.p.interruptAfter, tasks)) {
      this.status = 'interrupt_after';
      this.p.tracer.emit({ type: '@engine.interrupt', step: this.step - 1, kind: 'after', interrupts: [], nodes: tasks.map((t) => t.name) });
      throw new GraphInterrupt();
    }
    // Subgraphs resume only during the first step of a resumed run.
    this.resumingFlag = undefined;
  }

  /**
   * Makes the current state the next checkpoint and saves it (only changed channels' values go
   * to the saver). Under `exit` durability nothing is saved until `'exit'`, which saves the
   * current checkpoint as it is (unless the saver already has it) without starting a new step.
   */
  putCheckpoint(source: CheckpointSource | 'exit'): void {
    const exiting = source === 'exit';
    if (exiting && this.checkpoint.id === this.savedCheckpointId) return;
    const saver = this.p.checkpointer && (this.p.durability !== 'exit' || exiting) ? this.p.checkpointer : undefined;
    if (!exiting) this.metadata = { source, step: this.step, parents: { ...this.p.checkpointMap } };
    const parentId = this.checkpointConfig.configurable?.checkpoint_id as string | undefined;
    if (saver) {
      const changed = newVersions(this.prevVersions, this.checkpoint.channel_versions);
      const saved = checkpointForSave(this.checkpoint, this.channels, this.step, { id: exiting ? this.checkpoint.id : undefined, changed, saver });
      this.checkpoint = restamp(this.checkpoint, saved.id, saved.ts);
      const putConfig = this.configFor(parentId);
      const metadata = { ...this.metadata };
      this.persistence.put(() => saver.put(putConfig, saved, metadata, changed));
      this.prevCheckpointConfig = parentId ? this.configFor(parentId) : undefined;
      this.checkpointConfig = this.configFor(saved.id);
      this.prevVersions = { ...this.checkpoint.channel_versions };
      this.savedCheckpointId = saved.id;
      if (this.p.tracer.enabled) this.p.tracer.emit({
        type: '@engine.checkpoint.saved', step: this.step, checkpointId: saved.id, parentCheckpointId: parentId ?? null, source: this.metadata.source,
        newChannels: Object.keys(changed).filter((c) => c in saved.channel_values),
      });
    } else if (!exiting) {
      // Not saved (no saver, or `exit` durability): the step still gets its own id, from which
      // the next step's task ids derive.
      this.checkpoint = restamp(this.checkpoint, uuid6(this.step), isoNow());
    }
    if (!exiting) this.step += 1;
  }

  /**
   * The pending writes of one task, in order. Why an index: call-tasks and scratchpads look up
   * their saved writes one task at a time, and a scan of `pending` per task made a wide step
   * quadratic. `pending` only ever grows by push or is replaced by a new array, so appended
   * entries are indexed incrementally and a replaced (or shortened) list is re-indexed.
   */
  pendingOf(taskId: string): readonly PendingWrite[] {
    let ix = this.pendingIndex;
    if (!ix || ix.of !== this.pending || ix.length > this.pending.length) ix = this.pendingIndex = { of: this.pending, length: 0, byTask: new Map() };
    for (let i = ix.length; i < this.pending.length; i++) {
      const w = this.pending[i];
      let list = ix.byTask.get(w[0]);
      if (!list) ix.byTask.set(w[0], (list = []));
      list.push(w);
    }
    ix.length = this.pending.length;
    return ix.byTask.get(taskId) ?? EMPTY_WRITES;
  }

  /** Adds a task to the current step (a call-task, or an error handler, made while the step runs). */
  registerTask(task: PreparedTask): void {
    this._tasks.push(task);
    this.taskById?.set(task.id, task);
  }

  /** The task of the current step with this id, if any. */
  taskOf(id: string): PreparedTask | undefined {
    const tasks = this._tasks;
    // One task (a loop's step) needs no index.
    if (tasks.length === 1) return tasks[0].id === id ? tasks[0] : undefined;
    if (!this.taskById) {
      this.taskById = new Map();
      for (const t of tasks) this.taskById.set(t.id, t);
    }
    return this.taskById.get(id);
  }
}
