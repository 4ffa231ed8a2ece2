/**
 * Subgraph and cache scenarios: a subgraph run twice in a loop then replayed between the two runs
 * (first-visit replay), an interrupt inside a subgraph, a stateful subgraph (`checkpointer: true`)
 * on replay (C17), and the node cache (C19). Gated on `entrypoint` / `task`, which our engine
 * adds together with subgraphs.
 */
import { expect } from 'vitest';
import { entry, type Scenario } from '../harness/scenario';

const ADVANCED = ['entrypoint', 'task'];

/** The newest raw root snapshot whose `next` is exactly `next`. */
async function findByNext(graph: any, config: unknown, next: string[]): Promise<any> {
  for await (const s of graph.getStateHistory(config)) if (JSON.stringify(s.next) === JSON.stringify(next)) return s;
  throw new Error(`no checkpoint with next ${JSON.stringify(next)}`);
}

/** Parent START→sub→check, looping back to sub once; sub = s1→s2, compiled without a checkpointer. */
const subgraphLoopReplay: Scenario = {
  name: 'subgraph called twice in a loop, replayed between the two calls',
  needs: ADVANCED,
  async run({ impl, rec, saver, thread }) {
    const SubState = impl.Annotation.Root({ rounds: impl.Annotation(), subLog: impl.Annotation() });
    const sub = new impl.StateGraph(SubState)
      .addNode('s1', (s: any) => (rec.count('s1'), { subLog: `s1@${s.rounds}` }))
      .addNode('s2', (s: any) => (rec.count('s2'), { subLog: `${s.subLog}+s2` }))
      .addEdge(impl.START, 's1')
      .addEdge('s1', 's2')
      .compile();
    const State = impl.Annotation.Root({
      rounds: impl.Annotation(),
      subLog: impl.Annotation(),
      value: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
    });
    const graph = new impl.StateGraph(State)
      .addNode('sub', sub)
      .addNode('check', (s: any) => (rec.count('check'), { rounds: s.rounds + 1, value: [s.subLog] }))
      .addEdge(impl.START, 'sub')
      .addEdge('sub', 'check')
      .addConditionalEdges('check', (s: any) => (s.rounds < 2 ? 'sub' : impl.END))
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { rounds: 0 }, thread());
    await rec.allCheckpoints('checkpoints after first', thread());
    const between = await findByNext(graph, thread(), ['sub']);
    await rec.invoke('replay second call', graph, null, between.config);
    await rec.history('history', graph, thread());
    await rec.allCheckpoints('checkpoints', thread());
  },
  check(o) {
    expect(entry(o, 'first').result.value).toEqual(['s1@0+s2', 's1@1+s2']);
    expect(entry(o, 'replay second call').result.value).toEqual(['s1@0+s2', 's1@1+s2']);
    expect(o.calls).toEqual({ s1: 3, s2: 3, check: 3 });
  },
};

/** Parent START→p1→sub→p2; sub (a node) = ask(interrupt)→s2. Resume goes into the child. */
const subgraphInterrupt: Scenario = {
  name: 'interrupt inside a subgraph, resumed into the child',
  needs: [...ADVANCED, 'interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const SubState = impl.Annotation.Root({
      subLog: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
    });
    const sub = new impl.StateGraph(SubState)
      .addNode('ask', () => (rec.count('ask'), { subLog: [`ask:${impl.interrupt('sub question')}`] }))
      .addNode('s2', () => (rec.count('s2'), { subLog: ['s2'] }))
      .addEdge(impl.START, 'ask')
      .addEdge('ask', 's2')
      .compile();
    const State = impl.Annotation.Root({
      subLog: impl.Annotation(),
      value: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
    });
    const graph = new impl.StateGraph(State)
      .addNode('p1', () => (rec.count('p1'), { value: ['p1'] }))
      .addNode('sub', sub)
      .addNode('p2', (s: any) => (rec.count('p2'), { value: [`p2 saw ${s.subLog.join(',')}`] }))
      .addEdge(impl.START, 'p1')
      .addEdge('p1', 'sub')
      .addEdge('sub', 'p2')
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { value: [] }, thread());
    await rec.state('state', graph, thread());
    await rec.state('state with subgraphs', graph, thread(), { subgraphs: true });
    await rec.allCheckpoints('checkpoints while interrupted', thread());
    await rec.invoke('resume', graph, new impl.Command({ resume: 'ok' }), thread());
    await rec.history('history', graph, thread());
    await rec.allCheckpoints('checkpoints', thread());
    await rec.stream('streamed with subgraphs', graph, { value: [] }, { ...thread('streamed'), streamMode: 'updates', subgraphs: true });
  },
  check(o) {
    expect(entry(o, 'first').result.__interrupt__).toEqual([{ value: 'sub question', id: 'intr#0' }]);
    const nested = entry(o, 'state with subgraphs').tasks[0].state;
    expect(nested.next).toEqual(['ask']);
    expect(entry(o, 'resume').result).toEqual({ value: ['p1', 'p2 saw ask:ok,s2'], subLog: ['ask:ok', 's2'] });
    expect(o.calls).toEqual({ p1: 2, ask: 3, s2: 1, p2: 1 });
  },
};

