/**
 * Behaviours that differed from LangGraph.js 1.7.3: a node always gets `config.signal`; a saver
 * subclass forwarding three arguments to `put`; `checkpoint_map` on subgraph state configs;
 * `parentConfig` on debug checkpoint payloads; an external abort reaching a subgraph invoked
 * inside a node; a Command inside a Send; a node named like a state key; a bare
 * `Command({ resume })` with two interrupts pending; generators as entrypoint / task; custom
 * `configurable` keys in saver calls; `subgraphs: true` updates chunks; time travel into a
 * subgraph through a subgraph checkpoint config; a resume map reaching Send-spawned subgraphs;
 * `this` in a node function.
 */
import { expect } from 'vitest';
import { cpLabel, normParents } from '../harness/normalize';
import { entry, listState, sleep, type Scenario } from '../harness/scenario';

/** Every node gets a signal, also without one from the caller. */
const b1SignalAlways: Scenario = {
  name: 'B1 config.signal without a caller signal',
  async run({ impl, rec }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('a', (_s: any, config: any) => (rec.note('a signal', { present: config.signal !== undefined, aborted: config.signal?.aborted }), { value: ['a'] }))
      .addNode('b', (_s: any, config: any) => (rec.note('b signal', { present: config.signal !== undefined, aborted: config.signal?.aborted }), { value: ['b'] }))
      .addEdge(impl.START, 'a')
      .addEdge('a', 'b')
      .compile();
    await rec.invoke('invoke', graph, { value: [] });
  },
  check(o) {
    expect(entry(o, 'a signal')).toEqual({ present: true, aborted: false });
  },
};

/** A MemorySaver subclass that forwards three arguments to `put`. */
const b2ThreeArgumentPut: Scenario = {
  name: 'B2 MemorySaver subclass calling put with three arguments',
  needs: ['interrupt', 'Command'],
  async run({ impl, rec, thread }) {
    class Forwarding extends impl.MemorySaver {
      async put(config: any, checkpoint: any, metadata: any) {
        return super.put(config, checkpoint, metadata);
      }
    }
    const saver = new Forwarding();
    const graph = new impl.StateGraph(listState(impl))
      .addNode('a', () => (rec.count('a'), { value: ['a'] }))
      .addNode('ask', () => (rec.count('ask'), { value: [`ask:${impl.interrupt('q')}`] }))
      .addEdge(impl.START, 'a')
      .addEdge('a', 'ask')
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { value: [] }, thread());
    await rec.invoke('resume', graph, new impl.Command({ resume: 'r' }), thread());
    const history: unknown[] = [];
    for await (const s of graph.getStateHistory(thread())) history.push({ step: s.metadata?.step, values: s.values, next: s.next });
    rec.note('history', history);
  },
  check(o) {
    expect(entry(o, 'resume').result.value).toEqual(['a', 'ask:r']);
  },
};

/** A subgraph's state config carries `checkpoint_map`; passed back to invoke it time-travels to the root checkpoint it ran under. */
const b3SubgraphConfigs: Scenario = {
  name: 'B3 checkpoint_map on subgraph state configs, time travel through one',
  needs: ['interrupt', 'Command', 'entrypoint'],
  async run({ impl, rec, saver, thread }) {
    const sub = new impl.StateGraph(listState(impl))
      .addNode('s1', () => (rec.count('s1'), { value: ['s1'] }))
      .addNode('s2', () => (rec.count('s2'), { value: [`s2:${impl.interrupt('sub?')}`] }))
      .addEdge(impl.START, 's1')
      .addEdge('s1', 's2')
      .compile();
    const graph = new impl.StateGraph(listState(impl))
      .addNode('p', () => (rec.count('p'), { value: ['p'] }))
      .addNode('sub', sub)
      .addEdge(impl.START, 'p')
      .addEdge('p', 'sub')
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { value: [] }, thread());
    const state = await graph.getState(thread(), { subgraphs: true });
    const subState = state.tasks[0].state;
    rec.note('subgraph config', { checkpoint: cpLabel(subState.config, rec.labels), map: normParents(subState.config.configurable.checkpoint_map, rec.labels) });
    const subHistory: any[] = [];
    for await (const s of graph.getStateHistory(subState.config)) subHistory.push(s);
    rec.note('subgraph history maps', subHistory.map((s) => normParents(s.config.configurable.checkpoint_map, rec.labels)));
    await rec.invoke('resume', graph, new impl.Command({ resume: 'yes' }), thread());
    await rec.invoke('invoke with the subgraph config', graph, null, subHistory[subHistory.length - 1].config);
    await rec.allCheckpoints('checkpoints', thread());
  },
  check(o) {
    // The subgraph returns its whole state, which the parent's reducer appends to its own.
    expect(entry(o, 'resume').result.value).toEqual(['p', 'p', 's1', 's2:yes']);
  },
};

