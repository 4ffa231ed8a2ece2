/**
 * State schemas beyond `Annotation.Root`: the object-form constructor with distinct input and
 * output schemas, a node-level input schema, `StateSchema` with `ReducedValue` and zod fields
 * (defaults, validation), zod object schemas with LangGraph reducer metadata, `MessagesValue`.
 */
import { expect } from 'vitest';
import { z } from 'zod';
import { entry, type Scenario } from '../harness/scenario';

/** `new StateGraph({ state, input, output })`: input keys in, output keys out, all keys in the state. */
const s2InputOutputSchemas: Scenario = {
  name: 'S2 object-form constructor with input and output schemas',
  async run({ impl, rec, saver, thread }) {
    const Input = impl.Annotation.Root({ question: impl.Annotation() });
    const Output = impl.Annotation.Root({ answer: impl.Annotation() });
    const State = impl.Annotation.Root({
      question: impl.Annotation(),
      answer: impl.Annotation(),
      notes: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
    });
    const graph = new impl.StateGraph({ state: State, input: Input, output: Output })
      .addNode('think', (s: any) => (rec.count('think'), { notes: [`about ${s.question}`] }))
      .addNode('reply', (s: any) => (rec.count('reply'), { answer: `${s.question}: ${s.notes.join(',')}`, notes: ['replied'] }))
      .addEdge(impl.START, 'think')
      .addEdge('think', 'reply')
      .compile({ checkpointer: saver });
    // `notes` is not an input key: it is dropped from the input.
    await rec.invoke('invoke', graph, { question: 'why', notes: ['ignored'] }, thread());
    await rec.state('state', graph, thread());
    await rec.history('history', graph, thread());
    await rec.stream('stream', graph, { question: 'how' }, { ...thread('s'), streamMode: ['values', 'updates'] });
    const second = new impl.StateGraph(State, { input: Input, output: Output })
      .addNode('only', (s: any) => (rec.count('only'), { answer: s.question }))
      .addEdge(impl.START, 'only')
      .compile();
    await rec.invoke('options form', second, { question: 'q' });
  },
  check(o) {
    expect(entry(o, 'invoke').result).toEqual({ answer: 'why: about why' });
    expect(entry(o, 'state').values).toEqual({ question: 'why', answer: 'why: about why', notes: ['about why', 'replied'] });
    expect(entry(o, 'options form').result).toEqual({ answer: 'q' });
  },
};

/** A node-level input schema: the node reads only its keys; a key outside the state is a private channel. */
const s3NodeInputSchema: Scenario = {
  name: 'S3 node-level input schema with a private key',
  async run({ impl, rec, saver, thread }) {
    const State = impl.Annotation.Root({ topic: impl.Annotation(), log: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }) });
    const Private = impl.Annotation.Root({ topic: impl.Annotation(), draft: impl.Annotation() });
    const graph = new impl.StateGraph(State)
      .addNode('plan', (s: any) => (rec.count('plan'), { draft: `draft of ${s.topic}`, log: ['plan'] }))
      .addNode('write', (s: any) => {
        rec.count('write');
        rec.note('write saw', s);
        return { log: [`wrote ${s.draft}`] };
      }, { input: Private })
      .addEdge(impl.START, 'plan')
      .addEdge('plan', 'write')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { topic: 'cats' }, thread());
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'write saw')).toEqual({ topic: 'cats', draft: 'draft of cats' });
    expect(entry(o, 'invoke').result).toEqual({ topic: 'cats', log: ['plan', 'wrote draft of cats'] });
  },
};

