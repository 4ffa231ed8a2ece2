/**
 * `createReactAgent`: LangGraph.js's prebuilt tool-calling agent, as a StateGraph of our engine.
 *
 *   START → [pre_model_hook →] agent → (tool calls?) → tools → agent …
 *                                    ↘ [post_model_hook] / [generate_structured_response] / END
 *
 * `agent` runs the prompt and the model bound to the tools; `tools` is a ToolNode. With
 * `version: 'v2'` each tool call is its own `Send` to `tools`. Tools marked `returnDirect` end
 * the run after they answer. `responseFormat` adds a last structured-output call.
 */
import { isAIMessage, isToolMessage, SystemMessage, type AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { BaseCheckpointSaver, RunnableConfig } from '../checkpoint/types';
import { END, START } from '../constants';
import { Annotation, AnnotationRoot, specsOf, type StateDefinition } from '../graph/annotation';
import type { CompiledStateGraph } from '../graph/compile';
import { StateGraph, type AddNodeOptions, type NodeFunction } from '../graph/state_graph';
import { messagesStateReducer, type Messages } from '../messages/reducer';
import type { StoreLike } from '../store/base';
import { Send } from '../types';
import { withAgentName } from './agent_name';
import { agentPrompt, bindTools, getModel, isBaseChatModel, shouldBindTools, type AnyRunnable } from './model';
import { ToolNode, type ToolLike } from './tool_node';

/** The agent's default state: `messages`, and `structuredResponse` for `responseFormat`. */
export const createReactAgentAnnotation = () =>
  Annotation.Root({
    messages: Annotation<BaseMessage[], Messages>({ reducer: messagesStateReducer, default: () => [] }),
    structuredResponse: Annotation<Record<string, unknown>>,
  });

/** What a pre-model hook may add: the messages to send to the model instead of the state's. */
const PreHookAnnotation = Annotation.Root({
  llmInputMessages: Annotation<BaseMessage[], Messages>({ reducer: (_, update) => messagesStateReducer([], update), default: () => [] }),
});

type Loose = Record<string, unknown>;

/** The agent's state as its own nodes read it (the caller's schema may add keys). */
type AgentState = Loose & { messages: BaseMessage[]; llmInputMessages?: BaseMessage[] };

export interface CreateReactAgentParams {
  /** A chat model (bound to the tools or not), or a function choosing one per call. */
  llm: unknown;
  /** The tools, or a ready ToolNode. */
  tools: ToolLike[] | ToolNode;
  prompt?: unknown;
  /** @deprecated use `prompt` */
  stateModifier?: unknown;
  /** @deprecated use `prompt` */
  messageModifier?: unknown;
  stateSchema?: AnnotationRoot<StateDefinition> | StateDefinition;
  checkpointer?: BaseCheckpointSaver;
  /** @deprecated use `checkpointer` */
  checkpointSaver?: BaseCheckpointSaver;
  interruptBefore?: string[] | '*';
  interruptAfter?: string[] | '*';
  store?: StoreLike;
  /** A schema (or `{ schema, prompt }`) for a final structured answer in `structuredResponse`. */
  responseFormat?: unknown;
  preModelHook?: NodeFunction;
  postModelHook?: NodeFunction;
  name?: string;
  description?: string;
  /** `'v2'`: one `Send` per tool call. @default 'v1' */
  version?: 'v1' | 'v2';
  /** `'inline'`: agent names travel inside the content (for models that drop `name`). */
  includeAgentName?: 'inline';
  [key: string]: unknown;
}

/** The keys of a state schema: an Annotation / definition, or a zod object (its `shape`). */
function stateKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown } | null)?.shape;
  if (shape && typeof shape === 'object') return Object.keys(shape);
  return Object.keys(specsOf(schema));
}

/** A tool the agent runs (LangChain's Runnable marker; `returnDirect` ends the run after it). */
const isRunnableTool = (t: unknown): t is ToolLike & { returnDirect?: unknown } => (t as { lc_runnable?: unknown } | null)?.lc_runnable === true;

const lastAI = (messages: BaseMessage[]) => [...messages].reverse().find(isAIMessage) as AIMessage | undefined;

