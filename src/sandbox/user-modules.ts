/**
 * The modules graph code may import, as the sandbox provides them: the engine's entry points under
 * their replaygraph and LangGraph.js names (so LangGraph.js code runs unchanged), the real
 * `@langchain/core` entry points LangGraph.js programs use (messages, tools, Runnables, prompts,
 * output parsers, the fake chat models of `utils/testing` that run without a key…), `zod` (v4, and
 * its v3 API) and `uuid`, all bundled into the sandbox script. What a LangGraph.js entry point
 * exports and the engine has not is listed with its reason in usercode/unoffered.ts; the
 * module-surface test compares every entry here with the real package.
 */
import * as lcCallbacksBase from '@langchain/core/callbacks/base';
import * as lcDispatchWeb from '@langchain/core/callbacks/dispatch/web';
import * as lcCallbacksManager from '@langchain/core/callbacks/manager';
import * as lcChatHistory from '@langchain/core/chat_history';
import * as lcDocuments from '@langchain/core/documents';
import * as lcEmbeddings from '@langchain/core/embeddings';
import * as lcErrors from '@langchain/core/errors';
import * as lcLanguageModelsBase from '@langchain/core/language_models/base';
import * as lcChatModels from '@langchain/core/language_models/chat_models';
import * as lcLlms from '@langchain/core/language_models/llms';
import * as lcLoad from '@langchain/core/load';
import * as lcSerializable from '@langchain/core/load/serializable';
import * as lcMessages from '@langchain/core/messages';
import * as lcMessagesTool from '@langchain/core/messages/tool';
import * as lcOutputParsers from '@langchain/core/output_parsers';
import * as lcOutputs from '@langchain/core/outputs';
import * as lcPromptValues from '@langchain/core/prompt_values';
import * as lcPrompts from '@langchain/core/prompts';
import * as lcRetrievers from '@langchain/core/retrievers';
import * as lcRunnables from '@langchain/core/runnables';
import * as lcStores from '@langchain/core/stores';
import * as lcTools from '@langchain/core/tools';
import * as lcFunctionCalling from '@langchain/core/utils/function_calling';
import * as lcJsonSchema from '@langchain/core/utils/json_schema';
import * as lcStream from '@langchain/core/utils/stream';
import * as lcTesting from '@langchain/core/utils/testing';
import * as lcVectorStores from '@langchain/core/vectorstores';
import * as uuid from 'uuid';
import * as zod from 'zod';
import * as zodV3 from 'zod/v3';
import * as zodV4 from 'zod/v4';
import * as zodV4Core from 'zod/v4/core';
import * as engine from '../engine/index';
import * as models from '../engine/models';
import * as prebuilt from '../engine/prebuilt';
import * as stream from '../engine/stream';

type Exports = Readonly<Record<string, unknown>>;

/** `@langchain/langgraph/zod`: the zod-state helpers of the main entry point. */
const ZOD_ENTRY_NAMES = ['withLangGraph', 'registry', 'schemaMetaRegistry', 'SchemaMetaRegistry', 'LanggraphZodMetaRegistry'] as const;

/** `@langchain/langgraph/zod/schema`: JSON schemas of a graph's state, update, input, output, config. */
const ZOD_SCHEMA_NAMES = ['getStateTypeSchema', 'getUpdateTypeSchema', 'getInputTypeSchema', 'getOutputTypeSchema', 'getConfigTypeSchema'] as const;

/** `@langchain/langgraph/channels`: the channel classes. */
const CHANNEL_NAMES = [
  'AnyValue', 'BaseChannel', 'BinaryOperatorAggregate', 'EphemeralValue', 'LastValue', 'LastValueAfterFinish', 'NamedBarrierValue',
  'NamedBarrierValueAfterFinish', 'Topic', 'UntrackedValueChannel',
  'DeltaChannel', 'isDeltaChannel', 'deltaChannelsToSnapshot', 'deltaChannelsWithPendingWrites', 'exitDeltaTaskId', 'exitDeltaLateTaskId',
  'channelsFromCheckpoint', 'createCheckpoint',
] as const;

