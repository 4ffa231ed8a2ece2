/**
 * The superstep loop: a thin driver around the pure functions of ./algo. It loads the checkpoint,
 * applies input / Command / resume (`first`), prepares each step's tasks (`tick`), records task
 * writes (`putWrites`), applies them and saves a checkpoint per step (`afterTick`).
 * Task execution lives in ./runner.
 */
import type { ChannelSpec } from '../channels/base';
import type { BaseCheckpointSaver, Checkpoint, CheckpointMetadata, CheckpointSource, ChannelVersions, PendingWrite, PendingWriteValue, RunnableConfig } from '../checkpoint/types';
import { WRITES_IDX_MAP } from '../checkpoint/types';
import { DEFAULT_RECURSION_LIMIT, INTERRUPT, NULL_TASK_ID, PUSH } from '../constants';
import { GraphInterrupt } from '../errors';
import { isCommand } from '../types';
import type { ControlSignal } from '../../shared/trace';
import { applyWrites, increment, prepareNextTasks, reapplyPendingWrites, shouldInterrupt } from './algo';
import { channelsFromCheckpoint, checkpointForSave, emptyCheckpoint, flooredNextVersion, newVersions, threadMaxVersion } from './checkpoint';
import { decodePendingWrites, encodeWrites } from './encode';
import { checkpointPayload, outputUpdates, outputValues, taskResultPayload, taskStartPayload, type OutputKeys, type StreamMode } from './io';
import { matchCachedWrites, type BaseCache } from './cache';
import { INPUT_RESUMING, runFirst } from './first';
import type { ParentGraphInfo } from './context';
import { ReplayState } from './replay';
import { tracePrepared, type Tracer } from './tracer';
import type { Channels, PregelNode, PreparedTask } from './types';

/** What a loop needs from the compiled graph and the caller. */
export interface LoopParams {
  nodes: Record<string, PregelNode>;
  specs: Record<string, ChannelSpec>;
  triggerToNodes: Record<string, string[]>;
  inputKeys: string[] | string;
  outputKeys: OutputKeys;
  streamKeys: OutputKeys;
  checkpointer?: BaseCheckpointSaver;
  interruptBefore?: string[] | '*';
  interruptAfter?: string[] | '*';
  config: RunnableConfig;
  input: unknown;
  /** Receives stream chunks of every mode that was asked for. */
  emit: (mode: StreamMode, payload: unknown) => void;
  modes: ReadonlySet<StreamMode>;
  tracer: Tracer;
  /** Set when this graph runs inside a task of a parent graph (a subgraph). */
  nested?: NestedParams;
  /** The node cache (`compile({ cache })`). */
  cache?: BaseCache;
  /** Where subgraphs' stream chunks go (the root's stream, when it asked for `subgraphs`). */
  streamSink?: (ns: string[], mode: string, payload: unknown) => void;
}

/** What a subgraph's loop inherits from the task that runs it. */
export interface NestedParams {
  /** Its checkpoint namespace, e.g. `sub:<task id>` (or `sub` for `checkpointer: true`). */
  ns: string;
  /** Ancestor namespace → checkpoint id: stored as `metadata.parents`. */
  checkpointMap: Record<string, string>;
  /** The root's `isResuming` during its first step; undefined when the key is absent. */
  resuming: boolean | undefined;
  /** A `Command({ resume })` answer not yet bound to a task, handed down by the parent. */
  nullResume?: { value: unknown };
  replayState?: ReplayState;
}

export type LoopStatus = 'pending' | 'done' | 'interrupt_before' | 'interrupt_after' | 'out_of_steps';


const EMPTY_WRITES: readonly PendingWrite[] = [];

