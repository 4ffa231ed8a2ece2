/**
 * The functional API: `entrypoint` (a workflow as one function) and `task` (a unit of work whose
 * result is saved, so a resumed workflow re-runs its body but not the tasks that finished).
 */
import { ephemeralSpec } from '../channels/ephemeral';
import { lastValueSpec } from '../channels/last_value';
import type { BaseCheckpointSaver, RunnableConfig } from '../checkpoint/types';
import { END, PREVIOUS, START } from '../constants';
import type { BaseCache, CachePolicy } from '../pregel/cache';
import { currentTask } from '../pregel/context';
import { Pregel } from '../pregel/pregel';
import type { RetryPolicy } from '../pregel/retry';
import type { StoreLike } from '../store/base';
import { coerceTimeoutPolicy, type TimeoutOption } from '../pregel/timeout_policy';

const isGeneratorFunction = (fn: unknown): boolean => {
  const ctor = (fn as { constructor?: { name?: string } } | undefined)?.constructor?.name;
  return typeof fn === 'function' && (ctor === 'GeneratorFunction' || ctor === 'AsyncGeneratorFunction');
};

/** What `entrypoint.final` returns: `value` is the output, `save` what `getPreviousState()` sees next run. */
export interface EntrypointFinal<V, S> {
  readonly __lg_type: '__pregel_final';
  value?: V;
  save?: S;
}

function isFinal(x: unknown): x is EntrypointFinal<unknown, unknown> {
  return typeof x === 'object' && x !== null && (x as { __lg_type?: unknown }).__lg_type === '__pregel_final';
}

export interface EntrypointOptions {
  name: string;
  checkpointer?: BaseCheckpointSaver;
  /** The cache of its tasks' `cachePolicy`. */
  cache?: BaseCache;
  /** Each attempt's time budget (see `addNode`'s `timeout`). */
  timeout?: TimeoutOption;
  /** The store the workflow and its tasks read (`getStore()`). */
  store?: StoreLike;
}

/**
 * A workflow made of one function. The returned graph has `invoke`, `stream` (default mode
 * `updates`), `getState`, … like a compiled StateGraph. Its node is named after the entrypoint.
 */
export function entrypoint<I, O>(options: EntrypointOptions | string, fn: (input: I, config: RunnableConfig) => O | Promise<O>): Pregel {
  const { name, checkpointer, cache, timeout, store } = typeof options === 'string' ? { name: options } as EntrypointOptions : options;
  if (isGeneratorFunction(fn)) throw new Error('Generators are disallowed as entrypoints. For streaming responses, use config.write.');
  const policy = coerceTimeoutPolicy(timeout);
  return new Pregel({
    name,
    checkpointer,
    store,
    nodes: {
      [name]: {
        name,
        triggers: [START],
        channels: START,
        bound: (input, config) => fn(input as I, config),
        writers: (out) => (isFinal(out) ? [[END, out.value], [PREVIOUS, out.save]] : [[END, out], [PREVIOUS, out]]),
        ...(policy ? { timeout: policy } : {}),
      },
    },
    cache,
    channels: { [START]: ephemeralSpec(true), [END]: lastValueSpec(), [PREVIOUS]: lastValueSpec() },
    inputChannels: START,
    outputChannels: END,
    streamChannels: END,
    streamMode: 'updates',
  });
}

/** Returns `value` now and saves `save` for the next run of the thread. */
entrypoint.final = <V, S>({ value, save }: { value?: V; save?: S }): EntrypointFinal<V, S> => ({ __lg_type: '__pregel_final', value, save });

export interface TaskOptions {
  name: string;
  retry?: RetryPolicy;
  /** Cache results by arguments (needs the entrypoint's `cache`); `true` for the default policy. */
  cachePolicy?: CachePolicy | boolean;
  /** Each attempt's time budget (see `addNode`'s `timeout`). */
  timeout?: TimeoutOption;
}

/**
 * A task: calling it inside an entrypoint (or a node) runs `fn` as a task of the current step,
 * or, when the caller is re-running after a resume, returns the result saved the first time.
 * Calls are identified by their order in the caller, which must therefore be deterministic.
 */
export function task<A extends unknown[], R>(options: TaskOptions | string, fn: (...args: A) => R | Promise<R>): (...args: A) => Promise<Awaited<R>> {
  const o: TaskOptions = typeof options === 'string' ? { name: options } : options;
  const timeout = coerceTimeoutPolicy(o.timeout);
  if (isGeneratorFunction(fn)) throw new Error('Generators are disallowed as tasks. For streaming responses, use config.write.');
  const raw = o.cachePolicy ?? (o as { cache?: CachePolicy | boolean }).cache;
  const cachePolicy = typeof raw === 'boolean' ? (raw ? {} : undefined) : raw;
  const callOptions = { retry: o.retry, cachePolicy, timeout };
  return (...args: A) => {
    const ctx = currentTask();
    if (!ctx?.call) return Promise.reject(new Error(`Task "${o.name}" was called outside of a running graph.`));
    return ctx.call(o.name, fn as (...a: unknown[]) => unknown, args, callOptions) as Promise<Awaited<R>>;
  };
}

/** Inside an entrypoint: the value saved by the thread's previous run (`entrypoint.final({ save })`). */
export function getPreviousState<T = unknown>(): T {
  return currentTask()?.previous as T;
}
