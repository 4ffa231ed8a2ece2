import { describe, expect, it } from 'vitest';
import { Annotation, END, START, StateGraph } from '../../src/engine/index';
import { graphShape, shapeFromDrawable } from '../../src/sandbox/graph-shape';

const State = Annotation.Root({ n: Annotation<number>() });

describe('graph shape', () => {
  it('derives nodes, plain, join and conditional edges, and badges from the builder', async () => {
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
    expect(shape.edges).toEqual([
      { source: '__start__', target: 'a', conditional: false },
      { source: '__start__', target: 'b', conditional: false },
      { source: 'a', target: 'c', conditional: false },
      { source: 'b', target: 'c', conditional: false },
      { source: 'c', target: 'a', conditional: true, label: 'again' },
      { source: 'c', target: '__end__', conditional: true, label: 'stop' },
    ]);
  });

  it('a router without a path map may go to any node or END', async () => {
    const graph = new StateGraph(State).addNode('x', () => ({})).addNode('y', () => ({})).addEdge(START, 'x').addConditionalEdges('x', () => 'y').compile();
    const shape = await graphShape(graph);
    expect(shape.edges.filter((e) => e.conditional)).toEqual([
      { source: 'x', target: 'x', conditional: true }, { source: 'x', target: 'y', conditional: true }, { source: 'x', target: '__end__', conditional: true },
    ]);
  });

  it('maps a LangGraph.js getGraph() drawing', () => {
    expect(shapeFromDrawable({
      nodes: { __start__: { id: '__start__' }, n: { id: 'n' }, __end__: { id: '__end__' } },
      edges: [{ source: '__start__', target: 'n' }, { source: 'n', target: '__end__', conditional: true, data: 'done' }],
    })).toEqual({
      nodes: [{ id: '__start__', kind: 'start' }, { id: 'n', kind: 'node' }, { id: '__end__', kind: 'end' }],
      edges: [{ source: '__start__', target: 'n', conditional: false }, { source: 'n', target: '__end__', conditional: true, label: 'done' }],
    });
  });
});
