/**
 * Stream modes `custom` and `messages` (issue #12, item 5), alone, in arrays of modes and with
 * `subgraphs: true`: `config.writer` and `getWriter()` in nodes, subgraphs and tasks; chat-model
 * tokens (a streaming model), whole messages (a model called without streaming), the messages
 * nodes return, and their `[message, metadata]` tuples.
 *
 * With several modes, how `messages` chunks interleave with other modes' chunks is timing
 * (LangGraph.js delivers callbacks through a background queue), so those recordings keep each
 * mode's chunks in order but group them by mode.
 */
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { RunnableLambda } from '@langchain/core/runnables';
import { expect } from 'vitest';
import { ScriptedChatModel } from '../../../src/engine/models';
import { entry, listState, type Scenario } from '../harness/scenario';

/** Sorts `[mode, …]` / `[ns, mode, …]` chunks by mode, stably. */
function byMode(chunks: unknown[]): unknown[] {
  const modeOf = (c: any) => (Array.isArray(c) ? String(c.length === 3 ? c[1] : c[0]) : '');
  return chunks.map((c, i) => [modeOf(c), i, c] as const).sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1)).map(([, , c]) => c);
}

async function streamGrouped(rec: any, label: string, graph: any, input: unknown, config: any): Promise<void> {
  await rec.stream(label, graph, input, config);
  const recorded = rec.outcome().entries.at(-1)[1];
  recorded.chunks = byMode(recorded.chunks);
}

const customMode: Scenario = {
  name: 'S1 custom stream: config.writer and getWriter() in nodes, subgraphs and tasks',
  needs: ['getWriter', 'entrypoint', 'task'],
  async run({ impl, rec, saver, thread }) {
    const sub = new impl.StateGraph(listState(impl))
      .addNode('inner', (_s: any, config: any) => {
        rec.count('inner');
        config.writer?.({ from: 'inner', n: 1 });
        impl.getWriter()?.({ from: 'inner via getWriter' });
        return { value: ['inner'] };
      })
      .addEdge(impl.START, 'inner')
      .compile();
    const graph = new impl.StateGraph(listState(impl))
      .addNode('outer', (_s: any, config: any) => {
        rec.count('outer');
        config.writer?.('a plain string chunk');
        config.writer?.({ progress: 0.5 });
        return { value: ['outer'] };
      })
      .addNode('sub', sub)
      .addNode('quiet', () => (rec.count('quiet'), { value: ['quiet'] }))
      .addEdge(impl.START, 'outer')
      .addEdge('outer', 'sub')
      .addEdge('sub', 'quiet')
      .compile({ checkpointer: saver });
    await rec.stream('custom', graph, { value: [] }, { ...thread('a'), streamMode: 'custom' });
    await rec.stream('custom + updates', graph, { value: [] }, { ...thread('b'), streamMode: ['custom', 'updates'] });
    await rec.stream('custom, subgraphs', graph, { value: [] }, { ...thread('c'), streamMode: 'custom', subgraphs: true });
    await rec.stream('custom + values, subgraphs', graph, { value: [] }, { ...thread('d'), streamMode: ['custom', 'values'], subgraphs: true });
    await rec.stream('updates only: writer is silent', graph, { value: [] }, { ...thread('e'), streamMode: 'updates' });
    await rec.invoke('invoke: writer is silent', graph, { value: [] }, thread('f'));

    const step = impl.task('step', async (n: number) => {
      rec.count('step');
      impl.getWriter()?.({ task: n });
      return n + 1;
    });
    const workflow = impl.entrypoint({ name: 'flow', checkpointer: saver }, async (n: number) => {
      impl.getWriter()?.({ entrypoint: n });
      return step(await step(n));
    });
    await rec.stream('functional custom', workflow, 1, { ...thread('g'), streamMode: ['custom', 'updates'] });
  },
  check(o) {
    expect(entry(o, 'custom').chunks).toEqual(['a plain string chunk', { progress: 0.5 }, { from: 'inner', n: 1 }, { from: 'inner via getWriter' }]);
    expect(entry(o, 'custom, subgraphs').chunks[2][0]).toEqual(['sub']);
    expect(entry(o, 'updates only: writer is silent').chunks.every((c: any) => !('progress' in c))).toBe(true);
  },
};

