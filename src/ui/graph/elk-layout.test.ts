import { describe, expect, it } from 'vitest';
import type { GraphShape } from '../../protocol/dto';
import { layoutGraph, shapeForNamespace } from './elk-layout';

const inner: GraphShape = { nodes: [{ id: 'x', kind: 'node' }, { id: 'y', kind: 'node' }], edges: [{ source: 'x', target: 'y', conditional: false }] };
const shape: GraphShape = {
  nodes: [{ id: '__start__', kind: 'start' }, { id: 'a', kind: 'node' }, { id: 'sub', kind: 'subgraph', subgraph: inner }, { id: '__end__', kind: 'end' }],
  edges: [
    { source: '__start__', target: 'a', conditional: false },
    { source: 'a', target: 'sub', conditional: true, label: 'go' },
    { source: 'sub', target: '__end__', conditional: false },
  ],
};

describe('layoutGraph', () => {
  it('places nodes in layers from top to bottom', async () => {
    const { nodes, edges } = await layoutGraph(shape, []);
    const y = (id: string) => nodes.find((n) => n.path === id)!.y;
    expect(y('a')).toBeGreaterThan(y('__start__'));
    expect(y('sub')).toBeGreaterThan(y('a'));
    expect(y('__end__')).toBeGreaterThan(y('sub'));
    expect(edges.map((e) => [e.source, e.target, e.edge.conditional])).toContainEqual(['a', 'sub', true]);
  });

  it('draws an expanded subgraph as a compound node holding its own graph', async () => {
    const { nodes, edges } = await layoutGraph(shape, ['sub']);
    const sub = nodes.find((n) => n.path === 'sub')!;
    const x = nodes.find((n) => n.path === 'sub/x')!;
    expect(sub.expanded).toBe(true);
    expect(x.parent).toBe('sub');
    expect(x.x + x.width).toBeLessThanOrEqual(sub.width);
    expect(x.y + x.height).toBeLessThanOrEqual(sub.height);
    expect(edges.some((e) => e.source === 'sub/x' && e.target === 'sub/y')).toBe(true);
  });
});

describe('layoutGraph cache', () => {
  it('lays out a shape and expansion once; another expansion or shape is laid out afresh', async () => {
    const first = await layoutGraph(shape, ['sub']);
    expect(await layoutGraph(structuredClone(shape), ['sub'])).toBe(first);
    const collapsed = await layoutGraph(shape, []);
    expect(collapsed).not.toBe(first);
    expect(collapsed.nodes.some((n) => n.path === 'sub/x')).toBe(false);
    const other: GraphShape = { ...shape, nodes: [...shape.nodes, { id: 'extra', kind: 'node' }] };
    expect((await layoutGraph(other, ['sub'])).nodes.some((n) => n.path === 'extra')).toBe(true);
  });

  it('does not keep a failed layout: the same shape is tried again', async () => {
    const broken: GraphShape = { nodes: [{ id: 'a', kind: 'node' }], edges: [{ source: 'a', target: 'nowhere', conditional: false }] };
    const a = layoutGraph(broken, []);
    await expect(a).rejects.toThrow();
    const b = layoutGraph(broken, []);
    expect(b).not.toBe(a);
    await expect(b).rejects.toThrow();
  });
});

describe('shapeForNamespace', () => {
  it('finds the subgraph a namespace is in, and falls back to the nearest known graph', () => {
    expect(shapeForNamespace(shape, ['sub'])).toBe(inner);
    expect(shapeForNamespace(shape, [])).toBe(shape);
    expect(shapeForNamespace(shape, ['a'])).toBe(shape);
  });
});

describe('edge routes and labels', () => {
  // The react-agent drawing: the router's labelled edges, and tools → agent closing the loop.
  const agent: GraphShape = {
    nodes: [{ id: '__start__', kind: 'start' }, { id: 'agent', kind: 'node' }, { id: 'tools', kind: 'node' }, { id: '__end__', kind: 'end' }],
    edges: [
      { source: '__start__', target: 'agent', conditional: false },
      { source: 'tools', target: 'agent', conditional: false },
      { source: 'agent', target: 'tools', conditional: true, label: 'call tools' },
      { source: 'agent', target: '__end__', conditional: true, label: 'answer' },
    ],
  };
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  /** Whether the segment p→q passes through the inside of `box` (touching its border is fine). */
  const crosses = (p: { x: number; y: number }, q: typeof p, box: { x: number; y: number; width: number; height: number }) => {
    const inset = { x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2 };
    for (let t = 0; t <= 1; t += 0.02) {
      const x = p.x + (q.x - p.x) * t;
      const y = p.y + (q.y - p.y) * t;
      if (x > inset.x && x < inset.x + inset.width && y > inset.y && y < inset.y + inset.height) return true;
    }
    return false;
  };

  it('marks the loop back edge, and routes it around the nodes', async () => {
    const laid = await layoutGraph(agent, []);
    expect(laid.edges.filter((e) => e.back).map((e) => [e.source, e.target])).toEqual([['tools', 'agent']]);
    for (const e of laid.edges) {
      expect(e.points!.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < e.points!.length; i++) for (const n of laid.nodes) expect(crosses(e.points![i - 1]!, e.points![i]!, n)).toBe(false);
    }
  });

  it('places labels clear of every node, inside the drawing', async () => {
    const laid = await layoutGraph(agent, []);
    const labelled = laid.edges.filter((e) => e.edge.label !== undefined);
    expect(labelled).toHaveLength(2);
    for (const e of labelled) {
      const box = e.labelBox!;
      for (const n of laid.nodes) expect(overlaps(box, n)).toBe(false);
      expect(box.x + box.width).toBeLessThanOrEqual(laid.width);
      expect(box.y + box.height).toBeLessThanOrEqual(laid.height);
    }
  });

  it('routes the edges of an expanded subgraph in the coordinates of the whole drawing', async () => {
    const laid = await layoutGraph(shape, ['sub']);
    const sub = laid.nodes.find((n) => n.path === 'sub')!;
    const x = laid.nodes.find((n) => n.path === 'sub/x')!;
    const inner = laid.edges.find((e) => e.source === 'sub/x')!;
    // x is placed relative to sub; the route starts on x's border in absolute coordinates.
    const start = inner.points![0]!;
    const absX = { x: sub.x + x.x, y: sub.y + x.y, width: x.width, height: x.height };
    expect(start.x).toBeGreaterThanOrEqual(absX.x);
    expect(start.x).toBeLessThanOrEqual(absX.x + absX.width);
    expect(start.y).toBeGreaterThanOrEqual(absX.y);
    expect(start.y).toBeLessThanOrEqual(absX.y + absX.height);
  });
});
