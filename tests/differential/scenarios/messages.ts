/**
 * Message state (issue #12, item 2): `MessagesAnnotation` and `messagesStateReducer` — coercion of
 * strings, tuples and `{ role | type }` objects to message classes with ids, update by id,
 * `RemoveMessage` (and the error for an unknown id), `REMOVE_ALL_MESSAGES`, chunks becoming whole
 * messages, tool-call `AIMessage` + `ToolMessage` pairs, `pushMessage` — through runs, histories
 * and `updateState`, so messages also travel through the saver and come back as classes.
 */
import { AIMessage, AIMessageChunk, HumanMessage, RemoveMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { expect } from 'vitest';
import { entry, type Scenario } from '../harness/scenario';

const MESSAGE_API = ['MessagesAnnotation', 'messagesStateReducer', 'REMOVE_ALL_MESSAGES'];

/** `messagesStateReducer` called directly: every rule, each result recorded. */
const reducerRules: Scenario = {
  name: 'M1 messagesStateReducer: coercion, ids, update by id, removals',
  needs: MESSAGE_API,
  async run({ impl, rec }) {
    const reduce = impl.messagesStateReducer;
    const attempt = (label: string, f: () => unknown) => {
      try {
        rec.note(label, { result: f() });
      } catch (e) {
        rec.note(label, { error: { name: (e as Error).name, message: (e as Error).message } });
      }
    };
    attempt('coerce', () => reduce([], ['plain string', ['ai', 'a tuple'], { role: 'user', content: 'role object' }, { type: 'system', content: 'type object' }]));
    attempt('single values', () => reduce(new HumanMessage({ content: 'left', id: 'l' }), new AIMessage({ content: 'right', id: 'r' })));
    const base = [new HumanMessage({ content: 'one', id: '1' }), new AIMessage({ content: 'two', id: '2' }), new HumanMessage({ content: 'three', id: '3' })];
    attempt('update by id', () => reduce(base, [new AIMessage({ content: 'two, edited', id: '2' }), new HumanMessage({ content: 'four', id: '4' })]));
    attempt('remove', () => reduce(base, [new RemoveMessage({ id: '1' }), new RemoveMessage({ id: '3' })]));
    attempt('remove then re-add', () => reduce(base, [new RemoveMessage({ id: '2' }), new AIMessage({ content: 'back', id: '2' })]));
    attempt('remove unknown id', () => reduce(base, [new RemoveMessage({ id: 'nope' })]));
    attempt('remove all', () => reduce(base, [new HumanMessage({ content: 'dropped', id: 'x' }), new RemoveMessage({ id: impl.REMOVE_ALL_MESSAGES }), new HumanMessage({ content: 'kept', id: 'k' })]));
    attempt('chunk becomes message', () => reduce([], [new AIMessageChunk({ content: 'chunked', id: 'c', tool_call_chunks: [{ name: 't', args: '{"a":1}', id: 'tc', index: 0 }] })]));
    attempt('duplicates on the right', () => reduce([], [new HumanMessage({ content: 'a', id: 'd' }), new HumanMessage({ content: 'b', id: 'd' })]));
    attempt('invalid message', () => reduce([], [{ role: 'nobody', content: 'x' }]));
  },
  check(o) {
    expect(entry(o, 'coerce').result.map((m: any) => m.Message)).toEqual(['HumanMessage', 'AIMessage', 'HumanMessage', 'SystemMessage']);
    expect(entry(o, 'remove unknown id').error.message).toContain("doesn't exist ('nope')");
    expect(entry(o, 'remove all').result.map((m: any) => m.content)).toEqual(['kept']);
    expect(entry(o, 'chunk becomes message').result[0].Message).toBe('AIMessage');
  },
};

/** A chat-shaped graph over MessagesAnnotation with a saver: every write form, then history. */
const messagesInGraph: Scenario = {
  name: 'M2 MessagesAnnotation in a graph: writes of every form, tool-call pairs, history, updateState',
  needs: MESSAGE_API,
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(impl.MessagesAnnotation)
      .addNode('greet', () => (rec.count('greet'), { messages: ['hello from a string', ['ai', 'a tuple answer'], { role: 'assistant', content: 'an object answer' }] }))
      .addNode('call', () => (rec.count('call'), {
        messages: new AIMessage({ content: '', id: 'ai-call', tool_calls: [{ id: 'tc-1', name: 'lookup', args: { q: 'x' } }, { id: 'tc-2', name: 'lookup', args: { q: 'y' } }] }),
      }))
      .addNode('tools', () => (rec.count('tools'), {
        messages: [new ToolMessage({ content: 'result x', tool_call_id: 'tc-1', name: 'lookup' }), new ToolMessage({ content: 'result y', tool_call_id: 'tc-2', name: 'lookup', status: 'error' })],
      }))
      .addNode('edit', (s: any) => (rec.count('edit'), { messages: [new AIMessage({ content: 'edited call', id: 'ai-call', tool_calls: s.messages.find((m: any) => m.id === 'ai-call').tool_calls }), new RemoveMessage({ id: s.messages[0].id })] }))
      .addEdge(impl.START, 'greet')
      .addEdge('greet', 'call')
      .addEdge('call', 'tools')
      .addEdge('tools', 'edit')
      .compile({ checkpointer: saver });
    await rec.invoke('run', graph, { messages: [new SystemMessage({ content: 'system', id: 'sys' }), { role: 'user', content: 'hi' }] }, thread());
    await rec.history('history', graph, thread());
    await rec.update('update', graph, thread(), { messages: [new HumanMessage({ content: 'from updateState', id: 'upd' }), new RemoveMessage({ id: 'sys' })] });
    await rec.state('after update', graph, thread());
    await rec.update('update with unknown removal', graph, thread(), { messages: [new RemoveMessage({ id: 'ghost' })] });
    await rec.invoke('remove all', graph, { messages: [new RemoveMessage({ id: impl.REMOVE_ALL_MESSAGES }), 'fresh start'] }, thread('second'));
    await rec.history('history after remove all', graph, thread('second'));
    await rec.stream('values stream', graph, { messages: ['streamed'] }, { ...thread('third'), streamMode: 'values' });
  },
  check(o) {
    const messages = entry(o, 'run').result.messages;
    expect(messages.map((m: any) => m.Message)).toEqual(['HumanMessage', 'HumanMessage', 'AIMessage', 'AIMessage', 'AIMessage', 'ToolMessage', 'ToolMessage']);
    expect(messages.find((m: any) => m.id === 'ai-call').content).toBe('edited call');
    expect(entry(o, 'update with unknown removal').error.message).toContain('ghost');
  },
};

