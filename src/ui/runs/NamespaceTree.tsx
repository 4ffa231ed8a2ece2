import { useAppStoreShallow } from '../store/useAppStore';
import type { AppState } from '../store/types';
import { NamespaceBranch } from './NamespaceBranch';

const pick = (s: AppState) => ({ root: s.namespaces, ns: s.ns, setNamespace: s.setNamespace });

/** The thread's subgraph namespaces (root, node:taskId, nested with |); choosing one opens its history. */
export function NamespaceTree() {
  const { root, ns, setNamespace } = useAppStoreShallow(pick);
  if (root === null || root.children.length === 0) return null;
  return (
    <nav className="ns-tree" aria-label="Subgraph namespaces" data-testid="ns-tree">
      <h2 className="pane-title">Namespaces</h2>
      <ul>
        <NamespaceBranch node={root} current={ns} open={(n) => void setNamespace(n)} />
      </ul>
    </nav>
  );
}
