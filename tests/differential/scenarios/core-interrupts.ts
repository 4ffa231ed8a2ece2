/**
 * Core scenarios about interrupts: dynamic interrupts and resume, several interrupts in one node,
 * parallel interrupts answered by a resume map, static interrupts before / after nodes.
 */
import { expect } from 'vitest';
import { entry, listState, type Scenario } from '../harness/scenario';

/** C5: START→a→ask(interrupt)→b; resume with a value. */
const c5InterruptResume: Scenario = {
  name: 'C5 interrupt and resume',
  needs: ['interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('a', () => (rec.count('a'), { value: ['a'] }))
      .addNode('ask', () => {
        rec.count('ask');
        const answer = impl.interrupt('What is your input?');
        return { value: [`human:${answer}`] };
      })
      .addNode('b', () => (rec.count('b'), { value: ['b'] }))
      .addEdge(impl.START, 'a')
      .addEdge('a', 'ask')
      .addEdge('ask', 'b')
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { value: [] }, thread());
    await rec.state('state while interrupted', graph, thread());
    await rec.history('history while interrupted', graph, thread());
    await rec.invoke('resume', graph, new impl.Command({ resume: 'x' }), thread());
    await rec.history('history', graph, thread());
  },
  check(o) {
    const first = entry(o, 'first').result;
    expect(first.value).toEqual(['a']);
    expect(first.__interrupt__).toEqual([{ value: 'What is your input?', id: 'intr#0' }]);
    expect(entry(o, 'state while interrupted').tasks[0].interrupts).toEqual([{ value: 'What is your input?', id: 'intr#0' }]);
    expect(entry(o, 'resume').result).toEqual({ value: ['a', 'human:x', 'b'] });
    expect(entry(o, 'history').map((s: any) => [s.step, s.next])).toEqual([
      [3, []],
      [2, ['b']],
      [1, ['ask']],
      [0, ['a']],
      [-1, ['__start__']],
    ]);
    expect(o.calls).toEqual({ a: 1, ask: 2, b: 1 });
  },
};

/** C6: two interrupts in one node, answered one resume at a time. */
const c6TwoInterrupts: Scenario = {
  name: 'C6 two interrupts in one node',
  needs: ['interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('ask', () => {
        rec.count('ask');
        const first = impl.interrupt('first question');
        const second = impl.interrupt('second question');
        return { value: [first, second] };
      })
      .addEdge(impl.START, 'ask')
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { value: [] }, thread());
    await rec.invoke('resume s1', graph, new impl.Command({ resume: 's1' }), thread());
    await rec.state('state after s1', graph, thread());
    await rec.history('history after s1', graph, thread());
    await rec.invoke('resume s2', graph, new impl.Command({ resume: 's2' }), thread());
    await rec.history('history', graph, thread());
  },
  check(o) {
    // LangGraph.js 1.7.3 gives the second interrupt of the task its own id (Python reuses the first).
    expect(entry(o, 'resume s1').result.__interrupt__).toEqual([{ value: 'second question', id: 'intr#1' }]);
    expect(entry(o, 'resume s2').result).toEqual({ value: ['s1', 's2'] });
    expect(o.calls).toEqual({ ask: 3 });
  },
};

function parallelAskGraph(impl: any, rec: any, saver: any): any {
  const ask = (name: string) => () => {
    rec.count(name);
    return { value: [`${name}:${impl.interrupt(`question ${name}`)}`] };
  };
  return new impl.StateGraph(listState(impl))
    .addNode('a', ask('a'))
    .addNode('b', ask('b'))
    .addEdge(impl.START, 'a')
    .addEdge(impl.START, 'b')
    .compile({ checkpointer: saver });
}

/** The id of the interrupt whose value is `value` in an invoke result. */
function interruptId(result: unknown, value: string): string {
  const list = ((result as { __interrupt__?: { id: string; value: unknown }[] })?.__interrupt__ ?? []);
  const found = list.find((i) => i.value === value);
  if (!found) throw new Error(`no interrupt "${value}"`);
  return found.id;
}

/**
 * C7: a and b interrupt in the same step. LangGraph.js has no "several pending interrupts" check:
 * a plain resume answers both. A resume map answers them one at a time.
 */
