/**
 * Which graph (root or subgraph) and which saver a state method's config addresses.
 */
import type { BaseCheckpointSaver, RunnableConfig } from '../checkpoint/types';
import { GraphValueError } from '../errors';
import { recastNamespace } from './checkpoint';
import type { Pregel } from './pregel';

export function saverOf(graph: Pregel): BaseCheckpointSaver {
  if (!graph.checkpointer) throw new GraphValueError('No checkpointer set', { lc_error_code: 'MISSING_CHECKPOINTER' });
  return graph.checkpointer;
}

/**
 * The graph a config addresses: the root for `checkpoint_ns: ""`, else the subgraph found by
 * walking the namespace's node names (`"sub:<id>|inner:<id>"` → node `sub`, then `inner`), with the
 * namespace its checkpoints are stored under. As in LangGraph.js, when no node matches, the graph
 * itself reads that namespace (so a caller holding the subgraph can pass its namespace).
 */
export function target(graph: Pregel, config: RunnableConfig): { graph: Pregel; config: RunnableConfig; ns: string } {
  const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? '';
  let g = graph;
  if (ns !== '') {
    for (const name of recastNamespace(ns).split('|')) {
      const sub = g.nodes[name]?.subgraph as Pregel | undefined;
      if (!sub) {
        g = graph;
        break;
      }
      g = sub;
    }
  }
  const own = g.checkpointMode === true ? recastNamespace(ns) : ns;
  return { graph: g, ns: own, config: { configurable: { ...config.configurable, checkpoint_ns: own } } };
}
