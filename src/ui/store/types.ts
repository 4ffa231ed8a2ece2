/**
 * The app store's shape: one zustand store per app instance, in slices. Components read it through
 * selectors (selectors.ts) and change it only through the actions below; only actions call the client.
 */
import type {
  CheckpointDetail, CheckpointSummary, DetailField, GraphInfo, Json, NamespaceNode, ResumeValue, RunSummary, SliceDTO, StateChangeDTO, ThreadSummary,
} from '../../protocol/dto';
import type { ReplyOf, ToWorker, WorkerEvent } from '../../protocol/messages';
import type { TraceEvent } from '../../shared/trace';
import type { UrlState } from '../model/url-state';
import type { BreakpointsByGraph } from '../model/breakpoints';
import type { GallerySlice } from '../gallery/slice';
import type { EditorSlice } from '../editor/slice';
import type { ProgramSlice } from '../editor/program-slice';
import type { PortabilitySlice } from '../portability/slice';
import type { ServersSlice } from '../servers/slice';
import type { StoreItemsSlice } from '../inspector/store-tab/slice';
import type { FilesSlice } from '../files/slice';
import type { ThreadsSlice } from '../threads/slice';
import type { TimelineFilterSlice } from '../timeline/filter-slice';

type RequestBody<T extends ToWorker['type']> = Omit<Extract<ToWorker, { type: T }>, 'id' | 'type'>;

/** What the store needs from the worker client (src/client/worker-client.ts satisfies it). */
export interface StoreClient {
  request<T extends ToWorker['type']>(type: T, body: RequestBody<T>): Promise<ReplyOf[T]>;
  hello(): Promise<ReplyOf['rg/hello']>;
  /** Two-stage cancel (asks, then restarts a stuck worker); falls back to `rg/run.cancel` when absent. */
  cancel?(runId: string): Promise<unknown>;
}

/** Subscribes to streamed worker events; returns an unsubscribe function. */
export type SubscribeEvents = (listener: (event: WorkerEvent) => void) => () => void;

/** An error shown to the user (never thrown into React). */
export interface UiError {
  id: number;
  where: string;
  message: string;
  /** The thread it belongs to (null: the app as a whole); shown only while that thread is open. */
  threadId: string | null;
  /** Raised by a run of that thread: cleared when a later run of the thread ends well. */
  run: boolean;
}

export type ThemeChoice = 'system' | 'light' | 'dark';

/** Connection, graphs and threads. */
export interface SessionSlice {
  status: 'connecting' | 'ready' | 'failed';
  protocolVersion: number | null;
  storage: { dbName: string; version: number } | null;
  connectError: string | null;
  graphs: GraphInfo[];
  threads: ThreadSummary[];
  graphId: string | null;
  threadId: string | null;
  errors: UiError[];
  theme: ThemeChoice;
  /** True once the view the URL asked for is open (the URL is written back only after that). */
  viewReady: boolean;
  /** Whether the browser keeps the app's storage (`navigator.storage.persist()`'s answer). */
  persistence: 'unknown' | 'persisted' | 'best-effort' | 'unavailable';
  /** Durability of committing writes: `strict` unless the user picks `relaxed` (kept across reloads). */
  durability: 'strict' | 'relaxed';
  setPersistence(p: SessionSlice['persistence']): void;
  setDurability(d: 'strict' | 'relaxed'): Promise<void>;
  connect(initial: UrlState): Promise<void>;
  refreshThreads(): Promise<void>;
  openGraph(graphId: string): void;
  openThread(threadId: string, at?: { ns?: string; checkpointId?: string | null }): Promise<void>;
  deleteThread(threadId: string): Promise<void>;
  /** Shows an error; it belongs to the open thread unless `scope.threadId` says otherwise. */
  reportError(where: string, err: unknown, scope?: { threadId?: string | null; run?: boolean }): void;
  /** Drops the run errors of `threadId` (a run of it ended well). */
  clearRunErrors(threadId: string): void;
  dismissError(id: number): void;
  setTheme(theme: ThemeChoice): void;
}

/** The checkpoints of the open thread and namespace, read in pages. */
export interface TimelineSlice {
  ns: string;
  history: CheckpointSummary[];
  historyComplete: boolean;
  historyLoading: boolean;
  /** Bumped on every reload so late pages of an older read are dropped. */
  historyGen: number;
  /** Reads every page; `onFirstPage` runs once the first (newest) page is shown. */
  loadHistory(onFirstPage?: () => void): Promise<void>;
  addCheckpoints(items: CheckpointSummary[]): void;
  setNamespace(ns: string): Promise<void>;
}

