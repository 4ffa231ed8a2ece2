/**
 * What graph code cannot import in the sandbox, and why, so a refusal names its reason instead of
 * a bare "not available". Two kinds: whole modules refused on purpose (they need the network or a
 * provider's service), and names a real package exports that the sandbox's module of the same
 * name leaves out (the engine has no such thing yet, or it is LangGraph.js's own plumbing). The
 * module-surface test (tests/usercode/module-surface.test.ts) checks each listed name against the
 * real package, so this list stays the exact difference.
 */

const NO_NETWORK = 'graph code has no network in replaygraph';
const PROVIDER =
  "a provider's chat model calls its service, and graph code has no network in replaygraph: to run a graph offline, use " +
  '`FakeListChatModel` from `@langchain/core/utils/testing` or `ScriptedChatModel` from `replaygraph/models`';

const SAVED_HERE = 'runs are saved by replaygraph itself (in the browser), not by a database server or file';
const NEEDS_NODE_CONTEXT =
  "it finds a run's config through Node's `async_hooks`, which a browser has not: import `dispatchCustomEvent` from " +
  "`@langchain/core/callbacks/dispatch/web` and pass it the node's config";

/** Module name (or a `prefix/*` family) → why it is refused. */
const REFUSED_MODULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^@langchain\/langgraph\/remote$/, `\`RemoteGraph\` calls a LangGraph server over HTTP, and ${NO_NETWORK}`],
  [/^@langchain\/langgraph-sdk(\/|$)/, `the LangGraph SDK is a client of a LangGraph server, and ${NO_NETWORK}`],
  [/^@langchain\/(openai|anthropic|google[\w-]*|mistralai|groq|ollama|aws|cohere|community|xai|deepseek|cerebras)(\/|$)/, PROVIDER],
  [/^@langchain\/langgraph-checkpoint-(sqlite|postgres|mongodb|redis)(\/|$)/, SAVED_HERE],
  [/^@langchain\/core\/(callbacks\/dispatch|context)$/, NEEDS_NODE_CONTEXT],
  [/^node:|^(fs|path|child_process|http|https|net|os|worker_threads)$/, 'graph code runs in a browser sandbox, which has no Node.js built-in modules'],
];

/** Why `moduleName` is refused on purpose, or undefined for a module that is simply not offered. */
export function refusalReason(moduleName: string): string | undefined {
  return REFUSED_MODULES.find(([re]) => re.test(moduleName))?.[1];
}

const ENGINE_GAP = "replaygraph's engine does not have it";
const INTERNAL = "LangGraph.js's own plumbing, not used by graphs";
const REMOTE = `it belongs to \`RemoteGraph\`, and ${NO_NETWORK}`;

/** Names LangGraph.js's packages export that the sandbox's module of that name leaves out. */
export const UNOFFERED_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '@langchain/langgraph': {
    MessageGraph: 'it is deprecated in LangGraph.js: use `StateGraph` with `MessagesAnnotation`',
    BaseCheckpointSaver: `${ENGINE_GAP} as a class: a checkpointer is any object with getTuple, list, put and putWrites (\`MemorySaver\` is offered)`,
    RemoteException: REMOTE,
    MultipleSubgraphsError: ENGINE_GAP,
    UnknownInterruptError: ENGINE_GAP,
    isUnknownInterruptError: ENGINE_GAP,
    copyCheckpoint: ENGINE_GAP,
    emptyCheckpoint: ENGINE_GAP,
    GraphCallbackHandler: INTERNAL,
    COMMAND_SYMBOL: INTERNAL,
    CommandInstance: INTERNAL,
    _markInvalidResume: INTERNAL,
    isInvalidResume: INTERNAL,
    getSubgraphsSeenSet: INTERNAL,
    isSerializableSchema: INTERNAL,
  },
  '@langchain/langgraph/channels': {
    DynamicBarrierValue: ENGINE_GAP,
    empty: INTERNAL,
  },
  '@langchain/langgraph/zod': {
    META_EXTRAS_DESCRIPTION_PREFIX: INTERNAL,
  },
  '@langchain/langgraph-checkpoint': {
    BaseCheckpointSaver: `${ENGINE_GAP} as a class: a checkpointer is any object with getTuple, list, put and putWrites`,
    BaseCache: `${ENGINE_GAP} as a class (\`InMemoryCache\` is offered)`,
    MemoryStore: 'it is the deprecated name of `InMemoryStore`, which is offered',
    JsonPlusSerializer: 'replaygraph stores values in its own format',
    DeltaSnapshot: ENGINE_GAP,
    EXCLUDED_METADATA_KEYS: INTERNAL,
    compareChannelVersions: INTERNAL,
    compareWritesSortKeys: INTERNAL,
    writesSortKey: INTERNAL,
    maxChannelVersion: INTERNAL,
    getCheckpointId: INTERNAL,
    getTextAtPath: INTERNAL,
    tokenizePath: INTERNAL,
    deepCopy: INTERNAL,
    copyCheckpoint: ENGINE_GAP,
    emptyCheckpoint: ENGINE_GAP,
  },
};

/** Why `name` is left out of `moduleName`, or undefined when it is not a known omission. */
export function unofferedReason(moduleName: string, name: string): string | undefined {
  const names = UNOFFERED_NAMES[moduleName === '@langchain/langgraph/web' ? '@langchain/langgraph' : moduleName];
  return names && Object.hasOwn(names, name) ? names[name] : undefined;
}
