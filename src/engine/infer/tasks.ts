/**
 * What runs next from a stored checkpoint, as LangGraph prepares it for `getState` /
 * `getStateHistory` (`_prepareNextTasks`): one PUSH task per `Send` in `__pregel_tasks`, then one
 * PULL task per node one of whose trigger channels is available with a version newer than the one
 * the node last saw; each task's error and interrupts from the pending writes saved beside it.
 * Read from checkpoint data alone: no channel objects and no node code. With the graph's wiring the
 * answer is LangGraph's; without it, what cannot be certain is said (`InferredTask.uncertain`).
 */
import { ERROR, INTERRUPT, PULL, PUSH, TASKS } from '../constants';
import { migratePendingSends } from '../checkpoint/migrate';
import type { Checkpoint, PendingWrite } from '../checkpoint/types';
import { taskId } from '../pregel/ids';
import type { GraphWiring, InferCheckpoint, InferInput, InferredInterrupt, InferredStep, InferredTask, InferredTrigger, Uncertainty, WiredChannel } from './types';
import { barrierSources, inferWiring } from './wiring';

type Version = number | string;

/** LangGraph's "no version yet" of the checkpoint's kind of versions (numbers: 0, strings: ""), or undefined when it has none. */
function nullVersion(versions: Record<string, Version>): Version | undefined {
  for (const v of Object.values(versions)) {
    if (typeof v === 'number') return 0;
    if (typeof v === 'string') return '';
    return undefined;
  }
  return undefined;
}

/** Whether a channel holds a value the node can read (a barrier: once every source it waits for wrote). */
function available(checkpoint: InferCheckpoint, chan: string, declared: WiredChannel | undefined): boolean {
  if (!Object.hasOwn(checkpoint.channel_values, chan)) return false;
  const waits = declared?.kind === 'barrier' ? (declared.waitsFor ?? null) : declared ? null : barrierSources(chan);
  if (waits === null) return true;
  const seen = checkpoint.channel_values[chan];
  const got = new Set(Array.isArray(seen) ? seen.map(String) : seen instanceof Set ? [...seen].map(String) : []);
  return waits.every((w) => got.has(w));
}

/** A stored Send packet's node and whether it is one (`{ node, args }`, with or without its marker). */
function sendNode(packet: unknown): string | null {
  if (typeof packet !== 'object' || packet === null) return null;
  const node = (packet as { node?: unknown }).node;
  return typeof node === 'string' ? node : null;
}

/** The interrupts of one `__interrupt__` write value (a list of `{ id, value }`, or one). */
function interruptsOf(value: unknown): InferredInterrupt[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((i) => {
    if (typeof i !== 'object' || i === null) return { id: '', value: i };
    const r = i as { id?: unknown; interrupt_id?: unknown; value?: unknown };
    const id = typeof r.id === 'string' ? r.id : typeof r.interrupt_id === 'string' ? r.interrupt_id : '';
    return { id, value: 'value' in r ? r.value : i };
  });
}

/** A stored task path (`~__pregel_pull, node`, `~__pregel_push, 0, False`) as its parts. */
function pathParts(path: string): string[] {
  return path.replace(/^~/, '').split(',').map((p) => p.trim().replace(/^'(.*)'$/, '$1'));
}

/** The id a store's own write gives this task, from the task path it stored beside the write. */
function idFromPaths(paths: ReadonlyMap<string, string> | undefined, kind: 'pull' | 'push', key: string): string | undefined {
  if (!paths) return undefined;
  for (const [id, path] of paths) {
    const parts = pathParts(path);
    if (parts[0] === (kind === 'pull' ? PULL : PUSH) && parts[1] === key) return id;
  }
  return undefined;
}

/** The checkpoint with the sends its parent saved, for a checkpoint of a format before 4. */
function withSends(c: InferCheckpoint, parentWrites: readonly PendingWrite[] | undefined): InferCheckpoint {
  if ((c.v ?? 4) >= 4 || !parentWrites || Object.hasOwn(c.channel_values, TASKS)) return c;
  return migratePendingSends({ v: c.v ?? 1, ts: '', ...c } as Checkpoint, parentWrites) as InferCheckpoint;
}

/**
 * The tasks of the step after `input.checkpoint`, as LangGraph's `getStateHistory` lists them.
 * @param input the checkpoint, its step and namespace, its pending writes; the graph's wiring when attached
 */
