/**
 * Which graph a streamed event belongs to, and whether a stream shows it (LangGraph.js
 * `eventNamespace` / `isOutsideStream`, for the `messages` mode).
 */

/** How a stream treats events of nested graphs. */
export interface NamespaceOptions {
  /** The stream asked for `subgraphs: true`: events of every graph are shown. */
  subgraphs: boolean;
  /** The namespace of the graph that owns the stream (undefined at the root). */
  parentNs?: string;
}

/**
 * The namespace an event streams under: the graph it ran in, i.e. its task's checkpoint namespace
 * without the task's own segment, nor the segments of the `task()` calls it was made from (tasks
 * are not graphs). Without options: the full checkpoint namespace.
 * @param checkpointNs the task's checkpoint namespace (`a:<id>|b:<id>`)
 * @param metadata the run metadata (`langgraph_path` tells call-tasks apart)
 * @param options the stream's options
 */
export function eventNamespace(checkpointNs: string, metadata: Record<string, unknown>, options: NamespaceOptions | undefined): string[] {
  const ns = checkpointNs.split('|');
  if (options === undefined) return ns;
  let path = metadata.langgraph_path;
  let taskSegments = 1;
  // A call-task's path is [PUSH, parentPath, idx, true]: each such level adds a segment.
  while (Array.isArray(path) && path[0] === '__pregel_push' && path[path.length - 1] === true) {
    taskSegments += 1;
    path = path[1];
  }
  return ns.slice(0, Math.max(ns.length - taskSegments, 0));
}

/** Whether a stream with `options` leaves out an event of namespace `ns`. */
export function isOutsideStream(ns: readonly string[], options: NamespaceOptions | undefined): boolean {
  if (options === undefined || options.subgraphs) return false;
  return ns.length > 0 && ns.join('|') !== options.parentNs;
}
