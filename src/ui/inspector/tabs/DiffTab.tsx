import { useMemo } from 'react';
import { diffStates, jsonText } from '../../model/diff';
import type { TabProps } from '../registry';

/** What changed against the parent checkpoint: added, changed (from → to), removed. */
export function DiffTab({ detail }: TabProps) {
  const changes = useMemo(() => diffStates(detail.parentValues, detail.values), [detail]);
  if (changes.length === 0) return <p data-testid="tab-diff">No change against the parent checkpoint.</p>;
  return (
    <div data-testid="tab-diff">
      {detail.parentValues === null && <p className="muted">First checkpoint: every value is new.</p>}
      <table className="diff-table">
        <thead><tr><th scope="col">change</th><th scope="col">path</th><th scope="col">value</th></tr></thead>
        <tbody>
          {changes.map((c) => (
            <tr key={`${c.kind}:${c.path}`} className={`diff-${c.kind}`} data-testid="diff-row" data-kind={c.kind}>
              <td>{c.kind}</td>
              <td><code>{c.path}</code></td>
              <td>
                {c.kind === 'changed' ? (
                  <><del>{jsonText(c.from)}</del> → <ins>{jsonText(c.to)}</ins></>
                ) : (
                  <code>{jsonText(c.value)}</code>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
