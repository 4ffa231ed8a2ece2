/**
 * Prebuilt agents (issue #12, item 4): `ToolNode` and `toolsCondition` in a hand-built ReAct
 * graph, `createReactAgent` (v1 and v2, prompts, `returnDirect`, an `interrupt()` inside a tool and
 * its resume), and tool errors handled as LangGraph.js handles them (error ToolMessages for failing
 * and unknown tools, `handleToolErrors: false`, a tool returning a Command). The chat model is the
 * ScriptedChatModel, so both implementations get the same answers and tool calls.
 */
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { RunnableLambda } from '@langchain/core/runnables';
import { tool } from '@langchain/core/tools';
import { expect } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { ScriptedChatModel } from '../../../src/engine/models';
import { entry, type Scenario } from '../harness/scenario';

const PREBUILT_API = ['MessagesAnnotation', 'ToolNode', 'toolsCondition', 'createReactAgent'];

/** The tools every scenario uses; `impl` gives the engine's `interrupt` and `Command`. */
function makeTools(impl: any, rec: any) {
  const weather = tool(
    async ({ city }: { city: string }) => {
      rec.count(`weather:${city}`);
      if (city === 'Atlantis') throw new Error('no weather station there');
      return `sunny in ${city}`;
    },
    { name: 'get_weather', description: 'The weather in a city.', schema: z.object({ city: z.string() }) },
  );
  const approve = tool(
    async ({ amount }: { amount: number }) => {
      rec.count('approve');
      const answer = impl.interrupt({ question: `pay ${amount}?` });
      return answer === 'yes' ? `paid ${amount}` : 'payment refused';
    },
    { name: 'pay', description: 'Pay after a human approves.', schema: z.object({ amount: z.number() }) },
  );
  const finish = tool(async () => (rec.count('finish'), 'the final word'), { name: 'finish', description: 'Ends the run.', schema: z.object({}), returnDirect: true });
  const remember = tool(
    async ({ note }: { note: string }, config: any) => {
      rec.count('remember');
      return new impl.Command({ update: { note, messages: [new ToolMessage({ content: `noted ${note}`, tool_call_id: config.toolCall?.id ?? config.toolCallId })] } });
    },
    { name: 'remember', description: 'Writes a note to the state.', schema: z.object({ note: z.string() }) },
  );
  return { weather, approve, finish, remember };
}

const call = (id: string, name: string, args: Record<string, unknown>) => ({ id, name, args });

const toolNodeGraph: Scenario = {
  name: 'P1 ToolNode + toolsCondition: a ReAct loop with good, failing and unknown tools; history',
  needs: PREBUILT_API,
  async run({ impl, rec, saver, thread }) {
    const { weather } = makeTools(impl, rec);
    const model = new ScriptedChatModel({
      responses: [
        new AIMessage({ content: 'checking', tool_calls: [call('c1', 'get_weather', { city: 'Paris' }), call('c2', 'get_weather', { city: 'Atlantis' }), call('c3', 'teleport', {})] }),
        'Paris is sunny; Atlantis has no station.',
      ],
    });
    const bound = model.bindTools([weather]);
    const graph = new impl.StateGraph(impl.MessagesAnnotation)
      .addNode('agent', async (s: any, config: any) => (rec.count('agent'), { messages: [await bound.invoke(s.messages, config)] }))
      .addNode('tools', new impl.ToolNode([weather]))
      .addEdge(impl.START, 'agent')
      .addConditionalEdges('agent', impl.toolsCondition, ['tools', impl.END])
      .addEdge('tools', 'agent')
      .compile({ checkpointer: saver });
    await rec.invoke('run', graph, { messages: [new HumanMessage({ id: 'q', content: 'weather?' })] }, thread());
    await rec.history('history', graph, thread());
    model.calls = 0;
    await rec.stream('tools stream', graph, { messages: [new HumanMessage({ id: 'q2', content: 'again' })] }, { ...thread('tools'), streamMode: 'tools' });
    rec.note('toolsCondition', [impl.toolsCondition({ messages: [new AIMessage('no tools')] }), impl.toolsCondition([new AIMessage({ content: '', tool_calls: [call('x', 'get_weather', { city: 'x' })] })])]);
    const direct = new impl.ToolNode([weather]);
    rec.note('ToolNode on a list', await direct.invoke([new AIMessage({ content: '', tool_calls: [call('d1', 'get_weather', { city: 'Rome' })] })]));
    try {
      await new impl.ToolNode([weather], { handleToolErrors: false }).invoke({ messages: [new AIMessage({ content: '', tool_calls: [call('d2', 'get_weather', { city: 'Atlantis' })] })] });
    } catch (e) {
      rec.note('handleToolErrors: false', { error: (e as Error).message });
    }
    try {
      await direct.invoke({ messages: [new HumanMessage('no AI message')] });
    } catch (e) {
      rec.note('no AI message', { error: (e as Error).message });
    }
  },
  check(o) {
    const tools = entry(o, 'run').result.messages.filter((m: any) => m.Message === 'ToolMessage');
    expect(tools.map((m: any) => m.status)).toEqual(['success', 'error', 'error']);
    expect(tools[2].content).toBe('Error: Tool "teleport" not found.\n Please fix your mistakes.');
    expect(entry(o, 'handleToolErrors: false').error).toBe('no weather station there');
    expect(entry(o, 'tools stream').chunks.map((c: any) => c.event)).toEqual(['on_tool_start', 'on_tool_start', 'on_tool_end', 'on_tool_error']);
  },
};