const c7ParallelInterrupts: Scenario = {
  name: 'C7 parallel interrupts, plain resume and resume map',
  needs: ['interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const plainGraph = parallelAskGraph(impl, rec, saver);
    await rec.invoke('plain: first', plainGraph, { value: [] }, thread('plain'));
    await rec.invoke('plain: resume v', plainGraph, new impl.Command({ resume: 'v' }), thread('plain'));
    await rec.history('plain: history', plainGraph, thread('plain'));

    const graph = parallelAskGraph(impl, rec, saver);
    const first = await rec.invoke('map: first', graph, { value: [] }, thread('map'));
    const idA = interruptId(first, 'question a');
    const idB = interruptId(first, 'question b');
    await rec.invoke('map: resume a', graph, new impl.Command({ resume: { [idA]: 'x' } }), thread('map'));
    await rec.history('map: history after a', graph, thread('map'));
    rec.note('map: calls after a', { ...rec.calls });
    await rec.invoke('map: resume b', graph, new impl.Command({ resume: { [idB]: 'y' } }), thread('map'));
    await rec.history('map: history', graph, thread('map'));
  },
  check(o) {
    expect(entry(o, 'plain: resume v').result).toEqual({ value: ['a:v', 'b:v'] });
    expect(entry(o, 'map: resume a').result.__interrupt__).toHaveLength(1);
    expect(entry(o, 'map: resume b').result).toEqual({ value: ['a:x', 'b:y'] });
    expect(entry(o, 'map: calls after a')).toEqual({ a: 4, b: 4 });
  },
};

/** C8: interruptBefore / interruptAfter stop the run; `invoke(null)` continues; neither re-fires. */
const c8StaticInterrupts: Scenario = {
  name: 'C8 static interrupts before and after a node',
  async run({ impl, rec, saver, thread }) {
    const build = (options: Record<string, unknown>) =>
      new impl.StateGraph(listState(impl))
        .addNode('a', () => (rec.count('a'), { value: ['a'] }))
        .addNode('b', () => (rec.count('b'), { value: ['b'] }))
        .addEdge(impl.START, 'a')
        .addEdge('a', 'b')
        .compile({ checkpointer: saver, ...options });
    const before = build({ interruptBefore: ['b'] });
    await rec.invoke('before: first', before, { value: [] }, thread('before'));
    await rec.state('before: state', before, thread('before'));
    await rec.invoke('before: resume', before, null, thread('before'));
    await rec.history('before: history', before, thread('before'));
    const after = build({ interruptAfter: ['a'] });
    await rec.invoke('after: first', after, { value: [] }, thread('after'));
    await rec.state('after: state', after, thread('after'));
    await rec.invoke('after: resume', after, null, thread('after'));
    await rec.history('after: history', after, thread('after'));
  },
  check(o) {
    // LangGraph.js 1.7.3 adds an empty `__interrupt__` list to the result of a static interrupt.
    expect(entry(o, 'before: first').result).toEqual({ value: ['a'], __interrupt__: [] });
    expect(entry(o, 'before: state').next).toEqual(['b']);
    expect(entry(o, 'before: resume').result).toEqual({ value: ['a', 'b'] });
    expect(entry(o, 'after: first').result).toEqual({ value: ['a'], __interrupt__: [] });
    expect(entry(o, 'after: resume').result).toEqual({ value: ['a', 'b'] });
    expect(o.calls).toEqual({ a: 2, b: 2 });
  },
};

/** interruptBefore '*': every superstep stops before its nodes (not before the hidden __start__). */
const interruptBeforeAll: Scenario = {
  name: "interruptBefore '*'",
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('a', () => (rec.count('a'), { value: ['a'] }))
      .addNode('b', () => (rec.count('b'), { value: ['b'] }))
      .addNode('c', () => (rec.count('c'), { value: ['c'] }))
      .addEdge(impl.START, 'a')
      .addEdge('a', 'b')
      .addEdge('a', 'c')
      .compile({ checkpointer: saver, interruptBefore: '*' });
    await rec.invoke('first', graph, { value: [] }, thread());
    await rec.invoke('resume 1', graph, null, thread());
    await rec.invoke('resume 2', graph, null, thread());
    await rec.invoke('resume 3', graph, null, thread());
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'first').result).toEqual({ value: [], __interrupt__: [] });
    expect(entry(o, 'resume 1').result).toEqual({ value: ['a'], __interrupt__: [] });
    expect(entry(o, 'resume 2').result).toEqual({ value: ['a', 'b', 'c'] });
  },
};

