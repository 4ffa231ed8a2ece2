/**
 * Core scenarios: chains, input checkpoints, reducers, invalid updates, conditional edges,
 * sequences and Commands returned by nodes.
 */
import { expect } from 'vitest';
import { entry, listState, type Scenario } from '../harness/scenario';

/** START→a→b→c, each node appends its name (ENGINE_SPEC C1). */
const c1Chain: Scenario = {
  name: 'C1 chain a→b→c',
  async run({ impl, rec, saver, thread }) {
    const node = (name: string) => () => {
      rec.count(name);
      return { value: [name] };
    };
    const graph = new impl.StateGraph(listState(impl))
      .addNode('a', node('a'))
      .addNode('b', node('b'))
      .addNode('c', node('c'))
      .addEdge(impl.START, 'a')
      .addEdge('a', 'b')
      .addEdge('b', 'c')
      .addEdge('c', impl.END)
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { value: [] }, thread());
    await rec.history('history', graph, thread());
    await rec.state('state', graph, thread());
  },
  check(o) {
    expect(entry(o, 'invoke').result).toEqual({ value: ['a', 'b', 'c'] });
    const h = entry(o, 'history');
    expect(h.map((s: any) => [s.step, s.source, s.next])).toEqual([
      [3, 'loop', []],
      [2, 'loop', ['c']],
      [1, 'loop', ['b']],
      [0, 'loop', ['a']],
      [-1, 'input', ['__start__']],
    ]);
    expect(h.map((s: any) => s.parent)).toEqual([h[1].checkpoint, h[2].checkpoint, h[3].checkpoint, h[4].checkpoint, undefined]);
    expect(o.calls).toEqual({ a: 1, b: 1, c: 1 });
  },
};

/** `{ value: number, add }`, START→one and START→two; the raw input and first loop checkpoints (C2). */
const c2InputCheckpoint: Scenario = {
  name: 'C2 input checkpoint and fan-out from START',
  async run({ impl, rec, saver, thread }) {
    const State = impl.Annotation.Root({ value: impl.Annotation({ reducer: (a: number, b: number) => a + b, default: () => 0 }) });
    const graph = new impl.StateGraph(State)
      .addNode('one', () => (rec.count('one'), { value: 2 }))
      .addNode('two', () => (rec.count('two'), { value: 3 }))
      .addEdge(impl.START, 'one')
      .addEdge(impl.START, 'two')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { value: 1 }, thread());
    // Compared: versions, versions_seen, and the values of versioned channels. Left out:
    // LangGraph.js 1.7.3 also stores unversioned channels (the empty Send topic, reducer defaults)
    // and does not store `updated_channels`; neither is visible through the public API.
    const raw: unknown[] = [];
    for await (const t of saver.list(thread())) {
      const versions = t.checkpoint.channel_versions as Record<string, unknown>;
      const values = Object.fromEntries(Object.entries(t.checkpoint.channel_values).filter(([k]) => k in versions));
      raw.push({ step: t.metadata.step, channel_values: values, channel_versions: versions, versions_seen: t.checkpoint.versions_seen });
    }
    rec.note('raw checkpoints', raw);
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'invoke').result).toEqual({ value: 6 });
    const raw = entry(o, 'raw checkpoints');
    const input = raw[raw.length - 1];
    expect(input.channel_values).toEqual({ __start__: { value: 1 } });
    expect(input.channel_versions).toEqual({ __start__: 1 });
    expect(input.versions_seen).toEqual({ __input__: {} });
    const step0 = raw[raw.length - 2];
    expect(step0.channel_values).toEqual({ value: 1, 'branch:to:one': null, 'branch:to:two': null });
    expect(step0.versions_seen).toEqual({ __input__: {}, __start__: { __start__: 1 } });
    const inputWrites = entry(o, 'history').at(-1).writes;
    expect(inputWrites).toEqual([
      ['__start__#0', 'value', 1],
      ['__start__#0', 'branch:to:one', null],
      ['__start__#0', 'branch:to:two', null],
    ]);
  },
};

/** Reducers with defaults and last-value keys; defaults show up before any write. */
const reducersWithDefaults: Scenario = {
  name: 'reducers with defaults and last-value keys',
  async run({ impl, rec, saver, thread }) {
    const State = impl.Annotation.Root({
      log: impl.Annotation({ reducer: (a: string[], b: string | string[]) => a.concat(b), default: () => ['init'] }),
      total: impl.Annotation({ reducer: (a: number, b: number) => a + b, default: () => 10 }),
      last: impl.Annotation(),
      seen: impl.Annotation({ reducer: (a: Record<string, number>, b: Record<string, number>) => ({ ...a, ...b }), default: () => ({}) }),
    });
    const graph = new impl.StateGraph(State)
      .addNode('p', (s: any) => (rec.count('p'), { log: 'p', total: 1, last: `p saw ${s.total}`, seen: { p: s.log.length } }))
      .addNode('q', (s: any) => (rec.count('q'), { log: ['q1', 'q2'], total: 2, seen: { q: s.log.length } }))
      .addEdge(impl.START, 'p')
      .addEdge('p', 'q')
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { total: 5 }, thread());
    await rec.invoke('second', graph, { log: ['again'], last: 'input' }, thread());
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'first').result).toEqual({ log: ['init', 'p', 'q1', 'q2'], total: 18, last: 'p saw 15', seen: { p: 1, q: 2 } });
  },
};

