import type { NamespaceNode } from '../../protocol/dto';

/** One namespace and its nested subgraph namespaces; the current one is marked. */
export function NamespaceBranch({ node, current, open }: { node: NamespaceNode; current: string; open: (ns: string) => void }) {
  return (
    <li>
      <button type="button" aria-current={node.ns === current ? 'true' : undefined} onClick={() => open(node.ns)} data-testid="ns-node" data-ns={node.ns} title={node.ns === '' ? 'the root graph' : node.ns}>
        {node.ns === '' ? 'root' : node.name}{node.call && `, call ${node.call.index} of ${node.call.of}`} <span className="muted">({node.checkpoints} checkpoints)</span>
      </button>
      {node.ns !== '' && <span className="muted ns-id">{node.ns}</span>}
      {node.children.length > 0 && (
        <ul>
          {node.children.map((c) => <NamespaceBranch key={c.ns} node={c} current={current} open={open} />)}
        </ul>
      )}
    </li>
  );
}
