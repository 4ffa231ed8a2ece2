import { describe, expect, it } from 'vitest';
import { toDrawableGraph } from '../../remote';
import { isRemoteKey, parseRemoteKey, remoteThreadKey } from '../../protocol/remote';
import { shapeOf } from './map';

describe('server thread keys', () => {
  it('round-trip a server and a thread id, and refuse what is not a key', () => {
    const key = remoteThreadKey('srv-1', '1f0-abc/def');
    expect(parseRemoteKey(key)).toEqual({ serverId: 'srv-1', id: '1f0-abc/def' });
    expect(isRemoteKey('thread-1234')).toBe(false);
    for (const bad of ['remote:', 'remote:/t', 'remote:srv/', 'thread-1']) expect(parseRemoteKey(bad)).toBeNull();
  });
});

describe('shapeOf', () => {
  it('draws an xray drawing with its expanded subgraph as one subgraph node holding the inside', () => {
    // What GET /assistants/{id}/graph?xray=true sends for prepare → inner (a subgraph) → finish.
    const drawing = toDrawableGraph({
      nodes: [
        { id: '__start__', type: 'schema', data: '__start__' },
        { id: 'prepare', type: 'runnable', data: {} },
        { id: 'inner:inner_a', type: 'runnable', data: {} },
        { id: 'inner:inner_b', type: 'runnable', data: {} },
        { id: 'finish', type: 'runnable', data: {} },
        { id: '__end__', type: 'schema', data: '__end__' },
      ],
      edges: [
        { source: '__start__', target: 'prepare' },
        { source: 'prepare', target: 'inner:inner_a' },
        { source: 'inner:inner_a', target: 'inner:inner_b' },
        { source: 'inner:inner_b', target: 'finish' },
        { source: 'finish', target: '__end__', conditional: false },
      ],
    });
    const shape = shapeOf(drawing);
    expect(shape.nodes.map((n) => [n.id, n.kind])).toEqual([['__start__', 'start'], ['prepare', 'node'], ['finish', 'node'], ['__end__', 'end'], ['inner', 'subgraph']]);
    expect(shape.edges.map((e) => `${e.source}>${e.target}`)).toEqual(['__start__>prepare', 'prepare>inner', 'inner>finish', 'finish>__end__']);
    expect(shape.nodes.find((n) => n.id === 'inner')?.subgraph?.edges).toEqual([{ source: 'inner_a', target: 'inner_b', conditional: false }]);
  });
});
