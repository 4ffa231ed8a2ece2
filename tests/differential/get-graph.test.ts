/**
 * `getGraph()` against LangGraph.js 1.7.3: the same builders on both implementations, compared
 * node by node and edge by edge (ids, names, order, conditional flags, labels, interrupt marks,
 * subgraph nodes), plain and with `xray`; and the Mermaid text `drawMermaid()` makes of them.
 */
import * as langgraph from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import * as ours from '../../src/engine/index';

type Impl = Record<string, any>;
const noop = () => ({});

interface Case {
  name: string;
  build(impl: Impl): any;
  options?: Record<string, unknown>;
}

const state = (impl: Impl) => impl.Annotation.Root({ v: impl.Annotation });

function nested(impl: Impl): any {
  const S = state(impl);
  const inner = new impl.StateGraph(S).addNode('i1', noop).addNode('i2', noop).addEdge(impl.START, 'i1').addEdge('i1', 'i2').compile();
  const middle = new impl.StateGraph(S).addNode('m1', noop).addNode('inner', inner).addEdge(impl.START, 'm1').addEdge('m1', 'inner').compile();
  return new impl.StateGraph(S)
    .addNode('first', noop)
    .addNode('middle', middle)
    .addNode('last', noop)
    .addEdge(impl.START, 'first')
    .addConditionalEdges('first', () => 'middle', ['middle', 'last'])
    .addEdge('middle', 'last')
    .compile();
}

const CASES: Case[] = [
  {
    name: 'routers with and without a pathMap, a subgraph node, edges to END',
    build(impl) {
      const S = state(impl);
      const sub = new impl.StateGraph(S).addNode('s1', noop).addNode('s2', noop).addEdge(impl.START, 's1').addEdge('s1', 's2').compile();
      return new impl.StateGraph(S)
        .addNode('a', noop)
        .addNode('b', noop)
        .addNode('c', noop)
        .addNode('sub', sub)
        .addEdge(impl.START, 'a')
        .addConditionalEdges('a', () => 'b', { go: 'b', stop: impl.END })
        .addConditionalEdges('b', () => 'c')
        .addEdge('c', impl.END)
        .addEdge('b', 'sub')
        .compile();
    },
  },
  {
    name: 'a join, a pathMap given as a list, a dead end, static interrupts',
    build(impl) {
      return new impl.StateGraph(state(impl))
        .addNode('left', noop)
        .addNode('right', noop)
        .addNode('join', noop)
        .addNode('after', noop)
        .addNode('alt', noop)
        .addEdge(impl.START, 'left')
        .addEdge(impl.START, 'right')
        .addEdge(['left', 'right'], 'join')
        .addConditionalEdges('join', () => 'after', ['after', 'alt'])
        .addEdge('alt', 'after')
        .compile({ interruptBefore: ['join', 'after'], interruptAfter: ['after', 'left'] });
    },
  },
  {
    name: 'a router from START, Command destinations (ends), a sequence',
    build(impl) {
      return new impl.StateGraph(state(impl))
        .addSequence([
          ['one', noop],
          ['two', noop],
        ])
        .addNode('jump', noop, { ends: ['one', impl.END] })
        .addConditionalEdges(impl.START, () => 'one', { first: 'one', direct: 'jump' })
        .compile();
    },
  },
  { name: 'nested subgraphs, plain', build: nested },
  { name: 'nested subgraphs, xray: true', build: nested, options: { xray: true } },
  { name: 'nested subgraphs, xray: 1', build: nested, options: { xray: 1 } },
];

/** The comparable part of a drawable graph: subgraph nodes are those whose data is a compiled graph. */
function view(graph: any, isSubgraph: (data: unknown) => boolean) {
  return {
    nodes: Object.entries(graph.nodes).map(([key, n]: [string, any]) => ({
      key,
      id: n.id,
      name: n.name,
      subgraph: isSubgraph(n.data),
      interrupt: n.metadata?.__interrupt,
    })),
    edges: graph.edges.map((e: any) => ({ source: e.source, target: e.target, conditional: e.conditional, label: e.data })),
  };
}

const theirsIsSubgraph = (data: unknown) => typeof (data as { getSubgraphs?: unknown })?.getSubgraphs === 'function';
const oursIsSubgraph = (data: unknown) => (data as { subgraph?: boolean } | undefined)?.subgraph === true;

describe('getGraph() matches LangGraph.js 1.7.3', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const theirs = view(c.build(langgraph).getGraph(c.options), theirsIsSubgraph);
      const mine = view(c.build(ours).getGraph(c.options), oursIsSubgraph);
      expect(mine).toEqual(theirs);
    });
  }

  for (const c of CASES) {
    it(`${c.name}: drawMermaid()`, () => {
      const theirs = c.build(langgraph).getGraph(c.options).drawMermaid();
      expect(c.build(ours).getGraph(c.options).drawMermaid()).toEqual(theirs);
      const options = { withStyles: false, wrapLabelNWords: 2 };
      expect(c.build(ours).getGraph(c.options).drawMermaid(options)).toEqual(c.build(langgraph).getGraph(c.options).drawMermaid(options));
    });
  }

  it('Command destinations only (no edges out of the router): drawMermaid()', () => {
    const build = (impl: Impl) =>
      new impl.StateGraph(state(impl)).addNode('router', noop, { ends: ['b', 'c'] }).addNode('b', noop).addNode('c', noop).addEdge(impl.START, 'router').compile();
    expect(build(ours).getGraph().drawMermaid()).toEqual(build(langgraph).getGraph().drawMermaid());
  });

  it('an entrypoint: drawn as LangChain draws a Runnable (names and edges, ids are random on both)', () => {
    const build = (impl: Impl) => {
      const t = impl.task('compose', async (x: unknown) => x);
      return impl.entrypoint({ name: 'essay', checkpointer: new impl.MemorySaver() }, async (x: unknown) => t(x));
    };
    const named = (g: any) => {
      const name = (id: string) => g.nodes[id].name;
      return { nodes: Object.values(g.nodes).map((n: any) => n.name), edges: g.edges.map((e: any) => [name(e.source), name(e.target), e.conditional ?? false]) };
    };
    const theirs = named(build(langgraph).getGraph());
    expect(theirs.nodes).toEqual(['essayInput', 'essay', 'essayOutput']);
    expect(named(build(ours).getGraph())).toEqual(theirs);
  });

  it('is plain data, with each subgraph drawn in `subgraphs`', () => {
    const graph = nested(ours).getGraph();
    expect(structuredClone(graph)).toEqual(graph);
    expect(Object.keys(graph.subgraphs)).toEqual(['middle']);
    expect(Object.keys(graph.subgraphs.middle.nodes)).toEqual(['__start__', 'm1', 'inner', '__end__']);
    expect(graph.subgraphs.middle.subgraphs.inner.edges).toContainEqual({ source: 'i1', target: 'i2', conditional: false });
  });
});
