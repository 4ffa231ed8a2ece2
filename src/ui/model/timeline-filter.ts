/**
 * Searching and filtering the timeline as data: which rows of the laid-out timeline a filter keeps
 * (by the node that runs next, a channel the step wrote, a status, and free text), the choices the
 * filter offers, and the row a "jump to step" lands on. Pure functions over the loaded summaries:
 * one pass over the rows per change, never a request to the worker and never a render per row.
 */
import { controlSkippedOnResume } from '../../shared/dispositions';
import type { TimelineRow } from './timeline-tree';

/** What a row may be filtered by its flags or source. */
export type TimelineStatus = '' | 'interrupted' | 'error' | 'control-skipped' | 'writes' | 'branch' | 'input' | 'loop' | 'update' | 'fork';

/** A filter of the timeline; empty fields do not filter. */
export interface TimelineFilter {
  /** Words that must each start (or, from 3 characters, lie in) a word of the row: step, source, next nodes, written channels, id, flags. */
  text: string;
  /** A node that runs next from the checkpoint. */
  node: string;
  /** A channel the writes saved against the checkpoint go to. */
  channel: string;
  status: TimelineStatus;
}

export const NO_FILTER: TimelineFilter = { text: '', node: '', channel: '', status: '' };

/** True when the filter leaves some rows out. */
export const isFilterActive = (f: TimelineFilter): boolean => f.text.trim() !== '' || f.node !== '' || f.channel !== '' || f.status !== '';

/** The ids of the loaded checkpoints a step completed from (a `loop` checkpoint was made from them). */
export function completedFrom(rows: readonly TimelineRow[]): Set<string> {
  const out = new Set<string>();
  for (const r of rows) if (r.item.source === 'loop' && r.item.parentId !== null) out.add(r.item.parentId);
  return out;
}

function statusHolds(row: TimelineRow, status: TimelineStatus, completed: () => ReadonlySet<string>): boolean {
  const s = row.item;
  switch (status) {
    case '': return true;
    case 'interrupted': return s.hasInterrupts;
    case 'error': return s.hasError;
    case 'control-skipped': return controlSkippedOnResume(s.writeChannels ?? [], completed().has(s.checkpointId));
    case 'writes': return s.pendingWrites > 0;
    case 'branch': return row.branchFrom !== null;
    default: return s.source === status;
  }
}

/**
 * The words a row is searched in, lower case, each after a newline (so "starts a word" is one
 * `includes`), cached per summary: typing re-filters without rebuilding them.
 */
const textCache = new WeakMap<object, string>();
function textOf(row: TimelineRow): string {
  const s = row.item;
  let text = textCache.get(s);
  if (text === undefined) {
    const words = ['step', String(s.step), s.source, ...s.next, ...(s.writeChannels ?? []), ...(s.hasInterrupts ? ['interrupted'] : []), ...(s.hasError ? ['error'] : [])];
    // The id last, after no newline: a short word ("1" of "step 1") never matches the start of an id.
    text = `\n${words.join('\n')}\u0000${s.checkpointId}`.toLowerCase();
    textCache.set(s, text);
  }
  return text;
}

/**
 * How long a word must be to find a row by a part of its checkpoint id: a uuid's first group. A
 * shorter one would find ids by chance: "2998" lies somewhere in one id of about a thousand.
 */
export const ID_FRAGMENT_MIN = 8;

/**
 * A word of the search matches a word of the row it starts (`dra` → `draft`, `2` → step `2`), or,
 * from 3 characters, any part of one; the id, by any part of ID_FRAGMENT_MIN characters or more.
 */
function wordMatches(text: string, w: string): boolean {
  if (w.length < 3) return text.includes(`\n${w}`);
  const id = text.indexOf('\u0000');
  const words = text.slice(0, id);
  return words.includes(w) || (w.length >= ID_FRAGMENT_MIN && text.includes(w, id + 1));
}

/** The indexes (into `rows`) of the rows `filter` keeps, in order; every index when it is not active. */
export function filterRows(rows: readonly TimelineRow[], filter: TimelineFilter): number[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter((w) => w !== '');
  let done: Set<string> | null = null;
  const completed = () => (done ??= completedFrom(rows));
  const out: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const s = row.item;
    if (filter.node !== '' && !s.next.includes(filter.node)) continue;
    if (filter.channel !== '' && !(s.writeChannels ?? []).includes(filter.channel)) continue;
    if (!statusHolds(row, filter.status, completed)) continue;
    if (words.length > 0) {
      const text = textOf(row);
      if (!words.every((w) => wordMatches(text, w))) continue;
    }
    out.push(i);
  }
  return out;
}

/** The nodes and channels the loaded rows mention, sorted, for the filter's choices. */
export function filterChoices(rows: readonly TimelineRow[]): { nodes: string[]; channels: string[] } {
  const nodes = new Set<string>();
  const channels = new Set<string>();
  for (const row of rows) {
    for (const n of row.item.next) nodes.add(n);
    for (const c of row.item.writeChannels ?? []) channels.add(c);
  }
  return { nodes: [...nodes].sort(), channels: [...channels].sort() };
}

/**
 * The row "jump to step" lands on: among `indexes` (the rows shown; null: all), the first (newest) row of
 * `step` on the lane of the row at `from` (the selection), else the first of that step on any
 * lane; -1 when no shown row has that step.
 */
export function rowOfStep(rows: readonly TimelineRow[], indexes: readonly number[] | null, step: number, from: number | undefined): number {
  const lane = from === undefined ? undefined : rows[from]?.lane;
  let any = -1;
  const count = indexes?.length ?? rows.length;
  for (let k = 0; k < count; k++) {
    const i = indexes ? indexes[k]! : k;
    if (rows[i]!.item.step !== step) continue;
    if (lane === undefined || rows[i]!.lane === lane) return i;
    if (any < 0) any = i;
  }
  return any;
}

/** The position of row `index` among the sorted `indexes` (binary search), or -1 when it is not there. */
export function positionOf(indexes: readonly number[], index: number): number {
  let lo = 0;
  let hi = indexes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = indexes[mid]!;
    if (v === index) return mid;
    if (v < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
