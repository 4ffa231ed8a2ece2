/** Errors as they cross the worker boundary (types only; re-exported by `dto.ts`). */
import type { ErrorCode, ErrorData, RunLocation } from '../shared/errors';

/**
 * A request's id, chosen by the client (a counter) and echoed by the reply. Ids are plain
 * strings and numbers end to end: the engine's LangGraph API takes `thread_id` and
 * `checkpoint_id` as strings, so a brand would be a cast at every boundary and check nothing.
 */
export type RequestId = number;

/** A position in a user graph's source (1-based). */
export interface SourcePosition {
  line: number;
  column: number;
}

/** Errors as data on the wire: the shared `ErrorData` (codes from `src/shared/errors.ts`) with facts added. */
export type WireError = Omit<ErrorData, 'code'> & {
  code: ErrorCode;
  /** For errors thrown by a user graph's code: where, in its source. */
  position?: SourcePosition;
  /** For THREAD_BUSY: where the thread's run is going on. */
  where?: RunLocation;
  /** For REMOTE_* errors: which server call failed, and what the server said. */
  remote?: RemoteFaultDTO;
};

/** What a LangGraph server call that failed was, and where a cut run can be read on from. */
export interface RemoteFaultDTO {
  url: string;
  operation: string;
  status?: number;
  /** The server's own words. */
  detail?: string;
  /** For REMOTE_STREAM_CUT: the run to follow again (`rg/remote.run.join`). */
  readOn?: { threadKey: string; runId: string; lastEventId?: string };
  /** For REMOTE_STREAM_CUT: why reading on failed. */
  cause?: string;
}
