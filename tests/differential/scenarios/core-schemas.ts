/**
 * Schema forms: the bare `Annotation<T>` (no call) of the LangGraph.js docs, alone and beside a
 * reducer key, in `Annotation.Root` and in a plain state definition.
 */
import { expect } from 'vitest';
import { entry, type Scenario } from '../harness/scenario';

/** `{ topic: Annotation<string>, log: reducer }` in Annotation.Root, then a plain definition. */
const s1BareAnnotation: Scenario = {
  name: 'S1 bare Annotation<T> keys (Root and plain definition)',
  async run({ impl, rec, saver, thread }) {
    const State = impl.Annotation.Root({
      topic: impl.Annotation,
      log: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
    });
    const graph = new impl.StateGraph(State)
      .addNode('plan', (s: { topic: string }) => (rec.count('plan'), { topic: `${s.topic}/planned`, log: ['plan'] }))
      .addNode('write', (s: { topic: string }) => (rec.count('write'), { topic: `${s.topic}/written`, log: ['write'] }))
      .addEdge(impl.START, 'plan')
      .addEdge('plan', 'write')
      .compile({ checkpointer: saver });
    await rec.invoke('invoke', graph, { topic: 'cats' }, thread());
    await rec.history('history', graph, thread());
    const plain = new impl.StateGraph({ topic: impl.Annotation })
      .addNode('only', () => (rec.count('only'), { topic: 'replaced' }))
      .addEdge(impl.START, 'only')
      .compile({ checkpointer: saver });
    await rec.invoke('plain', plain, { topic: 'x' }, thread('thread-2'));
    await rec.state('plain state', plain, thread('thread-2'));
  },
  check(o) {
    expect(entry(o, 'invoke').result).toEqual({ topic: 'cats/planned/written', log: ['plan', 'write'] });
    expect(entry(o, 'history')).toHaveLength(4);
    expect(entry(o, 'plain').result).toEqual({ topic: 'replaced' });
    expect(o.calls).toEqual({ plan: 1, write: 1, only: 1 });
  },
};

export const CORE_SCHEMAS: Scenario[] = [s1BareAnnotation];
