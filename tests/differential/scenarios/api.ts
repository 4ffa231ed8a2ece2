/**
 * More of the 1.7.3 API: `Overwrite`, deferred nodes, `Command({ goto: [Send, …] })`,
 * `bulkUpdateState` and the list form of `updateState`, `getCurrentTaskInput()` / `getConfig()`,
 * `RunControl` draining, `cachePolicy` on `task()`.
 */
import { expect } from 'vitest';
import { entry, listState, sleep, type Scenario } from '../harness/scenario';

/** Overwrite replaces a reducer key's value (from a node, a Command, updateState); two in a step conflict. */
const a1Overwrite: Scenario = {
  name: 'A1 Overwrite a reducer key; two Overwrites in one step',
  needs: ['Overwrite', 'Command'],
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('add', () => (rec.count('add'), { value: ['x'] }))
      .addNode('reset', () => (rec.count('reset'), { value: new impl.Overwrite(['reset']) }))
      .addNode('more', () => (rec.count('more'), new impl.Command({ update: { value: ['more'] } })))
      .addEdge(impl.START, 'add')
      .addEdge('add', 'reset')
      .addEdge('add', 'more')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { value: ['in'] }, thread());
    await rec.update('update with Overwrite', graph, thread(), { value: new impl.Overwrite(['manual']) }, 'add');
    await rec.state('state', graph, thread());
    await rec.history('history', graph, thread());
    const twice = new impl.StateGraph(listState(impl))
      .addNode('one', () => ({ value: new impl.Overwrite(['1']) }))
      .addNode('two', () => ({ value: new impl.Overwrite(['2']) }))
      .addEdge(impl.START, 'one')
      .addEdge(impl.START, 'two')
      .compile();
    await rec.invoke('two overwrites', twice, { value: [] });
  },
  check(o) {
    expect(entry(o, 'invoke').result.value).toEqual(['reset']);
    expect(entry(o, 'two overwrites').error.name).toBe('InvalidUpdateError');
  },
};

/** A deferred node runs once, after every branch of an uneven fan-out. */
const a2Defer: Scenario = {
  name: 'A2 deferred node after an uneven fan-out',
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('fan', () => (rec.count('fan'), { value: ['fan'] }))
      .addNode('short', () => (rec.count('short'), { value: ['short'] }))
      .addNode('long1', () => (rec.count('long1'), { value: ['long1'] }))
      .addNode('long2', () => (rec.count('long2'), { value: ['long2'] }))
      .addNode('final', (s: any) => (rec.count('final'), { value: [`final after ${s.value.length}`] }), { defer: true })
      .addEdge(impl.START, 'fan')
      .addEdge('fan', 'short')
      .addEdge('fan', 'long1')
      .addEdge('long1', 'long2')
      .addEdge('short', 'final')
      .addEdge('long2', 'final')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { value: [] }, thread());
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'invoke').result.value).toEqual(['fan', 'long1', 'short', 'long2', 'final after 4']);
    expect(o.calls.final).toBe(1);
  },
};

/** Command({ goto: [Send, …] }) from a node and as graph input; a Command inside a Send arrives as one. */
const a3GotoSends: Scenario = {
  name: 'A3 Command goto with a list of Sends (from a node, as input)',
  needs: ['Command', 'Send'],
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('plan', () => (rec.count('plan'), new impl.Command({ goto: [new impl.Send('work', { n: 1 }), new impl.Send('work', { n: 2 }), 'tail'] })), { ends: ['work', 'tail'] })
      .addNode('work', (a: any) => (rec.count('work'), { value: [`work ${a.n}`] }))
      .addNode('tail', () => (rec.count('tail'), { value: ['tail'] }))
      .addEdge(impl.START, 'plan')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { value: [] }, thread());
    await rec.history('history', graph, thread());
    await rec.invoke('as input', graph, new impl.Command({ goto: [new impl.Send('work', { n: 9 })] }), thread());
    await rec.history('history after input', graph, thread(), { list: { limit: 3 } });
  },
  check(o) {
    expect(entry(o, 'invoke').result.value).toEqual(['tail', 'work 1', 'work 2']);
  },
};

