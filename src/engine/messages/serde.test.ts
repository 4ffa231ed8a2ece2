import { AIMessage, AIMessageChunk, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { copyValue } from '../checkpoint/copy';
import { MemorySaver, MessagesAnnotation, START, StateGraph } from '../index';
import { decodeMessages, encodeMessages } from './serde';

describe('messages in checkpoints', () => {
  it('hands plain data back unchanged, without copying it', () => {
    const plain = { a: [1, 'x', { b: null }], c: { d: [true] } };
    expect(encodeMessages(plain)).toBe(plain);
    expect(decodeMessages(plain)).toBe(plain);
  });

  it('stores messages as LangChain records and rebuilds their classes, wherever they sit', () => {
    const value = { list: [new HumanMessage({ content: 'hi', id: 'h' }), new AIMessage({ content: '', id: 'a', tool_calls: [{ id: 't', name: 'f', args: { x: 1 } }] })], nested: { tool: new ToolMessage({ content: 'r', tool_call_id: 't', status: 'error' }), chunk: new AIMessageChunk({ content: 'c', id: 'k' }) }, n: 1 };
    const stored = copyValue(encodeMessages(value)) as any;
    expect(stored.list[0]).toMatchObject({ lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'HumanMessage'] });
    expect(stored.n).toBe(1);
    const back = decodeMessages(stored) as any;
    expect(back.list[0]).toBeInstanceOf(HumanMessage);
    expect(back.list[1]).toBeInstanceOf(AIMessage);
    expect(back.list[1].tool_calls).toEqual([{ id: 't', name: 'f', args: { x: 1 } }]);
    expect(back.nested.tool).toBeInstanceOf(ToolMessage);
    expect(back.nested.tool.status).toBe('error');
    expect(back.nested.chunk).toBeInstanceOf(AIMessageChunk);
    expect(back.list.map((m: any) => m.id)).toEqual(['h', 'a']);
  });

  it('leaves records of unknown classes and cyclic values alone', () => {
    const other = { lc: 1, type: 'constructor', id: ['langchain_core', 'documents', 'Document'], kwargs: { pageContent: 'x' } };
    expect(decodeMessages(other)).toBe(other);
    const cyclic: any = { a: 1 };
    cyclic.self = cyclic;
    expect(encodeMessages(cyclic)).toBe(cyclic);
  });

  it('gives message classes back from getState and the history, after a saver round trip', async () => {
    const graph = new StateGraph(MessagesAnnotation)
      .addNode('reply', () => ({ messages: [new AIMessage('hello')] }))
      .addEdge(START, 'reply')
      .compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: 't' } };
    await graph.invoke({ messages: ['hi'] }, config);
    const state = await graph.getState(config);
    expect(state.values.messages.map((m: any) => m.constructor.name)).toEqual(['HumanMessage', 'AIMessage']);
    for await (const s of graph.getStateHistory(config)) for (const m of (s.values as any).messages ?? []) expect(typeof m.getType).toBe('function');
  });
});
