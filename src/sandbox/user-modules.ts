/**
 * The modules graph code may import, as the sandbox provides them: the engine's entry points under
 * their replaygraph and LangGraph.js names (so LangGraph.js code runs unchanged), and the real
 * `@langchain/core` messages, tools and Runnables and `zod`, bundled into the sandbox script.
 * `@langchain/langgraph-checkpoint` is there too (its `MemorySaver` is in LangGraph.js's own docs).
 */
import * as lcMessages from '@langchain/core/messages';
import * as lcRunnables from '@langchain/core/runnables';
import * as lcTools from '@langchain/core/tools';
import * as zod from 'zod';
import * as engine from '../engine/index';
import * as models from '../engine/models';
import * as prebuilt from '../engine/prebuilt';
import * as stream from '../engine/stream';

type Exports = Readonly<Record<string, unknown>>;

/** `@langchain/langgraph/zod`: the zod-state helpers of the main entry point. */
const ZOD_ENTRY_NAMES = ['withLangGraph', 'registry', 'schemaMetaRegistry', 'SchemaMetaRegistry', 'LanggraphZodMetaRegistry'] as const;

/** `@langchain/langgraph-checkpoint`: the savers, stores and constants the engine has of it. */
const CHECKPOINT_ENTRY_NAMES = [
  'MemorySaver', 'BaseStore', 'InMemoryStore', 'AsyncBatchedStore', 'InMemoryCache', 'InvalidNamespaceError', 'validateNamespace',
  'uuid5', 'uuid6', 'ERROR', 'INTERRUPT', 'RESUME', 'SCHEDULED', 'TASKS', 'WRITES_IDX_MAP',
] as const;

const pick = (from: Exports, names: readonly string[]): Exports => Object.fromEntries(names.filter((n) => n in from).map((n) => [n, from[n]]));

/** The engine's main entry (`replaygraph`, `@langchain/langgraph`, `@langchain/langgraph/web`). */
export const ENGINE_API: Exports = engine;

/** Every other importable module, by name (see usercode/modules.ts for how they are looked up). */
export const USER_MODULES: Readonly<Record<string, Exports>> = {
  'replaygraph/prebuilt': prebuilt,
  'replaygraph/models': models,
  '@langchain/langgraph/prebuilt': prebuilt,
  '@langchain/langgraph/stream': stream,
  '@langchain/langgraph/zod': pick(engine, ZOD_ENTRY_NAMES),
  '@langchain/langgraph-checkpoint': pick(engine, CHECKPOINT_ENTRY_NAMES),
  '@langchain/core/messages': lcMessages,
  '@langchain/core/tools': lcTools,
  '@langchain/core/runnables': lcRunnables,
  zod,
};