/** C17: a stateful subgraph (`checkpointer: true`) sees, on replay, its state as of just before. */
const c17StatefulSubgraphReplay: Scenario = {
  name: 'C17 stateful subgraph on replay (first-visit loading)',
  needs: ADVANCED,
  async run({ impl, rec, saver, thread }) {
    const seenByA: string[][] = [];
    const SubState = impl.Annotation.Root({
      input: impl.Annotation(),
      out: impl.Annotation(),
      items: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
    });
    // The parent shares `input` and `out` (last values) with the subgraph, not the accumulated `items`.
    const sub = new impl.StateGraph(SubState)
      .addNode('a', (s: any) => (rec.count('a'), seenByA.push([...s.items]), { items: [`a:${s.input}`] }))
      .addNode('b', (s: any) => (rec.count('b'), { items: [`b:${s.input}`], out: [...s.items, `b:${s.input}`].join(',') }))
      .addEdge(impl.START, 'a')
      .addEdge('a', 'b')
      .compile({ checkpointer: true });
    const State = impl.Annotation.Root({ input: impl.Annotation(), out: impl.Annotation() });
    const graph = new impl.StateGraph(State)
      .addNode('pre', (s: any) => (rec.count('pre'), { input: `${s.input}!` }))
      .addNode('sub', sub)
      .addEdge(impl.START, 'pre')
      .addEdge('pre', 'sub')
      .compile({ checkpointer: saver });
    await rec.invoke('run 1', graph, { input: 'r1' }, thread());
    await rec.invoke('run 2', graph, { input: 'r2' }, thread());
    const beforeSub = await findByNext(graph, thread(), ['sub']);
    await rec.invoke('replay run 2', graph, null, beforeSub.config);
    rec.note('what a saw', seenByA);
    await rec.history('history', graph, thread());
    await rec.allCheckpoints('checkpoints', thread());
  },
  check(o) {
    expect(entry(o, 'what a saw')).toEqual([[], ['a:r1!', 'b:r1!'], ['a:r1!', 'b:r1!']]);
    expect(entry(o, 'run 2').result.out).toBe('a:r1!,b:r1!,a:r2!,b:r2!');
    expect(entry(o, 'replay run 2').result.out).toBe('a:r1!,b:r1!,a:r2!,b:r2!');
  },
};

/**
 * A stateful subgraph (`checkpointer: true`) called twice in a parent loop; the parent is then
 * replayed from before the first call. First visit of the run: the subgraph loads its latest
 * checkpoint from before the replay point; second visit: its latest one (written by the first).
 */
const statefulSubgraphLoopReplay: Scenario = {
  name: 'stateful subgraph in a loop, replayed from before the first call',
  needs: ADVANCED,
  async run({ impl, rec, saver, thread }) {
    const seen: string[][] = [];
    const SubState = impl.Annotation.Root({
      round: impl.Annotation(),
      items: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
    });
    const sub = new impl.StateGraph(SubState)
      .addNode('collect', (s: any) => (rec.count('collect'), seen.push([...s.items]), { items: [`r${s.round}`] }))
      .addEdge(impl.START, 'collect')
      .compile({ checkpointer: true });
    const State = impl.Annotation.Root({ round: impl.Annotation() });
    const graph = new impl.StateGraph(State)
      .addNode('sub', sub)
      .addNode('next', (s: any) => (rec.count('next'), { round: s.round + 1 }))
      .addEdge(impl.START, 'sub')
      .addEdge('sub', 'next')
      .addConditionalEdges('next', (s: any) => (s.round < 2 ? 'sub' : impl.END))
      .compile({ checkpointer: saver });
    await rec.invoke('run', graph, { round: 0 }, thread());
    let firstCall: any;
    for await (const snap of graph.getStateHistory(thread())) if (snap.next[0] === 'sub') firstCall = snap;
    await rec.invoke('replay from before the first call', graph, null, firstCall.config);
    rec.note('what collect saw', seen);
    await rec.history('history', graph, thread(), { writes: false });
    await rec.allCheckpoints('checkpoints', thread());
  },
  check(o) {
    expect(entry(o, 'what collect saw')).toEqual([[], ['r0'], [], ['r0']]);
    expect(o.calls).toEqual({ collect: 4, next: 4 });
  },
};

