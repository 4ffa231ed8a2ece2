/**
 * Node timeouts (`timeout`, NodeTimeoutError retried and handled, `stepTimeout`) and
 * `Command({ graph: Command.PARENT })` from inside a subgraph (a multi-agent hand-off).
 */
import { expect } from 'vitest';
import type { Outcome } from '../harness/recorder';
import { entry, listState, sleep, type Scenario } from '../harness/scenario';

/** Timeout messages carry the elapsed milliseconds (timing): replaced by a placeholder. */
function maskElapsed(o: Outcome): Outcome {
  const mask = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(/elapsed: \d+ms/g, 'elapsed: Nms');
    if (Array.isArray(v)) return v.map(mask);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mask(x)]));
    return v;
  };
  return { entries: mask(o.entries) as Outcome['entries'], calls: o.calls };
}

/** A node past its run timeout fails with NodeTimeoutError; under a retry policy the next, faster attempt wins. */
const t1NodeTimeout: Scenario = {
  name: 'T1 node timeout: NodeTimeoutError, then retried to success',
  needs: ['NodeTimeoutError', 'isNodeTimeoutError'],
  async run({ impl, rec, saver, thread }) {
    let slowAttempts = 1;
    let abortedAfterTimeout: boolean | undefined;
    const build = (retry: boolean) =>
      new impl.StateGraph(listState(impl))
        .addNode('slow', async (_s: any, config: any) => {
          rec.count('slow');
          if (slowAttempts > 0) {
            slowAttempts -= 1;
            await sleep(100);
            abortedAfterTimeout ??= config.signal?.aborted === true;
          }
          return { value: ['slow'] };
        }, { timeout: 30, ...(retry ? { retryPolicy: { maxAttempts: 2, initialInterval: 1, jitter: false, logWarning: false } } : {}) })
        .addEdge(impl.START, 'slow')
        .compile({ checkpointer: saver });
    const graph = build(false);
    try {
      await graph.invoke({ value: [] }, thread());
    } catch (e: any) {
      rec.note('error', { isNodeTimeoutError: impl.isNodeTimeoutError(e), node: e.node, kind: e.kind, runTimeout: e.runTimeout, timeout: e.timeout, name: e.name });
    }
    await sleep(150);
    rec.note('signal aborted after timeout', abortedAfterTimeout);
    await rec.history('history after timeout', graph, thread());
    slowAttempts = 1;
    await rec.invoke('retried', build(true), { value: [] }, thread('retried'));
  },
  exclude: maskElapsed,
  check(o) {
    expect(entry(o, 'error')).toEqual({ isNodeTimeoutError: true, node: 'slow', kind: 'run', runTimeout: 30, timeout: 30, name: 'NodeTimeoutError' });
    expect(entry(o, 'signal aborted after timeout')).toBe(true);
    expect(entry(o, 'retried').result).toEqual({ value: ['slow'] });
    expect(o.calls.slow).toBe(3);
  },
};

/** A timed-out node's error handler receives the NodeTimeoutError. */
const t2TimeoutHandled: Scenario = {
  name: 'T2 node timeout passed to the error handler',
  needs: ['NodeTimeoutError', 'NodeError'],
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('slow', async () => {
        rec.count('slow');
        await sleep(60);
        return { value: ['late'] };
      }, { timeout: { runTimeout: 20 }, errorHandler: (_s: any, e: any) => ({ value: [`${e.error.name}:${e.error.kind}:${e.node}`] }) })
      .addEdge(impl.START, 'slow')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { value: [] }, thread());
    await sleep(60);
    await rec.history('history', graph, thread());
  },
  exclude: maskElapsed,
  check(o) {
    expect(entry(o, 'invoke').result).toEqual({ value: ['NodeTimeoutError:run:slow'] });
  },
};

/** `stepTimeout`: a step past it fails the run with `Error("Abort")`, saving nothing for that step. */
const t3StepTimeout: Scenario = {
  name: 'T3 stepTimeout fails the run and saves no checkpoint for the step',
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('one', async () => {
        rec.count('one');
        await sleep(60);
        return { value: ['one'] };
      })
      .addNode('two', () => (rec.count('two'), { value: ['two'] }))
      .addEdge(impl.START, 'one')
      .addEdge('one', 'two')
      .compile({ checkpointer: saver });
    graph.stepTimeout = 20;
    await rec.invoke('invoke', graph, { value: [] }, thread());
    await sleep(70);
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'invoke').error).toEqual({ name: 'Error', message: 'Abort' });
    expect(entry(o, 'history').map((s: any) => s.step)).toEqual([0, -1]);
    expect(o.calls).toEqual({ one: 1 });
  },
};