const messagesMode: Scenario = {
  name: 'S2 messages stream: model tokens, whole messages, node outputs, metadata; alone, with other modes, with subgraphs',
  needs: ['MessagesAnnotation'],
  async run({ impl, rec, saver, thread }) {
    const build = () => {
      const streaming = new ScriptedChatModel({ responses: ['tokens from the model', 'inner model answer'], whenExhausted: 'cycle' });
      const sub = new impl.StateGraph(impl.MessagesAnnotation)
        .addNode('inner', async (s: any, config: any) => (rec.count('inner'), { messages: [await streaming.invoke(s.messages, config)] }))
        .addNode('inner_plain', () => (rec.count('inner_plain'), { messages: [new AIMessage({ id: 'inner-plain', content: 'from a subgraph node' })] }))
        .addEdge(impl.START, 'inner')
        .addEdge('inner', 'inner_plain')
        .compile();
      return new impl.StateGraph(impl.MessagesAnnotation)
        .addNode('model', async (s: any, config: any) => (rec.count('model'), { messages: [await streaming.invoke(s.messages, config)] }))
        .addNode('tools', async (_s: any, config: any) => {
          rec.count('tools');
          const run = RunnableLambda.from(async () => [new ToolMessage({ content: 'tool output', tool_call_id: 'tc' })]);
          return { messages: await run.invoke({}, config) };
        })
        .addNode('untagged', async (_s: any, config: any) => {
          rec.count('untagged');
          const quiet = new ScriptedChatModel({ responses: ['not streamed'] }).withConfig({ tags: ['nostream'] });
          await quiet.invoke('hi', config);
          return { messages: [new AIMessage({ id: 'own', content: 'returned by the node' }), new HumanMessage('a human one, no id')] };
        })
        .addNode('sub', sub)
        .addEdge(impl.START, 'model')
        .addEdge('model', 'tools')
        .addEdge('tools', 'untagged')
        .addEdge('untagged', 'sub')
        .compile({ checkpointer: saver });
    };
    const input = { messages: [new HumanMessage({ id: 'in', content: 'question' })] };
    await rec.stream('messages', build(), input, { ...thread('a'), streamMode: 'messages' });
    await rec.stream('messages, subgraphs', build(), input, { ...thread('b'), streamMode: 'messages', subgraphs: true });
    await streamGrouped(rec, 'messages + updates', build(), input, { ...thread('c'), streamMode: ['messages', 'updates'] });
    await streamGrouped(rec, 'messages + values, subgraphs', build(), input, { ...thread('d'), streamMode: ['messages', 'values'], subgraphs: true });
    // A model that does not stream (no token callbacks) gives its whole message at the end.
    const whole = new ScriptedChatModel({ responses: ['whole answer'], disableStreaming: true });
    const single = new impl.StateGraph(impl.MessagesAnnotation)
      .addNode('model', async (s: any, config: any) => (rec.count('whole'), { messages: [await whole.invoke(s.messages, config)] }))
      .addEdge(impl.START, 'model')
      .compile();
    await rec.stream('non-streaming model', single, input, { streamMode: 'messages' });
  },
  check(o) {
    const chunks = entry(o, 'messages').chunks;
    expect(chunks.slice(0, 4).map((c: any) => c[0].content)).toEqual(['tokens ', 'from ', 'the ', 'model']);
    expect(chunks[0][1]).toMatchObject({ langgraph_node: 'model', langgraph_step: 1 });
    expect(entry(o, 'non-streaming model').chunks.map((c: any) => c[0].content)).toEqual(['whole answer']);
  },
};

export const LC_STREAM_SCENARIOS: Scenario[] = [customMode, messagesMode];
