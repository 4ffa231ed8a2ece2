/**
 * Runs slice: starting runs (run, step, continue, resume, replay, fork), cancel, the trace of a
 * run, the namespace tree, breakpoints, and the streamed events of a running run. Every action
 * asks the worker to create new checkpoints; nothing in history is rewritten.
 */
import type { StateCreator } from 'zustand';
import type { RunControls } from '../../../protocol/dto';
import type { ReplyOf, WorkerEvent } from '../../../protocol/messages';
import { createEventBuffer } from '../run-events-buffer';
import type { AppState, RunsSlice, StoreClient } from '../types';
import { carryAnswers, type CarriedAnswer } from '../../model/interrupts';
import { hasChildren, selectBreakpoints, selectInterruptView } from '../selectors';
import { pruneBreakpoints, toggleBreakpoint } from '../../model/breakpoints';
import { saveBreakpoints, savedBreakpoints } from '../saved-breakpoints';

/** Trace events kept for the runs panel (older ones are dropped while a long run streams). */
export const MAX_TRACE_EVENTS = 20_000;
/** Trace events asked for per request; one page is read at first, more on demand. */
export const TRACE_PAGE = 2000;

/** How long after the trace shrank it is set once more (see `settleTrace`). */
const RELEASE_AFTER_MS = 250;

/** A fresh thread id. */
export function newThreadId(): string {
  return `thread-${crypto.randomUUID().slice(0, 8)}`;
}

