import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GraphInfo, GraphShape } from '../../protocol/dto';
import type { ToWorker } from '../../protocol/messages';
import { createAppStore } from './createAppStore';
import { selectBreakpoints } from './selectors';
import { BREAKPOINTS_KEY } from './saved-breakpoints';
import type { StoreClient } from './types';

/** The page's localStorage, as a Map (the unit tests run in Node, which has none). */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() { return m.size; },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

/** A client that records run requests and answers each with a run id. */
function recordingClient() {
  const sent: { type: ToWorker['type']; body: Record<string, unknown> }[] = [];
  const client: StoreClient = {
    request(type, body) {
      sent.push({ type, body: body as Record<string, unknown> });
      const b = body as { threadId?: string };
      return Promise.resolve((type.startsWith('rg/run.') ? { runId: `r${sent.length}`, threadId: b.threadId } : { runs: [], graphs: [] }) as never);
    },
    hello: () => Promise.resolve({ type: 'rg/hello-ok', id: 1 as never, protocolVersion: 1, storage: { dbName: 'db', version: 1 } }),
  };
  return { client, sent };
}

const shape = (...ids: string[]): GraphShape => ({ nodes: ids.map((id) => ({ id, kind: 'node' as const })), edges: [] });
const graph = (id: string, s: GraphShape): GraphInfo => ({ id, title: id, description: '', origin: 'builtin', shape: s, exampleInput: {} });

const g = globalThis as { localStorage?: Storage };
beforeEach(() => {
  g.localStorage = memoryStorage();
});
afterEach(() => {
  delete g.localStorage;
});

describe('breakpoints in the store', () => {
  it('are kept per graph: a run sends only the open graph\'s', async () => {
    const { client, sent } = recordingClient();
    const { store } = createAppStore(client);
    store.setState({ graphs: [graph('chain', shape('research', 'draft', 'review')), graph('human-review', shape('write', 'review'))], graphId: 'chain' });
    store.getState().toggleBreakpoint('review', 'after');
    store.getState().toggleBreakpoint('draft', 'before');
    store.setState({ graphId: 'human-review' });
    expect(selectBreakpoints(store.getState())).toEqual({ before: [], after: [] });
    await store.getState().startRun({}, { newThread: true, stepMode: false });
    expect(sent.find((r) => r.type === 'rg/run.start')?.body.controls).toMatchObject({ breakBefore: [], breakAfter: [] });
    store.setState({ graphId: 'chain' });
    await store.getState().startRun({}, { newThread: true, stepMode: false });
    expect(sent.filter((r) => r.type === 'rg/run.start')[1]?.body.controls).toMatchObject({ breakBefore: ['draft'], breakAfter: ['review'] });
  });

  it('survive a reload: the next store reads them back', () => {
    const first = createAppStore(recordingClient().client).store;
    first.setState({ graphId: 'chain' });
    first.getState().toggleBreakpoint('review', 'after');
    expect(JSON.parse(g.localStorage!.getItem(BREAKPOINTS_KEY)!)).toEqual({ chain: { before: [], after: ['review'] } });
    const next = createAppStore(recordingClient().client).store;
    next.setState({ graphId: 'chain' });
    expect(selectBreakpoints(next.getState())).toEqual({ before: [], after: ['review'] });
    // Removing the last one leaves nothing kept.
    next.getState().toggleBreakpoint('review', 'after');
    expect(g.localStorage!.getItem(BREAKPOINTS_KEY)).toBeNull();
  });

  it('are dropped for nodes a graph no longer has once the graph list says so, in storage too', () => {
    g.localStorage!.setItem(BREAKPOINTS_KEY, JSON.stringify({ 'user:g': { before: ['a', 'b'], after: [] }, other: { before: ['x'], after: [] } }));
    const { store } = createAppStore(recordingClient().client);
    store.setState({ graphs: [graph('user:g', shape('a'))] });
    expect(store.getState().breakpoints).toEqual({ 'user:g': { before: ['a'], after: [] }, other: { before: ['x'], after: [] } });
    expect(JSON.parse(g.localStorage!.getItem(BREAKPOINTS_KEY)!)).toEqual({ 'user:g': { before: ['a'], after: [] }, other: { before: ['x'], after: [] } });
  });

  it('hold for the page when storage refuses them', () => {
    g.localStorage!.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const { store } = createAppStore(recordingClient().client);
    store.setState({ graphId: 'chain' });
    store.getState().toggleBreakpoint('review', 'before');
    expect(selectBreakpoints(store.getState())).toEqual({ before: ['review'], after: [] });
  });
});
