/**
 * The Recorder drives one scenario run and collects its normalised outcome: every invoke / stream
 * result (or error), histories with the writes saved beside each checkpoint, states, and how often
 * each node ran. Scenarios call it in a fixed order, so two implementations that behave alike
 * produce deep-equal outcomes.
 */
import type { Impl, Saver } from './impl';
import { cpLabel, newLabels, normError, normMessagesChunk, normParents, plain, type Labels } from './normalize';
import { dropUndefined, normCheckpointEvent, normDebugEvent, normPendingWrites, normSnapshot, normTaskEvent } from './snapshot';

type Obj = Record<string, any>;

/** The normalised result of one scenario run. */
export interface Outcome {
  /** Labelled records, in the order the scenario made them. */
  entries: [string, unknown][];
  /** How often each node / task ran. */
  calls: Record<string, number>;
}

/** Options of a history record. */
export interface HistoryOptions {
  /** Passed to getStateHistory (`limit`, `before`, `filter`). */
  list?: Obj;
  /** Also record the writes saved beside each checkpoint (default true). */
  writes?: boolean;
}

export class Recorder {
  readonly labels: Labels = newLabels();
  readonly calls: Record<string, number> = {};
  private readonly entries: [string, unknown][] = [];

  /**
   * @param impl the implementation under test
   * @param saver the checkpointer the scenario's graphs use (read directly for pending writes)
   */
  constructor(readonly impl: Impl, readonly saver: Saver) {}

  /** Counts one run of `name` (call it first thing in a node / task body). */
  count(name: string): void {
    this.calls[name] = (this.calls[name] ?? 0) + 1;
  }

  /** Records any plain value. */
  note(label: string, value: unknown): void {
    this.entries.push([label, plain(value, this.labels)]);
  }

  /** Invokes and records the result or the error (name + message). Returns the raw result. */
  async invoke(label: string, graph: Obj, input: unknown, config?: Obj): Promise<unknown> {
    await this.syncCheckpoints(config);
    try {
      const result = await graph.invoke(input, config);
      this.entries.push([label, { result: plain(result, this.labels) }]);
      return result;
    } catch (err) {
      this.entries.push([label, { error: normError(err) }]);
      return undefined;
    } finally {
      await this.syncCheckpoints(config);
    }
  }

  /** Streams and records every chunk (stable parts only for checkpoints / tasks / debug). */
  async stream(label: string, graph: Obj, input: unknown, config: Obj): Promise<void> {
    await this.syncCheckpoints(config);
    const chunks: unknown[] = [];
    try {
      for await (const chunk of await graph.stream(input, config)) chunks.push(chunk);
      this.entries.push([label, { chunks: this.normChunks(chunks, config) }]);
    } catch (err) {
      this.entries.push([label, { chunks: this.normChunks(chunks, config), error: normError(err) }]);
    }
    await this.syncCheckpoints(config);
  }

  /** Records getStateHistory (newest first), each checkpoint with its saved writes. */
  async history(label: string, graph: Obj, config: Obj, options: HistoryOptions = {}): Promise<Obj[]> {
    await this.syncCheckpoints(config);
    const raw: Obj[] = [];
    for await (const s of graph.getStateHistory(config, options.list)) raw.push(s);
    const rows: Obj[] = [];
    for (const s of raw) {
      const row = normSnapshot(s, this.labels);
      if (options.writes !== false) {
        const tuple = await this.saver.getTuple(s.config);
        row.writes = normPendingWrites(tuple?.pendingWrites, this.labels);
      }
      rows.push(row);
    }
    this.entries.push([label, rows]);
    return raw;
  }

  /**
   * Records every checkpoint of the config's thread in every namespace (root and subgraphs),
   * newest first by id, with its namespace, step, source, parent links and saved writes.
   */
  async allCheckpoints(label: string, config: Obj): Promise<void> {
    await this.syncCheckpoints(config);
    const tuples: Obj[] = [];
    for await (const t of this.saver.list({ configurable: { thread_id: config.configurable.thread_id } })) tuples.push(t);
    tuples.sort((a, b) => (a.checkpoint.id < b.checkpoint.id ? 1 : -1));
    const rows = tuples.map((t) => ({
      checkpoint: cpLabel(t.config, this.labels),
      step: t.metadata?.step,
      source: t.metadata?.source,
      parent: cpLabel(t.parentConfig, this.labels),
      parents: normParents(t.metadata?.parents, this.labels),
      writes: normPendingWrites(t.pendingWrites, this.labels),
    }));
    this.entries.push([label, rows.map(dropUndefined)]);
  }

