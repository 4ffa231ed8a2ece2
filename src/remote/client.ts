/**
 * `createRemoteClient`: everything the app does with one LangGraph server, grouped like the API
 * (assistants, threads, history, runs), each call cancellable and every fault a RemoteError.
 */
import { createAssistantsApi, type AssistantsApi } from './api-assistants';
import { createHistoryApi, type HistoryApi } from './api-history';
import { createRunsApi, type RunsApi } from './api-runs';
import { createThreadsApi, type ThreadsApi } from './api-threads';
import { parseServerConfig, type RemoteServerConfig, type RemoteServerInput } from './config';
import { createConnection } from './connection';
import type { CallOptions, RemoteOptions } from './options';
import type { RemoteServerInfo } from './types';
import { checked, SHAPES } from './shapes';

export interface RemoteClient {
  readonly config: RemoteServerConfig;
  readonly options: Readonly<RemoteOptions>;
  /** `GET /info`: is it a LangGraph server, which version, and how far away. */
  info(options?: CallOptions): Promise<RemoteServerInfo>;
  readonly assistants: AssistantsApi;
  readonly threads: ThreadsApi;
  readonly history: HistoryApi;
  readonly runs: RunsApi;
}

/**
 * A client for one server. `server` goes through `parseServerConfig` (a bad URL or header throws
 * REMOTE_BAD_CONFIG); nothing is sent until the first call.
 */
export function createRemoteClient(server: RemoteServerInput, options: Partial<RemoteOptions> = {}): RemoteClient {
  const conn = createConnection(parseServerConfig(server), options);
  return {
    config: conn.config,
    options: conn.options,
    info: (callOptions = {}) =>
      conn.call('Checking the server', async (signal) => {
        const started = Date.now();
        const raw = await conn.meta.info(signal);
        const latencyMs = Date.now() - started;
        const info: Record<string, unknown> = checked(SHAPES.info, raw, 'GET /info (is this a LangGraph server?)');
        const text = (key: string) => (typeof info[key] === 'string' ? (info[key] as string) : undefined);
        const js = text('langgraph_js_version');
        const py = text('langgraph_py_version');
        return {
          version: info.version as string,
          ...(js ? { langgraphJsVersion: js } : {}),
          ...(py ? { langgraphPyVersion: py } : {}),
          flags: info.flags && typeof info.flags === 'object' ? (info.flags as Record<string, unknown>) : {},
          latencyMs,
        };
      }, callOptions),
    assistants: createAssistantsApi(conn),
    threads: createThreadsApi(conn),
    history: createHistoryApi(conn),
    runs: createRunsApi(conn),
  };
}
