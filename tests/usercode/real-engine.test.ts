/**
 * User graphs against the real engine API (src/engine/index.ts).
 */
import { describe, expect, it } from 'vitest';
import * as engineModule from '../../src/engine/index';
import { compileUserGraph } from '../../src/sandbox/usercode';

const engine = engineModule as unknown as Record<string, unknown>;

type Invokable = { invoke(input: unknown, config?: unknown): Promise<Record<string, unknown>> };

const SOURCE = `import { StateGraph, Annotation, START, END } from 'replaygraph';

const State = Annotation.Root({
  items: Annotation<string[]>({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
  total: Annotation<number>(),
});

function collect(state: typeof State.State) {
  return { items: ['a', 'b'] };
}

function count(state: typeof State.State) {
  if (state.items.includes('boom')) throw new Error('refusing to count a boom');
  return { total: state.items.length };
}

export default new StateGraph(State)
  .addNode('collect', collect)
  .addNode('count', count)
  .addEdge(START, 'collect')
  .addEdge('collect', 'count')
  .addEdge('count', END);
`;

describe('user graphs on the real engine', () => {
  const newSaver = () => new (engine.MemorySaver as new () => unknown)();

  it('compiles, builds with a checkpointer and runs', async () => {
    const r = compileUserGraph(SOURCE, engine);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.kind).toBe('builder');
    const graph = r.build(newSaver()) as unknown as Invokable;
    const out = await graph.invoke({ items: ['x'] }, { configurable: { thread_id: 't1' } });
    expect(out).toEqual({ items: ['x', 'a', 'b'], total: 3 });
  });

  it('maps an error thrown inside a node to the user source', async () => {
    const r = compileUserGraph(SOURCE, engine);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const graph = r.build(newSaver()) as unknown as Invokable;
    const err = await graph.invoke({ items: ['boom'] }, { configurable: { thread_id: 't2' } }).then(() => null, (e: unknown) => e);
    const mapped = r.mapError(err);
    expect(mapped.message).toContain('refusing to count a boom');
    expect(mapped.line).toBe(SOURCE.split('\n').findIndex((l) => l.includes('refusing')) + 1);
  });

  it('runs an exported compiled graph on the checkpointer given to build, not its own', async () => {
    const source = SOURCE.replace('export default new StateGraph(State)', 'const builder = new StateGraph(State)')
      .replace(".addEdge('count', END);", ".addEdge('count', END);\nexport const graph = builder.compile({ checkpointer: new MemorySaver() });")
      .replace("import { StateGraph,", "import { MemorySaver, StateGraph,");
    const r = compileUserGraph(source, engine);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(r.kind).toBe('compiled');
    const saver = newSaver() as { getTuple(c: unknown): Promise<unknown> };
    const graph = r.build(saver) as unknown as Invokable;
    await graph.invoke({ items: [] }, { configurable: { thread_id: 'c1' } });
    expect(await saver.getTuple({ configurable: { thread_id: 'c1' } })).toBeDefined();
  });

  // LangGraph.js also accepts the bare form `total: Annotation<number>` (a function, not a call).
  it('accepts the bare Annotation<T> form of LangGraph.js docs', async () => {
    const source = `import { StateGraph, Annotation, START, END } from 'replaygraph';
const State = Annotation.Root({ total: Annotation<number> });
export default new StateGraph(State).addNode('a', () => ({ total: 3 })).addEdge(START, 'a').addEdge('a', END);`;
    const r = compileUserGraph(source, engine);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const graph = r.build(newSaver()) as unknown as Invokable;
    expect(await graph.invoke({}, { configurable: { thread_id: 'bare' } })).toEqual({ total: 3 });
  });

  it('reports a runtime error from the engine API at the user call site', () => {
    const source = `import { StateGraph, Annotation } from 'replaygraph';
const State = Annotation.Root({ n: Annotation<number> });
const g = new StateGraph(State).addNode('a', () => ({})).addNode('a', () => ({}));
export default g;`;
    const r = compileUserGraph(source, engine);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('runtime');
    expect(r.error.line).toBe(3);
  });
});
