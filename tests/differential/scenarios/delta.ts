/**
 * DeltaChannel state (LangGraph.js 1.7.3, beta): `messagesDeltaReducer` called directly, and
 * `DeltaChannel` / `MessagesDeltaValue` keys through runs, histories, `updateState`, Overwrites,
 * time travel, interrupts and every durability. Each implementation reads back what its own saver
 * stores (LangGraph.js leaves the channel out between snapshots and rebuilds it from the
 * ancestors' writes), so values must agree whatever the layout; reads also go through a freshly
 * compiled graph, which has nothing but the saver.
 */
import { AIMessage, HumanMessage, RemoveMessage } from '@langchain/core/messages';
import { expect } from 'vitest';
import { entry, type Scenario } from '../harness/scenario';

const contents = (v: any) => v.messages.map((m: any) => m.content);

/** `messagesDeltaReducer` called directly: appends, replaces by id, removals, batching. */
const reducerRules: Scenario = {
  name: 'X1 messagesDeltaReducer: ids, removals, REMOVE_ALL_MESSAGES, batching',
  needs: ['messagesDeltaReducer', 'REMOVE_ALL_MESSAGES'],
  async run({ impl, rec }) {
    const reduce = impl.messagesDeltaReducer;
    const base = [new HumanMessage({ content: 'one', id: '1' }), new AIMessage({ content: 'two', id: '2' })];
    rec.note('append and replace', reduce(base, [[new AIMessage({ content: 'two, edited', id: '2' })], new HumanMessage({ content: 'three', id: '3' })]));
    rec.note('coerce', reduce([], ['a string', [['ai', 'a tuple'], { role: 'user', content: 'an object', id: 'o' }]]).map((m: any) => [m.constructor.name, m.content]));
    rec.note('remove known and unknown', reduce(base, [new RemoveMessage({ id: '1' }), new RemoveMessage({ id: 'nope' })]));
    rec.note('remove all in the batch', reduce(base, [[new HumanMessage({ content: 'dropped', id: 'x' })], [new RemoveMessage({ id: impl.REMOVE_ALL_MESSAGES }), new HumanMessage({ content: 'kept', id: 'k' })]]));
    const writes = [[new HumanMessage({ content: 'a', id: 'a' })], [new RemoveMessage({ id: '2' }), new AIMessage({ content: 'b', id: 'b' })], [new HumanMessage({ content: 'a2', id: 'a' })]];
    const once = reduce(base, writes);
    const twice = reduce(reduce(base, writes.slice(0, 1)), writes.slice(1));
    rec.note('batching invariant', { once, same: JSON.stringify(once) === JSON.stringify(twice) });
  },
  check(o) {
    expect(entry(o, 'remove all in the batch').map((m: any) => m.content)).toEqual(['kept']);
    expect(entry(o, 'batching invariant').same).toBe(true);
  },
};

function chat(impl: any, rec: any, saver: any, frequency: number) {
  const State = impl.Annotation.Root({ messages: new impl.DeltaChannel(impl.messagesDeltaReducer, { snapshotFrequency: frequency }) });
  let turn = 0;
  return new impl.StateGraph(State)
    .addNode('chat', (s: any) => (rec.count('chat'), { messages: [new AIMessage({ content: `reply ${++turn} to ${s.messages.length}`, id: `r${turn}` })] }))
    .addEdge(impl.START, 'chat')
    .addEdge('chat', impl.END)
    .compile({ checkpointer: saver });
}

