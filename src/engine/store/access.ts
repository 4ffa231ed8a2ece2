/** `getStore()`: the store of the running graph, from inside a node or a task. */
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';
import type { RunnableConfig } from '../checkpoint/types';
import { currentTask } from '../pregel/context';
import type { StoreLike } from './base';

/**
 * The store the graph was compiled with (`compile({ store })`, `entrypoint({ store })`), or the
 * one passed in the run's config. Call it inside a node or a task, or pass the node's `config`.
 * @returns the store, or undefined when the graph has none
 */
export function getStore(config?: RunnableConfig): StoreLike | undefined {
  // Inside the graph our task context knows the config; LangChain's own context covers code that
  // LangChain runs (a tool, a runnable) where ours is not set.
  const run = config ?? currentTask()?.config ?? (AsyncLocalStorageProviderSingleton.getRunnableConfig() as RunnableConfig | undefined);
  if (run === undefined) throw new Error('getStore() was called outside of a running graph: call it inside a node or a task, or pass the node\'s config.');
  return run.store;
}