/** Creates the runs slice over `client`. */
export function createRunsSlice(client: StoreClient): StateCreator<AppState, [], [], RunsSlice> {
  return (set, get) => {
    const controls = (stepMode: boolean): RunControls => {
      const limit = get().recursionLimit;
      const nodeLimit = get().nodeTimeoutMs;
      // Only the open graph's breakpoints: the run adds them to the graph's compiled ones.
      const bp = selectBreakpoints(get());
      return {
        stepMode, breakBefore: [...bp.before], breakAfter: [...bp.after],
        ...(limit === null ? {} : { recursionLimit: limit }), ...(nodeLimit === null ? {} : { nodeTimeoutMs: nodeLimit }),
      };
    };

    /** Sends a run-starting request and tracks the run; errors are shown, never thrown. */
    async function launch(what: string, send: () => Promise<ReplyOf['rg/run.start']>): Promise<void> {
      try {
        const r = await send();
        // A new thread may get its id from where it runs (a LangGraph server names its threads).
        if (r.threadId !== get().threadId) set({ threadId: r.threadId, ns: '', history: [], historyComplete: true, checkpointId: null, detail: null });
        set({ activeRun: { runId: r.runId, threadId: r.threadId, events: 0 }, traceRunId: r.runId, trace: [], traceNextSeq: null, traceIsNewest: false });
      } catch (err) {
        get().reportError(what, err, { run: true });
      }
    }

    /**
     * After run `runId` ended, its trace in the panel: kept as streamed when that is the whole
     * trace (it holds the run's first event) and fits in a page; for a longer run, its newest page
     * (reading the stored first page would jump away from the ticks just watched); read from
     * storage otherwise (the first events streamed before the page knew the run's id).
     */
    async function settleTrace(runId: string): Promise<void> {
      const { traceRunId, trace } = get();
      if (traceRunId === null) return;
      if (traceRunId !== runId) return get().loadTrace(traceRunId);
      // The root graph's first event (a subgraph's events count from 0 under their own run id).
      const whole = trace.length > 0 && trace[0]!.seq === 0 && trace[0]!.checkpointNs === '';
      if (whole && trace.length <= TRACE_PAGE) set({ traceNextSeq: null, traceIsNewest: false });
      // As much as a first page would hold, the newest events: the panel draws the newest ticks,
      // and the rest of the streaming window need not stay in memory.
      else if (trace.length >= TRACE_PAGE) {
        const newest = trace.slice(-TRACE_PAGE);
        set({ trace: newest, traceNextSeq: null, traceIsNewest: true });
        // React keeps each component's previous render (its alternate fiber) until it renders
        // again, and with it the whole streaming window: a second update, once the first has been
        // drawn, lets it go (5 MB after a 10,000-step run). The step timings folded while the run
        // streamed stay (model/trace-timings.ts): the list keeps every step's duration.
        setTimeout(() => {
          if (get().trace === newest) set({ trace: newest.slice() });
        }, RELEASE_AFTER_MS);
      } else await get().loadTrace(runId);
    }

    /** After run `runId` ended: read what it added and select the newest checkpoint. */
    async function afterRun(runId: string): Promise<void> {
      const s = get();
      s.forgetDetails();
      await Promise.all([s.refreshThreads(), s.loadRuns(), s.loadNamespaces()]);
      if (s.threadId === null) return;
      try {
        const { page } = await client.request('rg/history.page', { threadId: s.threadId, ns: get().ns, limit: 200 });
        get().addCheckpoints(page.items);
        if (page.items.length > 0) await get().selectCheckpoint(page.items[0].checkpointId);
      } catch (err) {
        get().reportError('Reading history', err);
      }
      await settleTrace(runId);
    }

    /** Streamed batches of one run, applied together (one timeline merge and render per window). */
    const applyStreamed = (batches: Extract<WorkerEvent, { type: 'rg/run.events' }>[]) => {
      const first = batches[0]!;
      if (first.threadId !== get().threadId) return;
      const events = batches.flatMap((b) => b.events);
      const cps = events.flatMap((e) => (e.kind === 'checkpoint' ? [e.checkpoint] : []));
      if (carry?.runId === first.runId) for (const c of cps) if (c.ns === '') carry.tip = c.checkpointId;
      get().addCheckpoints(cps);
      const traced = events.flatMap((e) => (e.kind === 'trace' ? [e.event] : []));
      const run = get().activeRun;
      const patch: Partial<AppState> = {};
      if (get().traceRunId === first.runId && traced.length > 0) patch.trace = get().trace.concat(traced).slice(-MAX_TRACE_EVENTS);
      if (run !== null && run.runId === first.runId) patch.activeRun = { ...run, events: run.events + events.length };
      set(patch);
    };
    const streamed = createEventBuffer(applyStreamed, (b) => `${b.threadId}\u0000${b.runId}`);

    /** A replay started to answer a past interrupt again: its answers wait for the run to stop there. */
    let carry: { runId: string; answers: CarriedAnswer[]; tip: string | null } | null = null;

    /** The replay stopped: answer the interrupt it asked again, at the checkpoint it stopped at. */
    async function answerAfterReplay(c: NonNullable<typeof carry>, outcome: string): Promise<void> {
      const threadId = get().threadId;
      if (threadId === null) return;
      if (outcome !== 'interrupted' || c.tip === null) {
        get().reportError('Resume', new Error(`The replay ended "${outcome}" without asking again, so the answer was not given.`));
        return;
      }
      try {
        const { detail } = await client.request('rg/checkpoint.get', { threadId, ns: '', checkpointId: c.tip });
        const values = carryAnswers(detail, c.answers);
        if (Object.keys(values).length === 0) throw new Error('The replayed nodes asked something else: answer their new interrupts.');
        await get().resume({ kind: 'byId', values }, c.tip);
      } catch (err) {
        get().reportError('Resume', err);
      }
    }

    return {
      runs: [],
      runsProblem: null,
      activeRun: null,
      traceRunId: null,
      trace: [],
      traceNextSeq: null,
      traceIsNewest: false,
      namespaces: null,
      breakpoints: savedBreakpoints(),
      recursionLimit: null,
      nodeTimeoutMs: null,

      setRecursionLimit(limit) {
        set({ recursionLimit: limit });
      },

      setNodeTimeout(ms) {
        set({ nodeTimeoutMs: ms });
      },

      toggleBreakpoint(node, when) {
        const graphId = get().graphId;
        if (graphId === null) return;
        const breakpoints = toggleBreakpoint(get().breakpoints, graphId, node, when);
        set({ breakpoints });
        saveBreakpoints(breakpoints);
      },

      pruneBreakpoints() {
        const breakpoints = pruneBreakpoints(get().breakpoints, get().graphs);
        if (breakpoints === get().breakpoints) return;
        set({ breakpoints });
        saveBreakpoints(breakpoints);
      },

      async loadRuns() {
        const threadId = get().threadId;
        if (threadId === null) return;
        try {
          const { runs, problem } = await client.request('rg/runs.list', { threadId });
          if (get().threadId !== threadId) return;
          set({ runs, runsProblem: problem ?? null });
          if (get().traceRunId === null && runs.length > 0) await get().loadTrace(runs[runs.length - 1].runId);
        } catch (err) {
          get().reportError('Reading runs', err);
        }
      },

      async loadTrace(runId) {
        const threadId = get().threadId;
        set({ traceRunId: runId, trace: [], traceNextSeq: null, traceIsNewest: false });
        if (threadId === null || runId === null) return;
        try {
          const r = await client.request('rg/trace.get', { threadId, runId, limit: TRACE_PAGE });
          if (get().traceRunId === runId && get().threadId === threadId) set({ trace: r.events, traceNextSeq: r.events.length === 0 ? null : r.nextSeq });
        } catch (err) {
          get().reportError('Reading the trace', err);
        }
      },

      async loadMoreTrace() {
        const { threadId, traceRunId: runId, traceNextSeq: afterSeq } = get();
        if (threadId === null || runId === null || afterSeq === null) return;
        try {
          const r = await client.request('rg/trace.get', { threadId, runId, afterSeq, limit: TRACE_PAGE });
          if (get().traceRunId !== runId || get().traceNextSeq !== afterSeq) return;
          set({ trace: get().trace.concat(r.events).slice(-MAX_TRACE_EVENTS), traceNextSeq: r.events.length === 0 ? null : r.nextSeq });
        } catch (err) {
          get().reportError('Reading the trace', err);
        }
      },

      async loadNamespaces() {
        const threadId = get().threadId;
        if (threadId === null) return;
        try {
          const { root } = await client.request('rg/namespaces.list', { threadId });
          if (get().threadId === threadId) set({ namespaces: root });
        } catch (err) {
          get().reportError('Reading subgraph namespaces', err);
        }
      },

      async startRun(input, opts) {
        const graphId = get().graphId;
        if (graphId === null) return get().reportError('Run', new Error('Choose a graph first.'));
        let threadId = get().threadId;
        if (opts.newThread || threadId === null) {
          threadId = newThreadId();
          set({ threadId, missingThread: null, ns: '', history: [], historyComplete: true, checkpointId: null, detail: null, runs: [], runsProblem: null, namespaces: null, expanded: [] });
        }
        const tid = threadId;
        await launch('Run', () => client.request('rg/run.start', { threadId: tid, graphId, input, controls: controls(opts.stepMode) }));
      },

      async step() {
        const threadId = get().threadId;
        if (threadId === null) return;
        await launch('Step', () => client.request('rg/run.continue', { threadId, controls: controls(true) }));
      },

      async continueRun() {
        const threadId = get().threadId;
        if (threadId === null) return;
        await launch('Continue', () => client.request('rg/run.continue', { threadId, controls: controls(false) }));
      },

      async cancelRun() {
        const run = get().activeRun;
        if (run === null) return;
        try {
          if (client.cancel !== undefined) await client.cancel(run.runId);
          else await client.request('rg/run.cancel', { runId: run.runId });
        } catch (err) {
          get().reportError('Cancel', err);
        }
      },

      async resume(resume, checkpointId) {
        const threadId = get().threadId;
        if (threadId === null) return;
        const at = checkpointId === undefined ? {} : { checkpointId };
        await launch('Resume', () => client.request('rg/run.resume', { threadId, resume, ...at, controls: controls(false) }));
      },

      async answerInterrupts(checkpointId, values) {
        if (!hasChildren(get(), checkpointId)) return get().resume({ kind: 'byId', values }, checkpointId);
        const items = selectInterruptView(get())?.items ?? [];
        const answers = items.filter((i) => i.id in values).map((i) => ({ task: i.task, index: i.index, value: values[i.id] }));
        await get().replayFrom(checkpointId);
        const run = get().activeRun;
        if (run !== null) carry = { runId: run.runId, answers, tip: null };
      },

      async replayFrom(checkpointId) {
        const { threadId, ns } = get();
        if (threadId === null) return;
        await launch('Replay', () => client.request('rg/run.replay', { threadId, ns, checkpointId, controls: controls(false) }));
      },

      async forkFrom(checkpointId, values, asNode) {
        const { threadId, ns } = get();
        if (threadId === null) return;
        await launch('Fork', () => client.request('rg/run.fork', { threadId, ns, checkpointId, values, asNode, run: true, controls: controls(false) }));
      },

      handleWorkerEvent(event) {
        if (event.type === 'rg/run.events') {
          streamed.push(event);
          return;
        }
        streamed.flush();
        const run = get().activeRun;
        if (run !== null && run.runId === event.runId) set({ activeRun: null });
        if (event.error !== null) get().reportError(`Run ${event.outcome}`, event.error, { threadId: event.threadId, run: true });
        else if (event.outcome !== 'cancelled') get().clearRunErrors(event.threadId);
        const carried = carry?.runId === event.runId ? carry : null;
        if (carried !== null) carry = null;
        if (event.threadId === get().threadId) void afterRun(event.runId).then(() => (carried === null ? undefined : answerAfterReplay(carried, event.outcome)));
      },
    };
  };
}
