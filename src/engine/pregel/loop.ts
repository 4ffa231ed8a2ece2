/**
 * The superstep loop: a thin driver around the pure functions of ./algo. It loads the checkpoint,
 * applies input / Command / resume (`first`), prepares each step's tasks (`tick`), records task
 * writes (`putWrites`, ./writes), applies them and saves a checkpoint per step (`afterTick`), as the
 * run's durability allows. Task execution lives in ./runner; what happens at exit in ./finish.
 */
import type { Checkpoint, CheckpointMetadata, CheckpointSource, ChannelVersions, PendingWrite, PendingWriteValue, RunnableConfig } from '../checkpoint/types';
import { DEFAULT_RECURSION_LIMIT, NULL_TASK_ID, RESUME, TAG_HIDDEN } from '../constants';
import { GraphInterrupt } from '../errors';
import { applyWrites, increment, prepareNextTasks, restamp, shouldInterrupt } from './algo';
import { lookupCached } from './cache';
import { channelsFromCheckpoint, checkpointForSave, newVersions, withVersionsOf } from './checkpoint';
import { planLoopDeltas, withoutDeltaMetadata, type DeltaSavePlan } from './delta_plan';
import { ConfigMemo } from './config_memo';
import { parentInfoOf, type ParentGraphInfo } from './context';
import { resumeErrorHandlers } from './error_handler';
import { applyInOrder, firstView, planFirst, replayBoundOf, type FirstEffect, type FirstState } from './first';
import { isoNow, uuid6 } from './ids';
import { checkpointPayload, emitChunk, outputValues, taskStartPayload, tasksTouchOutput, type LoopMode } from './io';
import { loadStart, type LoadedStart } from './load';
import type { LoopParams, LoopStatus } from './loop_params';
import { PendingIndex } from './pending_index';
import { Persistence } from './persistence';
import { ReplayState } from './replay';
import { applySaved } from './resume';
import { TaskList } from './task_list';
import { tracePrepared } from './tracer';
import type { Channels, PreparedTask } from './types';
import { outputWrites, recordWrites, reportWrites } from './writes';

export type { Durability, LoopParams, LoopStatus, NestedParams } from './loop_params';
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The loop's fields are read by the files it delegates to (./writes, ./runner, ./call, …) and
 * changed only here: they return results (./first plans its effects, ./cache finds hits, ./writes
 * computes what recording does to the pending writes) and the loop applies them.
 */
export class PregelLoop {
  readonly checkpoint: Checkpoint;
  readonly channels: Channels;
  readonly metadata: CheckpointMetadata;
  readonly checkpointConfig: RunnableConfig;
  private readonly configs: ConfigMemo;
  readonly prevCheckpointConfig: RunnableConfig | undefined;
  private _pending: PendingWrite[];
  readonly step: number;
  readonly stop: number;
  readonly status: LoopStatus = 'pending';
  private readonly taskList = new TaskList();
  private readonly pendingIndex = new PendingIndex();
  /** The tasks of the current step. */
  get tasks(): readonly PreparedTask[] {
    return this.taskList.all;
  }
  /** The writes saved against the current checkpoint (LangGraph's `checkpoint_pending_writes`). */
  get pending(): readonly PendingWrite[] {
    return this._pending;
  }
  /** This loop with its fields writable: for the loop's own methods only. */
  private get w(): Mutable<PregelLoop> {
    return this;
  }
  /** True while saved writes must not be re-applied (first tick of a replay). */
  readonly isReplaying: boolean = false;
  readonly updatedChannels: string[] | undefined;
  readonly resumeMap: Record<string, unknown> | undefined;
  private prevVersions: ChannelVersions;
  /** @internal The run's input (replaced by a marker once a resume consumed it). */
  readonly input: unknown;
  /** @internal */
  readonly getNextVersion: (v: number | undefined) => number;
  /** @internal The addressed checkpoint is not the thread's latest. */
  readonly superseded: boolean;
  /** @internal An explicit checkpoint_id equal to the head (not update/fork): not time travel. */
  readonly resumeAtHead: boolean;
  /** @internal A checkpoint_id (or a replay state) chose the checkpoint. */
  readonly addressed: boolean;
  /** This graph's checkpoint namespace (`""` at the root). */
  readonly ns: string;
  /** `__pregel_resuming` as this loop sees it (inherited by subgraphs during the first step). */
  readonly resumingFlag: boolean | undefined;
  /** Shared with the subgraphs of a time-travelling run. */
  readonly replayState: ReplayState | undefined;
  /** The id of the checkpoint the saver holds last (exit durability saves only when it changed). */
  readonly savedCheckpointId: string;
  /** Tasks that wrote during this run: under `exit` durability, their writes are saved at exit. */
  readonly writtenTaskIds = new Set<string>();
  /** Supersteps this run committed (their `loop` checkpoint made). */
  private committed = 0;
  /** The writes saved against the checkpoint the run started from. */
  readonly loadedPending: readonly PendingWrite[];
  /** DeltaChannels the next `loop` checkpoint stores whatever their counters say (./delta_plan). */
  readonly deltaCarry: ReadonlySet<string> = new Set();
  /** The graph has DeltaChannels (./delta_plan). */
  private readonly hasDeltas: boolean;
  /** The saver calls of this run (not awaited where they are made; see ./persistence). */
  readonly persistence = new Persistence();

