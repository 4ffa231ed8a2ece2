/**
 * Servers slice: the LangGraph servers the user added, their assistants and threads (paged and
 * searched on the server), opening a server thread in the debugger, and the state of slow calls
 * (progress and Cancel). Every server fault is shown with its message and changes nothing local.
 */
import type { StateCreator } from 'zustand';
import type { RemoteFaultDTO, WireError } from '../../protocol/dto';
import type { WorkerEvent } from '../../protocol/messages';
import {
  isRemoteKey, parseRemoteKey, remoteGraphId, type RemoteAssistantDTO, type RemotePage, type RemoteProgressEvent, type RemoteServerDTO,
  type RemoteServerInfoDTO, type RemoteThreadDTO, type RemoteThreadStatusDTO,
} from '../../protocol/remote';
import { errorMessage } from '../store/errors';
import type { AppState, StoreClient } from '../store/types';

/** Rows per page of the assistants and threads lists. */
export const SERVER_PAGE = 20;

/** A call to a server the user may be waiting on. */
export interface ServerCall {
  callId: string;
  label: string;
  /** How long it has waited, once it is slow (0 before). */
  elapsedMs: number;
}

/** What the user typed in the server form. */
export interface ServerInput {
  serverId?: string;
  name?: string;
  url: string;
  /** Absent: keep the saved key; '': clear it. */
  apiKey?: string;
  /** Absent: keep the saved headers. */
  headers?: Record<string, string>;
}

export interface ServersSlice {
  servers: RemoteServerDTO[];
  serverId: string | null;
  serverInfo: RemoteServerInfoDTO | null;
  assistants: RemotePage<RemoteAssistantDTO> & { offset: number };
  serverThreads: RemotePage<RemoteThreadDTO> & { offset: number };
  threadFilter: { status: RemoteThreadStatusDTO | null; metadata: Record<string, unknown> | null };
  /** The call being waited on (one at a time is shown). */
  serverCall: ServerCall | null;
  /** The last server fault, shown in the Servers view and the server thread bar. */
  serverError: { message: string; code: string; remote?: RemoteFaultDTO } | null;
  /** Where the next (older) page of a server thread's history starts (null: all shown). */
  olderBefore: string | null;
  /** Reads the next older page of the open server thread's history. */
  loadOlder(): Promise<void>;
  /** A run whose stream was cut: it can be followed again. */
  readOn: NonNullable<RemoteFaultDTO['readOn']> | null;
  loadServers(): Promise<void>;
  saveServer(input: ServerInput): Promise<boolean>;
  removeServer(serverId: string): Promise<void>;
  selectServer(serverId: string | null): Promise<void>;
  checkServer(): Promise<void>;
  loadAssistants(offset: number, name?: string): Promise<void>;
  loadServerThreads(offset: number): Promise<void>;
  setThreadFilter(filter: ServersSlice['threadFilter']): Promise<void>;
  /** Opens a server thread in the debugger (its drawing, history, runs). */
  openServerThread(threadKey: string, at?: { ns?: string; checkpointId?: string | null }): Promise<void>;
  /** Opens an assistant's graph in the debugger, to run it on a new server thread. */
  openAssistant(assistantId: string): Promise<void>;
  copyServerThread(): Promise<void>;
  readOnRun(): Promise<void>;
  cancelServerCall(): Promise<void>;
  dismissServerError(): void;
  remoteProgress(event: RemoteProgressEvent): void;
  /** Sees run ends, to offer reading on after a cut. */
  noteRunEvent(event: WorkerEvent): void;
}

const emptyPage = { items: [], nextOffset: null, offset: 0 };

