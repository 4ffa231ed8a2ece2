/**
 * The storage worker's LangGraph server side: saved servers, one `src/remote` client per server
 * (rebuilt when its settings change), the calls the page can cancel (by `callId`) and the server
 * runs it follows. Faults become HostErrors carrying the REMOTE_* code and what the server said, so
 * they reach the page as data like every other error; nothing local is touched by them.
 */
import { createRemoteClient, isRemoteError, type CallOptions, type RemoteClient, type RemoteOptions, type SavedRemoteServer } from '../../remote';
import type { WireError } from '../../protocol/dto';
import type { FromWorker } from '../../protocol/messages';
import { parseRemoteKey, remoteThreadKey } from '../../protocol/remote';
import { HostError, hostError } from '../context';
import type { ServerStore } from './server-store';

/** A server run the worker follows: its stream, and how to stop reading it. */
export interface FollowedRun {
  runId: string;
  threadKey: string;
  serverId: string;
  threadId: string;
  /** Stops reading its stream (the run goes on on the server). */
  stop(): void;
  /** Stops reading its stream at once and ends the run for the page as cancelled, with `error` as the reason. */
  cancel(error: WireError): void;
  /** Settles once its stream was read to the end (or given up). */
  done: Promise<void>;
}

export interface RemoteHubDeps {
  servers: ServerStore;
  send(message: FromWorker): void;
  /** Options of every server client (tests shorten the waits). */
  options?: Partial<RemoteOptions>;
}

/** Where a server thread lives. */
export interface ThreadRef {
  serverId: string;
  threadId: string;
  key: string;
  client: RemoteClient;
  server: SavedRemoteServer;
}

export class RemoteHub {
  private readonly clients = new Map<string, { server: SavedRemoteServer; client: RemoteClient }>();
  private readonly calls = new Map<string, AbortController>();
  /** Server runs being followed, by run id. */
  readonly runs = new Map<string, FollowedRun>();
  /** The assistant each opened thread runs with, by thread key. */
  readonly assistantOf = new Map<string, string>();

  constructor(readonly deps: RemoteHubDeps) {}

  /** The client of a saved server (NOT_FOUND when there is none). */
  async client(serverId: string): Promise<{ server: SavedRemoteServer; client: RemoteClient }> {
    const known = this.clients.get(serverId);
    if (known) return known;
    const server = await this.deps.servers.get(serverId);
    if (!server) throw hostError('NOT_FOUND', `saved server "${serverId}"`, 'add it again in Servers');
    const entry = { server, client: wrap(() => createRemoteClient(server, this.deps.options)) };
    this.clients.set(serverId, entry);
    return entry;
  }

  /** Drops the cached client of a server whose settings changed or that was removed. */
  forget(serverId: string): void {
    this.clients.delete(serverId);
  }

  /** The server thread a debugger thread key names. */
  async thread(key: string): Promise<ThreadRef> {
    const parsed = parseRemoteKey(key);
    if (!parsed) throw hostError('BAD_REQUEST', `"${key}" does not name a server thread.`);
    const { server, client } = await this.client(parsed.serverId);
    return { serverId: parsed.serverId, threadId: parsed.id, key: remoteThreadKey(parsed.serverId, parsed.id), client, server };
  }

  /**
   * Call options for a page request: cancellable with `rg/remote.abort` when it has a `callId`,
   * posting `rg/remote.progress` while it is slow. `release` forgets the call.
   */
  callOptions(callId: string | undefined): { options: CallOptions; release(): void } {
    if (callId === undefined) return { options: {}, release: () => undefined };
    this.calls.get(callId)?.abort();
    const controller = new AbortController();
    this.calls.set(callId, controller);
    return {
      options: { signal: controller.signal, onProgress: ({ elapsedMs }) => this.deps.send({ type: 'rg/remote.progress', callId, elapsedMs }) },
      release: () => {
        if (this.calls.get(callId) === controller) this.calls.delete(callId);
      },
    };
  }

  /** Cancels a call the page started (no-op when it already ended). */
  abort(callId: string): void {
    this.calls.get(callId)?.abort();
    this.calls.delete(callId);
  }

  /** Runs `fn` with the call's options, turning its faults into HostErrors. */
  async call<T>(callId: string | undefined, fn: (options: CallOptions) => Promise<T>): Promise<T> {
    const { options, release } = this.callOptions(callId);
    try {
      return await wrap(() => fn(options));
    } finally {
      release();
    }
  }

  /** Stops following every run (the worker stops). */
  stopAll(): void {
    for (const run of this.runs.values()) run.stop();
    for (const c of this.calls.values()) c.abort();
  }
}

/** Runs `fn`, turning a RemoteError into a HostError with its code and facts. */
export function wrap<T>(fn: () => T): T {
  try {
    const out = fn();
    if (out instanceof Promise) return out.catch((err: unknown) => Promise.reject(toHostError(err))) as T;
    return out;
  } catch (err) {
    throw toHostError(err);
  }
}

/** A RemoteError as the HostError the page receives (anything else is passed on). */
export function toHostError(err: unknown, threadKey?: string): unknown {
  if (!isRemoteError(err)) return err;
  const d = err.data;
  const readOn = d.readOn && threadKey ? { threadKey, runId: d.readOn.runId, ...(d.readOn.lastEventId ? { lastEventId: d.readOn.lastEventId } : {}) } : undefined;
  return new HostError(d.code, d.message, {
    remote: {
      url: d.url,
      operation: d.operation,
      ...(d.status !== undefined ? { status: d.status } : {}),
      ...(d.detail !== undefined ? { detail: d.detail } : {}),
      ...(readOn ? { readOn } : {}),
      ...(d.cause ? { cause: d.cause } : {}),
    },
  });
}