  private constructor(readonly p: LoopParams, s: LoadedStart) {
    this.checkpoint = s.checkpoint;
    this.metadata = s.metadata;
    this.channels = channelsFromCheckpoint(p.specs, s.checkpoint, s.deltaHistories);
    this.checkpointConfig = s.config;
    this.prevCheckpointConfig = s.parentConfig;
    this._pending = s.pendingWrites;
    this.loadedPending = s.pendingWrites;
    this.hasDeltas = Object.values(p.specs).some((spec) => spec.kind === 'DeltaChannel');
    this.step = s.metadata.step + 1;
    this.stop = this.step + (p.config.recursionLimit ?? DEFAULT_RECURSION_LIMIT) + 1;
    this.prevVersions = { ...s.checkpoint.channel_versions };
    this.input = p.input;
    this.addressed = s.addressed;
    this.superseded = s.superseded;
    this.resumeAtHead = s.resumeAtHead;
    this.ns = p.nested?.ns ?? '';
    this.configs = new ConfigMemo(s.config, this.ns);
    this.resumingFlag = s.clearResuming ? undefined : p.nested?.resuming;
    this.replayState = p.nested?.replayState;
    this.resumeMap = p.nested?.resumeMap;
    this.savedCheckpointId = s.checkpoint.id;
    const saver = p.checkpointer;
    this.getNextVersion = s.nextVersion ?? (saver ? (v) => saver.getNextVersion(v) : increment);
  }

  /** Loads the checkpoint the run starts from (see ./load: a promise only when the saver must be waited for). */
  static initialize(p: LoopParams): PregelLoop | Promise<PregelLoop> {
    const s = loadStart(p);
    return s instanceof Promise ? s.then((loaded) => new PregelLoop(p, loaded)) : new PregelLoop(p, s);
  }

  /** The saver config of a checkpoint of this graph, keeping the run's own `configurable` keys. */
  configFor(checkpointId: string | undefined): RunnableConfig {
    return this.configs.configFor(checkpointId);
  }

  /** @internal Pushes a stream chunk (and its debug twin; see ./io). */
  emit(mode: LoopMode, payload: unknown): void {
    emitChunk(this.p, mode, payload, this);
  }

  /** Input, resume and time travel: what happens before the first step (planned by ./first). */
  first(): Promise<void> | undefined {
    return applyInOrder(planFirst(firstView(this)), (e) => this.applyFirst(e));
  }

  private applyFirst(e: FirstEffect): Promise<void> | undefined {
    switch (e.kind) {
      case 'trace': return void this.p.tracer.emit(e.event);
      case 'set': {
        const { pending, ...rest } = e.state as Partial<FirstState>;
        Object.assign(this, rest);
        if (pending) this._pending = pending;
        return;
      }
      case 'writes': return this.putWrites(e.taskId, e.writes);
      case 'checkpoint': return void this.putCheckpoint(e.source);
      case 'values': return void this.emit('values', e.value);
      case 'pass-down': {
        this.w.resumingFlag = e.isResuming;
        if (!e.timeTravel) return;
        const parentId = this.prevCheckpointConfig?.configurable?.checkpoint_id as string | undefined;
        const at = { checkpointId: this.checkpoint.id, source: this.metadata.source, hasParent: this.prevCheckpointConfig !== undefined, parentId };
        this.w.replayState = new ReplayState(replayBoundOf(e.bound, at));
        return;
      }
      case 'fail': throw e.error;
    }
  }

  /** Serves the tasks whose input is in the node cache: they take the cached writes and do not run. */
  async serveCached(tasks: readonly PreparedTask[]): Promise<void> {
    const cache = this.p.cache;
    if (!cache) return;
    for (const { task, writes } of await lookupCached(cache, tasks)) {
      task.writes = writes;
      this.p.tracer.emit({ type: '@engine.task.cached', step: this.step, taskId: task.id, name: task.name, channels: writes.map((w) => w[0]) });
      await this.putWrites(task.id, writes, true);
    }
  }

