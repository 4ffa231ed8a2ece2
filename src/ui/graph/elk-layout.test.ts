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
