/**
 * What code running inside a task can ask about it (LangGraph.js `getConfig`,
 * `getCurrentTaskInput`), found through the task context (./context).
 */
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';
import type { RunnableConfig } from '../checkpoint/types';
import { currentTask } from './context';

/** The running task's config; outside a task, LangChain's ambient config (undefined without one). */
export function getConfig(): RunnableConfig | undefined {
  return currentTask()?.config ?? (AsyncLocalStorageProviderSingleton.getRunnableConfig() as RunnableConfig | undefined);
}

/**
 * The input of the running task (the state it was given). Pass the node's `config` where tasks do
 * not carry a context across awaits of concurrent work.
 */
export function getCurrentTaskInput<T = unknown>(config?: RunnableConfig): T {
  if (config) {
    const scratchpad = config.configurable?.__pregel_scratchpad as { currentTaskInput?: unknown } | undefined;
    if (scratchpad?.currentTaskInput === undefined) throw new Error('BUG: internal scratchpad not initialized.');
    return scratchpad.currentTaskInput as T;
  }
  const ctx = currentTask();
  if (!ctx) {
    throw new Error([
      'Config not retrievable. This is likely because you are running in an environment without support for AsyncLocalStorage.',
      "If you're running `getCurrentTaskInput` in such environment, pass the `config` from the node function directly.",
    ].join('\n'));
  }
  return ctx.input as T;
}