  /** As LangGraph.js: the first task to take the unbound resume answer removes it from the step's writes. */
  consumeNullResume(): void {
    const pending = this._pending;
    const at = pending.findIndex(([t, c]) => t === NULL_TASK_ID && c === RESUME);
    if (at >= 0) this._pending = [...pending.slice(0, at), ...pending.slice(at + 1)];
  }

  /** A root interrupt's output: the step's successful writes applied in memory (see ./finish). */
  adoptOutput(checkpoint: Checkpoint, channels: Channels): void {
    this.w.checkpoint = checkpoint;
    this.w.channels = channels;
  }

  /** What a subgraph run inside one of this loop's tasks inherits. */
  parentInfo(): ParentGraphInfo {
    return parentInfoOf(this);
  }

  /**
   * Prepares the next superstep. Returns true when it has tasks to execute (in `tasks`, those
   * without writes); false when the run is done, out of steps or draining. Throws GraphInterrupt
   * for `interruptBefore`. Synchronous unless a step of cached writes only must be applied first.
   */
  tick(): boolean | Promise<boolean> {
    if (this.step > this.stop) {
      this.w.status = 'out_of_steps';
      return false;
    }
    const tr = this.p.tracer;
    if (tr.enabled) tr.emit({ type: '@engine.tick.start', step: this.step, checkpointId: this.checkpoint.id, isReplaying: this.isReplaying });
    let tasks = prepareNextTasks(this.checkpoint, this.channels, this.p.nodes, {
      step: this.step, checkpointNs: this.ns, updatedChannels: this.updatedChannels, triggerToNodes: this.p.triggerToNodes, reasons: tr.enabled,
    });
    if (tr.enabled) tracePrepared(tr, this.step, tasks);
    if (this.p.checkpointer && (this.p.modes.has('checkpoints') || this.p.modes.has('debug'))) {
      this.emit('checkpoints', checkpointPayload(this.checkpointConfig, this.channels, this.p.streamKeys, this.metadata, tasks, this.pending, this.prevCheckpointConfig));
    }
    this.taskList.reset(tasks);
    if (tasks.length === 0) {
      this.w.status = 'done';
      return false;
    }
    // Paused before anything of the next step happens: a continuing run prepares it again.
    if (this.committed === this.p.stopAfterSteps) {
      this.w.status = 'paused';
      return false;
    }
    if (this._pending.length > 0) {
      tasks = applySaved(this, tasks);
      if (!this.isReplaying) {
        this.taskList.reset(tasks);
        tasks = resumeErrorHandlers(this, tasks, this._pending);
      }
    }
    for (const t of tasks) {
      if (t.writes.length > 0) tr.emit({ type: '@engine.task.cached', step: this.step, taskId: t.id, name: t.name, channels: t.writes.map((w) => w[0]) });
    }
    if (tasks.every((t) => t.writes.length > 0)) {
      this.outputCachedWrites(tasks);
      // Nothing to run: the step is applied as it is and the next one prepared.
      return Promise.resolve(this.afterTick()).then(() => this.tick());
    }
    if (shouldInterrupt(this.checkpoint, this.p.interruptBefore, tasks)) {
      this.w.status = 'interrupt_before';
      tr.emit({ type: '@engine.interrupt', step: this.step, kind: 'before', interrupts: [], nodes: tasks.map((t) => t.name) });
      throw new GraphInterrupt();
    }
    if (this.p.control?.drainRequested) {
      this.w.status = 'draining';
      return false;
    }
    this.outputCachedWrites(tasks);
    if (this.p.modes.has('tasks') || this.p.modes.has('debug')) {
      for (const t of tasks) if (!t.node.tags?.includes(TAG_HIDDEN)) this.emit('tasks', taskStartPayload(t, this.p.config));
    }
    return true;
  }

  private outputCachedWrites(tasks: readonly PreparedTask[]): void {
    for (const t of tasks) if (t.writes.length > 0) outputWrites(this, t, t.writes, true);
  }

  /** Records writes of a task (or of the NULL task) against the checkpoint the step started from (see ./writes). */
  putWrites(taskId: string, writes: readonly PendingWriteValue[], cached = false): Promise<void> | undefined {
    if (writes.length === 0) return undefined;
    const r = recordWrites(this._pending, taskId, writes, this.p.specs, (id) => this.pendingOf(id).length > 0);
    if (r.keep) this._pending = r.keep;
    // Pushed, not copied: the pending index takes appended entries incrementally.
    for (const w of r.added) this._pending.push(w);
    if (this.p.durability === 'exit') this.writtenTaskIds.add(taskId);
    return reportWrites(this, taskId, r, cached);
  }

