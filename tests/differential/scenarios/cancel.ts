/**
 * A stream stopped by its consumer: `stream.cancel()`, and leaving the loop early (`break`). In
 * LangGraph.js 1.7.3 both abort the run: the running tasks' signals abort, nothing after them
 * runs, and the steps already done stay saved.
 *
 * Left out of the comparison: 1.7.3 saves an `AbortError` error write for a task the cancel
 * stops once a sibling of its step has finished (its runner stops listening to the abort after
 * the first task settles, so the aborted task is committed as a failure). Our engine records no
 * cancellation as an error (the project's rule, see README "Left out of the comparison"); ours is
 * asserted to have none.
 */
import { expect } from 'vitest';
import type { Outcome } from '../harness/recorder';
import { entry, sleep, type Scenario } from '../harness/scenario';

const isAbort = (e: any) => e?.name === 'AbortError';

/** The outcome without abort errors: the error writes and the task errors that record a cancel. */
function withoutAbortErrors(o: Outcome): Outcome {
  const entries = o.entries.map(([label, v]): [string, unknown] => {
    if (!label.startsWith('history') || !Array.isArray(v)) return [label, v];
    return [label, v.map((row: any) => ({
      ...row,
      tasks: row.tasks?.map((t: any) => (isAbort(t.error) ? { ...t, error: undefined } : t)),
      writes: row.writes?.filter((w: any[]) => !(w[1] === '__error__' && isAbort(w[2]))),
    }))];
  });
  return { entries, calls: o.calls };
}

/** `little` finishes first; `par` (its sibling) waits on its signal; `after` follows `little`. */
function cancelGraph(impl: any, rec: any, saver: unknown) {
  const State = impl.Annotation.Root({ value: impl.Annotation({ reducer: (a: number, b: number) => (a || 0) + b }) });
  return new impl.StateGraph({ stateSchema: State })
    .addNode('little', async () => {
      rec.count('little');
      await sleep(10);
      return { value: 2 };
    })
    .addNode('par', (_s: unknown, config: any) => new Promise((resolve, reject) => {
      rec.count('par');
      const timer = setTimeout(() => resolve({ value: 100 }), 400);
      config.signal.addEventListener('abort', () => {
        rec.count('par aborted');
        clearTimeout(timer);
        reject(new Error('par stopped'));
      }, { once: true });
    }))
    .addNode('after', () => (rec.count('after'), { value: 1000 }))
    .addEdge(impl.START, 'little')
    .addEdge(impl.START, 'par')
    .addEdge('little', 'after')
    .compile({ checkpointer: saver });
}

const c1StreamCancel: Scenario = {
  name: 'X1 stream.cancel() after the first chunk aborts the run',
  async run({ impl, rec, saver, thread }) {
    const graph = cancelGraph(impl, rec, saver);
    const stream = await graph.stream({ value: 1 }, thread());
    rec.note('first chunk', (await stream.next()).value);
    rec.note('has signal', stream.signal instanceof AbortSignal && !stream.signal.aborted);
    await stream.cancel();
    rec.note('signal after cancel', stream.signal.aborted);
    await sleep(60);
    const state = await graph.getState(thread());
    rec.note('state', { values: state.values, next: state.next });
    await rec.history('history after cancel', graph, thread());
  },
  exclude: withoutAbortErrors,
  check(o) {
    expect(entry(o, 'first chunk')).toEqual({ little: { value: 2 } });
    expect(entry(o, 'state')).toEqual({ values: { value: 3 }, next: ['par'] });
    expect(o.calls).toEqual({ little: 1, par: 1, 'par aborted': 1 });
  },
  oursOnly(o) {
    expect(JSON.stringify(o.entries)).not.toContain('AbortError');
  },
};

const c2StreamBreak: Scenario = {
  name: 'X2 leaving a stream loop early aborts the run; resume finishes it',
  async run({ impl, rec, saver, thread }) {
    const graph = cancelGraph(impl, rec, saver);
    for await (const chunk of await graph.stream({ value: 1 }, thread())) {
      rec.note('chunk', chunk);
      break;
    }
    await sleep(60);
    await rec.history('history after break', graph, thread());
    await rec.invoke('resume', graph, null, thread());
  },
  exclude: withoutAbortErrors,
  check(o) {
    expect(entry(o, 'resume').result).toEqual({ value: 1103 });
    expect(o.calls).toEqual({ little: 1, par: 2, 'par aborted': 1, after: 1 });
  },
  oursOnly(o) {
    expect(JSON.stringify(o.entries)).not.toContain('AbortError');
  },
};

export const CANCEL_SCENARIOS: Scenario[] = [c1StreamCancel, c2StreamBreak];
