/**
 * Discarded writes, computed and recorded: a replay of an unfinished step does not re-apply the
 * writes of the task that finished and drops the stale interrupt; new input on a failed step
 * discards its error.
 */
import { describe, expect, it } from 'vitest';
import { Annotation, interrupt, MemorySaver, StateGraph, START, type TraceEvent } from '../../src/engine/index';
import { computeLedger, LedgerRecorder } from '../../src/engine/ledger/index';
import type { CheckpointTuple } from '../../src/engine/checkpoint/types';

const State = Annotation.Root({ log: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });

/** Both ledgers of `checkpointId`, by channel. */
async function ledgers(saver: MemorySaver, events: TraceEvent[], threadId: string, checkpointId: string) {
  const tuples: CheckpointTuple[] = [];
  for await (const t of saver.list({ configurable: { thread_id: threadId, checkpoint_ns: '' } })) tuples.push(t);
  const tuple = tuples.find((t) => t.config.configurable?.checkpoint_id === checkpointId)!;
  const children = tuples.filter((t) => t.parentConfig?.configurable?.checkpoint_id === checkpointId);
  const computed = computeLedger({ tuple, children });
  const recorded = new LedgerRecorder().addAll(events).recordsOf('', checkpointId);
  return {
    computed: Object.fromEntries(computed.map((e) => [e.channel, e.disposition])),
    recorded: Object.fromEntries(recorded.map((r) => [r.channel, r.disposition])),
  };
}

describe('ledger: discarded writes', () => {
  it('a replay of an unfinished step: finished task not re-applied (replaying), interrupt dropped (time-travel)', async () => {
    const graph = new StateGraph(State)
      .addNode('fine', () => ({ log: ['fine'] }))
      .addNode('ask', () => ({ log: [String(interrupt('why?'))] }))
      .addEdge(START, 'fine')
      .addEdge(START, 'ask')
      .compile({ checkpointer: new MemorySaver() });
    const saver = graph.checkpointer as MemorySaver;
    const events: TraceEvent[] = [];
    const trace = (e: TraceEvent) => events.push(e);
    const thread = { configurable: { thread_id: 't' } };
    await graph.invoke({ log: [] }, { ...thread, trace });
    const stopped = (await graph.getState(thread)).config.configurable!.checkpoint_id as string;
    // A state update moves the head on, so running from the stopped checkpoint again is a replay.
    await graph.updateState(thread, { log: ['edited'] });
    await graph.invoke(null, { configurable: { thread_id: 't', checkpoint_id: stopped }, trace });
    const { computed, recorded } = await ledgers(saver, events, 't', stopped);
    expect(recorded).toEqual({ log: { kind: 'discarded', cause: 'replaying' }, __interrupt__: { kind: 'discarded', cause: 'time-travel' } });
    expect(computed).toEqual(recorded);
  });

  it('new input after a failure discards the error', async () => {
    let fail = true;
    const graph = new StateGraph(State)
      .addNode('flaky', () => {
        if (fail) throw new Error('boom');
        return { log: ['ok'] };
      })
      .addEdge(START, 'flaky')
      .compile({ checkpointer: new MemorySaver() });
    const saver = graph.checkpointer as MemorySaver;
    const events: TraceEvent[] = [];
    const trace = (e: TraceEvent) => events.push(e);
    const thread = { configurable: { thread_id: 'f' } };
    await expect(graph.invoke({ log: [] }, { ...thread, trace })).rejects.toThrow('boom');
    const failed = (await graph.getState(thread)).config.configurable!.checkpoint_id as string;
    fail = false;
    await graph.invoke({ log: ['again'] }, { ...thread, trace });
    const { computed, recorded } = await ledgers(saver, events, 'f', failed);
    expect(recorded).toEqual({ __error__: { kind: 'discarded', cause: 'new-input' } });
    expect(computed).toEqual(recorded);
  });
});
