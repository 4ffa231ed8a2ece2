import { useEffect, useState } from 'react';
import type { StateChangeDTO } from '../../../protocol/dto';
import { jsonText } from '../../model/json-text';
import { useAppStore } from '../../store/useAppStore';
import type { TabProps } from '../registry';
import { countText } from '../../model/words';

/** Changes read per page. */
const PAGE = 200;

/**
 * What changed against the parent checkpoint: added, changed (from → to), removed. The diff is
 * computed in the worker on the full values (a large state takes seconds to diff on the page) and
 * read a page at a time.
 */
export function DiffTab(props: TabProps) {
  // The pages read are one checkpoint's: another checkpoint starts afresh.
  return <CheckpointDiff key={props.detail.summary.checkpointId} {...props} />;
}

function CheckpointDiff({ detail }: TabProps) {
  const loadDiff = useAppStore((s) => s.loadDetailDiff);
  const [changes, setChanges] = useState<StateChangeDTO[] | null>(null);
  const [total, setTotal] = useState(0);
  const [first, setFirst] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (offset: number) => {
    setBusy(true);
    try {
      const page = await loadDiff(offset, PAGE);
      setChanges((old) => [...(offset === 0 ? [] : old ?? []), ...page.changes]);
      setTotal(page.total);
      setFirst(page.first);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  // One load per checkpoint (keyed by it).
  useEffect(() => void load(0), [detail.summary.checkpointId]);

  if (error !== null) return <p role="alert" data-testid="tab-diff">Could not compute the diff: {error}</p>;
  if (changes === null) return <p className="muted" data-testid="tab-diff" data-loading="true">Computing the diff…</p>;
  if (total === 0) return <p data-testid="tab-diff">No change against the parent checkpoint.</p>;
  return (
    <div data-testid="tab-diff" data-total={total}>
      {first && <p className="muted">First checkpoint: every value is new.</p>}
      <table className="diff-table">
        <thead><tr><th scope="col">change</th><th scope="col">path</th><th scope="col">value</th></tr></thead>
        <tbody>
          {changes.map((c, i) => (
            <tr key={`${c.kind}:${c.path}:${i}`} className={`diff-${c.kind}`} data-testid="diff-row" data-kind={c.kind}>
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
      {changes.length < total && (
        <button type="button" disabled={busy} onClick={() => void load(changes.length)} data-testid="diff-more">
          Show {Math.min(PAGE, total - changes.length)} more ({countText(total - changes.length)} left)
        </button>
      )}
    </div>
  );
}
