import { describe, expect, it } from 'vitest';
import { Command, MemorySaver, entrypoint, getPreviousState, interrupt, task } from '../index';
import { traceLog } from '../__tests__/helpers';

describe('functional API', () => {
  it('a task that finished before an interrupt is served from its saved result on resume', async () => {
    let composed = 0;
    const compose = task('compose', async (topic: string) => (composed++, `essay about ${topic}`));
    const wf = entrypoint({ name: 'essay', checkpointer: new MemorySaver() }, async (topic: string) => {
      const essay = await compose(topic);
      const review = interrupt({ essay });
      return { essay, review };
    });
    const cfg = { configurable: { thread_id: 't' } };
    const chunks: unknown[] = [];
    for await (const c of await wf.stream('cats', cfg)) chunks.push(c);
    expect(chunks[0]).toEqual({ compose: 'essay about cats' });
    const log = traceLog();
    expect(await wf.invoke(new Command({ resume: 'good' }), { ...cfg, trace: log.trace })).toEqual({ essay: 'essay about cats', review: 'good' });
    expect(composed).toBe(1);
    expect(log.of('@engine.task.cached').map((e) => e.name)).toEqual(['compose']);
  });

  it('entrypoint.final returns one value and saves another for getPreviousState', async () => {
    const wf = entrypoint({ name: 'doubler', checkpointer: new MemorySaver() }, async (n: number) => {
      const previous = getPreviousState<number>();
      return entrypoint.final({ value: previous ?? 0, save: 2 * n });
    });
    const cfg = { configurable: { thread_id: 't' } };
    expect(await wf.invoke(3, cfg)).toBe(0);
    expect(await wf.invoke(1, cfg)).toBe(6);
    const steps: number[] = [];
    for await (const s of wf.getStateHistory(cfg)) steps.push(s.metadata!.step);
    expect(steps).toEqual([2, 1, 0, -1]);
  });

  it('a failed task re-runs on resume while its finished siblings do not', async () => {
    const calls: Record<number, number> = {};
    let broken = true;
    const work = task('work', async (n: number) => {
      calls[n] = (calls[n] ?? 0) + 1;
      if (n === 1 && broken) throw new Error('task 1 failed');
      return n * 10;
    });
    const wf = entrypoint({ name: 'fan', checkpointer: new MemorySaver() }, async (ns: number[]) => (await Promise.all(ns.map((n) => work(n)))).join('+'));
    const cfg = { configurable: { thread_id: 't' } };
    await expect(wf.invoke([0, 1, 2], cfg)).rejects.toThrow('task 1 failed');
    broken = false;
    expect(await wf.invoke(null, cfg)).toBe('0+10+20');
    expect(calls).toEqual({ 0: 1, 1: 2, 2: 1 });
  });

  it('calling a task outside a graph is a clear error', async () => {
    await expect(task('t', () => 1)()).rejects.toThrow(/outside of a running graph/);
  });
});