/** Debug checkpoint payloads carry `parentConfig` (undefined for the first). */
const b4DebugParentConfig: Scenario = {
  name: 'B4 debug checkpoint payloads carry parentConfig',
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('a', () => ({ value: ['a'] }))
      .addEdge(impl.START, 'a')
      .compile({ checkpointer: saver });
    const keys: unknown[] = [];
    for await (const chunk of await graph.stream({ value: [] }, { ...thread(), streamMode: 'debug' })) {
      if (chunk.type === 'checkpoint') keys.push({ has: 'parentConfig' in chunk.payload, parent: cpLabel(chunk.payload.parentConfig, rec.labels) ?? chunk.payload.parentConfig });
    }
    rec.note('payloads', keys);
  },
  check(o) {
    expect(entry(o, 'payloads')[0]).toEqual({ has: true });
  },
};

/** An abort reaches a subgraph a node invokes without passing its config. */
const b5AbortIntoSubgraph: Scenario = {
  name: 'B5 external abort reaches a subgraph invoked inside a node',
  async run({ impl, rec, saver, thread }) {
    const controller = new AbortController();
    const sub = new impl.StateGraph(listState(impl))
      .addNode('slow', async (_s: any, config: any) => {
        rec.count('slow');
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, 80);
          config.signal?.addEventListener('abort', () => (clearTimeout(timer), rec.count('slow saw abort'), reject(new Error('slow aborted'))));
          // The caller cancels while the subgraph's node runs.
          setTimeout(() => controller.abort(), 1);
        });
        return { value: ['slow'] };
      })
      .addNode('next', () => (rec.count('next'), { value: ['next'] }))
      .addEdge(impl.START, 'slow')
      .addEdge('slow', 'next')
      .compile();
    const graph = new impl.StateGraph(listState(impl))
      .addNode('outer', async (s: any) => (rec.count('outer'), await sub.invoke(s)))
      .addEdge(impl.START, 'outer')
      .compile({ checkpointer: saver });
    await rec.invoke('aborted', graph, { value: [] }, { ...thread(), signal: controller.signal });
    await sleep(100);
    rec.note('calls after abort', { ...rec.calls });
  },
  check(o) {
    expect(entry(o, 'aborted').error.name).toBe('AbortError');
    expect(entry(o, 'calls after abort')).toEqual({ outer: 1, slow: 1, 'slow saw abort': 1 });
  },
};

/** A Command carried inside a Send's args (through a checkpoint) arrives as a Command. */
const b6CommandInSend: Scenario = {
  name: 'B6 a Command inside a Send arrives as a Command',
  needs: ['Send', 'Command', 'isCommand'],
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('fan', () => (rec.count('fan'), { value: ['fan'] }))
      .addNode('worker', (arg: any) => {
        rec.count('worker');
        rec.note('worker got', { isCommand: impl.isCommand(arg.cmd), instance: arg.cmd instanceof impl.Command, goto: arg.cmd?.goto, resume: arg.cmd?.resume });
        return { value: ['worker'] };
      })
      .addConditionalEdges('fan', () => [new impl.Send('worker', { cmd: new impl.Command({ goto: 'x', resume: 1 }) })])
      .addEdge(impl.START, 'fan')
      .compile({ checkpointer: saver, interruptBefore: ['worker'] });
    await rec.invoke('until worker', graph, { value: [] }, thread());
    await rec.invoke('resume', graph, null, thread());
  },
  check(o) {
    expect(entry(o, 'worker got')).toEqual({ isCommand: true, instance: true, goto: ['x'], resume: 1 });
  },
};

/** addNode refuses a node named like a state key. */
const b7NodeNamedLikeKey: Scenario = {
  name: 'B7 addNode rejects a node named like a state key',
  async run({ impl, rec }) {
    try {
      new impl.StateGraph(listState(impl)).addNode('value', () => ({}));
      rec.note('added', true);
    } catch (e: any) {
      rec.note('error', e.message);
    }
  },
  check(o) {
    expect(entry(o, 'error')).toBe('value is already being used as a state attribute (a.k.a. a channel), cannot also be used as a node name.');
  },
};

