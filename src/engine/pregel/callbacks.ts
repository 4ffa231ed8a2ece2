/**
 * LangChain callbacks around a run, as LangGraph.js reports them: the graph is one chain run
 * (named after the graph), each task a child chain run named after its node (tagged
 * `graph:step:<n>`), and whatever a node invokes with its config (a chat model, a tool, a
 * subgraph) nests under that node's run. This is what `config.callbacks` handlers and the
 * `messages` stream mode see.
 *
 * Nothing here runs unless the run has callbacks: a run without them pays one property check.
 */
import { CallbackManager, type CallbackManagerForChainRun } from '@langchain/core/callbacks/manager';
import type { Callbacks } from '@langchain/core/callbacks/manager';
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';
import type { RunnableConfig } from '../checkpoint/types';

/**
 * LangChain carries the current config in its own AsyncLocalStorage, which LangGraph.js sets up
 * when it is imported in Node. Do the same (once, and only where Node's async_hooks exist), so a
 * runnable a node calls without passing `config` still reports to the node's callbacks.
 */
function initLangChainContext(): void {
  const g = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  try {
    const mod = g.process?.getBuiltinModule?.('node:async_hooks') as { AsyncLocalStorage?: new () => unknown } | undefined;
    if (mod?.AsyncLocalStorage) AsyncLocalStorageProviderSingleton.initializeGlobalInstance(new mod.AsyncLocalStorage() as never);
  } catch {
    // No async_hooks: runnables see the config only when it is passed to them.
  }
}
initLangChainContext();

/** A graph's chain run, when the run has callbacks. */
export type GraphRun = CallbackManagerForChainRun;

/** The serialised stand-ins callbacks receive for a graph and for a node run. */
const GRAPH_SERIALIZED = { lc: 1, type: 'not_implemented' as const, id: ['langgraph', 'pregel', 'Pregel'] };
const NODE_SERIALIZED = { lc: 1, type: 'not_implemented' as const, id: ['langgraph', 'pregel', 'PregelNode'] };

/** LangChain's convention for chain inputs / outputs: an object as is, anything else under `key`. */
export function asChainValues(value: unknown, key: 'input' | 'output'): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) ? (value as Record<string, unknown>) : { [key]: value };
}

function managerFor(config: RunnableConfig, options?: { tracerInheritableMetadata?: Record<string, unknown> }): CallbackManager | undefined {
  return CallbackManager.configure(config.callbacks as Callbacks | undefined, undefined, config.tags, undefined, config.metadata, undefined, options);
}

/** Parts of a configurable key that mark a secret: never copied into traces. */
const SECRET_WORDS = ['key', 'token', 'secret', 'password', 'auth'];

/**
 * The `configurable` values LangSmith-style tracers record as run metadata, as LangGraph.js picks
 * them: plain strings, numbers and booleans, not internal (`__…`), not secret-looking, and not
 * mirrored from `context` (those are blanked).
 */
export function tracingMetadata(config: RunnableConfig): Record<string, unknown> | undefined {
  const configurable = config.configurable;
  if (!configurable) return undefined;
  const context = config.context as Record<string, unknown> | undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(configurable)) {
    if (context != null && Object.hasOwn(context, k) && Object.is(context[k], v)) {
      if (!k.startsWith('__')) out[k] = undefined;
      continue;
    }
    const lower = k.toLowerCase();
    if (k.startsWith('__') || !['string', 'number', 'boolean'].includes(typeof v) || SECRET_WORDS.some((w) => lower.includes(w))) continue;
    out[k] = v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Starts the graph's chain run, or returns undefined when the config has no callbacks. */
export async function startGraphRun(config: RunnableConfig, name: string, input: unknown): Promise<GraphRun | undefined> {
  if (config.callbacks === undefined) return undefined;
  return managerFor(config, { tracerInheritableMetadata: tracingMetadata(config) })?.handleChainStart(GRAPH_SERIALIZED, asChainValues(input, 'input'), config.runId, undefined, undefined, undefined, config.runName ?? name);
}

/** The callbacks a task of step `step` runs with: a child of the graph's run. */
export function stepCallbacks(run: GraphRun, step: number): CallbackManager {
  return run.getChild(`graph:step:${step}`);
}

/**
 * Runs a node's body as a chain run named `name` when its config has callbacks: the body gets a
 * config whose callbacks are the run's children, and the run ends with the body's output (or
 * error). Inside, LangChain's own context carries that config, so runnables the node calls
 * without passing `config` still report here (where the platform has AsyncLocalStorage).
 * Without callbacks, the body just runs with `config`.
 */
export async function runTraced<T>(name: string, input: unknown, config: RunnableConfig, body: (config: RunnableConfig) => Promise<T>): Promise<T> {
  if (config.callbacks === undefined) return body(config);
  const run = await managerFor(config)?.handleChainStart(NODE_SERIALIZED, asChainValues(input, 'input'), undefined, undefined, undefined, undefined, name);
  const inner: RunnableConfig = run ? { ...config, callbacks: run.getChild() } : config;
  let output: T;
  try {
    output = await AsyncLocalStorageProviderSingleton.runWithConfig(inner as never, () => body(inner));
  } catch (e) {
    await run?.handleChainError(e);
    throw e;
  }
  await run?.handleChainEnd(asChainValues(output, 'output'));
  return output;
}
