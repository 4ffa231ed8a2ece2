import { describe, expect, it } from 'vitest';
import type { GraphShape } from '../../protocol/dto';
import { backEdges } from './edge-kinds';

const shapeOf = (ids: string[], edges: [string, string][]): GraphShape => ({
  nodes: ids.map((id) => ({ id, kind: id === '__start__' ? 'start' : id === '__end__' ? 'end' : 'node' })),
  edges: edges.map(([source, target]) => ({ source, target, conditional: false })),
});

describe('backEdges', () => {
  it('finds the edge that closes agent ⇄ tools, not the forward one', () => {
    const shape = shapeOf(['__start__', 'agent', 'tools', '__end__'], [['__start__', 'agent'], ['tools', 'agent'], ['agent', 'tools'], ['agent', '__end__']]);
    expect([...backEdges(shape)]).toEqual([1]);
  });

  it('a self loop is a back edge; a join (two paths to one node) is not', () => {
    const shape = shapeOf(['__start__', 'a', 'b', 'c'], [['__start__', 'a'], ['__start__', 'b'], ['a', 'c'], ['b', 'c'], ['c', 'c']]);
    expect([...backEdges(shape)]).toEqual([4]);
  });

  it('an acyclic graph has none; a cycle not reached from __start__ still has one', () => {
    expect(backEdges(shapeOf(['__start__', 'a', 'b'], [['__start__', 'a'], ['a', 'b']])).size).toBe(0);
    expect([...backEdges(shapeOf(['x', 'y'], [['x', 'y'], ['y', 'x']]))]).toEqual([1]);
  });

  it('a long loop back to the top', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `n${i}`);
    const edges: [string, string][] = ids.slice(1).map((id, i) => [ids[i]!, id]);
    edges.push([ids[ids.length - 1]!, 'n0']);
    expect([...backEdges(shapeOf(ids, edges))]).toEqual([edges.length - 1]);
  });
});
