/**
 * The page ⇄ worker protocol: types only. Two unions named by direction on a namespaced `type`,
 * a request id on every request (echoed by its reply), errors as data, streamed run events in
 * batches, and a version checked by the hello handshake.
 */
import type { StoreItemDTO } from './store';
import type { RequestId } from './wire-types';
import type { PortLike } from './endpoint';
import type {
  CheckpointDetail, CheckpointSummary, DetailField, GraphInfo, HistoryPage, ImportedThreadDTO, ImportPreviewDTO, ImportProblemDTO, Json,
  NamespaceNode, ResumeValue, ConsoleLineDTO, ProgramEndDTO, ProgramThreadDTO, RunControls, RunOutcome, RunSummary, SliceDTO, StateChangeDTO, ThreadSummary, UserCodeErrorDTO, WireError,
} from './dto';
import type { RemoteProgressEvent, RemoteReply, RemoteReplyOf, RemoteRequest } from './remote';
import type { FilesChangedEvent, FilesReply, FilesRequest } from './files';
import type { TraceEvent } from '../shared/trace';

/** Bumped on every incompatible change of the messages below. */
export const PROTOCOL_VERSION = 3;

/** A run-level event streamed while a run goes on: an engine trace event, or a checkpoint saved. */
export type RunEvent =
  | { kind: 'trace'; event: TraceEvent }
  | { kind: 'checkpoint'; checkpoint: CheckpointSummary };

/** Requests from the page to the worker. */
export type ToWorker = { id: RequestId } & (
  | { type: 'rg/hello'; protocolVersion: number }
  | { type: 'rg/graphs.list' }
  | { type: 'rg/threads.list' }
  | { type: 'rg/thread.delete'; threadId: string }
  /** Name a stored thread (an empty name removes it); only the name changes. */
  | { type: 'rg/thread.rename'; threadId: string; name: string }
  /** Start a run with an input on a (new or existing) thread. */
  | { type: 'rg/run.start'; threadId: string; graphId: string; input: Json; controls?: RunControls }
  /**
   * Resume pending interrupts: of the root checkpoint `checkpointId` when given (a past one: the run
   * starts a new branch there, as LangGraph does for a resume addressed to a checkpoint), else of
   * the thread's head.
   */
  | { type: 'rg/run.resume'; threadId: string; resume: ResumeValue; checkpointId?: string; controls?: RunControls }
  /** Continue a paused (step mode, breakpoint, failed) thread from its head: one step or to the end. */
  | { type: 'rg/run.continue'; threadId: string; controls?: RunControls }
  /** Replay from a checkpoint: its next tasks run again on a new branch. */
  | { type: 'rg/run.replay'; threadId: string; ns: string; checkpointId: string; controls?: RunControls }
  /** Fork from a checkpoint with edited values written as `asNode`, then run from the fork. */
  | { type: 'rg/run.fork'; threadId: string; ns: string; checkpointId: string; values: Json; asNode?: string; run: boolean; controls?: RunControls }
  /** Cooperative cancel (between supersteps). The client terminates the worker if it does not answer. */
  | { type: 'rg/run.cancel'; runId: string }
  | { type: 'rg/history.page'; threadId: string; ns: string; before?: string; limit: number }
  | { type: 'rg/checkpoint.get'; threadId: string; ns: string; checkpointId: string }
  /** More of a value the checkpoint detail cut: entries (or characters) `[offset, offset + limit)` at `path`. */
  | { type: 'rg/checkpoint.slice'; threadId: string; ns: string; checkpointId: string; field: DetailField; path: (string | number)[]; offset: number; limit: number }
  /** What changed against the parent checkpoint, a page of changes at a time (computed in the worker). */
  | { type: 'rg/checkpoint.diff'; threadId: string; ns: string; checkpointId: string; offset: number; limit: number }
  | { type: 'rg/runs.list'; threadId: string }
  | { type: 'rg/trace.get'; threadId: string; runId?: string; afterSeq?: number; limit?: number }
  | { type: 'rg/namespaces.list'; threadId: string }
  /** The items of the thread's store (what its runs put with `getStore()`). */
  | { type: 'rg/store.items'; threadId: string }
  /** Export a thread as one JSON file (every namespace's checkpoints, writes, runs, trace, graph source). */
  | { type: 'rg/thread.export'; threadId: string }
  /** Check an import file completely without writing anything. */
  | { type: 'rg/thread.importPreview'; text: string }
  /**
   * Import a replaygraph thread file or a LangGraph history (under `threadId` when given). A graph
   * source in the file runs only with `trustSource` (the user read it in the preview and agreed);
   * without it the source is kept, quarantined until the user approves it in the editor.
   */
  | { type: 'rg/thread.import'; text: string; threadId?: string; trustSource?: boolean }
  /** Compile a user graph's TypeScript and register it (not saved) under `graphId` (`user:…`). */
  | { type: 'rg/graph.compile'; graphId: string; source: string }
  /** Compile, register and save a user graph, so it is registered again when the worker starts. */
  | { type: 'rg/graph.save'; graphId: string; source: string; title?: string }
  /** Delete a saved user graph (its threads stay, read with their stored checkpoints). */
  | { type: 'rg/graph.delete'; graphId: string }
  /** Stop a compile or save of `graphId` that is going on (it is answered COMPILE_CANCELLED). */
  | { type: 'rg/graph.cancelCompile'; graphId: string }
  /** The sandbox iframe's bootstrap control port (a new one replaces the old: its workers are gone). */
  | { type: 'rg/sandbox.attach'; port: PortLike }
  /** Storage settings: `relaxed` durability trades crash safety of the last writes for speed. */
  | { type: 'rg/settings.set'; durability: 'strict' | 'relaxed' }
  /**
   * Run a program (a script that builds graphs and calls them) in a sandbox worker of its own: its
   * console lines stream as `rg/program.output`, each graph and thread id it uses becomes a thread
   * (`rg/program.thread`), its end is `rg/program.ended`. `env` is what its `process.env` answers.
   */
  | { type: 'rg/program.run'; name: string; source: string; env: Record<string, string> }
  /** Stop a program run (its sandbox worker is stopped; checkpoints committed before stay). */
  | { type: 'rg/program.cancel'; programRunId: string }
  /** Checkpoint files a LangGraph app wrote, opened read-only (files.ts). */
  | FilesRequest
) | RemoteRequest;

