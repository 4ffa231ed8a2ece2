/**
 * The storage worker as a LangGraph server client, through the page protocol over a real
 * MessageChannel, against a real dev server: saved servers (keys never come back), assistants and
 * threads paged, a server thread read and run with the debugger's own requests, the one-run rule,
 * cancel, slow calls with progress and abort, and refusals that change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientError } from '../../src/client/worker-client';
import { MemorySaver } from '../../src/engine/index';
import type { FromWorker, RunEvent } from '../../src/protocol/messages';
import { parseRemoteKey, remoteGraphId } from '../../src/protocol/remote';
import { createMemoryServerStore, type ServerStore } from '../../src/worker/remote/server-store';
import { createMemoryStore } from '../../src/worker/memory-store';
import { startFaultProxy, type FaultProxy } from '../servers/fault-proxy';
import { connect, type Pair } from '../worker/harness';
import { startSuite, type Suite } from './helpers';

let s: Suite;
let proxy: FaultProxy;
beforeAll(async () => {
  s = await startSuite('worker-host', { graphs: ['review', 'slow'] });
  proxy = await startFaultProxy(s.server.url);
}, 120_000);
afterAll(async () => {
  await proxy?.stop();
  await s?.server.stop();
});

function pair(servers: ServerStore = createMemoryServerStore()): Pair & { servers: ServerStore } {
  const p = connect(createMemoryStore(new MemorySaver()), {}, undefined, undefined, [], { servers, remoteOptions: { slowAfterMs: 100, progressEveryMs: 100 } });
  return { ...p, servers };
}

async function addServer(p: Pair, url = s.server.url, extra: { apiKey?: string; headers?: Record<string, string> } = {}) {
  return (await p.client.request('rg/remote.server.save', { url, ...extra })).server;
}

const code = (err: unknown) => (err instanceof ClientError ? err.data.code : String(err));
const ended = (p: Pair, runId: string) => p.client.waitForRun(runId);
const checkpointsOf = (seen: FromWorker[], runId: string) =>
  seen.flatMap((m) => (m.type === 'rg/run.events' && m.runId === runId ? m.events : [])).filter((e): e is Extract<RunEvent, { kind: 'checkpoint' }> => e.kind === 'checkpoint');

describe('saved servers', () => {
  it('keeps the API key and header values in the worker: the page sees only that they exist', async () => {
    const p = pair();
    const server = await addServer(p, `${s.server.url}/`, { apiKey: ' secret ', headers: { 'X-Team': 'blue' } });
    expect(server).toMatchObject({ url: s.server.url, hasApiKey: true, headerNames: ['X-Team'], name: new URL(s.server.url).host });
    expect(JSON.stringify(p.seen)).not.toContain('secret');
    expect(JSON.stringify(p.seen)).not.toContain('blue');
    expect((await p.servers.get(server.serverId))?.apiKey).toBe('secret');
    // Editing without a key keeps it; null clears it.
    await p.client.request('rg/remote.server.save', { serverId: server.serverId, url: s.server.url, name: 'dev' });
    expect((await p.servers.get(server.serverId))?.apiKey).toBe('secret');
    const cleared = (await p.client.request('rg/remote.server.save', { serverId: server.serverId, url: s.server.url, apiKey: null })).server;
    expect(cleared).toMatchObject({ hasApiKey: false, name: 'dev' });
  });

  it('refuses a bad URL with REMOTE_BAD_CONFIG and keeps nothing', async () => {
    const p = pair();
    await expect(p.client.request('rg/remote.server.save', { url: 'ftp://example.com' })).rejects.toSatisfy((e) => code(e) === 'REMOTE_BAD_CONFIG');
    expect((await p.client.request('rg/remote.servers.list', {})).servers).toEqual([]);
  });

  it('refuses a malformed thread key as a bad request', async () => {
    const p = pair();
    await expect(p.client.request('rg/remote.thread.open', { threadKey: 'remote:nothing' })).rejects.toSatisfy((e) => code(e) === 'BAD_REQUEST');
  });
});

describe('a server thread through the debugger requests', () => {
  it('lists assistants and threads in pages, runs on a new server thread live, reads its history in pages, resumes with an id map', async () => {
    const p = pair();
    const { serverId } = await addServer(p);
    const assistants = (await p.client.request('rg/remote.assistants.list', { serverId, limit: 1, offset: 0 })).page;
    expect(assistants.items).toHaveLength(1);
    expect(assistants.nextOffset).toBe(1);
    const review = s.assistants.review;

    const started = await p.client.request('rg/run.start', { threadId: 'thread-new', graphId: remoteGraphId(serverId, review), input: { text: 'otters' } });
    expect(parseRemoteKey(started.threadId)?.serverId).toBe(serverId);
    const end = await ended(p, started.runId);
    expect(end).toMatchObject({ outcome: 'interrupted', error: null });
    const live = checkpointsOf(p.seen, started.runId);
    expect(live.length).toBeGreaterThanOrEqual(3);

    // History pages of two, newest first, each page one server request.
    const first = (await p.client.request('rg/history.page', { threadId: started.threadId, ns: '', limit: 2 })).page;
    expect(first.items).toHaveLength(2);
    expect(first.nextBefore).toBe(first.items[1].checkpointId);
    const second = (await p.client.request('rg/history.page', { threadId: started.threadId, ns: '', limit: 2, before: first.nextBefore! })).page;
    expect(second.items[0].step).toBeLessThan(first.items[1].step);
    // The streamed checkpoints are the saved ones.
    expect(live.map((e) => e.checkpoint.checkpointId)).toContain(first.items[0].checkpointId);

    const head = (await p.client.request('rg/checkpoint.get', { threadId: started.threadId, ns: '', checkpointId: first.items[0].checkpointId })).detail;
    const task = head.tasks.find((t) => t.name === 'review')!;
    expect(task.interrupts).toHaveLength(1);
    expect(head.remote?.missing.map((m) => m.field)).toContain('pending_writes');
    // The step before the interrupt: `draft`'s write, with no invented disposition.
    const draftStep = (await p.client.request('rg/checkpoint.get', { threadId: started.threadId, ns: '', checkpointId: first.items[1].checkpointId })).detail;
    expect(draftStep.pendingWrites.map((w) => [w.taskName, w.channel, w.disposition.kind])).toEqual([['draft', 'text', 'not-exposed']]);

    const resumed = await p.client.request('rg/run.resume', { threadId: started.threadId, resume: { kind: 'byId', values: { [task.interrupts[0].id]: 'yes' } } });
    expect(await ended(p, resumed.runId)).toMatchObject({ outcome: 'done', result: { published: true } });
    const runs = (await p.client.request('rg/runs.list', { threadId: started.threadId })).runs;
    expect(runs.map((r) => r.runId)).toEqual([started.runId, resumed.runId]);
  });

  it('refuses a second run on a busy thread with REMOTE_THREAD_BUSY; cancel stops the first', async () => {
    const p = pair();
    const { serverId } = await addServer(p);
    const first = await p.client.request('rg/run.start', { threadId: 'new', graphId: remoteGraphId(serverId, s.assistants.slow), input: { rounds: 50, delayMs: 200 } });
    await expect(p.client.request('rg/run.continue', { threadId: first.threadId })).rejects.toSatisfy((e) => code(e) === 'REMOTE_THREAD_BUSY');
    await p.client.request('rg/run.cancel', { runId: first.runId });
    expect(await ended(p, first.runId)).toMatchObject({ outcome: 'cancelled' });
    // Local threads were not touched by any of it.
    expect((await p.client.request('rg/threads.list', {})).threads).toEqual([]);
  });

  it('a missing thread is REMOTE_NOT_FOUND; a stream cut for good says where to read on, and join reads the run to its end', async () => {
    const p = pair();
    const { serverId } = await addServer(p, proxy.url);
    await expect(p.client.request('rg/remote.thread.open', { threadKey: `remote:${serverId}/${crypto.randomUUID()}` }))
      .rejects.toSatisfy((e) => code(e) === 'REMOTE_NOT_FOUND');
    // Every stream (the run's, then each read-on) is cut after its first events.
    proxy.set({ cutStreams: [2, 0, 0, 0, 0, 0] });
    try {
      const run = await p.client.request('rg/run.start', { threadId: 'new', graphId: remoteGraphId(serverId, s.assistants.slow), input: { rounds: 4, delayMs: 150 } });
      const cut = await ended(p, run.runId);
      expect(cut.outcome).toBe('running');
      expect(cut.error?.code).toBe('REMOTE_STREAM_CUT');
      expect(cut.error?.remote?.readOn).toMatchObject({ threadKey: run.threadId, runId: run.runId });
      proxy.set({});
      const again = await p.client.request('rg/remote.run.join', { threadKey: run.threadId, runId: run.runId, lastEventId: cut.error!.remote!.readOn!.lastEventId });
      expect(again.runId).toBe(run.runId);
      const end = await new Promise<FromWorker>((resolve) => {
        const poll = setInterval(() => {
          const last = p.seen.filter((m) => m.type === 'rg/run.ended' && m.runId === run.runId);
          if (last.length === 2) {
            clearInterval(poll);
            resolve(last[1]);
          }
        }, 50);
      });
      expect(end).toMatchObject({ outcome: 'done', result: { ticks: [1, 2, 3, 4] } });
    } finally {
      proxy.set({});
    }
  });

  it('reports a slow call while it waits, and cancels it on abort', async () => {
    const p = pair();
    const { serverId } = await addServer(p, proxy.url);
    proxy.set({ delayMs: 5000 });
    try {
      const check = p.client.request('rg/remote.server.check', { serverId, callId: 'c1' });
      await expect.poll(() => p.seen.some((m) => m.type === 'rg/remote.progress' && m.callId === 'c1'), { timeout: 4000 }).toBe(true);
      await p.client.request('rg/remote.abort', { target: 'c1' });
      await expect(check).rejects.toSatisfy((e) => code(e) === 'REMOTE_ABORTED');
    } finally {
      proxy.set({});
    }
  });
});
