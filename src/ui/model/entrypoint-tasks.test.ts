import { describe, expect, it } from 'vitest';
import type { CheckpointDetail, GraphShape } from '../../protocol/dto';
import { entrypointTasks, withEntrypointTasks } from './entrypoint-tasks';

const base = { runId: 'r', step: 0, seq: 0 };
const ev = (type: string, name: string, checkpointNs = '') => ({ ...base, type, name, taskId: `${name}-id`, checkpointNs, attempt: 1, kind: 'push', path: [], triggers: [], status: 'success', channels: [] });

const detail = (tasks: string[], writers: (string | null)[], ns = ''): CheckpointDetail =>
  ({
    summary: { checkpointId: 'c', parentId: null, ns, step: 0, source: 'loop', ts: '', next: [], pendingWrites: 0, hasInterrupts: false, hasError: false },
    values: {}, metadata: {}, raw: null,
    tasks: tasks.map((name) => ({ id: `${name}-id`, name, path: '', kind: 'pull', triggers: [], interrupts: [] })),
    pendingWrites: writers.map((taskName) => ({ taskId: 'x', taskName, channel: '__return__', value: null, disposition: { kind: 'pending' } })),
  }) as unknown as CheckpointDetail;

describe('entrypointTasks', () => {
  it('names each task the entrypoint ran once, in the order first seen, from the trace and the checkpoint', () => {
    const trace = [ev('@engine.task.prepared', 'essay'), ev('@engine.task.prepared', 'compose'), ev('@engine.task.run', 'compose'), ev('@engine.task.finished', 'review'), ev('@engine.task.run', 'compose')];
    expect(entrypointTasks('essay', trace, detail(['essay'], ['polish', null, '__start__']))).toEqual(['compose', 'review', 'polish']);
  });

  it('ignores other events, subgraph namespaces and a subgraph checkpoint', () => {
    const trace = [{ ...base, type: '@engine.run.start', checkpointNs: '' }, ev('@engine.task.run', 'inner', 'sub:1'), { not: 'an event' }];
    expect(entrypointTasks('essay', trace, detail(['deep'], ['deep'], 'sub:1'))).toEqual([]);
  });
});

describe('withEntrypointTasks', () => {
  const shape: GraphShape = {
    nodes: [{ id: '__start__', kind: 'start' }, { id: 'essay', kind: 'node' }, { id: '__end__', kind: 'end' }],
    edges: [{ source: '__start__', target: 'essay', conditional: false }, { source: 'essay', target: '__end__', conditional: false }],
    entrypoint: 'essay',
  };

  it('adds a task node under the entrypoint with a dashed call edge to each', () => {
    const out = withEntrypointTasks(shape, ['compose', 'review']);
    expect(out.nodes.map((n) => [n.id, n.kind])).toEqual([['__start__', 'start'], ['essay', 'node'], ['compose', 'task'], ['review', 'task'], ['__end__', 'end']]);
    expect(out.edges.slice(2)).toEqual([{ source: 'essay', target: 'compose', conditional: false, call: true }, { source: 'essay', target: 'review', conditional: false, call: true }]);
    expect(shape.nodes).toHaveLength(3);
  });

  it('leaves a shape without an entrypoint, or without tasks, as it is', () => {
    expect(withEntrypointTasks(shape, [])).toBe(shape);
    const graph: GraphShape = { nodes: shape.nodes, edges: shape.edges };
    expect(withEntrypointTasks(graph, ['compose'])).toBe(graph);
  });
});