const reactAgent: Scenario = {
  name: 'P2 createReactAgent v1/v2: prompt, tool calls, returnDirect, a tool returning a Command',
  needs: PREBUILT_API,
  async run({ impl, rec, saver, thread }) {
    const { weather, finish, remember } = makeTools(impl, rec);
    const State = impl.Annotation.Root({ ...impl.MessagesAnnotation.spec, note: impl.Annotation() });
    for (const version of ['v1', 'v2']) {
      const model = new ScriptedChatModel({
        responses: [
          new AIMessage({ content: '', tool_calls: [call('w1', 'get_weather', { city: 'Oslo' }), call('w2', 'get_weather', { city: 'Lima' })] }),
          new AIMessage({ content: 'noting', tool_calls: [call('r1', 'remember', { note: 'bring a coat' })] }),
          new AIMessage({ content: 'done', tool_calls: [call('f1', 'finish', {})] }),
        ],
      });
      const agent = impl.createReactAgent({ llm: model, tools: [weather, remember, finish], prompt: 'You are terse.', stateSchema: State, checkpointer: saver, version, name: 'weather_agent' });
      await rec.invoke(`${version} run`, agent, { messages: [{ role: 'user', content: 'plan my trip' }] }, thread(version));
      await rec.history(`${version} history`, agent, thread(version));
      rec.note(`${version} model saw`, model.received.map((ms) => ms.map((m) => `${m.getType()}:${typeof m.content === 'string' ? m.content : '[blocks]'}`)));
    }
  },
  check(o) {
    const messages = entry(o, 'v1 run').result.messages;
    expect(messages.at(-1)).toMatchObject({ Message: 'ToolMessage', content: 'the final word' });
    expect(entry(o, 'v1 run').result.note).toBe('bring a coat');
    expect(entry(o, 'v1 model saw')[0][0]).toBe('system:You are terse.');
  },
};

const interruptInTool: Scenario = {
  name: 'P3 createReactAgent: interrupt() inside a tool, resume with Command, streamed updates',
  needs: [...PREBUILT_API, 'interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const { approve } = makeTools(impl, rec);
    const model = new ScriptedChatModel({ responses: [new AIMessage({ content: '', tool_calls: [call('p1', 'pay', { amount: 42 })] }), 'Payment done.'] });
    const agent = impl.createReactAgent({ llm: model, tools: [approve], checkpointer: saver });
    await rec.stream('until the interrupt', agent, { messages: [new HumanMessage({ id: 'h', content: 'pay the bill' })] }, { ...thread(), streamMode: 'updates' });
    await rec.state('interrupted state', agent, thread());
    await rec.stream('resume', agent, new impl.Command({ resume: 'yes' }), { ...thread(), streamMode: ['updates', 'tools'] });
    await rec.history('history', agent, thread());
    const bare = impl.createReactAgent({ llm: new ScriptedChatModel({ responses: ['hello'] }), tools: [] });
    await rec.invoke('no tools', bare, { messages: ['hi'] });
    try {
      impl.createReactAgent({ llm: model, tools: [], stateSchema: impl.Annotation.Root({ flag: impl.Annotation() }) });
    } catch (e) {
      rec.note('schema without messages', { error: (e as Error).message });
    }
  },
  check(o) {
    expect(entry(o, 'interrupted state').tasks[0].interrupts[0].value).toEqual({ question: 'pay 42?' });
    expect(entry(o, 'schema without messages').error).toBe('Missing required `messages` key in state schema.');
  },
};

