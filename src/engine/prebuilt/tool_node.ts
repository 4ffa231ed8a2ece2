/**
 * `ToolNode` and `toolsCondition`: the tool-running half of a tool-calling agent, with
 * LangGraph.js's semantics.
 *
 * A ToolNode runs, in parallel, every tool call of the last `AIMessage` in its input (a message
 * list, or a state with `messages`) that no `ToolMessage` answers yet, and returns one
 * `ToolMessage` per call (`{ messages: [...] }` for a state, a list for a list). A tool that
 * fails, or a call to an unknown tool, becomes an error `ToolMessage`
 * (`"Error: <message>\n Please fix your mistakes."`, `status: 'error'`) unless
 * `handleToolErrors: false`; an `interrupt()` inside a tool always goes through. A tool may return
 * a `Command`, which the node returns as is (parent-graph `Send`s are merged into one Command).
 * Used as a `Send` target, the input `{ ...state, lg_tool_call }` runs that one call.
 */
import { ToolMessage, isAIMessage, isBaseMessage, type AIMessage, type BaseMessage, type ToolCall } from '@langchain/core/messages';
import { Runnable, ensureConfig, type RunnableConfig as LcRunnableConfig } from '@langchain/core/runnables';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { END } from '../constants';
import { Command, isCommand, isSend, type Send } from '../types';

/** A tool a ToolNode can run: LangChain tools, or any Runnable with a `name` (a tool-like runnable). */
export type ToolLike = StructuredToolInterface | (Runnable & { name: string });

export interface ToolNodeOptions {
  name?: string;
  tags?: string[];
  /** Turn tool failures into error ToolMessages (else they fail the node). @default true */
  handleToolErrors?: boolean;
}

/** A node's config as tools see it: LangChain's, plus the graph's run-scoped values. */
type ToolRunConfig = LcRunnableConfig & { context?: unknown; store?: unknown; writer?: unknown };

type MessagesState = { messages: BaseMessage[] } & Record<string, unknown>;

const isMessageList = (x: unknown): x is BaseMessage[] => Array.isArray(x) && x.every(isBaseMessage);
const isMessagesState = (x: unknown): x is MessagesState => typeof x === 'object' && x !== null && 'messages' in x && isMessageList((x as MessagesState).messages);
const isSendInput = (x: unknown): x is { lg_tool_call: ToolCall } & Record<string, unknown> => typeof x === 'object' && x !== null && 'lg_tool_call' in x;
/** Errors that must stop the graph, not become a ToolMessage (by name: they may come from another realm). */
const passesThrough = (e: unknown) => e instanceof Error && (e.name === 'GraphInterrupt' || e.name === 'NodeInterrupt' || e.name === 'GraphDrained');

