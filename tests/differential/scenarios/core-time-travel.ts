/**
 * Core scenarios about time travel: replay from a past checkpoint, forks with updateState (with
 * and without asNode, and the `__copy__` fork), replay before an interrupt then resume, and
 * reading history with limit / before / filter.
 */
import { expect } from 'vitest';
import { entry, listState, type Scenario } from '../harness/scenario';

/** START→a→b→c appending names (the C1 graph). */
function chain(impl: any, rec: any, saver: any): any {
  const node = (name: string) => () => (rec.count(name), { value: [name] });
  return new impl.StateGraph(listState(impl))
    .addNode('a', node('a'))
    .addNode('b', node('b'))
    .addNode('c', node('c'))
    .addEdge(impl.START, 'a')
    .addEdge('a', 'b')
    .addEdge('b', 'c')
    .compile({ checkpointer: saver });
}

/** The raw snapshot whose `next` is exactly `next` (first match, newest first). */
async function findByNext(graph: any, config: unknown, next: string[]): Promise<any> {
  for await (const s of graph.getStateHistory(config)) {
    if (JSON.stringify(s.next) === JSON.stringify(next)) return s;
  }
  throw new Error(`no checkpoint with next ${JSON.stringify(next)}`);
}

/** C13: replay the checkpoint before b; a does not re-run, b and c do. */
const c13Replay: Scenario = {
  name: 'C13 replay from a past checkpoint',
  async run({ impl, rec, saver, thread }) {
    const graph = chain(impl, rec, saver);
    await rec.invoke('first', graph, { value: [] }, thread());
    const beforeB = await findByNext(graph, thread(), ['b']);
    await rec.invoke('replay', graph, null, beforeB.config);
    await rec.history('history', graph, thread());
    await rec.state('state', graph, thread());
  },
  check(o) {
    expect(entry(o, 'replay').result).toEqual({ value: ['a', 'b', 'c'] });
    expect(o.calls).toEqual({ a: 1, b: 2, c: 2 });
    expect(entry(o, 'history').length).toBeGreaterThanOrEqual(7);
  },
};

/** C14: updateState forks; as a given node; and the `__copy__` fork. */
const c14UpdateStateFork: Scenario = {
  name: 'C14 updateState fork, asNode and __copy__',
  async run({ impl, rec, saver, thread }) {
    const graph = chain(impl, rec, saver);
    for (const t of ['plain', 'as-a', 'as-b', 'copy']) await rec.invoke(`${t}: first`, graph, { value: [] }, thread(t));

    const c2 = await findByNext(graph, thread('plain'), ['b']);
    const u = await rec.update('plain: update', graph, c2.config, { value: ['x'] });
    await rec.state('plain: state at update', graph, u ?? thread('plain'));
    await rec.invoke('plain: run from update', graph, null, u);
    await rec.history('plain: history', graph, thread('plain'));

    const asA = await findByNext(graph, thread('as-a'), ['b']);
    const ua = await rec.update('as-a: update', graph, asA.config, { value: ['y'] }, 'a');
    await rec.invoke('as-a: run', graph, null, ua);
    await rec.history('as-a: history', graph, thread('as-a'));

    const asB = await findByNext(graph, thread('as-b'), ['b']);
    const ub = await rec.update('as-b: update', graph, asB.config, { value: ['z'] }, 'b');
    await rec.invoke('as-b: run', graph, null, ub);
    await rec.history('as-b: history', graph, thread('as-b'));

    const cp = await findByNext(graph, thread('copy'), ['b']);
    const uc = await rec.update('copy: update', graph, cp.config, undefined, '__copy__');
    await rec.invoke('copy: run', graph, null, uc);
    await rec.history('copy: history', graph, thread('copy'));
  },
  check(o) {
    expect(entry(o, 'plain: run from update').result).toEqual({ value: ['a', 'x', 'b', 'c'] });
    const plainHistory = entry(o, 'plain: history');
    const update = plainHistory.find((s: any) => s.source === 'update');
    expect([update.step, update.next]).toEqual([2, ['b']]);
    expect(entry(o, 'as-b: run').result).toEqual({ value: ['a', 'z', 'c'] });
    const fork = entry(o, 'copy: history').find((s: any) => s.source === 'fork');
    expect(fork.step).toBe(2);
  },
};