/** Turns over a DeltaChannel with a snapshot every 2 updates; reads from a fresh graph; updateState. */
const turns: Scenario = {
  name: 'X2 DeltaChannel messages over turns: snapshots, cold reads, updateState, history',
  needs: ['DeltaChannel', 'messagesDeltaReducer'],
  async run({ impl, rec, saver, thread }) {
    const graph = chat(impl, rec, saver, 2);
    for (let i = 0; i < 3; i++) await rec.invoke(`turn ${i}`, graph, { messages: [new HumanMessage({ content: `hi ${i}`, id: `h${i}` })] }, thread());
    await rec.state('cold state', chat(impl, rec, saver, 2), thread());
    await rec.update('update', graph, thread(), { messages: [new HumanMessage({ content: 'edited hi 1', id: 'h1' }), new RemoveMessage({ id: 'r1' })] }, 'chat');
    await rec.state('state after update', chat(impl, rec, saver, 2), thread());
    await rec.invoke('turn after update', graph, { messages: [new HumanMessage({ content: 'last', id: 'h9' })] }, thread());
    await rec.history('history', chat(impl, rec, saver, 2), thread());
  },
  check(o) {
    expect(contents(entry(o, 'turn after update').result)).toEqual(['hi 0', 'edited hi 1', 'reply 2 to 3', 'hi 2', 'reply 3 to 5', 'last', 'reply 4 to 6']);
  },
};

function fanOut(impl: any, rec: any, saver: any, second: 'plain' | 'overwrite') {
  const State = impl.Annotation.Root({ items: new impl.DeltaChannel((s: string[], w: string[][]) => [...s, ...w.flat()]) });
  return new impl.StateGraph(State)
    .addNode('a', () => (rec.count('a'), { items: ['a'] }))
    .addNode('b', () => (rec.count('b'), { items: new impl.Overwrite(['b']) }))
    .addNode('c', () => (rec.count('c'), { items: second === 'plain' ? ['c'] : new impl.Overwrite(['c']) }))
    .addNode('d', () => (rec.count('d'), { items: ['d'] }))
    .addEdge(impl.START, 'a')
    .addEdge('a', 'b')
    .addEdge('a', 'c')
    .addEdge('b', 'd')
    .addEdge('c', 'd')
    .compile({ checkpointer: saver });
}

/** An Overwrite beside a plain write in one step, time travel to before it, two Overwrites at once. */
const overwrites: Scenario = {
  name: 'X3 DeltaChannel Overwrite: wins its step, time travel before it, two at once fail',
  needs: ['DeltaChannel', 'Overwrite'],
  async run({ impl, rec, saver, thread }) {
    const graph = fanOut(impl, rec, saver, 'plain');
    await rec.invoke('run', graph, { items: ['start'] }, thread());
    const rows = await rec.history('history', fanOut(impl, rec, saver, 'plain'), thread());
    const afterA = rows.find((s: any) => s.metadata?.step === 1)!;
    await rec.invoke('replay from after a', graph, null, afterA.config);
    await rec.update('fork after a', graph, afterA.config, { items: ['forked'] }, 'a');
    await rec.history('history after time travel', fanOut(impl, rec, saver, 'plain'), thread());
    await rec.invoke('two overwrites', fanOut(impl, rec, saver, 'overwrite'), { items: ['start'] }, thread('two'));
  },
  check(o) {
    expect(entry(o, 'run').result.items).toEqual(['b', 'd']);
    expect(entry(o, 'two overwrites').error.message).toContain('only one Overwrite');
  },
};

function askGraph(impl: any, rec: any, saver: any) {
  return new impl.StateGraph(new impl.StateSchema({ messages: impl.MessagesDeltaValue }))
    .addNode('greet', () => (rec.count('greet'), { messages: [{ role: 'assistant', content: 'hello', id: 'g' }] }))
    .addNode('ask', () => (rec.count('ask'), { messages: [new AIMessage({ content: `answer: ${impl.interrupt('name?')}`, id: 'q' })] }))
    .addEdge(impl.START, 'greet')
    .addEdge('greet', 'ask')
    .compile({ checkpointer: saver });
}

/** `MessagesDeltaValue` in a StateSchema: an interrupt and its resume under `sync` and `async`. */
const schemaDurabilities: Scenario = {
  name: 'X4 MessagesDeltaValue: interrupt and resume under sync / async',
  needs: ['StateSchema', 'MessagesDeltaValue', 'interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    for (const durability of ['sync', 'async']) {
      await rec.invoke(`${durability} first`, askGraph(impl, rec, saver), { messages: [new HumanMessage({ content: 'hi', id: 'h' })] }, { ...thread(durability), durability });
      await rec.state(`${durability} interrupted`, askGraph(impl, rec, saver), thread(durability));
      await rec.invoke(`${durability} resume`, askGraph(impl, rec, saver), new impl.Command({ resume: 'Ada' }), { ...thread(durability), durability });
      await rec.history(`${durability} history`, askGraph(impl, rec, saver), thread(durability));
    }
  },
  check(o) {
    for (const d of ['sync', 'async']) expect(contents(entry(o, `${d} resume`).result)).toEqual(['hi', 'hello', 'answer: Ada']);
  },
};

