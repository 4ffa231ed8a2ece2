/** The subgraph namespace tree of a thread. */
import type { NamespaceNode } from '../protocol/dto';

/** Builds the namespace tree from checkpoint counts per namespace. */
export function namespaceTree(counts: ReadonlyMap<string, number>): NamespaceNode {
  const root: NamespaceNode = { ns: '', name: '', children: [], checkpoints: counts.get('') ?? 0 };
  const nodes = new Map<string, NamespaceNode>([['', root]]);
  const ensure = (ns: string): NamespaceNode => {
    const found = nodes.get(ns);
    if (found) return found;
    const cut = ns.lastIndexOf('|');
    const parent = ensure(cut < 0 ? '' : ns.slice(0, cut));
    const last = cut < 0 ? ns : ns.slice(cut + 1);
    const node: NamespaceNode = { ns, name: last.split(':')[0] ?? last, children: [], checkpoints: counts.get(ns) ?? 0 };
    parent.children.push(node);
    nodes.set(ns, node);
    return node;
  };
  for (const ns of [...counts.keys()].sort()) ensure(ns);
  return root;
}