/** v2: the tool calls of one AI message are parallel Send tasks; one interrupts, its sibling finishes. */
const parallelInterrupt: Scenario = {
  name: 'P4 createReactAgent v2: parallel tool calls, one interrupts, values stream, resume',
  needs: [...PREBUILT_API, 'interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const { weather, approve } = makeTools(impl, rec);
    const model = new ScriptedChatModel({ responses: [new AIMessage({ content: 'both', tool_calls: [call('w', 'get_weather', { city: 'Baku' }), call('p', 'pay', { amount: 7 })] }), 'all done'] });
    const agent = impl.createReactAgent({ llm: model, tools: [approve, weather], checkpointer: saver, version: 'v2' });
    await rec.stream('values until the interrupt', agent, { messages: 'weather and pay' }, { ...thread(), streamMode: 'values' });
    await rec.stream('values on resume', agent, new impl.Command({ resume: 'yes' }), { ...thread(), streamMode: 'values' });
    await rec.history('history', agent, thread());
  },
  check(o) {
    expect(entry(o, 'values on resume').chunks[0].messages).toHaveLength(2);
  },
};

/** The deprecated createAgentExecutor / ToolExecutor (legacy `{ channels }` state). */
const legacyExecutor: Scenario = {
  name: 'P5 createAgentExecutor and ToolExecutor (deprecated prebuilt)',
  needs: ['createAgentExecutor', 'ToolExecutor'],
  async run({ impl, rec }) {
    const search = tool(async (q: string) => (rec.count('search'), `result for ${q}`), { name: 'search_api', description: 'Search.', schema: z.string() });
    const plans = ['tool:search_api:query', 'tool:nope:x', 'finish:answer'];
    let turn = 0;
    const agent = RunnableLambda.from(() => {
      const [kind, a, b] = plans[turn++].split(':');
      return kind === 'finish' ? { returnValues: { answer: a }, log: 'done' } : { tool: a, toolInput: b, log: `${a}(${b})` };
    });
    await rec.invoke('run', impl.createAgentExecutor({ agentRunnable: agent, tools: [search] }), { input: 'question' });
    rec.note('ToolExecutor, unknown tool', await new impl.ToolExecutor({ tools: [search] }).invoke({ tool: 'ghost', toolInput: '' }));
  },
  check(o) {
    expect(entry(o, 'run').result.steps.map((s: any) => s.observation)).toEqual(['result for query', 'nope is not a valid tool, try one of search_api.']);
  },
};

/**
 * A zod object state (zod 4, and zod 3 through `zod/v3`) with a pre-model hook (the model reads
 * `llmInputMessages`) and a post-model hook writing a reducer key.
 */
const zodStateHooks: Scenario = {
  name: 'P6 createReactAgent with a zod state, preModelHook and postModelHook (zod 4 and zod 3)',
  needs: [...PREBUILT_API, 'withLangGraph', 'MessagesZodMeta'],
  async run({ impl, rec }) {
    for (const [label, zz] of [['zod 4', z], ['zod 3', z3]] as const) {
      const model = new ScriptedChatModel({ responses: [new AIMessage({ id: 'answer', content: 'Hello!' })] });
      const stateSchema = (zz as typeof z).object({
        messages: impl.withLangGraph((zz as typeof z).custom(), impl.MessagesZodMeta),
        flags: impl.withLangGraph((zz as typeof z).array((zz as typeof z).string()), {
          reducer: { fn: (a: string[], b: string[]) => [...a, ...b], schema: (zz as typeof z).array((zz as typeof z).string()) },
          default: () => [],
        }),
      });
      const agent = impl.createReactAgent({
        llm: model,
        tools: [],
        stateSchema,
        preModelHook: (s: any) => (rec.count('pre'), { llmInputMessages: [new HumanMessage({ id: 'pre', content: `pre-hook saw ${s.messages.length}` })] }),
        postModelHook: () => (rec.count('post'), { flags: ['post'] }),
      });
      await rec.invoke(`${label} run`, agent, { messages: [new HumanMessage({ id: 'q', content: 'hi?' })] });
      rec.note(`${label} model saw`, model.received.map((ms) => ms.map((m) => `${m.getType()}:${m.content as string}`)));
    }
  },
  check(o) {
    expect(entry(o, 'zod 3 run').result.flags).toEqual(['post']);
    expect(entry(o, 'zod 4 model saw')).toEqual([['human:pre-hook saw 1']]);
  },
};

export const PREBUILT_SCENARIOS: Scenario[] = [toolNodeGraph, reactAgent, interruptInTool, parallelInterrupt, legacyExecutor, zodStateHooks];