/** The selected checkpoint and its detail. */
export interface SelectionSlice {
  checkpointId: string | null;
  detail: CheckpointDetail | null;
  detailLoading: boolean;
  detailError: string | null;
  /** Subgraph nodes drawn expanded. */
  expanded: string[];
  selectCheckpoint(id: string | null): Promise<void>;
  /** Moves the selection by `delta` rows of the timeline (negative: towards newer). */
  selectRelative(delta: number): void;
  toggleExpanded(nodeId: string): void;
  /** The checkpoint being selected (held while its detail is read, see HOLD_MS), else the selected one. */
  selectionTarget(): string | null;
  /** Reads a checkpoint's detail ahead, so that selecting it next needs no wait (no-op when cached). */
  prefetchCheckpoint(id: string): void;
  /** Forgets cached details: a later run changes them (task outcomes, write dispositions). */
  forgetDetails(): void;
}

/** The inspector's open tab. */
export interface InspectorSlice {
  tab: string;
  setTab(tab: string): void;
  /**
   * More of a value the open detail holds cut (its large values arrive as a preview): entries or
   * characters from `offset` of the value at `path` in `field`. Rejects when the worker cannot say.
   */
  loadDetailSlice(field: DetailField, path: (string | number)[], offset: number, limit: number): Promise<SliceDTO>;
  /** A page of the open detail's diff against its parent, computed in the worker. */
  loadDetailDiff(offset: number, limit: number): Promise<{ changes: StateChangeDTO[]; total: number; first: boolean }>;
}

/** A run the page is waiting for. */
export interface ActiveRun {
  runId: string;
  threadId: string;
  events: number;
}

/** Runs, traces, namespaces, breakpoints and the actions that start runs. */
export interface RunsSlice {
  runs: RunSummary[];
  /** Set when some of the thread's stored records are malformed (they were skipped). */
  runsProblem: string | null;
  activeRun: ActiveRun | null;
  traceRunId: string | null;
  trace: TraceEvent[];
  /** Where to continue reading the chosen run's trace (null: all read). */
  traceNextSeq: number | null;
  /**
   * True when `trace` is the newest part of a long run as it streamed in, kept after the run
   * ended so the panel does not jump back to the run's first page; `loadTrace` reads from the start.
   */
  traceIsNewest: boolean;
  loadMoreTrace(): Promise<void>;
  namespaces: NamespaceNode | null;
  /** The breakpoints set in the debugger, per graph id (kept across page loads); runs send the open graph's. */
  breakpoints: BreakpointsByGraph;
  /** Supersteps a run may take before it stops with a recursion error (null: the worker's default). */
  recursionLimit: number | null;
  setRecursionLimit(limit: number | null): void;
  /** Per-node time limit of the next runs, in ms (null: none). */
  nodeTimeoutMs: number | null;
  setNodeTimeout(ms: number | null): void;
  /** Sets or removes a breakpoint of the open graph (none is open: nothing happens). */
  toggleBreakpoint(node: string, when: 'before' | 'after'): void;
  /** Drops breakpoints on nodes the listed graphs no longer have (called as the graph list changes). */
  pruneBreakpoints(): void;
  loadRuns(): Promise<void>;
  loadTrace(runId: string | null): Promise<void>;
  loadNamespaces(): Promise<void>;
  startRun(input: Json, opts: { newThread: boolean; stepMode: boolean }): Promise<void>;
  step(): Promise<void>;
  continueRun(): Promise<void>;
  cancelRun(): Promise<void>;
  /** Resumes at `checkpointId` (the one shown) when given, else at the thread's head. */
  resume(resume: ResumeValue, checkpointId?: string): Promise<void>;
  /**
   * Answers interrupts of `checkpointId` by interrupt id: at a branch tip, a resume there; at a
   * checkpoint later ones grew from, a replay from it on a new branch, then the same answers there.
   */
  answerInterrupts(checkpointId: string, values: Record<string, Json>): Promise<void>;
  replayFrom(checkpointId: string): Promise<void>;
  /**
   * Forks from `checkpointId` (LangGraph's updateState as `asNode`, then a run from the new
   * checkpoint). `values` is the update, each key applied through its channel; null: no update.
   */
  forkFrom(checkpointId: string, values: Record<string, Json> | null, asNode: string | undefined): Promise<void>;
  handleWorkerEvent(event: WorkerEvent): void;
}

/** The toolbar's own state and the deep-linked thread this browser lacks. */
export interface DebuggerSlice {
  forkFormOpen: boolean;
  toggleForkForm(): void;
  /** A thread the URL named that has no checkpoints in this browser (null: none). */
  missingThread: string | null;
  /** Opens the subgraph namespace of the selected checkpoint's subgraph task (F11). */
  stepInto(): Promise<void>;
  /** Back to the parent namespace (Shift+F11). */
  stepOut(): Promise<void>;
}

/** The whole store (gallery, editor and import/export slices live in their own folders). */
export type AppState = SessionSlice & TimelineSlice & SelectionSlice & InspectorSlice & RunsSlice & DebuggerSlice & GallerySlice & EditorSlice & ProgramSlice & PortabilitySlice & ServersSlice & StoreItemsSlice & FilesSlice & ThreadsSlice & TimelineFilterSlice;
