import type { TabProps } from '../registry';
import { JsonTree } from '../JsonTree';

/** The checkpoint's metadata and summary. */
export function MetadataTab({ detail, dark }: TabProps) {
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
      <JsonTree data={detail.metadata} dark={dark} label="Metadata" />
    </div>
  );
}
