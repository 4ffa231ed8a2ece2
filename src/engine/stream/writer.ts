/** `getWriter()` / `writer()`: emit `custom` stream chunks from inside a node or a task. */
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';
import type { RunnableConfig } from '../checkpoint/types';
import { currentTask } from '../pregel/context';

/**
 * The run's `custom` writer: each call emits one chunk to streams with `streamMode: 'custom'`
 * (and does nothing otherwise). Call it inside a node or a task, or pass the node's `config`.
 */
export function getWriter(config?: RunnableConfig): ((chunk: unknown) => void) | undefined {
  const run = config ?? currentTask()?.config ?? (AsyncLocalStorageProviderSingleton.getRunnableConfig() as RunnableConfig | undefined);
  if (run === undefined) throw new Error('getWriter() was called outside of a running graph: call it inside a node or a task, or pass the node\'s config.');
  return run.writer ?? (run.configurable?.writer as ((chunk: unknown) => void) | undefined);
}

/**
 * Emits `chunk` on the `custom` stream of the running graph. (LangGraph.js 1.7.3's `writer()`
 * looks for the writer in `configurable`, where it never is, so there it emits nothing.)
 */
export function writer(chunk: unknown): void {
  const config = currentTask()?.config;
  if (!config) throw new Error('writer() was called outside of a running graph: call it inside a node or a task.');
  config.writer?.(chunk);
}
