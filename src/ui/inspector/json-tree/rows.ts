/**
 * The rows a JSON tree shows: the expanded part of a value, flattened in display order, so the
 * tree component renders only the rows in view (virtualized). A value may arrive cut (see
 * `TruncationDTO`): a cut array or object gets a "show more" row after its shown entries, and the
 * pages loaded since are shown after them. Pure functions; the cost is linear in the rows that are
 * expanded, never in the size of the value.
 */
import type { Json, TruncationDTO } from '../../../protocol/dto';

/** Keys and indexes from the root. */
export type JsonPath = (string | number)[];

/** Entries (or characters) loaded with "show more" for one cut value. */
export interface LoadedPage {
  entries?: [key: string | number, value: Json][];
  text?: string;
}

/** One row of the tree. */
export type TreeRow =
  | { type: 'node'; id: string; path: JsonPath; depth: number; label: string | number | null; value: Json; container: boolean; size: number; expanded: boolean; match?: boolean }
  | { type: 'more'; id: string; path: JsonPath; depth: number; left: number; unit: 'entries' | 'chars'; loaded: number };

/** A path as a map key. */
export const pathKey = (path: JsonPath): string => JSON.stringify(path);

const isContainer = (v: Json): v is Json[] | { [k: string]: Json } => typeof v === 'object' && v !== null;

/** Cuts by path key (later notes, e.g. from loaded pages, win). */
export function truncationIndex(truncated: readonly TruncationDTO[]): Map<string, TruncationDTO> {
  return new Map(truncated.map((t) => [pathKey(t.path), t]));
}

/** What the tree needs to know to flatten a value. */
export interface TreeState {
  root: Json;
  cuts: ReadonlyMap<string, TruncationDTO>;
  /** Loaded pages by the path key of the value they continue. */
  pages: ReadonlyMap<string, readonly LoadedPage[]>;
  /** Path keys of the expanded containers. */
  expanded: ReadonlySet<string>;
  /**
   * A search to show (search.ts): its matches are marked, their ancestors opened; with `only`,
   * just the matches, their ancestors and what lies inside a match are shown.
   */
  search?: { matches: ReadonlySet<string>; ancestors: ReadonlySet<string>; only: boolean };
}

/** The entries of a container as shown: its own, then the loaded pages'. */
export function entriesOf(value: Json, path: JsonPath, state: Pick<TreeState, 'pages'>): [string | number, Json][] {
  if (!isContainer(value)) return [];
  const own: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const page of state.pages.get(pathKey(path)) ?? []) own.push(...(page.entries ?? []));
  return own;
}

/** The full text of a string as shown: its own characters and the loaded ones. */
export function textOf(value: string, path: JsonPath, state: Pick<TreeState, 'pages'>): string {
  return value + (state.pages.get(pathKey(path)) ?? []).map((p) => p.text ?? '').join('');
}

type StackItem = { label: string | number | null; value: Json; path: JsonPath; depth: number; inMatch?: boolean } | { more: TreeRow };

/** The rows of the expanded part of `state.root`, in display order. */
export function flattenRows(state: TreeState): TreeRow[] {
  const rows: TreeRow[] = [];
  const stack: StackItem[] = [{ label: null, value: state.root, path: [], depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('more' in item) {
      rows.push(item.more);
      continue;
    }
    const { label, value, path, depth } = item;
    const key = pathKey(path);
    const search = state.search;
    const match = search?.matches.has(key) === true;
    const leads = search?.ancestors.has(key) === true;
    if (search?.only && !item.inMatch && !match && !leads) continue;
    const inMatch = item.inMatch === true || match;
    const marked = match ? { match: true } : {};
    const cut = state.cuts.get(key);
    if (!isContainer(value)) {
      const shownValue = typeof value === 'string' ? textOf(value, path, state) : value;
      rows.push({ type: 'node', id: key, path, depth, label, value: shownValue, container: false, size: 0, expanded: false, ...marked });
      if (cut?.unit === 'chars' && typeof shownValue === 'string' && shownValue.length < cut.total) {
        rows.push({ type: 'more', id: `more:${key}`, path, depth: depth + 1, left: cut.total - shownValue.length, unit: 'chars', loaded: shownValue.length });
      }
      continue;
    }
    const entries = entriesOf(value, path, state);
    const size = cut?.unit === 'entries' ? cut.total : entries.length;
    const expanded = state.expanded.has(key) || leads;
    rows.push({ type: 'node', id: key, path, depth, label, value, container: true, size, expanded, ...marked });
    if (!expanded) continue;
    // Pushed before the entries, so it is popped after the last of their rows.
    if (entries.length < size && (!search?.only || inMatch)) stack.push({ more: { type: 'more', id: `more:${key}`, path, depth: depth + 1, left: size - entries.length, unit: 'entries', loaded: entries.length } });
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, v] = entries[i]!;
      stack.push({ label: k, value: v, path: [...path, k], depth: depth + 1, inMatch });
    }
  }
  return rows;
}

/** The containers expanded at first: the root and its children (levels below 2). */
export function initialExpanded(root: Json): Set<string> {
  const keys = new Set<string>([pathKey([])]);
  if (isContainer(root)) for (const [k, v] of Array.isArray(root) ? root.map((v, i) => [i, v] as const) : Object.entries(root)) if (isContainer(v)) keys.add(pathKey([k]));
  return keys;
}