/** bulkUpdateState: two supersteps, the second with two updates; the list form of updateState on a copy. */
const a4BulkUpdate: Scenario = {
  name: 'A4 bulkUpdateState and the list form of updateState',
  async run({ impl, rec, saver, thread }) {
    const build = () =>
      new impl.StateGraph(listState(impl))
        .addNode('a', () => (rec.count('a'), { value: ['a'] }))
        .addNode('b', () => (rec.count('b'), { value: ['b'] }))
        .addNode('c', () => (rec.count('c'), { value: ['c'] }))
        .addEdge(impl.START, 'a')
        .addEdge('a', 'b')
        .addEdge('a', 'c')
        .compile({ checkpointer: saver });
    const graph = build();
    try {
      const cfg = await graph.bulkUpdateState(thread(), [
        { updates: [{ values: { value: ['first'] }, asNode: 'a' }] },
        { updates: [{ values: { value: ['from b'] }, asNode: 'b' }, { values: { value: ['from c'] }, asNode: 'c' }] },
      ]);
      rec.note('bulk result', { hasConfig: typeof cfg?.configurable?.checkpoint_id === 'string' });
    } catch (e: any) {
      rec.note('bulk result', { error: e.message });
    }
    await rec.state('state after bulk', graph, thread());
    await rec.history('history after bulk', graph, thread());
    try {
      await graph.bulkUpdateState(thread(), []);
    } catch (e: any) {
      rec.note('empty', e.message);
    }
    await rec.invoke('run', graph, { value: [] }, thread('copy'));
    const [, , atA] = await collect(graph.getStateHistory(thread('copy')));
    await rec.update('copy with updates', graph, atA.config, [[{ value: ['copied b'] }, 'b'], [{ value: ['copied c'] }, 'c']], '__copy__');
    await rec.history('history after copy', graph, thread('copy'));
    await rec.invoke('resume the copy', graph, null, thread('copy'));
  },
  check(o) {
    expect(entry(o, 'bulk result')).toEqual({ hasConfig: true });
    expect(entry(o, 'state after bulk').values).toEqual({ value: ['first', 'from b', 'from c'] });
    expect(entry(o, 'empty')).toBe('No supersteps provided');
  },
};

/** The list form of updateState on the input checkpoint (as `__start__`) and on a later one, each run on. */
const a8CopyForks: Scenario = {
  name: 'A8 copy forks with task results, run from each',
  needs: ['Command', 'Send'],
  async run({ impl, rec, saver, thread }) {
    const State = impl.Annotation.Root({ trail: impl.Annotation({ reducer: (a: string, b: string) => `${a} > ${b}` }) });
    let n = 0;
    const graph = new impl.StateGraph(State)
      .addSequence({
        first: () => (rec.count('first'), new impl.Command({ goto: [new impl.Send('second', {})], update: { trail: 'first' } })),
        second: () => (rec.count('second'), { trail: `second ${(n += 1)}` }),
        third: () => (rec.count('third'), { trail: 'third' }),
      })
      .addEdge(impl.START, 'first')
      .compile({ checkpointer: saver });
    await rec.invoke('run', graph, { trail: 'in' }, thread());
    const h1 = await collect(graph.getStateHistory(thread()));
    const input = h1[h1.length - 1];
    const forked = await graph.updateState(input.config, [[{ trail: 'in*' }, '__start__']], '__copy__');
    await rec.invoke('run the input fork', graph, null, forked);
    const h2 = await collect(graph.getStateHistory(thread()));
    const atFirst = h2.find((s: any) => s.next.length === 1 && s.next[0] === 'first' && s.values.trail === 'in*');
    const forked2 = await graph.updateState(atFirst.config, [[{ trail: 'first*' }, 'first']], '__copy__');
    await rec.invoke('run the second fork', graph, null, forked2);
    await rec.history('history', graph, thread());
  },
  check(o) {
    // The Send of `first` and its edge both run `second`.
    expect(entry(o, 'run the input fork').result.trail).toBe('in* > first > second 4 > second 3 > third');
  },
};

