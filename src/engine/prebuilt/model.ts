/**
 * How `createReactAgent` gets from what the caller passed (a chat model, a model already bound
 * to tools, a chain ending in one, a configurable model) to a model bound to the agent's tools,
 * and how it builds the prompt step (a string, a SystemMessage, a function or a Runnable).
 */
import { SystemMessage, isBaseMessage, type BaseMessage } from '@langchain/core/messages';
import { Runnable, RunnableBinding, RunnableLambda, RunnableSequence } from '@langchain/core/runnables';
import type { Bivariant } from '../graph/bivariant';

/** A Runnable of any input and output (the agent's steps are chained whatever they take). */
export type AnyRunnable = Runnable<unknown, unknown>;
type Loose = Record<string, unknown>;

/** The parts of a LangChain chat model the agent calls. */
export interface ChatModelLike extends AnyRunnable {
  _modelType: unknown;
  bindTools?(tools: unknown[]): AnyRunnable;
  withStructuredOutput(schema: unknown, options?: unknown): AnyRunnable;
}

/** A configurable model (`initChatModel` with configurable fields). */
interface ConfigurableModelLike {
  _model(): Promise<unknown>;
}

/** A tool as a model's bound `tools` list holds it (OpenAI, generic or Bedrock shapes). */
interface BoundTool {
  type?: unknown;
  name?: string;
  function?: { name?: string };
  toolSpec?: { name?: string };
  functionDeclarations?: BoundTool[];
}

/** A chat model: has `invoke` and LangChain's `_modelType`. */
export function isBaseChatModel(model: unknown): model is ChatModelLike {
  return typeof model === 'object' && model !== null && typeof (model as Loose).invoke === 'function' && '_modelType' in model;
}

/** A configurable model (`initChatModel` with configurable fields): resolves through `_model()`. */
export function isConfigurableModel(model: unknown): model is ConfigurableModelLike {
  return typeof model === 'object' && model !== null && '_queuedMethodOperations' in model && '_model' in model && typeof (model as Loose)._model === 'function';
}

const isModelStep = (step: unknown) => RunnableBinding.isRunnableBinding(step) || isBaseChatModel(step) || isConfigurableModel(step);

/** The tool names a bound-tools entry declares (OpenAI, generic or Bedrock shapes). */
function boundToolName(t: BoundTool): string | undefined {
  if (t.type === 'function' && t.function) return t.function.name;
  if ('name' in t) return t.name;
  if (t.toolSpec && 'name' in t.toolSpec) return t.toolSpec.name;
  return undefined;
}

/**
 * Whether the agent must bind its tools to `llm`: no when it is already bound to exactly those
 * tools (an error when bound to others).
 */
export async function shouldBindTools(llm: unknown, tools: unknown[]): Promise<boolean> {
  let model: unknown = llm;
  if (RunnableSequence.isRunnableSequence(model)) model = (model as RunnableSequence).steps.find(isModelStep) ?? model;
  if (isConfigurableModel(model)) model = await model._model();
  if (!RunnableBinding.isRunnableBinding(model)) return true;
  const listed = (x: unknown): BoundTool[] | null => (Array.isArray(x) ? (x as BoundTool[]) : null);
  let bound = listed((model.kwargs as { tools?: unknown } | undefined)?.tools) ?? listed((model.config as { tools?: unknown } | undefined)?.tools);
  if (bound != null && bound.length === 1 && 'functionDeclarations' in bound[0]) bound = bound[0].functionDeclarations ?? null;
  if (bound == null) return true;
  if (tools.length !== bound.length) throw new Error('Number of tools in the model.bindTools() and tools passed to createReactAgent must match');
  const names = new Set(tools.flatMap((t) => (Runnable.isRunnable(t) ? [t.name as string] : [])));
  const boundNames = new Set(bound.map(boundToolName).filter((n): n is string => !!n));
  const missing = [...names].filter((n) => !boundNames.has(n));
  if (missing.length > 0) throw new Error(`Missing tools '${missing}' in the model.bindTools().Tools in the model.bindTools() must match the tools passed to createReactAgent.`);
  return false;
}

const hasBindTools = (m: unknown): m is ChatModelLike & Required<Pick<ChatModelLike, 'bindTools'>> => isBaseChatModel(m) && typeof m.bindTools === 'function';

