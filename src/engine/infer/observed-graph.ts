/**
 * The graph a thread shows, drawn from its checkpoints alone: nodes are the tasks that ran (and the
 * nodes `versions_seen` and trigger channels name), edges the steps actually taken — the writes of
 * a task at one step that triggered a task of the next (a `Send` drawn as such), and the tasks after
 * which the run ended. It is what this run did, not the graph's declaration: edges never taken are
 * missing, and which edges were conditional is a guess (a node seen going to different places).
 */
import { END, START, TASKS } from '../constants';
import type { PendingWrite } from '../checkpoint/types';
import { inferTasks } from './tasks';
import type { InferCheckpoint, InferredStep } from './types';
import { observeWiring } from './wiring';

/** One checkpoint of the namespace drawn. */
export interface ObservedCheckpoint {
  checkpoint: InferCheckpoint;
  parentId?: string | null | undefined;
  step?: number | undefined;
  /** `metadata.source` (`loop`: a step completed into it). */
  source?: string | undefined;
  pendingWrites?: readonly PendingWrite[] | undefined;
}

/** A drawn node (shaped like the protocol's `GraphNodeDTO`). */
export interface ObservedNode {
  id: string;
  kind: 'start' | 'end' | 'node' | 'subgraph';
  subgraph?: ObservedGraph;
}

/** A drawn edge (shaped like the protocol's `GraphEdgeDTO`). */
export interface ObservedEdge {
  source: string;
  target: string;
  conditional: boolean;
  label?: string;
}

/** The graph observed in a run. */
export interface ObservedGraph {
  nodes: ObservedNode[];
  edges: ObservedEdge[];
}

/** The input of `observeGraph`. */
export interface ObserveInput {
  /** Checkpoints of one (thread, namespace), in any order. */
  checkpoints: readonly ObservedCheckpoint[];
  checkpointNs?: string | undefined;
  /** The thread's namespaces, to tell which nodes ran a subgraph. */
  namespaces?: readonly string[] | undefined;
  /** The graphs observed in subgraph namespaces, by the node that ran them. */
  subgraphs?: Readonly<Record<string, ObservedGraph>> | undefined;
}

const sendNode = (v: unknown): string | null => {
  const node = typeof v === 'object' && v !== null ? (v as { node?: unknown }).node : undefined;
  return typeof node === 'string' ? node : null;
};

/**
 * The graph the checkpoints of one namespace show (see the module comment).
 * @param input the namespace's checkpoints; its subgraphs' observed graphs by node name
 */
export function observeGraph(input: ObserveInput): ObservedGraph {
  const ordered = [...input.checkpoints].sort((a, b) => (a.checkpoint.id < b.checkpoint.id ? -1 : 1));
  const observed = observeWiring(ordered.map((c) => c.checkpoint));
  const steps = new Map<string, InferredStep>();
  for (const c of ordered) {
    steps.set(c.checkpoint.id, inferTasks({ checkpoint: c.checkpoint, step: c.step, checkpointNs: input.checkpointNs, pendingWrites: c.pendingWrites, observed, namespaces: input.namespaces }));
  }
  const nodes: string[] = [];
  const subgraphNodes = new Set<string>();
  const edges = new Map<string, ObservedEdge>();
  /** Each source's targets per step it ran in: a source seen going to different places is conditional. */
  const outings = new Map<string, Set<string>[]>();
  const addNode = (n: string) => {
    if (!nodes.includes(n)) nodes.push(n);
  };
  const addEdge = (source: string, target: string, label?: string) => {
    addNode(source);
    addNode(target);
    const key = `${source}\0${target}\0${label ?? ''}`;
    if (!edges.has(key)) edges.set(key, { source, target, conditional: label !== undefined, ...(label ? { label } : {}) });
  };
  for (const c of ordered) {
    for (const t of steps.get(c.checkpoint.id)!.tasks) {
      addNode(t.name);
      if (t.subgraphNs) subgraphNodes.add(t.name);
    }
  }
  for (const n of observed.nodes) addNode(n);
  for (const c of ordered) {
    const parent = c.parentId ? steps.get(c.parentId) : undefined;
    const parentData = c.parentId ? ordered.find((p) => p.checkpoint.id === c.parentId) : undefined;
    if (!parent || !parentData || c.source !== 'loop') continue;
    const here = steps.get(c.checkpoint.id)!;
    const byId = new Map(parent.tasks.map((t) => [t.id, t]));
    const reached = new Set<string>();
    const perSource = new Map<string, Set<string>>();
    const targetsOf = (name: string) => perSource.get(name) ?? perSource.set(name, new Set()).get(name)!;
    for (const [taskId, channel, value] of parentData.pendingWrites ?? []) {
      const writer = byId.get(taskId);
      if (!writer) continue;
      const targets = targetsOf(writer.name);
      if (channel === TASKS) {
        const node = sendNode(value);
        if (node === null) continue;
        addEdge(writer.name, node, 'Send');
        reached.add(node);
        continue;
      }
      for (const next of here.tasks) {
        if (next.kind !== 'pull' || !next.triggers.some((tr) => tr.channel === channel)) continue;
        addEdge(writer.name, next.name);
        reached.add(next.name);
        targets.add(next.name);
      }
    }
    if (here.tasks.length === 0) {
      for (const t of parent.tasks) {
        addEdge(t.name, END);
        targetsOf(t.name).add(END);
      }
    }
    // A task whose trigger no saved write explains still followed the step before it.
    for (const next of here.tasks) if (!reached.has(next.name)) for (const t of parent.tasks) addEdge(t.name, next.name);
    for (const [source, targets] of perSource) (outings.get(source) ?? outings.set(source, []).get(source)!).push(targets);
  }
  // A run of the functional API (or an older graph) starts at a node that reads `__start__` itself.
  if (!nodes.includes(START)) {
    const entries = nodes.filter((n) => observed.triggers[n]?.includes(START));
    if (entries.length > 0) {
      nodes.unshift(START);
      for (const e of entries) addEdge(START, e);
      // Its tasks (`task()`) are in `versions_seen` with nothing seen: the entrypoint called them.
      const calls = nodes.filter((n) => n !== START && !entries.includes(n) && (observed.triggers[n] ?? []).length === 0 && ![...steps.values()].some((s) => s.next.includes(n)));
      for (const e of entries) for (const c of calls) addEdge(e, c, 'call');
    }
  }
  for (const [source, sets] of outings) {
    const shapes = new Set(sets.map((s) => [...s].sort().join('\0')));
    if (shapes.size < 2) continue;
    for (const e of edges.values()) if (e.source === source) e.conditional = true;
  }
  const drawn: ObservedNode[] = nodes.map((id) => {
    if (id === START) return { id, kind: 'start' };
    if (id === END) return { id, kind: 'end' };
    const sub = input.subgraphs?.[id];
    return subgraphNodes.has(id) || sub ? { id, kind: 'subgraph', ...(sub ? { subgraph: sub } : {}) } : { id, kind: 'node' };
  });
  // START first and END last, as LangGraph draws them.
  drawn.sort((a, b) => rank(a.kind) - rank(b.kind));
  return { nodes: drawn, edges: [...edges.values()] };
}

const rank = (kind: ObservedNode['kind']) => (kind === 'start' ? 0 : kind === 'end' ? 2 : 1);