async function collect(gen: AsyncIterable<any>): Promise<any[]> {
  const out: any[] = [];
  for await (const x of gen) out.push(x);
  return out;
}

/** getCurrentTaskInput() and getConfig() inside nodes, and inside a router. */
const a5CurrentTask: Scenario = {
  name: 'A5 getCurrentTaskInput and getConfig inside a node',
  needs: ['getCurrentTaskInput', 'getConfig', 'Send'],
  async run({ impl, rec }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('a', (s: any) => {
        rec.note('a input', impl.getCurrentTaskInput());
        const config = impl.getConfig();
        rec.note('a config', { node: config?.metadata?.langgraph_node, step: config?.metadata?.langgraph_step, custom: config?.configurable?.custom, same: impl.getCurrentTaskInput() === s });
        return { value: ['a'] };
      })
      .addNode('pushed', (arg: any) => (rec.note('pushed input', impl.getCurrentTaskInput()), { value: [`pushed ${arg.n}`] }))
      .addConditionalEdges('a', () => [new impl.Send('pushed', { n: 7 })])
      .addEdge(impl.START, 'a')
      .compile();
    await rec.invoke('invoke', graph, { value: ['in'] }, { configurable: { custom: 'yes' } });
  },
  check(o) {
    expect(entry(o, 'a input')).toEqual({ value: ['in'] });
    expect(entry(o, 'a config')).toEqual({ node: 'a', step: 1, custom: 'yes', same: true });
    expect(entry(o, 'pushed input')).toEqual({ n: 7 });
  },
};

/** RunControl: a drain requested by a node stops the run at the next step boundary; a later run resumes. */
const a6Drain: Scenario = {
  name: 'A6 RunControl drain, then resume',
  needs: ['RunControl', 'GraphDrained'],
  async run({ impl, rec, saver, thread }) {
    let drain = true;
    const graph = new impl.StateGraph(listState(impl))
      .addNode('a', (_s: any, config: any) => {
        rec.count('a');
        if (drain) config.control?.requestDrain('deploy');
        return { value: ['a'] };
      })
      .addNode('b', () => (rec.count('b'), { value: ['b'] }))
      .addEdge(impl.START, 'a')
      .addEdge('a', 'b')
      .compile({ checkpointer: saver });
    const control = new impl.RunControl();
    try {
      await graph.invoke({ value: [] }, { ...thread(), control });
    } catch (e: any) {
      rec.note('drained', { name: e.name, message: e.message, reason: e.reason, isDrained: e instanceof impl.GraphDrained, requested: control.drainRequested });
    }
    await rec.history('history after drain', graph, thread());
    drain = false;
    await rec.invoke('resume', graph, null, thread());
  },
  check(o) {
    expect(entry(o, 'drained')).toEqual({ name: 'GraphDrained', message: 'Graph drained: deploy', reason: 'deploy', isDrained: true, requested: true });
    expect(entry(o, 'resume').result.value).toEqual(['a', 'b']);
    expect(o.calls).toEqual({ a: 1, b: 1 });
  },
};