function simpleBindTools(llm: unknown, tools: unknown[]): AnyRunnable | null {
  if (hasBindTools(llm)) return llm.bindTools(tools);
  if (RunnableBinding.isRunnableBinding(llm) && hasBindTools(llm.bound)) {
    const outer = llm;
    const inner = llm.bound.bindTools(tools);
    if (RunnableBinding.isRunnableBinding(inner)) {
      return new RunnableBinding({
        bound: inner.bound, config: { ...outer.config, ...inner.config }, kwargs: { ...outer.kwargs, ...inner.kwargs }, configFactories: inner.configFactories ?? outer.configFactories,
      });
    }
    return new RunnableBinding({ bound: inner, config: outer.config, kwargs: outer.kwargs, configFactories: outer.configFactories });
  }
  return null;
}

/** `llm` with `tools` bound (inside a binding, a configurable model or a chain, where they are). */
export async function bindTools(llm: unknown, tools: unknown[]): Promise<AnyRunnable> {
  const direct = simpleBindTools(llm, tools);
  if (direct) return direct;
  if (isConfigurableModel(llm)) {
    const resolved = simpleBindTools(await llm._model(), tools);
    if (resolved) return resolved;
  }
  if (RunnableSequence.isRunnableSequence(llm)) {
    const steps = [...(llm as RunnableSequence).steps];
    const at = steps.findIndex(isModelStep);
    const bound = at >= 0 ? simpleBindTools(steps[at], tools) : null;
    if (bound) {
      steps.splice(at, 1, bound);
      return RunnableSequence.from(steps as [AnyRunnable, ...AnyRunnable[], AnyRunnable]);
    }
  }
  throw new Error(`llm ${String(llm)} must define bindTools method.`);
}

/** The chat model behind `llm` (for structured output). */
export async function getModel(llm: unknown): Promise<ChatModelLike> {
  let model: unknown = llm;
  if (RunnableSequence.isRunnableSequence(model)) model = (model as RunnableSequence).steps.find(isModelStep) ?? model;
  if (isConfigurableModel(model)) model = await model._model();
  if (RunnableBinding.isRunnableBinding(model)) model = model.bound;
  if (!isBaseChatModel(model)) {
    throw new Error(`Expected \`llm\` to be a ChatModel or RunnableBinding (e.g. llm.bind_tools(...)) with invoke() and generate() methods, got ${(model as object)?.constructor?.name}`);
  }
  return model;
}

/** A prompt: text or a SystemMessage put first, a function of the state, or a Runnable. */
export type Prompt = string | SystemMessage | Bivariant<[state: Loose, config?: unknown], unknown> | AnyRunnable;

/** The agent state as the prompt step reads it. */
type MessagesOf = { messages: BaseMessage[] };

const isSystemMessage = (x: unknown): x is SystemMessage => isBaseMessage(x) && x._getType() === 'system';

/** The prompt step: state → the model's input messages. */
export function promptRunnable(prompt: Prompt | undefined | null): AnyRunnable {
  const named = (r: AnyRunnable) => r.withConfig({ runName: 'prompt' });
  if (prompt == null) return named(RunnableLambda.from((state: MessagesOf) => state.messages));
  if (typeof prompt === 'string') {
    const system = new SystemMessage(prompt);
    return named(RunnableLambda.from((state: MessagesOf) => [system, ...(state.messages ?? [])]));
  }
  if (isSystemMessage(prompt)) return named(RunnableLambda.from((state: MessagesOf) => [prompt, ...state.messages]));
  if (typeof prompt === 'function') return named(RunnableLambda.from(prompt as (s: unknown) => unknown));
  if (Runnable.isRunnable(prompt)) return prompt;
  throw new Error(`Got unexpected type for 'prompt': ${typeof prompt}`);
}

/** The legacy `messageModifier` as a prompt (it takes the messages, not the state). */
function modifierPrompt(modifier: unknown): Prompt {
  if (typeof modifier === 'string' || isSystemMessage(modifier)) return modifier;
  if (typeof modifier === 'function') return async (state: MessagesOf) => (modifier as (m: BaseMessage[]) => unknown)(state.messages);
  if (Runnable.isRunnable(modifier)) return RunnableLambda.from((state: MessagesOf) => state.messages).pipe(modifier);
  throw new Error(`Unexpected type for messageModifier: ${typeof modifier}`);
}

/** One of `prompt`, `stateModifier`, `messageModifier` (only one may be given) as the prompt step. */
export function agentPrompt(prompt: unknown, stateModifier: unknown, messageModifier: unknown): AnyRunnable {
  if ([prompt, stateModifier, messageModifier].filter((x) => x != null).length > 1) {
    throw new Error('Expected only one of prompt, stateModifier, or messageModifier, got multiple values');
  }
  let chosen = prompt as Prompt | undefined;
  if (stateModifier != null) chosen = stateModifier as Prompt;
  else if (messageModifier != null) chosen = modifierPrompt(messageModifier);
  return promptRunnable(chosen);
}
