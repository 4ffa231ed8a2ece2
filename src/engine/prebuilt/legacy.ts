/**
 * LangGraph.js's deprecated prebuilt agents, kept for old code: `ToolExecutor` (runs a
 * `{ tool, toolInput }` action), `createAgentExecutor` (an agent runnable deciding actions until it
 * returns `returnValues`) and `createFunctionCallingExecutor` (OpenAI function calling with
 * `FunctionMessage`s). New code uses `ToolNode` and `createReactAgent`.
 */
import { FunctionMessage, type BaseMessage } from '@langchain/core/messages';
import { RunnableBinding, RunnableLambda, type Runnable } from '@langchain/core/runnables';
import { convertToOpenAIFunction } from '@langchain/core/utils/function_calling';
import { END, START } from '../constants';
import type { CompiledStateGraph } from '../graph/compile';
import { StateGraph } from '../graph/state_graph';
import type { ToolLike } from './tool_node';

/** An agent's decision to call a tool. */
export interface ToolInvocation {
  tool: string;
  toolInput: unknown;
  log?: string;
}

const INVALID_TOOL = '{requestedToolName} is not a valid tool, try one of {availableToolNamesString}.';

/** @deprecated Runs `{ tool, toolInput }` with the named tool (or answers that it does not exist). */
export class ToolExecutor extends RunnableBinding<ToolInvocation, unknown> {
  lc_graph_name = 'ToolExecutor';
  tools: ToolLike[];
  toolMap: Record<string, ToolLike>;
  invalidToolMsgTemplate: string;

  constructor(fields: { tools: ToolLike[]; invalidToolMsgTemplate?: string }) {
    const bound = RunnableLambda.from(async (input: ToolInvocation, config?: unknown) => this.execute(input, config));
    super({ bound, config: {} });
    this.tools = fields.tools;
    this.invalidToolMsgTemplate = fields.invalidToolMsgTemplate ?? INVALID_TOOL;
    this.toolMap = Object.fromEntries(this.tools.map((t) => [t.name, t]));
  }

  private async execute(invocation: ToolInvocation, config: unknown): Promise<unknown> {
    const tool = this.toolMap[invocation.tool];
    if (!tool) return this.invalidToolMsgTemplate.replace('{requestedToolName}', invocation.tool).replace('{availableToolNamesString}', Object.keys(this.toolMap).join(', '));
    return tool.invoke(invocation.toolInput as never, config as never);
  }
}

type AgentOutcome = ToolInvocation | { returnValues: unknown; log?: string };

/** The agent executor's state (legacy channels: any values, `steps` accumulating). */
type AgentExecutorState = { input: unknown; agentOutcome?: AgentOutcome; steps: unknown[] };

/** @deprecated An agent runnable deciding actions; the tools run until it returns `returnValues`. */
export function createAgentExecutor({ agentRunnable, tools }: { agentRunnable: Runnable; tools: ToolLike[] | ToolExecutor }): CompiledStateGraph<AgentExecutorState> {
  const executor = Array.isArray(tools) ? new ToolExecutor({ tools }) : tools;
  const State = {
    channels: { input: null, agentOutcome: null, steps: { reducer: (x: unknown[], y: unknown[]) => x.concat(y), default: () => [] } },
  };
  return new StateGraph<typeof State, AgentExecutorState, Partial<AgentExecutorState>>(State)
    .addNode('agent', async (data: { agentOutcome?: AgentOutcome }, config) => ({ agentOutcome: await agentRunnable.invoke(data, config as never) }))
    .addNode('action', async (data: { agentOutcome?: AgentOutcome }, config) => {
      const action = data.agentOutcome;
      if (!action || 'returnValues' in action) throw new Error('Agent has not been run yet');
      return { steps: [{ action, observation: await executor.invoke(action, config as never) }] };
    })
    .addEdge(START, 'agent')
    .addConditionalEdges('agent', (data: { agentOutcome?: AgentOutcome }) => (data.agentOutcome && 'returnValues' in data.agentOutcome ? 'end' : 'continue'), { continue: 'action', end: END })
    .addEdge('action', 'agent')
    .compile();
}

type FunctionCall = { name: string; arguments: unknown };
const functionCallOf = (m: BaseMessage | undefined) => m?.additional_kwargs?.function_call as FunctionCall | undefined;

/** @deprecated A chat model with OpenAI function calling, answering with FunctionMessages. */
export function createFunctionCallingExecutor({ model, tools }: { model: Runnable & { bind?: (kwargs: Record<string, unknown>) => Runnable }; tools: ToolLike[] | ToolExecutor }): CompiledStateGraph<{ messages: BaseMessage[] }> {
  const executor = Array.isArray(tools) ? new ToolExecutor({ tools }) : tools;
  const toolList = Array.isArray(tools) ? tools : tools.tools;
  if (typeof model.bind !== 'function') throw new Error('Model must be bindable');
  const bound = model.bind({ functions: toolList.map((t) => convertToOpenAIFunction(t as never)) });
  const callModel = async (state: { messages: BaseMessage[] }, config?: unknown) => ({ messages: [await bound.invoke(state.messages, config as never)] });
  const callTool = async (state: { messages: BaseMessage[] }, config?: unknown) => {
    const last = state.messages[state.messages.length - 1];
    if (!last) throw new Error('No messages found.');
    const call = functionCallOf(last);
    if (!call) throw new Error('No function call found in message.');
    const action = { tool: call.name, toolInput: JSON.stringify(call.arguments), log: '' };
    return { messages: [new FunctionMessage({ content: (await executor.invoke(action, config as never)) as string, name: action.tool })] };
  };
  return new StateGraph({ channels: { messages: { value: (x: BaseMessage[], y: BaseMessage[]) => x.concat(y), default: () => [] } } })
    .addNode('agent', new RunnableLambda({ func: callModel }))
    .addNode('action', new RunnableLambda({ func: callTool }))
    .addEdge(START, 'agent')
    .addConditionalEdges('agent', (state: { messages: BaseMessage[] }) => (functionCallOf(state.messages[state.messages.length - 1]) ? 'continue' : 'end'), { continue: 'action', end: END })
    .addEdge('action', 'agent')
    .compile();
}