/** task() with a cachePolicy: the second call with the same arguments is served from the cache. */
const a7TaskCache: Scenario = {
  name: 'A7 cachePolicy on task()',
  needs: ['entrypoint', 'task', 'InMemoryCache'],
  async run({ impl, rec, saver, thread }) {
    const double = impl.task({ name: 'double', cachePolicy: { ttl: 60 } }, (n: number) => (rec.count('double'), n * 2));
    const workflow = impl.entrypoint({ name: 'wf', checkpointer: saver, cache: new impl.InMemoryCache() }, async (n: number) => [await double(n), await double(n + 1)]);
    await rec.invoke('first', workflow, 1, thread('1'));
    await rec.invoke('second, same argument', workflow, 1, thread('2'));
    await rec.stream('streamed', workflow, 2, { ...thread('3'), streamMode: 'updates' });
    await rec.history('history', workflow, thread('2'));
  },
  check(o) {
    expect(entry(o, 'first').result).toEqual([2, 4]);
    expect(entry(o, 'second, same argument').result).toEqual([2, 4]);
    expect(o.calls.double).toBe(3);
  },
};

/** batch as LangChain's Runnable.batch: returnExceptions, maxConcurrency, a failure rejects the batch. */
const a9Batch: Scenario = {
  name: 'A9 batch with returnExceptions and maxConcurrency',
  async run({ impl, rec }) {
    let running = 0;
    const graph = new impl.StateGraph(listState(impl))
      .addNode('work', async (s: any) => {
        rec.count('work');
        running += 1;
        rec.note(`running with ${s.value[0]}`, running);
        await sleep(1);
        running -= 1;
        if (s.value[0] < 0) throw new Error(`bad ${s.value[0]}`);
        return { value: ['done'] };
      })
      .addEdge(impl.START, 'work')
      .compile();
    const shown = (results: unknown[]) => results.map((r) => (r instanceof Error ? { error: r.message } : r));
    rec.note('returnExceptions', shown(await graph.batch([{ value: [1] }, { value: [-1] }, { value: [2] }], {}, { returnExceptions: true })));
    rec.note('maxConcurrency 1', shown(await graph.batch([{ value: [3] }, { value: [4] }], {}, { maxConcurrency: 1 })));
    try {
      await graph.batch([{ value: [5] }, { value: [-5] }]);
      rec.note('rejected', false);
    } catch (e) {
      rec.note('rejected', (e as Error).message);
    }
  },
  check(o) {
    expect(entry(o, 'returnExceptions')).toEqual([{ value: [1, 'done'] }, { error: 'bad -1' }, { value: [2, 'done'] }]);
    expect(entry(o, 'running with 4')).toBe(1);
    expect(entry(o, 'rejected')).toBe('bad -5');
  },
};

/** Each retry is logged with console.log (unless the policy's logWarning is false). */
const a10RetryLog: Scenario = {
  name: 'A10 retries logged with console.log',
  async run({ impl, rec }) {
    class Flaky extends Error {
      override name = 'Flaky';
    }
    const graph = (logWarning?: boolean) => {
      let calls = 0;
      return new impl.StateGraph(listState(impl))
        .addNode('work', () => {
          rec.count('work');
          calls += 1;
          if (calls < 3) throw new Flaky(`try ${calls}`);
          return { value: ['ok'] };
        }, { retryPolicy: { maxAttempts: 3, initialInterval: 1, backoffFactor: 2, jitter: false, logWarning } })
        .addEdge(impl.START, 'work')
        .compile();
    };
    const lines: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => { lines.push(args.map(String).join(' ')); };
    try {
      await rec.invoke('logged', graph(), { value: [] });
      rec.note('lines', lines.splice(0));
      await rec.invoke('silent', graph(false), { value: [] });
      rec.note('lines with logWarning false', lines.splice(0));
    } finally {
      console.log = original;
    }
  },
  check(o) {
    expect(entry(o, 'lines')).toEqual(['Retrying task "work" after 1.00ms (attempt 1) after Flaky: Flaky: try 1', 'Retrying task "work" after 2.00ms (attempt 2) after Flaky: Flaky: try 2']);
    expect(entry(o, 'lines with logWarning false')).toEqual([]);
  },
};

export const API_SCENARIOS: Scenario[] = [a10RetryLog, a1Overwrite, a2Defer, a3GotoSends, a4BulkUpdate, a8CopyForks, a5CurrentTask, a6Drain, a7TaskCache, a9Batch];