type Reply<T extends string, B = object> = { type: T; id: RequestId } & B;

/** Replies and events from the worker to the page. */
export type FromWorker =
  | Reply<'rg/hello-ok', { protocolVersion: number; storage: { dbName: string; version: number } }>
  | Reply<'rg/graphs', { graphs: GraphInfo[] }>
  | Reply<'rg/threads', { threads: ThreadSummary[] }>
  | Reply<'rg/ok'>
  | Reply<'rg/run.started', { runId: string; threadId: string }>
  | Reply<'rg/program.started', { programRunId: string }>
  | Reply<'rg/history', { page: HistoryPage }>
  | Reply<'rg/checkpoint', { detail: CheckpointDetail }>
  | Reply<'rg/checkpoint.slice', { slice: SliceDTO }>
  /** `first`: the checkpoint has no parent (every value is new). */
  | Reply<'rg/checkpoint.diff', { changes: StateChangeDTO[]; total: number; first: boolean }>
  /** `problem` says when malformed stored records were skipped. */
  | Reply<'rg/runs', { runs: RunSummary[]; problem?: string }>
  | Reply<'rg/trace', { events: TraceEvent[]; nextSeq: number | null }>
  | Reply<'rg/namespaces', { root: NamespaceNode }>
  | Reply<'rg/store.items', { items: StoreItemDTO[] }>
  | Reply<'rg/thread.exported', { fileName: string; text: string; checkpoints: number }>
  /** Exactly one of `preview` and `problem` is set. */
  | Reply<'rg/thread.preview', { preview: ImportPreviewDTO | null; problem: ImportProblemDTO | null }>
  /** Exactly one of `thread` and `problem` is set; a refused import changed nothing. */
  | Reply<'rg/thread.imported', { thread: ImportedThreadDTO | null; problem: ImportProblemDTO | null }>
  /** Exactly one of `graph` and `error` is set; a graph that did not compile is not registered. */
  | Reply<'rg/graph.compiled', { graph: GraphInfo | null; error: UserCodeErrorDTO | null; saved: boolean }>
  | ({ id: RequestId } & FilesReply)
  | { type: 'rg/error'; id: RequestId | null; error: WireError }
  /** Streamed, in batches (never one message per event). */
  | { type: 'rg/run.events'; runId: string; threadId: string; events: RunEvent[] }
  | { type: 'rg/run.ended'; runId: string; threadId: string; outcome: RunOutcome; error: WireError | null; result: Json | null }
  /** A program run's console lines, in order (batched). */
  | { type: 'rg/program.output'; programRunId: string; lines: ConsoleLineDTO[] }
  /** A thread a program run made (its first call with that graph and thread id). */
  | { type: 'rg/program.thread'; programRunId: string; thread: ProgramThreadDTO }
  | ({ type: 'rg/program.ended'; programRunId: string } & ProgramEndDTO)
  /** A followed checkpoint file changed (files.ts). */
  | FilesChangedEvent
  /** LangGraph servers (remote.ts). */
  | RemoteReply
  | RemoteProgressEvent;

