/** Session slice: the worker connection, graphs, threads, errors and theme. */
import type { StateCreator } from 'zustand';
import type { AppState, SessionSlice, StoreClient, ThemeChoice } from '../types';
import { errorMessage } from '../errors';
import { isRemoteKey } from '../../../protocol/remote';
import { parseFileThreadId } from '../../../protocol/files';

/** Errors kept on screen at most (older ones are dropped). */
const MAX_ERRORS = 5;

/** Where the durability choice is kept between page loads. */
const DURABILITY_KEY = 'replaygraph.durability';

function savedDurability(): 'strict' | 'relaxed' {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(DURABILITY_KEY) === 'relaxed' ? 'relaxed' : 'strict';
  } catch {
    return 'strict';
  }
}

/** Where the theme choice is kept between page loads. */
const THEME_KEY = 'replaygraph.theme';

function savedTheme(): ThemeChoice {
  try {
    const t = typeof localStorage !== 'undefined' ? localStorage.getItem(THEME_KEY) : null;
    return t === 'light' || t === 'dark' ? t : 'system';
  } catch {
    return 'system';
  }
}

/** Creates the session slice over `client`. */
export function createSessionSlice(client: StoreClient): StateCreator<AppState, [], [], SessionSlice> {
  let nextErrorId = 1;
  return (set, get) => ({
    status: 'connecting',
    protocolVersion: null,
    storage: null,
    connectError: null,
    graphs: [],
    threads: [],
    graphId: null,
    threadId: null,
    errors: [],
    theme: savedTheme(),
    viewReady: false,
    persistence: 'unknown',
    durability: savedDurability(),

    setPersistence(persistence) {
      set({ persistence });
    },

    async setDurability(durability) {
      set({ durability });
      try {
        if (typeof localStorage !== 'undefined') localStorage.setItem(DURABILITY_KEY, durability);
      } catch {
        // Not kept across reloads then; the choice holds for this page.
      }
      try {
        await client.request('rg/settings.set', { durability });
      } catch (err) {
        get().reportError('Storage settings', err);
      }
    },

    async connect(initial) {
      try {
        const hello = await client.hello();
        set({ status: 'ready', protocolVersion: hello.protocolVersion, storage: hello.storage });
        // The storage worker starts strict; a relaxed choice from an earlier visit is sent again.
        if (get().durability === 'relaxed') await client.request('rg/settings.set', { durability: 'relaxed' }).catch(() => undefined);
      } catch (err) {
        set({ status: 'failed', connectError: errorMessage(err), viewReady: true });
        return;
      }
      try {
        const { graphs } = await client.request('rg/graphs.list', {});
        // The page is usable once the worker is ready: a server's graph opened while the list was
        // on its way stays in the list, and a graph the user opened meanwhile stays open.
        const meanwhile = get();
        const added = meanwhile.graphs.filter((g) => !graphs.some((l) => l.id === g.id));
        set({ graphs: [...graphs, ...added], graphId: meanwhile.graphId ?? initial.graph ?? graphs[0]?.id ?? null });
      } catch (err) {
        get().reportError('Loading graphs', err);
      }
      await get().refreshThreads();
      if (initial.tab !== null) get().setTab(initial.tab);
      // A server thread is opened through its server (its drawing and assistant come from there).
      if (isRemoteKey(initial.thread)) await get().openServerThread(initial.thread, { ns: initial.ns, checkpointId: initial.checkpoint });
      else if (initial.thread !== null) await get().openThread(initial.thread, { ns: initial.ns, checkpointId: initial.checkpoint });
      set({ viewReady: true });
    },

    async refreshThreads() {
      try {
        const { threads } = await client.request('rg/threads.list', {});
        set({ threads });
      } catch (err) {
        get().reportError('Loading threads', err);
      }
    },

    openGraph(graphId) {
      set({ graphId, threadId: null, missingThread: null, history: [], historyComplete: true, checkpointId: null, detail: null, runs: [], runsProblem: null, trace: [], traceRunId: null, namespaces: null, ns: '', expanded: [] });
    },

    async openThread(threadId, at) {
      const thread = get().threads.find((t) => t.threadId === threadId);
      set({
        threadId,
        missingThread: null,
        // A listed thread's graph is its own, none included (an imported history has none), and a
        // file's thread draws only its own (attached), else the one its run shows: never the
        // previously open one. A thread not listed yet (a link opened before the list) keeps it.
        graphId: thread ? thread.graphId : parseFileThreadId(threadId) ? null : get().graphId,
        ns: at?.ns ?? '',
        checkpointId: at?.checkpointId ?? null,
        detail: null,
        runs: [],
        runsProblem: null,
        trace: [],
        traceRunId: null,
        namespaces: null,
        expanded: [],
      });
      const selected = at?.checkpointId ?? null;
      // The first page of history goes first (it is what the user waits for); the selected
      // checkpoint, runs and namespaces are asked for once it is on screen.
      let rest: Promise<unknown> = Promise.resolve();
      const history = get().loadHistory(() => {
        rest = Promise.all([
          selected !== null ? get().selectCheckpoint(selected) : Promise.resolve(),
          get().loadRuns(),
          get().loadNamespaces(),
        ]);
      });
      if (parseFileThreadId(threadId)) void get().loadObservedGraph(threadId);
      await history;
      await rest;
      // A deep link to a thread this browser does not have: say so rather than show another graph's view.
      if (get().threadId === threadId && thread === undefined && get().history.length === 0 && get().historyComplete && get().activeRun?.threadId !== threadId) {
        set({ missingThread: threadId });
      }
    },

    async deleteThread(threadId) {
      try {
        await client.request('rg/thread.delete', { threadId });
      } catch (err) {
        get().reportError('Deleting the thread', err);
        return;
      }
      if (get().threadId === threadId) get().openGraph(get().graphId ?? '');
      await get().refreshThreads();
    },

    reportError(where, err, scope) {
      const threadId = scope?.threadId !== undefined ? scope.threadId : get().threadId;
      const entry = { id: nextErrorId++, where, message: errorMessage(err), threadId, run: scope?.run === true };
      set({ errors: [...get().errors, entry].slice(-MAX_ERRORS) });
    },

    clearRunErrors(threadId) {
      if (get().errors.some((e) => e.run && e.threadId === threadId)) set({ errors: get().errors.filter((e) => !(e.run && e.threadId === threadId)) });
    },

    dismissError(id) {
      set({ errors: get().errors.filter((e) => e.id !== id) });
    },

    setTheme(theme) {
      set({ theme });
      try {
        if (typeof localStorage !== 'undefined') localStorage.setItem(THEME_KEY, theme);
      } catch {
        // Not kept across reloads then.
      }
    },
  });
}
