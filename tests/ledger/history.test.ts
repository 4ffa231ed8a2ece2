/**
 * A write's whole story, computed and recorded: the `__error__` of a branch that failed beside one
 * that succeeded is skipped on resume (control signals are never re-applied, so the branch runs
 * again) and then superseded by the branch's new writes; the succeeded branch's writes are
 * re-applied. Both ledgers tell the same story, in the same shared words.
 */
import { describe, expect, it } from 'vitest';
import { Annotation, MemorySaver, START, StateGraph, type TraceEvent } from '../../src/engine/index';
import { computeLedger, LedgerRecorder, type DispositionStep } from '../../src/engine/ledger/index';
import type { CheckpointTuple } from '../../src/engine/checkpoint/types';
import { dispositionStepWords, LEDGER_RULE_WORDS } from '../../src/shared/dispositions';

const State = Annotation.Root({ results: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });

const story = (h: readonly DispositionStep[]) => h.map((s) => [s.disposition.kind, s.step, s.rule ?? null]);

describe('ledger: the story of each write', () => {
  it('a failed branch continued: its __error__ skipped on resume, then superseded; the other branch re-applied', async () => {
    let failures = 1;
    const graph = new StateGraph(State)
      .addNode('docs', () => ({ results: ['docs'] }))
      .addNode('web', () => {
        if (failures-- > 0) throw new Error('timed out');
        return { results: ['web'] };
      })
      .addEdge(START, 'docs')
      .addEdge(START, 'web')
      .compile({ checkpointer: new MemorySaver() });
    const saver = graph.checkpointer as MemorySaver;
    const events: TraceEvent[] = [];
    const trace = (e: TraceEvent) => events.push(e);
    const thread = { configurable: { thread_id: 'p' } };
    await expect(graph.invoke({ results: [] }, { ...thread, trace })).rejects.toThrow('timed out');
    const failed = (await graph.getState(thread)).config.configurable!.checkpoint_id as string;
    await graph.invoke(null, { ...thread, trace });

    const tuples: CheckpointTuple[] = [];
    for await (const t of saver.list(thread)) tuples.push(t);
    const tuple = tuples.find((t) => t.config.configurable?.checkpoint_id === failed)!;
    const children = tuples.filter((t) => t.parentConfig?.configurable?.checkpoint_id === failed);
    const computed = computeLedger({ tuple, children });
    const recorded = new LedgerRecorder().addAll(events).recordsOf('', failed);
    // The superstep that ran from the checkpoint has its metadata.step (src/shared/steps.ts).
    const step = tuple.metadata!.step;
    const webId = tuple.pendingWrites!.find(([, ch]) => ch === '__error__')![0];
    const docsId = tuple.pendingWrites!.find(([tid, ch]) => tid !== webId && ch === 'results')![0];

    for (const ledger of [computed, recorded]) {
      const of = (taskId: string, channel: string) => ledger.find((e) => e.taskId === taskId && e.channel === channel)!.history;
      expect(story(of(webId, '__error__'))).toEqual([
        ['skipped-control', step, 'control-signals-never-reapplied'],
        ['superseded', step, 'new-writes-replace-old'],
      ]);
      expect(story(of(docsId, 'results'))).toEqual([['reapplied', step, 'succeeded-writes-reapplied']]);
      // Every story ends with the write's disposition.
      for (const e of ledger) expect(e.history.at(-1)!.disposition).toEqual(e.disposition);
    }

    const words = computed.find((e) => e.channel === '__error__')!.history.map((s, i, all) => dispositionStepWords(s, { task: 'web', last: i === all.length - 1 }));
    expect(words).toEqual([
      `skipped on resume at step ${step} — control signal __error__: web runs again`,
      `superseded at step ${step} by web's new writes`,
    ]);
    expect(LEDGER_RULE_WORDS['control-signals-never-reapplied']).toBe('control signals are never re-applied');
  });
});