/** `pushMessage` from a node: streamed at once in `messages` mode, written at the end unless stateKey is null. */
const pushMessages: Scenario = {
  name: 'M3 pushMessage: streamed in messages mode, written to state (or not, with stateKey null)',
  needs: [...MESSAGE_API, 'pushMessage'],
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(impl.MessagesAnnotation)
      .addNode('chat', (_s: any, config: any) => {
        rec.count('chat');
        impl.pushMessage(new AIMessage({ id: 'p1', content: 'pushed first' }), config);
        impl.pushMessage({ role: 'user', id: 'p2', content: 'pushed as an object' }, config);
        impl.pushMessage(new AIMessage({ id: 'p3', content: 'stream only' }), { ...config, stateKey: null });
        let error: unknown;
        try {
          impl.pushMessage(new AIMessage('no id'), config);
        } catch (e) {
          error = (e as Error).message;
        }
        return { messages: [new AIMessage({ id: 'ret', content: `returned (${String(error)})` })] };
      })
      .addEdge(impl.START, 'chat')
      .compile({ checkpointer: saver });
    await rec.stream('messages', graph, { messages: [] }, { ...thread(), streamMode: 'messages' });
    await rec.state('state', graph, thread());
    await rec.invoke('invoke', graph, { messages: [] }, thread('plain'));
  },
  check(o) {
    const ids = entry(o, 'messages').chunks.map((c: any) => c[0].id);
    expect(ids).toEqual(['p1', 'p2', 'p3', 'ret']);
    expect(entry(o, 'state').values.messages.map((m: any) => m.id)).toEqual(['p1', 'p2', 'ret']);
  },
};

export const MESSAGE_SCENARIOS: Scenario[] = [reducerRules, messagesInGraph, pushMessages];
