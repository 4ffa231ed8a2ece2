/** The trace reports each first-visit replay decision of a subgraph. */
import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../shared/trace';
import { Annotation, END, MemorySaver, START, StateGraph } from '../index';

const Sub = Annotation.Root({ seen: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }) });
const Parent = Annotation.Root({
  rounds: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }),
  seen: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

function build(saver: MemorySaver) {
  // A stateful subgraph (its own history spans calls) run three times by a loop in the parent.
  const sub = new StateGraph(Sub).addNode('visit', (s) => ({ seen: [`visit${s.seen.length + 1}`] }))
    .addEdge(START, 'visit').addEdge('visit', END).compile({ checkpointer: true });
  return new StateGraph(Parent)
    .addNode('sub', async (s, config) => {
      const out = await sub.invoke({ seen: [] }, config);
      return { rounds: 1, seen: [out.seen.at(-1) ?? ''] };
    })
    .addEdge(START, 'sub')
    .addConditionalEdges('sub', (s) => (s.rounds < 3 ? 'sub' : END))
    .compile({ checkpointer: saver });
}

describe('first-visit replay in the trace', () => {
  it('reports the first visit loading the subgraph state from before the replay point, then a normal later visit', async () => {
    const saver = new MemorySaver();
    const g = build(saver);
    const cfg = { configurable: { thread_id: 'v' } };
    expect((await g.invoke({}, cfg)).seen).toEqual(['visit1', 'visit2', 'visit3']);

    // The parent checkpoint between the first and the second call.
    const history = [];
    for await (const s of g.getStateHistory(cfg)) history.push(s);
    const between = history.find((s) => s.values.rounds === 1 && s.next.includes('sub'))!;
    expect(between).toBeDefined();

    const events: TraceEvent[] = [];
    const replayed = await g.invoke(null, { configurable: { thread_id: 'v', checkpoint_id: between.config.configurable!.checkpoint_id }, trace: (e) => events.push(e) });
    const visits = events.filter((e): e is Extract<TraceEvent, { type: '@engine.replay.visit' }> => e.type === '@engine.replay.visit');
    expect(visits.map((v) => [v.stableNs, v.firstVisit])).toEqual([['sub', true], ['sub', false]]);
    expect(visits[0].loadedCheckpointId).not.toBeNull();
    expect(visits[0].loadedCheckpointId! < visits[0].replayBefore).toBe(true);
    // The first visit saw the subgraph as it was after the first call: one earlier visit.
    expect(replayed.seen).toEqual(['visit1', 'visit2', 'visit3']);
    // The later visit loaded the checkpoint the first visit of this run had just written.
    expect(visits[1].loadedCheckpointId! > visits[0].replayBefore).toBe(true);
  });

  it('emits no visit events for a run that is not time-travelling', async () => {
    const g = build(new MemorySaver());
    const events: TraceEvent[] = [];
    await g.invoke({}, { configurable: { thread_id: 'plain' }, trace: (e) => events.push(e) });
    expect(events.some((e) => e.type === '@engine.replay.visit')).toBe(false);
  });
});