/**
 * Runs the tool calls of the last AI message (see the module comment). `T` types its input and
 * output as LangGraph.js's `ToolNode<T = any>` does: callers read the result without narrowing it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as LangGraph.js declares it (see above)
export class ToolNode<T = any> extends Runnable<T, T> {
  lc_namespace = ['langgraph', 'prebuilt'];
  tools: ToolLike[];
  handleToolErrors = true;
  tags?: string[];

  constructor(tools: ToolLike[], options: ToolNodeOptions = {}) {
    super();
    this.tools = tools;
    this.name = options.name ?? 'tools';
    this.tags = options.tags;
    this.handleToolErrors = options.handleToolErrors ?? this.handleToolErrors;
  }

  /** Runs the tool calls in `input`. `config` defaults to the caller's (LangChain's context). */
  async invoke(input: T, options?: Partial<LcRunnableConfig>): Promise<T> {
    const config = ensureConfig(options);
    // The output has the input's shape (a list for a list, a state update for a state).
    return (await this.run(input, this.tags ? { ...config, tags: [...(config.tags ?? []), ...this.tags] } : config)) as T;
  }

  /** One call: the tool's ToolMessage or Command, or an error ToolMessage. */
  protected async runTool(call: ToolCall, config: ToolRunConfig, state: unknown): Promise<ToolMessage | Command> {
    const tool = this.tools.find((t) => t.name === call.name);
    try {
      if (tool === undefined) throw new Error(`Tool "${call.name}" not found.`);
      // Tools receive the graph state and run-scoped values beside the config (LangChain's ToolRuntime).
      const runtime = {
        ...config, state, toolCallId: call.id ?? '', config, context: config.context,
        store: config.store ?? null, writer: config.writer ?? config.configurable?.writer ?? null,
      };
      const output: unknown = await tool.invoke({ ...call, type: 'tool_call' }, runtime as never);
      if ((isBaseMessage(output) && output.getType() === 'tool') || isCommand(output)) return output as ToolMessage | Command;
      return new ToolMessage({ status: 'success', name: tool.name, content: typeof output === 'string' ? output : JSON.stringify(output), tool_call_id: call.id ?? '' });
    } catch (e) {
      if (!this.handleToolErrors || passesThrough(e)) throw e;
      return new ToolMessage({ status: 'error', content: `Error: ${(e as Error).message}\n Please fix your mistakes.`, name: call.name, tool_call_id: call.id ?? '' });
    }
  }

  /** The calls to run: the last AI message's, minus those a ToolMessage already answers. */
  private pendingCalls(input: unknown): ToolCall[] {
    let messages: BaseMessage[];
    if (isMessageList(input)) messages = input;
    else if (isMessagesState(input)) messages = input.messages;
    else throw new Error('ToolNode only accepts BaseMessage[] or { messages: BaseMessage[] } as input.');
    const answered = new Set(messages.filter((m) => m.getType() === 'tool').map((m) => (m as ToolMessage).tool_call_id));
    const ai = [...messages].reverse().find(isAIMessage) as AIMessage | undefined;
    if (!ai) throw new Error('ToolNode only accepts AIMessages as input.');
    return (ai.tool_calls ?? []).filter((c) => c.id == null || !answered.has(c.id));
  }

  protected async run(input: unknown, config: ToolRunConfig): Promise<unknown> {
    let outputs: (ToolMessage | Command)[];
    if (isSendInput(input)) {
      const { lg_tool_call: call, ...state } = input;
      outputs = [await this.runTool(call, config, state)];
    } else {
      outputs = await Promise.all(this.pendingCalls(input).map((c) => this.runTool(c, config, input)));
    }
    const asList = Array.isArray(input);
    if (!outputs.some(isCommand)) return asList ? outputs : { messages: outputs };
    // With Commands: each ToolMessage becomes its own update, beside the Commands; the
    // parent-graph Sends of several tools are merged into one Command.
    const combined: unknown[] = [];
    let parent: Command | undefined;
    for (const out of outputs) {
      if (!isCommand(out)) combined.push(asList ? [out] : { messages: [out] });
      else if (out.graph === Command.PARENT && out.goto.length > 0 && out.goto.every(isSend)) {
        if (parent) parent.goto.push(...(out.goto as Send[]));
        else parent = new Command({ graph: Command.PARENT, goto: [...out.goto] });
      } else combined.push(out);
    }
    if (parent) combined.push(parent);
    return combined;
  }
}

/**
 * Routes to `'tools'` when the last message (of a list, or of `state.messages`) has tool calls,
 * else to END. Use after the model node: `addConditionalEdges('agent', toolsCondition, ['tools', END])`.
 */
export function toolsCondition(state: BaseMessage[] | { messages: BaseMessage[] }): 'tools' | typeof END {
  const messages = Array.isArray(state) ? state : state.messages;
  const last = messages[messages.length - 1] as (BaseMessage & { tool_calls?: unknown[] }) | undefined;
  return last !== undefined && 'tool_calls' in last && (last.tool_calls?.length ?? 0) > 0 ? 'tools' : END;
}
