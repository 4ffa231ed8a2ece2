import { describe, expect, it } from 'vitest';
import { chatMessage } from './messages';

describe('chatMessage', () => {
  const openAiCall = (name: string, args: string) => ({ id: `call_${name}`, type: 'function', function: { name, arguments: args } });

  it('an AI message with its tool calls only in additional_kwargs (OpenAI form) gets them as tool_calls, as LangChain reads it', () => {
    const m = chatMessage('AIMessage', { content: '', additional_kwargs: { tool_calls: [openAiCall('route', '{\n"next": "ocm_expert"\n}'), openAiCall('broken', '{"a":')] } });
    expect(m.tool_calls).toEqual([{ name: 'route', args: { next: 'ocm_expert' }, id: 'call_route', type: 'tool_call' }]);
    expect(m.invalid_tool_calls).toEqual([{ name: 'broken', args: '{"a":', id: 'call_broken', error: null, type: 'invalid_tool_call' }]);
  });

  it('stored tool_calls win over additional_kwargs', () => {
    const m = chatMessage('AIMessageChunk', { content: '', tool_calls: [{ name: 'x', args: {}, id: '1' }], additional_kwargs: { tool_calls: [openAiCall('y', '{}')] } });
    expect(m.tool_calls).toEqual([{ name: 'x', args: {}, id: '1' }]);
    expect(m.invalid_tool_calls).toBeUndefined();
  });

  it('other messages are left as stored', () => {
    const m = chatMessage('HumanMessage', { content: 'hi', additional_kwargs: { tool_calls: [openAiCall('y', '{}')] } });
    expect(m.tool_calls).toBeUndefined();
  });
});
