/**
 * The user graph id an imported file's graph source is kept under. The file's own id when it is a
 * user id, else `user:<its id>` (`user:imported` for a file without one); when that id already
 * holds another source (an earlier file's graph, quarantined or not), the next free
 * `user:<base>-2`, `-3`, …: each file keeps its own source, and a thread is never attached to
 * another file's code. The same source again reuses its id.
 */
import { USER_GRAPH_ID } from '../../protocol/guards';

/** A graph stored here under an id: its source (null for a built-in). */
export interface KnownGraph {
  source: string | null;
}

/** Where an imported source goes: `id`, and whether a graph with that id and source is already there. */
export interface ImportedGraphId {
  id: string;
  existing: boolean;
}

/** Tries past this many taken ids end on a fresh id made from the time (never expected). */
const MAX_TRIES = 1000;

/**
 * Chooses the id for an imported graph source.
 * @param graphId the file's graph id (null when it has none)
 * @param source the file's graph source
 * @param known the graph stored under an id, or undefined when the id is free
 */
export async function importedGraphId(graphId: string | null, source: string, known: (id: string) => Promise<KnownGraph | undefined>): Promise<ImportedGraphId> {
  const first = graphId && USER_GRAPH_ID.test(graphId) ? graphId : `user:${(graphId ?? 'imported').replace(/[^\w.-]+/g, '-').slice(0, 50) || 'imported'}`;
  // Room for the `-N` suffix within a user id's 64 characters.
  const base = first.slice(0, 'user:'.length + 58);
  for (let n = 1; n <= MAX_TRIES; n++) {
    const id = n === 1 ? first : `${base}-${n}`;
    const graph = await known(id);
    if (graph === undefined) return { id, existing: false };
    if (graph.source === source) return { id, existing: true };
  }
  return { id: `${base.slice(0, 'user:'.length + 40)}-${Date.now().toString(36)}`, existing: false };
}