/** Two parallel writes to a last-value key in one superstep ⇒ InvalidUpdateError. */
const invalidConcurrentUpdate: Scenario = {
  name: 'InvalidUpdateError on two writes to a last-value key in one step',
  async run({ impl, rec, saver, thread }) {
    const State = impl.Annotation.Root({ winner: impl.Annotation(), log: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }) });
    const graph = new impl.StateGraph(State)
      .addNode('left', () => (rec.count('left'), { winner: 'left', log: ['left'] }))
      .addNode('right', () => (rec.count('right'), { winner: 'right', log: ['right'] }))
      .addEdge(impl.START, 'left')
      .addEdge(impl.START, 'right')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { log: [] }, thread());
    await rec.history('history', graph, thread());
    await rec.state('state', graph, thread());
  },
  check(o) {
    expect(entry(o, 'invoke').error.name).toBe('InvalidUpdateError');
    // Both tasks succeeded and their writes were saved, so getState re-applies them and fails too.
    expect(entry(o, 'state').error.name).toBe('InvalidUpdateError');
  },
};

/** A node returning a number is not a valid update. */
const garbageUpdate: Scenario = {
  name: 'a node returning a number ⇒ InvalidUpdateError',
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('ok', () => (rec.count('ok'), { value: ['ok'] }))
      .addNode('bad', () => (rec.count('bad'), 42))
      .addEdge(impl.START, 'ok')
      .addEdge('ok', 'bad')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { value: [] }, thread());
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'invoke').error.name).toBe('InvalidUpdateError');
    expect(o.calls).toEqual({ ok: 1, bad: 1 });
  },
};

/** Conditional edges with a path map (router keys → nodes), including END. */
const conditionalPathMap: Scenario = {
  name: 'conditional edges with pathMap',
  async run({ impl, rec, saver, thread }) {
    const State = impl.Annotation.Root({
      n: impl.Annotation(),
      value: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
    });
    const graph = new impl.StateGraph(State)
      .addNode('inc', (s: any) => (rec.count('inc'), { n: s.n + 1, value: [`inc${s.n + 1}`] }))
      .addNode('even', () => (rec.count('even'), { value: ['even'] }))
      .addNode('odd', () => (rec.count('odd'), { value: ['odd'] }))
      .addEdge(impl.START, 'inc')
      .addConditionalEdges('inc', (s: any) => (s.n >= 4 ? 'stop' : s.n % 2 === 0 ? 'isEven' : 'isOdd'), {
        isEven: 'even',
        isOdd: 'odd',
        stop: impl.END,
      })
      .addEdge('even', 'inc')
      .addEdge('odd', 'inc')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { n: 0 }, thread());
    await rec.history('history', graph, thread(), { writes: true });
  },
  check(o) {
    expect(entry(o, 'invoke').result.value).toEqual(['inc1', 'odd', 'inc2', 'even', 'inc3', 'odd', 'inc4']);
  },
};

/** addSequence builds a chain of named nodes. */
const addSequence: Scenario = {
  name: 'addSequence',
  async run({ impl, rec, saver, thread }) {
    const step = (name: string) => (s: any) => (rec.count(name), { value: [`${name}:${s.value.length}`] });
    const graph = new impl.StateGraph(listState(impl))
      .addSequence([
        ['first', step('first')],
        ['second', step('second')],
        ['third', step('third')],
      ])
      .addEdge(impl.START, 'first')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { value: [] }, thread());
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'invoke').result).toEqual({ value: ['first:0', 'second:1', 'third:2'] });
  },
};

/** A node returns Command({ update, goto }): the update applies and goto replaces the edges. */
const commandFromNode: Scenario = {
  name: 'Command goto/update from a node',
  needs: ['Command'],
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode(
        'router',
        (s: any) => {
          rec.count('router');
          return new impl.Command({ update: { value: ['routed'] }, goto: s.value.includes('go-b') ? 'b' : ['a', 'b'] });
        },
        { ends: ['a', 'b'] },
      )
      .addNode('a', () => (rec.count('a'), { value: ['a'] }))
      .addNode('b', () => (rec.count('b'), new impl.Command({ update: { value: ['b'] }, goto: impl.END })))
      .addEdge(impl.START, 'router')
      .compile({ checkpointer: saver });
    await rec.invoke('both', graph, { value: [] }, thread('t1'));
    await rec.history('history both', graph, thread('t1'));
    await rec.invoke('only b', graph, { value: ['go-b'] }, thread('t2'));
    await rec.history('history only b', graph, thread('t2'));
  },
  check(o) {
    expect(entry(o, 'both').result).toEqual({ value: ['routed', 'a', 'b'] });
    expect(entry(o, 'only b').result).toEqual({ value: ['go-b', 'routed', 'b'] });
  },
};

export const CORE_BASIC: Scenario[] = [
  c1Chain,
  c2InputCheckpoint,
  reducersWithDefaults,
  invalidConcurrentUpdate,
  garbageUpdate,
  conditionalPathMap,
  addSequence,
  commandFromNode,
];
