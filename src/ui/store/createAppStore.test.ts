import { describe, expect, it } from 'vitest';
import type { CheckpointDetail, CheckpointSummary } from '../../protocol/dto';
import type { ReplyOf, ToWorker, WorkerEvent } from '../../protocol/messages';
import { createAppStore } from './createAppStore';
import { TRACE_PAGE } from './slices/runs';
import { HOLD_MS } from './slices/selection';
import type { StoreClient } from './types';
import { remoteGraphId } from '../../protocol/remote';

type Req = { type: ToWorker['type']; body: Record<string, unknown>; resolve: (v: unknown) => void; reject: (e: unknown) => void };

/** A client whose requests wait until the test answers them, in any order. */
function scriptedClient() {
  const queue: Req[] = [];
  const client: StoreClient = {
    request(type, body) {
      return new Promise((resolve, reject) => queue.push({ type, body: body as Record<string, unknown>, resolve: resolve as (v: unknown) => void, reject }));
    },
    hello: () => Promise.resolve({ type: 'rg/hello-ok', id: 1 as never, protocolVersion: 1, storage: { dbName: 'db', version: 1 } }),
  };
  const take = async (type: ToWorker['type']): Promise<Req> => {
    for (let i = 0; i < 50; i++) {
      const at = queue.findIndex((r) => r.type === type);
      if (at >= 0) return queue.splice(at, 1)[0];
      await new Promise((r) => setTimeout(r, 0));
    }
    throw new Error(`no ${type} request; queued: ${queue.map((q) => q.type).join(', ')}`);
  };
  return { client, queue, take };
}

const summary = (id: string, parentId: string | null, step: number): CheckpointSummary => ({
  checkpointId: id, parentId, ns: '', step, source: step < 0 ? 'input' : 'loop', ts: `2026-01-01T00:00:${String(step + 10).padStart(2, '0')}Z`, next: [], pendingWrites: 0, hasInterrupts: false, hasError: false,
});
const detail = (s: CheckpointSummary): CheckpointDetail => ({ summary: s, values: { step: s.step }, metadata: {}, tasks: [], pendingWrites: [], raw: null });
const reply = <T extends keyof ReplyOf>(_t: T, body: Omit<ReplyOf[T], 'id' | 'type'>) => body;