export class PregelLoop {
  checkpoint: Checkpoint;
  channels: Channels;
  metadata: CheckpointMetadata;
  checkpointConfig: RunnableConfig;
  prevCheckpointConfig: RunnableConfig | undefined;
  pending: PendingWrite[];
  step: number;
  readonly stop: number;
  status: LoopStatus = 'pending';
  private _tasks: PreparedTask[] = [];
  private taskById = new Map<string, PreparedTask>();
  private pendingIndex: { of: PendingWrite[]; length: number; byTask: Map<string, PendingWrite[]> } | undefined;
  /** The tasks of the current step. */
  get tasks(): PreparedTask[] {
    return this._tasks;
  }
  set tasks(list: PreparedTask[]) {
    this._tasks = list;
    this.taskById = new Map(list.map((t) => [t.id, t]));
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
  superseded = false;
  /** @internal An explicit checkpoint_id equal to the head (not update/fork): not time travel. */
  resumeAtHead = false;
  /** @internal A checkpoint_id (or a replay state) chose the checkpoint. */
  readonly addressed: boolean;
  /** This graph's checkpoint namespace (`""` at the root). */
  readonly ns: string;
  /** `__pregel_resuming` as this loop sees it (inherited by subgraphs during the first step). */
  resumingFlag: boolean | undefined;
  /** Shared with the subgraphs of a time-travelling run. */
  replayState: ReplayState | undefined;

  private constructor(readonly p: LoopParams, saved: { checkpoint: Checkpoint; metadata: CheckpointMetadata; config: RunnableConfig; parentConfig?: RunnableConfig; pendingWrites: PendingWrite[] }, addressed: boolean) {
    this.checkpoint = saved.checkpoint;
    this.metadata = saved.metadata;
    this.channels = channelsFromCheckpoint(p.specs, saved.checkpoint);
    this.checkpointConfig = saved.config;
    this.prevCheckpointConfig = saved.parentConfig;
    this.pending = saved.pendingWrites;
    this.step = saved.metadata.step + 1;
    this.stop = this.step + (p.config.recursionLimit ?? DEFAULT_RECURSION_LIMIT) + 1;
    this.prevVersions = { ...saved.checkpoint.channel_versions };
    this.input = p.input;
    this.addressed = addressed;
    this.ns = p.nested?.ns ?? '';
    this.resumingFlag = p.nested?.resuming;
    this.replayState = p.nested?.replayState;
    const saver = p.checkpointer;
    this.getNextVersion = saver ? (v) => saver.getNextVersion(v) : increment;
  }

  /** Loads the checkpoint the run starts from (addressed, latest, or a new thread's empty one). */
  static async initialize(p: LoopParams): Promise<PregelLoop> {
    const conf = p.config.configurable ?? {};
    const threadId = conf.thread_id;
    const nested = p.nested;
    const ns = nested?.ns ?? '';
    const checkpointId = nested ? nested.checkpointMap[ns] : conf.checkpoint_id;
    const addressed = Boolean(checkpointId || nested?.replayState);
    let tuple;
    let clearResuming = false;
    if (p.checkpointer) {
      const own = { configurable: { thread_id: threadId, checkpoint_ns: ns } };
      if (checkpointId) tuple = await p.checkpointer.getTuple({ configurable: { ...own.configurable, checkpoint_id: checkpointId } });
      else if (nested?.replayState) {
        const visit = await nested.replayState.getCheckpoint(ns, p.checkpointer, own);
        tuple = visit.tuple;
        clearResuming = true;
        p.tracer.emit({
          type: '@engine.replay.visit', step: (tuple?.metadata?.step ?? -2) + 1, stableNs: visit.stableNs,
          firstVisit: visit.firstVisit, replayBefore: nested.replayState.checkpointId,
          loadedCheckpointId: tuple?.checkpoint.id ?? null, loadedStep: tuple?.metadata?.step ?? null,
        });
      } else tuple = await p.checkpointer.getTuple(own);
    }
    const loop = new PregelLoop(
      p,
      tuple
        ? {
            checkpoint: tuple.checkpoint,
            metadata: { ...(tuple.metadata ?? { source: 'input', step: -2, parents: {} }) },
            config: { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: tuple.checkpoint.id } },
            parentConfig: tuple.parentConfig,
            pendingWrites: decodePendingWrites(tuple.pendingWrites),
          }
        : {
            checkpoint: emptyCheckpoint(),
            metadata: { source: 'input', step: -2, parents: {} },
            config: { configurable: { thread_id: threadId, checkpoint_ns: ns } },
            pendingWrites: [],
          },
      addressed,
    );
    if (clearResuming) loop.resumingFlag = undefined;
    if (p.checkpointer && tuple && checkpointId) {
      const latest = await p.checkpointer.getTuple({ configurable: { thread_id: threadId, checkpoint_ns: ns } });
      loop.superseded = latest !== undefined && latest.checkpoint.id !== tuple.checkpoint.id;
      const updateOrFork = loop.metadata.source === 'update' || loop.metadata.source === 'fork';
      loop.resumeAtHead = !loop.superseded && !updateOrFork;
    }
    // A fork checkpoint carries no new versions, so newer branches may hold higher ones (see threadMaxVersion).
    if (p.checkpointer && tuple && (loop.superseded || loop.metadata.source === 'fork')) {
      loop.getNextVersion = flooredNextVersion(loop.getNextVersion, await threadMaxVersion(p.checkpointer, threadId, ns));
    }
    tuple = undefined;
    return loop;
  }