/** A subgraph node hands off to a parent node with Command.PARENT; the parent also follows the subgraph node's edges. */
const p1ParentHandOff: Scenario = {
  name: 'P1 Command.PARENT hand-off from a subgraph node',
  needs: ['Command'],
  async run({ impl, rec, saver, thread }) {
    const State = impl.Annotation.Root({
      value: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
      owner: impl.Annotation(),
    });
    const sub = new impl.StateGraph(State)
      .addNode('think', () => (rec.count('think'), { value: ['think'] }))
      .addNode('handoff', () => {
        rec.count('handoff');
        return new impl.Command({ graph: impl.Command.PARENT, goto: 'other', update: { value: ['handed'], owner: 'other' } });
      })
      .addNode('never', () => (rec.count('never'), { value: ['never'] }))
      .addEdge(impl.START, 'think')
      .addEdge('think', 'handoff')
      .addEdge('handoff', 'never')
      .compile();
    const build = () =>
      new impl.StateGraph(State)
        .addNode('agent', sub, { ends: ['other'] })
        .addNode('other', (s: any) => (rec.count('other'), { value: [`other saw ${s.value.join(',')}`] }))
        .addNode('after', () => (rec.count('after'), { value: ['after'] }))
        .addEdge(impl.START, 'agent')
        .addEdge('agent', 'after')
        .compile({ checkpointer: saver });
    await rec.invoke('invoke', build(), { value: [] }, thread());
    await rec.history('history', build(), thread());
    await rec.allCheckpoints('checkpoints', thread());
    await rec.stream('stream', build(), { value: [] }, { ...thread('streamed'), streamMode: 'updates', subgraphs: true });
  },
  check(o) {
    // Only the Command's update reaches the parent: the subgraph's own state stays in the subgraph.
    expect(entry(o, 'invoke').result.value).toEqual(['handed', 'after', 'other saw handed']);
    expect(entry(o, 'invoke').result.owner).toBe('other');
    expect(o.calls.never).toBeUndefined();
  },
};

/** Two levels down: the grandchild's Command.PARENT lands in the child graph, not the root. */
const p2ParentTwoLevels: Scenario = {
  name: 'P2 Command.PARENT from a grandchild lands in the child graph',
  needs: ['Command'],
  async run({ impl, rec, saver, thread }) {
    const grandchild = new impl.StateGraph(listState(impl))
      .addNode('g', () => (rec.count('g'), new impl.Command({ graph: impl.Command.PARENT, goto: 'c2', update: { value: ['from g'] } })))
      .addEdge(impl.START, 'g')
      .compile();
    const child = new impl.StateGraph(listState(impl))
      .addNode('c1', grandchild, { ends: ['c2'] })
      .addNode('c2', () => (rec.count('c2'), { value: ['c2'] }))
      .addEdge(impl.START, 'c1')
      .compile();
    const root = new impl.StateGraph(listState(impl))
      .addNode('child', child)
      .addNode('tail', () => (rec.count('tail'), { value: ['tail'] }))
      .addEdge(impl.START, 'child')
      .addEdge('child', 'tail')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', root, { value: [] }, thread());
    await rec.allCheckpoints('checkpoints', thread());
  },
  check(o) {
    expect(entry(o, 'invoke').result.value).toEqual(['from g', 'c2', 'tail']);
  },
};

/** At the root there is no parent: 1.7.3 ends the run at that step (nothing saved for it). */
const p3ParentAtRoot: Scenario = {
  name: 'P3 Command.PARENT at the root graph',
  needs: ['Command'],
  async run({ impl, rec, saver, thread }) {
    const graph = new impl.StateGraph(listState(impl))
      .addNode('a', () => (rec.count('a'), new impl.Command({ graph: impl.Command.PARENT, goto: 'b', update: { value: ['x'] } })), { ends: ['b'] })
      .addNode('b', () => (rec.count('b'), { value: ['b'] }))
      .addEdge(impl.START, 'a')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { value: ['in'] }, thread());
    await rec.history('history', graph, thread());
  },
};

export const TIMEOUT_PARENT_SCENARIOS: Scenario[] = [t1NodeTimeout, t2TimeoutHandled, t3StepTimeout, p1ParentHandOff, p2ParentTwoLevels, p3ParentAtRoot];
