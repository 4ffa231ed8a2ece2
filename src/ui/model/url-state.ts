/**
 * The view's deep link: thread, namespace, checkpoint, inspector tab (and graph when no thread is open) as query
 * parameters, so a reload or a shared link opens the same view.
 */

/** What the URL selects. */
export interface UrlState {
  thread: string | null;
  ns: string;
  checkpoint: string | null;
  graph: string | null;
  /** The inspector tab (null: the default one). */
  tab: string | null;
}

/** Reads the view from a query string such as `?thread=t1&ns=child%3A1&checkpoint=abc`. */
export function parseUrlState(search: string): UrlState {
  const p = new URLSearchParams(search);
  return { thread: p.get('thread') || null, ns: p.get('ns') ?? '', checkpoint: p.get('checkpoint') || null, graph: p.get('graph') || null, tab: p.get('tab') || null };
}

/** Writes the view into `search`, keeping any other parameters (e.g. fixture switches). */
export function formatUrlState(state: UrlState, search = ''): string {
  const p = new URLSearchParams(search);
  const set = (k: string, v: string | null) => (v === null || v === '' ? p.delete(k) : p.set(k, v));
  set('thread', state.thread);
  set('ns', state.thread === null ? null : state.ns);
  set('checkpoint', state.thread === null ? null : state.checkpoint);
  set('graph', state.graph);
  set('tab', state.tab);
  const s = p.toString();
  return s === '' ? '' : `?${s}`;
}
