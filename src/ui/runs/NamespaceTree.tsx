import type { NamespaceNode } from '../../protocol/dto';
import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';

const pick = (s: AppState) => ({ root: s.namespaces, ns: s.ns, setNamespace: s.setNamespace });

function Branch({ node, current, open }: { node: NamespaceNode; current: string; open: (ns: string) => void }) {
  return (
    <li>
      <button type="button" aria-current={node.ns === current ? 'true' : undefined} onClick={() => open(node.ns)} data-testid="ns-node" data-ns={node.ns}>
        {node.ns === '' ? 'root' : node.name} <span className="muted">({node.checkpoints})</span>
      </button>
      {node.ns !== '' && <span className="muted ns-id">{node.ns}</span>}
      {node.children.length > 0 && (
        <ul>
          {node.children.map((c) => <Branch key={c.ns} node={c} current={current} open={open} />)}
        </ul>
      )}
    </li>
  );
}

/** The thread's subgraph namespaces (root, node:taskId, nested with |); choosing one opens its history. */
export function NamespaceTree() {
  const { root, ns, setNamespace } = useAppStoreShallow(pick);
  if (root === null || root.children.length === 0) return null;
  return (
    <nav className="ns-tree" aria-label="Subgraph namespaces" data-testid="ns-tree">
      <h2 className="pane-title">Namespaces</h2>
      <ul>
        <Branch node={root} current={ns} open={(n) => void setNamespace(n)} />
      </ul>
    </nav>
  );
}
