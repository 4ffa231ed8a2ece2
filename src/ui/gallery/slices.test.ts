import { describe, expect, it } from 'vitest';
import type { GraphInfo } from '../../protocol/dto';
import type { ToWorker } from '../../protocol/messages';
import type { RunEnded } from '../../client/worker-client';
import { createAppStore } from '../store/createAppStore';
import type { StoreClient } from '../store/types';
import { cleanName } from '../editor/slice';
import { initialView } from './slice';

const graph = (id: string, origin: GraphInfo['origin'] = 'builtin'): GraphInfo => ({
  id, title: id, description: 'd. e.', origin, shape: { nodes: [], edges: [] }, exampleInput: { x: 1 }, source: `// ${id}`,
});

/** A client answering from a table of handlers, recording every request. */
function client(answers: Partial<Record<ToWorker['type'], (body: Record<string, unknown>) => unknown>>, ended?: RunEnded) {
  const seen: { type: string; body: Record<string, unknown> }[] = [];
  const c: StoreClient & { waitForRun(id: string): Promise<RunEnded> } = {
    request(type, body) {
      seen.push({ type, body: body as Record<string, unknown> });
      const answer = answers[type];
      return answer ? Promise.resolve(answer(body as Record<string, unknown>) as never) : Promise.reject(new Error(`unexpected ${type}`));
    },
    hello: () => Promise.resolve({ type: 'rg/hello-ok', id: 1 as never, protocolVersion: 1, storage: { dbName: 'db', version: 1 } }),
    waitForRun: () => (ended ? Promise.resolve(ended) : new Promise(() => undefined)),
  };
  return { c, seen };
}

describe('gallery, editor and import slices', () => {
  it('opens on the gallery unless the URL names a view, a thread or a graph', () => {
    expect(initialView('')).toBe('gallery');
    expect(initialView('?thread=t1')).toBe('debugger');
    expect(initialView('?graph=chain')).toBe('debugger');
    expect(initialView('?graph=chain&view=editor')).toBe('editor');
    expect(initialView('?view=nonsense')).toBe('gallery');
    expect(cleanName('  my graph/2 ')).toBe('my-graph-2');
    expect(cleanName('')).toBe('my-graph');
  });

  it('a gallery run opens the graph in the debugger and starts it on a new thread with its example input', async () => {
    const { c, seen } = client({ 'rg/run.start': (b) => ({ type: 'rg/run.started', runId: 'r1', threadId: b.threadId }) });
    const { store } = createAppStore(c);
    store.setState({ graphs: [graph('essay')] });
    await store.getState().runFromGallery('essay');
    expect(store.getState()).toMatchObject({ view: 'debugger', graphId: 'essay', activeRun: { runId: 'r1' } });
    expect(seen.find((s) => s.type === 'rg/run.start')?.body).toMatchObject({ graphId: 'essay', input: { x: 1 } });
  });

  it('the editor keeps a compile error, and shows a run-time error at its position instead of leaving', async () => {
    const syntax = client({ 'rg/graph.save': () => ({ graph: null, error: { kind: 'syntax', message: 'Unexpected token', line: 3, column: 14 }, saved: false }) });
    const a = createAppStore(syntax.c).store;
    a.getState().setEditorName('my graph');
    await a.getState().runEditorGraph();
    expect(a.getState().editorError).toEqual({ kind: 'syntax', message: 'Unexpected token', line: 3, column: 14 });
    expect(syntax.seen.map((s) => s.type)).toEqual(['rg/graph.save']);
    expect(syntax.seen[0]!.body.graphId).toBe('user:my-graph');

    const ended: RunEnded = {
      type: 'rg/run.ended', runId: 'r1', threadId: 't', outcome: 'error', result: null,
      error: { code: 'RUN_FAILED', name: 'RangeError', message: 'bad', position: { line: 5, column: 27 } },
    };
    const runtime = client({
      'rg/graph.save': () => ({ graph: graph('user:g', 'user'), error: null, saved: true }),
      'rg/graphs.list': () => ({ graphs: [graph('user:g', 'user')] }),
      'rg/run.start': (b) => ({ type: 'rg/run.started', runId: 'r1', threadId: b.threadId }),
    }, ended);
    const b = createAppStore(runtime.c).store;
    b.setState({ view: 'editor' });
    b.getState().setEditorName('g');
    await b.getState().runEditorGraph();
    expect(b.getState().editorError).toEqual({ kind: 'runtime', message: 'RangeError: bad', line: 5, column: 27 });
    expect(b.getState().view).toBe('editor');
  });

  it('a refused import keeps the problem on screen and never asks to import', async () => {
    const problem = { code: 'hostile-key', message: 'The key "__proto__" is not allowed at $.runs[0].', path: '$.runs[0]', issues: [] };
    const { c, seen } = client({ 'rg/thread.importPreview': () => ({ preview: null, problem }) });
    const { store } = createAppStore(c);
    await store.getState().previewImport('evil.json', '{}');
    expect(store.getState().pendingImport).toMatchObject({ fileName: 'evil.json', preview: null, problem });
    await store.getState().confirmImport();
    expect(seen.map((s) => s.type)).toEqual(['rg/thread.importPreview']);
  });
});
