/**
 * Which requests the LangGraph server side answers, and the answer: the `rg/remote.*` requests,
 * and the debugger's thread requests whose thread (or graph) is on a server (`remote:` keys).
 * Everything else is left to the local host (`null`).
 */
import type { FromWorker, ToWorker } from '../../protocol/messages';
import { isRemoteKey, REMOTE_FIELDS, type RemoteRequest } from '../../protocol/remote';
import { hostError, type HostContext } from '../context';
import { RemoteHub, type RemoteHubDeps } from './hub';
import { onCheckpointGet, onDiff, onHistoryPage, onNamespacesList, onRunsList, onSlice, SeenNamespaces } from './handlers-reads';
import { onRemoteCancel, onRemoteRun } from './handlers-runs';
import * as servers from './handlers-servers';

type ReplyBody = FromWorker extends infer M ? (M extends FromWorker ? Omit<M, 'id'> : never) : never;

/** True for the `rg/remote.*` requests (always answered here). */
export const isServerRequest = (msg: ToWorker): msg is RemoteRequest => Object.hasOwn(REMOTE_FIELDS, msg.type);

/** The server side of one host. */
export interface RemoteRoute {
  /** The answer to `msg`, or null when it is not about a server. */
  handle(ctx: HostContext, msg: ToWorker): Promise<ReplyBody> | null;
  /** Stops following server runs (their runs go on on the server). */
  stop(): void;
}

/** Creates the server side of a host. */
export function createRemoteRoute(deps: RemoteHubDeps): RemoteRoute {
  const hub = new RemoteHub(deps);
  const seen = new SeenNamespaces();
  const refuse = (what: string) => Promise.reject(hostError('BAD_REQUEST', `${what} is not offered for a server thread: it lives on the server.`));

  function handle(ctx: HostContext, msg: ToWorker): Promise<ReplyBody> | null {
    switch (msg.type) {
      case 'rg/remote.servers.list': return servers.onServersList(hub);
      case 'rg/remote.server.save': return servers.onServerSave(hub, msg);
      case 'rg/remote.server.remove': return servers.onServerRemove(hub, msg);
      case 'rg/remote.server.check': return servers.onServerCheck(hub, msg);
      case 'rg/remote.assistants.list': return servers.onAssistantsList(hub, msg);
      case 'rg/remote.threads.list': return servers.onThreadsList(hub, msg);
      case 'rg/remote.assistant.graph': return servers.onAssistantGraph(hub, msg);
      case 'rg/remote.thread.open': return servers.onThreadOpen(hub, msg);
      case 'rg/remote.thread.copy': return servers.onThreadCopy(hub, msg);
      case 'rg/remote.run.join': return onRemoteRun(hub, seen, msg);
      case 'rg/remote.abort': hub.abort(msg.target); return Promise.resolve({ type: 'rg/ok' });
      case 'rg/run.cancel': return hub.runs.has(msg.runId) ? onRemoteCancel(hub, msg.runId) : null;
      case 'rg/run.start': return isRemoteKey(msg.threadId) || isRemoteKey(msg.graphId) ? onRemoteRun(hub, seen, msg) : null;
      default: break;
    }
    if (!('threadId' in msg) || !isRemoteKey(msg.threadId)) return null;
    switch (msg.type) {
      case 'rg/run.resume':
      case 'rg/run.continue':
      case 'rg/run.replay':
      case 'rg/run.fork': return onRemoteRun(hub, seen, msg);
      case 'rg/history.page': return onHistoryPage(hub, seen, msg);
      case 'rg/checkpoint.get': return onCheckpointGet(ctx, hub, seen, msg);
      case 'rg/checkpoint.slice': return onSlice(ctx, hub, seen, msg);
      case 'rg/checkpoint.diff': return onDiff(ctx, hub, seen, msg);
      case 'rg/namespaces.list': return Promise.resolve(onNamespacesList(seen, msg));
      case 'rg/runs.list': return onRunsList(hub, msg);
      // A server sends no engine trace.
      case 'rg/trace.get': return Promise.resolve({ type: 'rg/trace', events: [], nextSeq: null });
      case 'rg/thread.delete': return refuse('Deleting');
      case 'rg/thread.rename': return refuse('Renaming');
      case 'rg/thread.export': return refuse('Exporting');
      case 'rg/thread.import': return refuse('Importing over it');
      default: return null;
    }
  }

  return { handle, stop: () => hub.stopAll() };
}
