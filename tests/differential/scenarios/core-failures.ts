/**
 * Core scenarios about failures: retries, resuming a failed step, new input after a failure, and
 * the recursion limit.
 */
import { expect } from 'vitest';
import type { Outcome } from '../harness/recorder';
import { entry, listState, sleep, type Scenario } from '../harness/scenario';

/** An error with its own name, like Python's ConnectionError in the LangGraph test this mirrors. */
class ConnectionError extends Error {
  override name = 'ConnectionError';
}

/** No waiting between attempts, so the suite stays fast. */
const RETRY_TWICE = { maxAttempts: 2, initialInterval: 0, backoffFactor: 1, jitter: false, logWarning: false };

/** C3: one succeeds, two fails after a retry; resume re-runs only two; fixed, resume finishes. */
const c3ParallelFailureRetry: Scenario = {
  name: 'C3 parallel failure, retry, resume',
  async run({ impl, rec, saver, thread }) {
    let fixed = false;
    const State = impl.Annotation.Root({ value: impl.Annotation({ reducer: (a: number, b: number) => a + b, default: () => 0 }) });
    const graph = new impl.StateGraph(State)
      .addNode('one', () => (rec.count('one'), { value: 2 }))
      .addNode(
        'two',
        () => {
          rec.count('two');
          if (!fixed) throw new ConnectionError("I'm not good");
          return { value: 3 };
        },
        { retryPolicy: RETRY_TWICE },
      )
      .addEdge(impl.START, 'one')
      .addEdge(impl.START, 'two')
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { value: 1 }, thread());
    rec.note('calls after first', { ...rec.calls });
    const head = await rec.state('state', graph, thread());
    await rec.state('state at head id', graph, head?.config ?? thread());
    await rec.invoke('resume still failing', graph, null, thread());
    rec.note('calls after resume', { ...rec.calls });
    await rec.history('history while failing', graph, thread());
    fixed = true;
    await rec.invoke('resume fixed', graph, null, thread());
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'first').error).toEqual({ name: 'ConnectionError', message: "I'm not good" });
    expect(entry(o, 'calls after first')).toEqual({ one: 1, two: 2 });
    expect(entry(o, 'state').values).toEqual({ value: 3 });
    expect(entry(o, 'state').next).toEqual(['two']);
    expect(entry(o, 'state at head id').values).toEqual({ value: 1 });
    expect(entry(o, 'state at head id').next).toEqual(['one', 'two']);
    expect(entry(o, 'calls after resume')).toEqual({ one: 1, two: 4 });
    expect(entry(o, 'resume fixed').result).toEqual({ value: 6 });
    expect(entry(o, 'history')).toHaveLength(3);
  },
};

/** C4: node1 fails on its first attempt; new input discards the failed step and succeeds. */
const c4NewInputAfterFailure: Scenario = {
  name: 'C4 new input after a failure',
  async run({ impl, rec, saver, thread }) {
    const State = impl.Annotation.Root({
      steps: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
      attempt: impl.Annotation(),
    });
    const graph = new impl.StateGraph(State)
      .addNode('node1', (s: any) => {
        rec.count('node1');
        if (s.attempt === 1) throw new Error('Failed on attempt 1');
        return { steps: ['node1'] };
      })
      .addNode('node2', () => (rec.count('node2'), { steps: ['node2'] }))
      .addEdge(impl.START, 'node1')
      .addEdge('node1', 'node2')
      .compile({ checkpointer: saver });
    await rec.invoke('attempt 1', graph, { steps: [], attempt: 1 }, thread());
    await rec.invoke('attempt 2', graph, { steps: [], attempt: 2 }, thread());
    await rec.history('history', graph, thread());
  },
  check(o) {
    expect(entry(o, 'attempt 1').error.message).toBe('Failed on attempt 1');
    expect(entry(o, 'attempt 2').result).toEqual({ steps: ['node1', 'node2'], attempt: 2 });
    expect(entry(o, 'history').map((s: any) => [s.step, s.source])).toEqual([
      [4, 'loop'],
      [3, 'loop'],
      [2, 'loop'],
      [1, 'input'],
      [0, 'loop'],
      [-1, 'input'],
    ]);
  },
};