  /**
   * Applies the step's writes, saves a `loop` checkpoint, checks `interruptAfter`. Returns a
   * promise only when the step must wait for the saver (`sync` durability, a full backlog).
   */
  afterTick(): Promise<void> | undefined {
    const tasks = this.tasks;
    const r = applyWrites(this.checkpoint, this.channels, tasks, this.getNextVersion, this.p.triggerToNodes);
    this.w.checkpoint = r.checkpoint;
    this.w.channels = r.channels;
    this.w.updatedChannels = r.updated;
    if (this.p.tracer.enabled) this.p.tracer.emit({ type: '@engine.writes.applied', step: this.step, taskOrder: (r.order as PreparedTask[]).map((t) => t.id), updatedChannels: r.updated });
    const values = tasksTouchOutput(this.p.outputKeys, tasks) ? outputValues(this.p.outputKeys, true, this.channels) : undefined;
    this._pending = [];
    this.putCheckpoint('loop');
    this.committed += 1;
    // `sync`: the next step starts only once this step's writes and checkpoint are stored.
    const wait = this.p.durability === 'sync' ? this.persistence.flush() : this.persistence.throttle();
    if (wait) return wait.then(() => this.endTick(tasks, values));
    this.endTick(tasks, values);
    return undefined;
  }

  /** The end of `afterTick`, once what had to be stored is. */
  private endTick(tasks: readonly PreparedTask[], values: { value: unknown } | undefined): void {
    this.w.isReplaying = false;
    if (values) this.emit('values', values.value);
    if (shouldInterrupt(this.checkpoint, this.p.interruptAfter, tasks)) {
      this.w.status = 'interrupt_after';
      this.p.tracer.emit({ type: '@engine.interrupt', step: this.step - 1, kind: 'after', interrupts: [], nodes: tasks.map((t) => t.name) });
      throw new GraphInterrupt();
    }
    // Subgraphs resume only during the first step of a resumed run.
    this.w.resumingFlag = undefined;
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
    const previous = this.metadata;
    if (!exiting) this.w.metadata = { source, step: this.step, parents: { ...this.p.checkpointMap } };
    const parentId = this.checkpointConfig.configurable?.checkpoint_id as string | undefined;
    let changed = newVersions(this.prevVersions, this.checkpoint.channel_versions);
    let deltas: DeltaSavePlan | undefined;
    if (this.hasDeltas) ({ plan: deltas, carry: this.w.deltaCarry } = planLoopDeltas(this, source, previous, changed, saver !== undefined));
    if (deltas) this.w.metadata = { ...withoutDeltaMetadata(this.metadata), ...deltas.metadata };
    if (saver) {
      if (deltas) changed = withVersionsOf(changed, deltas.snapshot, this.checkpoint.channel_versions);
      const saved = checkpointForSave(this.checkpoint, this.channels, this.step, { id: exiting ? this.checkpoint.id : undefined, changed, saver, deltas: deltas?.snapshot });
      this.w.checkpoint = restamp(this.checkpoint, saved.id, saved.ts);
      const putConfig = this.configFor(parentId);
      const metadata = { ...this.metadata };
      this.persistence.putCheckpoint(saver, putConfig, saved, metadata, changed);
      this.w.prevCheckpointConfig = parentId ? this.configFor(parentId) : undefined;
      this.w.checkpointConfig = this.configFor(saved.id);
      // Not copied: a step replaces the map (applyWrites), it never changes it.
      this.prevVersions = this.checkpoint.channel_versions;
      this.w.savedCheckpointId = saved.id;
      if (this.p.tracer.enabled) this.p.tracer.emit({
        type: '@engine.checkpoint.saved', step: this.step, checkpointId: saved.id, parentCheckpointId: parentId ?? null, source: this.metadata.source,
        newChannels: Object.keys(changed).filter((c) => c in saved.channel_values),
      });
    } else if (!exiting) {
      // Not saved (no saver, or `exit` durability): the step still gets its own id, from which
      // the next step's task ids derive.
      this.w.checkpoint = restamp(this.checkpoint, uuid6(this.step), isoNow());
    }
    if (!exiting) this.w.step += 1;
  }

  /** The pending writes of one task, in order (indexed: see ./pending_index). */
  pendingOf(taskId: string): readonly PendingWrite[] {
    return this.pendingIndex.writesOf(this._pending, taskId);
  }

  /** Adds a task to the current step (a call-task, or an error handler, made while the step runs). */
  registerTask(task: PreparedTask): void {
    this.taskList.add(task);
  }

  /** The task of the current step with this id, if any. */
  taskOf(id: string): PreparedTask | undefined {
    return this.taskList.get(id);
  }
}
