/**
 * What `addNode` accepts and how each kind runs: a function `(state, config)`, a LangChain
 * Runnable (`RunnableLambda`, a chain, a chat model…: `invoke(state, config)`), or a compiled
 * graph (a subgraph, see Pregel.stream). As in LangGraph.js, a function that returns a Runnable
 * has that Runnable invoked with the same input.
 */
import { RunnableLambda } from '@langchain/core/runnables';
import type { RunnableConfig } from '../checkpoint/types';
import { Pregel } from '../pregel/pregel';
import type { Bivariant } from './bivariant';

/**
 * The part of a LangChain Runnable a node uses (its `lc_runnable` marker, checked at run time, is
 * protected in LangChain's types).
 */
export interface RunnableLike<I = unknown, O = unknown> {
  // A method (checked bivariantly): LangChain's Runnables take their own config type here.
  invoke(input: I, config?: unknown): Promise<O>;
}

/** A node's action. */
export type NodeAction<S = unknown, U = unknown> = Bivariant<[state: S, config: RunnableConfig], U | Promise<U> | RunnableLike> | RunnableLike<S, U> | Pregel;

/** Whether `x` is a LangChain Runnable (its own marker, as `Runnable.isRunnable` checks). */
export function isRunnable(x: unknown): x is RunnableLike {
  return typeof x === 'object' && x !== null && (x as { lc_runnable?: unknown }).lc_runnable === true && typeof (x as { invoke?: unknown }).invoke === 'function';
}

/** Whether `x` has an `invoke` method (a Runnable, a tool, or anything shaped like one). */
const invokable = (x: unknown): x is RunnableLike => typeof x === 'object' && x !== null && typeof (x as { invoke?: unknown }).invoke === 'function';

/** Whether `x` can be a node. */
export function isNodeAction(x: unknown): x is NodeAction {
  return typeof x === 'function' || x instanceof Pregel || invokable(x);
}

/**
 * The node's body as the runner calls it. A function is called with `this` as `{ name, func }`,
 * as LangGraph.js's RunnableCallable calls it, so an unbound class method sees `this.name` as the
 * node's name.
 */
export function boundOf(action: NodeAction, name: string): (input: unknown, config: RunnableConfig) => unknown {
  if (typeof action !== 'function') return (input, config) => action.invoke(input, config);
  const follow = (out: unknown, input: unknown, config: RunnableConfig) => (isRunnable(out) ? out.invoke(input, config) : out);
  const self = { name, func: action };
  return (input, config) => {
    const out = action.call(self, input, config);
    // A synchronous node stays synchronous (no promise per call on the hot path).
    return out instanceof Promise ? out.then((o) => follow(o, input, config)) : follow(out, input, config);
  };
}

const routers = new WeakMap<object, RunnableLambda<unknown, unknown>>();

/**
 * Calls a router (a conditional edge's path function). With callbacks, it runs as a LangChain
 * RunnableLambda, as in LangGraph.js: a child run of the node, and whatever it invokes nests
 * under it. Without callbacks, it is a plain call.
 */
export function callRouter<R>(path: Bivariant<[state: unknown, config: RunnableConfig], R | Promise<R>>, state: unknown, config: RunnableConfig): R | Promise<R> {
  if (config.callbacks === undefined) return path(state, config);
  let lambda = routers.get(path);
  if (!lambda) routers.set(path, (lambda = RunnableLambda.from(path as (s: unknown, c: unknown) => unknown)));
  return lambda.invoke(state, config as never) as Promise<R>;
}
