import { describe, expect, it } from 'vitest';
import { Annotation, StateGraph, START, MemorySaver, interrupt } from '../../index';
import { StreamChannel } from './channel';
import { matchesSubscription, isPrefixMatch } from './subscription';
import { createGraphRunStream } from './run_stream';
import type { GraphRunStream } from './run_stream';

const State = Annotation.Root({ n: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }) });

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('StreamChannel', () => {
  it('lets a late reader start from any position and wakes waiting readers', async () => {
    const ch = StreamChannel.local<number>();
    const waiting = ch.iterate().next();
    ch.push(1);
    ch.push(2);
    expect(await waiting).toEqual({ value: 1, done: false });
    ch.close();
    expect(await all(ch.toAsyncIterable(1))).toEqual([2]);
  });

  it('rethrows its failure after the buffered items', async () => {
    const ch = StreamChannel.local<number>();
    ch.push(1);
    ch.fail(new Error('boom'));
    const it = ch.iterate();
    await it.next();
    await expect(it.next()).rejects.toThrow('boom');
  });
});

describe('subscriptions', () => {
  const event = (method: string, namespace: string[], seq = 1, data: unknown = {}) => ({ seq, method, params: { namespace, data } });
  it('matches a task-less prefix against namespaces with task ids, within depth', () => {
    expect(isPrefixMatch(['agent:1', 'tools:2'], ['agent'])).toBe(true);
    expect(isPrefixMatch(['agent:1'], ['agent:2'])).toBe(false);
    expect(matchesSubscription(event('values', ['agent:1', 'x:1']), { channels: ['values'], namespaces: [['agent']], depth: 0 })).toBe(false);
    expect(matchesSubscription(event('custom', [], 1, { name: 'p' }), { channels: ['custom'] })).toBe(true);
    expect(matchesSubscription(event('values', [], 3), { channels: ['values'], since: 3 })).toBe(false);
  });
});

describe('streamEvents v3 on the engine', () => {
  it('abort() stops the run: the output rejects and the node sees its signal abort', async () => {
    let nodeSignal: { aborted: boolean } | undefined;
    let started: () => void = () => undefined;
    const nodeStarted = new Promise<void>((resolve) => (started = resolve));
    const graph = new StateGraph(State)
      .addNode('wait', async (_s, config) => {
        nodeSignal = config.signal;
        started();
        await new Promise<void>((resolve) => config.signal?.addEventListener('abort', () => resolve()));
        return { n: 1 };
      })
      .addEdge(START, 'wait')
      .compile();
    const run = graph.streamEvents({ n: 0 }, { version: 'v3' }) as GraphRunStream;
    await nodeStarted;
    run.abort(new Error('stop'));
    await expect(run.output).rejects.toThrow();
    expect(nodeSignal?.aborted).toBe(true);
    expect(run.signal.aborted).toBe(true);
  });

  it('reports an interrupted run as interrupted on the lifecycle channel', async () => {
    const graph = new StateGraph(State)
      .addNode('ask', () => ({ n: Number(interrupt('how many?')) }))
      .addEdge(START, 'ask')
      .compile({ checkpointer: new MemorySaver() });
    const run = graph.streamEvents({ n: 0 }, { version: 'v3', configurable: { thread_id: 't' } }) as GraphRunStream;
    const lifecycle = all(run.lifecycle);
    await all(run);
    expect(run.interrupted).toBe(true);
    expect(run.interrupts.map((i) => i.payload)).toEqual(['how many?']);
    // No input was requested on the protocol, so the run itself completes.
    expect((await lifecycle).map((e) => e.event)).toEqual(['running', 'completed']);
  });

  it('runs the graph\'s own transformers (compile({ transformers })) before the caller\'s', async () => {
    const seen: string[] = [];
    const tagger = (tag: string) => () => ({ init: () => ({ [tag]: true }), process: (e: { method: string }) => (e.method === 'updates' && seen.push(tag), true) });
    const graph = new StateGraph(State).addNode('one', () => ({ n: 1 })).addEdge(START, 'one').compile({ transformers: [tagger('graph')] });
    const run = graph.streamEvents({ n: 0 }, { version: 'v3', transformers: [tagger('call')] }) as GraphRunStream;
    await all(run);
    expect(seen).toEqual(['graph', 'call']);
    expect(run.extensions).toEqual({ graph: true, call: true });
  });

  it('a failing source fails the output, the values and the events', async () => {
    const source = (async function* () {
      yield [[], 'values', { n: 1 }];
      throw new Error('source broke');
    })();
    const run = createGraphRunStream(source);
    await expect(all(run)).rejects.toThrow('source broke');
    await expect(run.output).rejects.toThrow('source broke');
    await expect(all(run.values)).rejects.toThrow('source broke');
  });
});