/** StateSchema: zod fields with defaults, a ReducedValue with an input schema; a bad update fails the node. */
const s4StateSchema: Scenario = {
  name: 'S4 StateSchema with ReducedValue, defaults and validation',
  needs: ['StateSchema', 'ReducedValue'],
  async run({ impl, rec, saver, thread }) {
    const State = new impl.StateSchema({
      count: z.number().default(0),
      label: z.string().min(1),
      items: new impl.ReducedValue(z.array(z.string()).default(() => []), { inputSchema: z.string(), reducer: (a: string[], b: string) => a.concat([b]) }),
    });
    const graph = new impl.StateGraph(State)
      .addNode('add', (s: any) => (rec.count('add'), { count: s.count + 1, items: `item${s.count}` }))
      .addNode('check', (s: any) => (rec.count('check'), s.count > 1 ? { label: '' } : { items: 'checked' }))
      .addEdge(impl.START, 'add')
      .addEdge('add', 'check')
      .addConditionalEdges('check', (s: any) => (s.count < 2 ? 'add' : impl.END))
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { label: 'x' }, thread());
    await rec.history('history', graph, thread());
    await rec.invoke('bad input', graph, { label: 42 }, thread('bad'));
  },
  check(o) {
    expect(entry(o, 'invoke').error.message).toContain('label');
    expect(entry(o, 'bad input').error.message).toContain('label');
  },
};

/** zod object state: reducer metadata from `withLangGraph` and from zod v4's registry; update parsing. */
const s5ZodState: Scenario = {
  name: 'S5 zod object state with LangGraph reducer metadata',
  needs: ['withLangGraph', 'registry'],
  async run({ impl, rec, saver, thread }) {
    const State = z.object({
      log: impl.withLangGraph(z.array(z.string()), { reducer: { fn: (a: string[], b: string | string[]) => a.concat(b), schema: z.union([z.string(), z.array(z.string())]) }, default: () => ['start'] }),
      total: z.number().register(impl.registry, { reducer: { fn: (a: number, b: number) => a + b }, default: () => 0 }),
      mode: z.enum(['fast', 'slow']).default('fast'),
    });
    const graph = new impl.StateGraph(State)
      .addNode('a', (s: any) => (rec.count('a'), { log: `a(${s.mode})`, total: 2 }))
      .addNode('b', () => (rec.count('b'), { log: ['b1', 'b2'], total: 3 }))
      .addNode('c', () => (rec.count('c'), { mode: 'sideways' }))
      .addEdge(impl.START, 'a')
      .addEdge(impl.START, 'b')
      .addEdge(['a', 'b'], 'c')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { total: 1 }, thread());
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'invoke').error.name).toMatch(/ZodError/);
    expect(entry(o, 'history')[0].values).toEqual({ log: ['start', 'a(fast)', 'b1', 'b2'], total: 6, mode: 'fast' });
  },
};

/** MessagesValue: messages with ids are merged by id (a replacement keeps its place). */
const s6MessagesValue: Scenario = {
  name: 'S6 StateSchema with MessagesValue',
  needs: ['StateSchema', 'MessagesValue'],
  async run({ impl, rec }) {
    const State = new impl.StateSchema({ messages: impl.MessagesValue, turn: z.number().default(0) });
    const graph = new impl.StateGraph(State)
      .addNode('bot', (s: any) => {
        rec.count('bot');
        return { messages: [{ role: 'assistant', content: `reply ${s.turn}`, id: 'm2' }, { role: 'user', content: 'edited', id: 'm1' }], turn: s.turn + 1 };
      })
      .addEdge(impl.START, 'bot')
      .compile();
    const out = await graph.invoke({ messages: [{ role: 'user', content: 'hi', id: 'm1' }] });
    rec.note('messages', out.messages.map((m: any) => ({ type: m.getType(), content: m.content, id: m.id })));
    rec.note('turn', out.turn);
  },
  check(o) {
    expect(entry(o, 'messages')).toEqual([{ type: 'human', content: 'edited', id: 'm1' }, { type: 'ai', content: 'reply 0', id: 'm2' }]);
  },
};

export const SCHEMA_SCENARIOS: Scenario[] = [s2InputOutputSchemas, s3NodeInputSchema, s4StateSchema, s5ZodState, s6MessagesValue];
