import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Json, SliceDTO, TruncationDTO } from '../../../protocol/dto';
import { flattenRows, initialExpanded, pathKey, truncationIndex, type JsonPath, type LoadedPage, type TreeRow } from './rows';
import './json-tree.css';

const ROW_H = 20;
const estimateSize = () => ROW_H;
/** Entries (or characters) one "show more" loads. */
const PAGE = { entries: 200, chars: 20_000 };

/** Props of the tree. */
export interface VirtualJsonTreeProps {
  data: Json;
  /** Where `data` was cut (see TruncationDTO); absent: nothing was. */
  truncated?: readonly TruncationDTO[];
  /** Loads more of a cut value (entries or characters from `offset`); without it, cut values say so and stop. */
  loadMore?: (path: JsonPath, offset: number, limit: number) => Promise<SliceDTO>;
  /** Accessible name of the tree. */
  label: string;
  /** data-testid of the scroll container. @default 'json-tree' */
  testId?: string;
}

const summary = (row: Extract<TreeRow, { type: 'node' }>): string => {
  // Strings as their characters in quotes (not JSON-escaped): what the value says, readable.
  if (!row.container) return typeof row.value === 'string' ? `"${row.value}"` : JSON.stringify(row.value);
  const isArray = Array.isArray(row.value);
  const open = isArray ? '[' : '{';
  const close = isArray ? ']' : '}';
  const size = `${row.size.toLocaleString('en-US')} ${isArray ? (row.size === 1 ? 'item' : 'items') : row.size === 1 ? 'key' : 'keys'}`;
  return row.expanded ? `${open} (${size})` : `${open}…${close} ${size}`;
};

const kindClass = (v: Json) => (typeof v === 'string' ? 'jt-string' : typeof v === 'number' ? 'jt-number' : 'jt-literal');

/**
 * A JSON tree that renders only the rows in view (virtualized), so a 50,000-key object or a
 * 200,000-element array costs what is on screen. Values that arrived cut show "show more" rows,
 * which load the next page through `loadMore`. Everything is rendered as text (React escapes it):
 * a value that looks like markup is shown, never interpreted. Reusable: any JSON value, any label.
 */
export function VirtualJsonTree({ data, truncated, loadMore, label, testId = 'json-tree' }: VirtualJsonTreeProps) {
  const wrapped = useMemo<Json>(() => (typeof data === 'object' && data !== null ? data : { value: data }), [data]);
  const [expanded, setExpanded] = useState(() => initialExpanded(wrapped));
  const [pages, setPages] = useState<ReadonlyMap<string, LoadedPage[]>>(new Map());
  const [extraCuts, setExtraCuts] = useState<readonly TruncationDTO[]>([]);
  const [loading, setLoading] = useState<string | null>(null);
  const cuts = useMemo(() => truncationIndex([...(truncated ?? []), ...extraCuts]), [truncated, extraCuts]);
  const rows = useMemo(() => flattenRows({ root: wrapped, cuts, pages, expanded }), [wrapped, cuts, pages, expanded]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize, overscan: 8 });

  const toggle = useCallback((path: JsonPath) => {
    setExpanded((old) => {
      const next = new Set(old);
      const key = pathKey(path);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);

  const more = useCallback(async (row: Extract<TreeRow, { type: 'more' }>) => {
    if (!loadMore) return;
    setLoading(row.id);
    try {
      const slice = await loadMore(row.path, row.loaded, PAGE[row.unit]);
      const key = pathKey(row.path);
      setPages((old) => new Map(old).set(key, [...(old.get(key) ?? []), { ...(slice.entries ? { entries: slice.entries } : {}), ...(slice.text !== undefined ? { text: slice.text } : {}) }]));
      if (slice.truncated.length > 0) setExtraCuts((old) => [...old, ...slice.truncated]);
    } finally {
      setLoading(null);
    }
  }, [loadMore]);

  return (
    <div ref={scrollRef} className="vjt" role="tree" aria-label={label} data-testid={testId} data-rows={rows.length} style={{ height: rows.length * ROW_H + 2 }}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((v) => {
          const row = rows[v.index]!;
          const style = { transform: `translateY(${v.start}px)`, paddingLeft: `${row.depth * 14}px` };
          if (row.type === 'more') {
            return (
              <div key={row.id} role="treeitem" aria-level={row.depth + 1} className="vjt-row" style={style}>
                {loadMore ? (
                  <button type="button" className="vjt-more" disabled={loading === row.id} onClick={() => void more(row)} data-testid="json-tree-more">
                    {loading === row.id ? 'Loading…' : `Show ${Math.min(row.left, PAGE[row.unit]).toLocaleString('en-US')} more (${row.left.toLocaleString('en-US')} ${row.unit === 'chars' ? 'characters' : 'entries'} left)`}
                  </button>
                ) : (
                  <span className="muted">… {row.left.toLocaleString('en-US')} more not shown</span>
                )}
              </div>
            );
          }
          return (
            <div key={row.id} role="treeitem" aria-level={row.depth + 1} aria-expanded={row.container ? row.expanded : undefined} className="vjt-row" style={style}>
              {row.container ? (
                <button type="button" className="vjt-toggle" onClick={() => toggle(row.path)} aria-label={`${row.expanded ? 'Collapse' : 'Expand'} ${row.label ?? 'root'}`}>
                  {row.expanded ? '▾' : '▸'}
                </button>
              ) : <span className="vjt-toggle" aria-hidden="true" />}
              {row.label !== null && <span className="jt-label">{typeof row.label === 'number' ? row.label : JSON.stringify(row.label)}: </span>}
              <span className={row.container ? 'jt-punct' : kindClass(row.value)}>{summary(row)}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