type R<T extends FromWorker['type']> = Extract<FromWorker, { type: T }>;

/** The reply type of each request type. */
export interface ReplyOf extends RemoteReplyOf {
  'rg/hello': R<'rg/hello-ok'>;
  'rg/graphs.list': R<'rg/graphs'>;
  'rg/threads.list': R<'rg/threads'>;
  'rg/thread.delete': R<'rg/ok'>;
  'rg/thread.rename': R<'rg/ok'>;
  'rg/run.start': R<'rg/run.started'>;
  'rg/run.resume': R<'rg/run.started'>;
  'rg/run.continue': R<'rg/run.started'>;
  'rg/run.replay': R<'rg/run.started'>;
  'rg/run.fork': R<'rg/run.started'>;
  'rg/run.cancel': R<'rg/ok'>;
  'rg/history.page': R<'rg/history'>;
  'rg/checkpoint.get': R<'rg/checkpoint'>;
  'rg/checkpoint.slice': R<'rg/checkpoint.slice'>;
  'rg/checkpoint.diff': R<'rg/checkpoint.diff'>;
  'rg/runs.list': R<'rg/runs'>;
  'rg/trace.get': R<'rg/trace'>;
  'rg/namespaces.list': R<'rg/namespaces'>;
  'rg/store.items': R<'rg/store.items'>;
  'rg/thread.export': R<'rg/thread.exported'>;
  'rg/thread.importPreview': R<'rg/thread.preview'>;
  'rg/thread.import': R<'rg/thread.imported'>;
  'rg/graph.compile': R<'rg/graph.compiled'>;
  'rg/graph.save': R<'rg/graph.compiled'>;
  'rg/graph.delete': R<'rg/ok'>;
  'rg/graph.cancelCompile': R<'rg/ok'>;
  'rg/sandbox.attach': R<'rg/ok'>;
  'rg/settings.set': R<'rg/ok'>;
  'rg/program.run': R<'rg/program.started'>;
  'rg/program.cancel': R<'rg/ok'>;
  'rg/files.open': R<'rg/files.opened'>;
  'rg/files.list': R<'rg/files'>;
  'rg/files.count': R<'rg/files.counted'>;
  'rg/files.threads': R<'rg/files.threadPage'>;
  'rg/files.close': R<'rg/ok'>;
  'rg/files.follow': R<'rg/files.opened'>;
  'rg/files.unfollow': R<'rg/ok'>;
  'rg/files.continue': R<'rg/files.continued'>;
  'rg/files.graph': R<'rg/files.observed'>;
  'rg/files.attach': R<'rg/ok'>;
}

/** Events that are not replies to a request. */
export type WorkerEvent = R<'rg/run.events'> | R<'rg/run.ended'>;

/** A program run's events (not replies to a request). */
export type ProgramEvent = R<'rg/program.output'> | R<'rg/program.thread'> | R<'rg/program.ended'>;
