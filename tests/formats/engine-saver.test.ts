/**
 * The foreign saver as the engine's checkpointer, unchanged: our engine, given the same graph as
 * the app that wrote the file, reads a foreign thread's state (next nodes, pending interrupts,
 * history), and cannot change the file (a run fails with READ_ONLY before anything is written).
 * `toEngineValue` gives what a run needs: LangChain message instances, Sets, Maps…
 */
import * as messages from '@langchain/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Annotation, END, START, StateGraph, interrupt } from '../../src/engine/index';
import { engineValueMapper, toEngineValue, type CheckpointSource } from '../../src/formats/index';
import { fixture, open } from './fixtures';

/** The fixture's parallel-interrupts graph (scripts/fixtures/js-graphs.ts), on our engine. */
function parallelInterrupts() {
  const State = Annotation.Root({ answers: Annotation<string[]>({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }) });
  return new StateGraph(State)
    .addNode('ask_a', () => ({ answers: [`a:${interrupt({ question: 'Approve A?' }) as string}`] }))
    .addNode('ask_b', () => ({ answers: [`b:${interrupt({ question: 'Approve B?' }) as string}`] }))
    .addEdge(START, 'ask_a')
    .addEdge(START, 'ask_b')
    .addEdge('ask_a', END)
    .addEdge('ask_b', END);
}

const stores = { 'JS SQLite': 'js/runs.sqlite', 'Python SQLite': 'python/runs.sqlite', 'Postgres dump': 'postgres/js-dump.json' };

describe.each(Object.entries(stores))('the engine on a %s thread', (_label, path) => {
  let source: CheckpointSource;
  beforeAll(async () => {
    source = await open([fixture(path)]);
  });
  afterAll(() => source.close());

  it('reads the state: next nodes and the two pending interrupts', async () => {
    const graph = parallelInterrupts().compile({ checkpointer: source.saver() });
    const state = await graph.getState({ configurable: { thread_id: 'parallel-interrupts' } });
    expect([...state.next].sort()).toEqual(['ask_a', 'ask_b']);
    expect(state.tasks.flatMap((t) => (t.interrupts as { value?: unknown }[]).map((i) => i.value))).toEqual(expect.arrayContaining([{ question: 'Approve A?' }, { question: 'Approve B?' }]));
    expect(state.values).toEqual({ answers: [] });
    const done = await graph.getState({ configurable: { thread_id: 'parallel-interrupts-resumed' } });
    expect(done.next).toEqual([]);
    expect([...(done.values as { answers: string[] }).answers].sort()).toEqual(['a:yes', 'b:no']);
  });

  it('walks the history newest first', async () => {
    const graph = parallelInterrupts().compile({ checkpointer: source.saver() });
    const steps: number[] = [];
    for await (const s of graph.getStateHistory({ configurable: { thread_id: 'parallel-interrupts-resumed' } })) steps.push(s.metadata!.step);
    expect(steps).toEqual([1, 0, -1]);
  });

  it('a run on the foreign thread fails with READ_ONLY', async () => {
    const graph = parallelInterrupts().compile({ checkpointer: source.saver() });
    await expect(graph.invoke({ answers: [] }, { configurable: { thread_id: 'parallel-interrupts' } })).rejects.toMatchObject({ code: 'READ_ONLY' });
  });
});

describe('toEngineValue', () => {
  it('rebuilds LangChain messages as @langchain/core instances, from JS and from Python files', async () => {
    for (const path of ['js/runs.sqlite', 'python/runs.sqlite']) {
      const source = await open([fixture(path)]);
      const tuple = await source.saver({ mapValue: engineValueMapper({ messages }) }).getTuple({ configurable: { thread_id: 'chat' } });
      const msgs = tuple!.checkpoint.channel_values.messages as messages.BaseMessage[];
      expect(msgs.map((m) => m.constructor.name)).toEqual(['SystemMessage', 'HumanMessage', 'AIMessage', 'ToolMessage', 'AIMessage']);
      expect(msgs.map((m) => m.getType())).toEqual(['system', 'human', 'ai', 'tool', 'ai']);
      expect((msgs[2] as messages.AIMessage).tool_calls).toEqual([{ id: 'call_1', name: 'get_weather', args: { city: 'Paris' }, type: 'tool_call' }]);
      expect((msgs[3] as messages.ToolMessage).tool_call_id).toBe('call_1');
      expect(msgs[4]!.text).toBe('It is sunny in Paris.');
      source.close();
    }
  });

  it('without message classes, messages are LangChain plain objects; other tags get their JS form', () => {
    expect(toEngineValue({ $type: 'message', type: 'ai', class: 'AIMessageChunk', content: 'x', id: 'a' })).toEqual({ type: 'ai', content: 'x', id: 'a' });
    expect(toEngineValue({ $type: 'message', type: 'ai', class: 'AIMessageChunk', content: 'x' }, { messages })).toBeInstanceOf(messages.AIMessageChunk);
    expect(toEngineValue({ $type: 'set', kind: 'Set', items: [1] })).toEqual(new Set([1]));
    expect(toEngineValue({ $type: 'set', kind: 'deque', items: [1, 2] })).toEqual([1, 2]);
    expect(toEngineValue({ $type: 'map', entries: [['k', { $type: 'uuid', value: 'u' }]] })).toEqual(new Map([['k', 'u']]));
    expect(toEngineValue({ $type: 'regexp', value: 'a+', flags: 'g' })).toEqual(/a+/g);
    expect(toEngineValue({ a: { $type: 'undefined', value: null } })).toEqual({ a: undefined });
    expect(toEngineValue({ $type: 'bytes', length: 2, base64: 'AQI=', truncated: false })).toEqual(new Uint8Array([1, 2]));
    expect(toEngineValue({ $type: 'dict', value: { $type: 'mine', n: { $type: 'decimal', value: '1.5' } } })).toEqual({ $type: 'mine', n: '1.5' });
    const placeholder = { $type: 'ndarray', dtype: '<f8', shape: [2], order: 'C', length: 16 };
    expect(toEngineValue(placeholder)).toEqual(placeholder);
  });
});