/** C10: START→a→b needs 3 supersteps; a limit of 2 fails after saving checkpoints −1…2. */
const c10RecursionLimit: Scenario = {
  name: 'C10 recursion limit',
  async run({ impl, rec, saver, thread }) {
    const chain = new impl.StateGraph(listState(impl))
      .addNode('a', () => (rec.count('a'), { value: ['a'] }))
      .addNode('b', () => (rec.count('b'), { value: ['b'] }))
      .addEdge(impl.START, 'a')
      .addEdge('a', 'b')
      .compile({ checkpointer: saver });
    await rec.invoke('limit 2', chain, { value: [] }, { ...thread('t2'), recursionLimit: 2 });
    await rec.history('history limit 2', chain, thread('t2'));
    await rec.invoke('limit 3', chain, { value: [] }, { ...thread('t3'), recursionLimit: 3 });
    await rec.history('history limit 3', chain, thread('t3'), { writes: false });

    const loop = new impl.StateGraph(listState(impl))
      .addNode('spin', () => (rec.count('spin'), { value: ['.'] }))
      .addEdge(impl.START, 'spin')
      .addEdge('spin', 'spin')
      .compile({ checkpointer: saver });
    await rec.invoke('endless loop, default limit', loop, { value: [] }, thread('loop'));
    await rec.history('history endless loop', loop, thread('loop'), { list: { limit: 3 } });
  },
  check(o) {
    expect(entry(o, 'limit 2').error.name).toBe('GraphRecursionError');
    expect(entry(o, 'history limit 2').map((s: any) => s.step)).toEqual([2, 1, 0, -1]);
    expect(entry(o, 'limit 3').result).toEqual({ value: ['a', 'b'] });
    expect(entry(o, 'endless loop, default limit').error.name).toBe('GraphRecursionError');
  },
};

/** The outcome without any record of the task `name` in history rows, nor its run count. */
function maskTask(o: Outcome, name: string): Outcome {
  const entries = o.entries.map(([label, v]): [string, unknown] => {
    if (!label.startsWith('history')) return [label, v];
    const rows = (v as any[]).map((row) => ({
      ...row,
      tasks: row.tasks.map((t: any) => (t.name === name ? { name, masked: true } : t)),
      writes: row.writes.filter((w: any[]) => !String(w[0]).startsWith(`${name}#`)),
    }));
    return [label, rows];
  });
  const { [name]: _masked, ...calls } = o.calls;
  return { entries, calls };
}

/**
 * A node fails while its sibling is still running. LangGraph.js 1.7.3 aborts the sibling and
 * saves an `AbortError` error write for it (ENGINE_SPEC §12.6), so the sibling runs again on
 * resume; had it been faster, it would have kept its writes. What happens to a sibling still
 * running is timing, not semantics: the sibling's records are left out of the comparison. Ours
 * must never record a cancellation as a task error.
 */
const failureWhileSiblingRuns: Scenario = {
  name: 'a node fails while a sibling still runs (LangGraph.js AbortError writes)',
  async run({ impl, rec, saver, thread }) {
    let broken = true;
    const graph = new impl.StateGraph(listState(impl))
      .addNode('fail', () => {
        rec.count('fail');
        if (broken) throw new Error('fail failed');
        return { value: ['fail'] };
      })
      .addNode('slow', async () => {
        rec.count('slow');
        await sleep(15);
        return { value: ['slow'] };
      })
      .addEdge(impl.START, 'fail')
      .addEdge(impl.START, 'slow')
      .compile({ checkpointer: saver });
    await rec.invoke('first', graph, { value: [] }, thread());
    await rec.history('history after failure', graph, thread());
    broken = false;
    await rec.invoke('resume', graph, null, thread());
    await rec.history('history', graph, thread());
  },
  exclude: (o) => maskTask(o, 'slow'),
  check(o) {
    expect(entry(o, 'first').error).toEqual({ name: 'Error', message: 'fail failed' });
    expect(entry(o, 'history after failure')[0].tasks[1].error.name).toBe('AbortError');
    expect(entry(o, 'resume').result).toEqual({ value: ['fail', 'slow'] });
  },
  oursOnly(o) {
    expect(JSON.stringify(o.entries)).not.toContain('AbortError');
    expect(o.calls.fail).toBe(2);
    expect(o.calls.slow).toBeLessThanOrEqual(2);
  },
};

export const CORE_FAILURES: Scenario[] = [c3ParallelFailureRetry, c4NewInputAfterFailure, c10RecursionLimit, failureWhileSiblingRuns];
