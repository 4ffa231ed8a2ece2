/**
 * Runnables as nodes and callbacks (issue #12, item 3): a `RunnableLambda`, a chain and a chat
 * model as nodes, a function returning a Runnable, `withConfig` on a compiled graph, and what
 * `config.callbacks` handlers see (the graph's chain run, one child run per node, the chat
 * model's run inside it, tags and metadata).
 */
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { HumanMessage } from '@langchain/core/messages';
import { RunnableLambda } from '@langchain/core/runnables';
import { expect } from 'vitest';
import { ScriptedChatModel } from '../../../src/engine/models';
import { entry, listState, type Scenario } from '../harness/scenario';

/** A handler that records each run's start and end (name, tags, LangGraph metadata). */
export class RecordingHandler extends BaseCallbackHandler {
  name = 'recording';
  // Recorded in order, not from LangChain's background queue.
  override awaitHandlers = true;
  readonly events: unknown[] = [];
  private readonly names = new Map<string, string>();
  private meta(metadata: Record<string, unknown> | undefined) {
    const m = metadata ?? {};
    return { step: m.langgraph_step, node: m.langgraph_node, ls_integration: m.ls_integration, thread_id: m.thread_id, user: m.user };
  }
  override handleChainStart(_c: unknown, inputs: unknown, runId: string, _p?: string, tags?: string[], metadata?: Record<string, unknown>, _t?: string, name?: string) {
    this.names.set(runId, String(name));
    this.events.push({ start: name, tags, ...this.meta(metadata), inputs });
  }
  override handleChainEnd(outputs: unknown, runId: string) {
    this.events.push({ end: this.names.get(runId), outputs });
  }
  override handleChainError(err: Error, runId: string) {
    this.events.push({ error: this.names.get(runId), message: err.message });
  }
  override handleChatModelStart(_l: unknown, messages: unknown, runId: string, _p?: string, _e?: unknown, tags?: string[], metadata?: Record<string, unknown>, name?: string) {
    this.names.set(runId, String(name));
    this.events.push({ model: name, tags, messages, ...this.meta(metadata) });
  }
  override handleLLMEnd(_o: unknown, runId: string) {
    this.events.push({ modelEnd: this.names.get(runId) });
  }
}

const runnableNodes: Scenario = {
  name: 'R1 Runnables as nodes: RunnableLambda, a chain, a chat-model chain, a function returning a Runnable',
  needs: ['MessagesAnnotation'],
  async run({ impl, rec, saver, thread }) {
    const State = impl.Annotation.Root({
      ...impl.MessagesAnnotation.spec,
      trail: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
    });
    const model = new ScriptedChatModel({ responses: ['answer one', 'answer two'] });
    const lambda = RunnableLambda.from((s: any) => (rec.count('lambda'), { trail: [`lambda saw ${s.messages.length}`] }));
    const chain = RunnableLambda.from((s: any) => s.trail.length).pipe(RunnableLambda.from((n: number) => (rec.count('chain'), { trail: [`chain counted ${n}`] })));
    const chat = RunnableLambda.from((s: any) => s.messages).pipe(model).pipe(RunnableLambda.from((m: any) => ({ messages: [m] })));
    const graph = new impl.StateGraph(State)
      .addNode('lambda', lambda)
      .addNode('chain', chain)
      .addNode('chat', chat)
      .addNode('returns_runnable', () => RunnableLambda.from((s: any) => (rec.count('returned'), { trail: [`returned runnable saw ${s.trail.length}`] })))
      .addEdge(impl.START, 'lambda')
      .addEdge('lambda', 'chain')
      .addEdge('chain', 'chat')
      .addEdge('chat', 'returns_runnable')
      .addEdge('returns_runnable', impl.END)
      .compile({ checkpointer: saver });
    await rec.invoke('run', graph, { messages: [new HumanMessage({ content: 'hi', id: 'h1' })] }, thread());
    await rec.history('history', graph, thread());
    // A chat model as a node gets the state object as its input.
    const direct = new impl.StateGraph(State).addNode('model', model).addEdge(impl.START, 'model').compile();
    await rec.invoke('chat model node', direct, { messages: [new HumanMessage({ content: 'hi', id: 'h2' })] });
  },
  check(o) {
    expect(entry(o, 'run').result.trail).toEqual(['lambda saw 1', 'chain counted 1', 'returned runnable saw 2']);
    expect(entry(o, 'run').result.messages.at(-1).content).toBe('answer one');
  },
};

