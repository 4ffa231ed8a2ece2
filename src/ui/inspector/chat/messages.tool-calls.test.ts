import { describe, expect, it } from 'vitest';
import { readMessage } from './messages';

describe('tool calls of AI messages in every stored shape', () => {
  it('LangChain tool_calls, OpenAI-form tool_calls, additional_kwargs, Anthropic tool_use blocks, invalid_tool_calls', () => {
    const names = (v: Parameters<typeof readMessage>[0]) => readMessage(v)!.toolCalls.map((c) => [c.name, c.args]);
    expect(names({ type: 'ai', content: '', tool_calls: [{ name: 'search', args: { q: 1 }, id: 'a' }] })).toEqual([['search', { q: 1 }]]);
    expect(names({ type: 'ai', content: '', tool_calls: [{ id: 'a', type: 'function', function: { name: 'search', arguments: '{"q":1}' } }] })).toEqual([['search', { q: 1 }]]);
    expect(names({ type: 'ai', content: '', additional_kwargs: { tool_calls: [{ id: 'a', function: { name: 'route', arguments: '{"next":"x"}' } }] } })).toEqual([['route', { next: 'x' }]]);
    expect(names({ type: 'ai', content: [{ type: 'text', text: 'ok' }, { type: 'tool_use', id: 't', name: 'lookup', input: { id: 7 } }] })).toEqual([['lookup', { id: 7 }]]);
    expect(names({ type: 'ai', content: '', invalid_tool_calls: [{ name: 'bad', args: '{"a":', id: 'x', error: null }] })).toEqual([['bad', '{"a":']]);
  });
});
