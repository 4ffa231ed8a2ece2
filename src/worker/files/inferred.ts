/**
 * What runs next from a checkpoint of an opened file, and the graph its run shows, computed by the
 * engine's task inference (src/engine/infer) from the checkpoint data alone: a file has no graph
 * the app could run to ask, and reading it never starts a sandbox. What every checkpoint read so
 * far showed of the wiring (nodes and their trigger channels in `versions_seen`) is kept per
 * (thread, namespace), so each later read is closer to what LangGraph would say.
 */
import { inferTasks, observeWiring, type GraphWiring, type InferredStep, type InferredTask, type ObservedWiring } from '../../engine/infer/index';
import type { CheckpointTuple } from '../../engine/checkpoint/types';
import { toJsonSafe } from '../../protocol/json-safe';
import type { WireSnapshot, WireTask } from '../../protocol/sandbox';
import { boundedError, errorToWire } from '../../protocol/wire-error';

/** What a file's reads have shown of a (thread, namespace)'s wiring, per "thread\0ns". */
export class WiringMemory {
  private readonly seen = new Map<string, ObservedWiring>();

  /** Adds what `tuples` show, and returns everything known about the namespace. */
  observe(threadId: string, ns: string, tuples: readonly CheckpointTuple[]): ObservedWiring {
    const key = `${threadId}\0${ns}`;
    const known = this.seen.get(key) ?? { nodes: [], triggers: {} };
    this.seen.set(key, known);
    // Oldest first: nodes are kept in the order they were first seen.
    return observeWiring([...tuples].sort((a, b) => (a.checkpoint.id < b.checkpoint.id ? -1 : 1)).map((t) => t.checkpoint), known);
  }
}

/** The next step of a stored checkpoint: exact with the graph's wiring, else from what was observed. */
export function stepOf(tuple: CheckpointTuple, extra: { observed?: ObservedWiring; wiring?: GraphWiring; namespaces?: readonly string[]; parent?: CheckpointTuple }): InferredStep {
  return inferTasks({
    checkpoint: tuple.checkpoint,
    step: tuple.metadata?.step,
    checkpointNs: tuple.config.configurable?.checkpoint_ns ?? '',
    pendingWrites: tuple.pendingWrites,
    parentWrites: extra.parent?.pendingWrites,
    observed: extra.observed,
    wiring: extra.wiring,
    namespaces: extra.namespaces,
  });
}

const pathText = (path: InferredTask['path']) => path.map(String).join(', ');

/** An inferred task as the sandbox would describe it, with its triggers and what is uncertain. */
function taskToWire(t: InferredTask): WireTask {
  const task: WireTask = {
    id: t.id,
    name: t.name,
    path: pathText(t.path),
    kind: t.kind,
    interrupts: t.interrupts.map((i) => ({ id: i.id, value: toJsonSafe(i.value) })),
    error: t.error == null ? null : boundedError(errorToWire(t.error)),
    triggers: t.triggers.map((tr) => ({ channel: tr.channel, version: tr.version, seen: tr.seen })),
  };
  if (t.uncertain.length > 0) task.uncertain = [...t.uncertain];
  if (t.subgraphNs) task.subgraphNs = t.subgraphNs;
  return task;
}

/** The inferred step as a snapshot without values (the detail reads them from the tuple). */
export function snapshotOf(step: InferredStep): WireSnapshot {
  return { values: null, next: step.next, tasks: step.tasks.map(taskToWire) };
}