/** Builds the agent graph (see the module comment). */
export function createReactAgent(params: CreateReactAgentParams): CompiledStateGraph<AgentState> {
  const { llm, tools, messageModifier, stateModifier, prompt, stateSchema, checkpointSaver, checkpointer, interruptBefore, interruptAfter, store, responseFormat, preModelHook, postModelHook, name, version = 'v1', includeAgentName } = params;
  const toolNode = Array.isArray(tools) ? new ToolNode(tools.filter(isRunnableTool)) : tools;
  const toolList: unknown[] = Array.isArray(tools) ? tools : tools.tools;
  const named = (model: AnyRunnable) => (includeAgentName === 'inline' ? withAgentName(model, includeAgentName) : model);

  let staticModel: AnyRunnable | undefined;
  const getStaticModel = async (): Promise<AnyRunnable> => {
    if (staticModel) return staticModel;
    const withTools = (await shouldBindTools(llm, toolList)) ? await bindTools(llm, toolList) : (llm as AnyRunnable);
    staticModel = agentPrompt(prompt, stateModifier, messageModifier).pipe(named(withTools));
    return staticModel;
  };
  const getDynamicModel = async (state: unknown, config: RunnableConfig): Promise<AnyRunnable> => {
    const model = (await (llm as (s: unknown, c: unknown) => unknown)(state, config)) as AnyRunnable;
    return agentPrompt(prompt, stateModifier, messageModifier).pipe(named(model));
  };
  const returnDirect = new Set(toolList.filter((t) => isRunnableTool(t) && Boolean(t.returnDirect)).map((t) => (t as ToolLike).name));

  const modelInput = (state: AgentState) => {
    const { messages, llmInputMessages, ...rest } = state;
    return llmInputMessages != null && llmInputMessages.length > 0 ? { messages: llmInputMessages, ...rest } : { messages, ...rest };
  };
  const callModel = async (state: AgentState, config: RunnableConfig) => {
    const model = typeof llm === 'function' ? await getDynamicModel(state, config) : await getStaticModel();
    const response = (await model.invoke(modelInput(state), config as never)) as BaseMessage;
    response.name = name;
    response.lc_kwargs.name = name;
    return { messages: [response] };
  };
  const generateStructuredResponse = async (state: AgentState, config: RunnableConfig) => {
    if (responseFormat == null) throw new Error('Attempted to generate structured output with no passed response schema. Please contact us for help.');
    const messages = [...(state.messages as BaseMessage[])];
    const model = typeof llm === 'function' ? await (llm as (s: unknown, c: unknown) => unknown)(state, config) : await getModel(llm);
    if (!isBaseChatModel(model)) throw new Error(`Expected \`llm\` to be a ChatModel with .withStructuredOutput() method, got ${(model as object)?.constructor?.name}`);
    let structured: AnyRunnable;
    if (typeof responseFormat === 'object' && 'schema' in (responseFormat as Loose)) {
      const { prompt: formatPrompt, schema, ...options } = responseFormat as Loose;
      structured = model.withStructuredOutput(schema, options);
      if (formatPrompt != null) messages.unshift(new SystemMessage({ content: formatPrompt as string }));
    } else structured = model.withStructuredOutput(responseFormat);
    const response = await structured.invoke(messages, config as never);
    if (response == null) {
      throw new Error('Failed to parse structured response against the provided `responseFormat` schema: the structured-output parser returned null/undefined, which usually means the model output did not satisfy the schema.');
    }
    return { structuredResponse: response };
  };

  const schema = stateSchema ?? createReactAgentAnnotation();
  if (!stateKeys(schema).includes('messages')) throw new Error('Missing required `messages` key in state schema.');
  const workflow = new StateGraph<unknown, AgentState, Partial<AgentState>>(schema).addNode('tools', toolNode);
  const entry = preModelHook != null ? 'pre_model_hook' : 'agent';
  let agentOptions: AddNodeOptions | undefined;
  if (preModelHook != null) {
    workflow.addNode('pre_model_hook', preModelHook).addEdge('pre_model_hook', 'agent');
    // The agent reads the state's channels (whatever kind of schema made them) and `llmInputMessages`
    // (a node-level input schema, as LangGraph.js declares it).
    const stateChannels = Object.fromEntries(Object.entries(workflow.channels).map(([k, spec]) => [k, spec.create()]));
    agentOptions = { input: Annotation.Root({ ...stateChannels, ...PreHookAnnotation.spec }) } as AddNodeOptions;
  }
  workflow.addNode('agent', callModel, agentOptions).addEdge(START, entry);
  const only = (map: Record<string, string | null>) => Object.fromEntries(Object.entries(map).filter(([, v]) => v != null)) as Record<string, string>;
  const toTools = (state: AgentState, calls: NonNullable<AIMessage['tool_calls']>) => (version === 'v2' ? calls.map((c) => new Send('tools', { ...state, lg_tool_call: c })) : 'tools');

  if (postModelHook != null) {
    workflow.addNode('post_model_hook', postModelHook).addEdge('agent', 'post_model_hook').addConditionalEdges(
      'post_model_hook',
      (state: AgentState) => {
        const messages = state.messages as BaseMessage[];
        const answered = new Set(messages.filter(isToolMessage).map((m) => m.tool_call_id));
        const pending = lastAI(messages)?.tool_calls?.filter((c) => c.id == null || !answered.has(c.id)) ?? [];
        if (pending.length > 0) return toTools(state, pending);
        const last = messages[messages.length - 1];
        if (last && isToolMessage(last)) return entry;
        return responseFormat != null ? 'generate_structured_response' : END;
      },
      only({ tools: 'tools', [entry]: entry, generate_structured_response: responseFormat != null ? 'generate_structured_response' : null, [END]: responseFormat != null ? null : END }),
    );
  }
  if (responseFormat !== undefined) workflow.addNode('generate_structured_response', generateStructuredResponse).addEdge('generate_structured_response', END);
  if (postModelHook == null) {
    workflow.addConditionalEdges(
      'agent',
      (state: AgentState) => {
        const messages = state.messages as BaseMessage[];
        const last = messages[messages.length - 1];
        if (!isAIMessage(last) || !last.tool_calls?.length) return responseFormat != null ? 'generate_structured_response' : END;
        return toTools(state, last.tool_calls);
      },
      only({ tools: 'tools', generate_structured_response: responseFormat != null ? 'generate_structured_response' : null, [END]: responseFormat != null ? null : END }),
    );
  }
  if (returnDirect.size > 0) {
    workflow.addConditionalEdges(
      'tools',
      (state: AgentState) => {
        const messages = state.messages as BaseMessage[];
        for (let i = messages.length - 1; i >= 0; i -= 1) {
          const m = messages[i];
          if (!isToolMessage(m)) break;
          if (m.name !== undefined && returnDirect.has(m.name)) return END;
        }
        return entry;
      },
      only({ [entry]: entry, [END]: END }),
    );
  } else workflow.addEdge('tools', entry);

  return workflow.compile({ checkpointer: checkpointer ?? checkpointSaver, interruptBefore, interruptAfter, store, name });
}