export function inferTasks(input: InferInput): InferredStep {
  const checkpoint = withSends(input.checkpoint, input.parentWrites);
  const ns = input.checkpointNs ?? '';
  const step = String((input.step ?? -1) + 1);
  const writes = input.pendingWrites ?? [];
  const writers = new Set(writes.map((w) => w[0]));
  const declared = input.wiring !== undefined;
  const wiring: GraphWiring = input.wiring ?? inferWiring(checkpoint, input.observed);
  const channels = new Map((wiring.channels ?? []).map((c) => [c.name, c]));
  const nodes = new Set(wiring.nodes.map((n) => n.name));
  const nsOf = (name: string) => (ns === '' ? name : `${ns}|${name}`);
  const tasks: InferredTask[] = [];

  const packets = checkpoint.channel_values[TASKS];
  if (Array.isArray(packets)) {
    packets.forEach((p, i) => {
      const node = sendNode(p);
      if (node === null || (declared && !nodes.has(node))) return;
      const computed = taskId([nsOf(node), step, node, PUSH, String(i)], checkpoint.id);
      const stored = writers.has(computed) ? computed : idFromPaths(input.writePaths, 'push', String(i));
      const id = stored ?? computed;
      tasks.push(task(id, node, 'push', [PUSH, i, false], [{ channel: PUSH, version: checkpoint.channel_versions[TASKS] ?? 0, seen: null }], writers.has(id), []));
    });
  }

  const zero = nullVersion(checkpoint.channel_versions);
  if (zero !== undefined) {
    const pull: InferredTask[] = [];
    for (const node of wiring.nodes) {
      // A task that already wrote under LangGraph's node-named id is done (LangGraph's own check).
      const doneId = taskId([nsOf(node.name), step, node.name, PULL, node.name], checkpoint.id);
      if (writes.some((w) => w[0] === doneId && w[1] !== ERROR)) continue;
      const seen = checkpoint.versions_seen[node.name] ?? {};
      const news: InferredTrigger[] = [];
      for (const chan of node.triggers) {
        if (!available(checkpoint, chan, channels.get(chan))) continue;
        const v = checkpoint.channel_versions[chan] ?? zero;
        const s = seen[chan] ?? zero;
        if (v > s) news.push({ channel: chan, version: v, seen: seen[chan] ?? null });
      }
      if (news.length === 0) continue;
      const ids = news.map((n) => taskId([nsOf(node.name), step, node.name, PULL, [n.channel]], checkpoint.id));
      const matched = ids.findIndex((id) => writers.has(id));
      const fromPath = matched < 0 ? idFromPaths(input.writePaths, 'pull', node.name) : undefined;
      const id = matched >= 0 ? ids[matched]! : (fromPath ?? ids[0]!);
      const first = matched >= 0 ? news[matched]! : news[0]!;
      const uncertain: Uncertainty[] = declared ? [] : ['triggers'];
      if (!declared && matched < 0 && fromPath === undefined && news.length > 1) uncertain.push('id');
      pull.push(task(id, node.name, 'pull', [PULL, node.name], [first, ...news.filter((n) => n !== first)], writers.has(id), uncertain));
    }
    if (!declared) {
      // LangGraph lists them in the graph's node order, which the data does not keep.
      pull.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      if (pull.length > 1) for (const t of pull) t.uncertain.push('order');
    }
    tasks.push(...pull);
  }

  for (const t of tasks) {
    const error = writes.find((w) => w[0] === t.id && w[1] === ERROR);
    if (error) t.error = error[2];
    for (const w of writes) if (w[0] === t.id && w[1] === INTERRUPT) t.interrupts.push(...interruptsOf(w[2]));
    const sub = `${nsOf(t.name)}:${t.id}`;
    if (input.namespaces?.includes(sub)) t.subgraphNs = sub;
  }
  return { next: tasks.map((t) => t.name), tasks, basis: declared ? 'declared' : 'observed' };
}

function task(id: string, name: string, kind: 'pull' | 'push', path: InferredTask['path'], triggers: InferredTrigger[], idSeen: boolean, uncertain: Uncertainty[]): InferredTask {
  return { id, name, kind, path, triggers, error: null, interrupts: [], idSeen, uncertain };
}