/** C19: a node with a cache policy is skipped on a second run with identical input. */
const c19Cache: Scenario = {
  name: 'C19 node cache (cachePolicy + InMemoryCache)',
  needs: [...ADVANCED, 'InMemoryCache'],
  async run({ impl, rec, saver, thread }) {
    const State = impl.Annotation.Root({ x: impl.Annotation(), y: impl.Annotation() });
    const graph = new impl.StateGraph(State)
      .addNode('slow', (s: any) => (rec.count('slow'), { y: s.x * 2 }), { cachePolicy: {} })
      .addNode('after', (s: any) => (rec.count('after'), { y: s.y + 1 }))
      .addEdge(impl.START, 'slow')
      .addEdge('slow', 'after')
      .compile({ checkpointer: saver, cache: new impl.InMemoryCache() });
    const mode = { streamMode: 'updates' };
    await rec.stream('first x=1', graph, { x: 1 }, { ...thread('t1'), ...mode });
    await rec.stream('second x=1 (hit)', graph, { x: 1 }, { ...thread('t2'), ...mode });
    await rec.stream('x=2 (miss)', graph, { x: 2 }, { ...thread('t3'), ...mode });
    await rec.history('history of the hit', graph, thread('t2'));
  },
  check(o) {
    expect(entry(o, 'second x=1 (hit)').chunks[0]).toEqual({ slow: { y: 2 }, __metadata__: { cached: true } });
    expect(o.calls).toEqual({ slow: 2, after: 3 });
  },
};

/** A list state with a concat reducer under the key `log`. */
function logState(impl: any): any {
  return impl.Annotation.Root({ log: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }) });
}

/** C16: resume a stateful subgraph's interrupt with an explicit head checkpoint id. */
const c16SubgraphResumeAtHead: Scenario = {
  name: 'C16 subgraph resume with an explicit head checkpoint id',
  needs: [...ADVANCED, 'interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const SubState = impl.Annotation.Root({ answer: impl.Annotation() });
    const sub = new impl.StateGraph(SubState)
      .addNode('step_a', () => (rec.count('step_a'), {}))
      .addNode('ask_human', () => (rec.count('ask_human'), { answer: impl.interrupt('question') }))
      .addNode('step_b', (s: any) => (rec.count('step_b'), { answer: `${s.answer}!` }))
      .addEdge(impl.START, 'step_a')
      .addEdge('step_a', 'ask_human')
      .addEdge('ask_human', 'step_b')
      .compile({ checkpointer: true });
    const graph = new impl.StateGraph(SubState)
      .addNode('sub', sub)
      .addEdge(impl.START, 'sub')
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { answer: null }, thread());
    rec.note('calls after first', { ...rec.calls });
    const head = await rec.state('state with subgraphs', graph, thread(), { subgraphs: true });
    const headConfig = { configurable: { thread_id: thread().configurable.thread_id, checkpoint_id: head?.config.configurable.checkpoint_id, checkpoint_ns: '' } };
    await rec.invoke('resume at head id', graph, new impl.Command({ resume: 'answer' }), headConfig);
    await rec.history('history', graph, thread());
    await rec.allCheckpoints('checkpoints', thread());
  },
  check(o) {
    expect(entry(o, 'calls after first')).toEqual({ step_a: 1, ask_human: 1 });
    expect(entry(o, 'state with subgraphs').tasks[0].state.next).toEqual(['ask_human']);
    expect(entry(o, 'resume at head id').result).toEqual({ answer: 'answer!' });
    expect(o.calls).toEqual({ step_a: 1, ask_human: 2, step_b: 1 });
  },
};

/** C18: parent START→{pA, sub}; sub START→{A, B(interrupt)}. What re-runs on resume. */
const c18SubgraphSiblings: Scenario = {
  name: 'C18 siblings of an interrupted node inside a subgraph on resume',
  needs: [...ADVANCED, 'interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const sub = new impl.StateGraph(logState(impl))
      .addNode('A', () => (rec.count('A'), { log: ['A'] }))
      .addNode('B', () => (rec.count('B'), { log: [`B:${impl.interrupt('b?')}`] }))
      .addEdge(impl.START, 'A')
      .addEdge(impl.START, 'B')
      .compile();
    const graph = new impl.StateGraph(logState(impl))
      .addNode('pA', () => (rec.count('pA'), { log: ['pA'] }))
      .addNode('sub', async (s: any, config: any) => {
        rec.count('sub');
        const out = await sub.invoke({ log: [] }, config);
        return { log: out.log };
      })
      .addEdge(impl.START, 'pA')
      .addEdge(impl.START, 'sub')
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { log: [] }, thread());
    await rec.invoke('resume', graph, new impl.Command({ resume: 'ok' }), thread());
    await rec.history('history', graph, thread());
    await rec.allCheckpoints('checkpoints', thread());
  },
  check(o) {
    expect(entry(o, 'resume').result).toEqual({ log: ['pA', 'A', 'B:ok'] });
    // LangGraph.js 1.7.x no longer re-runs the subgraph sibling A (ENGINE_SPEC §12.2).
    expect(o.calls).toEqual({ pA: 1, sub: 2, A: 1, B: 2 });
  },
};

export const SUBGRAPH_SCENARIOS: Scenario[] = [
  subgraphLoopReplay,
  subgraphInterrupt,
  c16SubgraphResumeAtHead,
  c17StatefulSubgraphReplay,
  c18SubgraphSiblings,
  statefulSubgraphLoopReplay,
  c19Cache,
];
