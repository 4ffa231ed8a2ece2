/**
 * The chat transcript's reader (src/ui/inspector/chat/messages.ts) on real LangChain messages in
 * every form the page receives them: made plain by the protocol, serialised by LangChain, and as
 * LangGraph server dicts.
 */
import { AIMessage, HumanMessage, SystemMessage, ToolMessage, ChatMessage, AIMessageChunk } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/protocol/dto';
import { toJsonSafe } from '../../src/protocol/json-safe';
import { messageKeys, readTranscript } from '../../src/ui/inspector/chat/messages';

const conversation = () => [
  new SystemMessage({ content: 'Be brief.', id: 's1' }),
  new HumanMessage({ content: 'Weather in Oslo?', id: 'h1' }),
  new AIMessage({ content: '', id: 'a1', tool_calls: [{ id: 'call_1', name: 'get_weather', args: { city: 'Oslo' } }] }),
  new ToolMessage({ content: 'sunny', tool_call_id: 'call_1', name: 'get_weather', id: 't1' }),
  new AIMessage({ content: [{ type: 'text', text: 'It is ' }, { type: 'text', text: 'sunny.' }, { type: 'image_url', image_url: 'x' }], id: 'a2' }),
];

const summary = (v: Json) => readTranscript(v)?.map((m) => [m.role, m.id, m.text, m.toolCalls.map((c) => `${c.id}:${c.name}(${JSON.stringify(c.args)})`).join(), m.toolCallId]);

const EXPECTED = [
  ['system', 's1', 'Be brief.', '', null],
  ['human', 'h1', 'Weather in Oslo?', '', null],
  ['ai', 'a1', '', 'call_1:get_weather({"city":"Oslo"})', null],
  ['tool', 't1', 'sunny', '', 'call_1'],
  ['ai', 'a2', 'It is sunny.', '', null],
];

describe('reading messages for the chat transcript', () => {
  it('reads messages made plain by the protocol (fields plus their class name)', () => {
    const plain = toJsonSafe(conversation());
    expect(summary(plain)).toEqual(EXPECTED);
    expect(readTranscript(plain)![4]!.otherBlocks).toEqual(['image_url']);
    expect(readTranscript(plain)![3]).toMatchObject({ name: 'get_weather', label: 'ToolMessage' });
  });

  it('reads them when a minified bundle renamed the classes (by their type field)', () => {
    const minified = (toJsonSafe(conversation()) as { [k: string]: Json }[]).map((m) => ({ ...m, '[class]': 'e' }));
    expect(summary(minified)).toEqual(EXPECTED);
  });

  it("reads LangChain's serialised records (checkpoint files, imports)", () => {
    const serialised = JSON.parse(JSON.stringify(conversation().map((m) => m.toJSON()))) as Json;
    expect(summary(serialised)).toEqual(EXPECTED);
  });

  it('reads message dicts as LangGraph servers send them, and role/content objects', () => {
    const dicts: Json = [
      { type: 'human', content: 'hi', id: 'h' },
      { type: 'ai', content: 'calling', id: 'a', tool_calls: [{ id: 'c', name: 'f', args: { x: 1 } }] },
      { role: 'tool', content: 'done', tool_call_id: 'c' },
      { role: 'assistant', content: 'ok' },
    ];
    expect(summary(dicts)).toEqual([
      ['human', 'h', 'hi', '', null],
      ['ai', 'a', 'calling', 'c:f({"x":1})', null],
      ['tool', null, 'done', '', 'c'],
      ['ai', null, 'ok', '', null],
    ]);
  });

  it('reads chunks as their message kind, and a chat message with its role', () => {
    const plain = toJsonSafe([new AIMessageChunk({ content: 'par', id: 'k' }), new ChatMessage({ content: 'hm', role: 'critic' })]);
    expect(readTranscript(plain)!.map((m) => [m.role, m.label])).toEqual([['ai', 'AIMessageChunk'], ['other', 'ChatMessage(critic)']]);
  });

  it('reads OpenAI-style tool calls kept in additional_kwargs', () => {
    const raw: Json = [{ type: 'ai', content: '', additional_kwargs: { tool_calls: [{ id: 'x', type: 'function', function: { name: 'lookup', arguments: '{"q":"a"}' } }] } }];
    expect(readTranscript(raw)![0]!.toolCalls).toEqual([{ id: 'x', name: 'lookup', args: { q: 'a' } }]);
  });

  it('finds only the keys holding message lists; anything else is not a transcript', () => {
    const values: Record<string, Json> = {
      messages: toJsonSafe(conversation()),
      empty: [],
      notes: ['a', 'b'],
      mixed: [{ type: 'human', content: 'x' }, { hello: 1 }],
      typed: [{ type: 'point', content: 1 }],
      count: 3,
    };
    expect(messageKeys(values)).toEqual(['messages']);
  });
});