  /** LangGraph's `isResuming`: the checkpoint has state and the input is null / a resume Command. */
  get isResuming(): boolean {
    const hasVersions = Object.keys(this.checkpoint.channel_versions).length > 0;
    const inp = this.input;
    return hasVersions && (this.resumingFlag === true || inp === null || inp === undefined || inp === INPUT_RESUMING || (isCommand(inp) && inp.resume != null));
  }

  private configFor(checkpointId: string | undefined): RunnableConfig {
    const c = this.checkpointConfig.configurable ?? {};
    return { configurable: { thread_id: c.thread_id, checkpoint_ns: this.ns, ...(checkpointId ? { checkpoint_id: checkpointId } : {}) } };
  }

  /** @internal Pushes a stream chunk (and its debug twin). */
  emit(mode: StreamMode, payload: unknown): void {
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
  parentInfo(sink: ParentGraphInfo['streamSink'], modes: ReadonlySet<string>): ParentGraphInfo {
    return {
      threadId: this.checkpointConfig.configurable?.thread_id,
      checkpointer: this.p.checkpointer,
      checkpointMap: { ...this.p.nested?.checkpointMap, [this.ns]: this.checkpoint.id },
      resuming: this.resumingFlag,
      replayState: this.replayState,
      streamSink: sink,
      modes,
      tracer: this.p.tracer,
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
   * without writes); false when the run is done or out of steps. Throws GraphInterrupt for
   * `interruptBefore`.
   */
  async tick(): Promise<boolean> {
    for (;;) {
      if (this.step > this.stop) {
        this.status = 'out_of_steps';
        return false;
      }
      const tr = this.p.tracer;
      const ckptId = this.checkpoint.id;
      if (tr.enabled) tr.emit({ type: '@engine.tick.start', step: this.step, checkpointId: ckptId, isReplaying: this.isReplaying });
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
      if (this.pending.length > 0) tasks = this.applySaved(tasks);
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
        const nodes = tasks.map((t) => t.name);
        tr.emit({ type: '@engine.interrupt', step: this.step, kind: 'before', interrupts: [], nodes });
        throw new GraphInterrupt();
      }
      this.outputCachedWrites(tasks);
      if (this.p.modes.has('tasks') || this.p.modes.has('debug')) {
        for (const t of tasks) if (!t.node.tags?.includes('langsmith:hidden')) this.emit('tasks', taskStartPayload(t));
      }
      return true;
    }
  }

  /**
   * Saved writes of the step: re-applied to the tasks that finished (they will not run), unless the
   * tick replays (then every task runs again). Returns the step's tasks.
   */
  private applySaved(tasks: PreparedTask[]): PreparedTask[] {
    const tr = this.p.tracer;
    if (this.isReplaying) {
      const ids = new Set(tasks.map((t) => t.id));
      for (const [tid, c] of this.pending) if (ids.has(tid)) tr.emit({ type: '@engine.write.skipped', step: this.step, taskId: tid, channel: c, reason: 'replaying' });
      return tasks;
    }
    const r = reapplyPendingWrites(tasks, this.pending);
    this.tasks = r.tasks;
    for (const w of r.reapplied) tr.emit({ type: '@engine.write.reapplied', step: this.step, ...w });
    for (const s of r.skipped) {
      tr.emit({ type: '@engine.write.skipped', step: this.step, taskId: s.taskId, channel: s.channel, reason: 'control-signal', signal: s.channel as ControlSignal });
    }
    return r.tasks;
  }

  private outputCachedWrites(tasks: readonly PreparedTask[]): void {
    for (const t of tasks) if (t.writes.length > 0) this.outputWrites(t, t.writes, true);
  }

  /** Streams what a task wrote (LangGraph.js `_outputWrites`). */
  outputWrites(task: PreparedTask, writes: readonly PendingWriteValue[], cached: boolean): void {
    if (task.node.tags?.includes('langsmith:hidden')) return;
    if (writes.length > 0) {
      if (writes[0][0] === INTERRUPT) {
        // A call-task's interrupt is reported by the task that called it.
        if (task.path[0] === PUSH && task.path[task.path.length - 1] === true) return;
        const ints = writes.filter((w) => w[0] === INTERRUPT).flatMap((w) => w[1] as unknown[]);
        this.emit('updates', { [INTERRUPT]: ints });
        this.emit('values', { [INTERRUPT]: ints });
      } else if (writes[0][0] !== '__error__') {
        const chunk = outputUpdates(this.p.outputKeys, [[task, writes]], cached);
        if (chunk) this.emit('updates', chunk);
      }
    }
    if (!cached && (this.p.modes.has('tasks') || this.p.modes.has('debug'))) this.emit('tasks', taskResultPayload(task, writes, this.p.streamKeys));
  }

  /**
   * Records writes of a task (or of the NULL task) against the checkpoint the step started from.
   * Special-only batches keep the last write per channel; a task's new writes replace its earlier
   * ones; NULL-task writes accumulate (a new special write replaces the old one of its channel).
   */
  async putWrites(taskId: string, writesIn: readonly PendingWriteValue[], cached = false): Promise<void> {
    if (writesIn.length === 0) return;
    let writes = writesIn;
    const deduplicated: string[] = [];
    if (writes.every(([c]) => c in WRITES_IDX_MAP)) {
      const last = new Map<string, PendingWriteValue>();
      for (const w of writes) {
        if (last.has(w[0])) deduplicated.push(w[0]);
        last.set(w[0], w);
      }
      writes = [...last.values()];
    }
    const isNull = taskId === NULL_TASK_ID;
    const before = this.pending.length;
    // Filtering is O(pending): skip it for a task that has no writes yet (every task of a wide
    // fan-out commits once), so a step stays linear in its number of tasks.
    if (this.pending.length > 0 && (isNull || this.pendingOf(taskId).length > 0)) {
      if (isNull) {
        const special = new Set(writes.filter(([c]) => c in WRITES_IDX_MAP).map(([c]) => c));
        this.pending = this.pending.filter(([t, c]) => !(t === NULL_TASK_ID && special.has(c)));
      } else this.pending = this.pending.filter(([t]) => t !== taskId);
    }
    const replaced = before - this.pending.length;
    for (const [c, v] of writes) this.pending.push([taskId, c, v]);
    if (this.p.checkpointer) {
      await this.p.checkpointer.putWrites(this.configFor(this.checkpoint.id), encodeWrites(writes), taskId);
    }
    if (this.p.tracer.enabled) this.p.tracer.emit({
      type: '@engine.writes.put', step: this.step, taskId, checkpointId: this.checkpoint.id,
      channels: writes.map((w) => w[0]), deduplicated, replaced, isNullTask: isNull,
    });
    const task = this.taskById.get(taskId);
    if (task) this.outputWrites(task, writes, cached);
    const key = task?.cacheKey;
    if (!cached && key && this.p.cache && writes[0][0] !== '__error__' && writes[0][0] !== INTERRUPT) {
      await this.p.cache.set([{ key: [key.ns, key.key], value: task.writes, ttl: key.ttl }]);
    }
  }

  /** Applies the step's writes, saves a `loop` checkpoint, checks `interruptAfter`. */
  async afterTick(): Promise<void> {
    const tasks = this.tasks;
    const r = applyWrites(this.checkpoint, this.channels, tasks, this.getNextVersion, this.p.triggerToNodes);
    this.checkpoint = r.checkpoint;
    this.channels = r.channels;
    this.updatedChannels = r.updated;
    if (this.p.tracer.enabled) this.p.tracer.emit({ type: '@engine.writes.applied', step: this.step, taskOrder: (r.order as PreparedTask[]).map((t) => t.id), updatedChannels: r.updated });
    const values = outputValues(this.p.outputKeys, tasks.flatMap((t) => t.writes), this.channels);
    this.pending = [];
    await this.putCheckpoint('loop');
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

  /** Saves the current state as a checkpoint (only changed channels' values go to the saver). */
  async putCheckpoint(source: CheckpointSource): Promise<void> {
    const changed = newVersions(this.prevVersions, this.checkpoint.channel_versions);
    const saved = checkpointForSave(this.checkpoint, this.channels, changed, this.step, this.updatedChannels, undefined, this.p.checkpointer);
    this.metadata = { source, step: this.step, parents: { ...this.p.nested?.checkpointMap } };
    const parentId = this.checkpointConfig.configurable?.checkpoint_id as string | undefined;
    this.checkpoint = { ...this.checkpoint, id: saved.id, ts: saved.ts, ...(saved.updated_channels ? { updated_channels: saved.updated_channels } : {}) };
    if (this.p.checkpointer) {
      await this.p.checkpointer.put(this.configFor(parentId), saved, { ...this.metadata }, changed);
      this.prevCheckpointConfig = parentId ? this.configFor(parentId) : undefined;
      this.checkpointConfig = this.configFor(saved.id);
      this.prevVersions = { ...this.checkpoint.channel_versions };
      if (this.p.tracer.enabled) this.p.tracer.emit({
        type: '@engine.checkpoint.saved', step: this.step, checkpointId: saved.id, parentCheckpointId: parentId ?? null, source, newChannels: Object.keys(saved.channel_values),
      });
    }
    this.step += 1;
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

  /** Adds a task to the current step (a call-task made while the step runs). */
  registerTask(task: PreparedTask): void {
    this._tasks.push(task);
    this.taskById.set(task.id, task);
  }

  /** The task of the current step with this id, if any. */
  taskOf(id: string): PreparedTask | undefined {
    return this.taskById.get(id);
  }

  /** Root interrupt handling at exit: apply the step's successful writes in memory, return output. */
  finishInterrupted(e: GraphInterrupt): void {
    if (this.tasks.length > 0 && this.pending.length > 0 && this.tasks.some((t) => t.writes.length > 0)) {
      const r = applyWrites(this.checkpoint, this.channels, this.tasks, this.getNextVersion, this.p.triggerToNodes);
      this.channels = r.channels;
      this.checkpoint = r.checkpoint;
      const values = outputValues(this.p.outputKeys, this.tasks.flatMap((t) => t.writes), this.channels);
      if (values) this.emit('values', values.value);
    }
    if (e.interrupts.length === 0) {
      this.emit('updates', { [INTERRUPT]: [] });
      this.emit('values', { [INTERRUPT]: [] });
    }
  }
}
