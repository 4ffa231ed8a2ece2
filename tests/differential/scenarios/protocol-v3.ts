/**
 * The stream protocol (`streamEvents(…, { version: 'v3' })`): the events of a run (methods,
 * namespaces, nodes, data, checkpoint envelopes and lifecycle, in order), its projections
 * (`values`, `output`, `subgraphs`, `interrupted` / `interrupts`, `extensions`), its
 * `text/event-stream` encoding, and `createGraphRunStream` over a hand-made source.
 * Timestamps are dropped; `seq` is checked to increase and then dropped; ids become labels.
 */
import { tool } from '@langchain/core/tools';
import { AIMessage } from '@langchain/core/messages';
import { expect } from 'vitest';
import { z } from 'zod';
import { labelNamespace } from '../harness/labels';
import { normInterrupts, plain, taskLabel, type Labels } from '../harness/normalize';
import { entry, listState, type Scenario } from '../harness/scenario';

/** A protocol event with its ids as labels, without timestamp and seq. */
function normEvent(e: any, labels: Labels): unknown {
  let data = e.params.data;
  if (e.method === 'checkpoints') {
    data = { ...data, id: labels.checkpoints.label(data.id, 'cp'), ...(data.parent_id ? { parent_id: labels.checkpoints.label(data.parent_id, 'cp') } : {}) };
  } else if (e.method === 'tasks') {
    // 1.7.3's task payloads also carry the task config's `metadata`; ours do not (src/engine/README.md).
    const { metadata: _m, ...rest } = data;
    data = { ...rest, id: taskLabel(data.id, data.name, labels), interrupts: normInterrupts(data.interrupts ?? [], labels) };
  } else if (e.method === 'updates' && data.node === '__interrupt__') data = { ...data, values: normInterrupts(data.values, labels) };
  else if (e.method === 'values' && data?.__interrupt__) data = { __interrupt__: normInterrupts(data.__interrupt__, labels) };
  return { method: e.method, ns: e.params.namespace.map((s: string) => labelNamespace(s, labels.tasks)), ...(e.params.node !== undefined ? { node: e.params.node } : {}), data: plain(data, labels) };
}

/** Drains a run stream: its events normalised, and whether `seq` increased throughout. */
async function drain(run: AsyncIterable<any>, labels: Labels): Promise<{ events: unknown[]; increasing: boolean }> {
  const raw: any[] = [];
  for await (const e of run) raw.push(e);
  return { events: raw.map((e) => normEvent(e, labels)), increasing: raw.every((e, i) => i === 0 || e.seq > raw[i - 1].seq) };
}

function countState(impl: any): any {
  return impl.Annotation.Root({ count: impl.Annotation({ reducer: (a: number, b: number) => a + b, default: () => 0 }) });
}

const runEvents: Scenario = {
  name: 'V3-1 protocol events of a run with a subgraph: envelopes, lifecycle, subgraph views, values, output',
  needs: ['StreamChannel', 'createGraphRunStream'],
  async run({ impl, rec, saver, thread }) {
    const inner = new impl.StateGraph(countState(impl))
      .addNode('inner_step', () => (rec.count('inner_step'), { count: 100 }))
      .addEdge(impl.START, 'inner_step')
      .compile();
    const graph = new impl.StateGraph(countState(impl))
      .addNode('first', (_s: any, config: any) => (rec.count('first'), config.writer?.({ step: 'first' }), { count: 1 }))
      .addNode('sub', inner)
      .addEdge(impl.START, 'first')
      .addEdge('first', 'sub')
      .compile({ checkpointer: saver });
    const run = await graph.streamEvents({ count: 0 }, { ...thread(), version: 'v3' });
    const subViews: unknown[] = [];
    const collecting = (async () => {
      for await (const sub of run.subgraphs) {
        const { events } = await drain(sub, rec.labels);
        subViews.push({ name: sub.name, index: sub.index, methods: events.map((e: any) => e.method) });
      }
    })();
    rec.note('events', await drain(run, rec.labels));
    await collecting;
    rec.note('subgraph views', subViews);
    const values: unknown[] = [];
    for await (const v of run.values) values.push(v);
    rec.note('values', values);
    rec.note('output', await run.output);
    rec.note('awaited values', await run.values);
    rec.note('interrupted', { interrupted: run.interrupted, interrupts: run.interrupts });
    const lifecycle: unknown[] = [];
    for await (const l of run.lifecycle) lifecycle.push({ ns: l.namespace.map((s: string) => labelNamespace(s, rec.labels.tasks)), event: l.event, graph: l.graph_name });
    rec.note('lifecycle', lifecycle);
    // Without a checkpointer the working checkpoints still have envelopes.
    const plainGraph = new impl.StateGraph(countState(impl)).addNode('only', () => ({ count: 2 })).addEdge(impl.START, 'only').compile();
    rec.note('no checkpointer', await drain(await plainGraph.streamEvents({ count: 1 }, { version: 'v3' }), rec.labels));
  },
  check(o) {
    expect(entry(o, 'events').increasing).toBe(true);
    expect(entry(o, 'subgraph views')).toEqual([{ name: 'sub', index: 0, methods: ['lifecycle', 'checkpoints', 'values', 'tasks', 'updates', 'tasks', 'checkpoints', 'values', 'lifecycle'] }]);
    expect(entry(o, 'output')).toEqual({ count: 102 });
    expect(entry(o, 'values')).toEqual([{ count: 0 }, { count: 1 }, { count: 102 }]);
  },
};