const callbacksAndConfig: Scenario = {
  name: 'R2 callbacks reach nodes and models; withConfig defaults (tags, metadata, callbacks, recursionLimit)',
  needs: ['MessagesAnnotation'],
  async run({ impl, rec, saver, thread }) {
    const model = new ScriptedChatModel({ responses: ['hello', 'again', 'third'], whenExhausted: 'cycle' });
    const sub = new impl.StateGraph(listState(impl))
      .addNode('inner', () => (rec.count('inner'), { value: ['inner'] }))
      .addEdge(impl.START, 'inner')
      .compile();
    const graph = new impl.StateGraph(listState(impl))
      .addNode('ask', async (_s: any, config: any) => {
        rec.count('ask');
        const answer = await model.invoke([new HumanMessage('question')], config);
        return { value: [String(answer.content)] };
      })
      .addNode('sub', sub)
      .addNode('fail_soft', (s: any) => (rec.count('fail_soft'), { value: [`seen ${s.value.length}`] }))
      .addEdge(impl.START, 'ask')
      .addEdge('ask', 'sub')
      .addEdge('sub', 'fail_soft')
      .compile({ checkpointer: saver });
    const handler = new RecordingHandler();
    await rec.invoke('with callbacks', graph, { value: [] }, { ...thread(), callbacks: [handler], tags: ['run-tag'], metadata: { user: 'u1' } });
    rec.note('callback events', handler.events);

    const bound = new RecordingHandler();
    const configured = graph.withConfig({ callbacks: [bound], tags: ['bound-tag'], metadata: { user: 'bound' } });
    await rec.invoke('withConfig', configured, { value: [] }, thread('bound'));
    rec.note('withConfig events', bound.events);
    await rec.invoke('withConfig recursionLimit', graph.withConfig({ recursionLimit: 1 }), { value: [] }, thread('limited'));

    const failing = new RecordingHandler();
    const broken = new impl.StateGraph(listState(impl))
      .addNode('boom', () => {
        rec.count('boom');
        throw new Error('node failed');
      })
      .addEdge(impl.START, 'boom')
      .compile();
    await rec.invoke('failing node', broken, { value: [] }, { callbacks: [failing] });
    rec.note('failing events', failing.events);
  },
  check(o) {
    const events = entry(o, 'callback events');
    expect(events[0]).toMatchObject({ start: 'LangGraph', tags: ['run-tag'] });
    expect(events.some((e: any) => 'messages' in e && e.node === 'ask')).toBe(true);
    expect(entry(o, 'withConfig recursionLimit').error.name).toBe('GraphRecursionError');
  },
};

const streamEvents: Scenario = {
  name: 'R3 streamEvents v2: graph, node, router and model events; withConfig callbacks merged',
  needs: ['MessagesAnnotation'],
  async run({ impl, rec }) {
    const model = new ScriptedChatModel({ responses: ['in the node', 'in the router'], whenExhausted: 'cycle' });
    const graph = new impl.StateGraph(impl.MessagesAnnotation)
      .addNode('node', async (_s: any, config: any) => (rec.count('node'), { messages: [await model.withConfig({ runName: 'node_model' }).invoke('hi', config)] }))
      .addEdge(impl.START, 'node')
      .addConditionalEdges('node', async (_s: any, config: any) => {
        await model.withConfig({ runName: 'router_model' }).invoke('route?', config);
        return impl.END;
      })
      .compile();
    const bound = new RecordingHandler();
    const events: unknown[] = [];
    for await (const e of graph.withConfig({ callbacks: [bound] }).streamEvents({ messages: [] }, { version: 'v2' })) {
      const m = e.metadata ?? {};
      events.push({ event: e.event, name: e.name, tags: e.tags, node: m.langgraph_node, step: m.langgraph_step, data: e.data });
    }
    rec.note('events', events);
    rec.note('bound handler saw', bound.events.map((x: any) => x.start ?? x.end ?? x.model ?? x.modelEnd ?? Object.keys(x)[0]));
  },
  check(o) {
    const names = entry(o, 'events').map((e: any) => `${e.event}:${e.name}`);
    expect(names[0]).toBe('on_chain_start:LangGraph');
    expect(names.at(-1)).toBe('on_chain_end:LangGraph');
    expect(names).toContain('on_chain_start:RunnableLambda');
    expect(names).toContain('on_chain_stream:LangGraph');
  },
};

export const RUNNABLE_SCENARIOS: Scenario[] = [runnableNodes, callbacksAndConfig, streamEvents];
