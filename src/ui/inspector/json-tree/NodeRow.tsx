import type { ReactNode } from 'react';
import type { Json } from '../../../protocol/dto';
import type { JsonPath, TreeRow } from './rows';
import { pathText, splitMatch } from './search';
import { countText } from '../../model/words';

type NodeRowData = Extract<TreeRow, { type: 'node' }>;

const summary = (row: NodeRowData): string => {
  // Strings as their characters in quotes (not JSON-escaped): what the value says, readable.
  if (!row.container) return typeof row.value === 'string' ? `"${row.value}"` : JSON.stringify(row.value);
  const isArray = Array.isArray(row.value);
  const open = isArray ? '[' : '{';
  const close = isArray ? ']' : '}';
  const size = `${countText(row.size)} ${isArray ? (row.size === 1 ? 'item' : 'items') : row.size === 1 ? 'key' : 'keys'}`;
  return row.expanded ? `${open} (${size})` : `${open}…${close} ${size}`;
};

const kindClass = (v: Json) => (typeof v === 'string' ? 'jt-string' : typeof v === 'number' ? 'jt-number' : 'jt-literal');

/** `text` with the first occurrence of `query` marked. */
function Marked({ text, query }: { text: string; query: string }): ReactNode {
  const parts = splitMatch(text, query);
  if (parts === null) return text;
  return <>{parts[0]}<mark>{parts[1]}</mark>{parts[2]}</>;
}

interface Props {
  row: NodeRowData;
  style: React.CSSProperties;
  /** The search query (lower case) to mark in keys and values; '' for none. */
  query: string;
  onToggle: (path: JsonPath) => void;
  onCopy: (row: NodeRowData, what: 'value' | 'path') => void;
}

/** One key or value of the tree, with its copy buttons (shown on hover or focus). */
export function NodeRow({ row, style, query, onToggle, onCopy }: Props) {
  const where = pathText(row.path);
  const label = row.label === null ? null : typeof row.label === 'number' ? String(row.label) : JSON.stringify(row.label);
  return (
    <div
      role="treeitem" aria-level={row.depth + 1} aria-expanded={row.container ? row.expanded : undefined}
      className={`vjt-row${row.match ? ' vjt-match' : ''}`} style={style} data-path={where} data-match={row.match ? 'true' : undefined}
    >
      {row.container ? (
        <button type="button" className="vjt-toggle" onClick={() => onToggle(row.path)} aria-label={`${row.expanded ? 'Collapse' : 'Expand'} ${row.label ?? 'root'}`}>
          {row.expanded ? '▾' : '▸'}
        </button>
      ) : <span className="vjt-toggle" aria-hidden="true" />}
      {label !== null && <span className="jt-label"><Marked text={label} query={query} />: </span>}
      <span className={row.container ? 'jt-punct' : kindClass(row.value)}>{row.container ? summary(row) : <Marked text={summary(row)} query={query} />}</span>
      <span className="vjt-copy">
        <button type="button" onClick={() => onCopy(row, 'value')} aria-label={`Copy the value of ${where}`} title="Copy value (JSON)" data-testid="json-copy-value">copy</button>
        <button type="button" onClick={() => onCopy(row, 'path')} aria-label={`Copy the path ${where}`} title="Copy path" data-testid="json-copy-path">path</button>
      </span>
    </div>
  );
}