/** Creates the servers slice over `client`. */
export function createServersSlice(client: StoreClient): StateCreator<AppState, [], [], ServersSlice> {
  let nextCall = 1;
  return (set, get) => {
    /** Runs a server call with a `callId` (progress, Cancel); a fault is shown and null returned. */
    async function call<T>(label: string, fn: (callId: string) => Promise<T>): Promise<T | null> {
      const callId = `call-${nextCall++}`;
      set({ serverCall: { callId, label, elapsedMs: 0 } });
      try {
        const out = await fn(callId);
        if (get().serverCall?.callId === callId) set({ serverError: null });
        return out;
      } catch (err) {
        fault(label, err);
        return null;
      } finally {
        if (get().serverCall?.callId === callId) set({ serverCall: null });
      }
    }
    function fault(label: string, err: unknown) {
      const data = (err as { data?: WireError }).data;
      set({ serverError: { message: errorMessage(err), code: data?.code ?? 'INTERNAL', ...(data?.remote ? { remote: data.remote } : {}) } });
      get().reportError(label, err);
    }
    const sid = () => get().serverId;

    return {
      servers: [],
      serverId: null,
      serverInfo: null,
      assistants: emptyPage,
      serverThreads: emptyPage,
      threadFilter: { status: null, metadata: null },
      serverCall: null,
      serverError: null,
      readOn: null,
      olderBefore: null,

      async loadOlder() {
        const { threadId, ns, olderBefore: before } = get();
        if (!isRemoteKey(threadId) || before === null) return;
        const r = await call('Reading older checkpoints', () => client.request('rg/history.page', { threadId, ns, before, limit: SERVER_PAGE * 5 }));
        if (!r || get().threadId !== threadId || get().olderBefore !== before) return;
        get().addCheckpoints(r.page.items);
        set({ olderBefore: r.page.nextBefore });
      },

      async loadServers() {
        const r = await call('Reading the saved servers', (callId) => client.request('rg/remote.servers.list', { callId }));
        if (r) set({ servers: r.servers });
      },

      async saveServer(input) {
        const r = await call(input.serverId ? 'Saving the server' : 'Adding the server', (callId) =>
          client.request('rg/remote.server.save', {
            callId, url: input.url,
            ...(input.serverId ? { serverId: input.serverId } : {}),
            ...(input.name ? { name: input.name } : {}),
            ...(input.apiKey !== undefined ? { apiKey: input.apiKey === '' ? null : input.apiKey } : {}),
            ...(input.headers ? { headers: input.headers } : {}),
          }));
        if (!r) return false;
        await get().loadServers();
        await get().selectServer(r.server.serverId);
        return true;
      },

      async removeServer(serverId) {
        const r = await call('Removing the server', (callId) => client.request('rg/remote.server.remove', { callId, serverId }));
        if (!r) return;
        if (sid() === serverId) set({ serverId: null, serverInfo: null, assistants: emptyPage, serverThreads: emptyPage });
        await get().loadServers();
      },

      async selectServer(serverId) {
        set({ serverId, serverInfo: null, assistants: emptyPage, serverThreads: emptyPage, serverError: null });
        if (serverId === null) return;
        await get().checkServer();
        if (get().serverError === null) await Promise.all([get().loadAssistants(0), get().loadServerThreads(0)]);
      },

      async checkServer() {
        const serverId = sid();
        if (serverId === null) return;
        const r = await call('Connecting to the server', (callId) => client.request('rg/remote.server.check', { callId, serverId }));
        if (r && sid() === serverId) set({ serverInfo: r.info });
      },

      async loadAssistants(offset, name) {
        const serverId = sid();
        if (serverId === null) return;
        const r = await call('Listing assistants', (callId) =>
          client.request('rg/remote.assistants.list', { callId, serverId, limit: SERVER_PAGE, offset, ...(name ? { name } : {}) }));
        if (r && sid() === serverId) set({ assistants: { ...r.page, offset } });
      },

      async loadServerThreads(offset) {
        const serverId = sid();
        if (serverId === null) return;
        const { status, metadata } = get().threadFilter;
        const r = await call('Listing threads', (callId) =>
          client.request('rg/remote.threads.list', {
            callId, serverId, limit: SERVER_PAGE, offset, ...(status ? { status } : {}), ...(metadata ? { metadata: metadata as never } : {}),
          }));
        if (r && sid() === serverId) set({ serverThreads: { ...r.page, offset } });
      },

      async setThreadFilter(threadFilter) {
        set({ threadFilter });
        await get().loadServerThreads(0);
      },

      async openServerThread(threadKey, at) {
        const r = await call('Opening the thread', (callId) => client.request('rg/remote.thread.open', { callId, threadKey }));
        if (!r) return;
        const { opened } = r;
        if (get().servers.length === 0) void get().loadServers();
        const graphs = opened.graph ? [...get().graphs.filter((g) => g.id !== opened.graph!.id), opened.graph] : get().graphs;
        const serverId = parseRemoteKey(threadKey)?.serverId ?? null;
        set({ graphs, graphId: opened.graph?.id ?? null, view: 'debugger', readOn: null, ...(serverId && serverId !== sid() ? { serverId } : {}) });
        await get().openThread(threadKey, at);
        // A run going on on the server is followed live.
        if (opened.activeRunId !== null) await followRun(threadKey, opened.activeRunId);
      },

      async openAssistant(assistantId) {
        const serverId = sid();
        if (serverId === null) return;
        const r = await call('Reading the graph', (callId) => client.request('rg/remote.assistant.graph', { callId, serverId, assistantId }));
        if (!r) return;
        set({ graphs: [...get().graphs.filter((g) => g.id !== r.graph.id), r.graph] });
        get().openGraph(remoteGraphId(serverId, assistantId));
        set({ view: 'debugger' });
      },

      async copyServerThread() {
        const threadKey = get().threadId;
        if (!isRemoteKey(threadKey)) return;
        const r = await call('Copying the thread', (callId) => client.request('rg/remote.thread.copy', { callId, threadKey }));
        if (r) await get().openServerThread(r.opened.thread.key);
      },

      async readOnRun() {
        const point = get().readOn;
        if (point === null) return;
        set({ readOn: null });
        await followRun(point.threadKey, point.runId, point.lastEventId);
      },

      async cancelServerCall() {
        const c = get().serverCall;
        if (c === null) return;
        await client.request('rg/remote.abort', { target: c.callId }).catch(() => undefined);
      },

      dismissServerError() {
        set({ serverError: null });
      },

      remoteProgress(event) {
        const c = get().serverCall;
        if (c !== null && c.callId === event.callId) set({ serverCall: { ...c, elapsedMs: event.elapsedMs } });
      },

      noteRunEvent(event) {
        if (event.type !== 'rg/run.ended' || !isRemoteKey(event.threadId) || event.error === null) return;
        const remote = event.error.remote;
        set({ serverError: { message: event.error.message, code: event.error.code, ...(remote ? { remote } : {}) }, readOn: remote?.readOn ?? null });
      },
    };

    async function followRun(threadKey: string, runId: string, lastEventId?: string) {
      const r = await call('Following the run', (callId) =>
        client.request('rg/remote.run.join', { callId, threadKey, runId, ...(lastEventId ? { lastEventId } : {}) }));
      if (r) set({ activeRun: { runId: r.runId, threadId: r.threadId, events: 0 } });
    }
  };
}
