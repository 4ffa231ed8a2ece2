/**
 * `durability`: `sync` and `async` save a checkpoint per step; `exit` saves one checkpoint when
 * the run ends, at an interrupt or at an error (with the step's pending writes), and a resume
 * works after each. Subgraphs save under `exit` only when the run stops inside them.
 */
import { expect } from 'vitest';
import { entry, listState, type Scenario } from '../harness/scenario';

function chain(impl: any, rec: any, saver: any, opts: { ask?: boolean; failing?: () => boolean } = {}) {
  return new impl.StateGraph(listState(impl))
    .addNode('a', () => (rec.count('a'), { value: ['a'] }))
    .addNode('b', () => {
      rec.count('b');
      if (opts.failing?.()) throw new Error('b failed');
      return { value: [opts.ask ? `b:${impl.interrupt('ok?')}` : 'b'] };
    })
    .addNode('c', () => (rec.count('c'), { value: ['c'] }))
    .addEdge(impl.START, 'a')
    .addEdge('a', 'b')
    .addEdge('b', 'c')
    .compile({ checkpointer: saver });
}

/** The same runs under `sync`, `async` and `exit`. */
const d1Durabilities: Scenario = {
  name: 'D1 durability sync / async / exit on a chain, then a second run',
  async run({ impl, rec, saver, thread }) {
    for (const durability of ['sync', 'async', 'exit']) {
      const graph = chain(impl, rec, saver);
      await rec.invoke(`${durability} first`, graph, { value: [] }, { ...thread(durability), durability });
      await rec.invoke(`${durability} second`, graph, { value: ['again'] }, { ...thread(durability), durability });
      await rec.history(`${durability} history`, graph, thread(durability));
    }
    await rec.stream('exit stream', chain(impl, rec, saver), { value: [] }, { ...thread('exit-stream'), durability: 'exit', streamMode: ['values', 'checkpoints'] });
  },
  check(o) {
    expect(entry(o, 'sync history')).toHaveLength(10);
    expect(entry(o, 'exit history').map((s: any) => s.step)).toEqual([8, 3]);
    expect(entry(o, 'exit second').result.value).toEqual(['a', 'b', 'c', 'again', 'a', 'b', 'c']);
  },
};

/** `exit`: an interrupt saves the checkpoint and its writes; the resume finishes and saves once more. */
const d2ExitInterrupt: Scenario = {
  name: 'D2 durability exit: interrupt, then resume',
  needs: ['interrupt', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const graph = chain(impl, rec, saver, { ask: true });
    await rec.invoke('first', graph, { value: [] }, { ...thread(), durability: 'exit' });
    await rec.history('history while interrupted', graph, thread());
    await rec.invoke('resume', graph, new impl.Command({ resume: 'yes' }), { ...thread(), durability: 'exit' });
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'resume').result.value).toEqual(['a', 'b:yes', 'c']);
    expect(o.calls).toEqual({ a: 1, b: 2, c: 1 });
  },
};

/** `exit`: an error saves the checkpoint with the error write; a plain resume retries the node. */
const d3ExitError: Scenario = {
  name: 'D3 durability exit: error, then resume',
  async run({ impl, rec, saver, thread }) {
    let broken = true;
    const graph = chain(impl, rec, saver, { failing: () => broken });
    await rec.invoke('first', graph, { value: [] }, { ...thread(), durability: 'exit' });
    await rec.history('history after error', graph, thread());
    broken = false;
    await rec.invoke('resume', graph, null, { ...thread(), durability: 'exit' });
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'first').error).toEqual({ name: 'Error', message: 'b failed' });
    expect(entry(o, 'resume').result.value).toEqual(['a', 'b', 'c']);
  },
};

/** `exit` with a subgraph: it saves nothing when it finishes, and saves where it stops. */
const d4ExitSubgraph: Scenario = {
  name: 'D4 durability exit with a subgraph that finishes, and one that interrupts',
  needs: ['interrupt', 'Command', 'entrypoint'],
  async run({ impl, rec, saver, thread }) {
    const build = (ask: boolean) => {
      const sub = new impl.StateGraph(listState(impl))
        .addNode('s1', () => (rec.count('s1'), { value: [ask ? `s1:${impl.interrupt('sub?')}` : 's1'] }))
        .addNode('s2', () => (rec.count('s2'), { value: ['s2'] }))
        .addEdge(impl.START, 's1')
        .addEdge('s1', 's2')
        .compile();
      return new impl.StateGraph(listState(impl))
        .addNode('sub', sub)
        .addNode('after', () => (rec.count('after'), { value: ['after'] }))
        .addEdge(impl.START, 'sub')
        .addEdge('sub', 'after')
        .compile({ checkpointer: saver });
    };
    await rec.invoke('finishes', build(false), { value: [] }, { ...thread('done'), durability: 'exit' });
    await rec.allCheckpoints('checkpoints (finishes)', thread('done'));
    const asking = build(true);
    await rec.invoke('interrupts', asking, { value: [] }, { ...thread('ask'), durability: 'exit' });
    await rec.allCheckpoints('checkpoints (interrupted)', thread('ask'));
    await rec.invoke('resume', asking, new impl.Command({ resume: 'go' }), { ...thread('ask'), durability: 'exit' });
    await rec.allCheckpoints('checkpoints (resumed)', thread('ask'));
  },
  check(o) {
    expect(entry(o, 'finishes').result.value).toEqual(['s1', 's2', 'after']);
    expect(entry(o, 'resume').result.value).toEqual(['s1:go', 's2', 'after']);
  },
};

export const DURABILITY_SCENARIOS: Scenario[] = [d1Durabilities, d2ExitInterrupt, d3ExitError, d4ExitSubgraph];
