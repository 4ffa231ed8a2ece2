/**
 * The config a run starts with, as LangGraph.js prepares it in `stream()`:
 * - a graph run inside a task inherits that task's callbacks, writer, store, tags and metadata
 *   unless its caller passed its own;
 * - metadata gets `ls_integration: 'langgraph'` and the run's `thread_id` / `checkpoint_ns` / …;
 * - `streamMode: 'messages'` / `'tools'` add a StreamMessagesHandler / StreamToolsHandler to the
 *   callbacks;
 * - `config.writer` is the run's `custom` writer (kept when inherited: a subgraph's custom chunks
 *   go to the stream of the run that set the writer, under the subgraph's namespace);
 * - `config.interrupt` is `interrupt` unless the caller gave one (the Runtime API's
 *   `runtime.interrupt`: nodes and tasks find it in their config).
 */
import type { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { CallbackManager, ensureHandler, type Callbacks } from '@langchain/core/callbacks/manager';
import type { RunnableConfig } from '../checkpoint/types';
import { currentTask } from '../pregel/context';
import { interrupt } from '../pregel/interrupt';
import { StreamMessagesHandler } from './messages';
import { StreamToolsHandler } from './tools';

/** Configurable keys LangGraph.js copies into the run's metadata (when not already there). */
const PROPAGATED = ['thread_id', 'checkpoint_id', 'checkpoint_ns', 'task_id', 'run_id', 'assistant_id', 'graph_id'];

/** Keys a nested run takes from the task that runs it when its caller gave none. */
const INHERITED = ['callbacks', 'writer', 'store', 'tags', 'metadata'] as const;

/** What `prepareStreamConfig` needs of the stream. */
export interface StreamSetup {
  /** The modes this stream asked for. */
  modes: ReadonlySet<string>;
  /** `subgraphs: true` was asked. */
  subgraphs: boolean;
  /** The graph's checkpoint namespace when it runs inside a task. */
  ns?: string;
  /** The config of the task running this graph (nested runs only). */
  inherited?: RunnableConfig;
  /** Puts a chunk on this stream. */
  push(ns: string[], mode: 'messages' | 'custom' | 'tools', payload: unknown): void;
}

/** Two `callbacks` values as one (LangChain's rules: lists concatenate, managers copy). */
export function mergeCallbacks(base: Callbacks | undefined, extra: Callbacks | undefined): Callbacks | undefined {
  if (extra === undefined) return base;
  if (base === undefined) return extra;
  if (Array.isArray(base) && Array.isArray(extra)) return [...base, ...extra];
  const manager = base instanceof CallbackManager ? base.copy() : (CallbackManager.configure(base) ?? new CallbackManager());
  const handlers = Array.isArray(extra) ? extra : extra.handlers;
  for (const h of handlers) manager.addHandler(ensureHandler(h as BaseCallbackHandler), true);
  return manager;
}

/** The namespace of the graph the running task belongs to (for `custom` chunks). */
function writerNamespace(): string[] {
  const ns = currentTask()?.config.configurable?.checkpoint_ns;
  return typeof ns === 'string' && ns !== '' ? ns.split('|').slice(0, -1) : [];
}

/** The run's config: `options` with inherited keys, LangGraph metadata, messages handler, writer. */
export function prepareStreamConfig<O extends RunnableConfig>(options: O, setup: StreamSetup): O {
  const out: RunnableConfig = { ...options };
  if (setup.inherited) for (const k of INHERITED) if (out[k] === undefined && setup.inherited[k] !== undefined) out[k] = setup.inherited[k] as never;
  const metadata: Record<string, unknown> = { ls_integration: 'langgraph', ...out.metadata };
  const configurable = out.configurable ?? {};
  for (const k of PROPAGATED) if (!(k in metadata) && configurable[k] !== undefined) metadata[k] = configurable[k];
  out.metadata = metadata;
  if (setup.modes.has('messages')) {
    const handler = new StreamMessagesHandler((ns, chunk) => setup.push(ns, 'messages', chunk), { subgraphs: setup.subgraphs, parentNs: setup.ns || undefined });
    out.callbacks = mergeCallbacks(out.callbacks, [handler]);
  }
  if (setup.modes.has('tools')) {
    const handler = new StreamToolsHandler((ns, event) => setup.push(ns, 'tools', event), { subgraphs: setup.subgraphs, parentNs: setup.ns || undefined });
    out.callbacks = mergeCallbacks(out.callbacks, [handler]);
  }
  if (out.writer === undefined) {
    const wantsCustom = setup.modes.has('custom');
    out.writer = (chunk: unknown) => {
      if (wantsCustom) setup.push(writerNamespace(), 'custom', chunk);
    };
  }
  if (out.interrupt === undefined) out.interrupt = interrupt;
  return out as O;
}
