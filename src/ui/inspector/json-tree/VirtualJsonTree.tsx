import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import type { Json, SliceDTO, TruncationDTO } from '../../../protocol/dto';
import { entriesOf, flattenRows, initialExpanded, pathKey, truncationIndex, type JsonPath, type LoadedPage, type TreeRow } from './rows';
import { pathText, searchTree } from './search';
import { copyText } from './copy';
import { NodeRow } from './NodeRow';
import './json-tree.css';
import { countText } from '../../model/words';

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
  /** Shows a search box over keys and values (matches marked, "only matches" filters). @default false */
  searchable?: boolean;
}

/**
 * A JSON tree that renders only the rows in view (virtualized), so a 50,000-key object or a
 * 200,000-element array costs what is on screen. Values that arrived cut show "show more" rows,
 * which load the next page through `loadMore`. Everything is rendered as text (React escapes it):
 * a value that looks like markup is shown, never interpreted. Reusable: any JSON value, any label.
 */
export function VirtualJsonTree({ data, truncated, loadMore, label, testId = 'json-tree', searchable = false }: VirtualJsonTreeProps) {
  const wrapped = useMemo<Json>(() => (typeof data === 'object' && data !== null ? data : { value: data }), [data]);
  const [expanded, setExpanded] = useState(() => initialExpanded(wrapped));
  const [pages, setPages] = useState<ReadonlyMap<string, LoadedPage[]>>(new Map());
  const [extraCuts, setExtraCuts] = useState<readonly TruncationDTO[]>([]);
  const [loading, setLoading] = useState<string | null>(null);
  // Another value (the next checkpoint's state): the tree stays mounted, so what was expanded and
  // searched stays as the user steps; what was loaded with "show more" was the old value's and goes.
  const [shown, setShown] = useState(wrapped);
  const current = useRef(wrapped);
  current.current = wrapped;
  if (shown !== wrapped) {
    setShown(wrapped);
    setPages(new Map());
    setExtraCuts([]);
    setLoading(null);
    setExpanded((old) => new Set([...old, ...initialExpanded(wrapped)]));
  }
  const cuts = useMemo(() => truncationIndex([...(truncated ?? []), ...extraCuts]), [truncated, extraCuts]);
  const [typed, setTyped] = useState('');
  const [only, setOnly] = useState(true);
  const [copied, setCopied] = useState('');
  // Deferred: typing stays responsive while a large value is searched.
  const query = useDeferredValue(typed);
  const found = useMemo(() => searchTree({ root: wrapped, pages }, query), [wrapped, pages, query]);
  const search = useMemo(() => (found.query === '' ? undefined : { matches: found.matches, ancestors: found.ancestors, only }), [found, only]);
  const rows = useMemo(() => flattenRows({ root: wrapped, cuts, pages, expanded, search }), [wrapped, cuts, pages, expanded, search]);
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
    const of = current.current;
    setLoading(row.id);
    try {
      const slice = await loadMore(row.path, row.loaded, PAGE[row.unit]);
      if (current.current !== of) return; // a page of a value no longer shown
      const key = pathKey(row.path);
      setPages((old) => new Map(old).set(key, [...(old.get(key) ?? []), { ...(slice.entries ? { entries: slice.entries } : {}), ...(slice.text !== undefined ? { text: slice.text } : {}) }]));
      if (slice.truncated.length > 0) setExtraCuts((old) => [...old, ...slice.truncated]);
    } finally {
      if (current.current === of) setLoading(null);
    }
  }, [loadMore]);

  const copy = useCallback(async (row: Extract<TreeRow, { type: 'node' }>, what: 'value' | 'path') => {
    const where = pathText(row.path);
    // A container's value as shown: its own entries and the pages loaded since.
    const value = !row.container ? row.value : Array.isArray(row.value) ? entriesOf(row.value, row.path, { pages }).map(([, v]) => v) : Object.fromEntries(entriesOf(row.value, row.path, { pages }));
    const ok = await copyText(what === 'path' ? where : JSON.stringify(value, null, 2));
    setCopied(ok ? (what === 'path' ? `Copied the path ${where}` : `Copied the value of ${where}`) : 'The browser refused to copy');
  }, [pages]);

  return (
    <>
    {searchable && (
      <div className="vjt-bar">
        <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Search keys and values" aria-label={`Search ${label}`} data-testid={`${testId}-search`} />
        {found.query !== '' && <span className="muted" data-testid={`${testId}-matches`}>{found.matches.size === 1 ? '1 match' : `${found.matches.size} matches`}</span>}
        <label><input type="checkbox" checked={only} onChange={(e) => setOnly(e.target.checked)} data-testid={`${testId}-only`} /> only matches</label>
        <span className="muted" aria-live="polite" data-testid="json-copied">{copied}</span>
      </div>
    )}
    <div ref={scrollRef} className="vjt" role="tree" aria-label={label} data-testid={testId} data-rows={rows.length} style={{ height: rows.length * ROW_H + 2 }}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((v) => {
          const row = rows[v.index]!;
          // Placed with `top`, not a transform: a transform per row is a paint chunk per row, which
          // every frame's layerization walks (rows are re-rendered when they move anyway).
          const style = { top: v.start, paddingLeft: `${row.depth * 14}px` };
          if (row.type === 'more') {
            return (
              <div key={row.id} role="treeitem" aria-level={row.depth + 1} className="vjt-row" style={style}>
                {loadMore ? (
                  <button type="button" className="vjt-more" disabled={loading === row.id} onClick={() => void more(row)} data-testid="json-tree-more">
                    {loading === row.id ? 'Loading…' : `Show ${countText(Math.min(row.left, PAGE[row.unit]))} more (${countText(row.left)} ${row.unit === 'chars' ? 'characters' : 'entries'} left)`}
                  </button>
                ) : (
                  <span className="muted">… {countText(row.left)} more not shown</span>
                )}
              </div>
            );
          }
          return <NodeRow key={row.id} row={row} style={style} query={found.query} onToggle={toggle} onCopy={(r, what) => void copy(r, what)} />;
        })}
      </div>
    </div>
    </>
  );
}