/**
 * A bare Command({ resume }) while two interrupts are pending: 1.7.3 gives the value to every
 * task that asks (each task's scratchpad holds the NULL-task resume), so both are answered.
 */
const b8BareResume: Scenario = {
  name: 'B8 bare Command({ resume }) with two pending interrupts',
  needs: ['interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('one', () => (rec.count('one'), { value: [`one:${impl.interrupt('q1')}`] }))
      .addNode('two', () => (rec.count('two'), { value: [`two:${impl.interrupt('q2')}`] }))
      .addEdge(impl.START, 'one')
      .addEdge(impl.START, 'two')
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { value: [] }, thread());
    await rec.invoke('bare resume', graph, new impl.Command({ resume: 'A' }), thread());
    await rec.state('state', graph, thread());
    await rec.history('history', graph, thread());
  },
};

/**
 * A bare resume is taken by the first task that asks: a workflow's next `task()` (made after that,
 * in the same step) interrupts again instead of getting the same answer.
 */
const b12BareResumeTasks: Scenario = {
  name: 'B12 bare Command({ resume }) and a workflow asking in two tasks',
  needs: ['entrypoint', 'task', 'interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const add = impl.task('add', async (name: string) => (rec.count('add'), impl.interrupt(`add ${name}?`) ? `added ${name}` : `skipped ${name}`));
    const program = impl.entrypoint({ name: 'program', checkpointer: saver }, async () => [await add('James'), await add('Will')]);
    await rec.invoke('first', program, [], thread());
    await rec.invoke('resume 1', program, new impl.Command({ resume: true }), thread());
    await rec.state('state', program, thread());
    await rec.invoke('resume 2', program, new impl.Command({ resume: false }), thread());
  },
  check(o) {
    expect(entry(o, 'resume 1').result.__interrupt__[0].value).toBe('add Will?');
    expect(entry(o, 'resume 2').result).toEqual(['added James', 'skipped Will']);
  },
};

/** Generators are refused as entrypoints and tasks. */
const b9Generators: Scenario = {
  name: 'B9 entrypoint and task reject generator functions',
  needs: ['entrypoint', 'task'],
  async run({ impl, rec }) {
    const attempts: [string, () => unknown][] = [
      ['entrypoint generator', () => impl.entrypoint('e', function* () {})],
      ['entrypoint async generator', () => impl.entrypoint('e', async function* () {})],
      ['task generator', () => impl.task('t', function* () {})],
      ['task async generator', () => impl.task('t', async function* () {})],
    ];
    for (const [label, make] of attempts) {
      try {
        make();
        rec.note(label, 'accepted');
      } catch (e: any) {
        rec.note(label, e.message);
      }
    }
  },
  check(o) {
    expect(entry(o, 'task generator')).toBe('Generators are disallowed as tasks. For streaming responses, use config.write.');
  },
};

/** The run's custom configurable keys reach every saver call. */
const b10SaverConfigKeys: Scenario = {
  name: 'B10 saver calls keep custom configurable keys',
  async run({ impl, rec }) {
    const seen = { put: new Set<string>(), putWrites: new Set<string>(), getTuple: new Set<string>() };
    class Recording extends impl.MemorySaver {
      async put(config: any, ...rest: any[]) {
        seen.put.add(String(config.configurable?.user));
        return super.put(config, ...rest);
      }
      async putWrites(config: any, ...rest: any[]) {
        seen.putWrites.add(String(config.configurable?.user));
        return super.putWrites(config, ...rest);
      }
      async getTuple(config: any) {
        seen.getTuple.add(String(config.configurable?.user));
        return super.getTuple(config);
      }
    }
    const graph = new impl.StateGraph(listState(impl))
      .addNode('a', () => ({ value: ['a'] }))
      .addEdge(impl.START, 'a')
      .compile({ checkpointer: new Recording() });
    await rec.invoke('invoke', graph, { value: [] }, { configurable: { thread_id: 't', user: 'u1' } });
    rec.note('user key seen', { put: [...seen.put], putWrites: [...seen.putWrites], getTuple: [...seen.getTuple] });
  },
  check(o) {
    expect(entry(o, 'user key seen').put).toEqual(['u1']);
  },
};