const interrupts: Scenario = {
  name: 'V3-2 an interrupt on the protocol, and its resume',
  needs: ['StreamChannel', 'interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('ask', () => (rec.count('ask'), { value: [`answer:${impl.interrupt({ question: 'ok?' })}`] }))
      .addEdge(impl.START, 'ask')
      .compile({ checkpointer: saver });
    const first = await graph.streamEvents({ value: ['start'] }, { ...thread(), version: 'v3' });
    rec.note('first', await drain(first, rec.labels));
    rec.note('first interrupts', { interrupted: first.interrupted, interrupts: normInterrupts(first.interrupts.map((i: any) => ({ id: i.interruptId, value: i.payload })), rec.labels) });
    rec.note('first output', await first.output);
    const second = await graph.streamEvents(new impl.Command({ resume: 'yes' }), { ...thread(), version: 'v3' });
    rec.note('resume', await drain(second, rec.labels));
    rec.note('resume output', { output: await second.output, interrupted: second.interrupted });
  },
  check(o) {
    expect(entry(o, 'first interrupts').interrupted).toBe(true);
    expect(entry(o, 'resume output')).toEqual({ output: { value: ['start', 'answer:yes'] }, interrupted: false });
  },
};

const extensions: Scenario = {
  name: 'V3-3 transformers: extensions, remote channels, suppressed events, promises; text/event-stream',
  needs: ['StreamChannel'],
  async run({ impl, rec }) {
    const graph = new impl.StateGraph(countState(impl))
      .addNode('one', () => ({ count: 1 }))
      .addNode('two', () => ({ count: 10 }))
      .addEdge(impl.START, 'one')
      .addEdge('one', 'two')
      .compile();
    const stepLog = () => {
      const steps = impl.StreamChannel.remote('steps');
      let n = 0;
      let resolve: (n: number) => void = () => undefined;
      const total = new Promise<number>((r) => (resolve = r));
      return {
        init: () => ({ steps, total }),
        process: (e: any) => {
          n += 1;
          if (e.method === 'updates') steps.push({ node: e.params.data.node });
          return e.method !== 'tasks';
        },
        finalize: () => resolve(n),
      };
    };
    const run = await graph.streamEvents({ count: 0 }, { version: 'v3', transformers: [stepLog] });
    rec.note('events', await drain(run, rec.labels));
    const steps: unknown[] = [];
    for await (const s of run.extensions.steps) steps.push(s);
    rec.note('extension channel', steps);
    rec.note('extension promise', await run.extensions.total);
    const sse = await graph.streamEvents({ count: 0 }, { version: 'v3', encoding: 'text/event-stream' });
    let body = '';
    const decoder = new TextDecoder();
    for await (const chunk of sse) body += decoder.decode(chunk, { stream: true });
    // Ids and timestamps aside: the event lines, and the data of values events.
    const lines = body.split('\n').filter((l) => l.startsWith('event:') || l.startsWith('data: {"count"'));
    rec.note('text/event-stream', lines);
    const source = (async function* () {
      yield [[], 'values', { a: 1 }];
      yield [['child:0'], 'values', { b: 1 }];
      yield [[], 'custom', { name: 'progress', payload: 50 }];
      yield [[], 'debug', { ignored: true }];
      yield [[], 'values', { a: 2 }];
    })();
    const handMade = impl.createGraphRunStream(source);
    rec.note('createGraphRunStream', await drain(handMade, rec.labels));
    rec.note('createGraphRunStream output', await handMade.output);
  },
  check(o) {
    expect(entry(o, 'extension channel')).toEqual([{ node: 'one' }, { node: 'two' }]);
    expect(entry(o, 'events').events.some((e: any) => e.method === 'tasks')).toBe(false);
    expect(entry(o, 'createGraphRunStream output')).toEqual({ a: 2 });
  },
};

const tools: Scenario = {
  name: 'V3-4 tools events of a ToolNode on the protocol',
  needs: ['StreamChannel', 'MessagesAnnotation', 'ToolNode'],
  async run({ impl, rec, saver, thread }) {
    const add = tool(async ({ a, b }: { a: number; b: number }) => String(a + b), { name: 'add', description: 'adds', schema: z.object({ a: z.number(), b: z.number() }) });
    const fails = tool(async () => {
      throw new Error('tool failed');
    }, { name: 'fails', description: 'fails', schema: z.object({}) });
    const graph = new impl.StateGraph(impl.MessagesAnnotation)
      .addNode('tools', new impl.ToolNode([add, fails]))
      .addEdge(impl.START, 'tools')
      .compile({ checkpointer: saver });
    const message = new AIMessage({ id: 'ai-1', content: '', tool_calls: [{ id: 'call_1', name: 'add', args: { a: 1, b: 2 } }, { id: 'call_2', name: 'fails', args: {} }] });
    const run = await graph.streamEvents({ messages: [message] }, { ...thread(), version: 'v3' });
    const { events } = await drain(run, rec.labels);
    const toolEvents = events.filter((e: any) => e.method === 'tools').map((e: any) => e.data);
    // The two calls run concurrently: order the events by call, then by kind.
    const order = ['tool-started', 'tool-output-delta', 'tool-finished', 'tool-error'];
    toolEvents.sort((x: any, y: any) => (x.tool_call_id === y.tool_call_id ? order.indexOf(x.event) - order.indexOf(y.event) : x.tool_call_id < y.tool_call_id ? -1 : 1));
    rec.note('tools', toolEvents.map((e: any) => (e.event === 'tool-finished' ? { ...e, output: typeof e.output } : e)));
  },
  check(o) {
    expect(entry(o, 'tools').map((e: any) => e.event)).toEqual(['tool-started', 'tool-finished', 'tool-started', 'tool-error']);
  },
};

export const PROTOCOL_SCENARIOS: Scenario[] = [runEvents, interrupts, extensions, tools];
