import { AIMessage, AIMessageChunk, HumanMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemorySaver, MessagesAnnotation, START, StateGraph } from '../index';
import { ScriptedChatModel, ScriptExhaustedError, tokenize } from '../models';
import { ToolNode, createReactAgent, toolsCondition } from '../prebuilt';

const weather = tool(async ({ city }: { city: string }) => `sunny in ${city}`, { name: 'get_weather', description: 'Weather.', schema: z.object({ city: z.string() }) });

describe('ScriptedChatModel', () => {
  it('answers from its script in order, as whole AIMessages with tool calls', async () => {
    const model = new ScriptedChatModel({
      responses: [new AIMessage({ content: '', tool_calls: [{ name: 'get_weather', args: { city: 'Oslo' } }] }), { content: 'fields work too' }, 'and strings'],
    });
    const first = await model.invoke([new HumanMessage('q')]);
    expect(first.tool_calls).toEqual([{ name: 'get_weather', args: { city: 'Oslo' }, id: 'call-0-0', type: 'tool_call' }]);
    expect((await model.invoke('q2')).content).toBe('fields work too');
    expect((await model.invoke('q3')).content).toBe('and strings');
    expect(model.calls).toBe(3);
    expect(model.received[1].map((m) => m.content)).toEqual(['q2']);
    await expect(model.invoke('one too many')).rejects.toBeInstanceOf(ScriptExhaustedError);
  });

  it('cycles or repeats the last answer when asked to', async () => {
    const cycle = new ScriptedChatModel({ responses: ['a', 'b'], whenExhausted: 'cycle' });
    const repeat = new ScriptedChatModel({ responses: ['a', 'b'], whenExhausted: 'repeat-last' });
    const contents = async (m: ScriptedChatModel) => [await m.invoke('x'), await m.invoke('x'), await m.invoke('x')].map((r) => r.content);
    expect(await contents(cycle)).toEqual(['a', 'b', 'a']);
    expect(await contents(repeat)).toEqual(['a', 'b', 'b']);
  });

  it("answers by conversation turn with answerBy: 'turns', whatever the copy or the call count", async () => {
    const script = { responses: ['first', 'second'], answerBy: 'turns' as const };
    const a = new ScriptedChatModel(script);
    const b = new ScriptedChatModel(script);
    expect((await a.invoke([new HumanMessage('q')])).content).toBe('first');
    expect((await a.invoke([new HumanMessage('q')])).content).toBe('first');
    const later = [new HumanMessage('q'), new AIMessage('first'), new HumanMessage('again')];
    expect((await b.invoke(later)).content).toBe('second');
    await expect(b.invoke([...later, new AIMessage('second')])).rejects.toBeInstanceOf(ScriptExhaustedError);
  });

  it('streams tokens whose concatenation is the scripted message, tool calls in the last chunk', async () => {
    const model = new ScriptedChatModel({ responses: [new AIMessage({ id: 'm1', content: 'two words', tool_calls: [{ id: 't1', name: 'get_weather', args: { city: 'Rome' } }] })] });
    const chunks: AIMessageChunk[] = [];
    for await (const c of await model.stream('hi')) chunks.push(c);
    expect(chunks.map((c) => c.content)).toEqual(['two ', 'words']);
    const whole = chunks.reduce((a, b) => a.concat(b));
    expect(whole.id).toBe('m1');
    expect(whole.content).toBe('two words');
    expect(whole.tool_calls).toEqual([{ id: 't1', name: 'get_weather', args: { city: 'Rome' }, type: 'tool_call' }]);
  });

  it('cuts text into words, characters, or not at all', () => {
    expect(tokenize(' leading and  double ', 'words')).toEqual([' leading ', 'and  ', 'double ']);
    expect(tokenize('abc', 'characters')).toEqual(['a', 'b', 'c']);
    expect(tokenize('abc', 'whole')).toEqual(['abc']);
    expect(tokenize('', 'words')).toEqual([]);
  });

  it('never changes its script: a graph that edits the answer does not edit the next run', async () => {
    const script = new AIMessage({ content: 'scripted' });
    const model = new ScriptedChatModel({ responses: [script], whenExhausted: 'cycle' });
    const a = await model.invoke('x');
    a.id = 'changed';
    expect(script.id).toBeUndefined();
    expect((await model.invoke('x')).id).not.toBe('changed');
  });

  it('drives a tool-calling agent deterministically, streamed token by token', async () => {
    const run = async () => {
      const model = new ScriptedChatModel({ responses: [new AIMessage({ content: 'looking', tool_calls: [{ id: 'c1', name: 'get_weather', args: { city: 'Lima' } }] }), 'Lima is sunny.'] });
      const agent = createReactAgent({ llm: model, tools: [weather], checkpointer: new MemorySaver() });
      const tokens: string[] = [];
      for await (const [m, meta] of await agent.stream({ messages: [new HumanMessage('weather?')] }, { streamMode: 'messages', configurable: { thread_id: 't' } })) {
        tokens.push(`${meta.langgraph_node}:${String(m.content)}`);
      }
      const state = await agent.getState({ configurable: { thread_id: 't' } });
      return { tokens, messages: state.values.messages.map((m: any) => [m.getType(), m.content]) };
    };
    const first = await run();
    expect(first.tokens).toEqual(['agent:looking', 'tools:sunny in Lima', 'agent:Lima ', 'agent:is ', 'agent:sunny.']);
    expect(first.messages).toEqual([['human', 'weather?'], ['ai', 'looking'], ['tool', 'sunny in Lima'], ['ai', 'Lima is sunny.']]);
    expect(await run()).toEqual(first);
  });

  it('works with bindTools in a hand-built ReAct graph', async () => {
    const model = new ScriptedChatModel({ responses: [new AIMessage({ content: '', tool_calls: [{ id: 'c9', name: 'get_weather', args: { city: 'Kyiv' } }] }), 'done'] });
    const bound = model.bindTools([weather]);
    const graph = new StateGraph(MessagesAnnotation)
      .addNode('agent', async (s, config) => ({ messages: [await bound.invoke(s.messages, config)] }))
      .addNode('tools', new ToolNode([weather]))
      .addEdge(START, 'agent')
      .addConditionalEdges('agent', toolsCondition, ['tools', '__end__'])
      .addEdge('tools', 'agent')
      .compile();
    const out = await graph.invoke({ messages: [new HumanMessage('go')] });
    expect(out.messages.map((m: any) => m.content)).toEqual(['go', '', 'sunny in Kyiv', 'done']);
  });
});
