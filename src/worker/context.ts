/** What every request handler of the host shares. */
import type { FromWorker } from '../protocol/messages';
import type { Schedule } from './batcher';
import type { GraphCatalog } from './graphs/registry';
import type { HostOptions } from './options';
import type { RunRegistry } from './runs';
import type { ThreadStore } from './store';

export interface HostContext {
  store: ThreadStore;
  graphs: GraphCatalog;
  runs: RunRegistry;
  options: Required<HostOptions>;
  schedule: Schedule;
  /** Monotonic milliseconds, for leading-edge flushes. */
  now: () => number;
  send(message: FromWorker): void;
  newRunId(): string;
  /** The graph a thread was run with (remembered, else read from its stored runs), or null. */
  graphIdOf(threadId: string): Promise<string | null>;
  rememberGraph(threadId: string, graphId: string): void;
  /** Forgets what is remembered about a deleted thread. */
  forgetThread(threadId: string): void;
}

/** An error carrying a wire code, thrown by handlers and sent to the page as data. */
export class HostError extends Error {
  constructor(readonly code: 'BAD_REQUEST' | 'NOT_FOUND' | 'THREAD_BUSY' | 'READ_ONLY' | 'EXPORT_FAILED', message: string) {
    super(message);
    this.name = 'HostError';
  }
}
