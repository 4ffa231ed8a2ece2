import type { TabProps } from '../registry';
import { DetailTree } from './DetailTree';

/** The checkpoint's metadata and summary. */
export function MetadataTab({ detail }: TabProps) {
  const s = detail.summary;
  return (
    <div data-testid="tab-metadata">
      <dl className="meta-list">
        <dt>checkpoint</dt><dd><code>{s.checkpointId}</code></dd>
        <dt>parent</dt><dd><code>{s.parentId ?? '(none)'}</code></dd>
        <dt>namespace</dt><dd><code>{s.ns === '' ? '(root)' : s.ns}</code></dd>
        <dt>step</dt><dd>{s.step}</dd>
        <dt>source</dt><dd>{s.source}</dd>
        <dt>time</dt><dd>{s.ts}</dd>
      </dl>
      <DetailTree detail={detail} field="metadata" label="Metadata" testId="metadata-tree" />
    </div>
  );
}