/** `@langchain/langgraph/pregel`: the low-level graph. */
const PREGEL_NAMES = ['Channel', 'Pregel'] as const;

/** `@langchain/langgraph-checkpoint`: the savers, stores and constants the engine has of it. */
const CHECKPOINT_ENTRY_NAMES = [
  'MemorySaver', 'BaseStore', 'InMemoryStore', 'AsyncBatchedStore', 'InMemoryCache', 'InvalidNamespaceError', 'validateNamespace',
  'uuid5', 'uuid6', 'ERROR', 'INTERRUPT', 'RESUME', 'SCHEDULED', 'TASKS', 'WRITES_IDX_MAP', 'isDeltaSnapshot',
] as const;

/** The names of `from` listed in `names` (a name the engine lost would fail the module-surface test). */
const pick = (from: Exports, names: readonly string[]): Exports => Object.fromEntries(names.filter((n) => n in from).map((n) => [n, from[n]]));

/** The engine's main entry (`replaygraph`, `@langchain/langgraph`, `@langchain/langgraph/web`). */
export const ENGINE_API: Exports = engine;

/** LangGraph.js's other entry points, as the engine provides them. */
const LANGGRAPH_MODULES: Readonly<Record<string, Exports>> = {
  '@langchain/langgraph/prebuilt': prebuilt,
  '@langchain/langgraph/stream': stream,
  '@langchain/langgraph/zod': pick(engine, ZOD_ENTRY_NAMES),
  '@langchain/langgraph/zod/schema': pick(engine, ZOD_SCHEMA_NAMES),
  '@langchain/langgraph/channels': pick(engine, CHANNEL_NAMES),
  '@langchain/langgraph/pregel': pick(engine, PREGEL_NAMES),
  '@langchain/langgraph-checkpoint': pick(engine, CHECKPOINT_ENTRY_NAMES),
};

/** The real `@langchain/core` entry points graph code uses. */
const LANGCHAIN_CORE_MODULES: Readonly<Record<string, Exports>> = {
  '@langchain/core/callbacks/base': lcCallbacksBase,
  '@langchain/core/callbacks/dispatch/web': lcDispatchWeb,
  '@langchain/core/callbacks/manager': lcCallbacksManager,
  '@langchain/core/chat_history': lcChatHistory,
  '@langchain/core/documents': lcDocuments,
  '@langchain/core/embeddings': lcEmbeddings,
  '@langchain/core/errors': lcErrors,
  '@langchain/core/language_models/base': lcLanguageModelsBase,
  '@langchain/core/language_models/chat_models': lcChatModels,
  '@langchain/core/language_models/llms': lcLlms,
  '@langchain/core/load': lcLoad,
  '@langchain/core/load/serializable': lcSerializable,
  '@langchain/core/messages': lcMessages,
  '@langchain/core/messages/tool': lcMessagesTool,
  '@langchain/core/output_parsers': lcOutputParsers,
  '@langchain/core/outputs': lcOutputs,
  '@langchain/core/prompt_values': lcPromptValues,
  '@langchain/core/prompts': lcPrompts,
  '@langchain/core/retrievers': lcRetrievers,
  '@langchain/core/runnables': lcRunnables,
  '@langchain/core/stores': lcStores,
  '@langchain/core/tools': lcTools,
  '@langchain/core/utils/function_calling': lcFunctionCalling,
  '@langchain/core/utils/json_schema': lcJsonSchema,
  '@langchain/core/utils/stream': lcStream,
  '@langchain/core/utils/testing': lcTesting,
  '@langchain/core/vectorstores': lcVectorStores,
};

/** Every other importable module, by name (see usercode/modules.ts for how they are looked up). */
export const USER_MODULES: Readonly<Record<string, Exports>> = {
  'replaygraph/prebuilt': prebuilt,
  'replaygraph/models': models,
  ...LANGGRAPH_MODULES,
  ...LANGCHAIN_CORE_MODULES,
  zod,
  'zod/v3': zodV3,
  'zod/v4': zodV4,
  'zod/v4/core': zodV4Core,
  uuid,
};
