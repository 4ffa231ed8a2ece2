/** A thread as the thread list shows it, and the subgraph namespaces of a thread. */
import type { ThreadFileRef } from './files';

export type ThreadStatus = 'idle' | 'running' | 'interrupted' | 'error';

export interface ThreadSummary {
  threadId: string;
  /** The name the user gave the thread (absent: none; the id is shown). */
  name?: string;
  graphId: string | null;
  status: ThreadStatus;
  /** The nodes that run next from the newest root checkpoint, when known: none left means done, some left on an idle thread means paused. */
  next?: string[];
  /** Number of checkpoints in the root namespace. */
  steps: number;
  /** ISO time of the newest checkpoint or run. */
  updatedAt: string | null;
  /** Set for threads imported read-only (e.g. from a LangGraph deployment). */
  readOnly?: boolean;
  /** Set when some of the thread's stored records are malformed (they are skipped; the other threads are not affected). */
  problem?: string;
  /** Set for a thread read from an opened checkpoint file (always read-only). */
  file?: ThreadFileRef;
}

/** A namespace in the subgraph tree of a thread. */
export interface NamespaceNode {
  ns: string;
  /** The last level's node name (`""` for the root). */
  name: string;
  children: NamespaceNode[];
  checkpoints: number;
  /** Among its siblings of the same node, which call it is (1-based, in the order they ran) and of how many. */
  call?: { index: number; of: number };
}
