/**
 * Checks on a history as a graph of checkpoints, shared by both importers: ids are unique within a
 * namespace, every parent exists in the same namespace, and parent links have no cycle. Also gives
 * the order to write in (parents before children).
 */
import { PortabilityFailure, formatPath, type PathSegment, type PortabilityIssue } from './issues';

/** What the checks need to know about one checkpoint. */
export interface HistoryNode {
  ns: string;
  id: string;
  parentId: string | null;
  /** Where the checkpoint sits in the file, for messages. */
  path: PathSegment[];
  /** Where its parent reference sits in the file. */
  parentPath: PathSegment[];
}

const key = (ns: string, id: string) => JSON.stringify([ns, id]);

/**
 * Checks the history and returns the indexes of `nodes` in write order (every parent before its
 * children; otherwise ascending id, which is creation order).
 * @throws PortabilityFailure `duplicate-id`, `missing-parent` or `cycle`
 */
export function checkHistory(nodes: readonly HistoryNode[]): number[] {
  const byKey = new Map<string, number>();
  nodes.forEach((node, i) => {
    const k = key(node.ns, node.id);
    const first = byKey.get(k);
    if (first !== undefined) {
      throw new PortabilityFailure('duplicate-id', [{
        path: formatPath(node.path),
        message: `Checkpoint "${node.id}" (namespace "${node.ns}") appears twice; first at ${formatPath(nodes[first]!.path)}.`,
      }]);
    }
    byKey.set(k, i);
  });
  const missing: PortabilityIssue[] = [];
  const parentOf = nodes.map((node) => {
    if (node.parentId === null) return -1;
    const p = byKey.get(key(node.ns, node.parentId));
    if (p === undefined) {
      missing.push({
        path: formatPath(node.parentPath),
        message: `Checkpoint "${node.id}" names a parent "${node.parentId}" that is not in the file (namespace "${node.ns}").`,
      });
      return -1;
    }
    return p;
  });
  if (missing.length > 0) throw new PortabilityFailure('missing-parent', missing);
  return writeOrder(nodes, parentOf);
}

/** Topological order by depth from a root, ids ascending within a depth; fails on a cycle. */
function writeOrder(nodes: readonly HistoryNode[], parentOf: number[]): number[] {
  const depth = new Array<number>(nodes.length).fill(-1);
  for (let start = 0; start < nodes.length; start++) {
    // Walk up to a node of known depth (or a root), then assign depths on the way back down.
    const chain: number[] = [];
    const onChain = new Set<number>();
    let cur = start;
    while (cur !== -1 && depth[cur] === -1) {
      if (onChain.has(cur)) {
        throw new PortabilityFailure('cycle', [{
          path: formatPath(nodes[cur]!.parentPath),
          message: `Parent links loop back to checkpoint "${nodes[cur]!.id}": a history cannot contain a cycle.`,
        }]);
      }
      onChain.add(cur);
      chain.push(cur);
      cur = parentOf[cur]!;
    }
    let d = cur === -1 ? -1 : depth[cur]!;
    for (let i = chain.length - 1; i >= 0; i--) depth[chain[i]!] = ++d;
  }
  return nodes
    .map((_, i) => i)
    .sort((a, b) => depth[a]! - depth[b]! || cmp(nodes[a]!.id, nodes[b]!.id) || cmp(nodes[a]!.ns, nodes[b]!.ns));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