/** The C5 graph, with the answer recorded as JSON so falsy values stay visible. */
function askGraph(impl: any, rec: any, saver: any): any {
  return new impl.StateGraph(listState(impl))
    .addNode('a', () => (rec.count('a'), { value: ['a'] }))
    .addNode('ask', () => (rec.count('ask'), { value: [`human:${JSON.stringify(impl.interrupt('q'))}`] }))
    .addNode('b', () => (rec.count('b'), { value: ['b'] }))
    .addEdge(impl.START, 'a')
    .addEdge('a', 'ask')
    .addEdge('ask', 'b')
    .compile({ checkpointer: saver });
}

/** Falsy resume values (0, '', false) are answers; `null` is no input at all (EmptyInputError). */
const falsyResumeValues: Scenario = {
  name: 'resume with falsy values and with null',
  needs: ['interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const graph = askGraph(impl, rec, saver);
    for (const [label, value] of [['zero', 0], ['empty string', ''], ['false', false], ['null', null]] as const) {
      await rec.invoke(`${label}: first`, graph, { value: [] }, thread(label));
      await rec.invoke(`${label}: resume`, graph, new impl.Command({ resume: value }), thread(label));
      await rec.state(`${label}: state`, graph, thread(label));
    }
  },
  check(o) {
    expect(entry(o, 'zero: resume').result).toEqual({ value: ['a', 'human:0', 'b'] });
    expect(entry(o, 'false: resume').result).toEqual({ value: ['a', 'human:false', 'b'] });
    expect(entry(o, 'null: resume').error.name).toBe('EmptyInputError');
  },
};

/** A Command as graph input: goto + update on a new thread, and after an interrupt. */
const commandAsInput: Scenario = {
  name: 'Command (goto + update) as graph input',
  needs: ['interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const graph = askGraph(impl, rec, saver);
    await rec.invoke('fresh thread', graph, new impl.Command({ goto: 'b', update: { value: ['u'] } }), thread('fresh'));
    await rec.history('fresh thread: history', graph, thread('fresh'));
    await rec.invoke('interrupted: first', graph, { value: [] }, thread('jump'));
    await rec.invoke('interrupted: goto b', graph, new impl.Command({ goto: 'b', update: { value: ['skipped ask'] } }), thread('jump'));
    await rec.history('interrupted: history', graph, thread('jump'));
  },
  check(o) {
    expect(entry(o, 'fresh thread').result).toEqual({ value: ['u', 'b'] });
    // LangGraph.js treats a Command without resume as new input: an `input` checkpoint is saved.
    expect(entry(o, 'fresh thread: history').map((s: any) => [s.step, s.source])).toEqual([
      [0, 'loop'],
      [-1, 'input'],
    ]);
  },
};

/**
 * A node's config carries the run's `interrupt` (LangGraph.js's Runtime API, `runtime.interrupt`),
 * the global `interrupt` unless the caller passed one; a task() in a workflow gets it too.
 */
const runtimeInterrupt: Scenario = {
  name: 'interrupt through the config (runtime.interrupt) in a node and in a task',
  needs: ['interrupt', 'Command', 'entrypoint', 'task', 'getConfig'],
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('ask', (_s: unknown, config: any) => ({ value: [`human:${config.interrupt('Your input?')}`] }))
      .addEdge(impl.START, 'ask')
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { value: [] }, thread('graph'));
    await rec.invoke('resume', graph, new impl.Command({ resume: 'x' }), thread('graph'));
    const confirm = impl.task('confirm', async (n: number) => `${n}:${impl.getConfig().interrupt('Confirm?')}`);
    const workflow = impl.entrypoint({ name: 'flow', checkpointer: saver }, async (n: number) => confirm(n));
    await rec.invoke('workflow first', workflow, 2, thread('flow'));
    await rec.invoke('workflow resume', workflow, new impl.Command({ resume: 'ok' }), thread('flow'));
  },
  check(o) {
    expect(entry(o, 'first').result.__interrupt__).toEqual([{ value: 'Your input?', id: 'intr#0' }]);
    expect(entry(o, 'resume').result).toEqual({ value: ['human:x'] });
    expect(entry(o, 'workflow resume').result).toBe('2:ok');
  },
};

export const CORE_INTERRUPTS: Scenario[] = [
  c5InterruptResume,
  c6TwoInterrupts,
  c7ParallelInterrupts,
  c8StaticInterrupts,
  interruptBeforeAll,
  falsyResumeValues,
  commandAsInput,
  runtimeInterrupt,
];
