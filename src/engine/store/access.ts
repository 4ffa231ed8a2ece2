/** `getStore()`: the store of the running graph, from inside a node or a task. */
import type { RunnableConfig } from '../checkpoint/types';
import { currentTask } from '../pregel/context';
import type { StoreLike } from './base';

/**
 * The store the graph was compiled with (`compile({ store })`, `entrypoint({ store })`), or the
 * one passed in the run's config. Call it inside a node or a task, or pass the node's `config`.
 * @returns the store, or undefined when the graph has none
 */
export function getStore(config?: RunnableConfig): StoreLike | undefined {
  const run = config ?? currentTask()?.config;
  if (run === undefined) throw new Error('getStore() was called outside of a running graph: call it inside a node or a task, or pass the node\'s config.');
  return run.store;
}
