import { describe, expect, expectTypeOf, it } from 'vitest';
import { START } from '../constants';
import { MemorySaver } from '../checkpoint/memory';
import { Annotation, specsOf } from './annotation';
import { StateGraph } from './state_graph';

describe('Annotation: the bare form (no call)', () => {
  it('Annotation.Root({ x: Annotation<string> }) is a last-value key', async () => {
    const State = Annotation.Root({ x: Annotation<string>, n: Annotation<number>({ reducer: (a, b) => a + b, default: () => 0 }) });
    expectTypeOf<typeof State.State>().toEqualTypeOf<{ x: string; n: number }>();
    const g = new StateGraph(State)
      .addNode('a', (s) => ({ x: `${s.x}!`, n: 2 }))
      .addEdge(START, 'a')
      .compile({ checkpointer: new MemorySaver() });
    const cfg = { configurable: { thread_id: 't' } };
    expect(await g.invoke({ x: 'hi', n: 1 }, cfg)).toEqual({ x: 'hi!', n: 3 });
    expect((await g.getState(cfg)).values).toEqual({ x: 'hi!', n: 3 });
  });

  it('a bare key keeps last-value rules: two writes in one step are an InvalidUpdateError', async () => {
    const g = new StateGraph(Annotation.Root({ x: Annotation<string> }))
      .addNode('a', () => ({ x: 'a' }))
      .addNode('b', () => ({ x: 'b' }))
      .addEdge(START, 'a')
      .addEdge(START, 'b')
      .compile();
    await expect(g.invoke({ x: '' })).rejects.toMatchObject({ name: 'InvalidUpdateError' });
  });

  it('works in a plain state definition too, and bad keys are still rejected with their name', async () => {
    const g = new StateGraph({ x: Annotation<string> }).addNode('a', () => ({ x: 'done' })).addEdge(START, 'a').compile();
    expect(await g.invoke({ x: 'start' })).toEqual({ x: 'done' });
    expect(() => specsOf({ x: 42 })).toThrow(/key "x"/);
    expect(() => specsOf({ y: () => 'not a channel' })).toThrow(/key "y"/);
    expect(() => specsOf(Annotation.Root({ z: (() => ({})) as never }))).toThrow(/key "z"/);
  });
});
