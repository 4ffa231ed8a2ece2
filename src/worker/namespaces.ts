/** The subgraph namespace tree of a thread. */
import type { NamespaceNode } from '../protocol/dto';

/** Per namespace: its checkpoint count and its newest checkpoint's id (ids grow with time). */
export type NamespaceCounts = ReadonlyMap<string, { checkpoints: number; latest: string }>;

/**
 * Builds the namespace tree. Siblings are in the order they ran (by their newest checkpoint), and
 * siblings of the same node (a subgraph called several times: `work:<task id>` each time) are
 * told apart by their call number.
 */
export function namespaceTree(counts: NamespaceCounts): NamespaceNode {
  const root: NamespaceNode = { ns: '', name: '', children: [], checkpoints: counts.get('')?.checkpoints ?? 0 };
  const nodes = new Map<string, NamespaceNode>([['', root]]);
  const latest = (ns: string) => counts.get(ns)?.latest ?? '';
  const ensure = (ns: string): NamespaceNode => {
    const found = nodes.get(ns);
    if (found) return found;
    const cut = ns.lastIndexOf('|');
    const parent = ensure(cut < 0 ? '' : ns.slice(0, cut));
    const last = cut < 0 ? ns : ns.slice(cut + 1);
    const node: NamespaceNode = { ns, name: last.split(':')[0] ?? last, children: [], checkpoints: counts.get(ns)?.checkpoints ?? 0 };
    parent.children.push(node);
    nodes.set(ns, node);
    return node;
  };
  for (const ns of [...counts.keys()].sort()) ensure(ns);
  for (const node of nodes.values()) {
    node.children.sort((a, b) => (latest(a.ns) < latest(b.ns) ? -1 : latest(a.ns) > latest(b.ns) ? 1 : a.ns < b.ns ? -1 : 1));
    const byName = new Map<string, NamespaceNode[]>();
    for (const c of node.children) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
    for (const same of byName.values()) if (same.length > 1) same.forEach((c, i) => (c.call = { index: i + 1, of: same.length }));
  }
  return root;
}
