/**
 * The thread list as data: what a thread is called, what a search matches, and its update time as
 * words. Pure functions over the worker's ThreadSummary rows.
 */
import { threadPhase } from './thread-phase';
import type { GraphInfo, ThreadSummary } from '../../protocol/dto';

/** The thread's name when it has one, else its id. */
export const threadLabel = (t: Pick<ThreadSummary, 'threadId' | 'name'>): string => t.name ?? t.threadId;

/** The graph's title when the graph is known, else its id (`?` when the thread has none). */
export function graphLabel(graphId: string | null, graphs: readonly Pick<GraphInfo, 'id' | 'title'>[]): string {
  if (graphId === null) return '?';
  return graphs.find((g) => g.id === graphId)?.title ?? graphId;
}

/**
 * The threads a search shows: every word of `query` (case-insensitive) must appear in the name,
 * id, graph id or title, or status of the thread. An empty query shows every thread, in order.
 */
export function filterThreads<T extends ThreadSummary>(threads: readonly T[], query: string, graphs: readonly Pick<GraphInfo, 'id' | 'title'>[] = []): T[] {
  const words = query.toLowerCase().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return [...threads];
  return threads.filter((t) => {
    const hay = [t.name ?? '', t.threadId, t.graphId ?? '', graphLabel(t.graphId, graphs), t.status, threadPhase(t.status, t.next).text].join('\n').toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** How long ago `iso` was, in the largest whole unit ("just now", "5 min ago", "3 h ago", "2 days ago"); `—` for none. */
export function agoText(iso: string | null, now: number): string {
  if (iso === null) return '—';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 45) return 'just now';
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.round(h / 24);
  return d === 1 ? '1 day ago' : `${d} days ago`;
}
