import * as langgraph from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import * as ours from '../../src/engine/index';
import { Annotation, END, START, StateGraph } from '../../src/engine/index';
import { OVERWRITE_WIRE_KEY } from '../../src/protocol/dto-graph';
import type { HostGraph } from '../../src/sandbox/engine-port';
import { graphShape, shapeFromDrawable } from '../../src/sandbox/graph-shape';

const State = Annotation.Root({ n: Annotation<number>() });

describe('graph shape (from getGraph() only)', () => {
  it('maps the drawing of a StateGraph: plain, join and conditional edges, labels; badges from the node settings', async () => {
    const graph = new StateGraph(State)
      .addNode('a', () => ({}), { retryPolicy: { maxAttempts: 5 } })
      .addNode('b', () => ({}))
      .addNode('c', () => ({}), { ends: ['a'] })
      .addEdge(START, 'a')
      .addEdge(START, 'b')
      .addEdge(['a', 'b'], 'c')
      .addConditionalEdges('c', () => END, { again: 'a', stop: END })
      .compile();
    const shape = await graphShape(graph);
    expect(shape.nodes).toEqual([
      { id: '__start__', kind: 'start' }, { id: 'a', kind: 'node', badges: ['retry ×5'] }, { id: 'b', kind: 'node' },
      { id: 'c', kind: 'node' }, { id: '__end__', kind: 'end' },
    ]);
    // The edges are getGraph()'s, one for one, in its order.
    expect(shape.edges).toEqual(graph.getGraph().edges.map((e) => ({ source: e.source, target: e.target, conditional: e.conditional, ...(e.data ? { label: e.data } : {}) })));
    expect(shape.edges).toContainEqual({ source: 'c', target: 'a', conditional: true, label: 'again' });
    expect(shape.edges).toContainEqual({ source: 'c', target: '__end__', conditional: true, label: 'stop' });
  });

  it('nests the drawing of each subgraph node, to the depth asked', async () => {
    const inner = new StateGraph(State).addNode('i', () => ({})).addEdge(START, 'i').compile();
    const middle = new StateGraph(State).addNode('deep', inner).addEdge(START, 'deep').compile();
    const graph = new StateGraph(State).addNode('mid', middle).addEdge(START, 'mid').compile();
    const shape = await graphShape(graph);
    const mid = shape.nodes.find((n) => n.id === 'mid')!;
    expect(mid.kind).toBe('subgraph');
    const deep = mid.subgraph!.nodes.find((n) => n.id === 'deep')!;
    expect(deep.kind).toBe('subgraph');
    expect(deep.subgraph!.nodes.map((n) => n.id)).toEqual(['__start__', 'i', '__end__']);
    const shallow = shapeFromDrawable(graph.getGraph(), 1);
    expect(shallow.nodes.find((n) => n.id === 'mid')!.subgraph!.nodes.find((n) => n.id === 'deep')).toEqual({ id: 'deep', kind: 'node' });
  });

  it('draws an entrypoint as LangGraph.js does (input → entrypoint → output), with START and END for its ends', async () => {
    const build = (impl: Record<string, any>) => {
      const t = impl.task('compose', async (x: unknown) => x);
      return impl.entrypoint({ name: 'essay', checkpointer: new impl.MemorySaver() }, async (x: unknown) => t(x)) as HostGraph;
    };
    const expected = {
      nodes: [{ id: '__start__', kind: 'start' }, { id: 'essay', kind: 'node' }, { id: '__end__', kind: 'end' }],
      edges: [{ source: '__start__', target: 'essay', conditional: false }, { source: 'essay', target: '__end__', conditional: false }],
      entrypoint: 'essay',
    };
    const { wiring: mine, ...drawnOurs } = await graphShape(build(ours));
    const { wiring: theirs, ...drawnTheirs } = await graphShape(build(langgraph));
    expect(drawnOurs).toEqual(expected);
    expect(drawnTheirs).toEqual(expected);
    // The entrypoint's wiring: it reads __start__ (its tasks are called, never triggered).
    expect(mine?.nodes).toEqual([{ name: 'essay', triggers: ['__start__'] }]);
    expect(theirs?.nodes).toEqual(mine?.nodes);
  });

  it("carries the breakpoints a graph was compiled with, as getGraph() marks them ('*': every node), in subgraphs too", async () => {
    const build = (impl: Record<string, any>, before: string[] | '*', after: string[]) =>
      new impl.StateGraph(State).addNode('a', () => ({})).addNode('b', () => ({})).addEdge(START, 'a').addEdge('a', 'b').compile({ interruptBefore: before, interruptAfter: after }) as HostGraph;
    const marks = (shape: Awaited<ReturnType<typeof graphShape>>) => shape.nodes.map((n) => [n.id, n.interruptBefore ?? false, n.interruptAfter ?? false]);
    const expected = [['__start__', false, false], ['a', false, true], ['b', true, true], ['__end__', false, false]];
    expect(marks(await graphShape(build(ours, ['b'], ['a', 'b'])))).toEqual(expected);
    // LangGraph.js's own drawing marks the same nodes.
    expect(marks(await graphShape(build(langgraph, ['b'], ['a', 'b'])))).toEqual(expected);
    expect(marks(await graphShape(build(ours, '*', [])))).toEqual([['__start__', false, false], ['a', true, false], ['b', true, false], ['__end__', false, false]]);
    const inner = new StateGraph(State).addNode('i', () => ({})).addEdge(START, 'i').compile({ interruptAfter: ['i'] });
    const outer = await graphShape(new StateGraph(State).addNode('sub', inner).addEdge(START, 'sub').compile());
    expect(outer.nodes.find((n) => n.id === 'sub')!.subgraph!.nodes.find((n) => n.id === 'i')).toEqual({ id: 'i', kind: 'node', interruptAfter: true });
  });

  it('lists the state keys with their channel kinds, as src/engine and LangGraph.js both describe them, subgraphs included', async () => {
    const build = (impl: Record<string, any>) => {
      const S = impl.Annotation.Root({
        steps: impl.Annotation({ reducer: (a: string[], b: string[]) => a.concat(b), default: () => [] }),
        note: impl.Annotation(),
      });
      const inner = new impl.StateGraph(S).addNode('i', () => ({})).addEdge(impl.START, 'i').compile();
      return new impl.StateGraph(S).addNode('a', () => ({})).addNode('sub', inner).addEdge(impl.START, 'a').addEdge('a', 'sub').compile() as HostGraph;
    };
    const expected = [{ name: 'steps', kind: 'reducer' }, { name: 'note', kind: 'last-value' }];
    expect((await graphShape(build(langgraph))).channels).toEqual(expected);
    const shape = await graphShape(build(ours));
    expect(shape.channels).toEqual(expected);
    expect(shape.nodes.find((n) => n.id === 'sub')!.subgraph!.channels).toEqual(expected);
  });

  it('the Overwrite wire key the page sends is the one src/engine and LangGraph.js read', () => {
    expect(OVERWRITE_WIRE_KEY).toBe(ours.OVERWRITE);
    expect(JSON.parse(JSON.stringify(new langgraph.Overwrite(1)))).toEqual({ [OVERWRITE_WIRE_KEY]: 1 });
  });

  it('an entrypoint has no channel list (not known), nor has a graph without getGraph()', async () => {
    const graph = ours.entrypoint({ name: 'e', checkpointer: new ours.MemorySaver() }, async (x: unknown) => x) as unknown as HostGraph;
    expect((await graphShape(graph)).channels).toBeUndefined();
  });

  it('a graph without getGraph() has an empty shape', async () => {
    expect(await graphShape({} as HostGraph)).toEqual({ nodes: [], edges: [] });
  });
});