  /** Records getState (or the error it throws). Returns the raw snapshot. */
  async state(label: string, graph: Obj, config: Obj, options?: Obj): Promise<Obj | undefined> {
    await this.syncCheckpoints(config);
    try {
      const s = await graph.getState(config, options);
      this.entries.push([label, normSnapshot(s, this.labels)]);
      return s;
    } catch (err) {
      this.entries.push([label, { error: normError(err) }]);
      return undefined;
    }
  }

  /** Calls updateState and records the returned checkpoint (or the error). */
  async update(label: string, graph: Obj, config: Obj, values: unknown, asNode?: string): Promise<Obj | undefined> {
    await this.syncCheckpoints(config);
    try {
      const cfg = await graph.updateState(config, values, asNode);
      await this.syncCheckpoints(config);
      this.entries.push([label, { checkpoint: cpLabel(cfg, this.labels) }]);
      return cfg;
    } catch (err) {
      this.entries.push([label, { error: normError(err) }]);
      return undefined;
    }
  }

  /** The outcome so far. */
  outcome(): Outcome {
    return { entries: this.entries, calls: { ...this.calls } };
  }

  /**
   * Labels every checkpoint of the config's thread (all namespaces) in creation order, i.e.
   * ascending id, so that labels follow creation rather than the order a record reads them.
   */
  private async syncCheckpoints(config: Obj | undefined): Promise<void> {
    const threadId = config?.configurable?.thread_id;
    if (threadId === undefined) return;
    const ids: string[] = [];
    for await (const t of this.saver.list({ configurable: { thread_id: threadId } })) ids.push(t.config.configurable.checkpoint_id);
    ids.sort();
    for (const id of ids) this.labels.checkpoints.label(id, 'cp');
  }

  private normChunks(chunks: unknown[], config: Obj): unknown[] {
    // Only normalisation depends on the mode; with none given, chunks are normalised as plain data.
    const modes = config.streamMode;
    const multi = Array.isArray(modes);
    const sub = config.subgraphs === true;
    const out = chunks.map((c) => {
      if (!multi && !sub) return this.normByMode(String(modes ?? 'values'), c);
      const parts = c as unknown[];
      const ns = sub ? (parts[0] as string[]).map((n) => n.replace(/:.*/, '')) : undefined;
      const mode = multi ? String(parts[sub ? 1 : 0]) : String(modes ?? 'values');
      const payload = this.normByMode(mode, parts[parts.length - 1]);
      if (sub) return multi ? [ns, mode, payload] : [ns, payload];
      return [mode, payload];
    });
    return sortResultRuns(out, multi);
  }

  private normByMode(mode: string, chunk: unknown): unknown {
    const c = chunk as Obj;
    switch (mode) {
      case 'checkpoints':
        return normCheckpointEvent(c, this.labels);
      case 'tasks':
        return normTaskEvent(c, this.labels);
      case 'debug':
        return normDebugEvent(c, this.labels);
      case 'messages':
        return normMessagesChunk(chunk, this.labels);
      default:
        return plain(chunk, this.labels);
    }
  }
}

function isResultEvent(e: unknown, multi: boolean): boolean {
  const payload = (Array.isArray(e) ? e[e.length - 1] : e) as Obj | undefined;
  if (payload?.kind === 'result' || payload?.payload?.kind === 'result') return true;
  // With several modes, an `updates` chunk is emitted as its task finishes, beside the task's result.
  return multi && Array.isArray(e) && e[e.length - 2] === 'updates';
}

/**
 * Parallel tasks report their results (and, with several modes, their updates) in finishing
 * order, and how an implementation interleaves the two is timing rather than semantics: within
 * each run of consecutive result events, sort them. (A single-mode `updates` stream keeps its
 * order: its chunks are the only record of the step order.)
 */
function sortResultRuns(events: unknown[], multi: boolean): unknown[] {
  const out: unknown[] = [];
  let run: unknown[] = [];
  const flush = () => {
    run.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    out.push(...run);
    run = [];
  };
  for (const e of events) {
    if (isResultEvent(e, multi)) run.push(e);
    else {
      flush();
      out.push(e);
    }
  }
  flush();
  return out;
}
