import { AIMessage, AIMessageChunk, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { StreamMessagesHandler } from './messages';
import { eventNamespace, isOutsideStream } from './namespace';

const meta = (ns: string, node: string, extra: Record<string, unknown> = {}) => ({ langgraph_checkpoint_ns: ns, langgraph_node: node, langgraph_path: ['__pregel_pull', node], ...extra });

describe('stream namespaces', () => {
  it("names the graph an event ran in: the task's namespace without the task, nor the call-tasks it came from", () => {
    expect(eventNamespace('a:1', meta('a:1', 'a'), { subgraphs: false })).toEqual([]);
    expect(eventNamespace('sub:1|inner:2', meta('sub:1|inner:2', 'inner'), { subgraphs: false })).toEqual(['sub:1']);
    const callPath = { langgraph_path: ['__pregel_push', ['__pregel_pull', 'flow'], 0, true] };
    expect(eventNamespace('flow:1|step:2', callPath, { subgraphs: false })).toEqual([]);
    expect(eventNamespace('a:1|b:2', {}, undefined)).toEqual(['a:1', 'b:2']);
  });

  it('shows nested graphs only with subgraphs, or to the stream of that graph', () => {
    expect(isOutsideStream(['sub:1'], { subgraphs: false })).toBe(true);
    expect(isOutsideStream(['sub:1'], { subgraphs: true })).toBe(false);
    expect(isOutsideStream(['sub:1'], { subgraphs: false, parentNs: 'sub:1' })).toBe(false);
    expect(isOutsideStream([], { subgraphs: false })).toBe(false);
  });
});

describe('StreamMessagesHandler', () => {
  const collect = (options = { subgraphs: false }) => {
    const out: [string[], string, unknown][] = [];
    const handler = new StreamMessagesHandler((ns, [m, md]) => out.push([ns, String(m.content), md.langgraph_node]), options);
    return { out, handler };
  };

  it('emits tokens, keeps one id per model run, and skips the whole message it already streamed', () => {
    const { out, handler } = collect();
    handler.handleChatModelStart({}, [], 'run1', undefined, undefined, [], meta('agent:1', 'agent'), 'model');
    const c1 = new AIMessageChunk({ content: 'Hel' });
    const c2 = new AIMessageChunk({ content: 'lo' });
    handler.handleLLMNewToken('Hel', {}, 'run1', undefined, undefined, { chunk: { message: c1 } });
    handler.handleLLMNewToken('lo', {}, 'run1', undefined, undefined, { chunk: { message: c2 } });
    handler.handleLLMEnd({ generations: [[{ text: 'Hello', message: new AIMessage({ content: 'Hello', id: 'run-run1' }) } as never]] }, 'run1');
    expect(out).toEqual([[[], 'Hel', 'agent'], [[], 'lo', 'agent']]);
    expect([c1.id, c2.id]).toEqual(['run-run1', 'run-run1']);
  });

  it("emits a node's returned messages once, not its input, not those it already streamed", () => {
    const { out, handler } = collect();
    const input = new HumanMessage({ content: 'question', id: 'in' });
    handler.handleChainStart({}, { messages: [input] }, 'node1', undefined, ['graph:step:1'], meta('agent:1', 'agent'), undefined, 'agent');
    handler.handleChainEnd({ messages: [input, new AIMessage({ content: 'answer', id: 'out' }), new ToolMessage({ content: 'r', tool_call_id: 'tc' })] }, 'node1');
    expect(out).toEqual([[[], 'answer', 'agent'], [[], 'r', 'agent']]);
  });

  it("ignores runs that are not nodes, hidden nodes, nostream models and other graphs' events", () => {
    const { out, handler } = collect();
    handler.handleChainStart({}, {}, 'lambda', undefined, [], meta('agent:1', 'agent'), undefined, 'RunnableLambda');
    handler.handleChainEnd({ output: new AIMessage('from a lambda') }, 'lambda');
    handler.handleChainStart({}, {}, 'start', undefined, ['langsmith:hidden'], meta('__start__:1', '__start__'), undefined, '__start__');
    handler.handleChainEnd({ messages: [new AIMessage('hidden')] }, 'start');
    handler.handleChatModelStart({}, [], 'quiet', undefined, undefined, ['nostream'], meta('agent:1', 'agent'), 'model');
    handler.handleLLMNewToken('x', {}, 'quiet');
    handler.handleChatModelStart({}, [], 'inner', undefined, undefined, [], meta('sub:1|inner:2', 'inner'), 'model');
    handler.handleLLMNewToken('y', {}, 'inner');
    expect(out).toEqual([]);
  });
});