/**
 * `exit` durability: the values after the interrupt, the resume and a second run, read back
 * through fresh graphs. Only values are compared: LangGraph.js saves the run's DeltaChannel writes
 * (on a stub checkpoint on a new thread) where this engine stores a snapshot in the one checkpoint.
 */
const exitDurability: Scenario = {
  name: 'X5 MessagesDeltaValue under exit durability: values read back after interrupt, resume and a second run',
  needs: ['StateSchema', 'MessagesDeltaValue', 'interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const config = { ...thread(), durability: 'exit' };
    const read = async (label: string) => {
      const s = await askGraph(impl, rec, saver).getState(thread());
      rec.note(label, { values: s.values, next: s.next });
    };
    rec.note('first', await askGraph(impl, rec, saver).invoke({ messages: [new HumanMessage({ content: 'hi', id: 'h' })] }, config));
    await read('interrupted');
    rec.note('resume', await askGraph(impl, rec, saver).invoke(new impl.Command({ resume: 'Ada' }), config));
    await read('finished');
    rec.note('second run', await askGraph(impl, rec, saver).invoke({ messages: [new RemoveMessage({ id: 'g' }), new HumanMessage({ content: 'again', id: 'h2' })] }, config));
    await read('interrupted again');
  },
  check(o) {
    expect(contents(entry(o, 'finished').values)).toEqual(['hi', 'hello', 'answer: Ada']);
    expect(contents(entry(o, 'interrupted again').values)).toEqual(['hi', 'answer: Ada', 'again', 'hello']);
  },
};

/**
 * A step where one task writes and its sibling interrupts: the written value waits in the saved
 * writes while a Command updates the state, then the resume re-applies it; cold reads after each
 * (the saved writes of a step replay in the step's task order).
 */
const interruptedSibling: Scenario = {
  name: 'X6 DeltaChannel beside an interrupt: Command update, resume, cold reads',
  needs: ['DeltaChannel', 'messagesDeltaReducer', 'interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const build = () => new impl.StateGraph(impl.Annotation.Root({ messages: new impl.DeltaChannel(impl.messagesDeltaReducer, { snapshotFrequency: 3 }) }))
      .addNode('talk', () => (rec.count('talk'), { messages: [new AIMessage({ content: 'talked', id: 't' })] }))
      .addNode('ask', () => (rec.count('ask'), { messages: [new AIMessage({ content: `asked: ${impl.interrupt('ok?')}`, id: 'a' })] }))
      .addNode('end', (s: any) => (rec.count('end'), { messages: [new AIMessage({ content: `end after ${s.messages.length}`, id: 'e' })] }))
      .addEdge(impl.START, 'talk')
      .addEdge(impl.START, 'ask')
      .addEdge(['talk', 'ask'], 'end')
      .compile({ checkpointer: saver });
    await rec.invoke('first', build(), { messages: [new HumanMessage({ content: 'hi', id: 'h' })] }, thread());
    await rec.state('interrupted', build(), thread());
    await rec.invoke('update', build(), new impl.Command({ update: { messages: [new HumanMessage({ content: 'meanwhile', id: 'm' })] } }), thread());
    await rec.state('after update', build(), thread());
    await rec.invoke('resume', build(), new impl.Command({ resume: 'yes' }), thread());
    await rec.history('history', build(), thread());
  },
  check(o) {
    expect(contents(entry(o, 'resume').result)).toEqual(['hi', 'meanwhile', 'asked: yes', 'talked', 'end after 4']);
  },
};

export const DELTA_SCENARIOS: Scenario[] = [reducerRules, turns, overwrites, schemaDurabilities, exitDurability, interruptedSibling];