describe('app store', () => {
  it('connects, opens the thread the URL names, reads history in pages and selects the newest checkpoint', async () => {
    const { client, take } = scriptedClient();
    const { store } = createAppStore(client);
    const done = store.getState().connect({ thread: 't1', ns: '', checkpoint: null, graph: null, tab: null });
    (await take('rg/graphs.list')).resolve(reply('rg/graphs.list', { graphs: [] }));
    (await take('rg/threads.list')).resolve(reply('rg/threads.list', { threads: [{ threadId: 't1', graphId: 'g', status: 'idle', steps: 3, updatedAt: null }] }));
    const page1 = await take('rg/history.page');
    expect(page1.body).toMatchObject({ threadId: 't1', ns: '', limit: 200 });
    page1.resolve(reply('rg/history.page', { page: { items: [summary('c', 'b', 1), summary('b', 'a', 0)], nextBefore: 'b' } }));
    const sel = await take('rg/checkpoint.get');
    expect(sel.body.checkpointId).toBe('c');
    sel.resolve(reply('rg/checkpoint.get', { detail: detail(summary('c', 'b', 1)) }));
    const page2 = await take('rg/history.page');
    expect(page2.body.before).toBe('b');
    page2.resolve(reply('rg/history.page', { page: { items: [summary('a', null, -1)], nextBefore: null } }));
    (await take('rg/runs.list')).resolve(reply('rg/runs.list', { runs: [] }));
    (await take('rg/namespaces.list')).resolve(reply('rg/namespaces.list', { root: { ns: '', name: '', children: [], checkpoints: 3 } }));
    await done;
    const s = store.getState();
    expect(s.status).toBe('ready');
    expect(s.viewReady).toBe(true);
    expect(s.historyComplete).toBe(true);
    expect(s.history).toHaveLength(3);
    expect(s.detail?.summary.checkpointId).toBe('c');
    expect(s.graphId).toBe('g');
  });

  it('keeps a server graph opened while the graph list was still on its way', async () => {
    const { client, take } = scriptedClient();
    const { store } = createAppStore(client);
    const done = store.getState().connect({ thread: null, ns: '', checkpoint: null, graph: null, tab: null });
    const list = await take('rg/graphs.list');
    store.setState({ serverId: 's1' });
    const opening = store.getState().openAssistant('a1');
    const graph = { id: remoteGraphId('s1', 'a1'), title: 'agent', description: '', origin: 'remote' as const, shape: { nodes: [], edges: [] }, exampleInput: {} };
    (await take('rg/remote.assistant.graph')).resolve(reply('rg/remote.assistant.graph', { graph }));
    await opening;
    const local = { ...graph, id: 'chain', title: 'Chain', origin: 'builtin' as const };
    list.resolve(reply('rg/graphs.list', { graphs: [local] }));
    (await take('rg/threads.list')).resolve(reply('rg/threads.list', { threads: [] }));
    await done;
    const s = store.getState();
    expect(s.graphId).toBe(remoteGraphId('s1', 'a1'));
    expect(s.graphs.map((g) => g.id)).toEqual(['chain', remoteGraphId('s1', 'a1')]);
    expect(s.view).toBe('debugger');
  });

  it('drops a checkpoint detail that arrives after another checkpoint was selected', async () => {
    const { client, take } = scriptedClient();
    const { store } = createAppStore(client);
    store.setState({ threadId: 't1' });
    void store.getState().selectCheckpoint('old');
    const first = await take('rg/checkpoint.get');
    void store.getState().selectCheckpoint('new');
    const second = await take('rg/checkpoint.get');
    second.resolve(reply('rg/checkpoint.get', { detail: detail(summary('new', null, 0)) }));
    await new Promise((r) => setTimeout(r, 0));
    first.resolve(reply('rg/checkpoint.get', { detail: detail(summary('old', null, 0)) }));
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().checkpointId).toBe('new');
    expect(store.getState().detail?.summary.checkpointId).toBe('new');
    // Selecting the old one again is served from the cache, without a request.
    await store.getState().selectCheckpoint('old');
    expect(store.getState().detail?.summary.checkpointId).toBe('old');
  });

  it('shows failed requests as errors and never throws', async () => {
    const { client, take } = scriptedClient();
    const { store } = createAppStore(client);
    store.setState({ threadId: 't1', graphId: 'g' });
    const run = store.getState().continueRun();
    (await take('rg/run.continue')).reject(new Error('THREAD_BUSY: a run is going on'));
    await run;
    expect(store.getState().errors.map((e) => `${e.where}: ${e.message}`)).toEqual(['Continue: THREAD_BUSY: a run is going on']);
    expect(store.getState().activeRun).toBeNull();
  });

  it('sends breakpoints and step mode with run requests, and streams checkpoints of the open namespace', async () => {
    let emit: (e: WorkerEvent) => void = () => undefined;
    const { client, take } = scriptedClient();
    const { store } = createAppStore(client, (l) => ((emit = l), () => undefined));
    store.setState({ graphId: 'g' });
    store.getState().toggleBreakpoint('b', 'before');
    store.getState().toggleBreakpoint('c', 'after');
    store.getState().toggleBreakpoint('c', 'after');
    const started = store.getState().startRun({ x: 1 }, { newThread: true, stepMode: true });
    const req = await take('rg/run.start');
    expect(req.body.controls).toEqual({ stepMode: true, breakBefore: ['b'], breakAfter: [] });
    expect(req.body.input).toEqual({ x: 1 });
    const threadId = req.body.threadId as string;
    expect(store.getState().threadId).toBe(threadId);
    req.resolve(reply('rg/run.start', { runId: 'r1', threadId }));
    await started;
    expect(store.getState().activeRun?.runId).toBe('r1');
    emit({ type: 'rg/run.events', runId: 'r1', threadId, events: [
      { kind: 'checkpoint', checkpoint: summary('a', null, -1) },
      { kind: 'checkpoint', checkpoint: { ...summary('s', null, -1), ns: 'sub:1' } },
      { kind: 'trace', event: { type: '@engine.tick.start', runId: 'r1', checkpointNs: '', step: 0, seq: 0, checkpointId: 'a', isReplaying: false } },
    ] });
    expect(store.getState().history.map((h) => h.checkpointId)).toEqual(['a']);
    expect(store.getState().trace).toHaveLength(1);
    expect(store.getState().activeRun?.events).toBe(3);
    emit({ type: 'rg/run.ended', runId: 'r1', threadId, outcome: 'error', error: { code: 'RUN_FAILED', name: 'Error', message: 'node b failed' }, result: null });
    expect(store.getState().activeRun).toBeNull();
    expect(store.getState().errors[0].message).toBe('node b failed');
  });

  describe('the trace panel after a run ends', () => {
    const tick = (seq: number, runId = 'r1', checkpointNs = '') => ({ type: '@engine.tick.start' as const, runId, checkpointNs, step: seq, seq, checkpointId: `c${seq}`, isReplaying: false });
    /** Starts run r1 on thread t1, streams `trace` (events, or seqs of root ticks), ends it, and answers what the end reads. */
    async function runThenEnd(trace: (number | ReturnType<typeof tick>)[]) {
      let emit: (e: WorkerEvent) => void = () => undefined;
      const { client, take, queue } = scriptedClient();
      const { store } = createAppStore(client, (l) => ((emit = l), () => undefined));
      store.setState({ graphId: 'g', threadId: 't1' });
      const started = store.getState().startRun({}, { newThread: false, stepMode: false });
      (await take('rg/run.start')).resolve(reply('rg/run.start', { runId: 'r1', threadId: 't1' }));
      await started;
      emit({ type: 'rg/run.events', runId: 'r1', threadId: 't1', events: trace.map((e) => ({ kind: 'trace' as const, event: typeof e === 'number' ? tick(e) : e })) });
      emit({ type: 'rg/run.ended', runId: 'r1', threadId: 't1', outcome: 'done', error: null, result: null });
      (await take('rg/threads.list')).resolve(reply('rg/threads.list', { threads: [] }));
      (await take('rg/runs.list')).resolve(reply('rg/runs.list', { runs: [] }));
      (await take('rg/namespaces.list')).resolve(reply('rg/namespaces.list', { root: { ns: '', name: '', children: [], checkpoints: 0 } }));
      (await take('rg/history.page')).resolve(reply('rg/history.page', { page: { items: [], nextBefore: null } }));
      return { store, take, queue };
    }
    const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    const settle = () => new Promise((r) => setTimeout(r, 5));

    it('keeps a whole streamed trace without reading it again', async () => {
      const { store, queue } = await runThenEnd(range(0, 40));
      await settle();
      expect(queue.map((q) => q.type)).toEqual([]);
      expect(store.getState()).toMatchObject({ traceRunId: 'r1', traceNextSeq: null, traceIsNewest: false });
      expect(store.getState().trace.map((e) => e.seq)).toEqual(range(0, 40));
    });

    it('keeps the newest page of a long run as it streamed, and reads the run from its start on demand', async () => {
      const { store, take, queue } = await runThenEnd(range(700, TRACE_PAGE + 10));
      await settle();
      expect(queue.map((q) => q.type)).toEqual([]);
      expect(store.getState()).toMatchObject({ traceIsNewest: true, traceNextSeq: null });
      // As much of it as a first page would hold, the newest events.
      expect(store.getState().trace.map((e) => e.seq)).toEqual(range(710, TRACE_PAGE));
      const reading = store.getState().loadTrace('r1');
      const req = await take('rg/trace.get');
      expect(req.body).toMatchObject({ threadId: 't1', runId: 'r1', limit: TRACE_PAGE });
      expect(req.body.afterSeq).toBeUndefined();
      req.resolve(reply('rg/trace.get', { events: range(0, 3).map((q) => tick(q)), nextSeq: 2 }));
      await reading;
      expect(store.getState()).toMatchObject({ traceIsNewest: false, traceNextSeq: 2 });
      expect(store.getState().trace.map((e) => e.seq)).toEqual([0, 1, 2]);
    });

    it('keeps only the newest page of a whole trace longer than a page', async () => {
      const { store, queue } = await runThenEnd(range(0, TRACE_PAGE + 10));
      await settle();
      expect(queue.map((q) => q.type)).toEqual([]);
      expect(store.getState()).toMatchObject({ traceIsNewest: true, traceNextSeq: null });
      expect(store.getState().trace.map((e) => e.seq)).toEqual(range(10, TRACE_PAGE));
    });

    it('reads a short run again from storage when its first events streamed before the page knew the run', async () => {
      const { store, take } = await runThenEnd(range(3, 20));
      const req = await take('rg/trace.get');
      expect(req.body).toMatchObject({ runId: 'r1' });
      req.resolve(reply('rg/trace.get', { events: range(0, 23).map((q) => tick(q)), nextSeq: null }));
      await settle();
      expect(store.getState().trace.map((e) => e.seq)).toEqual(range(0, 23));
      expect(store.getState().traceIsNewest).toBe(false);
    });

    it('a subgraph\'s first event is not the run\'s: a trace starting there is read again', async () => {
      const { take } = await runThenEnd([tick(0, 'sub-run', 'sub:1'), tick(7)]);
      expect((await take('rg/trace.get')).body).toMatchObject({ runId: 'r1' });
    });
  });

  it('reads the next checkpoint ahead while stepping with the keyboard, and serves it from the cache', async () => {
    const { client, take, queue } = scriptedClient();
    const { store } = createAppStore(client);
    store.setState({ threadId: 't1', history: [summary('a', null, -1), summary('b', 'a', 0), summary('c', 'b', 1)], checkpointId: 'c' });
    store.getState().selectRelative(1);
    const b = await take('rg/checkpoint.get');
    expect(b.body.checkpointId).toBe('b');
    b.resolve(reply('rg/checkpoint.get', { detail: detail(summary('b', 'a', 0)) }));
    const ahead = await take('rg/checkpoint.get');
    expect(ahead.body.checkpointId).toBe('a');
    ahead.resolve(reply('rg/checkpoint.get', { detail: detail(summary('a', null, -1)) }));
    await new Promise((r) => setTimeout(r, 0));
    store.getState().selectRelative(1);
    expect(store.getState().detail?.summary.checkpointId).toBe('a');
    expect(queue).toHaveLength(0);
  });

  it('reads a checkpoint again after a run ended, since the run changes its write dispositions', async () => {
    let emit: (e: WorkerEvent) => void = () => undefined;
    const { client, take } = scriptedClient();
    const { store } = createAppStore(client, (l) => ((emit = l), () => undefined));
    store.setState({ threadId: 't1' });
    void store.getState().selectCheckpoint('x');
    (await take('rg/checkpoint.get')).resolve(reply('rg/checkpoint.get', { detail: detail(summary('x', null, 0)) }));
    await new Promise((r) => setTimeout(r, 0));
    emit({ type: 'rg/run.ended', runId: 'r9', threadId: 't1', outcome: 'done', error: null, result: null });
    void store.getState().selectCheckpoint('y');
    void store.getState().selectCheckpoint('x');
    const asked = [(await take('rg/checkpoint.get')).body.checkpointId, (await take('rg/checkpoint.get')).body.checkpointId];
    expect(asked.sort()).toEqual(['x', 'y']);
  });

  it('a checkpoint read ahead (the pointer rested on its row) is selected without a second read, once it is in', async () => {
    const { client, take, queue } = scriptedClient();
    const { store } = createAppStore(client);
    store.setState({ threadId: 't1', history: [summary('a', null, -1), summary('b', 'a', 0)] });
    store.getState().prefetchCheckpoint('a');
    const ahead = await take('rg/checkpoint.get');
    expect(ahead.body.checkpointId).toBe('a');
    // Clicked while the read is still in flight: it waits for that read instead of asking again,
    // and once the hold is over shows the row selected and loading.
    const selecting = store.getState().selectCheckpoint('a');
    await new Promise((r) => setTimeout(r, HOLD_MS + 5));
    expect(store.getState()).toMatchObject({ checkpointId: 'a', detailLoading: true });
    expect(queue).toHaveLength(0);
    ahead.resolve(reply('rg/checkpoint.get', { detail: detail(summary('a', null, -1)) }));
    await selecting;
    expect(store.getState()).toMatchObject({ checkpointId: 'a', detailLoading: false });
    expect(store.getState().detail?.summary.checkpointId).toBe('a');
    // Read ahead and answered before the click: the click is served from the cache at once.
    store.getState().prefetchCheckpoint('b');
    (await take('rg/checkpoint.get')).resolve(reply('rg/checkpoint.get', { detail: detail(summary('b', 'a', 0)) }));
    await new Promise((r) => setTimeout(r, 0));
    void store.getState().selectCheckpoint('b');
    expect(store.getState().detail?.summary.checkpointId).toBe('b');
    expect(queue).toHaveLength(0);
  });

  it('a read ahead that was in flight when a run ended is not kept: selecting it reads it again', async () => {
    let emit: (e: WorkerEvent) => void = () => undefined;
    const { client, take } = scriptedClient();
    const { store } = createAppStore(client, (l) => ((emit = l), () => undefined));
    store.setState({ threadId: 't1' });
    store.getState().prefetchCheckpoint('x');
    const stale = await take('rg/checkpoint.get');
    emit({ type: 'rg/run.ended', runId: 'r9', threadId: 't1', outcome: 'done', error: null, result: null });
    stale.resolve(reply('rg/checkpoint.get', { detail: detail(summary('x', null, 0)) }));
    await new Promise((r) => setTimeout(r, 0));
    void store.getState().selectCheckpoint('x');
    const again = await take('rg/checkpoint.get');
    expect(again.body.checkpointId).toBe('x');
  });

  it('an answer within the hold is shown with the selection in one update, never as loading; keys pressed meanwhile each move one row', async () => {
    const { client, take } = scriptedClient();
    const { store } = createAppStore(client);
    store.setState({ threadId: 't1', history: [summary('a', null, -1), summary('b', 'a', 0), summary('c', 'b', 1)], checkpointId: 'c' });
    const seen: { checkpointId: string | null; loading: boolean; detail: string | null }[] = [];
    store.subscribe((st) => seen.push({ checkpointId: st.checkpointId, loading: st.detailLoading, detail: st.detail?.summary.checkpointId ?? null }));
    store.getState().selectRelative(1);
    store.getState().selectRelative(1);
    // Two rows down from c, though the first move had not been shown yet.
    const asked = [(await take('rg/checkpoint.get')).body.checkpointId];
    const a = await take('rg/checkpoint.get');
    asked.push(a.body.checkpointId);
    expect(asked).toEqual(['b', 'a']);
    a.resolve(reply('rg/checkpoint.get', { detail: detail(summary('a', null, -1)) }));
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState()).toMatchObject({ checkpointId: 'a', detailLoading: false });
    expect(store.getState().detail?.summary.checkpointId).toBe('a');
    // b was replaced before it was shown, and a arrived within the hold: one update, with its detail.
    expect(seen.filter((x) => x.checkpointId !== 'c')).toEqual([{ checkpointId: 'a', loading: false, detail: 'a' }]);
  });
});