/** `subgraphs: true` in updates mode with a grandchild that interrupts. */
const b11SubgraphUpdates: Scenario = {
  name: 'B11 stream subgraphs:true updates with a grandchild interrupt',
  needs: ['interrupt', 'Command', 'entrypoint'],
  async run({ impl, rec, saver, thread }) {
    const grandchild = new impl.StateGraph(listState(impl))
      .addNode('g1', () => ({ value: ['g1'] }))
      .addNode('g2', () => ({ value: [`g2:${impl.interrupt('deep?')}`] }))
      .addEdge(impl.START, 'g1')
      .addEdge('g1', 'g2')
      .compile();
    const child = new impl.StateGraph(listState(impl))
      .addNode('c1', () => ({ value: ['c1'] }))
      .addNode('c2', grandchild)
      .addEdge(impl.START, 'c1')
      .addEdge('c1', 'c2')
      .compile();
    const graph = new impl.StateGraph(listState(impl))
      .addNode('r1', () => ({ value: ['r1'] }))
      .addNode('r2', child)
      .addEdge(impl.START, 'r1')
      .addEdge('r1', 'r2')
      .compile({ checkpointer: saver });
    await rec.stream('first', graph, { value: [] }, { ...thread(), streamMode: 'updates', subgraphs: true });
    await rec.stream('resume', graph, new impl.Command({ resume: 'yes' }), { ...thread(), streamMode: 'updates', subgraphs: true });
    await rec.stream('values mode', graph, { value: [] }, { ...thread('v'), streamMode: ['values', 'updates'], subgraphs: true });
  },
};

/** A resume map answering interrupts of subgraphs reached through Sends (the map reaches the subgraphs). */
const b13ResumeMapIntoSubgraphs: Scenario = {
  name: 'B13 resume map answering Send-spawned subgraph interrupts',
  needs: ['interrupt', 'Command', 'Send'],
  async run({ impl, rec, saver, thread }) {
    const child = new impl.StateGraph(impl.Annotation.Root({ prompt: impl.Annotation(), answer: impl.Annotation(), answers: impl.Annotation() }))
      .addNode('ask', (s: any) => {
        const answer = impl.interrupt(s.prompt);
        return { answer, answers: [answer] };
      })
      .addEdge(impl.START, 'ask')
      .compile();
    const graph = new impl.StateGraph(impl.Annotation.Root({
      prompts: impl.Annotation(),
      answers: impl.Annotation({ reducer: (a: string[], b: string[]) => [...a, ...b], default: () => [] }),
    }))
      .addNode('child', child)
      .addNode('cleanup', (s: any) => (rec.note('cleanup sees', s.answers.length), {}))
      .addConditionalEdges(impl.START, (s: any) => s.prompts.map((prompt: string) => new impl.Send('child', { prompt })), ['child'])
      .addEdge('child', 'cleanup')
      .compile({ checkpointer: saver });
    const first = await graph.invoke({ prompts: ['a', 'b', 'c'] }, thread());
    rec.note('first', first);
    const resume = Object.fromEntries(first[impl.INTERRUPT].map((i: any) => [i.id, `re:${i.value}`]));
    await rec.invoke('resume', graph, new impl.Command({ resume }), thread());
    rec.note('state', (await graph.getState(thread())).values);
  },
  check(o) {
    expect([...entry(o, 'resume').result.answers].sort()).toEqual(['re:a', 're:b', 're:c']);
  },
};

/** A node function is called as a method whose `this.name` is the node's name (an unbound class method). */
const b14NodeThis: Scenario = {
  name: 'B14 an unbound method as a node sees this.name',
  async run({ impl, rec }) {
    class Named {
      constructor(readonly name: string) {}
      call(this: { name: string }) {
        return { value: [String(this?.name)] };
      }
    }
    const graph = new impl.StateGraph(listState(impl))
      .addNode('first', new Named('ignored').call)
      .addEdge(impl.START, 'first')
      .compile();
    await rec.invoke('invoke', graph, { value: [] });
  },
  check(o) {
    expect(entry(o, 'invoke').result.value).toEqual(['first']);
  },
};

export const BEHAVIOUR_SCENARIOS: Scenario[] = [
  b1SignalAlways, b2ThreeArgumentPut, b3SubgraphConfigs, b4DebugParentConfig, b5AbortIntoSubgraph, b6CommandInSend,
  b7NodeNamedLikeKey, b8BareResume, b12BareResumeTasks, b9Generators, b10SaverConfigKeys, b11SubgraphUpdates,
  b13ResumeMapIntoSubgraphs, b14NodeThis,
];