/** C15: after C5 finished with "old", replay the (ask) checkpoint, then resume with "new". */
const c15ReplayBeforeInterrupt: Scenario = {
  name: 'C15 replay before an interrupt, then resume',
  needs: ['interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('a', () => (rec.count('a'), { value: ['a'] }))
      .addNode('ask', () => (rec.count('ask'), { value: [`human:${impl.interrupt('What is your input?')}`] }))
      .addNode('b', () => (rec.count('b'), { value: ['b'] }))
      .addEdge(impl.START, 'a')
      .addEdge('a', 'ask')
      .addEdge('ask', 'b')
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { value: [] }, thread());
    await rec.invoke('resume old', graph, new impl.Command({ resume: 'old' }), thread());
    const beforeAsk = await findByNext(graph, thread(), ['ask']);
    await rec.invoke('replay', graph, null, beforeAsk.config);
    await rec.state('state after replay', graph, thread());
    await rec.invoke('resume new', graph, new impl.Command({ resume: 'new' }), thread());
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'resume old').result).toEqual({ value: ['a', 'human:old', 'b'] });
    expect(entry(o, 'replay').result.__interrupt__).toHaveLength(1);
    expect(entry(o, 'resume new').result).toEqual({ value: ['a', 'human:new', 'b'] });
    expect(o.calls.a).toBe(1);
  },
};

/** getStateHistory with limit, before and metadata filters, over two runs of a thread. */
const historyOptions: Scenario = {
  name: 'getStateHistory with limit, before and filter',
  async run({ impl, rec, saver, thread }) {
    const graph = chain(impl, rec, saver);
    await rec.invoke('run 1', graph, { value: [] }, thread());
    await rec.invoke('run 2', graph, { value: ['again'] }, thread());
    const all = await rec.history('all', graph, thread(), { writes: false });
    await rec.history('limit 3', graph, thread(), { list: { limit: 3 }, writes: false });
    await rec.history('before the 4th newest', graph, thread(), { list: { before: all[3].config }, writes: false });
    await rec.history('before + limit 2', graph, thread(), { list: { before: all[3].config, limit: 2 }, writes: false });
    await rec.history('source input', graph, thread(), { list: { filter: { source: 'input' } }, writes: false });
    await rec.history('step 1', graph, thread(), { list: { filter: { step: 1 } }, writes: false });
    await rec.history('loop + limit 1', graph, thread(), { list: { filter: { source: 'loop' }, limit: 1 }, writes: false });
    await rec.history('other thread', graph, thread('empty'), { writes: false });
  },
  check(o) {
    expect(entry(o, 'all')).toHaveLength(10);
    expect(entry(o, 'limit 3')).toEqual(entry(o, 'all').slice(0, 3));
    expect(entry(o, 'before the 4th newest')).toEqual(entry(o, 'all').slice(4));
    expect(entry(o, 'source input').map((s: any) => s.step)).toEqual([4, -1]);
    expect(entry(o, 'other thread')).toEqual([]);
  },
};

/**
 * updateState edge cases on a graph with a join (START→{a, b}, [a, b]→c): without asNode after a
 * finished run, on a fresh thread (as if input), as one side of the join, and an unknown node.
 */
const updateStateEdgeCases: Scenario = {
  name: 'updateState without asNode, on a fresh thread, into a join, unknown node',
  async run({ impl, rec, saver, thread }) {
    const node = (name: string) => () => (rec.count(name), { value: [name] });
    const graph = new impl.StateGraph(listState(impl))
      .addNode('a', node('a'))
      .addNode('b', node('b'))
      .addNode('c', node('c'))
      .addEdge(impl.START, 'a')
      .addEdge(impl.START, 'b')
      .addEdge(['a', 'b'], 'c')
      .compile({ checkpointer: saver });
    await rec.invoke('finished: run', graph, { value: [] }, thread('finished'));
    await rec.update('finished: update, no asNode', graph, thread('finished'), { value: ['u'] });
    await rec.invoke('finished: run on', graph, null, thread('finished'));
    await rec.history('finished: history', graph, thread('finished'));

    await rec.update('fresh: update, no asNode', graph, thread('fresh'), { value: ['u'] });
    await rec.invoke('fresh: run', graph, null, thread('fresh'));
    await rec.history('fresh: history', graph, thread('fresh'));

    await rec.update('join: update as a', graph, thread('join'), { value: ['u'] }, 'a');
    await rec.state('join: state', graph, thread('join'));
    await rec.invoke('join: run', graph, null, thread('join'));
    await rec.update('join: update as b', graph, thread('join'), { value: ['v'] }, 'b');
    await rec.invoke('join: run after b', graph, null, thread('join'));
    await rec.history('join: history', graph, thread('join'));

    await rec.update('unknown node', graph, thread('unknown'), { value: ['u'] }, 'nope');
  },
  check(o) {
    expect(entry(o, 'finished: run').result).toEqual({ value: ['a', 'b', 'c'] });
    expect(entry(o, 'fresh: run').result).toEqual({ value: ['u', 'a', 'b', 'c'] });
    expect(entry(o, 'unknown node').error.name).toBe('InvalidUpdateError');
  },
};

export const CORE_TIME_TRAVEL: Scenario[] = [c13Replay, c14UpdateStateFork, c15ReplayBeforeInterrupt, historyOptions, updateStateEdgeCases];
