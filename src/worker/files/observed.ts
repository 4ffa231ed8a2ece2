/**
 * The graph an opened file's thread shows, for the canvas: drawn by the engine's `observeGraph`
 * from the thread's checkpoints (each namespace's; a subgraph node holds what its namespaces
 * show, merged over its runs). It is what the run did, not the graph's declaration; the canvas
 * says so.
 */
import { observeGraph, type ObservedCheckpoint, type ObservedGraph } from '../../engine/infer/index';
import type { GraphShape } from '../../protocol/dto';
import type { CheckpointSource } from '../../formats/index';

/** Checkpoints read per namespace at most: a longer history is drawn from its newest ones. */
export const OBSERVED_CHECKPOINTS_MAX = 2000;

async function checkpointsOf(source: CheckpointSource, threadId: string, ns: string): Promise<ObservedCheckpoint[]> {
  const out: ObservedCheckpoint[] = [];
  const saver = source.saver();
  for await (const t of saver.list({ configurable: { thread_id: threadId, checkpoint_ns: ns } }, { limit: OBSERVED_CHECKPOINTS_MAX })) {
    out.push({ checkpoint: t.checkpoint, parentId: t.parentConfig?.configurable?.checkpoint_id, step: t.metadata?.step, source: t.metadata?.source, pendingWrites: t.pendingWrites });
  }
  return out;
}

/** Two observed graphs of the same node (two runs of a subgraph) as one. */
function merge(a: ObservedGraph, b: ObservedGraph): ObservedGraph {
  const nodes = [...a.nodes];
  for (const n of b.nodes) {
    const i = nodes.findIndex((x) => x.id === n.id);
    if (i < 0) nodes.push(n);
    else if (n.kind === 'subgraph') nodes[i] = { ...n, ...(nodes[i]!.subgraph && n.subgraph ? { subgraph: merge(nodes[i]!.subgraph!, n.subgraph) } : {}) };
  }
  const edges = [...a.edges];
  for (const e of b.edges) {
    const same = edges.findIndex((x) => x.source === e.source && x.target === e.target && x.label === e.label);
    if (same < 0) edges.push(e);
    else if (e.conditional) edges[same] = { ...edges[same]!, conditional: true };
  }
  const rank = (k: string) => (k === 'start' ? 0 : k === 'end' ? 2 : 1);
  return { nodes: nodes.sort((x, y) => rank(x.kind) - rank(y.kind)), edges };
}

/** The node a namespace level belongs to (`node:<task id>`). */
const nodeOf = (level: string) => level.slice(0, level.lastIndexOf(':'));

async function observeNs(source: CheckpointSource, threadId: string, ns: string, all: readonly string[]): Promise<ObservedGraph> {
  const depth = ns === '' ? 0 : ns.split('|').length;
  const children = all.filter((n) => n !== '' && n.split('|').length === depth + 1 && (ns === '' || n.startsWith(`${ns}|`)));
  const subgraphs: Record<string, ObservedGraph> = {};
  for (const child of children) {
    const node = nodeOf(child.split('|').at(-1)!);
    const drawn = await observeNs(source, threadId, child, all);
    subgraphs[node] = subgraphs[node] ? merge(subgraphs[node], drawn) : drawn;
  }
  return observeGraph({ checkpoints: await checkpointsOf(source, threadId, ns), checkpointNs: ns, namespaces: all, subgraphs });
}

/** The graph a file's thread (by its id in the file) shows. */
export async function observedShape(source: CheckpointSource, threadId: string): Promise<GraphShape> {
  const all = (await source.listNamespaces(threadId)).map((n) => n.checkpointNs);
  return observeNs(source, threadId, '', all);
}
